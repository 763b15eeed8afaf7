"""Section 12 (COMPAT §7): identity — UID01/02 → UID03 → UID04 (spec: diagnostics/uid.md).

* UID01/UID02 — each ``uid`` on spaces, then zones: a number (digits alone, already read
  as a number) or a string with whitespace / empty.
* UID03 — per uid value in first-seen order, when owned more than once across spaces and
  zones: no line, path = every owner, related = every owner's position.
* UID04 — a name claimed twice within one container: per boundary its openings then its
  segs, then each space's areas, then the columns (the whole model). One diagnostic per
  name: line = its last occurrence, related = the earlier ones. A name an opening only
  inherits from its asset claims nothing (COMPAT §4).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence

from koyu_model.check.attributes import spell
from koyu_model.check.diagnostic import Diagnostic, diag, related
from koyu_model.errors import src_ref
from koyu_model.model import Model

__all__ = ["section_identity"]

# JavaScript's \s (COMPAT §1): includes U+FEFF and U+3000, not U+001C–U+001F or U+0085.
_JS_SPACE = re.compile("[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]")


def _uid_owners(model: Model):
    for s in model.spaces.values():
        if "uid" in s.attrs:
            yield "space", s.path, s.attrs["uid"], s.line, s.file
    for z in model.zones.values():
        if "uid" in z.attrs:
            yield "zone", z.path, z.attrs["uid"], z.line, z.file


def _names(members, file: str | None) -> Iterator[tuple[str, int, str]]:
    """(name, line, file) of the named members; ``file`` None: each member's own file."""
    for m in members:
        name = m.attrs.get("name")
        if name is None:
            continue
        yield spell(name), m.line, file if file is not None else m.file


def _duplicates(
    what: str, within: str, entries: Sequence[tuple[str, int, str]], path: Sequence[str] | None
) -> Iterator[Diagnostic]:
    by_name: dict[str, list[tuple[int, str]]] = {}
    for name, line, file in entries:
        by_name.setdefault(name, []).append((line, file))
    for name, where in by_name.items():
        if len(where) < 2:
            continue
        listed = ", ".join(src_ref(line, file) for line, file in where)
        last = where[-1]
        yield diag(
            "UID04",
            f"Duplicate {what} name within {within}: {name} ({listed}) — the name is "
            "what identifies it inside its container",
            last[0],
            last[1],
            path,
            [related(line, file) for line, file in where[:-1]],
        )


def section_identity(model: Model) -> Iterator[Diagnostic]:
    owners = list(_uid_owners(model))
    for _kind, path, uid, line, file in owners:
        if not isinstance(uid, str):
            yield diag(
                "UID01",
                f"A uid cannot be a token of digits alone: uid:{spell(uid)} (write something like sp-{spell(uid)})",
                line,
                file,
                (path,),
            )
        elif uid == "" or _JS_SPACE.search(uid):
            yield diag(
                "UID02", f"A uid cannot contain whitespace: {json.dumps(uid, ensure_ascii=False)}", line, file, (path,)
            )
    by_uid: dict[str, list[tuple[str, str, int, str]]] = {}
    for kind, path, uid, line, file in owners:
        by_uid.setdefault(spell(uid), []).append((kind, path, line, file))
    for uid, where in by_uid.items():
        if len(where) < 2:
            continue
        listed = ", ".join(f"{kind} {path} — {src_ref(line, file)}" for kind, path, line, file in where)
        yield diag(
            "UID03",
            f"Duplicate uid: {uid} ({listed})",
            path=[w[1] for w in where],
            related=[related(line, file) for _, _, line, file in where],
        )

    # UID04 needs two names in one container: most containers hold fewer, and are passed
    # over without spelling anything.
    for b in model.boundaries:
        ops, segs = b.openings, b.segs
        if len(ops) > 1:
            named = [o for o in ops if o.name_claimed and "name" in o.attrs]
            if len(named) > 1:
                yield from _duplicates("opening", f"boundary {b.a} | {b.b}", list(_names(named, b.file)), (b.a, b.b))
        if len(segs) > 1:
            named_segs = [sg for sg in segs if "name" in sg.attrs]
            if len(named_segs) > 1:
                yield from _duplicates("seg", f"boundary {b.a} | {b.b}", list(_names(named_segs, b.file)), (b.a, b.b))
    for s in model.spaces.values():
        if len(s.areas) > 1:
            yield from _duplicates("area", f"space {s.path}", list(_names(s.areas, s.file)), (s.path,))
    if len(model.columns) > 1:
        yield from _duplicates("column", "the model", list(_names(model.columns, None)), None)
