"""The import rule of docs/architecture.md, checked by walking every module's imports.

An import is an `import` statement anywhere in a module (also inside a function or under
TYPE_CHECKING) or a call that imports by name: `importlib.import_module("x.y")`, `__import__("x")`,
`importlib.util.find_spec("x")`, `runpy.run_module("x")`. A name built at run time counts by its
literal start (`f"renderers.{game}"` is renderers; `f"{__package__}.x"` is the module's own
package); a name with no literal start cannot be checked and fails the test. discord.py's
`load_extension` is how bot/app.py loads the cogs, as the layer rule allows: it may load cogs only."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OURS = {"engine", "renderers", "bot", "cogs", "playground", "launcher", "tests", "bench"}
# layer -> our top-level packages it may import
ALLOWED = {
    "engine": {"engine"},
    "renderers": {"engine", "renderers"},
    "bot": {"engine", "renderers", "bot"},
    "cogs": {"engine", "renderers", "bot", "cogs"},
    # The playground is a local Discord plus a page in front of it; it starts the real bot, so it may
    # import bot (which loads cogs by name); nothing of ours imports the playground (tests and bench may).
    "playground": {"bot", "playground"},
    # The `tablero` console script sits on top: it lists the bot's and the playground's subcommands,
    # so the bot never imports the playground. Nothing of ours imports it (tests may).
    "launcher": {"bot", "playground", "launcher"},
}
BY_NAME = {"import_module", "__import__", "find_spec", "run_module"}
"""Functions that import the module named by their first argument (importlib, builtins, runpy)."""
COMPUTED = "<computed>"
"""The root of a name imported by a call whose argument has no literal start."""
FORBIDDEN_IN_ENGINE = {
    "discord",
    "aiosqlite",
    "sqlite3",
    "PIL",
    "aiohttp",
    "asyncio",
    "os",
    "time",
    "datetime",
    "socket",
    "requests",
    "pathlib",
    "io",
}


def imported_roots(path: Path) -> set[str]:
    return roots_in(path.read_text(encoding="utf-8"), own=path.relative_to(ROOT).parts[0])


def roots_in(source: str, own: str) -> set[str]:
    """The top-level packages a module's source imports; `own` is the module's own package."""
    tree = ast.parse(source)
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
        elif isinstance(node, ast.Call) and _called(node.func) in BY_NAME and node.args:
            roots.add(_named_root(node.args[0], own))
    roots.discard("")  # a relative name (".x" with a package argument): the module's own package
    return roots


def _called(func: ast.expr) -> str:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def _named_root(arg: ast.expr, own: str) -> str:
    """The top-level package a by-name import names, as far as its literal start tells."""
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return arg.value.split(".")[0]
    if isinstance(arg, ast.JoinedStr) and arg.values:
        first = arg.values[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str) and "." in first.value:
            return first.value.split(".")[0]
        if (
            isinstance(first, ast.FormattedValue)
            and isinstance(first.value, ast.Name)
            and first.value.id in {"__package__", "__name__"}
        ):
            return own
    return COMPUTED


def modules(layer: str) -> list[Path]:
    return sorted((ROOT / layer).rglob("*.py"))


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_layer_imports_only_what_it_may(layer: str) -> None:
    bad = []
    for path in modules(layer):
        for root in imported_roots(path) & (OURS | {COMPUTED}):
            if root not in ALLOWED[layer]:
                bad.append(f"{path.relative_to(ROOT)} imports {root}")
    assert not bad, "\n".join(bad)


def test_engine_is_pure() -> None:
    bad = []
    for path in modules("engine"):
        roots = imported_roots(path)
        for root in roots & FORBIDDEN_IN_ENGINE:
            bad.append(f"{path.relative_to(ROOT)} imports {root}")
        if "random" in roots and path != ROOT / "engine" / "core" / "dice.py":
            bad.append(f"{path.relative_to(ROOT)} imports random (only engine/core/dice.py may)")
    assert not bad, "\n".join(bad)


def test_only_the_launcher_tests_and_bench_import_the_playground() -> None:
    bad = [
        str(p.relative_to(ROOT))
        for layer in ("engine", "renderers", "bot", "cogs")
        for p in modules(layer)
        if "playground" in imported_roots(p)
    ]
    assert not bad


def test_string_imports_are_seen() -> None:
    """Issue 23 item 4: an import by name counts like an import statement (the bot's `tablero
    playground` once reached the playground through `importlib.import_module("playground.cli")`)."""
    sources = {
        'importlib.import_module("playground.cli")': {"playground"},
        'import_module("cogs.play")': {"cogs"},
        '__import__("launcher")': {"launcher"},
        'importlib.util.find_spec("bench.x")': {"bench"},
        'runpy.run_module("tests.e2e.botproc")': {"tests"},
        'importlib.import_module(f"renderers.{game}")': {"renderers"},
        'importlib.import_module(f"{__package__}.scenarios")': {"bot"},
        'importlib.import_module(".x", __package__)': set(),
        "importlib.import_module(name)": {COMPUTED},
    }
    for call, roots in sources.items():
        source = f"def f(game, name):\n    {call}\n"
        assert roots_in(source, own="bot") == roots, call


def extension_names(source: str) -> list[str]:
    """The modules a source loads through discord.py's `load_extension`: a literal argument, or a loop
    variable over a module-level tuple of literals; any other argument is `COMPUTED`."""
    tree = ast.parse(source)
    constants = {
        target.id: [e.value for e in node.value.elts if isinstance(e, ast.Constant)]
        + [COMPUTED for e in node.value.elts if not isinstance(e, ast.Constant)]
        for node in tree.body
        if isinstance(node, ast.Assign) and isinstance(node.value, (ast.Tuple, ast.List))
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    loops = {
        node.target.id: constants.get(node.iter.id, [COMPUTED])
        for node in ast.walk(tree)
        if isinstance(node, (ast.For, ast.AsyncFor))
        and isinstance(node.target, ast.Name)
        and isinstance(node.iter, ast.Name)
    }
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _called(node.func) == "load_extension" and node.args:
            arg = node.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                names.append(arg.value)
            elif isinstance(arg, ast.Name):
                names += loops.get(arg.id, [COMPUTED])
            else:
                names.append(COMPUTED)
    return names


def test_the_bot_loads_only_cogs_by_name() -> None:
    """discord.py's `load_extension("x")` is an import by name too: the bot loads cogs that way (the
    layer rule's one way up), and nothing else."""
    assert extension_names(
        'E = ("cogs.a", "playground.b")\nasync def f(bot):\n    for n in E:\n'
        "        await bot.load_extension(n)\n"
    ) == ["cogs.a", "playground.b"]
    assert extension_names("async def f(bot, n):\n    await bot.load_extension(n)\n") == [COMPUTED]
    loaded = {
        str(p.relative_to(ROOT)): extension_names(p.read_text(encoding="utf-8"))
        for layer in ALLOWED
        for p in modules(layer)
    }
    bad = [
        f"{path} loads {name}"
        for path, names in loaded.items()
        for name in names
        if not name.startswith("cogs.")
    ]
    assert not bad, "\n".join(bad)
    assert any(loaded.values()), "the bot loads its cogs by name (bot/app.py)"


def test_nothing_imports_cogs() -> None:
    bad = [
        str(p.relative_to(ROOT))
        for layer in ("engine", "renderers", "bot", "playground")
        for p in modules(layer)
        if "cogs" in imported_roots(p)
    ]
    assert not bad


def test_renderers_use_pillow_only_for_io() -> None:
    bad = []
    for path in modules("renderers"):
        for root in imported_roots(path) & {"discord", "aiosqlite", "sqlite3", "aiohttp"}:
            bad.append(f"{path.relative_to(ROOT)} imports {root}")
    assert not bad, "\n".join(bad)


def test_the_platform_names_no_game() -> None:
    """Issue 9: a game is engine/<game> + renderers/<game> + catalogs + one registry line; nothing in
    bot/ or cogs/ names one (code, strings or comments), so adding a game never touches them."""
    from engine.registry import GAME_PACKAGES, GAMES

    names = set(GAME_PACKAGES) | set(GAMES) | {"duel", "clickwars", "space hulk", "space_hulk"}
    pattern = re.compile(r"\b(" + "|".join(re.escape(n) for n in sorted(names)) + r")\b", re.IGNORECASE)
    bad = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for layer in ("bot", "cogs")
        for path in modules(layer)
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]
    assert not bad, "\n".join(bad)
