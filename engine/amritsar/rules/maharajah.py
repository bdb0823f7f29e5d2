"""The solo Maharajah plays his own turns (rulebook: Solo Mode).

He never asks a person to decide: his pending decision (``MAHARAJAH_TURN``)
has exactly one legal action, ``Action(Act.MAHARAJAH)``, whose apply carries
out his whole turn by his rules and returns, inside a ``"maharajah_turn"``
event, the turn as a trace, physical instructions and structured data
(``engine.amritsar.maharajah_report``).

His turn, in order:

1. He tries to donate, trying districts by the active temple tile's majority
   PP (4, 3, 2, 1); his elephant moves there free and without penalty; he
   takes the free space worth most immediate PP to him, leftmost on a tie.
   If he can donate nowhere he stays and takes his next donation counter.
2. Two actions, one for the colour of the active worker of the human's last
   turn and one for the worker beside the Maharajah token, performed top to
   bottom on his board (the same one twice if both match): yellow (a counter,
   a marble, then the market returns one resource of the type he got to the
   reserve), blue (2 resources by decade), white (a step on his white track
   with its benefit) and green (donate in his objective's district, else by
   the temple order, else take a counter).

Resources only move between his quarry and his storehouse; a type missing
from the quarry is replaced by the next one present (top to bottom, left to
right: the catalog's quarry order); with the quarry empty he scores 1 PP per
resource he cannot get. Counters only move from his board (top-left first) to
his elephant; emptying a row gives its benefit at once; with none left he
scores 1 PP per counter he should get. The end of round (the token moves,
the human may follow), his majorities and his paying no tax are in
``engine.amritsar.rules.turn`` and ``engine.amritsar.rules.decade``; his end-of-game scoring
(objective, twice in the hard variant, and his white track's end space) is
registered here in ``engine.amritsar.rules.scoring.MAHARAJAH_FINAL``.

Cases the rulebook leaves open, decided here (also noted in
``engine/amritsar/data/maharajah.toml``):

- *Most immediate points*: the space's PP plus 1 PP for each of his own
  counters on the two spaces below it, since the text says "the space that
  earns him the most immediate points" and a donation on his own counters
  earns him those too. *Leftmost* compares the spaces' horizontal positions
  on the pyramid (space ``i`` of level ``L`` sits at ``i + (L - 1) / 2``);
  at an equal position the lower level wins (he keeps his dearer resources).
- *Temple ties* (only possible with an owner's override of the temple
  tiles): districts worth the same PP are tried clockwise from North.
- *His storehouse is full*: it never is. No resource leaves or enters his
  board, and the rulebook's own rule for an empty quarry (1 PP per resource
  he cannot get) needs every resource of his quarry to fit in his
  storehouse, so resources beyond its printed coin spaces stack on it. The
  catalog's storehouse ``capacity`` counts those printed coins, for the end
  scoring of visible coins (never below 0). A yellow action that got no
  resource (empty quarry) returns nothing from the market: there is no
  "type just obtained".
- *Resources he pays* go back to the first empty quarry space printed with
  their type, and he takes a type from its first full space, so the quarry
  empties from its top left as the rulebook reads it.
- *His elephant has no 6-counter limit*: his section says his counters
  "always go from his board to his elephant", and he has no market space for
  an overflow.
- *Green, objective district*: when the donation there is impossible he
  tries the temple order (that district is not tried twice); when his
  objective names no district (an override giving the solo star to another
  type C objective) he goes straight to the temple order.
- *White track, last two spaces*: the first arrival on each gives its printed
  benefit; after that every move between them gives exactly 1 PP (rulebook).
- *Order of his actions*: "top to bottom" follows the catalog's
  ``[actions] order`` (the rulebook lists yellow, blue, white, green).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from engine.amritsar.actions import Act, Action
from engine.amritsar.board import MAHARAJAH_SPACE_NAMES, District, Resource
from engine.amritsar.catalog import EndScoring
from engine.amritsar.decisions import Pending
from engine.amritsar.describe import describe_objective
from engine.amritsar.effects import Effect, Op
from engine.amritsar.maharajah_report import MaharajahTurn, TurnBuilder
from engine.amritsar.maharajah_texts import (
    Word,
    colour_word,
    district_word,
    resource_word,
    resources_word,
    space_word,
    storehouse_word,
)
from engine.amritsar.reasons import Reason
from engine.amritsar.rules.core import (
    Event,
    Events,
    applies,
    check,
    decision,
    gain_pp,
    pop,
)
from engine.amritsar.rules.donation import (
    donation_reason,
    open_spaces,
    place_donation,
    space_index,
    tile_for,
)
from engine.amritsar.rules.scoring import MAHARAJAH_FINAL, MAHARAJAH_PROVISIONAL, objective_value
from engine.amritsar.state import MAHARAJAH_SEAT, NONE, Frame, GameState, MaharajahState

#: PP for each move between the last two spaces of his white track (rulebook).
BOUNCE_PP = 1

_SEAT = MAHARAJAH_SEAT


def _him(s: GameState) -> MaharajahState:
    if s.maharajah is None:
        raise ValueError("this is not a solo game: there is no Maharajah")
    return s.maharajah


# --------------------------------------------------------------------------
# Reading his position


def temple_order(s: GameState) -> list[int]:
    """Districts by the active temple tile's majority PP, highest first."""
    temple = s.catalog.temple_tiles[s.temple[s.decade - 1]]
    return sorted(District, key=lambda d: (-temple.pp[d], d))


