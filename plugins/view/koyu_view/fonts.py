"""Which fonts resvg is handed, so a drawing's labels — room names are often Japanese —
come out as letters rather than boxes or nothing.

resvg draws a glyph missing from the chosen font from any other loaded font that has it,
but it draws no text at all when none of the families a ``font-family`` names is found
(our drawings name Hiragino Sans, Noto Sans CJK JP and a few more, then ``sans-serif``,
which resvg takes for Arial). So a CJK font found on the machine is handed over as the
``sans-serif`` family, its files loaded even where resvg would not look; with none, the
machine's own sans-serif (fontconfig's answer) keeps the Latin words. Looked up once per
process: fontconfig first (``fc-list :lang=ja``), else the usual font folders.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess

import attrs

#: where fonts live when fontconfig is not there to ask (Linux, then macOS)
FOLDERS = (
    "/usr/share/fonts",
    "/usr/local/share/fonts",
    "~/.local/share/fonts",
    "~/.fonts",
    "/Library/Fonts",
    "/System/Library/Fonts",
    "~/Library/Fonts",
)

#: a CJK font's file name, and its family, best first (for the folders; fontconfig names them)
KNOWN_FILES = (
    (re.compile(r"NotoSansCJK", re.I), "Noto Sans CJK JP"),
    (re.compile(r"NotoSansJP", re.I), "Noto Sans JP"),
    (re.compile(r"SourceHanSansJP", re.I), "Source Han Sans JP"),
    (re.compile(r"SourceHanSans-", re.I), "Source Han Sans"),
    (re.compile(r"Hiragino ?Sans|ヒラギノ角ゴシック"), "Hiragino Sans"),
    (re.compile(r"ipaexg", re.I), "IPAexGothic"),
    (re.compile(r"ipag\.tt", re.I), "IPAGothic"),
)
FONT_FILE = re.compile(r"\.(ttf|ttc|otf|otc)$", re.I)

# Han, kana, bopomofo, CJK punctuation and symbols, Hangul, compatibility ideographs,
# full-width forms, and the supplementary ideographs.
_CJK = re.compile("[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef\U00020000-\U0003ffff]")


@attrs.frozen
class Fonts:
    """What resvg is told: the ``sans-serif`` family (None: resvg's own default), the files
    to load besides the system's, and whether a CJK font is among them."""

    sans_serif: str | None = None
    files: tuple[str, ...] = ()
    cjk: bool = False


def holds_cjk(text: str) -> bool:
    return _CJK.search(text) is not None


@functools.cache
def fonts() -> Fonts:
    """The fonts of this machine, as resvg is handed them (looked up once)."""
    found = cjk_from_fontconfig() if shutil.which("fc-list") else None
    found = found or cjk_from_folders(FOLDERS)
    if found is not None:
        return found
    return Fonts(sans_serif=_fontconfig_sans_serif())


def cjk_from_fontconfig() -> Fonts | None:
    """The best Japanese sans-serif family fontconfig knows, with all its files."""
    listing = _run(["fc-list", "-f", "%{file}\t%{family[0]}\t%{style[0]}\n", ":lang=ja"])
    faces = [line.split("\t") for line in listing.splitlines() if line.count("\t") == 2]
    if not faces:
        return None

    def rank(face: list[str]) -> tuple[bool, bool, bool, str]:
        _, family, style = face
        odd = any(word in family for word in ("Serif", "Mono", "Mincho", "明朝"))
        return (odd, "JP" not in family, style != "Regular", family)

    family = min(faces, key=rank)[1]
    files = sorted({file for file, name, _ in faces if name == family})
    return Fonts(sans_serif=family, files=tuple(files), cjk=True)


def cjk_from_folders(folders) -> Fonts | None:
    """The first known CJK font found in ``folders`` (each walked whole), by KNOWN_FILES' order."""
    files: list[str] = []
    for folder in folders:
        for root, _, names in os.walk(os.path.expanduser(folder)):
            files.extend(os.path.join(root, name) for name in names if FONT_FILE.search(name))
    for pattern, family in KNOWN_FILES:
        matching = sorted(file for file in files if pattern.search(os.path.basename(file)))
        if matching:
            return Fonts(sans_serif=family, files=tuple(matching), cjk=True)
    return None


def _fontconfig_sans_serif() -> str | None:
    if not shutil.which("fc-match"):
        return None
    return _run(["fc-match", "-f", "%{family[0]}", "sans-serif"]).strip() or None


def _run(command: list[str]) -> str:
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=20, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return done.stdout if done.returncode == 0 else ""
