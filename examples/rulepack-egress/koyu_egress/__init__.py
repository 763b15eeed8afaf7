"""koyu-egress: an example rule pack (a koyu 0.27 assessment profile) as a plugin.

The analysis lists the doors that lead outside, as facts; the rule draws the line.
"""

from __future__ import annotations

from koyu_host import hookimpl
from koyu_model.assessment import Analysis, Profile, Rule, RuleSet, applicable, not_applicable, outcome

EXIT_DOOR_MIN_MM = 850
ANALYSIS = "egress.analysis.exit-doors"


def exit_doors(model):
    """(value, evidence): each door on a boundary with an outside space, in model order."""
    doors, evidence = [], []
    for i, b in enumerate(model.boundaries):
        sides = [model.spaces.get(b.a), model.spaces.get(b.b)]
        if not any(s is not None and s.outside for s in sides):
            continue
        for j, o in enumerate(b.openings):
            if o.kind != "door":
                continue
            ref = f"{b.a}|{b.b}@{i}/{j}"
            doors.append({"ref": ref, "widthMm": o.w})
            evidence.append(
                {
                    "id": f"exit-door:{ref}",
                    "kind": "fact",
                    "name": "exitDoor",
                    "producedBy": {"id": ANALYSIS, "revision": "1"},
                    "sources": [{"kind": "model", "location": {"file": b.file, "line": b.line}}],
                    "subjects": [{"kind": "opening", "ref": ref}],
                    "value": {"widthMm": o.w},
                }
            )
    return {"doors": doors}, evidence


def exit_door_width(model, artifacts):
    doors = artifacts[ANALYSIS]["doors"]
    if not doors:
        return not_applicable("No door leads to an outside space")
    out = []
    for d in doors:
        subjects = [{"kind": "opening", "ref": d["ref"]}]
        if d["widthMm"] < EXIT_DOOR_MIN_MM:
            message = f"Exit door {d['ref']} is {d['widthMm']}mm wide, under {EXIT_DOOR_MIN_MM}mm"
            out.append(outcome(d["ref"], "fail", subjects, message))
        else:
            out.append(outcome(d["ref"], "pass", subjects, f"Exit door {d['ref']} is {d['widthMm']}mm wide"))
    return applicable(out)


PROFILE = Profile(
    "egress.profile.exit-doors",
    "1",
    (
        RuleSet(
            "egress.ruleset.exit-doors",
            "1",
            (Rule("egress.exit-door.width", "1", "violation", (ANALYSIS,), exit_door_width),),
        ),
    ),
    (Analysis(ANALYSIS, "1", exit_doors),),
)


@hookimpl
def koyu_register_profiles(registry):
    registry.add(PROFILE)
