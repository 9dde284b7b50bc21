"""Controls described as data (renderers/base.py): the ids the platform assigns them, the two-step
"pick a piece" menu, and choices that reach the engine as an index, an action's JSON or a form."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

import pytest
from pydantic import BaseModel

from bot import ids
from bot.panels import ButtonSpec, Panel, SelectSpec, choice_components, control_components
from bot.tables import FormAnswer, TableService
from engine.core import Action, Rejected
from renderers.base import Button, Control, Field, Form, Menu, Option
from tests.games.duel import RULES, Boost, Commit
from tests.games.duel_presenter import DuelPresenter

ALICE, BOB = 101, 202


def test_every_id_format_is_read_back_by_its_own_pattern() -> None:
    samples = {
        ids.ACTION: {"table": 7, "version": 3, "index": 12},
        ids.ACTION_JSON: {"table": 7, "version": 3, "action": ids.compact(Commit(card=4))},
        ids.SELECT: {"table": 7, "version": 3, "n": 1},
        ids.PAGE: {"table": 7, "version": 3, "page": 2},
        ids.GROUP: {"table": 7, "version": 3},
        ids.FORM: {"table": 7, "version": 3, "form": "move_by"},
        ids.MODAL: {"table": 7, "version": 3, "form": "move_by"},
        ids.HAND: {"table": 7},
        ids.JOIN: {"table": 7},
    }
    for custom, values in samples.items():
        custom_id = custom.format(**values)
        assert custom_id.startswith(f"tb:{custom.verb}:")
        assert custom.parse(custom_id) == values
        others = [c for c in samples if c is not custom and c.parse(custom_id) is not None]
        assert not others, (custom_id, others)
    with pytest.raises(ValueError):
        ids.ACTION_JSON.format(table=1, version=1, action="{" + "x" * 100 + "}")


def test_choices_travel_as_an_index_or_compact_json() -> None:
    assert ids.compact(Commit(card=4)) == '{"kind":"commit","card":4}'
    assert ids.read_choice("12") == 12
    assert ids.read_choice('{"kind":"boost","mode":"take"}') == {"kind": "boost", "mode": "take"}
    for junk in ("", "²", "1" * 12, "{nope", "[1]", "x"):
        assert ids.read_choice(junk) is None


def test_controls_become_components_with_platform_ids() -> None:
    controls: list[Control] = [
        Button("Take two", Boost(mode="take"), "success"),
        Button("First", 0),
        Menu("Pick a card", (Option("Card 4", Commit(card=4)), Option("Second", 1))),
        Form("card", "Type a card…", "Which card?", (Field("card", "Card", "number"),)),
    ]
    specs = control_components(9, 5, controls)
    assert [s.custom_id for s in specs] == [
        'tb:j:9:5:{"kind":"boost","mode":"take"}',
        "tb:a:9:5:0",
        "tb:s:9:5:0",
        "tb:f:9:5:card",
    ]
    menu = specs[2]
    assert isinstance(menu, SelectSpec) and [v for _, v in menu.options] == [
        '{"kind":"commit","card":4}',
        "1",
    ]
    view = Panel("x", components=specs).view()
    assert view is not None and len(view.children) == 4


DUEL_STATE = {
    "game": "duel",
    "seed": 1,
    "rounds": 3,
    "round": 1,
    "phase": "commit",
    "hands": {"red": [1], "blue": [2]},
    "deck": [],
    "committed": {"red": None, "blue": None},
    "scores": {"red": 0, "blue": 0},
}


class Pieces(DuelPresenter):
    """Commits grouped by parity: a stand-in for a game with many pieces."""

    def action_group(self, action: Action, lang: str) -> str | None:
        if isinstance(action, Commit) and action.card <= 30:
            return "odd" if action.card % 2 else "even"
        return None  # a card beyond 30 belongs to no piece


def test_many_actions_of_several_pieces_become_pick_a_piece_then_its_action() -> None:
    legal = [Commit(card=i) for i in range(1, 32)]
    view = RULES.view(RULES.state_model.model_validate(DUEL_STATE), "red")
    [pick, loose] = choice_components(4, 2, view, legal, Pieces(), "en")
    assert isinstance(pick, SelectSpec) and pick.custom_id == "tb:g:4:2"
    assert isinstance(loose, ButtonSpec) and loose.custom_id == "tb:a:4:2:30"  # no piece: beside the menu
    assert pick.options == (("odd", "0"), ("even", "1"))
    evens = choice_components(4, 2, view, legal, Pieces(), "en", group=1)
    buttons = [s for s in evens if isinstance(s, ButtonSpec)]
    assert [b.custom_id for b in buttons[:2]] == ["tb:a:4:2:1", "tb:a:4:2:3"]  # indices into legal
    assert buttons[-1].custom_id == "tb:p:4:2:0"  # back
    assert len(buttons) == 16
    few = choice_components(4, 2, view, legal[:6], Pieces(), "en")  # few actions: plain buttons
    assert [s.custom_id for s in few] == [f"tb:a:4:2:{i}" for i in range(6)]


class CardForm(DuelPresenter):
    """The Duel with a form: type the card to commit."""

    def controls(self, view: BaseModel, legal: Sequence[Action], lang: str) -> list[Control] | None:
        return [Form("card", "Type a card…", "Which card?", (Field("card", "Card", "number"),))]

    def parse_form(self, form: Form, values: Mapping[str, str], view: BaseModel) -> Action:
        from renderers.measure import parse_number

        return Commit(card=int(parse_number(values["card"])))


async def _duel(service: TableService) -> tuple[int, int]:
    table = await service.create(
        game="duel", creator=ALICE, guild_id=1, channel_id=2, lang="en", side="red", opponent=BOB
    )
    await service.open(table.id, thread_id=3)
    started = await service.join(table.id, BOB)
    return table.id, started.version


async def test_a_form_and_an_actions_json_reach_the_engine_which_has_the_last_word(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    presenter = CardForm()
    monkeypatch.setattr(service, "presenters", lambda game: presenter)
    table, version = await _duel(service)
    state = (await service.load(table)).state
    red_card, blue_card = state.hands["red"][0], state.hands["blue"][0]
    with pytest.raises(Rejected) as refused:
        await service.submit(table, ALICE, FormAnswer("card", {"card": "abc"}), version)
    assert refused.value.message_id == "measure.not_a_number"
    with pytest.raises(Rejected):  # not in the hand: decide refuses what the form let through
        await service.submit(table, ALICE, FormAnswer("card", {"card": "999"}), version)
    with pytest.raises(Rejected) as refused:
        await service.submit(table, ALICE, FormAnswer("other", {}), version)
    assert refused.value.message_id == "bot.form_unknown"
    applied = await service.submit(table, ALICE, FormAnswer("card", {"card": f" {red_card} "}), version)
    assert applied.action == Commit(card=red_card) and applied.before.seat == "red"
    with pytest.raises(Rejected) as refused:
        await service.submit(table, BOB, {"kind": "commit", "card": "x"}, None)
    assert refused.value.message_id == "bot.bad_choice"
    applied = await service.submit(table, BOB, {"kind": "commit", "card": blue_card}, None)
    assert applied.action == Commit(card=blue_card)
    assert re.fullmatch(r"\d+", str(applied.table.version))
