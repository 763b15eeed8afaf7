"""``over``, ``drop`` and the set edits ``+ - =`` (spec: reference/muro/over-drop.md,
composition.md; COMPAT §5).

A mixin of ``compose.Composer``. Strength is per attribute: the layer holding the current
opinion about a key is remembered (``opinions``, per element: its kind and its path,
position or name in the composition); a weaker layer's ``over`` is ignored, the same
layer's second opinion is an error. Free attributes on a space, zone or asset have an
opinion only once written; typed targets (a level's fields, a space's ``level``, every key
on a boundary) always carry the defining layer's opinion. Set edits and ``drop`` ignore
strength and apply in scan order. Every edit is recorded for VER04.

An edit replaces the record by an edited copy (``attrs.evolve``) with new attribute dicts
and member tuples: the levels of a span share the ones their line wrote.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import attrs

from koyu_model.errors import CompositionError, NotationError
from koyu_model.jsjson import js_string
from koyu_model.model import Area, Asset, Boundary, Column, CompositionEdit, Level, Opening, Seg, Source, Space, Zone
from koyu_model.reading.declarations import Block
from koyu_model.reading.lexing import read_attrs, read_number, read_value
from koyu_model.release import Release

__all__ = ["Edits"]

_BOUNDARY_KINDS = ("wall", "open", "stair", "shaft", "void")
# the record field holding each kind of member a set edit names
_MEMBER_FIELDS = {"area": "areas", "seg": "segs", "door": "openings", "window": "openings"}


class Edits:
    # What the edits read and change of the composition (compose.Composer owns the state;
    # declarations.Declarations and members.Members the methods). Annotations only.
    release: Release
    file: str
    layer: int
    layer_index: dict[str, int]
    spaces: dict[str, Space]
    boundaries: list[Boundary | None]
    zones: dict[str, Zone]
    levels: dict[str, Level]
    assets: dict[str, Asset]
    columns: list[Column | None]
    opinions: dict[tuple[str, object], dict[str, int]]
    attr_layers: dict[str, int]
    edits: list[CompositionEdit]
    err: Callable[[str, int], NotationError]
    src: Callable[[int], Source]
    number_attr: Callable[[str, str, int], float]
    positive_attr: Callable[..., float]  # (key, raw, line, number_first=True)
    expand_paths: Callable[[list[str], int], list[tuple[str, ...]]]
    boundaries_touching: Callable[[str], list[int]]
    boundaries_between: Callable[[str, str], list[int]]
    make_area: Callable[[list[str], int], Area]
    make_seg: Callable[[list[str], int], Seg]
    make_opening: Callable[[str, list[str], int], Opening]

    def cerr(self, message: str, line: int) -> CompositionError:
        return CompositionError(message, line, self.file)

    def record(self, toks: list[str], line: int) -> None:
        self.edits.append(CompositionEdit(toks[0], " ".join(toks[1:]), line, self.file))

    # -- over ------------------------------------------------------------------------------

    def d_over(self, toks, line):
        self.record(toks, line)
        # Only key:value tokens that do not start with "/" are attributes (COMPAT §2).
        attr_toks = [t for t in toks[1:] if ":" in t and not t.startswith("/")]
        written = read_attrs(attr_toks, line, self.file)
        head = toks[1] if len(toks) > 1 else None
        if head in ("level", "asset") and len(toks) > 2 and not toks[2].startswith("/"):
            if head == "level":
                return self._over_level(toks[2], written, line)
            return self._over_asset(toks[2], written, line)
        paths = [t for t in toks[1:] if t.startswith("/")]
        if not paths:
            raise self.err(
                "over takes the form over /path … / over /pathA /pathB … / over level <name> … / over asset <name> …",
                line,
            )
        if len(paths) > 2:
            raise self.err(f"Too many paths on the over target: {' '.join(paths)}", line)
        if len(paths) == 2:
            return self._over_boundary(paths, written, line)
        return self._over_path(paths[0], written, line)

    def table(self, kind: str):
        """Where the elements of a kind are kept, by path, position or name."""
        if kind == "space":
            return self.spaces
        if kind == "boundary":
            return self.boundaries
        if kind == "zone":
            return self.zones
        if kind == "level":
            return self.levels
        return self.assets

    def _opinion(self, kind: str, where, key: str, typed: bool, describe: str, suffix: bool, line: int) -> bool:
        """Apply or ignore an opinion of the current layer about ``key`` on the element of
        ``kind`` at ``where`` (True = apply). Before any edit, an element's own attributes
        carry the opinion of the layer that defined it."""
        opinions = self.opinions.get((kind, where))
        if opinions is None:
            elem = self.table(kind)[where]
            layer = self.layer_index[elem.file]
            opinions = self.opinions[(kind, where)] = {k: layer for k in getattr(elem, "attrs", ())}
        holder = opinions.get(key)
        if holder is None and typed:
            holder = self.layer_index[self.table(kind)[where].file]
        if holder is None or holder < self.layer:
            opinions[key] = self.layer
            return True
        if holder == self.layer:
            tail = " (which one wins is undetermined)" if suffix else ""
            raise self.cerr(f"One layer holds two opinions about {key} on {describe}{tail}", line)
        return False

    def _edit_attrs(self, kind: str, where, written, line: int, describe: str) -> None:
        """``over``'s free attributes on a zone or an asset: each one the layer may set."""
        elem = self.table(kind)[where]
        changes: dict = {}
        for key, raw in written.items():
            if self._opinion(kind, where, key, False, describe, True, line):
                self.attr_layers[f"{kind}:{where}:{key}"] = self.layer
                self._set_attr(changes, elem, key, read_value(raw), line)
        if changes:
            self.table(kind)[where] = attrs.evolve(elem, **changes)

    def _set_attr(self, changes: dict, elem, key: str, value, line: int) -> None:
        """Set one attribute in the ``changes`` to ``elem``: its attribute dicts are copied
        first (they may be shared). A changed key keeps its place; a new one goes last (model.py)."""
        if "attrs" not in changes:
            changes["attrs"], changes["attr_src"] = dict(elem.attrs), dict(elem.attr_src)
        changes["attrs"][key] = value
        changes["attr_src"][key] = self.src(line)

    def _over_path(self, path: str, written, line):
        targets = []
        for (p,) in self.expand_paths([path], line):
            if p in self.spaces:
                targets.append(("space", p))
            elif p in self.zones:
                targets.append(("zone", p))
            else:
                raise self.cerr(f"No such target for over: {p} (place it after the layer that defines it)", line)
        for kind, p in targets:
            if kind == "space":
                self._over_space(p, written, line)
            else:
                self._edit_attrs("zone", p, written, line, p)
        return Block("over", line, targets, "path")

    def _over_space(self, path: str, written: dict[str, str], line: int) -> None:
        if "w" in written:
            raise self.err("w: may not be written on space (a space written by width sits indented under band)", line)
        s = self.spaces[path]
        changes: dict = {}
        for key, raw in written.items():
            if key == "level":
                if raw not in self.levels:
                    raise self.err(f"Undeclared level: level:{raw}", line)
                if self._opinion("space", path, key, True, path, True, line):
                    changes["level"] = changes["level_written"] = raw
                    self.attr_layers[f"space:{path}:level"] = self.layer
            elif self._opinion("space", path, key, False, path, True, line):
                self.attr_layers[f"space:{path}:{key}"] = self.layer
                self._set_attr(changes, s, key, read_value(raw), line)
        if "attrs" in changes:  # outside:1 / void:1 may have been written (0.27)
            changes["outside"], changes["void"] = self.release.outside_and_void(s.type, changes["attrs"])
        if changes:
            self.spaces[path] = attrs.evolve(s, **changes)

    def _over_boundary(self, paths: list[str], written: dict[str, str], line: int) -> Block:
        targets = []
        for p, q in self.expand_paths(paths, line):
            found = self.boundaries_between(p, q)
            if not found:
                raise self.cerr(f"No such boundary for over: {p} | {q}", line)
            targets.extend(found)
        for i in targets:
            b = cast(Boundary, self.boundaries[i])  # boundaries_between finds live ones
            subject = f"{b.a}|{b.b}"
            changes: dict = {}
            for key, raw in written.items():
                if not self._opinion("boundary", i, key, True, f"boundary {subject}", False, line):
                    continue
                self.attr_layers[f"boundary:{subject}:{key}"] = self.layer
                if key == "type":
                    if raw not in _BOUNDARY_KINDS:
                        raise self.err(f"A boundary type is wall / open / stair / shaft / void: {raw}", line)
                    changes["kind"] = raw
                elif key == "t":
                    changes["t"] = self.positive_attr("t", raw, line)
                elif key == "air":
                    changes["air"] = read_number(raw) == 1  # anything but 1 clears it (COMPAT §5)
                elif key == "edge":
                    changes["edge"] = raw
                else:
                    self._set_attr(changes, b, key, read_value(raw), line)
            if changes:
                self.boundaries[i] = attrs.evolve(b, **changes)
        return Block("over", line, [("boundary", i) for i in targets], "boundary")

    def _over_level(self, name: str, written: dict[str, str], line: int) -> Block:
        lv = self.levels.get(name)
        if lv is None:
            raise self.cerr(f"No such target for over: level {name} (place it after the layer that defines it)", line)
        changes: dict = {}
        for key, raw in written.items():
            if key not in ("h", "slab", "underground"):
                raise self.err(f"Only h / slab / underground may be overridden on a level: {key}", line)
            n = self.number_attr(key, raw, line) if key == "underground" else self.positive_attr(key, raw, line)
            if not self._opinion("level", name, key, True, f"level {name}", False, line):
                continue
            self.attr_layers[f"level:{name}:{key}"] = self.layer
            changes[key] = n == 1 if key == "underground" else n
        if changes:
            self.levels[name] = attrs.evolve(lv, **changes)
        return Block("over", line, [("level", name)], "level")

    def _over_asset(self, name, written, line):
        if name not in self.assets:
            raise self.cerr(f"No such target for over: asset {name} (place it after the layer that defines it)", line)
        self._edit_attrs("asset", name, written, line, f"asset {name}")
        return Block("over", line, [("asset", name)], "asset")

    # -- set edits -------------------------------------------------------------------------

    def set_edit(self, parent: Block, ln) -> None:
        toks, line = ln.tokens, ln.number
        self.record(toks, line)
        word = toks[0]
        what = toks[1] if len(toks) > 1 else "undefined"
        target_kind = parent.extra
        targets = parent.made  # (kind, path / position / name) of each element the over names
        if target_kind == "boundary":
            if what not in ("door", "window", "seg"):
                raise self.err(f"over on a boundary edits door / window / seg: {what}", line)
        elif target_kind == "path" and all(k == "space" for k, _ in targets):
            if what != "area":
                raise self.err(f"over on a space edits area: {what}", line)
        else:
            kind_word = targets[0][0] if targets else target_kind
            raise self.err(f"over on a {kind_word} edits no set: {what}", line)
        if word == "+":
            self._add_member(targets, what, toks[2:], line)
            return
        name_tok = toks[2] if len(toks) > 2 else "undefined"
        name = read_value(name_tok)
        found = []
        for target in targets:
            for i, m in enumerate(self._members(target, what)):
                if m.attrs.get("name") == name and _is_a(m, what):
                    found.append((target, i, m))
        if not found:
            raise self.cerr(f"No such {what}: {name_tok}", line)
        if len(found) > 1:
            raise self.cerr(f"The {what} name {name_tok} is not unique", line)
        target, i, m = found[0]
        members = self._members(target, what)
        if word == "-":
            self._put_members(target, what, members[:i] + members[i + 1 :])
            return
        written = read_attrs(toks[3:], line, self.file)
        src = self.src(line)
        changes: dict = {"attrs": dict(m.attrs), "attr_src": dict(m.attr_src)}
        for key, raw in written.items():
            value = read_value(raw)
            if (key == "w" and what != "area") or (key == "h" and what in ("door", "window")):
                # one test here, not the reader's two: a spelling that is no number reads
                # as not positive (koyu 0.27.0 answers `= door D1 w:１０００` so)
                changes[key] = self.positive_attr(key, raw, line, number_first=False)
            else:
                changes["attrs"][key] = value
                changes["attr_src"][key] = src
                if key == "name" and what in ("door", "window"):
                    changes["name_claimed"] = True
        self._put_members(target, what, members[:i] + (attrs.evolve(m, **changes),) + members[i + 1 :])

    def _members(self, target, what: str) -> tuple:
        kind, where = target
        return getattr(self.table(kind)[where], _MEMBER_FIELDS[what])

    def _put_members(self, target, what: str, members: tuple) -> None:
        kind, where = target
        table = self.table(kind)
        table[where] = attrs.evolve(table[where], **{_MEMBER_FIELDS[what]: members})

    def _add_member(self, targets, what: str, toks, line: int) -> None:
        member: Area | Seg | Opening
        if what == "area":
            member = self.make_area(toks, line)
        elif what == "seg":
            member = self.make_seg(toks, line)
        else:
            member = self.make_opening(what, toks, line)
        name = member.attrs.get("name")
        if name is None:
            raise self.cerr(f"A {what} added with + requires name: (it is the name later statements point to)", line)
        for target in targets:
            for m in self._members(target, what):
                if m.attrs.get("name") == name and _is_a(m, what):
                    shown = name if isinstance(name, str) else js_string(name)
                    raise self.cerr(f"Duplicate {what} name: {shown}", line)
        for target in targets:  # one record for every element
            self._put_members(target, what, self._members(target, what) + (member,))

    # -- drop ------------------------------------------------------------------------------

    def d_drop(self, toks, line):
        self.record(toks, line)
        args = toks[1:]
        if len(args) == 2 and args[0] == "column":
            return self._drop_column(args[1], line)
        if len(args) == 1 and args[0].startswith("/"):
            for (p,) in self.expand_paths([args[0]], line):
                if p in self.spaces:
                    del self.spaces[p]
                    self.opinions.pop(("space", p), None)  # a space defined here again starts afresh
                    for i in self.boundaries_touching(p):
                        self.boundaries[i] = None
                elif p in self.zones:
                    del self.zones[p]
                    self.opinions.pop(("zone", p), None)
                else:
                    raise self.cerr(f"No such target for drop: {p}", line)
            return None
        if len(args) == 2 and args[0].startswith("/") and args[1].startswith("/"):
            for p, q in self.expand_paths(args, line):
                hits = self.boundaries_between(p, q)
                for i in hits:
                    self.boundaries[i] = None
                if not hits:
                    raise self.cerr(f"No such target for drop: {p} | {q}", line)
            return None
        raise self.err("drop takes the form drop /path / drop /pathA /pathB / drop column <name>", line)

    def _drop_column(self, name_tok: str, line: int):
        name = read_value(name_tok)
        hits = [i for i, c in enumerate(self.columns) if c is not None and c.attrs.get("name") == name]
        if not hits:
            raise self.cerr(f"No such column: {name_tok}", line)
        if len(hits) > 1:
            raise self.cerr(f"The column name {name_tok} is not unique", line)
        self.columns[hits[0]] = None
        return None


def _is_a(member, what: str) -> bool:
    """Whether a member of the field ``what`` names is one (a door and a window share a field)."""
    return what in ("seg", "area") or member.kind == what
