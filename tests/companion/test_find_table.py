"""The table screen's address by name (``<hostname>.local``) and as a QR code in the console."""

from __future__ import annotations

import cv2
import numpy as np

from companion.find_table import finding_text, qr_text, table_urls

#: What each block character draws: (upper half light, lower half light).
_HALVES = {"█": (255, 255), "▀": (255, 0), "▄": (0, 255), " ": (0, 0)}


def _decode(text: str) -> str:
    """Draw the block characters back into pixels and read the QR code with OpenCV."""
    rows: list[list[int]] = []
    for line in text.splitlines():
        rows.append([_HALVES[c][0] for c in line])
        rows.append([_HALVES[c][1] for c in line])
    image = np.array(rows, dtype=np.uint8)
    image = cv2.copyMakeBorder(image, 4, 4, 4, 4, cv2.BORDER_CONSTANT, value=255)
    image = cv2.resize(image, None, fx=8, fy=8, interpolation=cv2.INTER_NEAREST)
    decoded, _, _ = cv2.QRCodeDetector().detectAndDecode(image)
    return str(decoded)


def test_the_name_address_comes_first_when_serving_the_network() -> None:
    urls = table_urls("0.0.0.0", 8000, hostname="amritsar")
    assert urls[0] == "http://amritsar.local:8000/table"
    assert all(u.startswith("http://") and u.endswith(":8000/table") for u in urls)
    assert table_urls("127.0.0.1", 8123) == ["http://127.0.0.1:8123/table"]
    assert table_urls("0.0.0.0", 8000, hostname="amritsar.lan")[0].startswith(
        "http://amritsar.local"
    )


def test_the_console_qr_code_scans_to_the_table_screen() -> None:
    url = "http://amritsar.local:8000/table"
    text = qr_text(url)
    assert set(text) <= set(_HALVES) | {"\n"}
    assert _decode(text) == url
    printed = finding_text("0.0.0.0", 8000, hostname="amritsar")
    assert "Open the table screen at http://amritsar.local:8000/table" in printed
    assert "Abre la pantalla de la mesa" in printed
    assert _decode(printed.split("Escanea para abrirla:\n", 1)[1]) == url
