"""The ``Rules`` protocol: what a game's rules give the rest of the product.

The split follows OpenSpiel's Game/State: a ``Rules`` object is stateless and
knows one game; states are plain values it creates, inspects and advances
(``apply`` returns a new state and never changes the one given). Actions are
small hashable values with a text notation. Chance (shuffles, draws) is a
decision like any other, made by ``CHANCE``: a real table supplies the outcome
it sees, tests and the demo draw one with ``random_chance``; secret draws in a
real game come from ``secrets.SystemRandom`` (see ``docs/security.md``).

Every method is pure: no camera, socket, file or clock.

Example (any registered game):
    >>> from engine.core.registry import get_rules
    >>> rules = get_rules("amritsar")                  # doctest: +SKIP
    >>> state = rules.new_game(2, seed=7)              # doctest: +SKIP
    >>> state, events = rules.apply(state, rules.legal_actions(state)[0])  # doctest: +SKIP
"""

from __future__ import annotations

import random
from collections.abc import Collection, Hashable, Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol, runtime_checkable

from engine.core.observation import Observation
from engine.core.reasons import Reason
from engine.core.scoring import ScoreSheet


class Event(NamedTuple):
    """Something that happened: for logs, the phone view and reconciliation.

    ``kind`` names it (``"points"``, ``"coins"``...); ``player`` the seat it
    concerns (or -1); ``amount`` a signed quantity; ``what`` and ``where``
    short words (a resource, a place, a source of points).
    """

    kind: str
    player: int = -1
    amount: int = 0
    what: str = ""
    where: str = ""


@dataclass(frozen=True)
class Decision:
    """The pending decision as a caller sees it, for any game.

    ``kind`` is the game's own name for the decision (``"SAIL_BOAT"``);
    ``player`` a seat or one of ``engine.core.seats``. ``secret_for`` is set
    on a chance decision whose outcome only one seat may learn (a dealt
    objective, a card drawn into a hand): that seat, so a caller can ask the
    right phone for the draw before the outcome exists. It equals the seat
    ``Rules.privacy`` gives each of its outcomes; ``None`` for a public draw
    and for every choice a player makes.
    """

    kind: str
    player: int
    prompt_en: str
    prompt_es: str
    is_chance: bool = False
    is_over: bool = False
    secret_for: int | None = None


@dataclass(frozen=True)
class Filter:
    """Prune the legal actions: keep only these kinds and first arguments.

    ``kinds``: the action kinds to keep (the game's own kind values).
    ``first``: the numbers to keep as the action's first number: its first
    argument, the one the notation writes first (the hex, boat, card or site
    it names; ``Action.a`` in Amritsar and Ceylon, ``args[0]`` in Imhotep).
    An action that names no number has none to match: it is dropped when
    ``first`` is given. ``None`` keeps everything on that count.

    Reconciliation uses it to search only the actions a change on the table
    could be (python-chess's move-generator masks do the same).
    """

    kinds: Collection[Any] | None = None
    first: Collection[int] | None = None


