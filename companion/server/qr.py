"""QR codes for the join links, drawn in Python as SVG (segno; nothing downloads).

The table screen shows one code per seat. The SVG travels as a ``data:`` URI
and is shown in an ``<img>``, so the browser treats it as a picture: nothing
in it can run, and the page never parses markup it was sent.
"""

from __future__ import annotations

import segno


def qr_data_uri(text: str, *, scale: int = 6) -> str:
    """An SVG QR code of ``text`` (error correction M, quiet zone of 4) as a data URI."""
    code = segno.make(text, error="m", micro=False)
    return str(code.svg_data_uri(scale=scale, border=4, dark="#000", light="#fff"))
