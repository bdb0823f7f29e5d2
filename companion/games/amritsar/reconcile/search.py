"""Inference: which engine actions explain what the table now shows?

From the last agreed state, search the engine's decision tree for action
sequences whose observation matches what was seen. The search is best-first
on ``seen.distance``: an action that moves the engine away from the table is
never taken, and at most a few steps in a row may leave the distance
unchanged (the elephant staying, a tile action with no trace on the board).
At each decision only relevant actions are tried: those that can change a
field still out of place (``may_change``), plus the few that merely move the
turn on (leaving the elephant where it is). Choices that leave no trace on the
main board are never guessed: when the search reaches one that the remaining
differences do not depend on, it stops there and that decision becomes a
prompt on the deciding player's phone. Closing the market is such a choice
while a market column is unseen (a trade there would look the same): the
market is never closed on a guess (``_closed_unseen``), whichever way the
search got there. A table that shows the turn over (the round's end) and
nothing more explains no choice inside the turn: "done" and any action that
leaves no trace and uses the last action look the same (``_turn_over``).

Outcomes (``Inference.kind``):
    ``agree``   the table already matches the engine;
    ``apply``   exactly one explanation (or several that differ only in an
                order the trades show made no difference, ``order``): apply it;
    ``ask``     explanations differ only in a choice the table cannot show, or
                the remaining changes lie beyond such a choice: apply the
                common prefix, then ask the decider, offering ``options``;
    ``wait``    explanations differ in parts of the table not seen right now,
                or in an order the market action still open may yet show;
    ``none``    nothing legal explains the table: an illegal move (see
                ``diagnose``) or a table behind the engine. Before it, a
                decision whose trace falls where the table is unseen right
                now (a worker sown into a section a hand or the resolution
                floor hides) is asked of its decider with the answers that
                fit: what it changes cannot be seen, so nothing says the
                rest is illegal.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field

from companion.games.amritsar.reconcile.closing import closed
from companion.games.amritsar.reconcile.order import settle_order
from companion.games.amritsar.reconcile.seen import Seen, distance, mismatches
from engine.amritsar import (
    HIDDEN_DECISIONS,
    NONE,
    Act,
    Action,
    Effect,
    GameState,
    Op,
    Pending,
    apply,
    legal_actions,
    observe,
)

# Fields each effect operation can change on the main board.
_OP_FIELDS: dict[Op, frozenset[str]] = {
    Op.MARKET: frozenset({"market", "market_spaces"}),
    Op.DONATE: frozenset({"donations"}),
    Op.UPGRADE: frozenset({"revealed_storehouses", "market_spaces"}),
    Op.COUNTER: frozenset({"market_spaces"}),
    Op.TRACK: frozenset({"market_spaces", "revealed_storehouses", "elephants"}),
    Op.TWO_STEPS: frozenset({"market_spaces", "revealed_storehouses", "elephants"}),
    Op.UNLOCK_MOVEMENT: frozenset({"elephants"}),
}
_SOWING = frozenset({"sections", "section_coins"})
#: What the end of a round or decade changes on the board: it may follow any
#: turn's end, whatever was chosen in the turn.
ROUND_END_FIELDS = frozenset({"maharajah_space", "temple_active", "bridge_face_up"})
#: Fields an effect (a tile or mahout action, a knowledge benefit) can change.
EFFECT_FIELDS = frozenset().union(*_OP_FIELDS.values())


#: Idle steps in a row the search also allows when the table is partly unseen
#: and nothing was found with the usual few (a table seen in part: a whole
#: sowing under the resolution floor, then one worker seen in E1, was an
#: alert).
BLIND_IDLE = 6


def effect_fields(state: GameState, seat: int, effect: Effect) -> frozenset[str]:
    """Main-board fields an effect could change (an over-approximation)."""
    result: set[str] = set()
    for step in effect:
        if step.op is Op.CHOICE:
            for alt in step.alts:
                result |= effect_fields(state, seat, alt)
        elif step.op is Op.MAHOUT:
            tiles = state.catalog.mahout_tiles
            for index in state.players[seat].mahouts:
                if index >= 0 and tiles[index].action != effect:
                    result |= effect_fields(state, seat, tiles[index].action)
        else:
            result |= _OP_FIELDS.get(step.op, frozenset())
    return frozenset(result)


def may_change(state: GameState, action: Action) -> frozenset[str]:
    """Main-board fields this action (and what it starts) could change."""
    kind = action.kind
    top = state.pending[-1]
    seat = top.player
    catalog = state.catalog
    if kind in (Act.SOW, Act.PLACE, Act.SKIP):
        return _SOWING
    if kind is Act.ELEPHANT:
        return frozenset({"elephants"})
    if kind in (Act.BUY, Act.SELL):
        return frozenset({"market"})
    if kind is Act.MARKET_DONE:
        return frozenset({"market_spaces"})
    if kind is Act.DONATE:
        return frozenset({"donations"})
    if kind is Act.UPGRADE_STOREHOUSE:
        return frozenset({"revealed_storehouses", "market_spaces"})
    if kind in (Act.UPGRADE_OBJECTIVE, Act.UPGRADE_MAHOUT):
        return frozenset({"market_spaces"})
    if kind in (Act.TRACK, Act.TWO_STEPS):
        return _OP_FIELDS[Op.TRACK]
    if kind in (Act.MAIN, Act.SECONDARY, Act.ELEPHANT_MAIN):
        tile = catalog.district_tiles[state.district_tiles[state.active_district][action.a]]
        return effect_fields(state, seat, tile.secondary if kind is Act.SECONDARY else tile.main)
    if kind in (Act.ELEPHANT_MAHOUT, Act.MAHOUT):
        tile_index = state.players[seat].mahouts[action.a]
        return effect_fields(state, seat, catalog.mahout_tiles[tile_index].action)
    if kind is Act.FOLLOW:
        tile_index = state.players[seat].mahouts[top.a]
        return effect_fields(state, seat, catalog.mahout_tiles[tile_index].action)
    if kind is Act.ALTERNATIVE:
        return effect_fields(state, seat, top.steps[0].alts[action.a])
    if kind is Act.END_ACTIONS:
        # Ending the actions leads on to phase 3 once the movement token is unlocked.
        unlocked = 0 <= seat < len(state.players) and state.players[seat].movement != 0
        return frozenset({"elephants"}) if unlocked else frozenset()
    return frozenset()


def _relevant(state: GameState, action: Action, out_of_place: frozenset[str], seen: Seen) -> bool:
    kind = action.kind
    if kind is Act.STAY:
        return True  # moves the turn on to sowing
    if kind is Act.MARKET_DONE:
        return "market" not in out_of_place  # close the market once its columns agree
    if kind in (Act.BUY, Act.SELL):
        # Only trades the market column shows; a trade with the reserve leaves no
        # trace on the board, so it is never guessed: the phone says it.
        column = seen.market[action.a] if seen.market is not None else None
        if column is None:
            # The column unseen (glare, a hand): tried only when the market
            # spaces, where closing the market takes a counter per trade, are
            # out of place; explanations that differ in the good traded then
            # wait or ask, never a guess.
            return "market_spaces" in out_of_place
        now = state.market[action.a]
        return column < now if kind is Act.BUY else column > now
    if kind is Act.DONATE and seen.donations is not None:
        seat = state.pending[-1].player
        district = state.players[seat].elephant
        row = seen.donations[district]
        if row is not None:
            from engine.amritsar import donation_space, donation_tile

            index = donation_space(donation_tile(state, district), action.a, action.b)
            return row[index] in (seat, None)
    if kind is Act.UPGRADE_STOREHOUSE and seen.revealed_storehouses is not None:
        return action.a not in seen.revealed_storehouses
    if kind is Act.ELEPHANT and seen.elephants is not None:
        target = seen.elephants[state.pending[-1].player]
        return target is None or target == action.a
    return bool(may_change(state, action) & out_of_place)


@dataclass(frozen=True)
class Explanation:
    actions: tuple[Action, ...]
    state: GameState


@dataclass(frozen=True)
class Inference:
    kind: str  # agree, apply, ask, wait, none
    actions: tuple[Action, ...] = ()  # to apply now
    options: tuple[Action, ...] = ()  # to offer the decider (ask)
    decider: int = NONE
    explanations: tuple[Explanation, ...] = ()
    nodes: int = 0
    remaining: int = 0  # distance left after ``actions`` (ask at a hidden stop)
    candidates: tuple[tuple[Action, ...], ...] = field(default=())


def _common_prefix(paths: list[tuple[Action, ...]]) -> tuple[Action, ...]:
    prefix: list[Action] = []
    for column in zip(*paths, strict=False):
        if all(a == column[0] for a in column):
            prefix.append(column[0])
        else:
            break
    return tuple(prefix)


def _partly_unseen(value: object) -> bool:
    """Whether a seen field holds an unknown item (one level down, or two)."""
    return isinstance(value, tuple) and any(
        item is None or (isinstance(item, tuple) and None in item) for item in value
    )


def _has_unseen(seen: Seen) -> bool:
    return any(_partly_unseen(getattr(seen, name)) for name in Seen.__dataclass_fields__)


def infer(
    state: GameState,
    seen: Seen,
    *,
    max_nodes: int = 4000,
    max_idle: int = 4,
    boundary: frozenset[Pending] = frozenset({Pending.GAME_OVER, Pending.MAHARAJAH_TURN}),
) -> Inference:
    """Search for the actions that take ``state`` to what was ``seen``.

    With part of the table unseen, a turn may run through several steps that
    change nothing seen (an elephant and the sections sown under the
    resolution floor): the search is run again allowing ``BLIND_IDLE`` more
    such steps in a row when nothing is found within ``max_idle`` (before
    saying "none", an alert, about a table it cannot see), and before what
    was found is applied or asked past (a longer way may explain the table
    as well).
    """
    found = _search(state, seen, max_nodes, max_idle, boundary)
    if found.kind not in ("none", "apply", "ask") or not unseen_fields(seen):
        return found
    deeper = _search(state, seen, max_nodes, max_idle + BLIND_IDLE, boundary)
    if found.kind == "none":
        return deeper
    # What is applied (one explanation, or the way to a question) is unique
    # only among the ways within the usual few idle steps: a longer way
    # through what is unseen may explain the table as well (light seed 56's
    # solo game at the bench: four workers sown from an unseen N2 through
    # three unseen sections and a skip whose coin was unseen, into W1; two
    # sown from an unseen E2 end in W1 too, in fewer idle steps, and were
    # applied). The deeper search decides where it parts from the shallow
    # one earlier; a deeper search cut short by its node budget that did not
    # reach the shallow one's way says nothing, and never turns a question
    # into a guess.
    if found.kind == "apply" and any(e.actions == found.actions for e in deeper.explanations):
        return deeper
    cautious = deeper.kind in ("ask", "wait") and len(deeper.actions) < len(found.actions)
    if cautious and found.actions[: len(deeper.actions)] == deeper.actions:
        return deeper
    return found


def _search(
    state: GameState,
    seen: Seen,
    max_nodes: int,
    max_idle: int,
    boundary: frozenset[Pending],
) -> Inference:
    start = distance(observe(state), seen)
    if start == 0:
        return Inference("agree")
    counter = itertools.count()
    heap: list[tuple[int, int, int, GameState, tuple[Action, ...], int]] = [
        (start, 0, next(counter), state, (), 0)
    ]
    found: list[Explanation] = []
    stops: list[tuple[int, int, Explanation]] = []  # hidden decisions the search cannot pass
    # Decisions whose trace would fall where the table is not seen right now
    # (a worker sown into a section under the resolution floor or a hand),
    # with the answers that fit: asked, as a last resort, before "none".
    blind_stops: list[tuple[int, int, Explanation, tuple[Action, ...]]] = []
    blind = unseen_fields(seen)
    nodes = 0
    while heap and nodes < max_nodes:
        gap, depth, _, node, path, idle = heapq.heappop(heap)
        nodes += 1
        if node.finished or not node.pending:
            continue
        top = node.pending[-1]
        kind = Pending(top.kind)
        if kind in boundary:
            continue
        if kind in HIDDEN_DECISIONS and gap and _turn_over(node, seen):
            # The table shows this turn over (the round's end: the Maharajah's
            # token moved on, a bridge tile flipped) and nothing more: "done"
            # (or "do not follow") and every answer that leaves no trace and
            # ends the turn too look the same. None is inferred (placement seed
            # 11's game at the bench applied "main action C", an upgrade nobody
            # sees, for a player who had ended their actions; a table seen in
            # part, a knowledge step for a player who did not follow). At the
            # start that is the reconciler's "turn not closed" notice; further
            # on, the decider is asked.
            if depth:
                stops.append((gap, depth, Explanation(path, node)))
            continue
        out_of_place = frozenset(m.field for m in mismatches(observe(node), seen))
        tried = 0
        for action in legal_actions(node):
            if not _relevant(node, action, out_of_place, seen):
                continue
            tried += 1
            child, _ = apply(node, action, check=False)
            child_gap = distance(observe(child), seen)
            if child_gap > gap:
                continue
            child_idle = idle + 1 if child_gap == gap else 0
            if child_idle > max_idle:
                continue
            if child_gap == 0:
                found.append(Explanation((*path, action), child))
                continue
            heapq.heappush(
                heap, (child_gap, depth + 1, next(counter), child, (*path, action), child_idle)
            )
        if tried == 0 and depth == 0 and kind in HIDDEN_DECISIONS:
            # The table moved on past a choice still open on a phone (the player
            # moves the pieces first and answers when asked): what the answers
            # lead to may explain it (the solo setup's mahout places his
            # elephant). Try them all, keeping only answers that themselves
            # bring the engine closer to the table (never one that merely
            # opens the next turn, where any sowing could pass for legal):
            # answers that differ make a phone prompt, never a guess, and
            # nothing explaining the table stays an alert.
            for action in legal_actions(node):
                child, _ = apply(node, action, check=False)
                child_gap = distance(observe(child), seen)
                if child_gap >= gap:
                    continue
                if child_gap == 0:
                    found.append(Explanation((action,), child))
                    continue
                heapq.heappush(heap, (child_gap, 1, next(counter), child, (action,), 0))
        if tried == 0 and blind and kind not in HIDDEN_DECISIONS and (gap < start or not path):
            # Only where the way here explained something seen (or is empty),
            # and its last step did: an idle step on the way (staying put) is
            # no fact to apply. (Placement seed 40's game at the bench: a
            # donation seen, then a counter the camera missed left unexplained;
            # "stay" was applied on the way to a question about the sowing,
            # while the player had not moved the elephant yet.)
            fits = _blind_answers(node, seen, blind, gap) if idle == 0 else ()
            if fits:
                blind_stops.append((gap, depth, Explanation(path, node), fits))
        if (
            tried == 0
            and kind in HIDDEN_DECISIONS
            and gap < start
            # Beyond a follow prompt come the next turns, where anything may
            # change; beyond a choice inside a turn, only what effects change,
            # and what the end of the round then changes (placement seed 1's
            # game at the bench: the sowing seen, the tile action not, the
            # round over: "none" and a false alert before this).
            and (kind is Pending.FOLLOW or out_of_place <= EFFECT_FIELDS | ROUND_END_FIELDS)
        ):
            # A choice the table cannot show, with the rest of the changes
            # beyond it: the phone answers it.
            stops.append((gap, depth, Explanation(path, node)))
    if not found and stops and nodes >= max_nodes and min(g for g, _, _ in stops) > 0:
        # Out of nodes with only questions that leave part of the table
        # unexplained: the way to them is the search's best so far, not the
        # table's (a table seen in part, the round's end moving a counter: a
        # sowing in the wrong order, then a tile action, was applied). Nothing
        # is taken; the table or a phone will say more.
        return Inference("wait", nodes=nodes)
    inference = _conclude(state, seen, found, stops, nodes, blind_stops)
    if inference.kind in ("apply", "ask"):
        # Whichever way it was reached (one explanation, a prefix common to
        # several, the way to a stop): the market is never closed on a guess.
        # Placement seed 13's game at the bench closed it on the way to a stop
        # a whole turn later, a purchase under the resolution floor unmade.
        guarded = _closed_unseen(state, seen, inference.actions)
        if guarded is not None:
            return guarded
    return inference


def _turn_over(node: GameState, seen: Seen) -> bool:
    """Does closing the turn ("turn done") lead exactly to what was seen?"""
    end = closed(node)
    return end is not node and distance(observe(end), seen) == 0


def unseen_fields(seen: Seen) -> frozenset[str]:
    """Fields of ``seen`` left unknown, whole or in part."""
    return frozenset(
        name
        for name in Seen.__dataclass_fields__
        if (value := getattr(seen, name)) is None or _partly_unseen(value)
    )


def _blind_answers(
    node: GameState, seen: Seen, blind: frozenset[str], gap: int
) -> tuple[Action, ...]:
    """The answers to ``node``'s decision whose trace could lie in a ``blind``
    field and that keep the engine as close to the table as it is."""
    out = []
    for action in legal_actions(node):
        if not may_change(node, action) & blind:
            continue
        child, _ = apply(node, action, check=False)
        if distance(observe(child), seen) <= gap:
            out.append(action)
    return tuple(out)


def _conclude(
    state: GameState,
    seen: Seen,
    found: list[Explanation],
    stops: list[tuple[int, int, Explanation]],
    nodes: int,
    blind_stops: Sequence[tuple[int, int, Explanation, tuple[Action, ...]]] = (),
) -> Inference:
    if found:
        paths = sorted({e.actions for e in found}, key=len)
        # A way stopped at a decision whose trace falls where the table is
        # unseen, with nothing else out of place but what the turn's end
        # changes, may lead to the table as well through what nobody sees
        # (partly seen seed 303, 3 players, at the bench: the mover sowed two
        # workers from S1 into unseen sections and ended; one worker sown
        # from an unseen S2, then the next player taking S1's two in hand,
        # was found complete and applied).
        blind = {
            e.actions
            for _, _, e, _ in blind_stops
            if {m.field for m in mismatches(observe(e.state), seen)} <= ROUND_END_FIELDS
        } - set(paths)
        if len(paths) == 1 and not blind:
            return Inference("apply", paths[0], explanations=tuple(found), nodes=nodes)
        paths = sorted({*paths, *blind}, key=len)
        prefix = _common_prefix(paths)
        at = state
        for action in prefix:
            at, _ = apply(at, action, check=False)
        settled = None if blind else settle_order(at, [p[len(prefix) :] for p in paths])
        if settled is not None:
            # An order-only choice the trades settle (``order``): apply it, or
            # wait while the market action is still open.
            how, rest = settled
            if how == "wait":
                return Inference("wait", explanations=tuple(found), nodes=nodes)
            path = (*prefix, *rest)
            return Inference("apply", path, explanations=tuple(found), nodes=nodes)
        options = tuple(dict.fromkeys(p[len(prefix)] for p in paths if len(p) > len(prefix)))
        decider = at.pending[-1].player
        hidden = Pending(at.pending[-1].kind) in HIDDEN_DECISIONS
        kind = "ask" if hidden or not _has_unseen(seen) else "wait"
        return Inference(kind, prefix, options, decider, tuple(found), nodes, 0, tuple(paths))
    if stops or blind_stops:
        # A choice the table cannot show with the rest beyond it (``stops``),
        # or, as a last resort, a decision whose trace falls where the table
        # is not seen now (``blind_stops``: light seed 3's game at the bench,
        # a worker sown into a section under the resolution floor, then the
        # Maharajah moved on; "none" made a false "illegal move" alert). The
        # ways that explain the table best are asked where they part; a
        # blind decision is offered only the answers that fit. Ways of both
        # kinds that explain as much are asked together (a table seen in
        # part: a coin left by a skip seen, the placement after it not; a
        # market action beyond a follow prompt explained as much, and was
        # applied).
        gap = min([s[0] for s in stops] + [b[0] for b in blind_stops])
        ways = [(e.actions, tuple(legal_actions(e.state))) for g, _, e in stops if g == gap]
        ways += [(e.actions, fits) for g, _, e, fits in blind_stops if g == gap]
        return _question(state, ways, nodes, gap)
    return Inference("none", nodes=nodes)


def _question(
    state: GameState,
    ways: Sequence[tuple[tuple[Action, ...], tuple[Action, ...]]],
    nodes: int,
    gap: int,
) -> Inference:
    """Ask at the end of the shared way: ``ways`` are the ways to a question
    that explain the table equally well, each with the answers it offers.
    Ways that differ where the table does not show it (light seed 0's game at
    the bench: the mover's elephant unseen, staying, going south or west, then
    the same sowing) are applied only as far as they agree, and the decider
    says where they part; one way is applied whole, its question asked."""
    paths = sorted({path for path, _ in ways}, key=len)
    prefix = _common_prefix(paths)
    at = state
    for action in prefix:
        at, _ = apply(at, action, check=False)
    # A way that stops right there offers its own question's answers; the
    # others, the step each takes on from there.
    here = (a for path, fits in ways if path == prefix for a in fits)
    onward = (p[len(prefix)] for p in paths if len(p) > len(prefix))
    options = tuple(dict.fromkeys((*here, *onward)))
    return Inference("ask", prefix, options, at.pending[-1].player, (), nodes, gap)


def market_unseen(seen: Seen) -> bool:
    """Is a market column (or the whole market) unseen?"""
    return seen.market is None or None in seen.market


def _closed_unseen(state: GameState, seen: Seen, path: tuple[Action, ...]) -> Inference | None:
    """An explanation that closes the market while a market column is unseen
    is a guess: a trade on that column would look the same (the table moved
    on, the column cannot show it). So is a trade after which the storehouse
    overflows: a trade at the unseen column may have come first, and which
    goods overflow (what is discarded) depends on the order (a table seen in
    part: a sale applied before an unseen purchase overflowed the coins
    instead). A trade at an unseen column is a guess of its good. Apply what
    comes before, and ask the trader: buy, sell or done."""
    if not market_unseen(seen):
        return None
    at = state
    for n, action in enumerate(path):
        after, _ = apply(at, action, check=False)
        trade = action.kind in (Act.BUY, Act.SELL)
        unseen = trade and (seen.market is None or seen.market[action.a] is None)
        overflows = (
            trade and bool(after.pending) and Pending(after.pending[-1].kind) is Pending.DISCARD
        )
        if action.kind is Act.MARKET_DONE or unseen or overflows:
            options = tuple(legal_actions(at))
            return Inference("ask", path[:n], options, at.pending[-1].player, (), 0)
        at = after
    return None
