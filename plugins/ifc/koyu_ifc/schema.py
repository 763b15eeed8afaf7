"""The IFC4 classes this exporter writes, each with its attributes in the schema's order —
what a STEP line lists, position by position (``step``).

A name written ``*Name`` is derived (the file writes ``*``), ``.Name.`` an enumeration (the
file writes ``.VALUE.``), as the STEP file itself spells them. A class's attributes are its
supertypes' followed by its own, so the table is built along IFC's own inheritance (root →
object → product → element or spatial element; root → type object → element type).
ifcopenshell's schema is the authority: a test checks this table against it, so the
exporter never imports ifcopenshell.
"""

# The abstract supertypes, each adding its attributes to its parent's.
_ROOT = ("GlobalId", "OwnerHistory", "Name", "Description")  # IfcRoot
_OBJECT = _ROOT + ("ObjectType",)  # IfcObject
_PRODUCT = _OBJECT + ("ObjectPlacement", "Representation")  # IfcProduct
_ELEMENT = _PRODUCT + ("Tag",)  # IfcElement
_TYPED_ELEMENT = _ELEMENT + (".PredefinedType.",)  # an element whose only own attribute is its kind
_SPATIAL = _PRODUCT + ("LongName",)  # IfcSpatialElement
_STRUCTURE = _SPATIAL + (".CompositionType.",)  # IfcSpatialStructureElement
_ELEMENT_TYPE = _ROOT + ("ApplicableOccurrence", "HasPropertySets", "RepresentationMaps", "Tag", "ElementType")
_RELATIONSHIP = _ROOT  # IfcRelationship adds nothing of its own
_QUANTITY = ("Name", "Description", "Unit")  # IfcPhysicalSimpleQuantity

