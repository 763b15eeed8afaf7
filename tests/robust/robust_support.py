"""Buildings of our own for the hostile-input suites, and the mutations applied to them.

Every building here was written for these tests. ``BUILDINGS`` maps a name to the files
of one building (path relative to its folder → text); the entry is ``main.muro``.
``mutate`` is the agent's bad day: lines deleted, duplicated, swapped, numbers changed,
names mistyped, paths collided, indentation lost, junk and control characters, a BOM,
CR-only line ends, truncations, invalid UTF-8 and a megabyte-long line. The bench script
``bench/fuzz.py`` drives the same mutations for longer.
"""

from __future__ import annotations

import random
from pathlib import Path

TWO_STOREYS = {
    "main.muro": """\
koyu 1.0
name 二階建ての家
unit mm

grid X 0 3600 7200 9000
grid Y 0 4000 8000
level L1 0 h:2600 slab:200
level L2 2800 h:2500 slab:200

import ./assets.muro
import ./L1.muro
import ./L2.muro

zone /L1 name:一階
stack st L1..L2 type:stair name:階段
column 400 L1..L2 x:X1,X3 y:Y1,Y3
""",
    "assets.muro": """\
asset D1 door w:800 h:2000 style:hinged name:開き戸
asset W1 window w:1600 h:1200 sill:900 name:腰窓
""",
    "L1.muro": """\
space /L1/ldk living X1..X2 Y1..Y3 name:居間 daylight:1
space /L1/hall hall X2..X3 Y1..Y2 name:廊下
space /L1/st stair X3..X4 Y1..Y3
space /L1/wc toilet X2..X3 Y2..Y3 name:便所
space /out exterior name:外

boundary /L1/ldk /L1/hall t:120
  door D1
boundary /L1/hall /L1/wc t:100
  door w:700 h:2000
boundary /L1/ldk /out t:180
  window W1 edge:W
  door w:900 h:2100 edge:S name:玄関
""",
    "L2.muro": """\
space /L2/bed room X1..X2 Y1..Y3 name:寝室 daylight:1
space /L2/st stair X3..X4 Y1..Y3
space /L2/void void X2..X3 Y1..Y3

boundary /L2/bed /out t:180
  window W1 edge:N
boundary /L2/bed /L2/void t:120
""",
}

ONE_FILE = {
    "main.muro": """\
koyu 1.0
name 小さな工房
unit mm
grid X 0 3000 7500
grid Y 0 4000
level L1 0 h:2500 slab:200

space /L1/study room X1..X2 Y1..Y2 name:書斎 daylight:1
space /L1/shop room X2..X3 Y1..Y2 name:工房 daylight:1
space /out exterior name:屋外
polygon /site -1000,-1000 8500,-1000 8500,5000 -1000,5000

boundary /L1/study /L1/shop t:100
  door w:800 h:2000
boundary /L1/study /out t:180
  window w:1800 h:1200 edge:W
boundary /L1/shop /out t:180
  door w:1000 h:2100 edge:N name:入口
  window w:3000 h:1200 edge:S
""",
}

BUILDINGS: dict[str, dict[str, str]] = {"two-storeys": TWO_STOREYS, "one-file": ONE_FILE}

# Tokens an agent plausibly gets wrong, and junk it plausibly emits.
NUMBER_SPELLINGS = [
    "0",
    "-1",
    "-3600",
    "1e400",
    "99999999999999999999999",
    "3600.5",
    "０",
    "３６００",
    "1_000",
    "0x10",
    "NaN",
    "Infinity",
    ".5",
    "5.",
    "--1",
    "",
]
JUNK = [
    "X9",
    "Y0",
    "X1..X9",
    "X3..X1",
    "..",
    ":",
    "a:",
    ":b",
    '"',
    '"unclosed',
    "#",
    "/",
    "//",
    "/L1/",
    "/L1/ldk",
    "/L1/ldk/",
    "L9",
    "L1..L9",
    "over",
    "drop",
    "import",
    "+",
    "-",
    "=",
    "edge:Q",
    "t:",
    "w:-1",
    "h:0",
    "daylight:yes",
    "\u3000",
    "\t",
    "\ufeff",
    "\x00",
    "\x07",
    "\x1f",
    "\u2028",
    "\ud800",
    "𝕏",
    "ＸＸ",
    "a" * 300,
]