class Rules(Protocol):
    """One game's rules. Implementations are registered by ``name``."""

    name: str  # "amritsar", "imhotep": the registry key and ``--game`` value
    title_en: str
    title_es: str
    min_players: int
    max_players: int
    solo: bool  # a solo mode with an automated opponent exists

    # -- a new game ---------------------------------------------------------
    def new_game(
        self, players: int, *, seed: int | None = None, options: Iterable[str] = ()
    ) -> Any:
        """A new game. With a ``seed`` every setup draw is made from it; without
        one the game waits on its first chance decision for the table to supply.
        An unknown option name raises ``ValueError`` naming it."""
        ...

    def option_names(self) -> tuple[str, ...]:
        """House rules and variants this game accepts in ``new_game``."""
        ...

    # -- playing --------------------------------------------------------------
    def decision(self, state: Any) -> Decision: ...

    def legal_actions(self, state: Any, only: Filter | None = None) -> list[Hashable]:
        """Every legal answer to the pending decision; empty once the game is over."""
        ...

    def why_illegal(self, state: Any, action: Hashable) -> Reason | None:
        """The rule an action breaks now, or ``None`` if it is legal."""
        ...

    def apply(self, state: Any, action: Hashable, *, check: bool = True) -> tuple[Any, list[Event]]:
        """The next state and the events. Checked: an illegal action raises
        ``IllegalActionError``. Unchecked: for actions from ``legal_actions``."""
        ...

    def random_chance(self, state: Any, rng: random.Random) -> Hashable:
        """A chance outcome drawn with the table's odds: each legal outcome as
        likely as it would be at the real table (uniform among equally likely
        outcomes; a card weighted by the copies of it left in the deck)."""
        ...

    def privacy(self, state: Any, action: Hashable) -> tuple[int | None, bool]:
        """For the record: (the seat whose secret ``action`` holds or ``None``,
        whether it reveals something new so that undoing it would allow a redraw)."""
        ...

    # -- what players and the table see ---------------------------------------
    def score(self, state: Any) -> list[ScoreSheet]:
        """Itemised sheets per seat, live during play and final at the end."""
        ...

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        """JSON-able state as ``seat`` may know it (``None``: public)."""
        ...

    def observe(self, state: Any) -> Observation:
        """What the camera and sensors can check of ``state``."""
        ...

    # -- text and persistence ---------------------------------------------------
    def format_action(self, action: Hashable) -> str: ...

    def parse_action(self, text: str) -> Hashable:
        """Inverse of ``format_action``; ``ValueError`` naming what is wrong."""
        ...

    def describe_action(self, state: Any, action: Hashable, language: str = "en") -> str:
        """The action in a player's words, in the past tense ("Ana sailed ..."),
        for the history. Answer buttons use ``describe_option`` (below)."""
        ...

    def to_dict(self, state: Any) -> dict[str, Any]: ...

    def from_dict(self, data: Any) -> Any:
        """Inverse of ``to_dict``; ``ValueError`` naming the bad field."""
        ...


@runtime_checkable
class DescribesOptions(Protocol):
    """The optional part of ``Rules``: answer-button texts.

    A game that has it implements ``describe_option``; ``option_text`` falls
    back to ``describe_action`` for one that does not (Amritsar's phones have
    their own pages).
    """

    def describe_option(self, state: Any, action: Hashable, language: str = "en") -> str:
        """``action`` as an answer the deciding player taps: imperative, second
        person, not naming the player ("Take stones from the quarry" / "Obtén
        piedras de la cantera"), distinct from every other legal answer to the
        same decision. A chance outcome the table supplies may stay a noun
        phrase ("The Hammer card" / "La carta Martillo")."""
        ...


@runtime_checkable
class TableWords(Protocol):
    """Optional, read with ``getattr``: what the table's start page offers of a game.

    ``player_colours``: the seat colours in the rulebook's order ("red",
    "blue"...; the start page offers them, a generic fallback else).
    ``option_words``: each house rule's name as players read it, (English,
    Spanish) by ``option_names()`` entry (the bare name else). With these the
    table serves the game with no code of its own (``companion.adapters``).
    ``option_texts``: for a house rule that reads the rulebook another way,
    (what happens without it EN, ES, the rulebook's words that leave the point
    open EN, ES); the start page shows them as Amritsar's options do.
    ``table_options``: the house rules a table starts with ticked, the way the
    companion plays the game at a real table unless the group unticks them
    (Ceylon's ``unknown_hands``: a card drawn is never entered on a phone).
    ``companion_excludes``: house rules a game with a seat the companion plays
    cannot have, each with why, (English, Spanish) (Ceylon's ``unknown_hands``:
    the companion must know its own cards).
    """

    player_colours: tuple[str, ...]
    option_words: dict[str, tuple[str, str]]
    table_options: tuple[str, ...]
    companion_excludes: dict[str, tuple[str, str]]