ATTRIBUTES: dict[str, tuple[str, ...]] = {
    # the spatial tree
    "IfcProject": _OBJECT + ("LongName", "Phase", "RepresentationContexts", "UnitsInContext"),
    "IfcSite": _STRUCTURE + ("RefLatitude", "RefLongitude", "RefElevation", "LandTitleNumber", "SiteAddress"),
    "IfcBuilding": _STRUCTURE + ("ElevationOfRefHeight", "ElevationOfTerrain", "BuildingAddress"),
    "IfcBuildingStorey": _STRUCTURE + ("Elevation",),
    "IfcSpace": _STRUCTURE + (".PredefinedType.", "ElevationWithFlooring"),
    "IfcExternalSpatialElement": _SPATIAL + (".PredefinedType.",),
    "IfcZone": _OBJECT + ("LongName",),
    # elements
    "IfcWall": _TYPED_ELEMENT,
    "IfcSlab": _TYPED_ELEMENT,
    "IfcColumn": _TYPED_ELEMENT,
    "IfcCovering": _TYPED_ELEMENT,
    "IfcStair": _TYPED_ELEMENT,
    "IfcRamp": _TYPED_ELEMENT,
    "IfcTransportElement": _TYPED_ELEMENT,
    "IfcOpeningElement": _TYPED_ELEMENT,
    "IfcVirtualElement": _ELEMENT,
    "IfcDoor": _ELEMENT
    + ("OverallHeight", "OverallWidth", ".PredefinedType.", ".OperationType.", "UserDefinedOperationType"),
    "IfcWindow": _ELEMENT
    + ("OverallHeight", "OverallWidth", ".PredefinedType.", ".PartitioningType.", "UserDefinedPartitioningType"),
    "IfcDoorType": _ELEMENT_TYPE
    + (".PredefinedType.", ".OperationType.", "ParameterTakesPrecedence", "UserDefinedOperationType"),
    "IfcWindowType": _ELEMENT_TYPE
    + (".PredefinedType.", ".PartitioningType.", "ParameterTakesPrecedence", "UserDefinedPartitioningType"),
    # relationships
    "IfcRelAggregates": _RELATIONSHIP + ("RelatingObject", "RelatedObjects"),
    "IfcRelContainedInSpatialStructure": _RELATIONSHIP + ("RelatedElements", "RelatingStructure"),
    "IfcRelReferencedInSpatialStructure": _RELATIONSHIP + ("RelatedElements", "RelatingStructure"),
    "IfcRelAssignsToGroup": _RELATIONSHIP + ("RelatedObjects", ".RelatedObjectsType.", "RelatingGroup"),
    "IfcRelAssociatesClassification": _RELATIONSHIP + ("RelatedObjects", "RelatingClassification"),
    "IfcRelAssociatesMaterial": _RELATIONSHIP + ("RelatedObjects", "RelatingMaterial"),
    "IfcRelDefinesByProperties": _RELATIONSHIP + ("RelatedObjects", "RelatingPropertyDefinition"),
    "IfcRelDefinesByType": _RELATIONSHIP + ("RelatedObjects", "RelatingType"),
    "IfcRelVoidsElement": _RELATIONSHIP + ("RelatingBuildingElement", "RelatedOpeningElement"),
    "IfcRelFillsElement": _RELATIONSHIP + ("RelatingOpeningElement", "RelatedBuildingElement"),
    "IfcRelSpaceBoundary": _RELATIONSHIP
    + (
        "RelatingSpace",
        "RelatedBuildingElement",
        "ConnectionGeometry",
        ".PhysicalOrVirtualBoundary.",
        ".InternalOrExternalBoundary.",
    ),
    # properties, quantities, classification, material
    "IfcPropertySet": _ROOT + ("HasProperties",),
    "IfcPropertySingleValue": ("Name", "Description", "NominalValue", "Unit"),
    "IfcElementQuantity": _ROOT + ("MethodOfMeasurement", "Quantities"),
    "IfcQuantityLength": _QUANTITY + ("LengthValue", "Formula"),
    "IfcQuantityArea": _QUANTITY + ("AreaValue", "Formula"),
    "IfcQuantityVolume": _QUANTITY + ("VolumeValue", "Formula"),
    "IfcClassification": ("Source", "Edition", "EditionDate", "Name", "Description", "Location", "ReferenceTokens"),
    "IfcClassificationReference": ("Location", "Identification", "Name", "ReferencedSource", "Description", "Sort"),
    "IfcMaterial": ("Name", "Description", "Category"),
    # units, contexts and the map
    "IfcSIUnit": ("*Dimensions", ".UnitType.", ".Prefix.", ".Name."),
    "IfcUnitAssignment": ("Units",),
    "IfcGeometricRepresentationContext": (
        "ContextIdentifier",
        "ContextType",
        "CoordinateSpaceDimension",
        "Precision",
        "WorldCoordinateSystem",
        "TrueNorth",
    ),
    "IfcGeometricRepresentationSubContext": (
        "ContextIdentifier",
        "ContextType",
        "*CoordinateSpaceDimension",
        "*Precision",
        "*WorldCoordinateSystem",
        "*TrueNorth",
        "ParentContext",
        "TargetScale",
        ".TargetView.",
        "UserDefinedTargetView",
    ),
    "IfcProjectedCRS": ("Name", "Description", "GeodeticDatum", "VerticalDatum", "MapProjection", "MapZone", "MapUnit"),
    "IfcMapConversion": (
        "SourceCRS",
        "TargetCRS",
        "Eastings",
        "Northings",
        "OrthogonalHeight",
        "XAxisAbscissa",
        "XAxisOrdinate",
        "Scale",
    ),
    # placement and geometry
    "IfcLocalPlacement": ("PlacementRelTo", "RelativePlacement"),
    "IfcAxis2Placement3D": ("Location", "Axis", "RefDirection"),
    "IfcCartesianPoint": ("Coordinates",),
    "IfcDirection": ("DirectionRatios",),
    "IfcPolyline": ("Points",),
    "IfcPolyLoop": ("Polygon",),
    "IfcArbitraryClosedProfileDef": (".ProfileType.", "ProfileName", "OuterCurve"),
    "IfcExtrudedAreaSolid": ("SweptArea", "Position", "ExtrudedDirection", "Depth"),
    "IfcFace": ("Bounds",),
    "IfcFaceOuterBound": ("Bound", "Orientation"),
    "IfcClosedShell": ("CfsFaces",),
    "IfcFacetedBrep": ("Outer",),
    "IfcShapeRepresentation": ("ContextOfItems", "RepresentationIdentifier", "RepresentationType", "Items"),
    "IfcProductDefinitionShape": ("Name", "Description", "Representations"),
}
