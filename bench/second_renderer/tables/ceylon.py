"""Ceylon's table from hardware/ceylon/layout.json and markers.csv.

Mid-game: some hexes raised by small elevation tiles (each with its own level and
plantation stickers), plantations (leaf markers) on some hexes, the players' pawns in
hexes or at home, contracts on some wagons, advisors hired, discs on the advisor track,
an action card on the discard space. Printed spots (level 0, plantation, empty wagon,
advisor, disc, discard) are on the board and hidden by whatever stands on them.
Large elevation tiles (four cells) are not placed (see README).
"""

from __future__ import annotations

import math

import numpy as np

from ..hardware import by_kind, layout, one, rect, square
from ..model import Art, Piece, Polygon, Printed, Table
from .common import COLOURS, glyph_row, natural, ornaments, sticker

PLAYER_COLOURS = ("red", "blue", "green", "yellow")
TERRAIN = ((120, 160, 90), (96, 140, 80), (140, 170, 100), (110, 150, 96))


def hexagon(cx: float, cy: float, r: float) -> Polygon:
    return tuple(
        (cx + r * math.cos(math.radians(30 + 60 * k)), cy + r * math.sin(math.radians(30 + 60 * k)))
        for k in range(6)
    )


def build(rng: np.random.Generator) -> Table:
    lay = layout("ceylon")
    players = int(rng.integers(2, 5))
    colours = list(PLAYER_COLOURS[:players])
    bw, bh = (float(v) for v in lay["board_mm"])
    r = float(lay["hex_radius"])
    each = lay["in_each_hex"]
    lvl_dx, lvl_dy = (float(v) for v in each["level_spot"])
    pl_dx, pl_dy = (float(v) for v in each["plantation_spot"])
    zones: dict[str, Polygon] = {}
    pieces: list[Piece] = []
    printed: list[Printed] = []
    art: list[Art] = [Art(rect(8, 110, bw - 8, bh - 70), (92, 146, 176))]
    for corner in by_kind("ceylon", "board-corner"):
        x, y = lay["corners"][corner.component]
        printed.append(
            Printed(
                corner.marker_id, corner.kind, corner.component, float(x), float(y), corner.side_mm
            )
        )

    level0 = one("ceylon", "level-0-spot")
    plant_spot = one("ceylon", "plantation-spot", "board hex (printed)")
    small = one("ceylon", "small-elevation")
    small_plant = one("ceylon", "plantation-spot", "small tile")
    leaves = {c: one("ceylon", "leaf-marker", c) for c in colours}
    leaf_left = {c: leaves[c].copies for c in colours}
    small_left = small.copies
    pawn_places = [(float(a), float(b)) for a, b in each["pawn_places"]]
    pawns_in_hexes: dict[str, list[str]] = {}
    hex_names = list(lay["hexes"])
    for c in colours:
        if rng.random() < 0.75:
            pawns_in_hexes.setdefault(str(rng.choice(hex_names)), []).append(c)
    for k, (name, (hx, hy)) in enumerate(lay["hexes"].items()):
        hx, hy = float(hx), float(hy)
        zid = f"hexes:{name}"
        zones[zid] = hexagon(hx, hy, r)
        art.append(Art(hexagon(hx, hy, r - 0.8), TERRAIN[k % len(TERRAIN)]))
        art.append(Art(hexagon(hx, hy, r - 0.8), (60, 80, 50), fill=False, width_mm=0.8))
        printed.append(
            Printed(
                level0.marker_id,
                level0.kind,
                level0.component,
                hx + lvl_dx,
                hy + lvl_dy,
                level0.side_mm,
                zone=zid,
            )
        )
        printed.append(
            Printed(
                plant_spot.marker_id,
                plant_spot.kind,
                plant_spot.component,
                hx + pl_dx,
                hy + pl_dy,
                plant_spot.side_mm,
                zone=zid,
            )
        )
        base = 0.0
        if small_left > 0 and rng.random() < 0.12:
            small_left -= 1
            tx, ty, _ = natural(rng, hx, hy, pos_mm=0.6, yaw=0.0)
            pieces.append(
                Piece(
                    zid,
                    tx,
                    ty,
                    0.0,
                    "cyl",
                    (2 * r - 5, 2 * r - 5),
                    small.height_mm,
                    COLOURS["tile"],
                    None,
                    label="part:small-tile",
                )
            )
            # the tile's own stickers, at the same places as the board's spots
            for row, dx, dy in ((small, lvl_dx, lvl_dy), (small_plant, pl_dx, pl_dy)):
                pieces.append(
                    Piece(
                        zid,
                        tx + dx,
                        ty + dy,
                        0.0,
                        "box",
                        (row.side_mm * 8 / 6, row.side_mm * 8 / 6),
                        0.2,
                        COLOURS["tile"],
                        sticker(rng, row),
                        label="part:tile-print",
                        base=small.height_mm,
                    )
                )
            base = small.height_mm
        if rng.random() < 0.3:
            c = str(rng.choice(colours))
            if leaf_left[c] > 0:
                leaf_left[c] -= 1
                lx, ly, yaw = natural(rng, hx + pl_dx, hy + pl_dy, pos_mm=0.8)
                rad = float(each["plantation_token_radius"])
                pieces.append(
                    Piece(
                        zid,
                        lx,
                        ly,
                        yaw,
                        "cyl",
                        (2 * rad, 2 * rad),
                        leaves[c].height_mm - (2.0 if base else 0.0),
                        COLOURS[c],
                        sticker(rng, leaves[c]),
                        base=base,
                    )
                )
        for slot, c in enumerate(pawns_in_hexes.get(name, [])):
            pw = one("ceylon", "pawn", c)
            dx, dy = pawn_places[slot % len(pawn_places)]
            px, py, yaw = natural(rng, hx + dx, hy + dy)
            pieces.append(
                Piece(
                    zid,
                    px,
                    py,
                    yaw,
                    "cyl",
                    (15.0, 15.0),
                    pw.height_mm,
                    COLOURS[c],
                    sticker(rng, pw),
                    base=base,
                )
            )
    homes = lay["pawn_homes"]
    for c, (x, y) in homes.items():
        zid = f"pawn_homes:{c}"
        zones[zid] = square(float(x), float(y), 22.0)
        art.append(Art(square(float(x), float(y), 19.0), (200, 190, 170), fill=False, width_mm=0.8))
        if c in colours and not any(c in v for v in pawns_in_hexes.values()):
            pw = one("ceylon", "pawn", c)
            px, py, yaw = natural(rng, float(x), float(y))
            pieces.append(
                Piece(
                    zid,
                    px,
                    py,
                    yaw,
                    "cyl",
                    (15.0, 15.0),
                    pw.height_mm,
                    COLOURS[c],
                    sticker(rng, pw),
                )
            )

    # Wagons with contracts, the discard space, advisors and their discs.
    wagon = one("ceylon", "wagon-spot")
    cw, ch = (float(v) for v in lay["contract_mm"])
    contracts = [by_kind("ceylon", "contract")[int(i)] for i in rng.permutation(20)]
    for i, (x, y) in enumerate(lay["wagons"]):
        x, y = float(x), float(y)
        zid = f"wagons:{i}"
        zones[zid] = rect(x - cw / 2 - 4, y - ch / 2 - 4, x + cw / 2 + 4, y + ch / 2 + 4)
        art.append(
            Art(
                rect(x - cw / 2 - 2, y - ch / 2 - 2, x + cw / 2 + 2, y + ch / 2 + 2), (150, 110, 70)
            )
        )
        printed.append(
            Printed(wagon.marker_id, wagon.kind, wagon.component, x, y, wagon.side_mm, zone=zid)
        )
        if rng.random() < 0.75:
            row = contracts.pop()
            cx, cy, yaw = natural(rng, x, y, pos_mm=1.2, yaw=3.0)
            pieces.append(
                Piece(zid, cx, cy, yaw, "box", (cw, ch), 0.4, COLOURS["card"], sticker(rng, row))
            )
    d = lay["discard"]
    dx, dy = (float(v) for v in d["centre"])
    dw, dh = (float(v) for v in d["card_mm"])
    zones["discard"] = rect(dx - dw / 2 - 4, dy - dh / 2 - 4, dx + dw / 2 + 4, dy + dh / 2 + 4)
    art.append(
        Art(
            rect(dx - dw / 2 - 2, dy - dh / 2 - 2, dx + dw / 2 + 2, dy + dh / 2 + 2),
            (180, 160, 120),
        )
    )
    ds = one("ceylon", "discard-spot")
    printed.append(Printed(ds.marker_id, ds.kind, ds.component, dx, dy, ds.side_mm, zone="discard"))
    if rng.random() < 0.8:
        cards = by_kind("ceylon", "action-card")
        row = cards[int(rng.integers(0, len(cards)))]
        cx, cy, yaw = natural(rng, dx, dy, pos_mm=1.5, yaw=4.0)
        st = sticker(rng, row)
        pieces.append(
            Piece(
                "discard",
                cx,
                cy,
                yaw + float(rng.choice([0.0, 180.0])),
                "box",
                (dw, dh),
                0.4,
                COLOURS["card"],
                st,
            )
        )
    aw, ah = (float(v) for v in lay["advisor_mm"])
    aspot = one("ceylon", "advisor-spot")
    dspot = one("ceylon", "disc-spot")
    advisors = [by_kind("ceylon", "advisor")[int(i)] for i in rng.permutation(8)]
    disc_left = {c: one("ceylon", "disc", c).copies for c in colours}
    for name, (x, y) in lay["advisor_spaces"].items():
        x, y = float(x), float(y)
        zid = f"advisor_spaces:{name}"
        zones[zid] = rect(x - aw / 2 - 3, y - ah / 2 - 3, x + aw / 2 + 3, y + ah / 2 + 3)
        art.append(
            Art(
                rect(x - aw / 2 - 1.5, y - ah / 2 - 1.5, x + aw / 2 + 1.5, y + ah / 2 + 1.5),
                (170, 140, 100),
            )
        )
        printed.append(
            Printed(aspot.marker_id, aspot.kind, aspot.component, x, y, aspot.side_mm, zone=zid)
        )
        if rng.random() < 0.6:
            row = advisors.pop()
            ax, ay, yaw = natural(rng, x, y, pos_mm=1.0, yaw=3.0)
            pieces.append(
                Piece(
                    zid,
                    ax,
                    ay,
                    yaw,
                    "box",
                    (aw - 2, ah - 2),
                    row.height_mm + 1.5,
                    COLOURS["tile"],
                    sticker(rng, row),
                )
            )
        for i, (sx, sy) in enumerate(lay["advisor_disc_spaces"][name]):
            sx, sy = float(sx), float(sy)
            did = f"advisor_disc_spaces:{name}:{i}"
            zones[did] = square(sx, sy, 19.0)
            art.append(Art(square(sx, sy, 17.0), (200, 186, 160)))
            printed.append(
                Printed(
                    dspot.marker_id, dspot.kind, dspot.component, sx, sy, dspot.side_mm, zone=did
                )
            )
            if rng.random() < 0.3:
                c = str(rng.choice(colours))
                if disc_left[c] > 0:
                    disc_left[c] -= 1
                    row = one("ceylon", "disc", c)
                    qx, qy, yaw = natural(rng, sx, sy, pos_mm=0.6)
                    pieces.append(
                        Piece(
                            did,
                            qx,
                            qy,
                            yaw,
                            "cyl",
                            (17.0, 17.0),
                            row.height_mm,
                            COLOURS[c],
                            sticker(rng, row),
                        )
                    )
    keep = list(zones.values())
    art += ornaments(rng, rect(10, 10, bw - 10, bh - 10), keep, 50, (40, 70, 60))
    art += glyph_row(200.0, 24.0, 160.0, 3.5, rng, (40, 50, 40))
    return Table(
        game="ceylon",
        players=players,
        extent=(-10.0, -10.0, bw + 10.0, bh + 10.0),
        paper=(214, 200, 160),
        boards=[(rect(0.0, 0.0, bw, bh), (214, 200, 160))],
        art=art,
        printed=printed,
        pieces=pieces,
        zones=zones,
        notes={"player_colours": colours},
    )
