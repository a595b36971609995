"""The dependency direction: rules never import pygame or pytmx; pytmx only in map loading and drawing; the
screens, saves and tools speak to rulesets only through the registry and the protocol; rulesets know nothing
of each other."""

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"
RULES = ("core", "rulesets", "ecs", "engine")
RULES_FILES = ("state.py", "match.py", "query.py")
# What must reach a ruleset only through game.rulesets (the registry) and game.engine.protocol (issue 17).
NEUTRAL_LAYERS = ("ui", "render", "replay", "input", "maps", "engine", "core", "ecs", "net")
NEUTRAL_FILES = ("simulate.py", "query.py", "app.py", "cli.py", "match.py", "state.py")
DRAWING = ("render", "ui", "input", "audio")


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
            found.update(alias.name for alias in node.names if alias.name.startswith("game."))
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
            if node.module.startswith("game."):
                found.add(node.module)
                found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def rule_modules() -> list[Path]:
    files = [p for package in RULES for p in (GAME / package).rglob("*.py")]
    return files + [GAME / name for name in RULES_FILES]


def test_rules_code_imports_neither_pygame_nor_pytmx():
    offenders = [str(p.relative_to(GAME)) for p in rule_modules() if imports_of(p) & {"pygame", "pytmx"}]
    assert offenders == []


def test_rules_code_never_uses_the_random_module():
    offenders = [str(p.relative_to(GAME)) for p in rule_modules() if "random" in imports_of(p)]
    assert offenders == []


def test_pytmx_is_imported_only_by_map_loading_and_drawing():
    allowed = {"maps", "render"}
    offenders = [
        str(p.relative_to(GAME)) for p in GAME.rglob("*.py")
        if "pytmx" in imports_of(p) and p.relative_to(GAME).parts[0] not in allowed
    ]
    assert offenders == []


def test_pygame_is_imported_only_by_drawing_input_ui_and_the_app():
    offenders = [
        str(p.relative_to(GAME)) for p in GAME.rglob("*.py")
        if "pygame" in imports_of(p) and p.relative_to(GAME).parts[0] not in DRAWING and p.name != "app.py"
    ]
    assert offenders == []


def test_nothing_imports_the_app_but_the_command_line():
    offenders = [
        str(p.relative_to(GAME)) for p in GAME.rglob("*.py")
        if "game.app" in imports_of(p) and p.name != "cli.py"
    ]
    assert offenders == []


def test_rules_code_iterates_no_sets_in_loops():
    """Determinism: a `for` over a set literal or set() call would depend on hash order."""
    offenders = []
    for path in rule_modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.For, ast.comprehension)):
                it = node.iter
                if isinstance(it, ast.Set) or (isinstance(it, ast.Call) and getattr(it.func, "id", "") == "set"):
                    offenders.append(f"{path.name}:{getattr(node, 'lineno', '?')}")
    assert offenders == []


def ruleset_folders_imported(path: Path) -> set[str]:
    """The ruleset folders (game/rulesets/<name>/) a module imports anything from."""
    folders = {p.name for p in (GAME / "rulesets").iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    return {name.split(".")[2] for name in imports_of(path)
            if name.startswith("game.rulesets.") and name.split(".")[2] in folders}


def test_screens_saves_and_tools_reach_rulesets_only_through_the_registry():
    """game/ui, render, replay, the simulator, the query tool and the app import nothing inside a ruleset
    folder: a new ruleset needs no change to any of them (docs/rulesets.md)."""
    files = [p for layer in NEUTRAL_LAYERS for p in (GAME / layer).rglob("*.py")]
    files += [GAME / name for name in NEUTRAL_FILES]
    offenders = sorted(f"{p.relative_to(GAME)}: {', '.join(sorted(ruleset_folders_imported(p)))}"
                       for p in files if ruleset_folders_imported(p))
    assert offenders == []


def test_no_ruleset_imports_another_rulesets_folder():
    offenders = []
    for folder in (GAME / "rulesets").iterdir():
        if not (folder / "__init__.py").exists():
            continue
        for path in folder.rglob("*.py"):
            others = ruleset_folders_imported(path) - {folder.name}
            if others:
                offenders.append(f"{path.relative_to(GAME)}: {', '.join(sorted(others))}")
    assert offenders == []
