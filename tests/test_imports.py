"""No import cycles (issue 21): every module's imports, those inside functions included
(``if TYPE_CHECKING:`` blocks aside: they never run), form no circle. A module that needs
another's name at run time imports it at the top; two modules that need each other share
a smaller third instead."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "timedcombat"


def _modules() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports_of(module: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The package's modules ``module`` imports, anywhere in it but under
    ``if TYPE_CHECKING:`` (``from a import b`` counts ``a.b`` when it is a module)."""
    found: set[str] = set()
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]

    def add(target: str) -> None:
        while target and target not in modules:
            target = target.rpartition(".")[0]
        if target and target != module:
            found.add(target)

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                full = f"{source}.{alias.name}"
                add(full if full in modules else source)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


def cycles() -> list[list[str]]:
    """Every group of two or more modules that import each other in a circle (the
    strongly connected components of the import graph), each sorted."""
    modules = _modules()
    graph = {m: sorted(imports_of(m, p, modules)) for m, p in sorted(modules.items())}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def connect(v: str) -> None:  # Tarjan's algorithm
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in graph:
        if v not in index:
            connect(v)
    return sorted(groups)


def _core(module: str) -> bool:
    """A module of the core: ``timedcombat/*.py`` (the package's top level)."""
    return module.count(".") == 1 or module == "timedcombat"


def test_the_walk_sees_imports_inside_functions_and_skips_type_checking(tmp_path):
    modules = {"pkg": tmp_path / "__init__.py", "pkg.a": tmp_path / "a.py",
               "pkg.b": tmp_path / "b.py", "pkg.c": tmp_path / "c.py"}
    modules["pkg.a"].write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from pkg import c\n"
        "def f():\n    from pkg.b import name\n    from . import c as _c\n")
    assert imports_of("pkg.a", modules["pkg.a"], modules) == {"pkg.b", "pkg.c"}
    modules["pkg.a"].write_text("if TYPE_CHECKING:\n    import pkg.c\n")
    assert imports_of("pkg.a", modules["pkg.a"], modules) == set()


@pytest.mark.parametrize("scope", ["core", "package"])
def test_no_import_cycle(scope):
    """``core``: no circle reaches a module of the package's top level; ``package``: no
    circle anywhere in timedcombat/."""
    found = cycles()
    if scope == "core":
        found = [group for group in found if any(map(_core, group))]
    assert found == [], "import cycles:\n" + "\n".join(" ".join(g) for g in found)
