"""Rajas of the Ganges' table from hardware/rajas/layout.json and markers.csv.

Mid-game: workers on some action spaces, each colour's boat on the river and its fame and
money markers on their tracks, tiles in the quarry display, province boards (one per
seat in play) with some tiles placed, the start player's elephant beside its province.
Closed spaces: printed out-of-play markers (2 players) or cover tiles (3 players).
Assumed where the files say nothing: the residence is the province's top-left cell and
the cell holding the other corner mark carries no printed spot (the corner marks sit
there).
"""

from __future__ import annotations

import math

import numpy as np

from ..hardware import by_kind, layout, one, rect, square
from ..model import Art, Piece, Polygon, Printed, Table
from .common import COLOURS, glyph_row, natural, ornaments, sticker

PLAYER_COLOURS = ("red", "blue", "green", "yellow")


def build(rng: np.random.Generator) -> Table:
    lay = layout("rajas")
    players = int(rng.integers(2, 5))
    colours = list(PLAYER_COLOURS[:players])
    bw, bh = (float(v) for v in lay["board_mm"])
    zones: dict[str, Polygon] = {}
    pieces: list[Piece] = []
    printed: list[Printed] = []
    art: list[Art] = []
    spot = one("rajas", "spot")
    closed_row = one("rajas", "out-of-play")
    for corner in by_kind("rajas", "board-corner"):
        x, y = lay["corners"][corner.component]
        printed.append(
            Printed(
                corner.marker_id, corner.kind, corner.component, float(x), float(y), corner.side_mm
            )
        )

    # Tracks around the board, the river, the action spaces.
    for i, (x0, y0, x1, y1) in enumerate(lay["fame_track"]):
        zid = f"fame_track:{i}"
        zones[zid] = rect(float(x0), float(y0), float(x1), float(y1))
        art.append(Art(zones[zid], (214, 180, 110) if i % 2 else (226, 196, 130)))
        art.append(Art(zones[zid], (110, 70, 40), fill=False, width_mm=0.6))
    for i, (x0, y0, x1, y1) in enumerate(lay["money_track"]):
        zid = f"money_track:{i}"
        zones[zid] = rect(float(x0), float(y0), float(x1), float(y1))
        art.append(Art(zones[zid], (200, 200, 170) if i % 2 else (214, 214, 186)))
        art.append(Art(zones[zid], (90, 80, 50), fill=False, width_mm=0.6))
    art.append(Art(rect(150.0, 340.0, 510.0, 432.0), (90, 140, 170)))
    for i, (x, y) in enumerate(lay["river"]):
        zid = f"river:{i}"
        zones[zid] = square(float(x), float(y), 40.0)
        art.append(Art(square(float(x), float(y), 36.0), (120, 170, 196)))
    closed: set[str] = set()
    if players == 2:
        closed = {str(n) for n in lay["closed_2p"]}
    elif players == 3:
        closed = {str(n) for n in lay["closed_3p"]}
    for name, (x, y) in lay["action_spaces"].items():
        x, y = float(x), float(y)
        zid = f"action_spaces:{name}"
        zones[zid] = square(x, y, 40.0)
        art.append(Art(square(x, y, 38.0), (232, 214, 172)))
        art.append(Art(square(x, y, 38.0), (120, 60, 40), fill=False, width_mm=0.8))
        if name in closed and players == 2:
            printed.append(
                Printed(
                    closed_row.marker_id,
                    closed_row.kind,
                    closed_row.component,
                    x,
                    y,
                    closed_row.side_mm,
                    zone=zid,
                )
            )
        else:
            printed.append(
                Printed(spot.marker_id, spot.kind, spot.component, x, y, spot.side_mm, zone=zid)
            )
        if name in closed and players == 3:
            cx, cy, yaw = natural(rng, x, y, pos_mm=1.0, yaw=3.0)
            pieces.append(
                Piece(
                    zid,
                    cx,
                    cy,
                    yaw,
                    "box",
                    (36.0, 36.0),
                    closed_row.height_mm + 2.0,
                    COLOURS["tile"],
                    sticker(rng, closed_row),
                )
            )

    # Workers on free action spaces.
    open_spaces = [n for n in lay["action_spaces"] if n not in closed]
    for c in colours:
        row = one("rajas", "worker", c)
        for _ in range(int(rng.integers(0, 4))):
            if not open_spaces:
                break
            name = str(open_spaces.pop(int(rng.integers(0, len(open_spaces)))))
            x, y = (float(v) for v in lay["action_spaces"][name])
            wx, wy, yaw = natural(rng, x, y)
            pieces.append(
                Piece(
                    f"action_spaces:{name}",
                    wx,
                    wy,
                    yaw,
                    "box",
                    (17.0, 17.0),
                    row.height_mm,
                    COLOURS[c],
                    sticker(rng, row),
                )
            )

    # Fame, money and boat tokens: several colours may share a place.
    def token(
        zone_prefix: str, places: list[tuple[float, float]], c: str, taken: dict[int, int]
    ) -> None:
        row = one("rajas", "token", c)
        i = int(rng.integers(0, min(len(places), 18)))
        k = taken.get(i, 0)
        taken[i] = k + 1
        ox, oy = ((-9.0, -9.0), (9.0, -9.0), (-9.0, 9.0), (9.0, 9.0))[k % 4]
        tx, ty, yaw = natural(rng, places[i][0] + ox, places[i][1] + oy)
        pieces.append(
            Piece(
                f"{zone_prefix}:{i}",
                tx,
                ty,
                yaw,
                "box",
                (14.0, 14.0),
                row.height_mm,
                COLOURS[c],
                sticker(rng, row),
            )
        )

    fame = [
        ((a + c) / 2, (b + d) / 2)
        for a, b, c, d in ((float(v) for v in r) for r in lay["fame_track"])
    ]
    money = [
        ((a + c) / 2, (b + d) / 2)
        for a, b, c, d in ((float(v) for v in r) for r in lay["money_track"])
    ]
    river = [(float(x), float(y)) for x, y in lay["river"]]
    taken_f: dict[int, int] = {}
    taken_m: dict[int, int] = {}
    taken_r: dict[int, int] = {}
    for c in colours:
        token("fame_track", fame, c, taken_f)
        token("money_track", money, c, taken_m)
        token("river", river, c, taken_r)

    # The quarry display.
    tiles = [
        by_kind("rajas", "tile")[int(i)] for i in rng.permutation(len(by_kind("rajas", "tile")))
    ]
    for i, (x, y) in enumerate(lay["stacks"]):
        x, y = float(x), float(y)
        zid = f"stacks:{i}"
        zones[zid] = square(x, y, 50.0)
        printed.append(
            Printed(spot.marker_id, spot.kind, spot.component, x, y, spot.side_mm, zone=zid)
        )
        if rng.random() < 0.85:
            t = tiles.pop()
            tx, ty, yaw = natural(rng, x, y, pos_mm=1.0, yaw=2.0)
            pieces.append(
                Piece(
                    zid,
                    tx,
                    ty,
                    yaw + float(rng.choice([0.0, 90.0, 180.0, 270.0])),
                    "box",
                    (44.0, 44.0),
                    t.height_mm,
                    COLOURS["tile"],
                    sticker(rng, t),
                )
            )

    # Province boards.
    prov = lay["province"]
    cell = float(prov["cell_mm"])
    pw, ph = (float(v) for v in prov["size_mm"])
    pcorner = one("rajas", "province-corner")
    boards: list[tuple[Polygon, tuple[int, int, int]]] = [(rect(0.0, 0.0, bw, bh), (222, 198, 150))]
    elephant_seat = int(rng.integers(0, players))
    for s, seat in enumerate(prov["seats"][:players]):
        ox, oy = (float(v) for v in seat["origin"])
        turn = math.radians(float(seat["turn_deg"]))

        def to_table(
            lx: float, ly: float, ox: float = ox, oy: float = oy, turn: float = turn
        ) -> tuple[float, float]:
            return (
                ox + lx * math.cos(turn) - ly * math.sin(turn),
                oy + lx * math.sin(turn) + ly * math.cos(turn),
            )

        outline = tuple(to_table(a, b) for a, b in ((0.0, 0.0), (pw, 0.0), (pw, ph), (0.0, ph)))
        boards.append((outline, (150, 176, 110)))
        for lx, ly in prov["corner_marks_local"]:
            x, y = to_table(float(lx), float(ly))
            printed.append(
                Printed(
                    pcorner.marker_id,
                    pcorner.kind,
                    pcorner.component,
                    x,
                    y,
                    pcorner.side_mm,
                    angle_deg=float(seat["turn_deg"]),
                )
            )
        marks = [(float(a), float(b)) for a, b in prov["corner_marks_local"]]
        ncol, nrow = round(pw / cell), round(ph / cell)
        for col in range(ncol):
            for rw in range(nrow):
                lx, ly = (col + 0.5) * cell, (rw + 0.5) * cell
                zid = f"province:{s}:{col}:{rw}"
                poly = tuple(
                    to_table(a, b)
                    for a, b in (
                        (lx - cell / 2, ly - cell / 2),
                        (lx + cell / 2, ly - cell / 2),
                        (lx + cell / 2, ly + cell / 2),
                        (lx - cell / 2, ly + cell / 2),
                    )
                )
                zones[zid] = poly
                art.append(Art(poly, (70, 100, 60), fill=False, width_mm=0.6))
                has_mark = any(
                    abs(mx - lx) < cell / 2 and abs(my - ly) < cell / 2 for mx, my in marks
                )
                x, y = to_table(lx, ly)
                if not has_mark:
                    printed.append(
                        Printed(
                            spot.marker_id,
                            spot.kind,
                            spot.component,
                            x,
                            y,
                            spot.side_mm,
                            angle_deg=float(seat["turn_deg"]),
                            zone=zid,
                        )
                    )
                    if tiles and rng.random() < 0.3:
                        t = tiles.pop()
                        tx, ty, yaw = natural(rng, x, y, pos_mm=1.0, yaw=2.0)
                        pieces.append(
                            Piece(
                                zid,
                                tx,
                                ty,
                                yaw + float(rng.choice([0.0, 90.0, 180.0, 270.0])),
                                "box",
                                (38.0, 38.0),
                                t.height_mm,
                                COLOURS["tile"],
                                sticker(rng, t),
                            )
                        )
        ex, ey = to_table(*(float(v) for v in prov["elephant_local"]))
        zid = f"province:{s}:elephant"
        zones[zid] = square(ex, ey, 40.0)
        if s == elephant_seat:
            row = one("rajas", "elephant")
            x, y, yaw = natural(rng, ex, ey)
            pieces.append(
                Piece(
                    zid,
                    x,
                    y,
                    yaw + float(seat["turn_deg"]),
                    "box",
                    (20.0, 32.0),
                    row.height_mm,
                    COLOURS["grey"],
                    sticker(rng, row),
                )
            )
    keep = list(zones.values())
    art += ornaments(rng, rect(20, 20, bw - 20, bh - 20), keep, 80, (130, 60, 40))
    art += glyph_row(200.0, 470.0, 200.0, 4.0, rng, (80, 40, 30))
    x0, y0, x1, y1 = (float(v) for v in lay["extent_mm"])
    return Table(
        game="rajas",
        players=players,
        extent=(x0, y0, x1, y1),
        paper=(222, 198, 150),
        boards=boards,
        art=art,
        printed=printed,
        pieces=pieces,
        zones=zones,
        notes={"player_colours": colours},
    )
