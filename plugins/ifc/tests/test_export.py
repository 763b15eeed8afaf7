"""The IFC export on buildings of its own: the file passes the schema, every GlobalId is
unique, the spatial tree is complete, every shape builds, space areas and boundaries agree
with ours, identity is stable across runs and across an edit of one room; the command's
refusal and the tool on the 0.27 surface only."""

import json
import os
import re
import subprocess
import sys
import uuid

import pytest

if not os.environ.get("KOYU_IFC_INSTALLED"):  # installed (tox env ifc): a missing library fails
    pytest.importorskip(
        "ifcopenshell", reason="ifcopenshell, koyu-ifc's judge, is not installed (pip install './plugins/ifc[test]')"
    )
import ifcopenshell  # noqa: E402
import ifcopenshell.geom  # noqa: E402
import ifcopenshell.guid  # noqa: E402
import ifcopenshell.validate  # noqa: E402
import koyu_ifc.plugin  # noqa: E402
from koyu_ifc.export import export  # noqa: E402

from koyu_host.client import Client  # noqa: E402
from koyu_host.plugins import Catalogue, load  # noqa: E402
from koyu_host.surfaces import surface_named  # noqa: E402
from koyu_host.tools import ToolRegistry  # noqa: E402
from koyu_model import load as load_model  # noqa: E402
from koyu_model.form.derive import derive  # noqa: E402
from koyu_model.release import KOYU_0_27  # noqa: E402

MAIN = """muro 1.4
name 試験棟
unit mm
grid X 0 3600 7200
grid Y 0 4500 8100
level L1 0 h:2400 slab:150
level L2 3000 h:2400 slab:150
import ./rooms.muro
"""
ROOMS = """space /L1/a room X1..X2 Y1..Y2 name:居室A
space /L1/b room X2..X3 Y1..Y2 name:居室B void:1
space /L1/c hall X1..X3 Y2..Y3 use:common
space /L2/d room X1..X2 Y1..Y2 uid:d-0001
space /out name:外部 outside:1
zone /L1 name:一階 use:exclusive
boundary /L1/a /L1/b t:120 spec:PW1
  door w:780 h:2000
boundary /L1/a /out t:150 spec:EW1 fire:60
  window w:2600 h:1100 edge:S name:腰窓
boundary /L1/b /out t:150
  door w:900 h:2100 edge:S name:玄関
boundary /L1/a /L1/c type:open
"""


def building(folder, rooms=ROOMS):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "main.muro").write_text(MAIN, encoding="utf-8")
    (folder / "rooms.muro").write_text(rooms, encoding="utf-8")
    return str(folder / "main.muro")


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    folder = tmp_path_factory.mktemp("b")
    entry = building(folder)
    done = export(entry, str(folder / "out.ifc"))
    return entry, done, ifcopenshell.open(done.path)


def ids(f):
    return {e.GlobalId: e for e in f.by_type("IfcRoot")}


def test_the_file_passes_the_schema_and_its_rules(written):
    _, _, f = written
    log = ifcopenshell.validate.json_logger()
    ifcopenshell.validate.validate(f, log, express_rules=True)
    assert log.statements == []


def rules_broken(tmp_path, text: str) -> list[tuple[str, str]]:
    folder = tmp_path / "b"
    folder.mkdir(parents=True)
    (folder / "main.muro").write_text(text, encoding="utf-8")
    f = ifcopenshell.open(export(str(folder / "main.muro"), str(tmp_path / "b.ifc")).path)
    log = ifcopenshell.validate.json_logger()
    ifcopenshell.validate.validate(f, log, express_rules=True)
    named = [re.search(r"^Rule (\S+?):?$", str(s["message"]), re.M) for s in log.statements]
    return [
        (s.get("attribute") or (name.group(1) if name else s["type"]), s["instance"].is_a())
        for s, name in zip(log.statements, named)
    ]