def counters_taken(s: GameState) -> int:
    """Counters gone from his board so far (the hard variant starts at 1)."""
    return sum(s.catalog.maharajah.counter_rows) - _him(s).board_counters


def board_position(s: GameState, taken: int) -> tuple[int, int]:
    """(row, space) of the ``taken``-th counter on his board, both from 1."""
    for row, size in enumerate(s.catalog.maharajah.counter_rows, start=1):
        if taken < size:
            return row, taken + 1
        taken -= size
    raise ValueError("his board has no such space")


def best_space(s: GameState, district: int) -> tuple[int, int, int, int] | None:
    """His choice in a district: (level, index, points, tied spaces), or None.

    Points are the space's PP plus 1 for each of his counters on the two
    spaces below; ties go to the leftmost space, then the lower level.
    """
    m = _him(s)
    tile = tile_for(s, district)
    owners = s.donations[district]
    options: list[tuple[int, int, int, int, int]] = []  # -points, position, level, index, points
    for level, index in open_spaces(s, district):
        reason = donation_reason(
            s, _SEAT, district, level, index, counters=m.on_elephant, resources=m.storehouse
        )
        if reason is not None:
            continue
        points = tile.levels[level - 1].pp[index]
        if level > 1:
            below = space_index(tile, level - 1, index)
            points += sum(1 for o in (owners[below], owners[below + 1]) if o == _SEAT)
        options.append((-points, 2 * index + level - 1, level, index, points))
    if not options:
        return None
    best = min(options)
    tied = sum(1 for option in options if option[0] == best[0])
    return best[2], best[3], best[4], tied


def _refusal(s: GameState, district: int) -> tuple[str, dict[str, Any]]:
    """Why he cannot donate in a district (his elephant carries a counter)."""
    m = _him(s)
    tile = tile_for(s, district)
    needs: dict[int, tuple[int, int, int]] = {}
    for level, index in open_spaces(s, district):
        reason = donation_reason(
            s, _SEAT, district, level, index, counters=1, resources=(99, 99, 99)
        )
        if reason is None:
            needs[level] = tile.levels[level - 1].cost
    if not needs:
        return "district_full", {}
    return "district_cost", {
        "needs": Word(
            ", ".join(
                f"level {level} needs {resources_word(cost).en}" for level, cost in needs.items()
            ),
            ", ".join(
                f"el nivel {level} necesita {resources_word(cost).es}"
                for level, cost in needs.items()
            ),
        ),
        "have": storehouse_word(m.storehouse),
    }


# --------------------------------------------------------------------------
# Counters and resources


