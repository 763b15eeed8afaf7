"""Which package may import which: the architecture, pinned (issue 14).

- the language core (koyu_model) never imports the host, pluggy or a tool plugin;
- the command line (koyu_cli) stands on the core alone: never the host or a plugin;
- the host (koyu_host) knows no tool: it never imports a plugin package;
- inside the core, data flows one way: its parts (top-level modules and packages of
  koyu_model) import each other without a cycle — no two of them import each other;
- so does the reader, module by module: the modules inside ``koyu_model/reading`` import
  each other without a cycle (its ``__init__``, the entry point, may name any of them);
- the reader is made of plain functions over plain records, never of mixins: every class
  defined in ``koyu_model/reading`` derives from nothing (``object``), from ``NamedTuple``,
  or from an exception, and only a ``NamedTuple`` declares a name by annotation alone
  (its fields) — no class declares state or methods another class provides;
- the core holds no identity-keyed memo, builds no record around its constructor, leaves
  the interpreter's recursion limit and garbage collector alone and knows no wire type;
  no tool plugin hides a missing import.

Imports are read from the source (every ``import`` and ``from … import`` anywhere in a
module, those inside functions included), so a lazy import counts like any other.
"""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import pytest

PLUGINS = (
    "koyu_read",
    "koyu_write",
    "koyu_verify",
    "koyu_ask",
    "koyu_form",
    "koyu_diff",
    "koyu_review",
    "koyu_view",
    "koyu_ifc",
)


def _sources(package: str):
    """(dotted module name, source path) of every module of an installed package."""
    spec = importlib.util.find_spec(package)
    assert spec is not None and spec.submodule_search_locations, package
    root = Path(next(iter(spec.submodule_search_locations)))
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        yield ".".join(parts), path


def _imports(module: str, path: Path) -> set[str]:
    """The dotted names a module imports (relative imports resolved)."""
    is_package = path.name == "__init__.py"
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".")
                base = base if is_package else base[:-1]
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
    return found


def _top(name: str) -> str:
    return name.split(".", 1)[0]


@pytest.mark.parametrize(
    "package, forbidden",
    [
        ("koyu_model", ("koyu_host", "pluggy", "koyu_cli") + PLUGINS),
        ("koyu_cli", ("koyu_host", "pluggy") + PLUGINS),
        ("koyu_host", PLUGINS + ("koyu_cli",)),
    ],
)
def test_a_package_imports_only_what_stands_below_it(package, forbidden):
    wrong = sorted(
        f"{module} imports {name}"
        for module, path in _sources(package)
        for name in _imports(module, path)
        if _top(name) in forbidden
    )
    assert wrong == []


def _part(name: str):
    """The part of koyu_model a dotted name belongs to (its second component), or None."""
    bits = name.split(".")
    return bits[1] if bits[0] == "koyu_model" and len(bits) > 1 else None


def _cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """A cycle of ``edges`` (node → the nodes it imports) as a path, or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str):
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt) :] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state:
            cycle = visit(node)
            if cycle:
                return cycle
    return None


def test_the_parts_of_the_core_import_each_other_without_a_cycle():
    edges: dict[str, set[str]] = {}
    for module, path in _sources("koyu_model"):
        here = _part(module)
        if here is None:
            continue  # koyu_model/__init__.py: the entry point (load) may name any part
        for name in _imports(module, path):
            there = _part(name)
            if there is not None and there != here:
                edges.setdefault(here, set()).add(there)
    cycle = _cycle(edges)
    assert cycle is None, " → ".join(cycle)


READER = "koyu_model.reading"


def _reader_modules() -> dict[str, Path]:
    """The reader's modules (dotted name → source), its ``__init__`` left out."""
    return {module: path for module, path in _sources("koyu_model") if module.startswith(READER + ".")}


def test_the_modules_of_the_reader_import_each_other_without_a_cycle():
    modules = _reader_modules()
    edges: dict[str, set[str]] = {}
    for module, path in modules.items():
        for name in _imports(module, path):
            # ``from koyu_model.reading.x import y`` names x (and x.y); ``from
            # koyu_model.reading import x`` names the package and x
            while name and name not in modules:
                name = name.rpartition(".")[0]
            if name and name != module:
                edges.setdefault(module, set()).add(name)
    assert len(modules) > 5 and edges  # the reader is there, and its modules import each other
    cycle = _cycle(edges)
    assert cycle is None, " → ".join(cycle)


def test_the_reader_has_no_mixins():
    wrong = []
    for module, path in _reader_modules().items():
        loaded = importlib.import_module(module)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ClassDef):
                continue
            cls = getattr(loaded, node.name)
            record = cls.__bases__ == (tuple,) and hasattr(cls, "_fields")  # a NamedTuple
            if not (cls.__bases__ == (object,) or record or issubclass(cls, BaseException)):
                bases = ", ".join(b.__qualname__ for b in cls.__bases__)
                wrong.append(f"{module}.{node.name} derives from {bases}")
            if not record:
                wrong.extend(
                    f"{module}.{node.name} declares {item.target.id} by annotation alone"
                    for item in node.body
                    if isinstance(item, ast.AnnAssign) and item.value is None and isinstance(item.target, ast.Name)
                )
    assert wrong == []


# What the core must not do (issue 14), each as the AST shows it.
_CORE_FORBIDDEN_CALLS = {
    "id": "an identity-keyed memo (id(...))",
    "object.__new__": "a record built around its constructor (object.__new__)",
    "sys.setrecursionlimit": "the recursion limit raised",
    "gc.disable": "the garbage collector turned off",
    "gc.freeze": "the garbage collector frozen",
}


def _dotted(node) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{_dotted(node.value)}.{node.attr}"
    return ""


def test_the_core_keeps_to_plain_records_and_knows_no_wire():
    wrong = []
    for module, path in _sources("koyu_model"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and _dotted(node.func) in _CORE_FORBIDDEN_CALLS:
                wrong.append(f"{module}:{node.lineno} {_CORE_FORBIDDEN_CALLS[_dotted(node.func)]}")
            elif isinstance(node, (ast.Assign, ast.AugAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if any(isinstance(x, ast.Attribute) and x.attr == "__class__" for x in targets):
                    wrong.append(f"{module}:{node.lineno} a record retyped (__class__ =)")
            elif isinstance(node, (ast.Name, ast.alias)):
                name = node.id if isinstance(node, ast.Name) else node.name.rsplit(".", 1)[-1]
                if name == "JsonString" or name.startswith("wire_"):
                    wrong.append(f"{module}:{node.lineno} a transport type ({name}) in the core")
    assert wrong == []


@pytest.mark.parametrize("package", PLUGINS)
def test_no_plugin_hides_a_missing_import(package):
    if importlib.util.find_spec(package) is None:
        pytest.skip(f"{package} is not installed here")
    wrong = [
        f"{module}:{node.lineno}"
        for module, path in _sources(package)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ExceptHandler)
        and node.type is not None
        and any(_dotted(n) in ("ImportError", "ModuleNotFoundError") for n in ast.walk(node.type))
    ]
    assert wrong == []
