"""Imhotep's table from hardware/imhotep/layout.json and markers.csv.

A round in progress: four boats from the eight, some in the harbour, some docked at a
site, each with a few stones aboard; the round card, market cards on some market
spaces, the seats' sleds with stones and a few cards; stones built at the sites
(pyramid, temple, burial chamber, obelisks). Stones carry no sticker (the kit reads them
by colour): they are in `Scene.stones`, not in the marker truth.
"""

from __future__ import annotations

import numpy as np

from ..hardware import by_kind, layout, one, rect, square
from ..model import Art, Piece, Polygon, Printed, Table
from .common import COLOURS, glyph_row, natural, ornaments, sticker

STONE_COLOURS = ("black", "white", "brown", "grey")
STONE = 16.0


def build(rng: np.random.Generator) -> Table:
    lay = layout("imhotep")
    players = int(rng.integers(2, 5))
    bw, bh = (float(v) for v in lay["board_mm"])
    boat = lay["boat"]
    zones: dict[str, Polygon] = {}
    pieces: list[Piece] = []
    printed: list[Printed] = []
    art: list[Art] = []
    teal = (0, 128, 128)

    def stone(zid: str, x: float, y: float, colour: str, base: float = 0.0) -> None:
        sx, sy, yaw = natural(rng, x, y, pos_mm=0.8, yaw=5.0)
        pieces.append(
            Piece(
                zid,
                sx,
                sy,
                yaw,
                "box",
                (STONE, STONE),
                STONE,
                COLOURS[colour],
                None,
                label=f"stone:{colour}",
                base=base,
            )
        )

    # Mat corners, edge guards.
    for r in by_kind("imhotep", "corner"):
        x, y = lay["corners"][r.component]
        printed.append(Printed(r.marker_id, r.kind, r.component, float(x), float(y), r.side_mm))
    guard = one("imhotep", "guard")
    for x, y in lay["guards"]:
        printed.append(
            Printed(guard.marker_id, guard.kind, guard.component, float(x), float(y), guard.side_mm)
        )

    # Harbour water and the site boards.
    art.append(Art(rect(40.0, 205.0, 530.0, 350.0), (104, 150, 170)))
    site_colours = {
        "market": (214, 178, 120),
        "pyramid": (222, 196, 140),
        "temple": (208, 188, 150),
        "burial": (190, 170, 140),
        "obelisk": (226, 204, 160),
    }
    colours = [str(c) for c in rng.permutation(STONE_COLOURS)[:players]]
    for name, site in lay["sites"].items():
        x0, y0, x1, y1 = (float(v) for v in site["box"])
        art.append(Art(rect(x0, y0, x1, y1), site_colours.get(name, (210, 190, 150))))
        art.append(Art(rect(x0, y0, x1, y1), (90, 60, 40), fill=False, width_mm=1.0))
        face = str(rng.choice(["A", "B"]))
        side = one("imhotep", "side", f"{name}-{face}")
        for sx, sy in site["side_markers"]:
            printed.append(
                Printed(
                    side.marker_id, side.kind, side.component, float(sx), float(sy), side.side_mm
                )
            )
        art += glyph_row(x0 + 30, y1 - 10, min(80.0, x1 - x0 - 40), 3.0, rng, (70, 40, 30))
    for name, (x0, y0, x1, y1) in lay["stack_box"].items():
        art.append(Art(rect(float(x0), float(y0), float(x1), float(y1)), (236, 230, 214)))
        for px, py in lay["stack_print"][name]:
            art.append(
                Art(square(float(px), float(py), 6.0), (200, 194, 180), fill=False, width_mm=0.4)
            )

    # Stone spaces at the sites, teal squares, stones built on some.
    def stone_space(zid: str, x: float, y: float) -> None:
        zones[zid] = square(x, y, STONE + 6)
        art.append(Art(square(x, y, STONE + 2), teal))

    for i, (x, y, level) in enumerate(lay["pyramid_slots"]):
        if int(level) == 0:
            stone_space(f"pyramid_slots:{i}", float(x), float(y))
    n_pyr = int(rng.integers(0, 10))
    for i in range(n_pyr):
        x, y, _ = lay["pyramid_slots"][i]
        stone(f"pyramid_slots:{i}", float(x), float(y), str(rng.choice(colours)))
    for i, (x, y) in enumerate(lay["temple_columns"]):
        stone_space(f"temple_columns:{i}", float(x), float(y))
        for level in range(int(rng.integers(0, 3))):
            stone(
                f"temple_columns:{i}",
                float(x),
                float(y),
                str(rng.choice(colours)),
                base=level * STONE,
            )
    for i, (x, y) in enumerate(lay["burial_cells"]):
        stone_space(f"burial_cells:{i}", float(x), float(y))
    for i in range(int(rng.integers(0, 12))):
        x, y = lay["burial_cells"][i]
        stone(f"burial_cells:{i}", float(x), float(y), str(rng.choice(colours)))
    for i, (x, y) in enumerate(lay["obelisk_spots"]):
        stone_space(f"obelisk_spots:{i}", float(x), float(y))
        if i < players:
            for level in range(int(rng.integers(0, 4))):
                stone(f"obelisk_spots:{i}", float(x), float(y), colours[i], base=level * STONE)

    # Card spaces: a printed free-card marker on each; cards hide it.
    free = one("imhotep", "free-card")
    cw, ch = (float(v) for v in lay["card_mm"])
    card_left: dict[int, int] = {r.marker_id: r.copies for r in by_kind("imhotep", "card")}

    def card_space(zid: str, x: float, y: float) -> None:
        zones[zid] = rect(x - cw / 2 - 3, y - ch / 2 - 3, x + cw / 2 + 3, y + ch / 2 + 3)
        art.append(
            Art(
                rect(x - cw / 2 - 1.5, y - ch / 2 - 1.5, x + cw / 2 + 1.5, y + ch / 2 + 1.5),
                (120, 90, 60),
                fill=False,
                width_mm=0.8,
            )
        )
        printed.append(
            Printed(free.marker_id, free.kind, free.component, x, y, free.side_mm, zone=zid)
        )

    def card(zid: str, x: float, y: float, marker_id: int) -> None:
        row = next(
            r
            for r in by_kind("imhotep", "card") + by_kind("imhotep", "round-card")
            if r.marker_id == marker_id
        )
        cx, cy, yaw = natural(rng, x, y, pos_mm=1.2, yaw=3.0)
        pieces.append(
            Piece(zid, cx, cy, yaw, "box", (cw, ch), 0.4, COLOURS["card"], sticker(rng, row))
        )

    rx, ry = (float(v) for v in lay["round_card"])
    card_space("round_card", rx, ry)
    rounds = by_kind("imhotep", "round-card")
    card("round_card", rx, ry, rounds[int(rng.integers(0, len(rounds)))].marker_id)

    def draw_card() -> int | None:
        ids = [i for i, n in card_left.items() if n > 0]
        if not ids:
            return None
        i = int(rng.choice(ids))
        card_left[i] -= 1
        return i

    for i, (x, y) in enumerate(lay["market"]):
        zid = f"market:{i}"
        card_space(zid, float(x), float(y))
        if rng.random() < 0.8:
            c = draw_card()
            if c is not None:
                card(zid, float(x), float(y), c)
    sled = one("imhotep", "sled")
    for s, seat in enumerate(lay["seats"][:players]):
        x0, y0, x1, y1 = (float(v) for v in seat["box"])
        art.append(Art(rect(x0 + 2, y0 + 2, x1 - 2, y1 - 2), (232, 220, 196)))
        for mx, my in seat["sled_markers"]:
            printed.append(
                Printed(
                    sled.marker_id, sled.kind, sled.component, float(mx), float(my), sled.side_mm
                )
            )
        n = int(rng.integers(0, 6))
        for j, (x, y) in enumerate(seat["sled_slots"]):
            zid = f"seats:{s}:sled_slots:{j}"
            zones[zid] = square(float(x), float(y), STONE + 3)
            art.append(Art(square(float(x), float(y), STONE + 1), teal))
            if j < n:
                stone(zid, float(x), float(y), colours[s])
        for j, (x, y) in enumerate(seat["card_slots"]):
            zid = f"seats:{s}:card_slots:{j}"
            card_space(zid, float(x), float(y))
            if rng.random() < 0.3:
                c = draw_card()
                if c is not None:
                    card(zid, float(x), float(y), c)

    # Boats: four of the eight, in the harbour or docked at a site.
    boats = [int(b) for b in rng.permutation(8)[:4] + 1]
    width, pitch, end, hull = (
        float(boat[k]) for k in ("width_mm", "slot_pitch_mm", "end_mm", "hull_mm")
    )
    berths = [(float(x), float(y)) for x, y in lay["harbour_berths"]]
    docks = {name: (float(s["dock"][0]), float(s["dock"][1])) for name, s in lay["sites"].items()}
    for i, (x, y) in enumerate(berths):
        zones[f"harbour_berths:{i}"] = rect(x - width / 2 - 4, y - 66, x + width / 2 + 4, y + 66)
    for name, (x, y) in docks.items():
        zones[f"sites:{name}:dock"] = rect(x - width / 2 - 4, y - 22, x + width / 2 + 4, y + 118)
        art.append(Art(rect(x - 18, y - 12, x + 18, y - 6), (90, 60, 40)))
    n_docked = int(rng.integers(0, 3))
    used_x: list[float] = []
    placements: list[tuple[str, float, float]] = []
    for k, b in enumerate(boats):
        cap = 1 + (b - 1) % 4
        length = 2 * end + cap * pitch
        if k < n_docked:
            free_docks = [
                n
                for n, (x, _) in docks.items()
                if all(abs(x - u) > width + 6 for u in used_x)
                and f"sites:{n}:dock" not in [p[0] for p in placements]
            ]
            if free_docks:
                name = str(rng.choice(free_docks))
                dx, dy = docks[name]
                placements.append((f"sites:{name}:dock", dx, dy + length / 2 - 16))
                used_x.append(dx)
                continue
        free_berths = [
            i
            for i, (x, _) in enumerate(berths)
            if all(abs(x - u) > width + 6 for u in used_x)
            and f"harbour_berths:{i}" not in [p[0] for p in placements]
        ]
        if not free_berths:
            continue
        i = int(rng.choice(free_berths))
        placements.append((f"harbour_berths:{i}", berths[i][0], berths[i][1]))
        used_x.append(berths[i][0])
    for (zid, x, y), b in zip(placements, boats, strict=False):
        cap = 1 + (b - 1) % 4
        length = 2 * end + cap * pitch
        bx, by, yaw = natural(rng, x, y, pos_mm=1.5, yaw=1.5)
        pieces.append(
            Piece(
                zid,
                bx,
                by,
                yaw,
                "box",
                (width, length),
                hull,
                COLOURS["wood"],
                None,
                label="part:boat-hull",
            )
        )
        bow = one("imhotep", "boat", f"{b}-bow")
        stern = one("imhotep", "boat", f"{b}-stern")
        for row, sy in ((bow, -length / 2 + end / 2), (stern, length / 2 - end / 2)):
            st = sticker(rng, row)
            pieces.append(
                Piece(
                    zid,
                    bx,
                    by + sy,
                    yaw,
                    "box",
                    (width - 4, end - 1),
                    0.3,
                    COLOURS["wood"],
                    st,
                    label="part:boat-end",
                    base=hull,
                )
            )
        for j in range(int(rng.integers(0, cap + 1))):
            sy = -length / 2 + end + pitch * (j + 0.5)
            stone(zid, bx, by + sy, str(rng.choice(colours)), base=hull)

    keep = [
        *list(zones.values()),
        rect(35, 40, 825, 170),
        rect(35, 200, 535, 355),
        rect(35, 345, 830, 545),
    ]
    art += ornaments(rng, rect(40, 170, 830, 570), keep, 60, (120, 70, 40))
    extent = (-10.0, -10.0, bw + 10.0, bh + 10.0)
    return Table(
        game="imhotep",
        players=players,
        extent=extent,
        paper=(222, 206, 170),
        boards=[(rect(0.0, 0.0, bw, bh), (222, 206, 170))],
        art=art,
        printed=printed,
        pieces=pieces,
        zones=zones,
        notes={"stone_colours": colours, "boats": boats},
    )