def take_counter(s: GameState, b: TurnBuilder) -> None:
    """His next counter (top left first) to his elephant; a finished row pays."""
    m = _him(s)
    if m.board_counters <= 0:
        b.trace("no_counter_left", taken=False)
        gain_pp(s, _SEAT, 1, ("maharajah_no_counter", "board empty"), b.events)
        b.flush_pp()
        return
    row, space = board_position(s, counters_taken(s))
    m.board_counters -= 1
    m.on_elephant += 1
    b.trace("counter_taken", row=row, col=space)
    b.instruct(
        "counter",
        "counter",
        {"row": row, "col": space, "district": district_word(m.elephant)},
        component="donation_counter",
        source=f"his_board:{row}.{space}",
        target="his_elephant",
        main_board=True,
        district=m.elephant,
        row=row,
        space=space,
    )
    b.events.append(Event("maharajah_counter", _SEAT, 1, f"board {row}.{space}", "elephant"))
    if space == s.catalog.maharajah.counter_rows[row - 1]:
        benefit = s.catalog.maharajah.row_benefits[row - 1]
        b.trace("row_done", row=row, benefit=benefit_word(benefit))
        run_benefit(s, b, benefit, ("maharajah_row", f"row {row}"))


def take_resource(s: GameState, b: TurnBuilder, wanted: int) -> int:
    """One resource from his quarry to his storehouse; returns its type or -1.

    ``wanted`` is a resource, or ``NONE`` for the next available one. A type
    missing from the quarry is replaced by the next one present; with the
    quarry empty he scores 1 PP instead.
    """
    m = _him(s)
    want = resource_word(wanted) if wanted != NONE else Word("resource", "recurso")
    present = [i for i, r in enumerate(m.quarry) if r != NONE]
    if not present:
        b.trace("quarry_empty", taken=False, wanted=want)
        gain_pp(s, _SEAT, 1, ("maharajah_quarry", "quarry empty"), b.events)
        b.flush_pp()
        return NONE
    space = next((i for i in present if m.quarry[i] == wanted), present[0])
    got = m.quarry[space]
    if wanted != NONE and got != wanted:
        b.trace("resource_substituted", wanted=want, resource=resource_word(got))
    else:
        b.trace("resource_taken", resource=resource_word(got))
    _move_resource(s, b, got, space, to_storehouse=True)
    return got


def return_resource(s: GameState, b: TurnBuilder, resource: int) -> None:
    """A resource he pays goes from his storehouse back to his quarry."""
    m = _him(s)
    printed = s.catalog.maharajah.quarry
    empty = [i for i, r in enumerate(m.quarry) if r == NONE]
    space = next((i for i in empty if printed[i] == resource), empty[0] if empty else NONE)
    if space == NONE:  # pragma: no cover - resources are conserved (status checks it)
        raise AssertionError("his quarry has no space for a resource he paid")
    _move_resource(s, b, resource, space, to_storehouse=False)


def _move_resource(
    s: GameState, b: TurnBuilder, resource: int, space: int, *, to_storehouse: bool
) -> None:
    """Move one resource between quarry space ``space`` and his storehouse."""
    m = _him(s)
    quarry = list(m.quarry)
    quarry[space] = NONE if to_storehouse else resource
    m.quarry = tuple(quarry)
    m.storehouse = _added(m.storehouse, resource, 1 if to_storehouse else -1)
    ends = ("his_quarry", "his_storehouse") if to_storehouse else ("his_storehouse", "his_quarry")
    name = Resource(resource).name.lower()
    b.instruct(
        "take" if to_storehouse else "pay",
        "take" if to_storehouse else "pay",
        {"resource": resource_word(resource)},
        component=name,
        source=ends[0],
        target=ends[1],
        main_board=False,
        resource=resource,
    )
    b.events.append(
        Event("maharajah_resource", _SEAT, 1 if to_storehouse else -1, name, ">".join(ends))
    )


def _added(counts: tuple[int, int, int], resource: int, amount: int) -> tuple[int, int, int]:
    values = list(counts)
    values[resource] += amount
    return (values[0], values[1], values[2])


def benefit_word(effect: Effect) -> Word:
    """A row or white-track benefit in both languages."""
    en: list[str] = []
    es: list[str] = []
    for step in effect:
        if step.op is Op.PP:
            en.append(f"{step.n} PP")
            es.append(f"{step.n} PP")
        elif step.op is Op.RESOURCE:
            word = resource_word(step.arg, step.n)
            en.append(f"{step.n} {word.en}")
            es.append(f"{step.n} {word.es}")
        elif step.op is Op.COUNTER:
            plural = step.n != 1
            en.append(f"{step.n} donation counter" + ("s" if plural else ""))
            es.append(f"{step.n} contador" + ("es" if plural else "") + " de donación")
        elif step.op is Op.ANY:
            plural = step.n != 1
            en.append(f"{step.n} resource" + ("s" if plural else "") + " from his quarry")
            es.append(f"{step.n} recurso" + ("s" if plural else "") + " de su cantera")
        else:
            en.append(str(step))
            es.append(str(step))
    if not en:
        return Word("nothing", "nada")
    return Word(" and ".join(en), " y ".join(es))


