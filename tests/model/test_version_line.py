"""The version line as each release reads it (spec-0.27: muro/version.md, diagnostics/ver.md;
0.16: muro/version.md of the seed). Every 0.27 answer is pinned beside the 0.16 one on the
same text, so a change that leaks one release's reading into the other fails here."""

from __future__ import annotations

import pytest
from model_support import HEAD

from koyu_model import KoyuError, load
from koyu_model.errors import NewerVersion, NotationError
from koyu_model.reading import clear_cache
from koyu_model.release import KOYU_0_16, KOYU_0_27

BODY = HEAD + "space /L1/a room X1..X2 Y1..Y2\n"
READS = "0.1, 0.2, 0.3, 0.4, 0.5, 1.0, 1.1, 1.2, 1.3, 1.4"


def read(files, text: str, release=KOYU_0_27):
    files.write("main.muro", text)
    return load(files.path(), release=release)


def refusal(files, text: str, release=KOYU_0_27) -> KoyuError:
    with pytest.raises(KoyuError) as caught:
        read(files, text, release)
    return caught.value


# -- each muro version: a line it accepts and one it refuses ------------------------------


@pytest.mark.parametrize(
    ("accepted", "refused", "message"),
    [
        ("koyu 1.0", "muro 1.0", 'The muro keyword arrives in 1.2, and a 1.0 processor cannot read it — a 1.0 file declares itself "koyu 1.0"'),
        ("koyu 1.1", "muro 1.1", 'The muro keyword arrives in 1.2, and a 1.1 processor cannot read it — a 1.1 file declares itself "koyu 1.1"'),
        ("muro 1.2", "koyu 1.2", 'muro 1.2 names itself muro: write "muro 1.2". The koyu spelling names the implementation and stops at 1.1'),
        ("muro 1.3", "koyu 1.3", 'muro 1.3 names itself muro: write "muro 1.3". The koyu spelling names the implementation and stops at 1.1'),
        ("muro 1.4", "koyu 1.4", 'muro 1.4 names itself muro: write "muro 1.4". The koyu spelling names the implementation and stops at 1.1'),
    ],
)  # fmt: skip
def test_each_version_is_read_with_its_own_word_and_refused_with_the_other(files, accepted, refused, message):
    model = read(files, f"{accepted}\n{BODY}")
    assert model.version == accepted.split()[1] and model.version_declared
    error = refusal(files, f"{refused}\n{BODY}")
    assert type(error) is NotationError and error.code == "SYN01"
    assert (error.raw, error.line) == (message, 1)


def test_the_version_line_may_stand_anywhere_in_the_entry(files):
    assert read(files, f"{BODY}muro 1.3\n").version == "1.3"
    assert refusal(files, f"{BODY}koyu 1.3\n").line == 5


def test_a_file_without_a_version_line_is_read_as_1_1_under_0_27_and_1_0_under_0_16(files):
    assert (read(files, BODY).version, read(files, BODY).version_declared) == ("1.1", False)
    assert read(files, BODY, KOYU_0_16).version == "1.0"


# -- versions not read: later ones are VER06, others a parse error --------------------------


def test_a_version_later_than_1_4_is_ver06_and_the_reader_is_to_blame(files):
    error = refusal(files, f"muro 1.5\n{BODY}")
    assert isinstance(error, NewerVersion) and error.code == "VER06" and error.line == 1
    assert error.raw == (
        "This file is written in muro 1.5, and this build of koyu (0.27.0) reads up to 1.4."
        " The file is not the problem — upgrade koyu"
    )
    # later by number, not by spelling: 1.10 comes after 1.4
    assert refusal(files, f"muro 1.10\n{BODY}").code == "VER06"


def test_a_later_version_spelled_koyu_is_first_the_wrong_word(files):
    error = refusal(files, f"koyu 9.9\n{BODY}")
    assert error.code == "SYN01"
    assert error.raw.startswith('muro 9.9 names itself muro: write "muro 9.9".')


@pytest.mark.parametrize(("line", "word", "version"), [("muro 0.6", "muro", "0.6"), ("koyu 0.0001", "koyu", "0.0001"), ("muro -1.4", "muro", "-1.4"), ("muro 99999", "muro", "99999")])  # fmt: skip
def test_a_version_no_release_had_is_unsupported_in_the_word_written(files, line, word, version):
    error = refusal(files, f"{line}\n{BODY}")
    assert error.code == "SYN01"
    assert error.raw == f"Unsupported {word} version: {version} (this tool supports {READS})"


def test_the_line_takes_exactly_a_word_and_a_version(files):
    assert refusal(files, f"muro\n{BODY}").raw == "muro takes a version: muro 1.4"
    assert refusal(files, f"koyu\n{BODY}").raw == "koyu takes a version: muro 1.4"
    assert refusal(files, f"muro 1.2 latest\n{BODY}").raw == "Extra tokens on the muro version declaration: latest"


def test_the_version_is_declared_once_and_in_the_base_layer_only(files):
    assert refusal(files, f"muro 1.4\nkoyu 1.1\n{BODY}").raw == "The version is declared once (already 1.4)"
    files.write("sub.muro", "muro 1.4\n")
    error = refusal(files, f"import ./sub.muro\n{BODY}")
    assert error.raw == "The version is declared only in the base layer (the entry)"
    assert error.file is not None and error.file.endswith("sub.muro")


# -- 0.16 does not move ---------------------------------------------------------------------


def test_0_16_reads_only_the_koyu_word_and_its_own_versions(files):
    assert refusal(files, f"muro 1.2\n{BODY}", KOYU_0_16).raw == "Unknown keyword: muro"
    assert refusal(files, f"koyu 1.5\n{BODY}", KOYU_0_16).raw == (
        "Unsupported koyu version: 1.5 (this tool supports 0.1, 0.2, 0.3, 0.4, 0.5, 1.0)"
    )
    assert refusal(files, f"koyu\n{BODY}", KOYU_0_16).raw == "koyu takes a version: koyu 1.0"
    assert (
        refusal(files, f"koyu 1.0\nkoyu 1.0\n{BODY}", KOYU_0_16).raw
        == "The koyu version is declared once (already 1.0)"
    )


def test_the_same_unchanged_file_read_as_two_releases_is_two_models(files):
    clear_cache()
    files.write("main.muro", BODY)
    first_16 = load(files.path())
    as_27 = load(files.path(), release=KOYU_0_27)
    assert (first_16.version, as_27.version) == ("1.0", "1.1")
    assert load(files.path()) is first_16 and load(files.path(), release=KOYU_0_27) is as_27
