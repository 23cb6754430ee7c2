"""The house's shape, read statically from the source.

* no import cycle inside ``game/``: every ``import`` counts, at module level, inside a
  function (a deferred import that dodges a cycle at run time is still a cycle of the
  design) or under ``if TYPE_CHECKING:`` (two modules that need each other to be read are
  a circle even if only the type checker follows it: the one that is used describes what
  it needs as a Protocol instead, as ``game/ui/table/host.py`` does for the table scene);
* the layers point one way: ``game.rules`` imports nothing else of ours, ``game.ai`` only
  ``game.rules``, ``game.net`` and ``game.arena`` only those two, and none knows pygame;
* no private name (``_x``) is imported from another module;
* no silent fallbacks: no optional import (``except ImportError``), no module loaded by
  name where a plain import would do, and ``except Exception`` only at the boundaries of a
  process, a thread or a file, where the handler says (logs) what was lost or raises.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


FILES = {_module_name(p): p for p in sorted(GAME.rglob("*.py"))}
TREES = {name: ast.parse(path.read_text(encoding="utf-8")) for name, path in FILES.items()}


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement, at any depth, ``if TYPE_CHECKING:`` blocks included."""
    return [node for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))]


def _resolve(name: str) -> str | None:
    """The module of ours that ``name`` (a module or a name in one) is, or None."""
    while name:
        if name in FILES:
            return name
        name = name.rpartition(".")[0]
    return None


def _targets(module: str, node: ast.Import | ast.ImportFrom) -> list[tuple[str, str | None]]:
    """``(our module, name taken from it or None)`` for each thing ``node`` imports."""
    out: list[tuple[str, str | None]] = []
    if isinstance(node, ast.Import):
        for alias in node.names:
            target = _resolve(alias.name)
            if target:
                out.append((target, None))
        return out
    if node.level:
        package = module if FILES[module].name == "__init__.py" else module.rpartition(".")[0]
        for _ in range(node.level - 1):
            package = package.rpartition(".")[0]
        base = f"{package}.{node.module}" if node.module else package
    else:
        base = node.module or ""
    for alias in node.names:
        full = f"{base}.{alias.name}"
        if full in FILES:
            out.append((full, None))
        elif (target := _resolve(base)) is not None:
            out.append((target, alias.name))
    return out


def import_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for module, tree in TREES.items():
        graph[module] = {t for node in _imports(tree) for t, _ in _targets(module, node)}
        graph[module].discard(module)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_an_import_for_the_type_checker_alone_is_an_arrow_too() -> None:
    tree = ast.parse("from typing import TYPE_CHECKING\n"
                     "if TYPE_CHECKING:\n    from game.ui.table.scene import TableScene\n")
    assert [t for node in _imports(tree) for t, _ in _targets("game.ui.table.input", node)] \
        == ["game.ui.table.scene"]


def test_no_import_cycle_inside_game() -> None:
    found = cycles(import_graph())
    assert found == [], "import cycles: " + "; ".join(" <-> ".join(c) for c in found)



def room(module: str) -> str:
    """The folder a module lives in (``game.ui.table.input`` → ``game.ui.table``); a module
    directly in ``game`` or ``game.ui`` is a room of its own."""
    parent = module.rpartition(".")[0]
    return module if parent in ("game", "game.ui", "") or module in ("game", "game.ui") \
        else parent


def test_room_names() -> None:
    assert room("game.ui.table.input") == "game.ui.table"
    assert room("game.ui.table") == "game.ui.table"
    assert room("game.ui.app") == "game.ui.app"
    assert room("game.rules.cards") == "game.rules"


def test_no_folder_imports_one_that_imports_it_back() -> None:
    """Folders stand on each other in one order (in the graph of their imports no arrow
    runs back up): the practice layer under the table, the table under the screens that use its
    board, the registry of screens above them all."""
    folders: dict[str, set[str]] = {}
    for module, targets in import_graph().items():
        folders.setdefault(room(module), set()).update(room(t) for t in targets)
    for name, targets in folders.items():
        targets.discard(name)
    found = cycles(folders)
    assert found == [], "folders importing each other: " + "; ".join(" <-> ".join(c) for c in found)

