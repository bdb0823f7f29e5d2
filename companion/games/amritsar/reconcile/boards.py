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
moved on past it) and the boards read. When the deciding player's board, where it was
read, differs from the engine's, it follows every chain of that player's
hidden decisions from there (up to ``DEPTH`` answers, stopping at the first
state whose board matches the one read), keeping the chains that also leave
the main board no further from the table:

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
from vision.games.amritsar_boards.view import BoardView, board_of

#: the most answers in one chain (a tile action, an upgrade, which storehouse...)
DEPTH = 5
#: the most answers tried in one settling; beyond it nothing is inferred
MAX_NODES = 4000


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
    ``first``) after which its board matches ``read``, stopping at the first
    match; ``None`` when there were too many to try."""
    gap = distance(observe(state), seen)
    out: list[tuple[Action, ...]] = []
    stack: list[tuple[GameState, tuple[Action, ...]]] = [(state, ())]
    nodes = 0
    while stack:
        node, path = stack.pop()
        for action in first if not path else legal_actions(node):
            nodes += 1
            if nodes > MAX_NODES:
                return None
            child, _ = apply(node, action, check=False)
            chain = (*path, action)
            if seat < len(child.players) and board_of(child, seat).matches(read):
                if distance(observe(child), seen) <= gap:
                    out.append(chain)
                continue
            if len(chain) < DEPTH and _hidden_for(child, seat):
                stack.append((child, chain))
    return out


def settle_by_boards(
    state: GameState,
    seen: Seen,
    inference: Inference,
    boards: Sequence[BoardView] | None,
) -> Inference:
    """``inference`` (at ``state``) with a hidden decision the boards settle
    applied, or narrowed to the answers the boards allow (module docstring)."""
    if boards is None or inference.kind not in ("ask", "agree", "none"):
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
    if read.matches(board_of(at, seat)):
        return inference  # the board shows nothing new (yet)
    first = inference.options if inference.kind == "ask" else tuple(legal_actions(at))
    chains = board_chains(at, seat, read, first, seen)
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
    if not options or (
        not shared and inference.kind == "ask" and set(options) == set(inference.options)
    ):
        return inference
    return Inference(
        "ask",
        (*inference.actions, *shared),
        options,
        where.pending[-1].player,
        nodes=inference.nodes,
    )


def _one_game(at: GameState, paths: Sequence[tuple[Action, ...]]) -> bool:
    """Whether every chain ends in the same game, up to the order of the score
    ledger's lines: the order of a tile's actions, which nothing shows, then
    made no difference (``order``'s rule for a coin and a market action)."""
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
