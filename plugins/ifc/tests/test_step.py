"""The STEP text we write ourselves, judged by ifcopenshell: its reader gives back every string
and real we wrote, the attribute table is its schema's, our GlobalId compression is its own,
and a failed write leaves no file behind."""

import math
import os
import random
import re
import uuid

import pytest

if not os.environ.get("KOYU_IFC_INSTALLED"):  # installed (tox env ifc): a missing library fails
    pytest.importorskip(
        "ifcopenshell", reason="ifcopenshell, koyu-ifc's judge, is not installed (pip install './plugins/ifc[test]')"
    )
import ifcopenshell  # noqa: E402
import ifcopenshell.guid  # noqa: E402
import ifcopenshell.ifcopenshell_wrapper as wrapper  # noqa: E402
from koyu_ifc import identity, step  # noqa: E402
from koyu_ifc.schema import ATTRIBUTES  # noqa: E402

STRINGS = [
    "plain",
    "it's",  # a quote is doubled
    "''",
    "back\\slash \\X2\\ not an escape",  # a backslash is doubled, so no escape is read into it
    "居室A 和室",  # Japanese: \X2\
    "𠮷野家 🚪",  # beyond the Basic Multilingual Plane: \X4\
    "mixed 'é' \\ 𠮷 end",
    "line\nbreak\ttab",
    "",
]
REALS = [1e-05, 0.0, -0.0, 1e21, 1.5e-300, 0.1, 1 / 3, -2.5, 3600.0, 123456789.125, 1e16, -7e-22]


def read_back(tmp_path, f: step.StepFile):
    path = str(tmp_path / "t.ifc")
    f.write(path)
    return ifcopenshell.open(path)


def test_strings_come_back_as_written(tmp_path):
    f = step.StepFile()
    refs = [f.add("IfcMaterial", Name=s, Description="d") for s in STRINGS]
    text = f.text()
    assert text.isascii()
    read = read_back(tmp_path, f)
    assert [read.by_id(int(r.step[1:])).Name for r in refs] == STRINGS


def test_reals_come_back_exactly_and_always_with_a_decimal_point(tmp_path):
    for x in REALS:
        assert re.fullmatch(r"-?\d+\.\d*(E[+-]\d+)?", step.real(x)), step.real(x)
    assert (step.real(1e-05), step.real(0.0), step.real(-0.0), step.real(1e21)) == ("1.E-05", "0.", "-0.", "1.E+21")
    f = step.StepFile()
    point = f.add("IfcCartesianPoint", Coordinates=tuple(REALS[:3]))
    others = [f.add("IfcQuantityLength", Name="x", LengthValue=x) for x in REALS]
    read = read_back(tmp_path, f)
    coordinates = read.by_id(int(point.step[1:])).Coordinates
    assert list(coordinates) == REALS[:3] and math.copysign(1, coordinates[2]) == -1
    assert [read.by_id(int(r.step[1:])).LengthValue for r in others] == REALS
    with pytest.raises(ValueError):
        step.real(math.inf)
    with pytest.raises(ValueError):
        step.real(math.nan)


def test_values_of_every_kind_are_read_as_ifcopenshell_types_them(tmp_path):
    f = step.StepFile()
    unit = f.add("IfcSIUnit", UnitType="LENGTHUNIT", Prefix="MILLI", Name="METRE")
    flag = f.add("IfcPropertySingleValue", Name="IsExternal", NominalValue=step.Typed("IfcBoolean", False))
    label = f.add("IfcPropertySingleValue", Name="Category", NominalValue=step.Typed("IfcLabel", "居室"))
    context = f.add("IfcGeometricRepresentationContext", ContextType="Model", CoordinateSpaceDimension=3)
    sub = f.add("IfcGeometricRepresentationSubContext", ContextIdentifier="Body", ParentContext=context)
    read = read_back(tmp_path, f)
    by = lambda ref: read.by_id(int(ref.step[1:]))  # noqa: E731
    assert (by(unit).UnitType, by(unit).Prefix, by(unit).Name) == ("LENGTHUNIT", "MILLI", "METRE")
    assert by(flag).NominalValue.is_a("IfcBoolean") and by(flag).NominalValue.wrappedValue is False
    assert by(label).NominalValue.is_a("IfcLabel") and by(label).NominalValue.wrappedValue == "居室"
    assert by(context).CoordinateSpaceDimension == 3 and by(sub).ParentContext == by(context)
    assert ",*,*,*,*," in f.lines[-1]  # the subcontext's derived attributes


def test_an_attribute_the_class_has_not_is_refused():
    f = step.StepFile()
    with pytest.raises(TypeError, match="IfcWall has no attribute Nmae"):
        f.add("IfcWall", Nmae="typo")
    with pytest.raises(TypeError, match="Precision"):  # derived in a subcontext: not to be given
        f.add("IfcGeometricRepresentationSubContext", Precision=1e-5)


def _spelled(declaration) -> tuple[str, ...]:
    """A class's attributes as the table spells them: ``*`` derived, ``.x.`` an enumeration."""
    names = []
    for attribute, derived in zip(declaration.all_attributes(), declaration.derived()):
        kind = attribute.type_of_attribute()
        while isinstance(kind, (wrapper.named_type, wrapper.type_declaration)):
            kind = kind.declared_type()
        name = attribute.name()
        names.append(f"*{name}" if derived else f".{name}." if isinstance(kind, wrapper.enumeration_type) else name)
    return tuple(names)


def test_the_attribute_table_is_ifcopenshells_schema():
    schema = wrapper.schema_by_name("IFC4")
    assert {cls: _spelled(schema.declaration_by_name(cls)) for cls in ATTRIBUTES} == ATTRIBUTES


def test_our_global_id_is_ifcopenshells_compression_of_the_uuid5():
    rng = random.Random(31)
    numbers = [0, 2**128 - 1, 1 << 127, 1] + [rng.getrandbits(128) for _ in range(20000)]
    for n in numbers:
        assert identity.compress(n) == ifcopenshell.guid.compress(f"{n:032x}")
    for name in ("/L1/a", "居室", "a|b@3#0/a/out", "x" * 500):
        expected = ifcopenshell.guid.compress(uuid.uuid5(identity.NAMESPACE, f"space:{name}").hex)
        assert identity.global_id("space", name) == expected


def test_the_header_names_the_schema_and_the_writer(tmp_path):
    f = step.StepFile()
    f.add("IfcMaterial", Name="m")
    read = read_back(tmp_path, f)
    assert read.schema == "IFC4"
    assert read.header.file_name.originating_system == step.ORIGINATING_SYSTEM
    assert f.text().startswith("ISO-10303-21;\nHEADER;\n") and f.text().endswith("ENDSEC;\nEND-ISO-10303-21;\n")


def test_a_failed_write_leaves_no_file_and_the_old_one_whole(tmp_path, monkeypatch):
    out = tmp_path / "out.ifc"
    out.write_text("the earlier export\n")
    f = step.StepFile()
    f.add("IfcMaterial", Name="m")
    monkeypatch.setattr(step.StepFile, "text", lambda self: "ISO-10303-21;\n" + "é")  # fails half-way
    with pytest.raises(UnicodeEncodeError):
        f.write(str(out))
    assert os.listdir(tmp_path) == ["out.ifc"] and out.read_text() == "the earlier export\n"