#: What each layer below the window may import of ours (besides itself).
BELOW_UI = {
    "game.rules": (),
    "game.ai": ("game.rules",),
    "game.net": ("game.rules", "game.ai"),  # the LAN host and client
    "game.arena": ("game.rules", "game.ai"),  # bots against bots
}


def test_the_layers_point_one_way() -> None:
    """rules -> nothing of ours; ai -> rules only; the network and the arena -> ai and rules,
    never the window; none of them knows pygame."""
    def inside(module: str, packages: tuple[str, ...]) -> bool:
        return any(module == p or module.startswith(p + ".") for p in packages)

    for module, targets in import_graph().items():
        for layer, below in BELOW_UI.items():
            if inside(module, (layer,)):
                wrong = sorted(t for t in targets if not inside(t, (layer, *below)))
                assert wrong == [], (module, wrong)
    for module, tree in TREES.items():
        if inside(module, tuple(BELOW_UI)):
            names = {a.name.split(".")[0] for n in _imports(tree)
                     for a in n.names if isinstance(n, ast.Import)}
            names |= {(n.module or "").split(".")[0] for n in _imports(tree)
                      if isinstance(n, ast.ImportFrom) and not n.level}
            assert not names & {"pygame", "pygame_gui"}, module


def test_the_harness_is_loaded_only_when_asked() -> None:
    """The selftest, the benchmark and the screen walks live in game.ui.harness: nothing of
    the program imports them but the command line (when --selftest or --bench-frames is
    given), so a player's start never loads them."""
    graph = import_graph()
    users = sorted(m for m, targets in graph.items() if not m.startswith("game.ui.harness")
                   and any(t.startswith("game.ui.harness") for t in targets))
    assert users == ["game.ui.cli"]
    cli = TREES["game.ui.cli"]
    top_level = [n for n in cli.body if isinstance(n, ast.ImportFrom | ast.Import)]
    assert not any("harness" in (getattr(n, "module", "") or "") for n in top_level)


def test_the_program_goes_to_screens_by_typed_routes() -> None:
    """Every screen is opened with ``app.go(routes.X(...))`` or, going back, ``app.show``
    with a typed screen name; ``App.switch(name, **params)`` (strings) only underneath."""
    calls = [f"{module}:{node.lineno}" for module, tree in TREES.items()
             if module != "game.ui.app" for node in ast.walk(tree)
             if isinstance(node, ast.Attribute) and node.attr == "switch"]
    assert calls == []


def test_no_private_name_is_imported_from_another_module() -> None:
    taken = []
    for module, tree in TREES.items():
        for node in _imports(tree):
            for target, name in _targets(module, node):
                if name and name.startswith("_") and not name.startswith("__"):
                    taken.append(f"{module} takes {name} from {target}")
    assert taken == []


#: pygame-gui's insides: its internal modules, and the attributes and private methods a
#: widget or theme has that pygame-gui does not document.  Only game.ui.gui_internals uses
#: them (each pinned by tests/test_gui_internals.py), so an upgrade is one module's work.
GUI_INSIDES = ("pygame_gui.core.utility", "pygame_gui.core.surface_cache",
               "pygame_gui.core.drawable_shapes", "pygame_gui.core.text",
               "pygame_gui.elements.ui_")
GUI_PRIVATE_ATTRS = {
    "drawable_shape", "states_to_redraw_queue", "text_box_layout", "layout_rows",
    "finalised_surface", "known_font_paths", "loaded_fonts", "ele_font_res", "shape_cache",
    "menu_states", "current_state", "selected_option_button", "validate_theme_data",
    "get_font_dictionary", "cache_surfaces", "_set_image", "_set_image_clip",
    "_setup_final_text_box_image", "_default_symbols_font", "_pre_clipped_image",
    "options_selection_list",
}


def test_pygame_guis_insides_are_used_in_one_module() -> None:
    used = []
    for module, tree in TREES.items():
        if module == "game.ui.gui_internals":
            continue
        for node in _imports(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""]
            used += [f"{module} imports {n}" for n in names if n.startswith(GUI_INSIDES)]
        for node in ast.walk(tree):
            name = node.attr if isinstance(node, ast.Attribute) else \
                node.name if isinstance(node, ast.FunctionDef) else \
                node.value if isinstance(node, ast.Constant) else None  # getattr(x, "…")
            if name in GUI_PRIVATE_ATTRS:
                used.append(f"{module}:{node.lineno} uses {name}")
    assert used == []