def run_benefit(s: GameState, b: TurnBuilder, effect: Effect, src: tuple[str, str]) -> None:
    """Carry out a row or white-track benefit: PP, resources, counters."""
    for step in effect:
        if step.op is Op.PP:
            gain_pp(s, _SEAT, step.n, src, b.events)
            b.flush_pp()
        elif step.op is Op.RESOURCE:
            for _ in range(step.n):
                take_resource(s, b, step.arg)
        elif step.op is Op.ANY:
            for _ in range(step.n):
                take_resource(s, b, NONE)
        elif step.op is Op.COUNTER:
            for _ in range(step.n):
                take_counter(s, b)
        else:
            b.trace("benefit_ignored", taken=False, benefit=benefit_word((step,)))


# --------------------------------------------------------------------------
# Donations


def try_donate(s: GameState, b: TurnBuilder, districts: Iterable[int], tried: set[int]) -> bool:
    """Donate in the first of ``districts`` where he can; trace each one tried."""
    if _him(s).on_elephant <= 0:
        return False
    temple = s.catalog.temple_tiles[s.temple[s.decade - 1]]
    for district in districts:
        values: dict[str, Any] = {"district": district_word(district), "pp": temple.pp[district]}
        if district in tried:
            b.trace("district_tried", taken=False, **values)
            continue
        tried.add(district)
        choice = best_space(s, district)
        if choice is None:
            code, why = _refusal(s, district)
            b.trace(code, taken=False, **values, **why)
            continue
        level, index, points, tied = choice
        tie = Word("", "")
        if tied > 1:
            tie = Word(
                f"; the leftmost of {tied} spaces worth as much",
                f"; la de más a la izquierda de {tied} casillas que valen lo mismo",
            )
        b.trace("donated", **values, level=level, space=index + 1, points=points, tie=tie)
        _donate(s, b, district, level, index)
        return True
    return False


def _donate(s: GameState, b: TurnBuilder, district: int, level: int, index: int) -> None:
    m = _him(s)
    if m.elephant != district:
        origin = m.elephant
        m.elephant = district
        b.instruct(
            "elephant",
            "elephant",
            {"source": district_word(origin), "district": district_word(district)},
            component="elephant",
            source=f"district:{District(origin).letter}",
            target=f"district:{District(district).letter}",
            main_board=True,
            district=district,
        )
        b.events.append(
            Event("elephant", _SEAT, 0, District(origin).letter, District(district).letter)
        )
    cost = tile_for(s, district).levels[level - 1].cost
    for resource, amount in enumerate(cost):
        for _ in range(amount):
            return_resource(s, b, resource)
    m.on_elephant -= 1
    letter = District(district).letter
    b.instruct(
        "donation",
        "donation",
        {"district": district_word(district), "level": level, "space": index + 1},
        component="donation_counter",
        source="his_elephant",
        target=f"donation:{letter}:{level}.{index + 1}",
        main_board=True,
        district=district,
        level=level,
        space=index + 1,
    )
    place_donation(s, _SEAT, district, level, index, ("donation", ""), b.events)
    b.flush_pp()


def _donation_step(s: GameState, b: TurnBuilder) -> None:
    """Step 1: donate by the temple order, else stay and take a counter."""
    temple = s.catalog.temple_tiles[s.temple[s.decade - 1]]
    order = temple_order(s)
    b.trace(
        "donation_order",
        order=Word(
            ", ".join(f"{District(d).title} ({temple.pp[d]})" for d in order),
            ", ".join(f"{district_word(d).es} ({temple.pp[d]})" for d in order),
        ),
    )
    if _him(s).on_elephant <= 0:
        b.trace("no_counter_on_elephant", taken=False)
    elif try_donate(s, b, order, set()):
        return
    else:
        b.trace("no_district", taken=False, district=district_word(_him(s).elephant))
    take_counter(s, b)


