"""The personal boards' part of the Amritsar kit: marker list and layout JSON.

``hardware/amritsar-boards/markers.csv`` and ``layout.json`` are these
functions' output, kept in step by a test (``tests/vision/games/test_amritsar_boards.py``).
"""

from __future__ import annotations

import csv
import io
import json

from .layout import as_json
from .plan import boards_plan

#: stickers per personal board, by kind (the counters' and storehouses' are the main kit's)
PER_BOARD = {"board-mark": 2, "spot": 3 * 7 + 16 + 3 + 4, "mahout-tile": 7, "objective": 4}


def plan_csv() -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["marker_id", "kind", "component", "side_mm", "height_mm", "per_board"])
    for e in boards_plan().entries:
        per = PER_BOARD.get(e.kind, 4 if e.kind == "counter" else 0)
        w.writerow([e.marker_id, e.kind, e.component, e.side_mm, e.height_mm, per])
    return out.getvalue()


def layout_json() -> str:
    return json.dumps(as_json(), indent=1) + "\n"
