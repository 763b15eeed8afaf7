"""``over``, ``drop`` and the set edits ``+ - =`` (spec: reference/muro/over-drop.md,
composition.md; COMPAT §5).

A mixin of ``compose.Composer``. Strength is per attribute: the layer holding the current
opinion about a key is remembered (``opinions``); a weaker layer's ``over`` is ignored, the
same layer's second opinion is an error. Free attributes on a space, zone or asset have an
opinion only once written; typed targets (a level's fields, a space's ``level``, every key
on a boundary) always carry the defining layer's opinion. Set edits and ``drop`` ignore
strength and apply in scan order. Every edit is recorded for VER04.

Records are edited in place while composing (``building.setfield``), their bags and member
tuples copied first: the levels of a span share them (building.py). Opinions live beside
the records (``Composer.opinions``), made when an edit first asks about a record.
"""

from __future__ import annotations

from typing import List

import attrs

from koyu_model.reading.building import setfield, with_attr
from koyu_model.reading.declarations import Ctx, register
from koyu_model.errors import CompositionError
from koyu_model.reading.lexing import read_attrs, read_number, read_value
from koyu_model.model import CompositionEdit

__all__ = ["Edits"]

_BOUNDARY_KINDS = ("wall", "open", "stair", "shaft", "void")


class Edits:
    def cerr(self, message: str, line: int) -> CompositionError:
        return CompositionError(message, line, self.file)

    def record(self, toks: List[str], line: int) -> None:
        self.edits.append(CompositionEdit(toks[0], " ".join(toks[1:]), line, self.file))

    # -- over ------------------------------------------------------------------------------

    def d_over(self, toks, line):
        self.record(toks, line)
        # Only key:value tokens that do not start with "/" are attributes (COMPAT §2).
        attr_toks = [t for t in toks[1:] if ":" in t and not t.startswith("/")]
        bag = read_attrs(attr_toks, line, self.file)
        head = toks[1] if len(toks) > 1 else None
        if head in ("level", "asset") and len(toks) > 2 and not toks[2].startswith("/"):
            if head == "level":
                return self._over_level(toks[2], bag, line)
            return self._over_asset(toks[2], bag, line)
        paths = [t for t in toks[1:] if t.startswith("/")]
        if not paths:
            raise self.err(
                "over takes the form over /path … / over /pathA /pathB … / over level <name> … / over asset <name> …",
                line,
            )
        if len(paths) > 2:
            raise self.err(f"Too many paths on the over target: {' '.join(paths)}", line)
        if len(paths) == 2:
            return self._over_boundary(paths, bag, line)
        return self._over_path(paths[0], bag, line)

    def _opinions_of(self, elem) -> dict:
        """Key → layer holding the current opinion about it on ``elem``. Before any edit, an
        element's own attributes carry the opinion of the layer that defined it."""
        held = self.opinions.get(id(elem))
        if held is None:  # the record is kept with its opinions, so its id stays its own
            layer = self.layer_index[elem.file]
            held = (elem, {k: layer for k in getattr(elem, "attrs", ())})
            self.opinions[id(elem)] = held
        return held[1]

    def _opinion(self, elem, key: str, typed: bool, describe: str, suffix: bool) -> bool:
        """Apply or ignore an opinion of the current layer about ``key`` (True = apply)."""
        opinions = self._opinions_of(elem)
        holder = opinions.get(key)
        if holder is None and typed:
            holder = self.layer_index[elem.file]
        if holder is None or holder < self.layer:
            opinions[key] = self.layer
            return True
        if holder == self.layer:
            tail = " (which one wins is undetermined)" if suffix else ""
            raise self.cerr(f"One layer holds two opinions about {key} on {describe}{tail}", self._line)
        return False

    def _set_attr(self, elem, kind: str, subject: str, key: str, value, line: int) -> None:
        with_attr(elem, key, value, self.src(line))
        self.attr_layers[f"{kind}:{subject}:{key}"] = self.layer

    def _over_path(self, path: str, bag, line):
        self._line = line
        targets = []
        for (p,) in self.expand_paths([path], line):
            s = self.spaces.get(p)
            if s is not None:
                targets.append(("space", s))
                continue
            z = self.zones.get(p)
            if z is not None:
                targets.append(("zone", z))
                continue
            raise self.cerr(f"No such target for over: {p} (place it after the layer that defines it)", line)
        for kind, elem in targets:
            if kind == "space":
                self._over_space(elem, bag, line)
            else:
                for key, raw in bag.items():
                    if self._opinion(elem, key, False, elem.path, True):
                        self._set_attr(elem, "zone", elem.path, key, read_value(raw), line)
        return Ctx("over", targets, line, "path")

    def _over_space(self, s, bag, line):
        if "w" in bag:
            raise self.err("w: may not be written on space (a space written by width sits indented under band)", line)
        for key, raw in bag.items():
            if key == "level":
                if raw not in self.levels:
                    raise self.err(f"Undeclared level: level:{raw}", line)
                if self._opinion(s, key, True, s.path, True):
                    setfield(s, "level", raw)
                    setfield(s, "level_written", raw)
                    self.attr_layers[f"space:{s.path}:level"] = self.layer
            elif self._opinion(s, key, False, s.path, True):
                self._set_attr(s, "space", s.path, key, read_value(raw), line)

    def _over_boundary(self, paths, bag, line):
        self._line = line
        rows = self.expand_paths(paths, line)
        targets = []
        for p, q in rows:
            found = [self.boundaries[i] for i in self.boundaries_between(p, q)]
            if not found:
                raise self.cerr(f"No such boundary for over: {p} | {q}", line)
            targets.extend(found)
        for b in targets:
            subject = f"{b.a}|{b.b}"
            for key, raw in bag.items():
                if not self._opinion(b, key, True, f"boundary {subject}", False):
                    continue
                self.attr_layers[f"boundary:{subject}:{key}"] = self.layer
                if key == "type":
                    if raw not in _BOUNDARY_KINDS:
                        raise self.err(f"A boundary type is wall / open / stair / shaft / void: {raw}", line)
                    setfield(b, "kind", raw)
                elif key == "t":
                    setfield(b, "t", self.positive_attr("t", raw, line))
                elif key == "air":
                    setfield(b, "air", read_number(raw) == 1)  # anything but 1 clears it (COMPAT §5)
                elif key == "edge":
                    setfield(b, "edge", raw)
                else:
                    with_attr(b, key, read_value(raw), self.src(line))
        return Ctx("over", [("boundary", b) for b in targets], line, "boundary")

    def _over_level(self, name, bag, line):
        self._line = line
        lv = self.levels.get(name)
        if lv is None:
            raise self.cerr(f"No such target for over: level {name} (place it after the layer that defines it)", line)
        for key, raw in bag.items():
            if key not in ("h", "slab", "underground"):
                raise self.err(f"Only h / slab / underground may be overridden on a level: {key}", line)
            n = self.number_attr(key, raw, line) if key == "underground" else self.positive_attr(key, raw, line)
            if not self._opinion(lv, key, True, f"level {name}", False):
                continue
            self.attr_layers[f"level:{name}:{key}"] = self.layer
            if key == "underground":
                lv.underground = n == 1
            else:
                setattr(lv, key, n)
        return Ctx("over", [("level", lv)], line, "level")

    def _over_asset(self, name, bag, line):
        self._line = line
        a = self.assets.get(name)
        if a is None:
            raise self.cerr(f"No such target for over: asset {name} (place it after the layer that defines it)", line)
        for key, raw in bag.items():
            if self._opinion(a, key, False, f"asset {name}", True):
                self._set_attr(a, "asset", name, key, read_value(raw), line)
        return Ctx("over", [("asset", a)], line, "asset")

    # -- set edits -------------------------------------------------------------------------

    def set_edit(self, parent: Ctx, ln) -> None:
        toks, line = ln.tokens, ln.number
        self.record(toks, line)
        word = toks[0]
        what = toks[1] if len(toks) > 1 else "undefined"
        target_kind = parent.extra
        if target_kind == "boundary":
            if what not in ("door", "window", "seg"):
                raise self.err(f"over on a boundary edits door / window / seg: {what}", line)
        elif target_kind == "path" and all(k == "space" for k, _ in parent.targets):
            if what != "area":
                raise self.err(f"over on a space edits area: {what}", line)
        else:
            kind_word = parent.targets[0][0] if parent.targets else target_kind
            raise self.err(f"over on a {kind_word} edits no set: {what}", line)
        containers = [e for _, e in parent.targets]
        if word == "+":
            self._add_member(containers, what, toks[2:], line)
            return
        name_tok = toks[2] if len(toks) > 2 else "undefined"
        name = read_value(name_tok)
        found = []
        for c in containers:
            for i, m in enumerate(self._members(c, what)):
                if m.attrs.get("name") == name and self._member_kind(m, what):
                    found.append((c, i, m))
        if not found:
            raise self.cerr(f"No such {what}: {name_tok}", line)
        if len(found) > 1:
            raise self.cerr(f"The {what} name {name_tok} is not unique", line)
        c, i, m = found[0]
        members = self._members(c, what)
        if word == "-":
            self._put_members(c, what, members[:i] + members[i + 1 :])
            return
        bag = read_attrs(toks[3:], line, self.file)
        src = self.src(line)
        # "=" edits a copy: the member may be shared with the other levels of its span
        changes: dict = {"attrs": dict(m.attrs), "attr_src": dict(m.attr_src)}
        for key, raw in bag.items():
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
        self._put_members(c, what, members[:i] + (attrs.evolve(m, **changes),) + members[i + 1 :])

    _MEMBER_FIELDS = {"area": "areas", "seg": "segs", "door": "openings", "window": "openings"}

    def _members(self, container, what: str) -> tuple:
        return getattr(container, self._MEMBER_FIELDS[what])

    def _put_members(self, container, what: str, members: tuple) -> None:
        setfield(container, self._MEMBER_FIELDS[what], members)

    @staticmethod
    def _member_kind(m, what: str) -> bool:
        return what in ("seg", "area") or m.kind == what

    def _add_member(self, containers, what: str, toks, line: int) -> None:
        if what == "area":
            member = self.make_area(toks, line)
        elif what == "seg":
            member = self.make_seg(toks, line)
        else:
            member = self.make_opening(what, toks, line)
        name = member.attrs.get("name")
        if name is None:
            raise self.cerr(f"A {what} added with + requires name: (it is the name later statements point to)", line)
        for c in containers:
            for m in self._members(c, what):
                if m.attrs.get("name") == name and self._member_kind(m, what):
                    raise self.cerr(f"Duplicate {what} name: {toks_name(name)}", line)
        for c in containers:  # one record for every container (an edit copies it first)
            self._put_members(c, what, self._members(c, what) + (member,))

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
                    for i in self.boundaries_touching(p):
                        self.boundaries[i] = None
                elif p in self.zones:
                    del self.zones[p]
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


def toks_name(name) -> str:
    from koyu_model.jsjson import js_number

    return name if isinstance(name, str) else js_number(name)


register("over", Edits.d_over)
register("drop", Edits.d_drop)
