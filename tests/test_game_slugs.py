"""A game is one object: callers ask its registry entry, they never compare its slug nor import it.

A game's slug may stand as a string literal only in its rules module (its
``slug``) and in the registry; no other Python file outside the migrations
and no template names one. The scan reads every string constant of every
module (docstrings and comments are prose, not code, and are not looked at)
and every quoted string in the templates.

Nor does a generic module import a particular game's module (its rules, its paper
layout, its table, its screens): what differs between games is asked of the game's
objects through the registry, which alone lists the games.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

from games import registry

ROOT = Path(__file__).resolve().parent.parent
SLUGS = frozenset(registry.GAMES)

# Where a slug may stand: each game's rules module, for its own slug, and the registry.
OWN_RULES = {
    Path(sys.modules[type(game.rules).__module__].__file__).resolve(): slug
    for slug, game in registry.GAMES.items()
}
REGISTRY = Path(registry.__file__).resolve()

# Files allowed to compare slugs for now: none (the table screens ask their rules too). Never grow it.
NOT_YET: set[str] = set()


def not_yet(path: Path, entries: set[str] = NOT_YET) -> bool:
    relative = path.relative_to(ROOT).as_posix()
    return any(relative == entry or relative.startswith(entry + "/") for entry in entries)


def stale(entries: set[str], still_needed) -> list[str]:
    """The entries of an allow-list none of whose Python files ``still_needed`` any more."""
    found = []
    for entry in entries:
        target = ROOT / entry
        paths = sorted(target.rglob("*.py")) if target.is_dir() else [target]
        if not any(still_needed(p) for p in paths if p.exists()):
            found.append(entry)
    return found


def docstrings(tree: ast.AST) -> set[int]:
    """ids of the docstring constants of a module, its classes and functions."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def slug_literals(path: Path) -> list[tuple[int, str]]:
    """(line, slug) for every string constant in ``path`` that is a game's slug."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    prose = docstrings(tree)
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and node.value in SLUGS and id(node) not in prose
    ]


def app_python_files() -> list[Path]:
    files = []
    for folder in ("games", "scorekeeper"):
        files += [p for p in (ROOT / folder).rglob("*.py") if "migrations" not in p.parts]
    return sorted(files)


def test_the_scan_sees_what_it_looks_for(tmp_path):
    module = tmp_path / "module.py"
    module.write_text(
        '"""Docstrings may say "minibridge"."""\n'
        "# so may comments: 'call-bridge'\n"
        "def f(game):\n"
        '    return game == "memory-bridge" or game in {"bugger-bridge": 1}\n'
    )
    assert slug_literals(module) == [(4, "memory-bridge"), (4, "bugger-bridge")]


def test_every_registered_game_has_a_rules_module_of_its_own():
    assert set(OWN_RULES.values()) == SLUGS
    assert all(game.rules.slug == slug for slug, game in registry.GAMES.items())


def test_no_python_file_compares_slugs():
    """Only a game's rules module (its own slug) and the registry hold a slug literal."""
    found = []
    for path in app_python_files():
        resolved = path.resolve()
        if resolved == REGISTRY or not_yet(path):
            continue
        for line, slug in slug_literals(path):
            if OWN_RULES.get(resolved) != slug:
                found.append(f"{path.relative_to(ROOT)}:{line}: {slug!r}")
    assert found == []


def test_the_allow_list_is_still_needed():
    """Each entry of NOT_YET still holds a slug literal: a rewritten file leaves the list."""
    assert stale(NOT_YET, slug_literals) == [], "These files no longer compare slugs: take them off NOT_YET."


SLUG_PATTERN = "|".join(re.escape(slug) for slug in sorted(SLUGS))
QUOTED = re.compile(rf"""(["'])({SLUG_PATTERN})\1""")


@pytest.mark.parametrize("path", sorted((ROOT / "templates").rglob("*.html")), ids=lambda p: p.name)
def test_no_template_names_a_game(path):
    """A template asks the context (``rules.slug``, a layout's hint...), never ``game == "..."``."""
    text = path.read_text(encoding="utf-8")
    found = [
        f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(2)!r}"
        for m in QUOTED.finditer(text)
    ]
    assert found == []


# -- no generic module imports a particular game -----------------------------------------------

# Generic modules that still import particular games, for now: the round forms, which the table
# rework (issue 18) folds into one table class per game. Never grow it.
IMPORTS_NOT_YET: set[str] = set()


def module_of(path: Path) -> str:
    """The dotted name of the module at ``path`` (under ROOT); a package's for its __init__.py."""
    parts = path.resolve().relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def table_module(game: registry.Game) -> str | None:
    """The module holding a game's table class, as its registry entry resolves it."""
    return None if game.table_class is None else game.table_class().__module__