def test_the_only_rules_broken_are_those_the_originals_identities_require(tmp_path):
    # a space on an undeclared level belongs to no storey (IfcSpatialStructureElement.WR41)
    undeclared = "grid X 0 3600\ngrid Y 0 4000\nspace /L1/x room X1..X2 Y1..Y2\n"
    assert rules_broken(tmp_path / "a", undeclared) == [("IfcSpatialStructureElement.WR41", "IfcSpace")]
    # two spaces declaring one uid share their GlobalId (IfcRoot.UR1)
    twice = MAIN.replace(
        "import ./rooms.muro\n", "space /L1/a room X1..X2 Y1..Y2 uid:u\nspace /L1/b room X2..X3 Y1..Y2 uid:u\n"
    )
    assert {rule for rule, _ in rules_broken(tmp_path / "b", twice)} == {"IfcRoot.UR1"}


def test_every_global_id_is_unique(written):
    _, _, f = written
    roots = f.by_type("IfcRoot")
    assert len({e.GlobalId for e in roots}) == len(roots)


def test_the_spatial_tree_is_complete(written):
    _, _, f = written
    (project,) = f.by_type("IfcProject")
    (site,) = [r.RelatedObjects for r in project.IsDecomposedBy][0]
    (building,) = [r.RelatedObjects for r in site.IsDecomposedBy][0]
    storeys = [r.RelatedObjects for r in building.IsDecomposedBy][0]
    assert [s.Name for s in storeys] == ["L1", "L2"]
    for space in f.by_type("IfcSpace"):
        (parent,) = [r.RelatingObject for r in space.Decomposes]
        assert parent.Name == space.Name.split("/")[1]
    for element in f.by_type("IfcElement"):
        if element.is_a("IfcOpeningElement"):
            assert element.VoidsElements and not element.ContainedInStructure
        else:
            assert [r.RelatingStructure.is_a() for r in element.ContainedInStructure] == ["IfcBuildingStorey"]
    (outside,) = f.by_type("IfcExternalSpatialElement")
    (referenced,) = f.by_type("IfcRelReferencedInSpatialStructure")
    assert referenced.RelatedElements == (outside,) and referenced.RelatingStructure == site
    (zone,) = f.by_type("IfcZone")
    assert sorted(s.Name for r in zone.IsGroupedBy for s in r.RelatedObjects) == ["/L1/a", "/L1/b", "/L1/c"]


def test_every_shape_builds(written):
    _, _, f = written
    settings = ifcopenshell.geom.settings()
    for product in f.by_type("IfcProduct"):
        if product.Representation is not None:
            assert ifcopenshell.geom.create_shape(settings, product) is not None


def test_space_areas_and_heights_agree_with_the_form(written):
    entry, _, f = written
    form = derive(load_model(entry, release=KOYU_0_27), plans=False)
    ours = {s.path: s for s in form.spaces}
    for space in f.by_type("IfcSpace"):
        (qto,) = [
            r.RelatingPropertyDefinition
            for r in space.IsDefinedBy
            if r.RelatingPropertyDefinition.is_a("IfcElementQuantity")
        ]
        quantities = {q.Name: q[3] for q in qto.Quantities}
        assert quantities["GrossFloorArea"] == pytest.approx(ours[space.Name].area_m2)
        (solid,) = space.Representation.Representations[0].Items
        assert solid.Depth == quantities["Height"] == ours[space.Name].z1 - ours[space.Name].z0


def test_boundaries_and_doors_agree_with_the_building(written):
    _, done, f = written
    by_space = {}
    for b in f.by_type("IfcRelSpaceBoundary"):
        by_space.setdefault(b.RelatingSpace.Name, set()).add(
            (b.RelatedBuildingElement.is_a(), b.InternalOrExternalBoundary)
        )
    assert ("IfcVirtualElement", "INTERNAL") in by_space["/L1/c"]  # the open boundary
    assert ("IfcWall", "EXTERNAL") in by_space["/L1/a"]
    assert ("IfcWall", "INTERNAL") in by_space["/out"]  # the other side is a room
    assert done.counts["IfcDoor"] == 2 and done.counts["IfcWindow"] == 1
    for door in f.by_type("IfcDoor"):
        (fills,) = door.FillsVoids
        assert fills.RelatingOpeningElement.VoidsElements[0].RelatingBuildingElement.is_a("IfcWall")


def test_a_name_is_written_once_in_a_property_set(written):
    _, _, f = written
    for pset in f.by_type("IfcPropertySet"):
        names = [p.Name for p in pset.HasProperties]
        assert len(names) == len(set(names)), pset.Name