# --------------------------------------------------------------------------
# His four actions


def _yellow(s: GameState, b: TurnBuilder, n: int) -> None:
    b.trace("action_yellow", n=n)
    take_counter(s, b)
    got = take_resource(s, b, Resource.MARBLE)
    if got == NONE:
        b.trace("market_nothing_got", taken=False)
        return
    row = s.market[got]
    if row <= 0:
        b.trace("market_has_none", taken=False, resource=resource_word(got))
        return
    s.market = _added(s.market, got, -1)
    b.trace("market_returned", resource=resource_word(got), row=row)
    name = Resource(got).name.lower()
    b.instruct(
        "market_return",
        "market_return",
        {"resource": resource_word(got), "row": row},
        component=name,
        seat=-1,
        source=f"market:{name}:{row}",
        target="reserve",
        main_board=True,
        resource=got,
        row=row,
    )
    b.events.append(Event("market_return", -1, 1, name, str(row)))


def _blue(s: GameState, b: TurnBuilder, n: int) -> None:
    wanted = s.catalog.maharajah.blue_by_decade[s.decade - 1]
    counts = [0, 0, 0]
    for resource in wanted:
        counts[resource] += 1
    b.trace("action_blue", n=n, decade=s.decade, resources=resources_word(counts))
    for resource in wanted:
        take_resource(s, b, resource)


def _white(s: GameState, b: TurnBuilder, n: int) -> None:
    m = _him(s)
    b.trace("action_white", n=n)
    steps = s.catalog.maharajah.white_steps
    last = len(steps)
    start = m.white
    between_last_two = start == last or (start == last - 1 and m.white_bounces > 0)
    m.white = last - 1 if start == last else start + 1
    b.instruct(
        "white_track",
        "white_track",
        {"source": start + 1, "target": m.white + 1},
        component="knowledge_counter",
        source=f"his_white_track:{start + 1}",
        target=f"his_white_track:{m.white + 1}",
        main_board=False,
        space=m.white + 1,
    )
    if between_last_two:
        m.white_bounces += 1
        b.trace("white_bounce", to=m.white + 1)
        gain_pp(s, _SEAT, BOUNCE_PP, ("maharajah_white", f"space {m.white + 1}"), b.events)
        b.flush_pp()
        return
    benefit = steps[m.white - 1]
    b.trace("white_step", to=m.white + 1, benefit=benefit_word(benefit))
    run_benefit(s, b, benefit, ("maharajah_white", f"space {m.white + 1}"))


def _green(s: GameState, b: TurnBuilder, n: int) -> None:
    m = _him(s)
    b.trace("action_green", n=n)
    if m.on_elephant <= 0:
        b.trace("no_counter_on_elephant", taken=False)
        take_counter(s, b)
        return
    tried: set[int] = set()
    objective = s.catalog.objectives[m.objective] if m.objective != NONE else None
    name = (
        Word(describe_objective(objective, "en"), describe_objective(objective, "es"))
        if objective is not None
        else Word("-", "-")
    )
    if objective is not None and objective.district is not None:
        b.trace("objective_district", objective=name, district=district_word(objective.district))
        if try_donate(s, b, [objective.district], tried):
            return
    else:
        b.trace("objective_no_district", objective=name)
    if try_donate(s, b, temple_order(s), tried):
        return
    b.trace("no_district", taken=False, district=district_word(m.elephant))
    take_counter(s, b)


ACTIONS: dict[int, Callable[[GameState, TurnBuilder, int], None]] = {
    0: _yellow,
    1: _blue,
    2: _white,
    3: _green,
}


# --------------------------------------------------------------------------
# His turn


