"""A building as IFC4: koyu's Form and canonical model written as STEP entities (``step``).

``write(model)`` returns a ``StepFile``. No geometry rule lives here: outlines, wall bodies,
opening boxes, slabs and run solids come from the Form (``koyu_model.form``) and its
constructors (``koyu_model.form.boxes``); this module only says which IFC entity each
becomes, with which identity, properties and relationships — the mapping of koyu 0.27.0's
exporter:

- project → site → building → storeys (IfcRelAggregates); each space with a region an
  IfcSpace aggregated into its storey (none when its level is not declared), extruded from
  its outline's pieces; a space with ``outside:1`` an IfcExternalSpatialElement that the
  site references;
- a wall segment with matter an IfcWall, whole, an IfcOpeningElement cut out for each of
  its openings (the box 2 mm deeper than the wall) filled by an IfcDoor or IfcWindow (a
  40 mm leaf); a boundary segment without matter an IfcVirtualElement;
- a slab an IfcSlab (a ceiling is a FLOOR, a roof a ROOF);
- every element contained in its storey; per side of a wall or virtual element whose space
  exists an IfcRelSpaceBoundary named by the boundary's ref, INTERNAL when the other side
  is an IfcSpace.

Coordinates are absolute millimetres in the profiles; placements are the identity (the
storeys at their elevation); every product is placed relative to the building, openings
and their doors and windows relative to their wall. A point, and the axes that only say
"here, at height z", are written once and shared.
"""

from __future__ import annotations

import json
from collections import defaultdict

from koyu_ifc import georeference
from koyu_ifc.identity import global_id
from koyu_ifc.step import Ref, StepFile, Typed
from koyu_model.canonical import canonical_json
from koyu_model.form import boxes
from koyu_model.form.derive import derive
from koyu_model.form.prism import run_prism
from koyu_model.model import Model

LEAF = 40  # a door's or window's leaf, mm thick
OPENING_MARGIN = 2  # an opening box is this much deeper than its wall, mm
RUNS = {  # a run's device → its class and, by its form, its predefined type
    "stair": ("IfcStair", {"straight": "STRAIGHT_RUN_STAIR", "return": "HALF_TURN_STAIR", "L": "QUARTER_TURN_STAIR"}),
    "ramp": ("IfcRamp", {"straight": "STRAIGHT_RUN_RAMP", "return": "HALF_TURN_RAMP", "L": "QUARTER_TURN_RAMP"}),
}
TRANSPORT = {"lift": "ELEVATOR", "escalator": "ESCALATOR"}
FLAGS = ("daylight", "outside", "void")  # attributes written as IfcBoolean (1: true)
MEASURED = {"IfcQuantityArea": "AreaValue", "IfcQuantityLength": "LengthValue", "IfcQuantityVolume": "VolumeValue"}


def boolean(v: bool) -> Typed:
    return Typed("IfcBoolean", v)


def number(v: float) -> Typed:
    return Typed("IfcReal", float(v))


def text(v: str) -> Typed:
    return Typed("IfcText", v)


def label(v: str) -> Typed:
    return Typed("IfcLabel", v)


def value(key: str, v) -> Typed:
    """A written attribute's value: a flag a boolean (1, or yes, is true), a number a
    real, anything else text."""
    if key in FLAGS:
        return boolean(v not in (0, "0", "no", "false"))
    if isinstance(v, bool):
        return boolean(v)
    if isinstance(v, (int, float)):
        return number(v)
    return text(str(v))


def written_attrs(written: dict, leave_out: tuple[str, ...] = ()) -> list[tuple[str, Typed]]:
    return [(f"koyu.{k}", value(k, v)) for k, v in written.items() if k not in leave_out]


