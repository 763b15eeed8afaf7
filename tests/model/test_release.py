"""The releases are values: what each says about itself (koyu_model/release.py)."""

from koyu_model.model import VERSIONS
from koyu_model.release import DEFAULT, KOYU_0_16, KOYU_0_27, named


def test_the_default_is_0_16_and_reads_what_the_reader_reads():
    assert DEFAULT is KOYU_0_16 and named("0.16") is KOYU_0_16 and named("0.27") is KOYU_0_27
    assert named("0.2") is None and named("") is None
    assert KOYU_0_16.reads == VERSIONS and KOYU_0_16.newest == "1.0"


def test_each_release_words_its_version_line_as_that_release_does():
    assert KOYU_0_16.version_line("koyu") == "koyu 0.16.0 (muro 1.0)"
    assert KOYU_0_27.version_line("koyu") == (
        "koyu 0.27.0 — reads muro 0.1–1.4 (newest 1.4; a file with no version line is read as 1.1)"
    )
