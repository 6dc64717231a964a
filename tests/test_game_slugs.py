"""A game is one object: callers ask its registry entry, they never compare its slug.

A game's slug may stand as a string literal only in its rules module (its
``slug``) and in the registry; no other Python file outside the migrations
and no template names one. The scan reads every string constant of every
module (docstrings and comments are prose, not code, and are not looked at)
and every quoted string in the templates.
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


def not_yet(path: Path) -> bool:
    relative = path.relative_to(ROOT).as_posix()
    return any(relative == entry or relative.startswith(entry + "/") for entry in NOT_YET)


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
    stale = []
    for entry in NOT_YET:
        target = ROOT / entry
        paths = sorted(target.rglob("*.py")) if target.is_dir() else [target]
        if not any(slug_literals(p) for p in paths if p.exists()):
            stale.append(entry)
    assert stale == [], "These files no longer compare slugs: take them off NOT_YET."


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
