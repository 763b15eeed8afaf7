"""The canonical document spelled straight from the Model (spec: reference/json/index.md,
schema.md; COMPAT §1, §6).

``canonical.canonical_document`` builds nested dicts that a generic writer then walks value
by value; a big building has hundreds of thousands of values, and walking them costs more
than composing the text. Here each record kind (level, space, boundary, opening …) has its
own writer that knows its depth: indentation is a precomputed string, a member is put out
with its key as one piece (spelled once per distinct value; an attribute bag, an opening
and a boundary's own members once per distinct content, since flats repeat), and every
piece goes to one list joined once. Two profiles, one writer:

* ``write_canonical(model)`` — ``koyu json``: two-space indent, a final newline, keys as
  ``canonical_document`` orders them;
* ``write_tool(model)`` — the ``canonical_json`` tool: the canonical text re-parsed and
  printed by ``JSON.stringify(v, null, 1)``: one-space indent, and in every map keyed by
  source strings (levels, assets, polygons, zones, spaces, attrs) integer-like keys first
  (COMPAT §1). Every other object has fixed schema keys, none integer-like.
* ``write_tool_string(model)`` — that text as the JSON-RPC reply carries it, a JSON
  string literal (``jsjson.JsonString``). Escaping goes character by character, so each
  piece is spelled escaped where it is spelled (once per distinct value) and the
  megabyte text is never escaped as a whole (``jsjson.in_json_string``).

Both equal ``jsjson.canonical_text`` / ``jsjson.tool_text`` of ``canonical_document`` byte
for byte (tests/model/test_canonical_write.py compares them).
"""

from __future__ import annotations

from bisect import bisect_left
from itertools import compress
from operator import eq
from typing import Any, Callable, Dict, List, Tuple

from koyu_model.canonical import FORMAT, _opening_key, _seg_key, boundary_key, sorted_rects
from koyu_model.jsjson import _encode_string, _is_array_index, in_json_string, indented_text, js_number
from koyu_model.model import Model

__all__ = ["write_canonical", "write_tool", "write_tool_string"]


def _spelled_once(seen: Dict[Any, str], key: tuple, spell: Callable[[Any], str], item: Any) -> str:
    """``spell(item)``, once per distinct ``key`` (flats repeat the same door, the same wall);
    a key holding an unhashable attribute value is spelled every time."""
    try:
        got = seen.get(key)
    except TypeError:
        return spell(item)
    if got is None:
        got = seen[key] = spell(item)
    return got


_q = _encode_string


def _js_first(keys: List[str]) -> List[str]:
    """Code-point-sorted keys as a JavaScript object iterates them: array indices first."""
    i = bisect_left(keys, "0")  # an index starts with a digit; sorted keys make that a range
    if i == len(keys) or keys[i] >= ":":
        return keys
    index = [k for k in keys if _is_array_index(k)]
    if not index:
        return keys
    index.sort(key=int)
    moved = set(index)
    return index + [k for k in keys if k not in moved]


def _ties_settled(order: List[int], keys: List[int], boundaries) -> List[int]:
    """``order`` with each run of one repeated pair sorted (stably) by the whole key."""
    ordered = list(map(keys.__getitem__, order))
    # positions whose key equals the one before: the tails of the runs (a few at most)
    tails = list(compress(range(1, len(ordered)), map(eq, ordered, ordered[1:])))
    settled = list(order)
    k = 0
    while k < len(tails):
        start = end = tails[k] - 1
        while k < len(tails) and tails[k] == end + 1:
            end = tails[k]
            k += 1
        settled[start : end + 1] = sorted(order[start : end + 1], key=lambda j: boundary_key(boundaries[j]))
    return settled


class _Spelled(dict):
    """value → its JSON spelling, computed on first use."""

    def __init__(self, spell: Callable[[Any], str]):
        super().__init__()
        self.spell = spell

    def __missing__(self, value: Any) -> str:
        got = self[value] = self.spell(value)
        return got