class EndWords(Protocol):
    """Optional, read with ``getattr``: how the game-over screen words a game's end.

    ``tie_break``: the rulebook's tie-break on the total (``scoring.TieBreak``);
    ``category_words``: a score category's name where its lines are worded per
    item (category key -> (English, Spanish)); ``period``: spans whose rounds count
    from 1 again (``scoring.Period``, Amritsar's decades); ``point_words``: what
    a point is called where not "point(s)", ((one, many) English, (one, many)
    Spanish) (Amritsar's prestige points, "PP"). The companion's
    game-over screen (``companion.server.game_over``) names no game: it reads these.
    """

    tie_break: Any
    category_words: dict[str, tuple[str, str]]
    period: Any
    point_words: tuple[tuple[str, str], tuple[str, str]]


@runtime_checkable
class PartsAnswers(Protocol):
    """Optional, read with ``getattr`` like ``entered_at_table(state)`` (the seat
    that rolls a public die) and ``draw_choices(state)`` (the faces a secret draw
    may name): the taps that reach an answer.

    ``answer_parts`` splits ``action`` into ``engine.core.answers.AnswerParts``:
    menu words ("Move your pawn") and places on the board drawing (``hex:D1``,
    the key its ``data-place`` carries) with what tells apart the answers at a
    place ("slot 2"). ``None`` keeps the answer whole, one button. The phone
    (``companion.server.answer_menu``) folds a decision's answers into screens
    of at most eight buttons and has places tapped on the picture.
    """

    def answer_parts(self, state: Any, action: Hashable) -> Any: ...


@runtime_checkable
class CountsRounds(Protocol):
    """The optional part of ``Rules``: which round a state is in.

    The game-over screen plots each player's score at the start of every round
    (``companion.server.game_over``, read with ``getattr``). A game whose state
    has an int ``round`` needs nothing more; one that counts rounds otherwise
    (Ceylon: a card per player a round) implements ``round_number``.
    """

    def round_number(self, state: Any) -> int:
        """The round ``state`` is in, counted from 1 (0: before the first)."""
        ...


@runtime_checkable
class WritesPositions(Protocol):
    """The optional part of ``Rules``: a position notation (``docs/position-notation.md``).

    A position is the whole table at one moment, the pending decision
    included, as a few lines of text named by the game's rulebook: what
    ``companion position`` prints and reads and ``companion replay --positions``
    shows. ``position_notation(rules)`` gives it (``None`` for a game without
    one), so the companion names no game.
    """

    def write_position(self, state: Any) -> str:
        """``state`` as text: one line per area of the board and one per player."""
        ...

    def read_position(self, text: str) -> Any:
        """The state ``text`` gives, equal to the one written
        (``read_position(write_position(s)) == s``). A text that gives none
        raises ``ValueError`` whose ``problems`` lists every problem, each
        naming its line; a position that cannot arise is refused naming the
        field."""
        ...

    def position_problems(self, text: str, language: str = "en") -> list[str]:
        """Every problem of ``text`` in a player's words (``"es"``: Spanish);
        empty for a sound position."""
        ...


def position_notation(rules: Rules) -> WritesPositions | None:
    """The game's position notation, or ``None`` when it has none."""
    return rules if isinstance(rules, WritesPositions) else None


def option_text(rules: Rules, state: Any, action: Hashable, language: str = "en") -> str:
    """The button text of ``action``: ``describe_option`` when the game has it,
    else ``describe_action``."""
    if isinstance(rules, DescribesOptions):
        return rules.describe_option(state, action, language)
    return rules.describe_action(state, action, language)


class Bot(Protocol):
    """An automated player (a solo opponent, a demo player)."""

    def choose(self, rules: Rules, state: Any, rng: random.Random) -> Hashable: ...
