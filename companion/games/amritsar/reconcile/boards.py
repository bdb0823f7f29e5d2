"""Choices only a player's own board shows, settled by reading that board.

Why: a tile action leaves the main board as it is (the worker stays put
whichever action is taken); what it gains lands on the player's personal
board: a knowledge counter up, the tax counter up, a storehouse on a storage
space, a mahout tile or an objective on an upgrade space. With the boards in
the camera's view (:mod:`vision.games.amritsar_boards`), the reconciler need
not ask which action was taken whenever what changed on the board tells it.

:func:`settle_by_boards` takes the reconciler's verdict at a hidden decision
(a question for the phone, a table that agrees with a decision still
open, or a table nothing explains while such a decision is open: the table
moved on past it; a sequence the main board explains is checked where it
answers such a decision, ``_checked``) and the boards read. When the deciding player's board, where it was
read, differs from the engine's, it follows every chain of that player's
hidden decisions from there (up to ``DEPTH`` answers) whose end shows the
board as read, keeping those that leave the main board nearest the table
(never further than it was) and, of a chain and its longer continuations,
the chain:

- one chain: it is applied (the tile action and its follow-ups, no screen),
  with what the main board shows beyond it (the table may have moved on:
  the search from the chain's end must explain the rest, else nothing is
  taken);
- several that all end in the same game (a tile's two actions taken in
  either order, which nothing shows and which changes nothing): the first
  is applied, as ``order`` does for a coin and a market action;
- several others: what they share is applied and the player is asked where
  they part, offered only the answers whose chains explain the board;
- none, or a board that shows nothing new: the verdict stands (asked as
  before). A board is never matched where it was not read (``None``), and a
  board that looks as the engine has it says nothing of which answer was
  taken (the player may not have moved their counter yet).

This is the "answers that leave the same trace" idea of
:mod:`companion.reconcile.traceless` with the personal board as the trace;
that module compares a game's main-board observation (``Rules.observe``),
which holds no personal board, so the boards are compared here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from companion.games.amritsar.reconcile.closing import CLOSERS
from companion.games.amritsar.reconcile.search import Inference, _common_prefix, infer
from companion.games.amritsar.reconcile.seen import Seen, distance
from engine.amritsar import (
    HIDDEN_DECISIONS,
    Action,
    GameState,
    Pending,
    apply,
    legal_actions,
    observe,
    to_dict,
)

if TYPE_CHECKING:
    from vision.games.amritsar_boards.view import BoardView

#: the most answers in one chain (a tile action, an upgrade, which storehouse...)
DEPTH = 5
#: the most answers tried in one settling; beyond it nothing is inferred
MAX_NODES = 4000


_CLOSING = frozenset(CLOSERS.values())


def board_of(state: GameState, seat: int) -> BoardView:
    """``vision.games.amritsar_boards.view.board_of``, imported when first
    needed: ``vision.games`` loads every game's camera table, which a
    companion without the boards in view need not pay for."""
    from vision.games.amritsar_boards.view import board_of as of

    return of(state, seat)


def _hidden_for(state: GameState, seat: int) -> bool:
    if state.finished or not state.pending:
        return False
    top = state.pending[-1]
    return Pending(top.kind) in HIDDEN_DECISIONS and top.player == seat


def board_chains(
    state: GameState,
    seat: int,
    read: BoardView,
    first: Sequence[Action],
    seen: Seen,
) -> list[tuple[Action, ...]] | None:
    """The chains of ``seat``'s hidden answers from ``state`` (the first among
    ``first``) after which its board matches ``read`` and the main board is
    as near the table as any such chain leaves it (a resource taken from the
    market on the way shows there); a chain that only adds answers to a
    shorter one of these is left out (what it adds shows nowhere). ``None``
    when there were too many to try."""
    gap = distance(observe(state), seen)
    found: list[tuple[int, tuple[Action, ...]]] = []
    stack: list[tuple[GameState, tuple[Action, ...]]] = [(state, ())]
    nodes = 0
    while stack:
        node, path = stack.pop()
        for action in first if not path else legal_actions(node):
            if action in _CLOSING:
                continue  # ending the actions shows on no board: the button or the next move says it
            nodes += 1
            if nodes > MAX_NODES:
                return None
            child, _ = apply(node, action, check=False)
            chain = (*path, action)
            if seat < len(child.players) and read.shows(board_of(child, seat)):
                near = distance(observe(child), seen)
                if near <= gap:
                    found.append((near, chain))
                if near == 0:
                    continue
            if len(chain) < DEPTH and _hidden_for(child, seat):
                stack.append((child, chain))
    if not found:
        return []
    best = min(near for near, _ in found)
    chains = {chain for near, chain in found if near == best}
    return [c for c in chains if not any(c[:k] in chains for k in range(1, len(c)))]


def settle_by_boards(
    state: GameState,
    seen: Seen,
    inference: Inference,
    boards: Sequence[BoardView] | None,
) -> Inference:
    """``inference`` (at ``state``) with a hidden decision the boards settle
    applied, or narrowed to the answers the boards allow (module docstring)."""
    if boards is None:
        return inference
    if inference.kind == "apply":
        return _checked(state, seen, inference, boards)
    if inference.kind not in ("ask", "agree", "none"):
        return inference
    at = state
    for action in inference.actions:
        at, _ = apply(at, action, check=False)
    if at.finished or not at.pending:
        return inference
    seat = at.pending[-1].player
    if not _hidden_for(at, seat) or not 0 <= seat < len(boards) or seat >= len(at.players):
        return inference
    read = boards[seat]
    if read.shows(board_of(at, seat)):
        return inference  # the board shows nothing new (yet)
    # Every answer is tried, not only the question's: the main board's search
    # offers the steps where its ways part, which need not hold the answer
    # taken when the player went on with their board (whole-game bench, seed
    # 13: a resource taken from the reserve, then the secondary action).
    chains = board_chains(at, seat, read, tuple(legal_actions(at)), seen)
    if not chains:
        return inference
    paths = sorted(set(chains), key=len)
    if len(paths) == 1 or _one_game(at, paths):
        return _beyond(at, seen, inference, paths[0])
    shared = _common_prefix(paths)
    where = at
    for action in shared:
        where, _ = apply(where, action, check=False)
    options = tuple(dict.fromkeys(p[len(shared)] for p in paths if len(p) > len(shared)))
    if not options:
        return inference
    return Inference(
        "ask",
        (*inference.actions, *shared),
        options,
        where.pending[-1].player,
        nodes=inference.nodes,
    )


def _checked(
    state: GameState, seen: Seen, inference: Inference, boards: Sequence[BoardView]
) -> Inference:
    """A sequence the main board explains, checked where it answers a choice
    only a player's board shows while that board shows something new: the
    main board may show a later answer's trace (a donation counter taken onto
    the elephant) and pass by an earlier one that shows nowhere (2 coins):
    whole-game bench, seed 20. The board's own verdict from there is taken
    when it differs from the sequence."""
    at = state
    for index, action in enumerate(inference.actions):
        if at.finished or not at.pending:
            break
        seat = at.pending[-1].player
        if (
            _hidden_for(at, seat)
            and 0 <= seat < len(boards)
            and seat < len(at.players)
            and not boards[seat].shows(board_of(at, seat))
        ):
            head = Inference("ask", inference.actions[:index], (), seat, nodes=inference.nodes)
            got = settle_by_boards(state, seen, head, boards)
            if got is head:
                return inference  # the board cannot tell: the main board's word stands
            if got.kind == "apply" and inference.actions[: len(got.actions)] == got.actions:
                return inference
            if _fits(state, inference.actions, boards):
                return _both(state, inference, got)
            return got
        at, _ = apply(at, action, check=False)
    return inference


def _fits(state: GameState, actions: Sequence[Action], boards: Sequence[BoardView]) -> bool:
    """Whether every board read matches the game after ``actions``."""
    end = state
    for action in actions:
        end, _ = apply(end, action, check=False)
    return all(boards[s].shows(board_of(end, s)) for s in range(min(len(boards), len(end.players))))


def _both(state: GameState, inference: Inference, got: Inference) -> Inference:
    """The main board's sequence and the board's verdict both explain the
    table and part somewhere (with the storehouses read: a coin taken and a
    gold discarded, or no coin and a gold sold, leave one board): asked where
    they part, offered both answers, never one of them guessed."""
    a, b = inference.actions, got.actions
    k = 0
    while k < min(len(a), len(b)) and a[k] == b[k]:
        k += 1
    options: list[Action] = [a[k]] if k < len(a) else []
    if got.kind == "ask" and k == len(b):
        options += got.options
    elif k < len(b):
        options.append(b[k])
    if len(set(options)) < 2:
        return got
    where = state
    for action in a[:k]:
        where, _ = apply(where, action, check=False)
    return Inference(
        "ask", a[:k], tuple(dict.fromkeys(options)), where.pending[-1].player, nodes=inference.nodes
    )


def _one_game(at: GameState, paths: Sequence[tuple[Action, ...]]) -> bool:
    """Whether every chain ends in the same game, up to the order of the score
    ledger's lines: the order of a tile's actions, which nothing shows, then
    made no difference (``order``'s rule for a coin and a market action).
    Only chains of the same answers in another order: with the storehouses
    read, two tiles' actions that give the same (one copper) end alike too,
    but which one was taken is the player's to say."""
    first = sorted(map(repr, paths[0]))
    if any(sorted(map(repr, path)) != first for path in paths[1:]):
        return False
    ends = []
    for path in paths:
        end = at
        for action in path:
            end, _ = apply(end, action, check=False)
        ends.append(end)
    if all(end == ends[0] for end in ends[1:]):
        return True
    plain = []
    for end in ends:
        d = to_dict(end)
        for seat in d["seats"]:
            seat["ledger"] = sorted(map(repr, seat["ledger"]))
        plain.append(d)
    return all(d == plain[0] for d in plain[1:])


def _beyond(
    at: GameState, seen: Seen, inference: Inference, chain: tuple[Action, ...]
) -> Inference:
    """The one chain the board shows, and what the main board then shows
    beyond it (the table may have moved on: the next player's move seen):
    applied, or the question the rest raises; when the rest of the table is
    not explained from there, ``inference`` stands."""
    end = at
    for action in chain:
        end, _ = apply(end, action, check=False)
    done = (*inference.actions, *chain)
    seat = at.pending[-1].player
    if _hidden_for(end, seat):
        # Another of the player's choices only their board would show, and
        # nothing more there: the search beyond would pass it by an answer
        # that leaves no trace (a copper nobody reads), a guess. The chain is
        # applied and that choice asked, unless the table agrees as it is.
        if distance(observe(end), seen) == 0:
            return Inference("apply", done, nodes=inference.nodes)
        return Inference("ask", done, tuple(legal_actions(end)), seat, nodes=inference.nodes)
    rest = infer(end, seen)
    if rest.kind == "agree":
        return Inference("apply", done, nodes=inference.nodes)
    if rest.kind == "apply":
        return Inference("apply", (*done, *rest.actions), nodes=inference.nodes)
    if rest.kind == "ask":
        return replace(rest, actions=(*done, *rest.actions))
    return inference
