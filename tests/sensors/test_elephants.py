"""The pairing file: colour to UID, one to one, with errors a person can act on."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.amritsar.sensors.elephants import ElephantRegistry, PairingError, normalise_uid


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "elephants.toml"
    registry = ElephantRegistry({"purple": "04:a1:b2:c3:d4:e5:01", "orange": "DEADBEEF"})
    registry.save(path)
    text = path.read_text()
    assert text.startswith("# Which NFC sticker")
    assert 'purple = "04A1B2C3D4E501"' in text
    again = ElephantRegistry.load(path)
    assert again.pairs() == {"purple": "04A1B2C3D4E501", "orange": "DEADBEEF"}
    assert again.colour_of("DEADBEEF") == "orange"
    assert again.colour_of("04A1B2C3D4E502") is None


def test_missing_file_is_an_empty_pairing(tmp_path: Path) -> None:
    assert ElephantRegistry.load(tmp_path / "none.toml").pairs() == {}


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ('[elephants]\nmauve = "DEADBEEF"\n', "unknown player colour 'mauve'"),
        ('[elephants]\npurple = "XYZ"\n', "not a tag UID"),
        (
            '[elephants]\npurple = "DEADBEEF"\ngrey = "deadbeef"\n',
            "paired with both purple and grey",
        ),
        ("[elephants]\npurple = 12\n", "UID in quotes"),
        ("[elephants\n", "not valid TOML"),
    ],
)
def test_bad_files_say_what_to_fix(tmp_path: Path, content: str, words: str) -> None:
    path = tmp_path / "elephants.toml"
    path.write_text(content)
    with pytest.raises(PairingError, match=r"elephants\.toml") as caught:
        ElephantRegistry.load(path)
    assert words in str(caught.value)


def test_pairing_moves_a_tag_from_one_colour_to_another() -> None:
    registry = ElephantRegistry({"purple": "DEADBEEF", "grey": "04A1B2C3D4E502"})
    moved = registry.paired("pink", "deadbeef")
    assert moved.pairs() == {"grey": "04A1B2C3D4E502", "pink": "DEADBEEF"}
    assert registry.pairs()["purple"] == "DEADBEEF"  # the original is untouched
    replaced = moved.paired("grey", "01020304")
    assert replaced.uid_of("grey") == "01020304" and replaced.colour_of("04A1B2C3D4E502") is None


def test_uid_spellings() -> None:
    assert normalise_uid(" 04 a1-b2:c3 d4e5f6 ") == "04A1B2C3D4E5F6"
    with pytest.raises(PairingError, match="4, 7 or 10 bytes"):
        normalise_uid("04A1B2C3D4")
