"""``over``, ``drop`` and the set edits ``+ - =`` (spec: reference/muro/over-drop.md,
composition.md; COMPAT §5).

Strength is per attribute: the layer holding the current opinion about a key is
remembered (``Composition.opinions``, per element: its kind and its path, position or name
in the composition); a weaker layer's ``over`` is ignored, the same layer's second opinion
is an error. Free attributes on a space, zone or asset have an opinion only once written;
typed targets (a level's fields, a space's ``level``, every key on a boundary) always carry
the defining layer's opinion. Set edits and ``drop`` ignore strength and apply in scan
order. Every edit is recorded for VER04.

An edit replaces the record by an edited copy (``attrs.evolve``) with new attribute dicts
and member tuples: the levels of a span share the ones their line wrote.
"""

from __future__ import annotations

from typing import cast

import attrs

from koyu_model.errors import CompositionError, NotationError
from koyu_model.jsjson import js_string
from koyu_model.model import Area, Boundary, CompositionEdit, Opening, Seg, Source
from koyu_model.reading.lexing import read_attrs, read_number, read_value
from koyu_model.reading.members import make_area, make_opening, make_seg
from koyu_model.reading.state import Block, Composition, boundaries_between, boundaries_touching
from koyu_model.reading.words import (
    boundary_kind,
    check_level_written,
    check_no_width,
    expand_paths,
    number_attr,
    positive_attr,
)

__all__ = ["over_line", "drop_line", "under_over"]

# the record field holding each kind of member a set edit names
_MEMBER_FIELDS = {"area": "areas", "seg": "segs", "door": "openings", "window": "openings"}


def _record(c: Composition, toks: list[str], line: int) -> None:
    c.edits.append(CompositionEdit(toks[0], " ".join(toks[1:]), line, c.file))


def _no_over_target(c: Composition, target: str, line: int) -> CompositionError:
    """An ``over`` naming nothing composed so far (a path, ``level <name>``, ``asset <name>``)."""
    return CompositionError(
        f"No such target for over: {target} (place it after the layer that defines it)", line, c.file
    )


def _no_drop_target(c: Composition, target: str, line: int) -> CompositionError:
    """A ``drop`` naming nothing composed so far (a path, or two: ``/a | /b``)."""
    return CompositionError(f"No such target for drop: {target}", line, c.file)


# -- over ------------------------------------------------------------------------------


def over_line(c: Composition, toks, line):
    _record(c, toks, line)
    # Only key:value tokens that do not start with "/" are attributes (COMPAT §2).
    attr_toks = [t for t in toks[1:] if ":" in t and not t.startswith("/")]
    written = read_attrs(attr_toks, line, c.file)
    head = toks[1] if len(toks) > 1 else None
    if head in ("level", "asset") and len(toks) > 2 and not toks[2].startswith("/"):
        if head == "level":
            return _over_level(c, toks[2], written, line)
        return _over_asset(c, toks[2], written, line)
    paths = [t for t in toks[1:] if t.startswith("/")]
    if not paths:
        raise NotationError(
            "over takes the form over /path … / over /pathA /pathB … / over level <name> … / over asset <name> …",
            line,
            c.file,
        )
    if len(paths) > 2:
        raise NotationError(f"Too many paths on the over target: {' '.join(paths)}", line, c.file)
    if len(paths) == 2:
        return _over_boundary(c, paths, written, line)
    return _over_path(c, paths[0], written, line)


def _table(c: Composition, kind: str):
    """Where the elements of a kind are kept, by path, position or name."""
    if kind == "space":
        return c.spaces
    if kind == "boundary":
        return c.boundaries
    if kind == "zone":
        return c.zones
    if kind == "level":
        return c.levels
    return c.assets


def _opinion(c: Composition, kind: str, where, key: str, typed: bool, describe: str, suffix: bool, line: int) -> bool:
    """Apply or ignore an opinion of the current layer about ``key`` on the element of
    ``kind`` at ``where`` (True = apply). Before any edit, an element's own attributes
    carry the opinion of the layer that defined it."""
    opinions = c.opinions.get((kind, where))
    if opinions is None:
        elem = _table(c, kind)[where]
        layer = c.layer_index[elem.file]
        opinions = c.opinions[(kind, where)] = {k: layer for k in getattr(elem, "attrs", ())}
    holder = opinions.get(key)
    if holder is None and typed:
        holder = c.layer_index[_table(c, kind)[where].file]
    if holder is None or holder < c.layer:
        opinions[key] = c.layer
        return True
    if holder == c.layer:
        tail = " (which one wins is undetermined)" if suffix else ""
        raise CompositionError(f"One layer holds two opinions about {key} on {describe}{tail}", line, c.file)
    return False


def _edit_attrs(c: Composition, kind: str, where, written, line: int, describe: str) -> None:
    """``over``'s free attributes on a zone or an asset: each one the layer may set."""
    elem = _table(c, kind)[where]
    changes: dict = {}
    for key, raw in written.items():
        if _opinion(c, kind, where, key, False, describe, True, line):
            c.attr_layers[f"{kind}:{where}:{key}"] = c.layer
            _set_attr(c, changes, elem, key, read_value(raw), line)
    if changes:
        _table(c, kind)[where] = attrs.evolve(elem, **changes)


