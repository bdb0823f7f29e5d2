"""Check the firmware's codec against the shared test vectors; prints one line per check.

Run: ``python check_vectors.py VECTORS.json`` or ``micropython check_vectors.py VECTORS.json``
with ``firmware`` on the path. The last line is ``checked N failed M``; the
tests run it under both interpreters and require M = 0 and the same N.
"""

import json
import sys

from amritsar_fw import framing, messages
from amritsar_fw.mfrc522 import crc_a


def unhex(text):
    return bytes(int(text[i : i + 2], 16) for i in range(0, len(text), 2))


def main(path):
    with open(path) as f:
        vectors = json.load(f)
    results = []

    def check(name, ok):
        results.append(ok)
        print(("ok   " if ok else "FAIL ") + name)

    for v in vectors["crc32"]:
        check("crc32 " + v["data"], "%08x" % framing.crc32(unhex(v["data"])) == v["crc"])
        check("crc32 soft " + v["data"], "%08x" % framing.crc32_soft(unhex(v["data"])) == v["crc"])
    for v in vectors["cobs"]:
        data = unhex(v["data"])
        encoded = unhex(v["encoded"])
        check("cobs encode " + v["data"][:16], framing.cobs_encode(data) == encoded)
        check("cobs decode " + v["data"][:16], framing.cobs_decode(encoded) == data)
    for group in ("messages", "commands"):
        for v in vectors[group]:
            payload = v["payload"].encode()
            frame = unhex(v["frame"])
            check("canonical " + v["name"], messages.dumps(v["message"]) == payload)
            check("frame " + v["name"], framing.encode_frame(payload) == frame)
            check("unframe " + v["name"], framing.decode_frame(frame[:-1]) == payload)
            reader = framing.FrameReader()
            got = reader.feed(b"\x13\x37\x00" + frame + frame)  # noise, then two frames
            check("stream " + v["name"], got == [payload, payload] and reader.bad_frames == 1)
    for v in vectors["commands"]:
        parsed = messages.parse_command(v["payload"].encode())
        check("command " + v["name"], parsed["t"] == v["message"]["t"])
    for v in vectors["bad_frames"]:
        try:
            framing.decode_frame(unhex(v["frame"]))
            refused = False
        except ValueError:
            refused = True
        check("refuse " + v["name"], refused)
    check("crc_a of HLTA", crc_a(b"\x50\x00") == b"\x57\xcd")
    failed = len([r for r in results if not r])
    print("checked %d failed %d" % (len(results), failed))


main(sys.argv[1])