# --- no silent fallbacks ----------------------------------------------------------------------
#: Where ``except Exception`` may stand: the boundaries of a process, a thread or a file.
BOUNDARIES = {
    "game.rules.cli": "the command line: a mistake is one line, never a traceback",
    "game.ai.bot": "a third party's module:Class bot is imported and constructed",
    "game.arena.play": "a bot's fault loses its game, not the tournament",
    "game.arena.botproc": "a third party's bot in its own process: its faults are its answers",
    "game.ui.lessons.showme_scene": "its search thread: a failure is logged, the screen says so",
    "game.ui.players": "the bots' worker process and threads",
    "game.ui.flow": "a bot's answer from its thread",
    "game.ui.storage": "files on disk: settings, saves, statistics",
    "game.ui.harness.selftest": "the --selftest report: a failure is a failed check",
    "game.ui.harness.selfchecks": "the --selftest report: a failure is a failed check",
    "game.ui.table.scene": "saving the match (storage) and the audio device",
    "game.ui.scenes.replay": "a deal record file chosen by the player",
    "game.ui.scenes.score": "filing the deal (storage)",
    "game.ui.practice.coach": "the hint's search in the bots' process and its thread",
    "game.ui.lessons.review_scene": "the review's search in its thread",
    "game.ui.lessons.tutorial_scene": "the lesson files",
    "game.ui.netplay.flow": "a move's answer from its thread, sent over the network",
    "game.ui.netplay.session": "the network connection",
    "game.net.server": "the network: one bad connection never takes the host down",
    "game.net.client": "the network connection",
    "game.net.table": "saving the network table (storage)",
    "game.net.__main__": "the network host's process",
}


def _broad(handler: ast.ExceptHandler) -> bool:
    kind = handler.type
    names = kind.elts if isinstance(kind, ast.Tuple) else [kind]
    return kind is None or any(isinstance(n, ast.Name) and n.id in ("Exception", "BaseException")
                               for n in names)


def _says_what_was_lost(handler: ast.ExceptHandler) -> bool:
    """The handler logs, re-raises, or hands the error on to whoever reports it."""
    for node in ast.walk(handler):
        if isinstance(node, ast.Raise):
            return True
        if isinstance(node, ast.Assign) and any("error" in ast.unparse(t) for t in node.targets):
            return True  # kept for whoever shows or reports it
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner = node.func.value
            if isinstance(owner, ast.Name) and owner.id in ("log", "logging", "logger"):
                return True
            if node.func.attr in ("append", "send", "put", "set_exception", "fail",
                                  "_reply_error", "report", "error", "_error"):
                return True
    return False


def test_no_optional_imports() -> None:
    """A missing module of ours is a bug that fails a test, never a weaker game."""
    found = []
    for module, tree in TREES.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ExceptHandler) and node.type is not None:
                kinds = node.type.elts if isinstance(node.type, ast.Tuple) else [node.type]
                if any(isinstance(k, ast.Name) and k.id in ("ImportError",
                                                            "ModuleNotFoundError")
                       for k in kinds):
                    found.append(f"{module}:{node.lineno}")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr == "import_module" \
                    and module not in ("game.ai.bot", "game.arena.botproc"):  # module:Class
                found.append(f"{module}:{node.lineno} import_module")
    assert found == []


def test_except_exception_only_at_boundaries_and_never_silent() -> None:
    outside, silent = [], []
    for module, tree in TREES.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ExceptHandler) and _broad(node):
                reraises = any(isinstance(n, ast.Raise) for n in ast.walk(node))
                if module not in BOUNDARIES and not reraises:
                    outside.append(f"{module}:{node.lineno}")
                elif not _says_what_was_lost(node):
                    silent.append(f"{module}:{node.lineno}")
    assert outside == [], "except Exception away from a boundary"
    assert silent == [], "a boundary that does not say what was lost"
