"""A building as IFC4: koyu's Form and canonical model written with ifcopenshell.

``write(model)`` returns an ``ifcopenshell.file``. No geometry rule lives here: outlines,
wall bodies, opening boxes, slabs and run solids come from the Form (``koyu_model.form``)
and its constructors (``koyu_model.form.boxes``); this module only says which IFC entity
each becomes, with which identity, properties and relationships — the mapping of koyu
0.27.0's exporter:

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
and their doors and windows relative to their wall.
"""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

import ifcopenshell

from koyu_ifc import georeference
from koyu_ifc.identity import global_id
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


class Writer:
    def __init__(self, model: Model) -> None:
        self.model = model
        self.form = derive(model, plans=False)
        self.doc = json.loads(canonical_json(model))
        self.f = ifcopenshell.file(schema="IFC4")
        self.materials: dict[str, Any] = {}

    # --- the small pieces ---------------------------------------------------------------

    def add(self, cls: str, *args, **kwargs):
        return self.f.create_entity(cls, *args, **kwargs)

    def placement(self, relative_to=None, z: float = 0.0):
        point = self.add("IfcCartesianPoint", (0.0, 0.0, float(z)))
        return self.add("IfcLocalPlacement", relative_to, self.add("IfcAxis2Placement3D", point, None, None))

    def extrusion(self, outline, z0: float, depth: float):
        points = [self.add("IfcCartesianPoint", (float(p[0]), float(p[1]))) for p in outline]
        profile = self.add("IfcArbitraryClosedProfileDef", "AREA", None, self.add("IfcPolyline", points + points[:1]))
        position = self.add("IfcAxis2Placement3D", self.add("IfcCartesianPoint", (0.0, 0.0, float(z0))), None, None)
        return self.add("IfcExtrudedAreaSolid", profile, position, self.up, float(depth))

    def shape(self, items, kind: str = "SweptSolid"):
        representation = self.add("IfcShapeRepresentation", self.body, "Body", kind, items)
        return self.add("IfcProductDefinitionShape", None, None, [representation])

    def prism(self, outline, z0: float, z1: float):
        """A body extruded from ``outline`` between z0 and z1; none when it has no height."""
        return self.shape([self.extrusion(outline, z0, z1 - z0)]) if z1 - z0 > 0 else None

    def properties(self, tag: str, owner, name: str, values: list[tuple[str, object]]) -> None:
        """A property set; a name given twice (a space's written ``void:1`` beside the
        Form's fact) is written once, with its first value, as IFC requires."""
        first: dict[str, object] = {}
        for key, value in values:
            first.setdefault(key, value)
        props = [self.add("IfcPropertySingleValue", key, None, value, None) for key, value in first.items()]
        pset = self.add("IfcPropertySet", global_id("pset", tag), None, name, None, props)
        self.add("IfcRelDefinesByProperties", global_id("defines", tag), None, None, None, [owner], pset)

    def quantities(self, tag: str, owner, name: str, values: list[tuple[str, str, float]]) -> None:
        quantities = [self.add(cls, key, None, None, float(value), None) for cls, key, value in values]
        qto = self.add("IfcElementQuantity", global_id("qto", tag), None, name, None, None, quantities)
        self.add("IfcRelDefinesByProperties", global_id("qto-defines", tag), None, None, None, [owner], qto)

    def value(self, key: str, v):
        if key in FLAGS:  # a flag written 1, or yes: true
            return self.add("IfcBoolean", v not in (0, "0", "no", "false"))
        if isinstance(v, bool):
            return self.add("IfcBoolean", v)
        if isinstance(v, (int, float)):
            return self.add("IfcReal", float(v))
        return self.add("IfcText", str(v))

    def attrs(self, written: dict, leave_out: tuple[str, ...] = ()) -> list[tuple[str, object]]:
        return [(f"koyu.{k}", self.value(k, v)) for k, v in written.items() if k not in leave_out]

    # --- the building -------------------------------------------------------------------

    def write(self):
        f, add = self.f, self.add
        units = [
            add("IfcSIUnit", None, "LENGTHUNIT", "MILLI", "METRE"),
            add("IfcSIUnit", None, "AREAUNIT", None, "SQUARE_METRE"),
            add("IfcSIUnit", None, "VOLUMEUNIT", None, "CUBIC_METRE"),
            add("IfcSIUnit", None, "PLANEANGLEUNIT", None, "RADIAN"),
        ]
        unit_assignment = add("IfcUnitAssignment", units)
        world = add("IfcAxis2Placement3D", add("IfcCartesianPoint", (0.0, 0.0, 0.0)), None, None)
        azimuth = self.model.azimuth.degrees if self.model.azimuth is not None else None
        north = add("IfcDirection", georeference.true_north(azimuth)) if azimuth is not None else None
        context = add("IfcGeometricRepresentationContext", None, "Model", 3, 1.0e-5, world, north)
        if azimuth is not None and self.model.origin is not None:
            self.map_conversion(context, self.model.origin, azimuth)
        self.body = add(
            "IfcGeometricRepresentationSubContext",
            "Body",
            "Model",
            None,
            None,
            None,
            None,
            context,
            None,
            "MODEL_VIEW",
            None,
        )
        self.up = add("IfcDirection", (0.0, 0.0, 1.0))
        name = self.model.name or "koyu"
        project = add(
            "IfcProject", global_id("project", name), None, name, None, None, None, None, [context], unit_assignment
        )
        site = self.site(name)
        self.building_place = self.placement()
        building = add(
            "IfcBuilding",
            global_id("building", name),
            None,
            name,
            None,
            None,
            self.building_place,
            None,
            None,
            "ELEMENT",
        )
        add("IfcRelAggregates", global_id("aggregates", "project-site"), None, None, None, project, [site])
        add("IfcRelAggregates", global_id("aggregates", "site-building"), None, None, None, site, [building])

        self.storeys = {}
        for level in self.form.levels:
            self.storeys[level.name] = add(
                "IfcBuildingStorey", global_id("storey", level.name), None, level.name, None, None,
                self.placement(None, level.z), None, None, "ELEMENT", float(level.z),
            )  # fmt: skip
        if self.storeys:
            add(
                "IfcRelAggregates",
                global_id("aggregates", "building-storeys"),
                None,
                None,
                None,
                building,
                list(self.storeys.values()),
            )

        self.spaces: dict[str, Any] = {}
        by_storey = defaultdict(list)
        for space in self.form.spaces:
            entity = self.space(space)
            if space.level in self.storeys:
                by_storey[space.level].append(entity)
        for level, members in by_storey.items():
            add(
                "IfcRelAggregates",
                global_id("aggregates", f"storey-spaces-{level}"),
                None,
                None,
                None,
                self.storeys[level],
                members,
            )
        externals = [self.external(s) for s in self.model.spaces.values() if s.outside and s.path not in self.spaces]
        if externals:
            add(
                "IfcRelReferencedInSpatialStructure",
                global_id("references", "external"),
                None,
                None,
                None,
                externals,
                site,
            )

        self.contained = defaultdict(list)
        self.typed: dict[str, list] = defaultdict(list)
        bounded = self.walls()
        self.types()
        for key, slab in self.slabs():
            self.contained[key].append(slab)
        for column in self.form.columns:
            self.contained[column.level].append(self.column(column))
        levels = {level.name: level.z for level in self.form.levels}
        for seg in self.form.segs:
            self.contained[seg.level].append(self.covering(seg, levels.get(seg.level, 0)))
        for run in self.form.runs:
            self.contained[run.level].append(self.run(run))
        for level, elements in self.contained.items():
            if level in self.storeys:
                add(
                    "IfcRelContainedInSpatialStructure",
                    global_id("contains", f"storey:{level}"),
                    None,
                    None,
                    None,
                    elements,
                    self.storeys[level],
                )
        for ref, element, sides, physical in bounded:
            self.boundaries(ref, element, sides, physical)
        for zone in self.model.zones.values():
            self.zone(zone)
        return f

    def map_conversion(self, context, origin, azimuth: float) -> None:
        """Where the model sits on the map: its origin's CRS and coordinates, the rotation
        corrected for the meridian convergence there (``georeference``)."""
        crs = georeference.projected(origin.epsg, origin.vertical)
        metre = self.add("IfcSIUnit", None, "LENGTHUNIT", None, "METRE")
        target = self.add(
            "IfcProjectedCRS", f"EPSG:{origin.epsg}", crs.description, crs.geodetic_datum, crs.vertical_datum,
            None, None, metre,
        )  # fmt: skip
        x_axis = georeference.x_axis(origin.epsg, origin.easting, origin.northing, azimuth)
        self.add(
            "IfcMapConversion", context, target, float(origin.easting), float(origin.northing),
            float(origin.elevation or 0), *x_axis, 0.001,
        )  # fmt: skip

    def site(self, name: str):
        """The site, named and outlined by the first site polygon where there is one."""
        given = self.form.site[0] if self.form.site else None
        shape = None
        if given is not None:
            points = [self.add("IfcCartesianPoint", (float(p.x), float(p.y), 0.0)) for p in given.points]
            line = self.add("IfcPolyline", points + points[:1])
            footprint = self.add("IfcShapeRepresentation", self.body, "FootPrint", "Curve3D", [line])
            shape = self.add("IfcProductDefinitionShape", None, None, [footprint])
        site = self.add(
            "IfcSite", global_id("site", name), None, given.path if given else "Site", None, None, self.placement(),
            shape, None, "ELEMENT",
        )  # fmt: skip
        origin = self.model.origin
        if origin is not None and origin.elevation is not None:
            site.RefElevation = float(origin.elevation)  # metres above the vertical datum
        if given is not None:
            self.quantities(
                f"site:{given.path}", site, "Qto_SiteBaseQuantities", [("IfcQuantityArea", "GrossArea", given.area_m2)]
            )
        return site

    def column(self, c):
        return self.add(
            "IfcColumn", global_id("column", c.ref), None, c.ref, None, None, self.placement(self.building_place),
            self.prism(boxes.column_body(c), c.z0, c.z1), None, None,
        )  # fmt: skip

    def covering(self, seg, floor: float):
        """A ``seg`` (an uncounted division of a wall) as cladding: its band across the
        wall, as deep as the wall is thick and as high, from the floor (koyu's exporter)."""
        return self.add(
            "IfcCovering", global_id("seg", seg.ref), None, seg.ref, None, None, self.placement(self.building_place),
            self.prism(boxes.opening_box(seg, seg.t), floor, floor + seg.t), None, "CLADDING",
        )  # fmt: skip

    def run(self, run):
        """A stair, ramp, lift or escalator: its solids as the Form gives them, a box
        extruded, an incline as a faceted brep (``koyu_model.form.prism``)."""
        cls, predefined = RUNS.get(run.device, ("IfcTransportElement", "NOTDEFINED"))
        if cls == "IfcTransportElement":
            predefined = TRANSPORT.get(run.device, "NOTDEFINED")
        else:
            predefined = predefined.get(run.form, "NOTDEFINED")
        items = [self.solid(solid) for solid in run.solids]
        kinds = {item.is_a() for item in items}
        kind = (
            "SweptSolid"
            if kinds == {"IfcExtrudedAreaSolid"}
            else "Brep"
            if kinds == {"IfcFacetedBrep"}
            else "SolidModel"
        )
        name = f"{run.path}@{run.level}"
        element = self.add(
            cls, global_id("run", name), None, name, None, None, self.placement(self.building_place),
            self.shape(items, kind) if items else None, None, predefined,
        )  # fmt: skip
        if run.device == "stair":
            common = [
                ("NumberOfRiser", run.risers),
                ("NumberOfTreads", run.risers - 1),
                ("RiserHeight", run.riser),
                ("TreadLength", run.tread),
            ]
            self.properties(
                f"run-common:{name}",
                element,
                "Pset_StairCommon",
                [(k, self.add("IfcReal", float(v))) for k, v in common],
            )
        elif run.device == "ramp":
            self.properties(
                f"run-common:{name}",
                element,
                "Pset_RampCommon",
                [("RequiredSlope", self.add("IfcReal", float(run.slope)))],
            )
        facts = [
            ("koyu.path", self.add("IfcText", run.path)),
            ("koyu.device", self.add("IfcText", run.device)),
            ("koyu.form", self.add("IfcText", run.form)),
        ]
        facts += [
            (f"koyu.{k}", self.add("IfcReal", float(getattr(run, k)))) for k in ("rise", "slope", "going", "lanes")
        ]
        self.properties(f"run-koyu:{name}", element, "koyu", facts)
        return element

    def solid(self, solid):
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
        faces = [
            self.add(
                "IfcFace",
                [
                    self.add(
                        "IfcFaceOuterBound",
                        self.add("IfcPolyLoop", [self.add("IfcCartesianPoint", tuple(map(float, q))) for q in loop]),
                        True,
                    )
                ],
            )
            for loop in loops
        ]
        return self.add("IfcFacetedBrep", self.add("IfcClosedShell", faces))

    def zone(self, zone) -> None:
        """A zone holding spaces (its own path or any below it) as an IfcZone grouping the
        IfcSpaces among them; a zone over no space is not written."""
        prefix = zone.path.rstrip("/") + "/"
        if not any(path == zone.path or path.startswith(prefix) for path in self.model.spaces):
            return
        long_name = zone.attrs.get("name")
        group = self.add(
            "IfcZone", global_id("zone", zone.path), None, zone.path, None, None,
            long_name if isinstance(long_name, str) else None,
        )  # fmt: skip
        use = zone.attrs.get("use")
        if isinstance(use, str):
            self.classify(group, use)
        members = [
            e
            for path, e in self.spaces.items()
            if (path == zone.path or path.startswith(prefix)) and e.is_a("IfcSpace")
        ]
        if members:
            self.add("IfcRelAssignsToGroup", global_id("assigns", zone.path), None, None, None, members, None, group)

    def identity(self, path: str) -> str:
        uid = self.model.spaces[path].attrs.get("uid") if path in self.model.spaces else None
        return uid if isinstance(uid, str) else path  # a uid read as a number names nothing

    def space(self, space):
        written = self.model.spaces[space.path]
        ident = self.identity(space.path)
        long_name = written.attrs.get("name")
        pieces = space.outline
        shape = None
        if space.z0 is not None and space.z1 is not None and space.z1 - space.z0 > 0:
            shape = self.shape([self.extrusion(piece, space.z0, space.z1 - space.z0) for piece in pieces])
        entity = self.add(
            "IfcSpace", global_id("space", ident), None, space.path, None, None, self.placement(self.building_place), shape,
            long_name if isinstance(long_name, str) else None, "ELEMENT", "INTERNAL" if space.indoor else "EXTERNAL",
        )  # fmt: skip
        self.spaces[space.path] = entity
        self.properties(
            f"space-common:{space.path}",
            entity,
            "Pset_SpaceCommon",
            [("IsExternal", self.add("IfcBoolean", not space.indoor))] + self.category(space.path, entity),
        )
        facts = [
            ("koyu.path", self.add("IfcText", space.path)),
            ("koyu.indoor", self.add("IfcBoolean", space.indoor)),
            ("koyu.semiOutdoor", self.add("IfcBoolean", space.semi_outdoor)),
            ("koyu.outside", self.add("IfcBoolean", space.outside)),
            ("koyu.void", self.add("IfcBoolean", space.void)),
            ("koyu.covered", self.add("IfcBoolean", space.covered)),
        ]
        canonical = self.doc["spaces"].get(space.path, {})
        written_attrs = canonical.get("attrs", {})
        # the name is the LongName; a uid read as a number is no identity, and not listed
        leave_out = ("name",) if isinstance(written_attrs.get("uid", ""), str) else ("name", "uid")
        facts += self.attrs(written_attrs, leave_out=leave_out)
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

    def external(self, space):
        long_name = space.attrs.get("name")
        entity = self.add(
            "IfcExternalSpatialElement", global_id("external", self.identity(space.path)), None, space.path, None, None,
            self.placement(), None, long_name if isinstance(long_name, str) else None, "EXTERNAL",
        )  # fmt: skip
        self.spaces[space.path] = entity
        return entity

    def category(self, path: str, entity) -> list[tuple[str, object]]:
        """A space's ``use:`` as its classification, and as its Category in Pset_SpaceCommon."""
        use = self.doc["spaces"].get(path, {}).get("attrs", {}).get("use")
        if not isinstance(use, str):
            return []
        self.classify(entity, use)
        return [("Category", self.add("IfcLabel", use))]

    def classify(self, entity, use: str) -> None:
        """``use:`` in the classification "koyu use" (edition "muro 1.1", whatever the file's
        version, as koyu's exporter writes it)."""
        system = self.add("IfcClassification", "koyu", "muro 1.1", None, "koyu use", None, None, None)
        reference = self.add("IfcClassificationReference", None, use, use, system, None, None)
        # Identified like a material's association: by what it says (the use) and whom it
        # says it of (the object's own GlobalId), as koyu's exporter derives it.
        self.add(
            "IfcRelAssociatesClassification", global_id("classifies", f"use:{use}:{entity.GlobalId}"), None, None,
            None, [entity], reference,
        )  # fmt: skip

    def is_room(self, path: str) -> bool:
        return self.spaces.get(path) is not None and self.spaces[path].is_a("IfcSpace")

    def walls(self):
        """Every boundary segment standing on a level: a wall with its openings, or a
        virtual element; answers what bounds which spaces."""
        add = self.add
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
            place = self.placement(self.building_place)
            written = self.written(canonical, b)
            if b.material is None:
                element = add(
                    "IfcVirtualElement", global_id("virtual", name), None, name, None, None, place, None, None
                )
                self.contained[b.level].append(element)
                bounded.append((b.ref, element, (b.a, b.b), False))
                continue
            m = b.material
            seg = b.segment
            wall = add(
                "IfcWall", global_id("wall", name), None, name, None, None, place,
                self.prism(boxes.wall_body(seg, m.t), m.z0, m.z1), None, "STANDARD",
            )  # fmt: skip
            self.contained[b.level].append(wall)
            external = not (self.is_room(b.a) and self.is_room(b.b))
            self.properties(
                f"wall-common:{name}", wall, "Pset_WallCommon", [("IsExternal", add("IfcBoolean", external))]
            )
            facts = [("koyu.ref", add("IfcText", b.ref)), ("koyu.derived", add("IfcBoolean", b.derived))]
            facts += self.attrs(written.get("attrs", {}))
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
                material = self.materials.get(str(spec)) or add("IfcMaterial", str(spec), None, None)
                self.materials[str(spec)] = material
                add(
                    "IfcRelAssociatesMaterial",
                    global_id("material", f"{spec}:{wall.GlobalId}"),
                    None,
                    None,
                    None,
                    [wall],
                    material,
                )
            for o in openings.get((b.boundary, seg), ()):
                self.opening(o, wall, place, written)
            bounded.append((b.ref, wall, (b.a, b.b), True))
        return bounded

    @staticmethod
    def written(canonical: list, b) -> dict:
        """The canonical boundary a Form segment came from, as koyu's exporter finds it: by
        ``<between[0]>|<between[1]>@<index>`` against the segment's ref. Where the boundary
        names its sides the other way round (``a`` is ``between[1]``) it finds none, and the
        wall and its openings carry no written attribute (no material, no name)."""
        record = canonical[b.boundary] if b.boundary < len(canonical) else {}
        return record if "|".join(record.get("between", ())) + f"@{b.boundary}" == b.ref else {}

    def opening(self, o, wall, wall_place, boundary) -> None:
        add = self.add
        hole = add(
            "IfcOpeningElement", global_id("opening", o.ref), None, o.ref, None, None, self.placement(wall_place),
            self.prism(boxes.opening_box(o, o.t + OPENING_MARGIN), o.z0, o.z1), None, "OPENING",
        )  # fmt: skip
        add("IfcRelVoidsElement", global_id("voids", o.ref), None, None, None, wall, hole)
        name = o.name if o.name is not None else o.ref
        leaf = self.prism(boxes.opening_box(o, LEAF), o.z0, o.z1)
        cls = "IfcDoor" if o.kind == "door" else "IfcWindow"
        filler = add(
            cls, global_id("filler", o.ref), None, name, None, None, self.placement(wall_place), leaf, None,
            float(o.z1 - o.z0), float(o.w),
        )  # fmt: skip
        add("IfcRelFillsElement", global_id("fills", o.ref), None, None, None, hole, filler)
        self.contained[o.level].append(filler)
        facts = [("koyu.ref", add("IfcText", o.ref)), ("koyu.sliding", add("IfcBoolean", o.sliding))]
        written = boundary.get("openings", [])[o.index] if o.index < len(boundary.get("openings", [])) else {}
        attrs = written.get("attrs", {})
        facts += self.attrs(attrs)
        self.properties(f"opening-koyu:{o.ref}", filler, "koyu", facts)
        common = [("FireRating", add("IfcLabel", str(attrs["fire"])))] if "fire" in attrs else []
        common += [("OperationType", add("IfcLabel", o.style))] if o.style is not None else []
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
            props = [self.add("IfcPropertySingleValue", key, None, value, None) for key, value in self.attrs(attrs)]
            pset = self.add("IfcPropertySet", global_id("pset", f"type:{name}"), None, "koyu", None, props)
            style = attrs.get("style") if isinstance(attrs.get("style"), str) else None
            if asset["kind"] == "door":
                kind = self.add(
                    "IfcDoorType", global_id("type", name), None, name, None, None, [pset], None, None, style,
                    "NOTDEFINED", "USERDEFINED" if style else "NOTDEFINED",
                )  # fmt: skip
            else:
                kind = self.add(
                    "IfcWindowType", global_id("type", name), None, name, None, None, [pset], None, None, style,
                    "NOTDEFINED", "NOTDEFINED",
                )  # fmt: skip
            if self.typed.get(name):
                self.add("IfcRelDefinesByType", global_id("typed", name), None, None, None, self.typed[name], kind)

    def slabs(self):
        index: dict[tuple[str, str], int] = defaultdict(int)
        for s in self.form.slabs:
            i = index[(s.space, s.kind)]
            index[(s.space, s.kind)] += 1
            slab = self.add(
                "IfcSlab", global_id("slab", f"{s.space}/{s.kind}#{i}"), None, f"{s.space} {s.kind}", None, None,
                self.placement(self.building_place), self.prism(s.outline, s.z0, s.z1), None,
                "ROOF" if s.kind == "roof" else "FLOOR",
            )  # fmt: skip
            yield s.level, slab

    def boundaries(self, ref: str, element, sides, physical: bool) -> None:
        """One IfcRelSpaceBoundary per side whose space exists, named (and identified) by
        the side, ``a`` or ``b``, and the space across it."""
        for letter, here, there in (("a", *sides), ("b", *sides[::-1])):
            space = self.spaces.get(here)
            if space is None:
                continue
            self.add(
                "IfcRelSpaceBoundary", global_id("boundary", f"{element.Name}/{letter}/{there}"), None, ref, None,
                space, element, None, "PHYSICAL" if physical else "VIRTUAL", "INTERNAL" if self.is_room(there) else "EXTERNAL",
            )  # fmt: skip


def write(model: Model):
    """``model`` (read as koyu 0.27.0 reads it) as an IFC4 file."""
    return Writer(model).write()
