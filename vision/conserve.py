"""Pieces the components allow, applied to every reading, the setup read too (issue 34).

During play the game tells the pipeline what lies where (:mod:`vision.expect`),
and a zone reading other than that with no hand over it is a miss. At setup
and after a restart there is no such expectation: the first frames' reading is
taken as it comes. The kit still bounds it, whatever the game's state:

- a zone holds at most so many pieces: a donation space one counter, a
  Maharajah worker space one worker, a section ``SECTION_CAPACITY`` workers, a
  district, temple or bridge slot one tile (before this the reader kept the
  first of two counters read on one donation space, and reported a section of
  five workers with a problem but as read);
- a marker is printed on so many pieces (``copies`` in ``hardware/markers.csv``:
  one worker W1, sixteen purple counters): reading it more often than that
  means some of those readings are other stickers misread, and which ones is
  not known.

A reading beyond either bound is not reported: the zones concerned read
unknown (their last accepted value held, the phones asked), never a value
the kit cannot make. Unique pieces read twice were already so
(``seen-twice`` in :mod:`vision.read`); this covers the counts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

#: A piece's identity: (kind, component, face) as the plan names it.
Piece = tuple[str, str, str]


def over_bounds(
    held: Mapping[str, Iterable[Piece]],
    capacity: Mapping[str, int],
    copies: Mapping[Piece, int],
    everywhere: Iterable[Piece],
) -> frozenset[str]:
    """Zone keys whose reading the kit cannot make.

    ``held``: zone key -> the pieces read in it; ``capacity``: zone key -> the
    most pieces it holds (zones not named: no bound); ``copies``: piece ->
    how many the kit has (pieces not named: no bound); ``everywhere``: every
    piece read on the board, in a zone or not."""
    total = Counter(everywhere)
    extra = {p for p, n in total.items() if n > copies.get(p, n)}
    out: set[str] = set()
    for key, pieces in held.items():
        here = list(pieces)
        if len(here) > capacity.get(key, len(here)) or extra.intersection(here):
            out.add(key)
    return frozenset(out)
