"""What must hold in every Ceylon position, checked after every action of random games."""

from __future__ import annotations

import json
import random

from engine.ceylon.actions import Action
from engine.ceylon.moves import capacity
from engine.ceylon.state import DISCARD, HARVEST, State
from tests.engine.ceylon.build import CAT, R


def check(state: State) -> None:
    total = sum(f.count for f in CAT.faces)
    assert sum(state.deck) + sum(len(p.hand) for p in state.players) + state.discards == total
    assert all(count >= 0 for count in state.deck)
    for seat, p in enumerate(state.players):
        on_map = sum(1 for o in state.owner if o == seat)
        doubled = sum(1 for h in range(32) if state.double >> h & 1 and state.owner[h] == seat)
        assert p.markers == on_map + doubled <= 8
        assert p.rupees >= 0 and min(p.cubes) >= 0 and p.tokens >= 0
        assert 0 <= p.tech <= CAT.value("tech_track_last")
        assert sum(p.companies) == len(p.contracts)
        used = sum(1 for c in p.companies if c)
        assert used <= sum(
            1 for need in CAT.value("company_slots_freed_after") if p.markers >= need
        )
        if not (state.phase in (HARVEST, DISCARD) and state.actor == seat):
            assert sum(p.cubes) <= capacity(CAT, state, seat)
        assert len(p.hand) <= 3
        if p.pawn >= 0:
            assert state.hexes_in_play >> p.pawn & 1
    for h, owner in enumerate(state.owner):
        if owner >= 0:
            assert state.hexes_in_play >> h & 1
    won = [c for p in state.players for c in p.contracts]
    train = [c for c in state.train if c >= 0]
    assert len(set(won + train)) == len(won + train)
    assert not any(state.contract_pile >> c & 1 for c in won + train)
    tech_orders = [(p.tech, p.tech_order) for p in state.players]
    if state.start_order:
        assert len(set(tech_orders)) == len(tech_orders)  # a strict order for every tie
    public = json.dumps(R.view(state, None))
    assert '"hand"' not in public
    for seat in range(state.n):
        mine = R.view(state, seat)
        assert [("hand" in s) for s in mine["seats"]] == [i == seat for i in range(state.n)]


def universe(state: State) -> list[Action]:
    """A wide set of candidate actions for the pending decision, legal or not."""
    out: list[Action] = []
    hexes = (
        range(0, 32, 3)
        if state.phase not in ("ACT", "TOKEN", "HARVEST", "START", "TOP")
        else range(32)
    )
    for token in (False, True):
        for start in (False, True):
            for h in hexes:
                out += [
                    Action("plant", h, token=token, start=start),
                    Action("move", h, token=token, start=start),
                ]
            for d in range(4):
                out.append(Action("hire", d, token=token, start=start))
            for wagon in range(3):
                for reward in (0, 1):
                    out += [Action("trade", wagon, reward, c, token, start) for c in (-1, 0, 1, 2)]
            out += [Action(k, token=token, start=start) for k in ("harvest", "tech", "rupees")]
    out += [Action("pick", h) for h in range(32)] + [Action("start", h) for h in range(32)]
    out += [Action("top", h) for h in range(32)]
    out += [Action("discard", c) for c in range(3)] + [Action("done"), Action("pass")]
    out += [Action("play", f, side) for f in range(10) for side in range(5)]
    out += [
        Action(k, i)
        for k in ("leave_out", "advisor", "contract", "deal", "draw")
        for i in range(20)
    ]
    out += [Action("start_tile", i) for i in range(9)]
    return out


def choose(state: State, rng: random.Random) -> Action:
    """A random answer: chance as the rules draw it, else a kind first, then one of it."""
    if R.decision(state).is_chance:
        return R.random_chance(state, rng)  # type: ignore[return-value]
    legal = R.legal_actions(state)
    by_kind: dict[str, list[Action]] = {}
    for action in legal:
        assert isinstance(action, Action)
        by_kind.setdefault(action.kind, []).append(action)
    kind = rng.choice(sorted(by_kind))
    for favoured in ("trade", "harvest", "plant"):  # rare at random: favoured to cover them
        if favoured in by_kind and rng.random() < 0.7:
            kind = favoured
            break
    return rng.choice(by_kind[kind])
