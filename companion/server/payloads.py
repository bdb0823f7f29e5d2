"""Which payload builder serves a table, as the game's adapter says (issue 32).

What it is for: the web app and the hub ask here, never a game's module:
``payloads_for(session)`` is the builder the game's adapter makes
(``companion.adapters``): ``GenericPayloads`` for a game served through its
``Rules`` alone, or a subclass of it for a game with parts of its own.
"""

from __future__ import annotations

from typing import Any, TypeAlias

from companion.server.payload_generic import GenericPayloads
from companion.table_session import TableBase

#: What the app and the hub serve: every game's builder is a ``GenericPayloads``.
AnyPayloads: TypeAlias = GenericPayloads


def payloads_for(session: TableBase) -> AnyPayloads:
    """The payload builder for the game ``session`` plays, as its adapter says
    (``companion.adapters``)."""
    from companion.adapters import adapter_of

    return adapter_of(session).payloads(session)


def catalog_for(payloads: AnyPayloads) -> dict[str, Any]:
    """``/api/catalog``: the game's public component names, as its adapter says."""
    from companion.adapters import adapter_of

    return adapter_of(payloads.session).catalog(payloads)