def game_modules() -> dict[str, set[str]]:
    """Each module that belongs to particular games, with their slugs: the modules of a game's rules,
    paper layout and table, and any module named after its rules module (its screens, its panel)."""
    owners: dict[str, set[str]] = {}
    stems = {}
    for slug, game in registry.GAMES.items():
        for name in {type(game.rules).__module__, type(game.paper).__module__, table_module(game)} - {None}:
            owners.setdefault(name, set()).add(slug)
        stems[type(game.rules).__module__.rpartition(".")[2]] = slug
    for path in app_python_files():
        for stem, slug in stems.items():
            if path.stem == stem or path.stem.startswith(stem + "_"):
                owners.setdefault(module_of(path), set()).add(slug)
    return owners


def imported(tree: ast.AST, package: str) -> set[str]:
    """Every dotted name a module of ``package`` imports, anywhere in it (``from a import b``: a, a.b)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            parent = package.split(".")[: len(package.split(".")) + 1 - node.level] if node.level else []
            base = ".".join([*parent, node.module] if node.module else parent)
            found |= {base} | {f"{base}.{alias.name}" for alias in node.names}
    return found


def game_imports(path: Path, owners: dict[str, set[str]]) -> list[str]:
    """The particular games' modules that the module at ``path`` imports."""
    module = module_of(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return sorted(name for name in imported(tree, package) if name in owners)


def test_the_import_scan_sees_what_it_looks_for():
    tree = ast.parse(
        "from ..rules import GameRules\n"
        "from . import bugger\n"
        "def f():\n"
        "    from ..rules.minibridge import SIDES\n"
        "    import games.paper.bids\n"
    )
    assert imported(tree, "games.views") == {
        "games.rules",
        "games.rules.GameRules",
        "games.views",
        "games.views.bugger",
        "games.rules.minibridge",
        "games.rules.minibridge.SIDES",
        "games.paper.bids",
    }
    owners = game_modules()
    assert owners["games.paper.bids"] >= {"bugger-bridge", "mormon-bridge"}
    assert {"games.rules.minibridge", "games.table.minibridge"} <= owners.keys()
    assert "games.table.bidding" not in owners


def test_no_generic_module_imports_a_particular_game():
    """Only a game's own modules and the registry import a particular game's modules."""
    owners = game_modules()
    found = []
    for path in app_python_files():
        module = module_of(path)
        if module in owners or path.resolve() == REGISTRY or not_yet(path, IMPORTS_NOT_YET):
            continue
        found += [f"{path.relative_to(ROOT)}: {name}" for name in game_imports(path, owners)]
    assert found == []


def test_the_import_allow_list_is_still_needed():
    """Each entry of IMPORTS_NOT_YET still imports a particular game: a rewritten file leaves the list."""
    owners = game_modules()

    def generic_importing(path: Path) -> bool:
        return module_of(path) not in owners and bool(game_imports(path, owners))

    assert stale(IMPORTS_NOT_YET, generic_importing) == [], (
        "These files no longer import a particular game: take them off IMPORTS_NOT_YET."
    )


def test_no_game_rules_import_another_games_rules():
    """What two games' rules share lives in the shared rules modules (base, checks, cards), not in one
    game's module that the other imports: a game's own modules are the only ones to import it."""
    rules = {type(game.rules).__module__ for game in registry.GAMES.values()}
    rules = {name for name in rules if name.startswith("games.rules.")}
    assert {"games.rules.bugger_bridge", "games.rules.mormon_bridge"} <= rules
    found = []
    for name in sorted(rules):
        path = ROOT.joinpath(*name.split(".")).with_suffix(".py")
        found += [f"{name}: {other}" for other in game_imports(path, dict.fromkeys(rules - {name}, set()))]
    assert found == []


def test_nothing_is_patched_onto_a_request_but_its_access_in_one_place():
    """Issue 18: state travels in signatures. A request gets one attribute of ours, ``access``, declared
    on ``HtmxHttpRequest`` and set by ``access._admitting`` alone; no module sets or reads back any other
    with ``setattr``/``getattr`` (a page cache's placeholders are a context variable, its seats an argument)."""
    found = []
    for path in sorted((ROOT / "games").rglob("*.py")):
        if "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                if node.func.id in ("setattr", "getattr", "delattr") and node.args:
                    target = node.args[0]
                    if isinstance(target, ast.Name) and target.id == "request":
                        found.append(f"{path.relative_to(ROOT)}: {node.func.id}(request, ...)")
            elif isinstance(node, ast.Assign):
                for target in node.targets:
                    if (
                        isinstance(target, ast.Attribute)
                        and isinstance(target.value, ast.Name)
                        and target.value.id == "request"
                    ):
                        found.append(f"{path.relative_to(ROOT)}: request.{target.attr} = ...")
    assert found == ["games/views/access.py: request.access = ..."]


def test_no_module_is_imported_by_a_name_built_at_run_time():
    """Issue 18: a game's table is reached by a plain import (the registry), never by
    ``import_module`` of a name built from a string, which no tool can follow."""
    found = [
        path.relative_to(ROOT).as_posix()
        for path in sorted((ROOT / "games").rglob("*.py"))
        if "migrations" not in path.parts and re.search(r"\bimport_module\b|__import__\(", path.read_text())
    ]
    assert found == []
