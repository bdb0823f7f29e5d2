"""Amritsar's table from hardware/layout.json and hardware/markers.csv.

A plausible mid-game position: workers in sections (at most 4, slot order from the
anchors), elephants on paths, the Maharajah token on one of its spaces, donation
counters on some donation spaces of the player count in play, counters on the players'
market spaces, district tiles in every district slot, temple tiles, bridges (one face
up), revealed storehouses, coins on some coin spots and resource cubes in some market
cells (those two carry no sticker: they hide the printed marker under them).
"""

from __future__ import annotations

import numpy as np

from ..hardware import by_kind, centroid, circle, layout, one, rect, square
from ..model import Art, Piece, Polygon, Printed, Table
from .common import COLOURS, glyph_row, natural, ornaments, sticker

WORKER_GROUPS = {"Y": "yellow", "B": "darkblue", "W": "white", "G": "green"}
PLAYER_COLOURS = ("purple", "grey", "pink", "orange")


def build(rng: np.random.Generator) -> Table:
    lay = layout("amritsar")
    players = int(rng.integers(2, 5))
    zones: dict[str, Polygon] = {}
    anchors: dict[str, list[tuple[float, float]]] = {}
    kinds: dict[str, str] = {}
    for z in lay["zones"]:
        if "players" in z and players not in z["players"]:
            continue
        zid = f"{z['kind']}:{z['name']}"
        zones[zid] = tuple((float(p[0]), float(p[1])) for p in z["polygon"])
        anchors[zid] = [(float(a[0]), float(a[1])) for a in z.get("anchors", [])] or [
            centroid(zones[zid])
        ]
        kinds[zid] = z["kind"]

    art, printed = _board_art(rng, lay, zones, kinds)
    pieces: list[Piece] = []
    colours = [str(c) for c in rng.permutation(PLAYER_COLOURS)[:players]]

    # Workers: 16 exist (4 per group); sections hold up to 4 in anchor order.
    workers = [r for r in by_kind("amritsar", "worker")]
    pool = [int(i) for i in rng.permutation(len(workers))]
    for zid in [z for z in zones if kinds[z] == "section"]:
        n = int(rng.choice([0, 1, 1, 2, 2, 3, 4]))
        for slot in range(min(n, len(pool), len(anchors[zid]))):
            w = workers[pool.pop()]
            x, y, yaw = natural(rng, *anchors[zid][slot])
            pieces.append(
                Piece(
                    zid,
                    x,
                    y,
                    yaw,
                    "box",
                    (14.0, 14.0),
                    w.height_mm,
                    COLOURS[WORKER_GROUPS[w.component[0]]],
                    sticker(rng, w),
                )
            )
    if players == 2:
        for zid in [z for z in zones if kinds[z] == "maharajah-worker"]:
            if pool and rng.random() < 0.35:
                w = workers[pool.pop()]
                x, y, yaw = natural(rng, *anchors[zid][0])
                pieces.append(
                    Piece(
                        zid,
                        x,
                        y,
                        yaw,
                        "box",
                        (14.0, 14.0),
                        w.height_mm,
                        COLOURS[WORKER_GROUPS[w.component[0]]],
                        sticker(rng, w),
                    )
                )

    # Elephants: the players' own, each on one of the four paths.
    used_path_slots: dict[str, int] = {}
    for colour in colours:
        e = one("amritsar", "elephant", colour)
        zid = f"path:{rng.choice(['N', 'E', 'S', 'W'])}"
        k = used_path_slots.get(zid, 0)
        used_path_slots[zid] = k + 1
        x, y, yaw = natural(rng, *anchors[zid][k % len(anchors[zid])])
        horizontal = zid in ("path:N", "path:S")
        size = (28.0, 19.0) if horizontal else (19.0, 28.0)
        pieces.append(
            Piece(zid, x, y, yaw, "box", size, e.height_mm, COLOURS[colour], sticker(rng, e))
        )

    # The Maharajah token.
    m = one("amritsar", "maharajah", "maharajah-board")
    zid = str(rng.choice([z for z in zones if kinds[z] == "maharajah"]))
    x, y, yaw = natural(rng, *anchors[zid][0])
    pieces.append(
        Piece(zid, x, y, yaw, "cyl", (26.0, 26.0), m.height_mm, COLOURS["gold"], sticker(rng, m))
    )

    # Donation counters (16 per colour, shared with the market spaces).
    left = {c: 16 for c in colours}
    for zid in [z for z in zones if kinds[z] == "donation"]:
        if rng.random() < 0.35:
            c = str(rng.choice(colours))
            if left[c] > 0:
                left[c] -= 1
                row = one("amritsar", "donation-counter", c)
                x, y, yaw = natural(rng, *anchors[zid][0], pos_mm=0.6)
                pieces.append(
                    Piece(
                        zid,
                        x,
                        y,
                        yaw,
                        "box",
                        (14.0, 14.0),
                        row.height_mm,
                        COLOURS[c],
                        sticker(rng, row),
                    )
                )
    for c in colours:
        zid = f"market-space:{c}"
        if zid not in zones:
            continue
        n = min(int(rng.integers(0, 7)), left[c])
        left[c] -= n
        row = one("amritsar", "donation-counter", c)
        for slot in range(n):
            x, y, yaw = natural(rng, *anchors[zid][slot], pos_mm=0.6)
            pieces.append(
                Piece(
                    zid,
                    x,
                    y,
                    yaw,
                    "box",
                    (14.0, 14.0),
                    row.height_mm,
                    COLOURS[c],
                    sticker(rng, row),
                )
            )

    # Setup tiles: district tiles in every slot, temple tiles, bridges, storehouses.
    districts = by_kind("amritsar", "district-tile")
    for zid, d in zip(
        [z for z in zones if kinds[z] == "district-slot"],
        [districts[int(i)] for i in rng.permutation(len(districts))],
        strict=False,
    ):
        cx, cy = centroid(zones[zid])
        x, y, yaw = natural(rng, cx, cy, pos_mm=0.8, yaw=2.0)
        tint = {"Y": "yellow", "B": "blue", "W": "white", "G": "green"}[d.component[1]]
        mixed = tuple(
            0.55 * a + 0.45 * b for a, b in zip(COLOURS["tile"], COLOURS[tint], strict=False)
        )
        pieces.append(
            Piece(
                zid,
                x,
                y,
                yaw,
                "box",
                (44.0, 44.0),
                d.height_mm,
                (mixed[0], mixed[1], mixed[2]),
                sticker(rng, d),
            )
        )
    temples = by_kind("amritsar", "temple-tile")
    for zid, t in zip(
        [z for z in zones if kinds[z] == "temple"],
        [temples[int(i)] for i in rng.permutation(len(temples))],
        strict=False,
    ):
        x, y, yaw = natural(rng, *anchors[zid][0], pos_mm=1.0, yaw=2.0)
        rot = float(rng.choice([0.0, 90.0, 180.0, 270.0])) if zid == "temple:active" else 0.0
        tile = sticker(rng, t)
        pieces.append(
            Piece(zid, x, y, yaw + rot, "box", (64.0, 64.0), t.height_mm, COLOURS["marble"], tile)
        )
    bridges = by_kind("amritsar", "bridge-tile")
    names = sorted({b.component.split(":")[0] for b in bridges})
    for zid, name in zip(
        [z for z in zones if kinds[z] == "bridge"],
        [names[int(i)] for i in rng.permutation(len(names))],
        strict=False,
    ):
        face = str(rng.choice(["front", "back"]))
        b = one("amritsar", "bridge-tile", f"{name}:{face}")
        x, y, yaw = natural(rng, *anchors[zid][0], pos_mm=0.5, yaw=2.0)
        pieces.append(
            Piece(
                zid, x, y, yaw, "box", (19.0, 19.0), b.height_mm, COLOURS["brown"], sticker(rng, b)
            )
        )
    stores = by_kind("amritsar", "storehouse")
    zid = "storehouses:display"
    shown = int(rng.integers(3, 13))
    for slot, i in enumerate(rng.permutation(len(stores))[:shown]):
        s = stores[int(i)]
        x, y, yaw = natural(rng, *anchors[zid][slot], pos_mm=1.0, yaw=3.0)
        pieces.append(
            Piece(
                zid, x, y, yaw, "box", (34.0, 34.0), s.height_mm, COLOURS["tile"], sticker(rng, s)
            )
        )

    # Coins and cubes: no stickers, they hide the printed spot.
    for zid in [z for z in zones if kinds[z] == "coin-spot"]:
        if rng.random() < 0.4:
            n = int(rng.integers(1, 4))
            x, y, yaw = natural(rng, *anchors[zid][0], pos_mm=0.8)
            pieces.append(
                Piece(
                    zid,
                    x,
                    y,
                    yaw,
                    "cyl",
                    (19.0, 19.0),
                    2.0 * n,
                    COLOURS["gold"],
                    None,
                    label="coin",
                    glossy=0.8,
                )
            )
    for zid in [z for z in zones if kinds[z] == "market-cell"]:
        if rng.random() < 0.5:
            res = zid.split(":")[1]
            x, y, yaw = natural(rng, *anchors[zid][0], pos_mm=0.5, yaw=5.0)
            pieces.append(
                Piece(zid, x, y, yaw, "box", (13.0, 13.0), 13.0, COLOURS[res], None, label="cube")
            )

    return Table(
        game="amritsar",
        players=players,
        extent=tuple(float(v) for v in lay["extent_mm"]),  # type: ignore[arg-type]
        paper=(226, 204, 158),
        boards=[
            (rect(0.0, 0.0, *[float(v) for v in lay["board_mm"]]), (226, 204, 158)),
            (rect(646.0, 54.0, 784.0, 586.0), (212, 196, 170)),
        ],
        art=art,
        printed=printed,
        pieces=pieces,
        zones=zones,
        notes={"player_colours": colours},
    )