def play_turn(s: GameState, events: Events) -> MaharajahTurn:
    """Carry out his whole turn on ``s`` (a copy the caller owns)."""
    b = TurnBuilder(s, events)
    _donation_step(s, b)
    b.flush_pp()
    last = s.last_active_colour
    beside = s.maharajah_workers[s.maharajah_space]
    top_to_bottom = [int(c) for c in s.catalog.maharajah.action_order]
    colours = [c for c in (last, beside) if c != NONE]
    order = sorted(colours, key=top_to_bottom.index)
    b.phase = "actions"
    words = [colour_word(c) for c in order]
    order_word = Word(", ".join(w.en for w in words), ", ".join(w.es for w in words))
    if last == NONE:
        b.trace("actions_one", colour=colour_word(beside))
    else:
        b.trace("actions", first=colour_word(last), second=colour_word(beside), order=order_word)
    if len(order) == 2 and order[0] == order[1]:
        b.instruct(
            "mark_actions",
            "mark_same",
            {"colour": colour_word(order[0])},
            component="knowledge_counter",
            source="his_board",
            target="his_actions",
            main_board=False,
            amount=2,
        )
    elif len(order) == 2:
        b.instruct(
            "mark_actions",
            "mark_two",
            {"first": colour_word(order[0]), "second": colour_word(order[1])},
            component="knowledge_counter",
            source="his_board",
            target="his_actions",
            main_board=False,
            amount=2,
        )
    b.phase = "action"
    for n, colour in enumerate(order, start=1):
        b.colour = colour
        ACTIONS[colour](s, b, n)
        b.flush_pp()
    b.phase = "end_of_round"
    b.colour = NONE
    _token_instruction(s, b)
    return b.finish(last, beside, tuple(order))


def _token_instruction(s: GameState, b: TurnBuilder) -> None:
    """He is the last player of the round: the token moves after his turn."""
    here = s.maharajah_space
    there = (here + 1) % 4
    b.instruct(
        "token",
        "token",
        {"target": space_word(there), "colour": colour_word(s.maharajah_workers[there])},
        component="maharajah_token",
        seat=-1,
        source=f"maharajah_space:{MAHARAJAH_SPACE_NAMES[here]}",
        target=f"maharajah_space:{MAHARAJAH_SPACE_NAMES[there]}",
        main_board=True,
    )
    if there == s.catalog.rules.maharajah_start_space:
        b.trace("decade_ends", decade=s.decade)


@decision(Pending.MAHARAJAH_TURN, [Act.MAHARAJAH])
def _maharajah_candidates(s: GameState, top: Frame) -> Iterable[Action]:
    return (Action(Act.MAHARAJAH),)


@check(Act.MAHARAJAH)
def _check_maharajah(s: GameState, top: Frame, action: Action) -> Reason | None:
    return None if action == Action(Act.MAHARAJAH) else Reason("choice_out_of_range")


@applies(Act.MAHARAJAH)
def _apply_maharajah(s: GameState, top: Frame, action: Action, events: Events) -> None:
    pop(s)
    turn = play_turn(s, events)
    events.append(
        Event(
            "maharajah_turn", _SEAT, turn.pp_gained, turn.to_json(), f"{turn.decade}.{turn.round}"
        )
    )


# --------------------------------------------------------------------------
# End of game


def end_items(s: GameState) -> list[tuple[str, str, int]]:
    """His end-of-game lines (category, component, PP) in this position.

    His objective (twice in the hard variant) and, on one of the last two
    spaces of his white track, 1 PP per resource in his storehouse or per
    visible printed coin (a printed coin space without a resource on it).
    """
    m = _him(s)
    board = s.catalog.maharajah
    items: list[tuple[str, str, int]] = []
    if m.objective != NONE:
        objective = s.catalog.objectives[m.objective]
        value = objective_value(s, _SEAT, objective)
        for _ in range(board.hard_objective_times if s.hard else 1):
            items.append(("objective", objective.id, value))
    end = board.white_end[m.white - 1] if m.white > 0 else None
    if end is EndScoring.PER_RESOURCE:
        items.append(("maharajah_end", f"space {m.white + 1}: resources", sum(m.storehouse)))
    elif end is EndScoring.PER_COIN:
        visible = max(0, board.storehouse_capacity - sum(m.storehouse))
        items.append(("maharajah_end", f"space {m.white + 1}: visible coins", visible))
    elif end is EndScoring.PER_COUNTER:
        items.append(("maharajah_end", f"space {m.white + 1}: counters", m.on_elephant))
    return items


def _final_scoring(s: GameState, events: Events) -> None:
    if s.maharajah is None:
        return
    for category, component, amount in end_items(s):
        gain_pp(s, _SEAT, amount, (category, component), events)


MAHARAJAH_FINAL.append(_final_scoring)
MAHARAJAH_PROVISIONAL.append(end_items)