class Writer:
    def __init__(self, model: Model) -> None:
        self.model = model
        self.form = derive(model, plans=False)
        self.doc = json.loads(canonical_json(model))
        self.f = StepFile("IFC4")
        self.add = self.f.add
        self.materials: dict[str, Ref] = {}
        self.classifications: dict[str, Ref] = {}
        self.system: Ref | None = None
        self.points: dict[tuple[float, ...], Ref] = {}
        self.at: dict[float, Ref] = {}

    # --- the small pieces ---------------------------------------------------------------

    def point(self, coordinates: tuple[float, ...]) -> Ref:
        """A point, written once however many profiles and placements share it."""
        if coordinates not in self.points:
            self.points[coordinates] = self.add("IfcCartesianPoint", Coordinates=coordinates)
        return self.points[coordinates]

    def axes(self, z: float = 0.0) -> Ref:
        """The model's own axes, moved up to height ``z``: one entity per height."""
        if z not in self.at:
            self.at[z] = self.add("IfcAxis2Placement3D", Location=self.point((0.0, 0.0, float(z))))
        return self.at[z]

    def placement(self, relative_to: Ref | None = None, z: float = 0.0) -> Ref:
        return self.add("IfcLocalPlacement", PlacementRelTo=relative_to, RelativePlacement=self.axes(z))

    def polyline(self, points) -> Ref:
        """A closed polyline: its first point repeated at the end, as IFC closes one."""
        refs = [self.point(tuple(map(float, p))) for p in points]
        return self.add("IfcPolyline", Points=refs + refs[:1])

    def extrusion(self, outline, z0: float, depth: float) -> Ref:
        profile = self.add("IfcArbitraryClosedProfileDef", ProfileType="AREA", OuterCurve=self.polyline(outline))
        return self.add(
            "IfcExtrudedAreaSolid", SweptArea=profile, Position=self.axes(z0), ExtrudedDirection=self.up,
            Depth=float(depth),
        )  # fmt: skip

    def shape(self, items: list[Ref], kind: str = "SweptSolid") -> Ref:
        representation = self.add(
            "IfcShapeRepresentation", ContextOfItems=self.body, RepresentationIdentifier="Body",
            RepresentationType=kind, Items=items,
        )  # fmt: skip
        return self.add("IfcProductDefinitionShape", Representations=[representation])

    def prism(self, outline, z0: float, z1: float) -> Ref | None:
        """A body extruded from ``outline`` between z0 and z1; none when it has no height."""
        return self.shape([self.extrusion(outline, z0, z1 - z0)]) if z1 - z0 > 0 else None

    def related(self, cls: str, kind: str, tag: str, **relation) -> Ref:
        return self.add(cls, GlobalId=global_id(kind, tag), **relation)

    def properties(self, tag: str, owner: Ref, name: str, values: list[tuple[str, Typed]]) -> None:
        """A property set; a name given twice (a space's written ``void:1`` beside the
        Form's fact) is written once, with its first value, as IFC requires."""
        first: dict[str, Typed] = {}
        for key, v in values:
            first.setdefault(key, v)
        props = [self.add("IfcPropertySingleValue", Name=key, NominalValue=v) for key, v in first.items()]
        pset = self.add("IfcPropertySet", GlobalId=global_id("pset", tag), Name=name, HasProperties=props)
        self.related(
            "IfcRelDefinesByProperties", "defines", tag, RelatedObjects=[owner], RelatingPropertyDefinition=pset
        )

    def quantities(self, tag: str, owner: Ref, name: str, values: list[tuple[str, str, float]]) -> None:
        quantities = [self.add(cls, Name=key, **{MEASURED[cls]: float(v)}) for cls, key, v in values]
        qto = self.add("IfcElementQuantity", GlobalId=global_id("qto", tag), Name=name, Quantities=quantities)
        self.related(
            "IfcRelDefinesByProperties", "qto-defines", tag, RelatedObjects=[owner], RelatingPropertyDefinition=qto
        )

    # --- the building -------------------------------------------------------------------

    def write(self) -> StepFile:
        add = self.add
        units = [
            add("IfcSIUnit", UnitType="LENGTHUNIT", Prefix="MILLI", Name="METRE"),
            add("IfcSIUnit", UnitType="AREAUNIT", Name="SQUARE_METRE"),
            add("IfcSIUnit", UnitType="VOLUMEUNIT", Name="CUBIC_METRE"),
            add("IfcSIUnit", UnitType="PLANEANGLEUNIT", Name="RADIAN"),
        ]
        unit_assignment = add("IfcUnitAssignment", Units=units)
        azimuth = self.model.azimuth.degrees if self.model.azimuth is not None else None
        north = add("IfcDirection", DirectionRatios=georeference.true_north(azimuth)) if azimuth is not None else None
        context = add(
            "IfcGeometricRepresentationContext", ContextType="Model", CoordinateSpaceDimension=3, Precision=1.0e-5,
            WorldCoordinateSystem=self.axes(), TrueNorth=north,
        )  # fmt: skip
        if azimuth is not None and self.model.origin is not None:
            self.map_conversion(context, self.model.origin, azimuth)
        self.body = add(
            "IfcGeometricRepresentationSubContext", ContextIdentifier="Body", ContextType="Model",
            ParentContext=context, TargetView="MODEL_VIEW",
        )  # fmt: skip
        self.up = add("IfcDirection", DirectionRatios=(0.0, 0.0, 1.0))
        name = self.model.name or "koyu"
        project = add(
            "IfcProject", GlobalId=global_id("project", name), Name=name, RepresentationContexts=[context],
            UnitsInContext=unit_assignment,
        )  # fmt: skip
        site = self.site(name)
        self.building_place = self.placement()
        building = add(
            "IfcBuilding", GlobalId=global_id("building", name), Name=name, ObjectPlacement=self.building_place,
            CompositionType="ELEMENT",
        )  # fmt: skip
        self.related("IfcRelAggregates", "aggregates", "project-site", RelatingObject=project, RelatedObjects=[site])
        self.related("IfcRelAggregates", "aggregates", "site-building", RelatingObject=site, RelatedObjects=[building])

        self.storeys: dict[str, Ref] = {}
        for level in self.form.levels:
            self.storeys[level.name] = add(
                "IfcBuildingStorey", GlobalId=global_id("storey", level.name), Name=level.name,
                ObjectPlacement=self.placement(None, level.z), CompositionType="ELEMENT", Elevation=float(level.z),
            )  # fmt: skip
        if self.storeys:
            self.related(
                "IfcRelAggregates", "aggregates", "building-storeys", RelatingObject=building,
                RelatedObjects=list(self.storeys.values()),
            )  # fmt: skip

        self.spaces: dict[str, Ref] = {}
        by_storey = defaultdict(list)
        for space in self.form.spaces:
            entity = self.space(space)
            if space.level in self.storeys:
                by_storey[space.level].append(entity)
        for storey, members in by_storey.items():
            self.related(
                "IfcRelAggregates", "aggregates", f"storey-spaces-{storey}", RelatingObject=self.storeys[storey],
                RelatedObjects=members,
            )  # fmt: skip
        externals = [self.external(s) for s in self.model.spaces.values() if s.outside and s.path not in self.spaces]
        if externals:
            self.related(
                "IfcRelReferencedInSpatialStructure", "references", "external", RelatedElements=externals,
                RelatingStructure=site,
            )  # fmt: skip

        self.contained: dict[str | None, list[Ref]] = defaultdict(list)
        self.typed: dict[str, list[Ref]] = defaultdict(list)
        bounded = self.walls()
        self.types()
        for key, slab in self.slabs():
            self.contained[key].append(slab)
        for column in self.form.columns:
            self.contained[column.level].append(self.column(column))
        floors: dict[str | None, float] = {level.name: level.z for level in self.form.levels}
        for seg in self.form.segs:
            self.contained[seg.level].append(self.covering(seg, floors.get(seg.level, 0)))
        for run in self.form.runs:
            self.contained[run.level].append(self.run(run))
        for where, elements in self.contained.items():
            if where in self.storeys:
                self.related(
                    "IfcRelContainedInSpatialStructure", "contains", f"storey:{where}", RelatedElements=elements,
                    RelatingStructure=self.storeys[where],
                )  # fmt: skip
        for ref, name, element, sides, physical in bounded:
            self.boundaries(ref, name, element, sides, physical)
        below: dict[str, list[str]] = defaultdict(list)  # a path → the spaces below it
        for path in self.model.spaces:
            parts = path.split("/")
            for n in range(1, len(parts)):
                below["/".join(parts[:n])].append(path)
        for zone in self.model.zones.values():
            self.zone(zone, below)
        return self.f

    def map_conversion(self, context: Ref, origin, azimuth: float) -> None:
        """Where the model sits on the map: its origin's CRS and coordinates, the rotation
        corrected for the meridian convergence there (``georeference``)."""
        crs = georeference.projected(origin.epsg, origin.vertical)
        metre = self.add("IfcSIUnit", UnitType="LENGTHUNIT", Name="METRE")
        target = self.add(
            "IfcProjectedCRS", Name=f"EPSG:{origin.epsg}", Description=crs.description,
            GeodeticDatum=crs.geodetic_datum, VerticalDatum=crs.vertical_datum, MapUnit=metre,
        )  # fmt: skip
        x_axis = georeference.x_axis(origin.epsg, origin.easting, origin.northing, azimuth)
        self.add(
            "IfcMapConversion", SourceCRS=context, TargetCRS=target, Eastings=float(origin.easting),
            Northings=float(origin.northing), OrthogonalHeight=float(origin.elevation or 0),
            XAxisAbscissa=x_axis[0], XAxisOrdinate=x_axis[1], Scale=0.001,
        )  # fmt: skip

    def site(self, name: str) -> Ref:
        """The site, named and outlined by the first site polygon where there is one."""
        given = self.form.site[0] if self.form.site else None
        shape = None
        if given is not None:
            line = self.polyline((p.x, p.y, 0.0) for p in given.points)
            footprint = self.add(
                "IfcShapeRepresentation", ContextOfItems=self.body, RepresentationIdentifier="FootPrint",
                RepresentationType="Curve3D", Items=[line],
            )  # fmt: skip
            shape = self.add("IfcProductDefinitionShape", Representations=[footprint])
        origin = self.model.origin
        site = self.add(
            "IfcSite", GlobalId=global_id("site", name), Name=given.path if given else "Site",
            ObjectPlacement=self.placement(), Representation=shape, CompositionType="ELEMENT",
            # metres above the vertical datum
            RefElevation=float(origin.elevation) if origin is not None and origin.elevation is not None else None,
        )  # fmt: skip
        if given is not None:
            self.quantities(
                f"site:{given.path}", site, "Qto_SiteBaseQuantities", [("IfcQuantityArea", "GrossArea", given.area_m2)]
            )
        return site

    def element(self, cls: str, kind: str, name: str, body: Ref | None, place: Ref | None = None, **more) -> Ref:
        """A building element named ``name``, placed relative to the building."""
        return self.add(
            cls, GlobalId=global_id(kind, name), Name=name,
            ObjectPlacement=place or self.placement(self.building_place), Representation=body, **more,
        )  # fmt: skip

    def column(self, c) -> Ref:
        return self.element("IfcColumn", "column", c.ref, self.prism(boxes.column_body(c), c.z0, c.z1))

    def covering(self, seg, floor: float) -> Ref:
        """A ``seg`` (an uncounted division of a wall) as cladding: its band across the
        wall, as deep as the wall is thick and as high, from the floor (koyu's exporter)."""
        body = self.prism(boxes.opening_box(seg, seg.t), floor, floor + seg.t)
        return self.element("IfcCovering", "seg", seg.ref, body, PredefinedType="CLADDING")

    def run(self, run) -> Ref:
        """A stair, ramp, lift or escalator: its solids as the Form gives them, a box
        extruded, an incline as a faceted brep (``koyu_model.form.prism``)."""
        if run.device in RUNS:
            cls, by_form = RUNS[run.device]
            predefined = by_form.get(run.form, "NOTDEFINED")
        else:
            cls, predefined = "IfcTransportElement", TRANSPORT.get(run.device, "NOTDEFINED")
        items = [self.solid(solid) for solid in run.solids]
        kinds = {item.cls for item in items}
        kind = (
            "SweptSolid"
            if kinds == {"IfcExtrudedAreaSolid"}
            else "Brep"
            if kinds == {"IfcFacetedBrep"}
            else "SolidModel"
        )
        name = f"{run.path}@{run.level}"
        element = self.element(cls, "run", name, self.shape(items, kind) if items else None, PredefinedType=predefined)
        if run.device == "stair":
            common = [
                ("NumberOfRiser", run.risers),
                ("NumberOfTreads", run.risers - 1),
                ("RiserHeight", run.riser),
                ("TreadLength", run.tread),
            ]
            self.properties(f"run-common:{name}", element, "Pset_StairCommon", [(k, number(v)) for k, v in common])
        elif run.device == "ramp":
            self.properties(f"run-common:{name}", element, "Pset_RampCommon", [("RequiredSlope", number(run.slope))])
        facts = [("koyu.path", text(run.path)), ("koyu.device", text(run.device)), ("koyu.form", text(run.form))]
        facts += [(f"koyu.{k}", number(getattr(run, k))) for k in ("rise", "slope", "going", "lanes")]
        self.properties(f"run-koyu:{name}", element, "koyu", facts)
        return element

    def solid(self, solid) -> Ref:
        if solid.kind != "incline":
            r = solid.rect
            return self.extrusion(
                ((r.x1, r.y1), (r.x2, r.y1), (r.x2, r.y2), (r.x1, r.y2)), solid.z0, solid.z1 - solid.z0
            )
        prism = run_prism(solid)
        n = len(prism.poly)
        bottom = [(p.x, p.y, z) for p, z in zip(prism.poly, prism.bottom)]
        top = [(p.x, p.y, z) for p, z in zip(prism.poly, prism.top)]
        loops = [bottom[::-1], top] + [[bottom[i], bottom[(i + 1) % n], top[(i + 1) % n], top[i]] for i in range(n)]
        faces = []
        for loop in loops:
            points = [self.point(tuple(map(float, q))) for q in loop]
            bound = self.add("IfcFaceOuterBound", Bound=self.add("IfcPolyLoop", Polygon=points), Orientation=True)
            faces.append(self.add("IfcFace", Bounds=[bound]))
        return self.add("IfcFacetedBrep", Outer=self.add("IfcClosedShell", CfsFaces=faces))

    def zone(self, zone, below: dict[str, list[str]]) -> None:
        """A zone holding spaces (its own path or any below it) as an IfcZone grouping the
        IfcSpaces among them; a zone over no space is not written."""
        inside = below.get(zone.path.rstrip("/"), []) + [p for p in (zone.path,) if p in self.model.spaces]
        if not inside:
            return
        long_name = zone.attrs.get("name")
        group = self.add(
            "IfcZone", GlobalId=global_id("zone", zone.path), Name=zone.path,
            LongName=long_name if isinstance(long_name, str) else None,
        )  # fmt: skip
        use = zone.attrs.get("use")
        if isinstance(use, str):
            self.classify(group, use)
        members = [self.spaces[path] for path in inside if self.is_room(path)]
        if members:
            self.related("IfcRelAssignsToGroup", "assigns", zone.path, RelatedObjects=members, RelatingGroup=group)

    def identity(self, path: str) -> str:
        uid = self.model.spaces[path].attrs.get("uid") if path in self.model.spaces else None
        return uid if isinstance(uid, str) else path  # a uid read as a number names nothing

    def space(self, space) -> Ref:
        written = self.model.spaces[space.path]
        long_name = written.attrs.get("name")
        shape = None
        if space.z0 is not None and space.z1 is not None and space.z1 - space.z0 > 0:
            shape = self.shape([self.extrusion(piece, space.z0, space.z1 - space.z0) for piece in space.outline])
        entity = self.add(
            "IfcSpace", GlobalId=global_id("space", self.identity(space.path)), Name=space.path,
            ObjectPlacement=self.placement(self.building_place), Representation=shape,
            LongName=long_name if isinstance(long_name, str) else None, CompositionType="ELEMENT",
            PredefinedType="INTERNAL" if space.indoor else "EXTERNAL",
        )  # fmt: skip
        self.spaces[space.path] = entity
        self.properties(
            f"space-common:{space.path}",
            entity,
            "Pset_SpaceCommon",
            [("IsExternal", boolean(not space.indoor))] + self.category(space.path, entity),
        )
        facts = [
            ("koyu.path", text(space.path)),
            ("koyu.indoor", boolean(space.indoor)),
            ("koyu.semiOutdoor", boolean(space.semi_outdoor)),
            ("koyu.outside", boolean(space.outside)),
            ("koyu.void", boolean(space.void)),
            ("koyu.covered", boolean(space.covered)),
        ]
        canonical = self.doc["spaces"].get(space.path, {}).get("attrs", {})
        # the name is the LongName; a uid read as a number is no identity, and not listed
        leave_out = ("name",) if isinstance(canonical.get("uid", ""), str) else ("name", "uid")
        facts += written_attrs(canonical, leave_out=leave_out)
        self.properties(f"space-koyu:{space.path}", entity, "koyu", facts)
        area = space.area_m2 or 0
        quantities = [("IfcQuantityArea", "GrossFloorArea", area)]
        if space.z0 is not None and space.z1 is not None:
            height = space.z1 - space.z0
            quantities += [
                ("IfcQuantityLength", "Height", height),
                ("IfcQuantityVolume", "GrossVolume", area * height / 1000),
            ]
        self.quantities(f"space:{space.path}", entity, "Qto_SpaceBaseQuantities", quantities)
        return entity

    def external(self, space) -> Ref:
        long_name = space.attrs.get("name")
        entity = self.add(
            "IfcExternalSpatialElement", GlobalId=global_id("external", self.identity(space.path)), Name=space.path,
            ObjectPlacement=self.placement(), LongName=long_name if isinstance(long_name, str) else None,
            PredefinedType="EXTERNAL",
        )  # fmt: skip
        self.spaces[space.path] = entity
        return entity

    def category(self, path: str, entity: Ref) -> list[tuple[str, Typed]]:
        """A space's ``use:`` as its classification, and as its Category in Pset_SpaceCommon."""
        use = self.doc["spaces"].get(path, {}).get("attrs", {}).get("use")
        if not isinstance(use, str):
            return []
        self.classify(entity, use)
        return [("Category", label(use))]

    def classify(self, entity: Ref, use: str) -> None:
        """``use:`` in the classification "koyu use" (edition "muro 1.1", whatever the file's
        version, as koyu's exporter writes it), one reference per use. The relationship is
        identified by what it says and of whom (the object's GlobalId), as koyu's exporter
        derives it."""
        if use not in self.classifications:
            if self.system is None:
                self.system = self.add("IfcClassification", Source="koyu", Edition="muro 1.1", Name="koyu use")
            self.classifications[use] = self.add(
                "IfcClassificationReference", Identification=use, Name=use, ReferencedSource=self.system
            )
        self.related(
            "IfcRelAssociatesClassification", "classifies", f"use:{use}:{entity.global_id}", RelatedObjects=[entity],
            RelatingClassification=self.classifications[use],
        )  # fmt: skip

    def is_room(self, path: str) -> bool:
        return path in self.spaces and self.spaces[path].cls == "IfcSpace"

    def walls(self):
        """Every boundary segment standing on a level: a wall with its openings, or a
        virtual element; answers what bounds which spaces."""
        index: dict[str, int] = defaultdict(int)
        openings = defaultdict(list)
        for o in self.form.openings:
            openings[(o.boundary, o.segment)].append(o)
        canonical = self.doc.get("boundaries", [])
        bounded = []
        for b in self.form.boundaries:
            i = index[b.ref]
            index[b.ref] += 1
            name = f"{b.ref}#{i}"
            written = self.written(canonical, b)
            if b.material is None:
                element = self.element("IfcVirtualElement", "virtual", name, None)
                self.contained[b.level].append(element)
                bounded.append((b.ref, name, element, (b.a, b.b), False))
                continue
            m = b.material
            seg = b.segment
            place = self.placement(self.building_place)
            body = self.prism(boxes.wall_body(seg, m.t), m.z0, m.z1)
            wall = self.element("IfcWall", "wall", name, body, place, PredefinedType="STANDARD")
            self.contained[b.level].append(wall)
            external = not (self.is_room(b.a) and self.is_room(b.b))
            self.properties(f"wall-common:{name}", wall, "Pset_WallCommon", [("IsExternal", boolean(external))])
            facts = [("koyu.ref", text(b.ref)), ("koyu.derived", boolean(b.derived))]
            facts += written_attrs(written.get("attrs", {}))
            self.properties(f"wall-koyu:{name}", wall, "koyu", facts)
            length = ((seg.x2 - seg.x1) ** 2 + (seg.y2 - seg.y1) ** 2) ** 0.5
            height = m.z1 - m.z0
            self.quantities(
                f"wall:{name}", wall, "Qto_WallBaseQuantities",
                [("IfcQuantityLength", "Length", length), ("IfcQuantityLength", "Width", m.t),
                 ("IfcQuantityLength", "Height", height), ("IfcQuantityVolume", "GrossVolume", length * m.t * height / 1e9)],
            )  # fmt: skip
            spec = written.get("attrs", {}).get("spec")
            if spec is not None:
                if str(spec) not in self.materials:
                    self.materials[str(spec)] = self.add("IfcMaterial", Name=str(spec))
                self.related(
                    "IfcRelAssociatesMaterial", "material", f"{spec}:{wall.global_id}", RelatedObjects=[wall],
                    RelatingMaterial=self.materials[str(spec)],
                )  # fmt: skip
            for o in openings.get((b.boundary, seg), ()):
                self.opening(o, wall, place, written)
            bounded.append((b.ref, name, wall, (b.a, b.b), True))
        return bounded

    @staticmethod
    def written(canonical: list, b) -> dict:
        """The canonical boundary a Form segment came from, as koyu's exporter finds it: by
        ``<between[0]>|<between[1]>@<index>`` against the segment's ref. Where the boundary
        names its sides the other way round (``a`` is ``between[1]``) it finds none, and the
        wall and its openings carry no written attribute (no material, no name)."""
        record = canonical[b.boundary] if b.boundary < len(canonical) else {}
        return record if "|".join(record.get("between", ())) + f"@{b.boundary}" == b.ref else {}

    def opening(self, o, wall: Ref, wall_place: Ref, boundary: dict) -> None:
        hole = self.add(
            "IfcOpeningElement", GlobalId=global_id("opening", o.ref), Name=o.ref,
            ObjectPlacement=self.placement(wall_place),
            Representation=self.prism(boxes.opening_box(o, o.t + OPENING_MARGIN), o.z0, o.z1), PredefinedType="OPENING",
        )  # fmt: skip
        self.related("IfcRelVoidsElement", "voids", o.ref, RelatingBuildingElement=wall, RelatedOpeningElement=hole)
        filler = self.add(
            "IfcDoor" if o.kind == "door" else "IfcWindow", GlobalId=global_id("filler", o.ref),
            Name=o.name if o.name is not None else o.ref, ObjectPlacement=self.placement(wall_place),
            Representation=self.prism(boxes.opening_box(o, LEAF), o.z0, o.z1), OverallHeight=float(o.z1 - o.z0),
            OverallWidth=float(o.w),
        )  # fmt: skip
        self.related("IfcRelFillsElement", "fills", o.ref, RelatingOpeningElement=hole, RelatedBuildingElement=filler)
        self.contained[o.level].append(filler)
        facts = [("koyu.ref", text(o.ref)), ("koyu.sliding", boolean(o.sliding))]
        openings = boundary.get("openings", [])
        written = openings[o.index] if o.index < len(openings) else {}
        attrs = written.get("attrs", {})
        facts += written_attrs(attrs)
        self.properties(f"opening-koyu:{o.ref}", filler, "koyu", facts)
        common = [("FireRating", label(str(attrs["fire"])))] if "fire" in attrs else []
        common += [("OperationType", label(o.style))] if o.style is not None else []
        if o.kind == "door" and common:
            self.properties(f"opening-common:{o.ref}", filler, "Pset_DoorCommon", common)
        if "ref" in written:
            self.typed[written["ref"]].append(filler)

    def types(self) -> None:
        """A door or window asset as an IfcDoorType / IfcWindowType, its attributes in a
        ``koyu`` set it holds itself (the valid form of the original's
        IfcRelDefinesByProperties on a type), and the openings naming it typed by it."""
        for name, asset in self.doc.get("assets", {}).items():
            if asset.get("kind") not in ("door", "window"):
                continue
            attrs = asset.get("attrs", {})
            props = [self.add("IfcPropertySingleValue", Name=key, NominalValue=v) for key, v in written_attrs(attrs)]
            pset = self.add(
                "IfcPropertySet", GlobalId=global_id("pset", f"type:{name}"), Name="koyu", HasProperties=props
            )
            style = attrs.get("style") if isinstance(attrs.get("style"), str) else None
            common = dict(GlobalId=global_id("type", name), Name=name, HasPropertySets=[pset], ElementType=style)
            if asset["kind"] == "door":
                kind = self.add(
                    "IfcDoorType", **common, PredefinedType="NOTDEFINED",
                    OperationType="USERDEFINED" if style else "NOTDEFINED",
                )  # fmt: skip
            else:
                kind = self.add("IfcWindowType", **common, PredefinedType="NOTDEFINED", PartitioningType="NOTDEFINED")
            if self.typed.get(name):
                self.related("IfcRelDefinesByType", "typed", name, RelatedObjects=self.typed[name], RelatingType=kind)

    def slabs(self):
        index: dict[tuple[str, str], int] = defaultdict(int)
        for s in self.form.slabs:
            i = index[(s.space, s.kind)]
            index[(s.space, s.kind)] += 1
            slab = self.add(
                "IfcSlab", GlobalId=global_id("slab", f"{s.space}/{s.kind}#{i}"), Name=f"{s.space} {s.kind}",
                ObjectPlacement=self.placement(self.building_place), Representation=self.prism(s.outline, s.z0, s.z1),
                PredefinedType="ROOF" if s.kind == "roof" else "FLOOR",
            )  # fmt: skip
            yield s.level, slab

    def boundaries(self, ref: str, name: str, element: Ref, sides, physical: bool) -> None:
        """One IfcRelSpaceBoundary per side whose space exists, named (and identified) by
        the side, ``a`` or ``b``, and the space across it."""
        for letter, here, there in (("a", *sides), ("b", *sides[::-1])):
            space = self.spaces.get(here)
            if space is None:
                continue
            self.related(
                "IfcRelSpaceBoundary", "boundary", f"{name}/{letter}/{there}", Name=ref, RelatingSpace=space,
                RelatedBuildingElement=element, PhysicalOrVirtualBoundary="PHYSICAL" if physical else "VIRTUAL",
                InternalOrExternalBoundary="INTERNAL" if self.is_room(there) else "EXTERNAL",
            )  # fmt: skip


def write(model: Model) -> StepFile:
    """``model`` (read as koyu 0.27.0 reads it) as an IFC4 file."""
    return Writer(model).write()