ZONE_ART = {
    "section": ((238, 222, 184), (120, 70, 40)),
    "coin-spot": ((232, 196, 90), (120, 80, 20)),
    "district-slot": ((214, 190, 150), (110, 70, 40)),
    "path": ((196, 160, 112), (120, 84, 50)),
    "maharajah": ((230, 200, 120), (140, 40, 40)),
    "maharajah-worker": ((240, 226, 190), (140, 40, 40)),
    "donation": ((244, 234, 206), (150, 60, 50)),
    "temple": ((250, 246, 236), (170, 140, 60)),
    "bridge": ((170, 130, 90), (90, 60, 30)),
    "market-cell": ((240, 232, 210), (100, 80, 60)),
    "market-space": ((236, 226, 206), (90, 70, 60)),
    "storehouses": ((222, 206, 176), (120, 90, 60)),
}


def _board_art(
    rng: np.random.Generator,
    lay: dict[str, object],
    zones: dict[str, Polygon],
    kinds: dict[str, str],
) -> tuple[list[Art], list[Printed]]:
    art: list[Art] = []
    printed: list[Printed] = []
    # The lake around the golden temple, and a double frame along the board's edge.
    art.append(Art(circle(320.0, 320.0, 112.0, 64), (92, 150, 186)))
    art.append(Art(circle(320.0, 320.0, 104.0, 64), (120, 176, 204)))
    for inset, col in ((6.0, (120, 40, 36)), (10.0, (200, 150, 60))):
        art.append(Art(rect(inset, inset, 640 - inset, 640 - inset), col, fill=False, width_mm=1.6))
    # Ornaments between the zones, lettering along the edges.
    keep = [
        *list(zones.values()),
        square(16, 16, 40),
        square(624, 16, 40),
        square(624, 624, 40),
        square(16, 624, 40),
    ]
    art += ornaments(rng, rect(12, 12, 628, 628), keep, 220, (128, 52, 40))
    for y in (32.0, 604.0):
        art += glyph_row(90.0, y, 150.0, 3.2, rng, (70, 40, 30))
    for zid, poly in zones.items():
        kind = kinds[zid]
        fill, ink = ZONE_ART[kind]
        if kind == "donation":
            art.append(Art(poly, fill))
            art.append(Art(poly, ink, fill=False, width_mm=0.5))
            cx, cy = centroid(poly)
            # the donation icon: a small dark lotus/diamond in the middle of the space
            s = 3.2
            art.append(
                Art(
                    ((cx, cy - s), (cx + s * 0.8, cy), (cx, cy + s), (cx - s * 0.8, cy)),
                    (96, 40, 36),
                )
            )
            continue
        art.append(Art(poly, fill))
        art.append(Art(poly, ink, fill=False, width_mm=0.9))
        if kind == "section":
            for ax, ay in [(float(a[0]), float(a[1])) for a in _anchors(lay, zid)]:
                art.append(Art(circle(ax, ay, 8.5, 20), ink, fill=False, width_mm=0.5))
        if kind == "path":
            xs = [p[0] for p in poly]
            ys = [p[1] for p in poly]
            for k in range(12):
                t = (k + 0.5) / 12
                if max(xs) - min(xs) > max(ys) - min(ys):
                    art.append(
                        Art(
                            circle(
                                min(xs) + t * (max(xs) - min(xs)), (min(ys) + max(ys)) / 2, 2.0, 8
                            ),
                            ink,
                        )
                    )
                else:
                    art.append(
                        Art(
                            circle(
                                (min(xs) + max(xs)) / 2, min(ys) + t * (max(ys) - min(ys)), 2.0, 8
                            ),
                            ink,
                        )
                    )
        if kind == "temple":
            cx, cy = centroid(poly)
            art.append(Art(circle(cx, cy, 20, 24), (214, 176, 80), fill=False, width_mm=1.2))
    corner_rows = {r.component: r for r in by_kind("amritsar", "board-corner")}
    corners = lay["corners"]
    assert isinstance(corners, dict)
    for name, (x, y) in corners.items():
        r = corner_rows[name]
        printed.append(Printed(r.marker_id, r.kind, r.component, float(x), float(y), r.side_mm))
    coin = one("amritsar", "coin-spot")
    cell = one("amritsar", "market-cell")
    for zid, poly in zones.items():
        if kinds[zid] == "coin-spot":
            cx, cy = centroid(poly)
            printed.append(
                Printed(coin.marker_id, coin.kind, coin.component, cx, cy, coin.side_mm, zone=zid)
            )
        elif kinds[zid] == "market-cell":
            cx, cy = centroid(poly)
            printed.append(
                Printed(cell.marker_id, cell.kind, cell.component, cx, cy, cell.side_mm, zone=zid)
            )
    return art, printed


def _anchors(lay: dict[str, object], zid: str) -> list[list[float]]:
    zs = lay["zones"]
    assert isinstance(zs, list)
    for z in zs:
        if f"{z['kind']}:{z['name']}" == zid:
            return list(z.get("anchors", []))
    return []
