"""The companion's codec: shared vectors, clear errors, and fuzzing with hypothesis.

The 10^6-frame fuzz run lives in ``bench/sensor_fuzz.py``; here hypothesis
explores the same properties within the suite's time budget.
"""

from __future__ import annotations

import contextlib
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.amritsar.sensors.protocol import (
    FrameDecoder,
    FullState,
    ProtocolError,
    cobs_decode,
    cobs_encode,
    command,
    decode_frame,
    encode_frame,
    encode_json,
    parse_message,
)

VECTORS: dict[str, Any] = json.loads(
    (Path(__file__).resolve().parents[1] / "data" / "sensor-protocol-vectors.json").read_text()
)
GOOD_FRAMES = [bytes.fromhex(v["frame"]) for v in VECTORS["messages"]]


def test_crc_and_cobs_vectors() -> None:
    import zlib

    for v in VECTORS["crc32"]:
        assert f"{zlib.crc32(bytes.fromhex(v['data'])):08x}" == v["crc"]
    for v in VECTORS["cobs"]:
        assert cobs_encode(bytes.fromhex(v["data"])).hex() == v["encoded"]
        assert cobs_decode(bytes.fromhex(v["encoded"])).hex() == v["data"]


@pytest.mark.parametrize("vector", VECTORS["messages"], ids=lambda v: v["name"])
def test_message_vectors_decode_and_encode(vector: dict[str, Any]) -> None:
    frame = bytes.fromhex(vector["frame"])
    payload = decode_frame(frame[:-1])
    assert payload == vector["payload"].encode() == encode_json(vector["message"])
    assert encode_frame(payload) == frame
    message = parse_message(payload)
    assert message.header.seq == vector["message"]["seq"]
    assert message.header.board == "table-1"
    if isinstance(message, FullState):  # the challenge it answers, or None
        assert message.nonce == vector["message"].get("nonce")


def test_command_vectors_match_the_companion_encoder() -> None:
    made = [
        command("hello"),
        command("state"),
        command("resend", **{"from": 42}),
        command("state", nonce="5e1f0c2a9b7d3e61"),
    ]
    assert [encode_frame(p).hex() for p in made] == [v["frame"] for v in VECTORS["commands"]]


@pytest.mark.parametrize("vector", VECTORS["bad_frames"], ids=lambda v: v["name"])
def test_bad_frames_are_refused_with_their_kind(vector: dict[str, Any]) -> None:
    with pytest.raises(ProtocolError) as caught:
        decode_frame(bytes.fromhex(vector["frame"]))
    expected = {"crc_or_cobs": {"crc", "cobs", "length"}}.get(vector["kind"], {vector["kind"]})
    assert caught.value.kind in expected


@pytest.mark.parametrize("vector", VECTORS["bad_messages"], ids=lambda v: v["name"])
def test_bad_messages_say_which_field(vector: dict[str, Any]) -> None:
    payload = decode_frame(bytes.fromhex(vector["frame"])[:-1])
    with pytest.raises(ProtocolError) as caught:
        parse_message(payload)
    assert caught.value.kind == vector["kind"]
    assert vector["mentions"] in str(caught.value)


def test_stream_decoder_survives_noise_and_counts_it() -> None:
    decoder = FrameDecoder()
    noise = bytes([0x13, 0x37, 0x00, 0xFF, 0xFF, 0x00])
    stream = noise + GOOD_FRAMES[0] + b"\x42" * 5000 + b"\x00" + GOOD_FRAMES[1]
    payloads: list[bytes] = []
    for i in range(0, len(stream), 7):  # arbitrary chunking
        payloads += decoder.feed(stream[i : i + 7])
    assert payloads == [decode_frame(GOOD_FRAMES[0][:-1]), decode_frame(GOOD_FRAMES[1][:-1])]
    assert sum(decoder.errors.values()) == 3
    assert decoder.errors["length"] == 1  # the 5000-byte run


# ------------------------------------------------------------------------- fuzzing

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(st.binary(max_size=3000))
def test_random_bytes_never_crash_and_never_yield_a_bad_crc(data: bytes) -> None:
    decoder = FrameDecoder()
    for payload in decoder.feed(data):
        assert decode_frame(encode_frame(payload)[:-1]) == payload
        with contextlib.suppress(ProtocolError):
            parse_message(payload)


@FUZZ
@given(
    st.sampled_from(GOOD_FRAMES),
    st.lists(
        st.tuples(
            st.sampled_from(["flip", "set", "insert", "delete"]),
            st.integers(0, 10_000),
            st.integers(0, 255),
        ),
        min_size=1,
        max_size=6,
    ),
)
def test_mutated_frames_are_never_accepted_as_something_else(
    frame: bytes, mutations: list[tuple[str, int, int]]
) -> None:
    original = decode_frame(frame[:-1])
    body = bytearray(frame[:-1])
    for kind, where, value in mutations:
        i = where % (len(body) + 1)
        if kind == "flip" and i < len(body):
            body[i] ^= 1 << (value % 8)
        elif kind == "set" and i < len(body):
            body[i] = value
        elif kind == "insert":
            body.insert(i, value)
        elif kind == "delete" and i < len(body):
            del body[i]
    decoder = FrameDecoder()
    for payload in decoder.feed(bytes(body) + b"\x00"):
        assert payload == original  # a mutation may cancel out; it may never change meaning


@FUZZ
@given(st.binary(max_size=1024), st.integers(1, 64))
def test_any_payload_survives_framing_in_any_chunks(payload: bytes, chunk: int) -> None:
    stream = encode_frame(payload) * 2
    decoder = FrameDecoder()
    got: list[bytes] = []
    for i in range(0, len(stream), chunk):
        got += decoder.feed(stream[i : i + chunk])
    assert got == [payload, payload] if payload else got == []


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=6)
    ),
    max_leaves=25,
)


@FUZZ
@given(JSON, st.sampled_from(VECTORS["messages"]))
def test_arbitrary_json_is_a_message_or_a_clear_error(value: Any, vector: dict[str, Any]) -> None:
    # Either the value itself, or a real message with one field replaced by it.
    message = dict(vector["message"])
    key = random.Random(repr(value)).choice(sorted(message))
    message[key] = value
    for candidate in (value, message):
        try:
            payload = json.dumps(candidate).encode()
        except (TypeError, ValueError):
            continue
        try:
            parse_message(payload)
        except ProtocolError as error:
            assert error.kind in {"json", "version", "type", "field"}
            assert str(error)
