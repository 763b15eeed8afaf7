"""A release is a value: which koyu release the answers are those of (issue 17).

This implementation answers as two releases of the original, koyu 0.16.0 (the default,
defined by the seed's pages) and koyu 0.27.0 (``--as 0.27``, defined by its own pages).
They are two ``Release`` values; whoever composes a building or answers a question takes
the release from where the command or the server starts, never from a global.

Where the two releases differ, the difference is a field of ``Release``, one named field
per rule, each with both values and the page that states it in its ``#:`` comment, so every
difference between the surfaces can be listed from this record: the version line (read by
``koyu_model.reading``), the notation (outside and void, the frame lines, ``use``), the
ledger and its sentences (``koyu_model.check``), the derived walls and the Form
(``koyu_model.derived``, ``koyu_model.form``), the canonical document, the tools' answers
(``koyu_model.listings``), the command line's, and validate. A later difference goes here as
one more field with its two values, and the code that differs reads that field: never
``if release.name == ...``.
What the host says about a release (instructions, which tools serve it) is the host's
(``koyu_host.surfaces``); what the command line says is ``koyu_cli.main``'s.
"""

from __future__ import annotations

import attrs

__all__ = ["Release", "RELEASES", "DEFAULT", "KOYU_0_16", "KOYU_0_27", "named"]


@attrs.frozen
class Release:
    """One koyu release this implementation answers as."""

    #: how ``--as`` names it
    name: str
    #: the original's release number, its ``serverInfo.version`` and ``--version``
    koyu: str
    #: the muro versions it reads, oldest first (muro/version.md)
    reads: tuple[str, ...]
    #: the version a file without a version line is read as (0.27: muro/version.md, "frozen")
    undeclared: str
    #: what ``--version`` says after ``<program> <koyu>``: {oldest} {newest} {undeclared} filled in
    version_note: str
    #: the first version whose line is spelled ``muro``, every earlier one ``koyu``, the
    #: wrong word an error (0.27: muro/version.md); None: every version is spelled ``koyu``
    #: and ``muro`` is no keyword (0.16)
    muro_from: str | None
    #: whether a version later than the newest stops the read as VER06, the reader being
    #: behind (0.27: diagnostics/ver.md#ver06); False: it is unsupported like any other (0.16)
    newer_is_ver06: bool
    #: how the messages about where and how often the version line is written name it
    version_subject: str
    #: True (0.16, muro 1.0): a space's type is required, and the type words ``exterior`` and
    #: ``void`` make it outside or a void (a word one edit away from either is refused);
    #: False (0.27, muro 1.1): the type is optional and read for nothing, ``outside:1`` and
    #: ``void:1`` say it (muro/space.md, ADR-0051)
    structural_type: bool
    #: a space in the Form carries ``outside`` and ``void`` (0.27: form/index.md)
    form_space_facts: bool
    #: True (0.27, koyu 0.19.0): ``origin`` and ``azimuth`` are keywords, the model's frame
    #: (muro/origin.md, azimuth.md); False (0.16): they are unknown keywords
    frame_lines: bool
    #: the canonical JSON's ``format`` (json/index.md): "koyu-canonical/1.0" (0.16),
    #: "koyu-canonical/2.0" (0.27)
    canonical_format: str
    #: the canonical key holding the declared version (json/schema.md): "koyu" (0.16),
    #: "muro" (0.27, whatever word the file used)
    canonical_version_key: str
    #: the first version spelling outside and void as ``outside:1`` / ``void:1`` with an
    #: optional type; a file declaring an earlier one that writes the new spelling or the
    #: old type words is VER05 (0.27: "1.1", diagnostics/ver.md#ver05); None: no version
    #: spells them so (0.16)
    outside_keys_from: str | None
    #: the first version in which ``use:`` is retired, VER07 for a file declaring it or a
    #: later one (0.27: "1.3", diagnostics/ver.md#ver07); None: never retired (0.16)
    use_retired_from: str | None
    #: what VRT04 expects of the space above a void boundary (diagnostics/vrt.md#vrt04):
    #: "be type:void" (0.16), "declare void:1" (0.27)
    void_above_expected: str
    #: True (0.27, muro 1.4 whatever the file's version): every perimeter run no declared
    #: boundary reaches derives a wall to the reserved ``outside``, and BND08 names the
    #: space (form/boundaries.md "The rest of the perimeter", ADR-0065); False (0.16): a
    #: boundary to the outside is never derived (0.16 muro/defaults.md)
    outside_derives_walls: bool
    #: True (0.16): ``koyu light`` judges each room against 1/7 (``✔``/``✖``, ``needs 1/7 ≈``,
    #: exit 1 when one falls short); False (0.27): it prints the numbers only, no verdict, and
    #: exits 0 however dark the rooms are (cli/light.md: the threshold is validate's)
    light_verdict: bool
    #: True (0.27): ``koyu stats`` totals by the keys named with ``--by`` (repeatable) and has
    #: no ``By use:`` line; False (0.16): it totals by the effective ``use`` and takes no
    #: ``--by`` (cli/stats.md "Totalling by an attribute key")
    stats_by_keys: bool
    #: True (0.27): ``koyu site`` writes a ratio as the site answer's number, the percentage
    #: rounded to a tenth and no trailing zero (``42%``, ``73.5%``); False (0.16): with one
    #: decimal always (``42.0%``) (cli/site.md "Output")
    site_ratio_as_number: bool
    #: the word ``koyu diff`` heads a changed language version with: ``version`` (0.16),
    #: ``muro`` (0.27: ``± muro 1.3 → 1.4``, DELTA §7)
    diff_version_word: str
    #: True (0.16): model_summary gives ``byUseM2``, floor area by the inherited ``use``;
    #: False (0.27): it is gone, ``by`` names the keys to group by, ``byM2`` (mcp/tools-read.md#model_summary)
    summary_by_use: bool
    #: the ``spaces`` tool omits ``type`` when none was written and gives ``outside: true`` /
    #: ``void: true`` when declared (0.27: mcp/tools-read.md#spaces); False: ``type`` always (0.16)
    listed_space_facts: bool
    #: the ``site`` tool says ``areaMatch`` whenever ``area`` is a number (0.16:
    #: mcp/tools-ask.md#site); False: that verdict is validate's (0.27: mcp/tools-ask.md#site)
    site_area_match: bool
    #: True (0.27, koyu 0.22.0): the Form settles the wall junctions — each wall panel carries
    #: its ``footprint`` and the plan draws it (form/bodies.md "Where two walls meet",
    #: ADR-0063); False (0.16): a wall is its centre line thickened, stopping at its own end
    walls_join: bool
    #: True (0.27: DELTA.md §6, validate/index.md): ``validate`` answers the
    #: AssessmentReport of a named profile as of a named date (koyu_model.assessment);
    #: False (0.16): the list of findings of the fifteen rules (koyu_model.validate)
    validate_assesses: bool = False
    #: the attribute naming a space's axis of aggregation, read through its zones
    #: (``koyu_model.queries.effective_use``): "use" (0.16), "lease.category" (0.27:
    #: validate/access.md, ``use:`` retired in muro 1.3)
    use_key: str = "use"
    #: True (0.27: cli/plan.md "The north arrow"): the plan's north arrow points where the
    #: declared ``azimuth`` puts true north, and a model with no bearing gets no arrow;
    #: False (0.16): the arrow always points up the sheet, +Y
    north_from_azimuth: bool = False
    #: the line under ``koyu axo``'s caption, naming what the drawing is made of (0.16:
    #: "koyu — generated from spaces (floors, roofs, walls, columns, vertical circulation)");
    #: None: the caption stands alone (0.27)
    axo_footer: str | None = None
    #: True (0.27): ``koyu site`` names a road in brackets only when its ``name:`` is
    #: written (``Road: /road width …``); False (0.16): always, by its display name
    site_road_written_name: bool = False

    @property
    def newest(self) -> str:
        return self.reads[-1]

    @property
    def version_words(self) -> tuple[str, ...]:
        """The keywords a version line is written with."""
        return ("koyu",) if self.muro_from is None else ("koyu", "muro")

    def outside_and_void(self, type_: str | None, attrs: dict) -> tuple[bool, bool]:
        """Whether a space of this type and these attributes is outside, and whether it is a void."""
        if self.structural_type:
            return type_ == "exterior", type_ == "void"
        return attrs.get("outside") == 1, attrs.get("void") == 1

    def version_line(self, program: str) -> str:
        """``<program> <release> <note>``: the line ``--version`` prints (cli/index.md#--version)."""
        note = self.version_note.format(oldest=self.reads[0], newest=self.newest, undeclared=self.undeclared)
        return f"{program} {self.koyu} {note}"