def test_a_classification_is_identified_by_its_use_and_the_object_it_classifies(written):
    _, _, f = written
    namespace = uuid.UUID("fb2ab0b6-b032-5b19-a7c9-377840b94073")
    found = {}
    for rel in f.by_type("IfcRelAssociatesClassification"):
        (target,) = rel.RelatedObjects
        use = rel.RelatingClassification.Identification
        found[target.Name] = (target.is_a(), use)
        seed = f"classifies:use:{use}:{target.GlobalId}"
        assert rel.GlobalId == ifcopenshell.guid.compress(uuid.uuid5(namespace, seed).hex)
    assert found == {"/L1/c": ("IfcSpace", "common"), "/L1": ("IfcZone", "exclusive")}


def test_identity_is_stable_across_runs_and_an_edit_of_one_room(tmp_path):
    first = ids(ifcopenshell.open(export(building(tmp_path / "one"), str(tmp_path / "one.ifc")).path))
    again = ids(ifcopenshell.open(export(building(tmp_path / "two"), str(tmp_path / "two.ifc")).path))
    assert sorted(first) == sorted(again)
    edited = ROOMS.replace("name:居室A", "name:書斎")
    after = ids(ifcopenshell.open(export(building(tmp_path / "three", edited), str(tmp_path / "three.ifc")).path))
    assert sorted(after) == sorted(first)
    changed = [g for g in first if first[g].is_a("IfcSpace") and first[g].LongName != after[g].LongName]
    assert [first[g].Name for g in changed] == ["/L1/a"]
    # a room declaring a uid keeps its identity when moved to another path
    moved = ids(
        ifcopenshell.open(
            export(building(tmp_path / "four", ROOMS.replace("/L2/d", "/L2/e")), str(tmp_path / "four.ifc")).path
        )
    )
    (d,) = [g for g, e in first.items() if e.is_a("IfcSpace") and e.Name == "/L2/d"]
    assert moved[d].Name == "/L2/e"


def test_a_building_koyu_cannot_read_is_refused_and_nothing_written(tmp_path):
    entry = building(tmp_path / "bad", ROOMS + "space /L1/a room X1..X2 Y1..Y2\n")
    out = tmp_path / "bad.ifc"
    run = subprocess.run(
        [sys.executable, "-m", "koyu_ifc.cli", "export", entry, "-o", str(out)], capture_output=True, text=True
    )
    assert run.returncode == 1
    (line,) = run.stderr.splitlines()  # no code of its own: a read failure is SYN01
    assert line.startswith(f"SourceError: {tmp_path / 'bad' / 'rooms.muro'}:line 14: Duplicate space path: /L1/a")
    assert not out.exists()


def test_a_file_that_cannot_be_written_is_said_so(tmp_path):
    entry = building(tmp_path / "ok")
    out = tmp_path / "missing" / "x.ifc"
    run = subprocess.run(
        [sys.executable, "-m", "koyu_ifc.cli", "export", entry, "-o", str(out)], capture_output=True, text=True
    )
    assert run.returncode == 1
    assert run.stderr == f"koyu-ifc: cannot write {out}: No such file or directory\n"
    assert not (tmp_path / "missing").exists()


def test_a_refusal_with_a_code_of_its_own_names_it(tmp_path):
    folder = tmp_path / "newer"
    folder.mkdir()
    (folder / "main.muro").write_text("muro 9.9\nunit mm\n", encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "koyu_ifc.cli", "export", str(folder / "main.muro"), "-o", str(tmp_path / "n.ifc")],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 1
    first, code = run.stderr.splitlines()
    assert first.startswith(f"SourceError: {folder / 'main.muro'}:line 1: This file is written in muro 9.9")
    assert code == "  code: 'VER06'"
    assert not (tmp_path / "n.ifc").exists()