def _set_attr(c: Composition, changes: dict, elem, key: str, value, line: int) -> None:
    """Set one attribute in the ``changes`` to ``elem``: its attribute dicts are copied
    first (they may be shared). A changed key keeps its place; a new one goes last (model.py)."""
    if "attrs" not in changes:
        changes["attrs"], changes["attr_src"] = dict(elem.attrs), dict(elem.attr_src)
    changes["attrs"][key] = value
    changes["attr_src"][key] = Source(c.file, line)


def _over_path(c: Composition, path: str, written, line):
    targets = []
    for (p,) in expand_paths(c, [path], line):
        if p in c.spaces:
            targets.append(("space", p))
        elif p in c.zones:
            targets.append(("zone", p))
        else:
            raise _no_over_target(c, p, line)
    for kind, p in targets:
        if kind == "space":
            _over_space(c, p, written, line)
        else:
            _edit_attrs(c, "zone", p, written, line, p)
    return Block("over", line, targets, "path")


def _over_space(c: Composition, path: str, written: dict[str, str], line: int) -> None:
    check_no_width(c, written, line)
    s = c.spaces[path]
    changes: dict = {}
    for key, raw in written.items():
        if key == "level":
            check_level_written(c, raw, line)
            if _opinion(c, "space", path, key, True, path, True, line):
                changes["level"] = changes["level_written"] = raw
                c.attr_layers[f"space:{path}:level"] = c.layer
        elif _opinion(c, "space", path, key, False, path, True, line):
            c.attr_layers[f"space:{path}:{key}"] = c.layer
            _set_attr(c, changes, s, key, read_value(raw), line)
    if "attrs" in changes:  # outside:1 / void:1 may have been written (0.27)
        changes["outside"], changes["void"] = c.release.outside_and_void(s.type, changes["attrs"])
    if changes:
        c.spaces[path] = attrs.evolve(s, **changes)


def _over_boundary(c: Composition, paths: list[str], written: dict[str, str], line: int) -> Block:
    targets = []
    for p, q in expand_paths(c, paths, line):
        found = boundaries_between(c, p, q)
        if not found:
            raise CompositionError(f"No such boundary for over: {p} | {q}", line, c.file)
        targets.extend(found)
    for i in targets:
        b = cast(Boundary, c.boundaries[i])  # boundaries_between finds live ones
        subject = f"{b.a}|{b.b}"
        changes: dict = {}
        for key, raw in written.items():
            if not _opinion(c, "boundary", i, key, True, f"boundary {subject}", False, line):
                continue
            c.attr_layers[f"boundary:{subject}:{key}"] = c.layer
            if key == "type":
                changes["kind"] = boundary_kind(c, raw, line)
            elif key == "t":
                changes["t"] = positive_attr(c, "t", raw, line)
            elif key == "air":
                changes["air"] = read_number(raw) == 1  # anything but 1 clears it (COMPAT §5)
            elif key == "edge":
                changes["edge"] = raw
            else:
                _set_attr(c, changes, b, key, read_value(raw), line)
        if changes:
            c.boundaries[i] = attrs.evolve(b, **changes)
    return Block("over", line, [("boundary", i) for i in targets], "boundary")


def _over_level(c: Composition, name: str, written: dict[str, str], line: int) -> Block:
    lv = c.levels.get(name)
    if lv is None:
        raise _no_over_target(c, f"level {name}", line)
    changes: dict = {}
    for key, raw in written.items():
        if key not in ("h", "slab", "underground"):
            raise NotationError(f"Only h / slab / underground may be overridden on a level: {key}", line, c.file)
        n = number_attr(c, key, raw, line) if key == "underground" else positive_attr(c, key, raw, line)
        if not _opinion(c, "level", name, key, True, f"level {name}", False, line):
            continue
        c.attr_layers[f"level:{name}:{key}"] = c.layer
        changes[key] = n == 1 if key == "underground" else n
    if changes:
        c.levels[name] = attrs.evolve(lv, **changes)
    return Block("over", line, [("level", name)], "level")


def _over_asset(c: Composition, name, written, line):
    if name not in c.assets:
        raise _no_over_target(c, f"asset {name}", line)
    _edit_attrs(c, "asset", name, written, line, f"asset {name}")
    return Block("over", line, [("asset", name)], "asset")


# -- set edits -------------------------------------------------------------------------


