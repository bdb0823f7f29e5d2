"""The MFRC522 driver against the fake chip: every tag in the field, every UID size.

The fake answers at register level and lets several ISO 14443-A tags answer at
once, bit by bit, so these tests run the driver's real anticollision loop.
"""

from __future__ import annotations

import random

import pytest
from amritsar_fw.mfrc522 import MFRC522, crc_a
from amritsar_sim.fake_hw import FakeSPI
from amritsar_sim.fake_mfrc522 import HALT, FakeMFRC522, FakeTag


def _reader() -> tuple[MFRC522, FakeMFRC522]:
    bus = FakeSPI()
    chip = FakeMFRC522()
    reader = MFRC522(bus, bus.attach(chip))
    assert reader.init()
    reader.antenna(True)
    return reader, chip


def test_crc_a_matches_the_hlta_frame_of_iso_14443() -> None:
    assert crc_a(b"\x50\x00") == b"\x57\xcd"


def test_empty_field_gives_no_tag() -> None:
    reader, _ = _reader()
    assert reader.inventory() == []


@pytest.mark.parametrize("size", [4, 7, 10])
def test_one_tag_of_each_uid_size(size: int) -> None:
    reader, chip = _reader()
    uid = bytes(range(0x11, 0x11 + size))
    chip.add_tag(FakeTag(uid))
    assert reader.inventory() == [uid]


def test_four_elephants_on_one_path_are_all_read() -> None:
    reader, chip = _reader()
    uids = [bytes.fromhex(f"04A1B2C3D4E5{i:02X}") for i in range(1, 5)]  # differ in the last byte
    for uid in uids:
        chip.add_tag(FakeTag(uid))
    assert sorted(reader.inventory()) == sorted(uids)
    assert all(tag.state == HALT for tag in chip.tags)
    # The next scan wakes the halted tags with WUPA and reads them all again.
    assert sorted(reader.inventory()) == sorted(uids)


def test_uids_differing_in_one_bit_and_mixed_sizes() -> None:
    reader, chip = _reader()
    uids = [
        bytes.fromhex("04A1B2C3D4E500"),
        bytes.fromhex("04A1B2C3D4E501"),
        bytes.fromhex("84A1B2C3D4E500"),
        bytes.fromhex("DEADBEEF"),
        bytes.fromhex("DEADBEEE"),
        bytes.fromhex("0102030405060708090A"),
    ]
    for uid in uids:
        chip.add_tag(FakeTag(uid))
    assert sorted(reader.inventory()) == sorted(uids)


def test_random_crowds_up_to_the_limit() -> None:
    rng = random.Random(7)
    for _ in range(40):
        reader, chip = _reader()
        uids = {bytes(rng.randrange(256) for _ in range(rng.choice([4, 7]))) for _ in range(8)}
        uids = {u for u in uids if u[0] != 0x88}  # 0x88 first is the cascade tag, never a UID
        for uid in uids:
            chip.add_tag(FakeTag(uid))
        assert sorted(reader.inventory()) == sorted(uids)


def test_a_missing_reader_is_detected() -> None:
    bus = FakeSPI()
    chip = FakeMFRC522()
    chip.plugged = False
    reader = MFRC522(bus, bus.attach(chip))
    assert not reader.init()


def test_two_chip_selects_low_is_a_bus_error() -> None:
    bus = FakeSPI()
    a, b = bus.attach(FakeMFRC522()), bus.attach(FakeMFRC522())
    a.value(0)
    b.value(0)
    with pytest.raises(RuntimeError, match="contention"):
        bus.write(b"\x6e")


def test_the_driver_releases_chip_select_after_each_access() -> None:
    bus = FakeSPI()
    chips = [FakeMFRC522() for _ in range(4)]
    readers = [MFRC522(bus, bus.attach(chip)) for chip in chips]
    chips[2].add_tag(FakeTag(b"\x01\x02\x03\x04"))
    for reader in readers:
        assert reader.init()
        reader.antenna(True)
    # With a chip-select left low the next reader's access would raise.
    assert [r.inventory() for r in readers] == [[], [], [b"\x01\x02\x03\x04"], []]
