"""Building mid-turn positions: a turn's stack of decisions rebuilt at a stage.

``at_turn(state, seat, stage)`` is the builder API the tests use; the
notation's ``decision:`` line uses the same (``rebuilt``), and the writer
uses ``decision_stage`` to write that line whenever the stack is exactly a turn's.
"""

from __future__ import annotations

from engine.amritsar.board import District, WorkerColour
from engine.amritsar.state import NONE, GameState

STAGES = ("elephant", "sow", "actions", "phase3")


def at_turn(
    state: GameState,
    seat: int,
    stage: str = "elephant",
    *,
    colour: str | None = None,
    district: str | None = None,
) -> GameState:
    """A copy with ``seat``'s turn pending at ``stage`` of the current round.

    Stages: ``elephant`` (phase 1), ``sow`` (choose the origin section),
    ``actions`` (the active worker's menu: give the worker's ``colour`` and the
    ``district`` it stands in, as letters) and ``phase3``. The decision stack
    is rebuilt as the turn would have it; the rest of the position is kept.
    """
    from engine.amritsar.rules.turn import start_turn

    if stage not in STAGES:
        raise ValueError(f"stage {stage!r}: expected one of {', '.join(STAGES)}")
    if not 0 <= seat < len(state.players):
        raise ValueError(f"seat {seat}: this table has seats 0 to {len(state.players) - 1}")
    new = state.copy()
    new.turn_in_round = (seat - new.starting_player) % new.player_count
    new.pending = ()
    start_turn(new)
    new.pending = new.pending[: len(new.pending) - STAGES.index(stage)]
    if stage in ("actions", "phase3"):
        if colour is None or district is None:
            raise ValueError("say which worker is active and where: colour= and district=")
        new.active_colour = int(WorkerColour.parse(colour))
        new.active_district = int(District.parse(district))
    return new


#: Words of the ``decision:`` line -> ``at_turn`` stages.
STAGE_WORDS = {
    "elephant": "elephant",
    "phase 1": "elephant",
    "sow": "sow",
    "move workers": "sow",
    "actions": "actions",
    "phase3": "phase3",
    "phase 3": "phase3",
}
_TURN_FIELDS = (
    "hand",
    "tile_slot",
    "tile_done",
    "elephant_used",
    "bought",
    "sold",
    "exchange_used",
    "followers",
)


def rebuilt(s: GameState, seat: int, stage: str) -> GameState:
    """``at_turn`` keeping this turn's other fields (trades, tile done...)."""
    colour = district = None
    if stage in ("actions", "phase3"):
        if s.active_colour == NONE or s.active_district == NONE:
            raise ValueError("say which worker is active and where: colour= and district=")
        colour = WorkerColour(s.active_colour).letter
        district = District(s.active_district).letter
    new = at_turn(s, seat, stage, colour=colour, district=district)
    for name in _TURN_FIELDS:
        setattr(new, name, getattr(s, name))
    return new


def decision_stage(s: GameState) -> str | None:
    """The stage ``decision:`` names when the pending stack is exactly a turn's."""
    if s.finished or not 0 <= s.current < len(s.players) or not s.pending:
        return None
    for stage in STAGES:
        try:
            if rebuilt(s, s.current, stage) == s:
                return stage
        except ValueError:
            continue
    return None