def under_over(c: Composition, parent: Block, toks: list[str], line: int) -> None:
    """An indented line under ``over``: a set edit, ``+`` (add), ``-`` (remove) or ``=``
    (replace) a member of the elements the ``over`` names, by name."""
    if toks[0] not in ("+", "-", "="):
        raise NotationError(
            f"Only + (add) / - (remove) / = (replace) may sit directly under over: {toks[0]}", line, c.file
        )
    _record(c, toks, line)
    word = toks[0]
    what = toks[1] if len(toks) > 1 else "undefined"
    target_kind = parent.extra
    targets = parent.made  # (kind, path / position / name) of each element the over names
    if target_kind == "boundary":
        if what not in ("door", "window", "seg"):
            raise NotationError(f"over on a boundary edits door / window / seg: {what}", line, c.file)
    elif target_kind == "path" and all(k == "space" for k, _ in targets):
        if what != "area":
            raise NotationError(f"over on a space edits area: {what}", line, c.file)
    else:
        kind_word = targets[0][0] if targets else target_kind
        raise NotationError(f"over on a {kind_word} edits no set: {what}", line, c.file)
    if word == "+":
        _add_member(c, targets, what, toks[2:], line)
        return
    name_tok = toks[2] if len(toks) > 2 else "undefined"
    name = read_value(name_tok)
    found = []
    for target in targets:
        for i, m in enumerate(_members(c, target, what)):
            if m.attrs.get("name") == name and _is_a(m, what):
                found.append((target, i, m))
    if not found:
        raise CompositionError(f"No such {what}: {name_tok}", line, c.file)
    if len(found) > 1:
        raise CompositionError(f"The {what} name {name_tok} is not unique", line, c.file)
    target, i, m = found[0]
    members = _members(c, target, what)
    if word == "-":
        _put_members(c, target, what, members[:i] + members[i + 1 :])
        return
    written = read_attrs(toks[3:], line, c.file)
    src = Source(c.file, line)
    changes: dict = {"attrs": dict(m.attrs), "attr_src": dict(m.attr_src)}
    for key, raw in written.items():
        value = read_value(raw)
        if (key == "w" and what != "area") or (key == "h" and what in ("door", "window")):
            # one test here, not the reader's two: a spelling that is no number reads
            # as not positive (koyu 0.27.0 answers `= door D1 w:１０００` so)
            changes[key] = positive_attr(c, key, raw, line, number_first=False)
        else:
            changes["attrs"][key] = value
            changes["attr_src"][key] = src
            if key == "name" and what in ("door", "window"):
                changes["name_claimed"] = True
    _put_members(c, target, what, members[:i] + (attrs.evolve(m, **changes),) + members[i + 1 :])


def _members(c: Composition, target, what: str) -> tuple:
    kind, where = target
    return getattr(_table(c, kind)[where], _MEMBER_FIELDS[what])


def _put_members(c: Composition, target, what: str, members: tuple) -> None:
    kind, where = target
    table = _table(c, kind)
    table[where] = attrs.evolve(table[where], **{_MEMBER_FIELDS[what]: members})


def _add_member(c: Composition, targets, what: str, toks, line: int) -> None:
    member: Area | Seg | Opening
    if what == "area":
        member = make_area(c, toks, line)
    elif what == "seg":
        member = make_seg(c, toks, line)
    else:
        member = make_opening(c, what, toks, line)
    name = member.attrs.get("name")
    if name is None:
        raise CompositionError(
            f"A {what} added with + requires name: (it is the name later statements point to)", line, c.file
        )
    for target in targets:
        for m in _members(c, target, what):
            if m.attrs.get("name") == name and _is_a(m, what):
                shown = name if isinstance(name, str) else js_string(name)
                raise CompositionError(f"Duplicate {what} name: {shown}", line, c.file)
    for target in targets:  # one record for every element
        _put_members(c, target, what, _members(c, target, what) + (member,))


# -- drop ------------------------------------------------------------------------------


def drop_line(c: Composition, toks, line):
    _record(c, toks, line)
    args = toks[1:]
    if len(args) == 2 and args[0] == "column":
        return _drop_column(c, args[1], line)
    if len(args) == 1 and args[0].startswith("/"):
        for (p,) in expand_paths(c, [args[0]], line):
            if p in c.spaces:
                del c.spaces[p]
                c.opinions.pop(("space", p), None)  # a space defined here again starts afresh
                for i in boundaries_touching(c, p):
                    c.boundaries[i] = None
            elif p in c.zones:
                del c.zones[p]
                c.opinions.pop(("zone", p), None)
            else:
                raise _no_drop_target(c, p, line)
        return None
    if len(args) == 2 and args[0].startswith("/") and args[1].startswith("/"):
        for p, q in expand_paths(c, args, line):
            hits = boundaries_between(c, p, q)
            for i in hits:
                c.boundaries[i] = None
            if not hits:
                raise _no_drop_target(c, f"{p} | {q}", line)
        return None
    raise NotationError("drop takes the form drop /path / drop /pathA /pathB / drop column <name>", line, c.file)


def _drop_column(c: Composition, name_tok: str, line: int):
    name = read_value(name_tok)
    hits = [i for i, c in enumerate(c.columns) if c is not None and c.attrs.get("name") == name]
    if not hits:
        raise CompositionError(f"No such column: {name_tok}", line, c.file)
    if len(hits) > 1:
        raise CompositionError(f"The column name {name_tok} is not unique", line, c.file)
    c.columns[hits[0]] = None
    return None


def _is_a(member, what: str) -> bool:
    """Whether a member of the field ``what`` names is one (a door and a window share a field)."""
    return what in ("seg", "area") or member.kind == what