def test_the_command_writes_the_file_and_its_counts(tmp_path):
    entry = building(tmp_path / "ok")
    out = tmp_path / "ok.ifc"
    run = subprocess.run(
        [sys.executable, "-m", "koyu_ifc.cli", "export", entry, "-o", str(out)], capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[0] == f"wrote {out} (IFC4)"
    assert "  IfcSpace: 4" in run.stdout.splitlines()
    assert ifcopenshell.open(str(out)).schema == "IFC4"


def test_the_export_loads_neither_ifcopenshell_nor_the_host_nor_pyproj_unasked(tmp_path):
    entry = building(tmp_path / "lean")
    script = (
        "import sys; from koyu_ifc.cli import main; main(['export', sys.argv[1], '-o', sys.argv[2]]); "
        "print(sorted(m for m in ('ifcopenshell', 'pyproj', 'koyu_host') if m in sys.modules))"
    )
    run = subprocess.run(
        [sys.executable, "-c", script, entry, str(tmp_path / "lean.ifc")], capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[-1] == "[]"


def tools_of(surface):
    registry = ToolRegistry("ifc")
    koyu_ifc.plugin.koyu_register_tools(registry)
    others = [t for t in load(surface=surface).tools if t.name != "export_ifc"]
    return Client.in_memory(Catalogue.of(others + registry.tools, surface=surface), surface=surface_named(surface))


def test_the_tool_is_served_as_koyu_0_27_only_and_writes(tmp_path):
    assert "export_ifc" not in [t["name"] for t in tools_of("0.16").list_tools()]
    client = tools_of("0.27")
    (listed,) = [t for t in client.list_tools() if t["name"] == "export_ifc"]
    assert listed["annotations"] == {"title": "Export IFC", "readOnlyHint": False, "openWorldHint": False}
    entry = building(tmp_path / "t")
    answer = client.call_tool("export_ifc", {"file": entry, "out": str(tmp_path / "t.ifc")})
    done = json.loads(answer["content"][0]["text"])
    assert done["path"] == str(tmp_path / "t.ifc") and done["schema"] == "IFC4"
    assert done["counts"]["IfcSpace"] == 4 and done["counts"]["IfcRelSpaceBoundary"] > 0
    broken = client.call_tool("export_ifc", {"file": str(tmp_path / "none.muro")})
    assert broken["isError"] and "Cannot read file" in broken["content"][0]["text"]
    nul = client.call_tool("export_ifc", {"file": entry + "\0"})
    assert nul["isError"] and nul["content"][0]["text"] == f"line 0: Cannot read file: {entry}\0"
    nul_out = client.call_tool("export_ifc", {"file": entry, "out": str(tmp_path / "a\0.ifc")})
    assert nul_out["isError"] and nul_out["content"][0]["text"].startswith("Cannot write ")


def test_georeferencing_only_with_origin_and_azimuth(tmp_path):
    plain = ifcopenshell.open(export(building(tmp_path / "plain"), str(tmp_path / "plain.ifc")).path)
    assert (
        not plain.by_type("IfcMapConversion")
        and plain.by_type("IfcGeometricRepresentationContext")[0].TrueNorth is None
    )
    framed = MAIN.replace(
        "unit mm\n",
        "unit mm\norigin epsg:6677 easting:-8000 northing:-34000 elevation:2.5 vertical:6695\nazimuth Y 90\n",
    )
    folder = tmp_path / "framed"
    folder.mkdir()
    (folder / "main.muro").write_text(framed, encoding="utf-8")
    (folder / "rooms.muro").write_text(ROOMS, encoding="utf-8")
    f = ifcopenshell.open(export(str(folder / "main.muro"), str(tmp_path / "framed.ifc")).path)
    north = f.by_type("IfcGeometricRepresentationContext")[0].TrueNorth.DirectionRatios
    assert north == pytest.approx((-1.0, 0.0))  # +Y points east: north is towards -X
    (conversion,) = f.by_type("IfcMapConversion")
    assert conversion.TargetCRS.Name == "EPSG:6677" and conversion.Scale == 0.001
    assert conversion.TargetCRS.VerticalDatum == "JGD2011 (vertical) height"
    assert (conversion.Eastings, conversion.Northings, conversion.OrthogonalHeight) == (-8000, -34000, 2.5)
    # the +X axis points south on the map, give or take the meridian convergence
    assert conversion.XAxisAbscissa == pytest.approx(0.0, abs=2e-3) and conversion.XAxisOrdinate == pytest.approx(-1.0)