KOYU_0_16 = Release(
    name="0.16",
    koyu="0.16.0",
    reads=("0.1", "0.2", "0.3", "0.4", "0.5", "1.0"),
    undeclared="1.0",
    version_note="(muro {newest})",
    muro_from=None,
    newer_is_ver06=False,
    version_subject="The koyu version",
    structural_type=True,
    form_space_facts=False,
    frame_lines=False,
    canonical_format="koyu-canonical/1.0",
    canonical_version_key="koyu",
    outside_keys_from=None,
    use_retired_from=None,
    void_above_expected="be type:void",
    outside_derives_walls=False,
    light_verdict=True,
    stats_by_keys=False,
    site_ratio_as_number=False,
    diff_version_word="version",
    summary_by_use=True,
    listed_space_facts=False,
    site_area_match=True,
    walls_join=False,
    axo_footer="koyu — generated from spaces (floors, roofs, walls, columns, vertical circulation)",
)

KOYU_0_27 = Release(
    name="0.27",
    koyu="0.27.0",
    reads=("0.1", "0.2", "0.3", "0.4", "0.5", "1.0", "1.1", "1.2", "1.3", "1.4"),
    undeclared="1.1",
    version_note="— reads muro {oldest}–{newest} (newest {newest}; a file with no version line is read as {undeclared})",
    muro_from="1.2",
    newer_is_ver06=True,
    version_subject="The version",
    structural_type=False,
    form_space_facts=True,
    frame_lines=True,
    canonical_format="koyu-canonical/2.0",
    canonical_version_key="muro",
    outside_keys_from="1.1",
    use_retired_from="1.3",
    void_above_expected="declare void:1",
    outside_derives_walls=True,
    light_verdict=False,
    stats_by_keys=True,
    site_ratio_as_number=True,
    diff_version_word="muro",
    summary_by_use=False,
    listed_space_facts=True,
    site_area_match=False,
    walls_join=True,
    validate_assesses=True,
    use_key="lease.category",
    north_from_azimuth=True,
    site_road_written_name=True,
)

#: every release, by the name ``--as`` takes, oldest first
RELEASES = {release.name: release for release in (KOYU_0_16, KOYU_0_27)}
#: the one a command or server started without ``--as`` answers as
DEFAULT = KOYU_0_16


def named(name: str) -> Release | None:
    """The release ``--as <name>`` selects, or None for a name no release has."""
    return RELEASES.get(name)