def write_building(folder: Path, files: dict[str, str]) -> Path:
    """Write a building's files (text, or bytes for invalid UTF-8); return its entry path."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, content in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_bytes(content.encode("utf-8", "surrogatepass"))
    return folder / "main.muro"


def _mutate_lines(lines: list, rng: random.Random) -> list:
    if not lines:
        return ["\x00"]
    i = rng.randrange(len(lines))
    j = rng.randrange(len(lines))
    kind = rng.randrange(12)
    line = lines[i]
    words = line.split(" ")
    if kind == 0:
        del lines[i]
    elif kind == 1:
        lines.insert(j, line)
    elif kind == 2:
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == 3:  # a number changed
        spots = [k for k, w in enumerate(words) if any(c.isdigit() for c in w)]
        if spots:
            k = rng.choice(spots)
            head, sep, _ = words[k].rpartition(":")
            words[k] = head + sep + rng.choice(NUMBER_SPELLINGS)
            lines[i] = " ".join(words)
    elif kind == 4:  # a word replaced by junk, or junk inserted
        k = rng.randrange(len(words) + 1)
        if k < len(words) and rng.random() < 0.5:
            words[k] = rng.choice(JUNK)
        else:
            words.insert(k, rng.choice(JUNK))
        lines[i] = " ".join(words)
    elif kind == 5:  # indentation dropped or added
        lines[i] = line.lstrip() if line[:1] in (" ", "\t") else rng.choice(["  ", "\t", "\u3000"]) + line
    elif kind == 6:  # truncated
        lines[i] = line[: rng.randrange(len(line) + 1)]
    elif kind == 7:  # two paths collide: a word copied from another line
        other = lines[j].split(" ")
        if len(other) > 1 and len(words) > 1:
            words[1] = other[1]
            lines[i] = " ".join(words)
    elif kind == 8:  # a character dropped into the middle
        k = rng.randrange(len(line) + 1)
        lines[i] = line[:k] + rng.choice(JUNK) + line[k:]
    elif kind == 9:  # a grid name mistyped
        lines[i] = line.replace("X2", rng.choice(["X7", "X", "x2", "X02", "Ｘ2"]), 1)
    elif kind == 10:  # a stray colon or quote
        k = rng.randrange(len(line) + 1)
        lines[i] = line[:k] + rng.choice([":", '"', "::", '" "']) + line[k:]
    else:  # a level mistyped
        lines[i] = line.replace("L1", rng.choice(["L9", "L", "l1", "L1..L1", "L2..L1"]), 1)
    return lines


def mutate_text(text: str, rng: random.Random, rounds: int = 3, mishaps: bool = True):
    """One file's text after ``rounds`` line mutations and maybe a whole-file mishap.

    Returns ``str``, or ``bytes`` when the mishap is invalid UTF-8.
    """
    lines = text.split("\n")
    for _ in range(rounds):
        lines = _mutate_lines(lines, rng)
    whole = rng.randrange(16) if mishaps else 99
    if whole == 0:
        return "\ufeff" + "\n".join(lines)
    if whole == 1:
        return "\r".join(lines)  # CR-only line ends: one long line
    if whole == 2:
        return "\r\n".join(lines)
    if whole == 3:
        return "\n".join(lines).replace(" ", "\t")
    if whole == 4:
        data = "\n".join(lines).encode("utf-8", "surrogatepass")
        k = rng.randrange(len(data) + 1)
        return data[:k] + rng.choice([b"\xff", b"\xc3", b"\xe3\x81", b"\xed\xa0\x80", b"\x80\x80"]) + data[k:]
    if whole == 5:
        k = rng.randrange(len(lines) + 1)
        return "\n".join(
            lines[:k]
            + [rng.choice(["space /L1/long room X1..X2 Y1..Y2 name:", "# ", ""]) + "x" * 1_000_000]
            + lines[k:]
        )
    if whole == 6:
        return "\n".join(lines).replace(" ", "\u3000")
    return "\n".join(lines)


def mutate_building(files: dict[str, str], rng: random.Random, mild: bool = False) -> dict[str, object]:
    """The building with one or two of its files mutated (the others untouched).

    ``mild``: one line mutation in one file and no whole-file mishap, so that more of the
    results still read and reach check, the Form and the tools."""
    out: dict[str, object] = dict(files)
    names = sorted(files)
    if mild:
        name = rng.choice(names)
        out[name] = mutate_text(files[name], rng, rounds=1, mishaps=False)
        return out
    for name in rng.sample(names, k=min(len(names), rng.choice([1, 1, 2]))):
        out[name] = mutate_text(files[name], rng, rounds=rng.randrange(1, 4))
    return out


# -- exercising an input ----------------------------------------------------------------

import json  # noqa: E402
import re  # noqa: E402

# The documented read error: "<file>:line <n>: <message>" or "line <n>: <message>".
READ_ERROR = re.compile(r"^(?:.+:)?line \d+: \S", re.S)
TOOL_ERROR_WORDS = (
    "line ",
    "required",
    "is an integer",
    "There is no",
    "not found",
    "Only .muro",
    "Cannot write",
    "Unknown",
    "No ",
    "level",
    "space",
)


class Finding(Exception):
    """Something the server or the core must never do; the message says what and where."""


def read_or_error(entry: str):
    """``load(entry)``: a Model, or the KoyuError whose sentence has the documented shape.

    Anything else escaping is a Finding."""
    from koyu_model import KoyuError, load

    try:
        return load(entry)
    except KoyuError as err:
        if not READ_ERROR.match(str(err)):
            raise Finding(f"read error not in the documented shape: {str(err)[:200]!r}") from err
        if err.line > 0 and not err.file:  # only the entry's own failure (line 0) has no file
            raise Finding(f"read error at a line but without its file: {str(err)[:200]!r}") from err
        return None
    except Exception as exc:
        raise Finding(f"load raised {type(exc).__name__}: {exc!s:.200}") from exc


def core_passes(model) -> None:
    """Canonical JSON, check and the Form on a Model that was read: none may raise."""
    from koyu_model.canonical import canonical_json
    from koyu_model.check import check, human
    from koyu_model.form.derive import derive

    for what, run in (
        ("canonical_json", lambda: canonical_json(model)),
        ("check", lambda: [human(d) for d in check(model)]),
        ("derive", lambda: derive(model)),
    ):
        try:
            run()
        except Exception as exc:
            raise Finding(f"{what} raised {type(exc).__name__}: {exc!s:.200}") from exc


def tool_calls(entry: str, model) -> list:
    """Every tool once, with arguments taken from the model when there is one."""
    spaces = sorted(model.spaces) if model is not None else []
    levels = list(model.level_order) if model is not None else []
    a = spaces[0] if spaces else "/L1/a"
    b = spaces[-1] if spaces else "/out"
    level = levels[0] if levels else "L1"
    calls = [
        (name, {"file": entry})
        for name in ("model_summary", "check", "layers", "canonical_json", "spaces", "light", "validate", "site")
    ]
    calls += [
        ("new_uids", {"file": entry, "count": 3}),
        ("spaces", {"file": entry, "level": level}),
        ("doors", {"file": entry, "from": a, "to": b}),
        ("plan_svg", {"file": entry, "level": level}),
    ]
    return calls


def answer_of(client, name: str, arguments: dict, request_id: int = 1) -> dict:
    """One tools/call through the in-memory transport; the documented shape is asserted."""
    line = json.dumps(
        {"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": {"name": name, "arguments": arguments}}
    )
    transport = client.transport
    transport.send(line)
    reply = transport.receive()
    if reply is None:
        raise Finding(f"{name} {arguments!r:.200}: no answer")
    message = json.loads(reply)
    if message.get("id") != request_id or "result" not in message:
        raise Finding(f"{name}: not a result: {reply[:300]}")
    result = message["result"]
    content = result.get("content")
    if not (
        isinstance(content, list)
        and len(content) == 1
        and content[0].get("type") == "text"
        and isinstance(content[0].get("text"), str)
    ):
        raise Finding(f"{name}: content not one text: {reply[:300]}")
    if transport.receive() is not None:
        raise Finding(f"{name}: more than one answer")
    return result


class Log:
    """A stand-in for stderr that keeps what the host logs (a traceback means a tool crashed)."""

    def __init__(self):
        self.parts = []

    def write(self, text):
        self.parts.append(text)
        return len(text)

    def flush(self):
        pass

    def take(self) -> str:
        text, self.parts = "".join(self.parts), []
        return text


def logged_client():
    """An in-memory client over the installed plugins whose host logs into a ``Log``."""
    from koyu_host import plugins
    from koyu_host.client import Client
    from koyu_host.memory import MemoryTransport

    log = Log()
    return Client(MemoryTransport(plugins.load(), log=log)), log


def exercise(entry: str, client, tools: bool = True) -> str:
    """Read, run the core, and call every tool on ``entry``; returns "model" or "error".

    Raises Finding on an uncaught exception, an answer in the wrong shape, or a tool
    failure whose message says nothing (an internal error rather than a documented one).
    """
    model = read_or_error(entry)
    if model is not None:
        core_passes(model)
    if tools:
        for name, arguments in tool_calls(entry, model):
            result = answer_of(client, name, arguments)
            if result.get("isError"):
                text = result["content"][0]["text"]
                if model is None and name != "new_uids" and not READ_ERROR.match(text):
                    raise Finding(f"{name}: read error not in the documented shape: {text[:200]!r}")
                if model is not None and _internal(text):
                    raise Finding(f"{name} {arguments!r:.120}: internal failure: {text[:200]!r}")
            log = getattr(client.transport.server.log, "take", None)
            logged = log() if log else ""
            if logged:
                raise Finding(f"{name} {arguments!r:.120}: the host logged a crash: {logged[-600:]}")
    return "model" if model is not None else "error"


def _internal(text: str) -> bool:
    """A message that is Python talking, not the tool (an uncaught error's str())."""
    return bool(
        re.search(
            r"object has no attribute|unsupported operand|not subscriptable|"
            r"index out of range|KeyError|referenced before|NoneType|"
            r"takes \d+ positional|unhashable|division by zero|"
            r"maximum recursion|not iterable|invalid literal",
            text,
        )
    )