def write_canonical(model: Model) -> str:
    """``koyu json``'s text (= ``canonical_text(canonical_document(model))``)."""
    return _Writer("  ", False).document(model, last="\n")


def write_tool(model: Model) -> str:
    """The ``canonical_json`` tool's text (= ``tool_text(canonical_document(model))``)."""
    return _Writer(" ", True).document(model)


def write_tool_string(model: Model) -> str:
    """``write_tool(model)`` as a JSON string literal (= ``wire_line`` of that text)."""
    return _Writer(" ", True, quoted=True).document(model, '"', '"')


def _plain(piece: str) -> str:
    return piece


def _quoted(v: str) -> str:
    """A string's JSON spelling as it stands inside the reply's JSON string."""
    s = _q(v)
    if "\\" in s:  # an escape inside (a quote, a backslash, a control character)
        return in_json_string(s)
    # none: s is the quotes around v, each now escaped
    return "\\" + s[:-1] + '\\"' if v.isascii() else in_json_string(s)


class _Writer:
    """One document's writer: indentation, spellings and attribute bags met so far.

    ``quoted``: every piece is spelled as it stands inside a JSON string (``E``), so the
    joined text is the document's JSON string literal. Sort keys are the plain text's.
    """

    def __init__(self, unit: str, js_order: bool, quoted: bool = False):
        self.unit = unit
        self.js_order = js_order
        self.E = E = in_json_string if quoted else _plain
        self.P = [E("\n" + unit * d) for d in range(8)]  # line break + indent, by depth
        # a string's spelling, and a member's key with its ": "
        self.S = S = _quoted if quoted else _q
        self.K = _Spelled(lambda name: S(name) + ": ")
        # Paths, kinds, grid spellings and numbers repeat: each is spelled once.
        self.Q = _Spelled(S)
        self.Qp = _Spelled(_q) if quoted else self.Q  # plain spellings, for sort keys
        self.N = _Spelled(js_number)
        self.attrs_seen: List[Dict[Any, str]] = [{} for _ in self.P]
        self.out: List[str] = []

    def order(self, keys: List[str]) -> List[str]:
        """A map's code-point-sorted keys in the profile's order."""
        return _js_first(keys) if self.js_order else keys

    def field(self, name: str, d: int, spell: Callable[[Any], str]) -> _Spelled:
        """value -> ',<indent>"name": <value>' for a member at depth d."""
        lead = "," + self.P[d] + self.K[name]
        return _Spelled(lambda v: lead + spell(v))

    def block(self, items: List[str], d: int, open_: str, close: str) -> str:
        """A non-empty array/object whose opening bracket stands at depth d."""
        inner = self.P[d + 1]
        return open_ + inner + ("," + inner).join(items) + self.P[d] + close

    def strings(self, items, d: int) -> str:
        return self.block([self.Q[x] for x in items], d, "[", "]") if items else "[]"

    def numbers(self, items, d: int) -> str:
        return self.block([self.N[x] for x in items], d, "[", "]") if items else "[]"

    def value(self, v: Any, d: int) -> str:
        t = type(v)
        if t is str:
            return self.Q[v]
        if t is int or t is float:
            return self.N[v]
        return self.E(indented_text(v, self.unit, self.js_order, d))  # never in a Model; exact anyway

    def attrs(self, bag: Dict[str, Any], d: int) -> str:
        """',<indent>"attrs": {...}' for a bag that is a member at depth d.

        Bags repeat (every wall "spec: RC"): one spelling per content and depth. Values
        are str/int/float (model.AttrValue), whose equal keys (1 == 1.0) spell alike.
        """
        seen = self.attrs_seen[d]
        try:
            key = tuple(bag.items())
            got = seen.get(key)
        except TypeError:  # an unhashable value: spelled each time
            key, got = None, None
        if got is None:
            P = self.P
            inner = P[d + 1]
            items = [self.Q[k] + ": " + self.value(bag[k], d + 1) for k in self.order(sorted(bag))]
            got = "," + P[d] + self.K["attrs"] + "{" + inner + ("," + inner).join(items) + P[d] + "}"
            if key is not None:
                seen[key] = got
        return got

    def attrs_at(self, d: int) -> Tuple[Dict[int, str], Callable[[Dict[str, Any]], str]]:
        """``attrs(bag, d)`` for one depth, with its memory at hand (the hot sections), and
        that memory by bag identity: ``by_id.get(id(bag)) or attrs(bag)`` spares a call."""
        seen = self.attrs_seen[d]
        spell = self.attrs
        # The levels of a span share one bag: found by identity first (every bag met here
        # belongs to the Model being written, so its id stays its own meanwhile).
        by_id: Dict[int, str] = {}

        def attrs(bag: Dict[str, Any]) -> str:
            got = by_id.get(id(bag))
            if got is None:
                try:
                    got = seen.get(tuple(bag.items()))
                except TypeError:
                    got = None
                if got is None:
                    got = spell(bag, d)
                by_id[id(bag)] = got
            return got

        return by_id, attrs

    def plain_paths(self, paths: List[str]) -> None:
        """Paths are most of the strings met. Where every one is plain (printable ASCII, no
        quote, no backslash: nothing JSON escapes), each spells as itself in quotes: all
        are put in the memories at once instead of one by one."""
        joined = "".join(paths)
        if not (joined.isascii() and joined.isprintable()) or '"' in joined or "\\" in joined:
            return
        quote = self.E('"')
        self.Q.update({p: f"{quote}{p}{quote}" for p in paths})
        if self.Qp is not self.Q:
            self.Qp.update({p: f'"{p}"' for p in paths})

    def document(self, model: Model, first: str = "", last: str = "") -> str:
        P0, P1, P2 = self.P[0:3]
        Q, K = self.Q, self.K
        out = self.out
        self.plain_paths(list(model.spaces))
        out += [first, "{", P1, K["format"], Q[FORMAT]]
        if model.version_declared:
            out += [",", P1, K["koyu"], Q[model.version]]
        if model.name is not None:
            out += [",", P1, K["name"], Q[model.name]]
        out += [",", P1, K["unit"], Q[model.unit]]
        gx, gy = model.grid.X, model.grid.Y
        out += [",", P1, K["grid"], "{", P2, K["X"], self.numbers(gx.coords if gx else (), 2)]
        out += [",", P2, K["Y"], self.numbers(gy.coords if gy else (), 2), P1, "}"]
        out += [",", P1, K["levels"], self.levels(model)]
        if model.assets:
            out += [",", P1, K["assets"], self.assets(model)]
        if model.polygons:
            out += [",", P1, K["polygons"], self.polygons(model)]
        if model.columns:
            out += [",", P1, K["columns"], self.columns(model)]
        if model.zones:
            out += [",", P1, K["zones"], self.zones(model)]
        out += [",", P1, K["spaces"]]
        if model.spaces:
            self.spaces(model)
        else:
            out.append("{}")
        out += [",", P1, K["boundaries"]]
        if model.boundaries:
            self.boundaries(model)
        else:
            out.append("[]")
        out += [P0, "}", last]
        return "".join(out)

    # -- the small maps and lists: a few entries each, spelled entry by entry ------------

    def levels(self, model: Model) -> str:
        P2, P3 = self.P[2:4]
        Q, N, K = self.Q, self.N, self.K
        items = []
        for name in self.order(sorted(model.levels)):
            lv = model.levels[name]
            t = f"{Q[name]}: {{{P3}{K['z']}{N[lv.z]}"
            if lv.h is not None:
                t += f",{P3}{K['h']}{N[lv.h]}"
            if lv.slab is not None:
                t += f",{P3}{K['slab']}{N[lv.slab]}"
            if lv.underground:
                t += f",{P3}{K['underground']}1"
            items.append(t + P2 + "}")
        return self.block(items, 1, "{", "}") if items else "{}"

    def assets(self, model: Model) -> str:
        P2, P3 = self.P[2:4]
        items = []
        for name in self.order(sorted(model.assets)):
            a = model.assets[name]
            t = f"{self.Q[name]}: {{{P3}{self.K['kind']}{self.Q[a.kind]}"
            if a.attrs:
                t += self.attrs(a.attrs, 3)
            items.append(t + P2 + "}")
        return self.block(items, 1, "{", "}")

    def polygons(self, model: Model) -> str:
        items = []
        for name in self.order(sorted(model.polygons)):
            points = model.polygons[name].points
            text = self.block([self.numbers(pt, 3) for pt in points], 2, "[", "]") if points else "[]"
            items.append(self.Q[name] + ": " + text)
        return self.block(items, 1, "{", "}")

    def columns(self, model: Model) -> str:
        P2, P3 = self.P[2:4]
        N, K = self.N, self.K
        items = []
        for c in model.columns:
            t = f"{{{P3}{K['size']}{N[c.size]}"
            if c.d is not None and c.d != c.size:
                t += f",{P3}{K['d']}{N[c.d]}"
            t += f",{P3}{K['levels']}{self.strings(c.levels, 3)}"
            if c.x is not None:
                t += f",{P3}{K['x']}{self.strings(c.x, 3)}"
            if c.y is not None:
                t += f",{P3}{K['y']}{self.strings(c.y, 3)}"
            if c.attrs:
                t += self.attrs(c.attrs, 3)
            items.append(t + P2 + "}")
        return self.block(items, 1, "[", "]")

    def zones(self, model: Model) -> str:
        P2 = self.P[2]
        items = []
        for path in self.order(sorted(model.zones)):
            bag = model.zones[path].attrs
            # attrs is a zone's only member: no comma before it
            items.append(f"{self.Q[path]}: {{{self.attrs(bag, 3)[1:]}{P2}}}" if bag else self.Q[path] + ": {}")
        return self.block(items, 1, "{", "}")

    # -- the big sections: pieces straight into the output -------------------------------

    def spaces(self, model: Model) -> None:
        """The spaces map at depth 1, keyed by path in code-point order."""
        P1, P2, P3, P4, P5 = self.P[1:6]
        Q, Qp, K, strings = self.Q, self.Qp, self.K, self.strings
        (bags3, attrs3), (_, attrs5) = self.attrs_at(3), self.attrs_at(5)
        app, extend = self.out.append, self.out.extend
        spaces = model.spaces
        k_type = ": {" + P3 + K["type"]
        k_level = "," + P3 + K["level"]
        at_open = "," + P3 + K["at"] + "[" + P4
        r_sep = "," + P4
        r_close = P3 + "]"
        k_at = "," + P3 + K["at"]
        k_at5 = P5 + K["at"]
        k_areas = "," + P3 + K["areas"]
        end = P2 + "}"
        q = self.Q  # paths: the boundaries spell them again
        lead = "{" + P2
        sep = "," + P2
        # A span's levels share one rects tuple (and one bag: attrs_at): spelled once, found
        # by identity (every one belongs to the Model being written: ids stay put).
        at_seen: Dict[int, str] = {}
        # "/L1/" for L1: a path that starts so says its level, which is then not written
        says_level: Dict[str, str] = {}
        for path in self.order(sorted(spaces)):
            s = spaces[path]
            level = s.level
            said = ""
            if level is not None:
                prefix = says_level.get(level)
                if prefix is None:
                    prefix = says_level[level] = "/" + level + "/"
                if not path.startswith(prefix) and level != (path[1:] if path[:1] == "/" else path).split("/", 1)[0]:
                    said = k_level + Q[level]  # written only where the path does not say it
            rects = s.rects
            at = ""
            if rects:
                at = at_seen.get(id(rects))
                if at is None:
                    if len(rects) == 1:
                        r = rects[0]
                        at = f"{at_open}{Q[r.xa]}{r_sep}{Q[r.ya]}{r_sep}{Q[r.xb]}{r_sep}{Q[r.yb]}{r_close}"
                    else:
                        at = k_at + self.block([strings(r.spelled, 4) for r in sorted_rects(s)], 3, "[", "]")
                    at_seen[id(rects)] = at
            bag = s.attrs
            spelled_bag = (bags3.get(id(bag)) or attrs3(bag)) if bag else ""
            if not s.areas:
                extend((lead, q[path], k_type, Q[s.type], said, at, spelled_bag, end))
                lead = sep
                continue
            extend((lead, q[path], k_type, Q[s.type], said, at, spelled_bag))
            lead = sep
            app(k_areas)
            # entries at depth 4, sorted by their compact text with attrs blank (COMPAT §6)
            keyed = []
            for i, a in enumerate(s.areas):
                spelled = ",".join([Qp[x] for x in a.rect.spelled])
                keyed.append(('{"at":[' + spelled + "]" + (',"attrs":{}' if a.attrs else "") + "}", i))
            keyed.sort()
            a_lead = "[" + P4
            for _, i in keyed:
                a = s.areas[i]
                app(f"{a_lead}{{{k_at5}{strings(a.rect.spelled, 5)}")
                a_lead = "," + P4
                if a.attrs:
                    app(attrs5(a.attrs))
                app(P4 + "}")
            app(P3 + "]" + end)
        app(P1 + "}")

    def boundaries(self, model: Model) -> None:
        """The boundaries list at depth 1 in canonical order; openings and segs at depth 4."""
        P1, P2, P3, P4, P5 = self.P[1:6]
        Q, Qp, N, K, S, field = self.Q, self.Qp, self.N, self.K, self.S, self.field
        (_, attrs3), (_, attrs5) = self.attrs_at(3), self.attrs_at(5)
        app = self.out.append
        boundaries = model.boundaries
        # members spelled with their key and separator, once per distinct value
        KIND = field("kind", 3, S)
        T = field("t", 3, js_number)
        EDGE = field("edge", 3, S)
        REF = field("ref", 5, S)
        W = field("w", 5, js_number)
        H = field("h", 5, js_number)
        AT_REF = field("at", 5, S)
        AT = field("at", 5, js_number)
        O_EDGE = field("edge", 5, S)
        HINGE = field("hinge", 5, S)
        SWING = field("swing", 5, S)
        o_first = "{" + P5 + K["kind"]
        s_first = "{" + P5 + K["w"]
        k_air = "," + P3 + K["air"] + "true"
        k_line = "," + P3 + K["line"] + "[" + P4
        k_openings = "," + P3 + K["openings"]
        k_segs = "," + P3 + K["segs"]
        head = "{" + P3 + K["between"] + "[" + P4
        mid = "," + P4
        tail = P3 + "]," + P3 + K["a"]
        first_member = "[" + P4
        next_member = "," + P4
        member_end = P4 + "}"
        members_end = P3 + "]"
        end = P2 + "}"

        def opening_text(o) -> str:
            # COMPAT §6 key order: kind ref w h at edge hinge swing attrs
            t = o_first + Q[o.kind]
            if o.ref is not None:
                t += REF[o.ref]
            t += W[o.w]
            if o.h is not None:
                t += H[o.h]
            t += AT_REF[o.at_ref] if o.at_ref is not None else AT[o.at]
            if o.edge is not None:
                t += O_EDGE[o.edge]
            if o.hinge is not None:
                t += HINGE[o.hinge]
            if o.swing is not None:
                t += SWING[o.swing]
            if o.attrs:
                t += attrs5(o.attrs)
            return t + member_end

        # Openings repeat (the same door in every flat): one text per content.
        openings_seen: Dict[Any, str] = {}

        def opening(o) -> str:
            key = (o.kind, o.ref, o.w, o.h, o.at, o.at_ref, o.edge, o.hinge, o.swing, *o.attrs.items())
            return _spelled_once(openings_seen, key, opening_text, o)

        # A span's levels share one openings tuple (composition makes it once per line):
        # its whole section is spelled once per tuple, found by identity while the Model
        # (which holds every tuple) is alive.
        sections_seen: Dict[int, str] = {}

        def openings_section(found) -> str:
            if len(found) == 1:  # the common case, without the sorting
                items = [opening(found[0])]
            else:  # sorted stably by their blank-attrs text (COMPAT §6)
                items = [opening(found[i]) for _, i in sorted([(_opening_key(m), i) for i, m in enumerate(found)])]
            got = sections_seen[id(found)] = k_openings + first_member + next_member.join(items) + members_end
            return got

        def body(b) -> str:
            t = KIND[b.kind]
            if b.t is not None:
                t += T[b.t]
            if b.air:
                t += k_air
            if b.edge is not None:
                t += EDGE[b.edge]
            if b.attrs:
                t += attrs3(b.attrs)
            return t

        def seg(s, lead: str) -> None:
            app(lead + s_first + N[s.w])
            app(AT_REF[s.at_ref] if s.at_ref is not None else AT[s.at])
            if s.edge is not None:
                app(O_EDGE[s.edge])
            if s.attrs:
                app(attrs5(s.attrs))
            app(member_end)

        def members(found, key, write) -> None:
            # openings or segs, sorted stably by their blank-attrs text (COMPAT §6)
            lead = first_member
            for _, i in sorted([(key(m), i) for i, m in enumerate(found)]):
                write(found[i], lead)
                lead = next_member
            app(members_end)

        # The canonical order (canonical.boundary_sorted): by the spelled pair; where a pair
        # repeats, by the rest of the blank-attrs key. Quoted paths are prefix-free, so two
        # pairs compare as (spelled lo, spelled hi): each end gets its rank among the
        # spelled ends once, and a pair's key is one integer. The quoted profile ranks by
        # the plain spelling all the same (quoting can turn an order).
        ends = {b.a for b in boundaries}
        ends.update([b.b for b in boundaries])
        rank = {p: r for r, p in enumerate(sorted(ends, key=Qp.__getitem__))}
        width = len(rank)
        keys = [rank[b.a] * width + rank[b.b] if b.a <= b.b else rank[b.b] * width + rank[b.a] for b in boundaries]
        order = sorted(range(len(keys)), key=keys.__getitem__)
        if len(set(keys)) < len(keys):
            order = _ties_settled(order, keys, boundaries)
        # A boundary's own members (kind t air edge attrs), where no line sits among them,
        # repeat: spelled once per content, the bag found by identity (a span's levels
        # share theirs; an empty one is no bag).
        bodies_seen: Dict[Any, str] = {}
        bodies_get = bodies_seen.get
        extend = self.out.extend
        sections_get = sections_seen.get
        lead = "[" + P2
        sep = "," + P2
        for i in order:
            b = boundaries[i]
            if b.drawn is None and not b.segs:  # the common case: one piece
                bag = b.attrs
                key = (b.kind, b.t, b.air, b.edge, id(bag) if bag else 0)
                got = bodies_get(key)
                if got is None:
                    got = bodies_seen[key] = body(b)
                found = b.openings
                section = (sections_get(id(found)) or openings_section(found)) if found else ""
                a, other = b.a, b.b
                qa = Q[a]
                if a <= other:
                    extend((lead, head, qa, mid, Q[other], tail, qa, got, section, end))
                else:
                    extend((lead, head, Q[other], mid, qa, tail, qa, got, section, end))
                lead = sep
                continue
            lo, hi = b.between
            app(f"{lead}{head}{Q[lo]}{mid}{Q[hi]}{tail}{Q[b.a]}")
            lead = sep
            app(KIND[b.kind])
            if b.t is not None:
                app(T[b.t])
            if b.air:
                app(k_air)
            if b.edge is not None:
                app(EDGE[b.edge])
            if b.drawn is not None:
                app(f"{k_line}{Q[b.drawn.a_ref]}{mid}{Q[b.drawn.b_ref]}{P3}]")
            if b.attrs:
                app(attrs3(b.attrs))
            found = b.openings
            if found:
                app(sections_get(id(found)) or openings_section(found))
            if b.segs:
                app(k_segs)
                members(b.segs, _seg_key, seg)
            app(end)
        app(P1 + "]")
