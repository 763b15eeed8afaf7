"""Which fonts resvg is handed: a Japanese sans-serif family from fontconfig or from the font
folders, and what a label needs."""

from koyu_view import fonts


def test_fontconfig_s_japanese_sans_serif_family_is_chosen_with_all_its_files(monkeypatch):
    listing = "".join(
        f"{file}\t{family}\t{style}\n"
        for file, family, style in (
            ("/f/NotoSerifCJK-Regular.ttc", "Noto Serif CJK JP", "Regular"),
            ("/f/NotoSansCJK-Regular.ttc", "Noto Sans Mono CJK JP", "Regular"),
            ("/f/NotoSansCJK-Regular.ttc", "Noto Sans CJK TC", "Regular"),
            ("/f/NotoSansCJK-Bold.ttc", "Noto Sans CJK JP", "Bold"),
            ("/f/NotoSansCJK-Regular.ttc", "Noto Sans CJK JP", "Regular"),
        )
    )
    monkeypatch.setattr(fonts, "_run", lambda command: listing if command[0] == "fc-list" else "")
    assert fonts.cjk_from_fontconfig() == fonts.Fonts(
        sans_serif="Noto Sans CJK JP", files=("/f/NotoSansCJK-Bold.ttc", "/f/NotoSansCJK-Regular.ttc"), cjk=True
    )
    monkeypatch.setattr(fonts, "_run", lambda command: "")  # no Japanese font, or no answer
    assert fonts.cjk_from_fontconfig() is None


def test_without_fontconfig_the_folders_are_searched_for_a_known_font(tmp_path):
    (tmp_path / "ipa").mkdir()
    (tmp_path / "ipa" / "ipag.ttf").write_bytes(b"")
    (tmp_path / "noto" / "deep").mkdir(parents=True)
    (tmp_path / "noto" / "deep" / "NotoSansCJK-Regular.ttc").write_bytes(b"")
    (tmp_path / "noto" / "NotoSansCJK-Regular.txt").write_bytes(b"")  # not a font file
    found = fonts.cjk_from_folders([str(tmp_path / "ipa"), str(tmp_path / "noto")])
    assert found == fonts.Fonts(
        sans_serif="Noto Sans CJK JP", files=(str(tmp_path / "noto" / "deep" / "NotoSansCJK-Regular.ttc"),), cjk=True
    )
    assert fonts.cjk_from_folders([str(tmp_path / "ipa")]).sans_serif == "IPAGothic"
    assert fonts.cjk_from_folders([str(tmp_path / "none")]) is None


def test_what_needs_a_cjk_font():
    assert fonts.holds_cjk("<text>居間</text>") and fonts.holds_cjk("ホール") and fonts.holds_cjk("거실")
    assert not fonts.holds_cjk("<text>Living room · 12.5 m2 — ±0</text>")
