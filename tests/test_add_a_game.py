"""The README's "Add a game", followed to the letter (issue 23 item 6).

The test reads the steps, builds a throwaway game in a temporary folder the way they say (the ten
files of step 1, the registry line of step 2, the presenter package, its registry line and the two
catalogs of step 3), registers it, and plays it through the contract tests every game passes. The
throwaway game borrows its rules from the smallest complete game (tests/games/duel.py): what is
checked here is the path, not a new game. When a step changes, this test shows whether the README
still tells a newcomer the truth.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import engine
import renderers
from bot.games import presenter_for, rules_for
from engine import registry
from engine.core import new_game
from renderers import i18n
from renderers import registry as presenters
from tests.engine import test_contract as contract
from tests.engine.test_layout import (
    REQUIRED,
    _builds_refusals_in_one_place,
    _exports_rules_and_its_ai_gives_the_pilots,
    _has_the_files,
    _rules_methods,
)

ROOT = Path(__file__).resolve().parent.parent
GAME = "scratch"

ENGINE_FILES = {
    "__init__.py": '"""Scratch: a throwaway game (tests/test_add_a_game.py)."""\n\nfrom .rules import RULES\n\n'
    '__all__ = ["RULES"]\n',
    "options.py": "from tests.games.duel import DuelOptions as ScratchOptions  # noqa: F401\n",
    "state.py": "from tests.games.duel import DuelState as ScratchState  # noqa: F401\n",
    "actions.py": "from tests.games.duel import Boost, Commit, DuelAction  # noqa: F401\n",
    "events.py": "from tests.games.duel import Boosted, Committed, Drew, Ended, Revealed, Started  # noqa: F401\n",
    "evolve.py": "from tests.games.duel import RULES as DUEL\n\nevolve = DUEL.evolve\n",
    "view.py": "from tests.games.duel import DuelView as ScratchView  # noqa: F401\n",
    "ai.py": "from tests.games.duel import RandomPilot\n\n\nclass ScratchPilot(RandomPilot):\n"
    '    """A random legal action."""\n',
    "messages.py": 'from engine.core import Rejected\n\nMESSAGES = {"scratch.not_now": "You cannot do that now."}\n\n\n'
    "def refuse(key: str, **params: object) -> Rejected:\n    return Rejected(key, MESSAGES[key], **params)\n",
    "rules.py": "from tests.games.duel import DuelRules\n\nfrom .ai import ScratchPilot\n\n\n"
    'class ScratchRules(DuelRules):\n    name = "scratch"\n\n    def pilot(self, seat: str) -> ScratchPilot:\n'
    "        return ScratchPilot()\n\n\nRULES = ScratchRules()\n",
}
PRESENTER_FILE = (
    "from tests.games.duel_presenter import DuelPresenter\n\n\n"
    'class ScratchPresenter(DuelPresenter):\n    game = "scratch"\n\n\nPRESENTER = ScratchPresenter()\n'
)
CATALOGS = {
    "en": "scratch-name = Scratch\nscratch-not_now = You cannot do that now.\n",
    "es": "scratch-name = Borrador\nscratch-not_now = Ahora no puedes hacer eso.\n",
}


def steps() -> dict[int, str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## Add a game\n", 1)[1].split("\n## ", 1)[0]
    found = re.split(r"\n(\d)\. ", "\n" + section)
    return {int(n): body for n, body in zip(found[1::2], found[2::2], strict=True)}


def test_the_readme_lists_the_layout_and_the_required_surface() -> None:
    step = steps()
    assert tuple(re.findall(r"`(\w+\.py)`", step[1])) == REQUIRED
    surface = re.search(r"`engine\.core\.Rules` \(([^)]*)\)", step[1])
    assert surface is not None
    assert {m.strip(" `\n") for m in surface.group(1).split(",")} == _rules_methods()[0]
    assert "`GAME_PACKAGES` in `engine/registry.py`" in step[2]
    assert "`PRESENTER_PACKAGES` in `renderers/registry.py`" in step[3]
    assert re.findall(r"`renderers/locales/(\w+)/<game>\.ftl`", step[3]) == sorted(CATALOGS)
    assert "tests/games/duel.py" in (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")


@pytest.fixture
def scratch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The throwaway game built and registered as the README's steps say; unregistered after."""
    step = steps()
    folder = tmp_path / "engine" / GAME  # step 1
    folder.mkdir(parents=True)
    for name in re.findall(r"`(\w+\.py)`", step[1]):
        (folder / name).write_text(ENGINE_FILES[name], encoding="utf-8")
    shown = tmp_path / "renderers" / GAME  # step 3
    shown.mkdir(parents=True)
    (shown / "__init__.py").write_text(PRESENTER_FILE, encoding="utf-8")
    monkeypatch.setattr(engine, "__path__", [*engine.__path__, str(tmp_path / "engine")])
    monkeypatch.setattr(renderers, "__path__", [*renderers.__path__, str(tmp_path / "renderers")])
    keys = {}
    try:
        monkeypatch.setattr(registry, "GAME_PACKAGES", (*registry.GAME_PACKAGES, GAME))  # step 2
        registry._load()
        monkeypatch.setattr(presenters, "PRESENTER_PACKAGES", (*presenters.PRESENTER_PACKAGES, GAME))
        presenters._load()
        for lang in re.findall(r"`renderers/locales/(\w+)/<game>\.ftl`", step[3]):
            catalog = tmp_path / "renderers" / "locales" / lang / f"{GAME}.ftl"
            catalog.parent.mkdir(parents=True)
            catalog.write_text(CATALOGS[lang], encoding="utf-8")
            i18n.verify(lang, folder=catalog.parent)
            i18n._catalog(lang)._add_source(catalog.read_text(encoding="utf-8"), "add_messages")
            keys[lang] = [line.split(" = ")[0].replace("-", ".") for line in CATALOGS[lang].splitlines()]
        i18n.catalog.cache_clear()
        yield folder
    finally:
        registry.GAMES.pop(GAME, None)
        presenters.unregister(GAME)
        for lang, names in keys.items():
            i18n.remove_messages(lang, names)
        for module in [m for m in sys.modules if m.split(".")[:2] in (["engine", GAME], ["renderers", GAME])]:
            del sys.modules[module]


def test_a_game_built_from_the_readme_plays_through_the_contract(scratch: Path) -> None:
    _has_the_files(GAME, scratch)
    _exports_rules_and_its_ai_gives_the_pilots(GAME)
    _builds_refusals_in_one_place(GAME, scratch)
    rules, presenter = rules_for(GAME), presenter_for(GAME)
    assert rules.name == presenter.game == GAME
    assert i18n.t("es", f"{GAME}.name") == "Borrador"
    state, _ = new_game(rules, None, 7)
    assert presenter.board_png(rules.view(state, None), "en").startswith(b"\x89PNG")

    contract.test_random_play_always_ends_and_never_raises(GAME)
    contract.test_folding_the_log_reproduces_the_live_state(GAME)
    contract.test_play_gives_what_decide_and_apply_give_and_leaves_every_earlier_state_alone(GAME)
    contract.test_state_events_and_views_round_trip_through_json(GAME)
    contract.test_same_seed_and_actions_give_the_same_log(GAME)
    contract.test_per_step_views_purity_and_turn_order(GAME)
    contract.test_no_leaks_when_other_secrets_are_resampled(GAME)
    contract.test_no_seat_is_shown_the_seed(GAME)
