"""Weapons are data: the rules ask a model's profile (engine/spacehulk/weapons.py), never its name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.spacehulk.actions import Assault, Fire, Overwatch
from engine.spacehulk.weapons import MELEE, WEAPONS, weapon_of
from tests.engine.helpers import of_kind

from .helpers import G, M, act, scenario

ENGINE = Path(__file__).resolve().parents[3] / "engine" / "spacehulk"


def test_no_rule_names_a_weapon() -> None:
    """Only the weapon table and force data (missions, squad boxes) spell a weapon's name; the rules ask the profile."""
    # the tables: weapons, mission forces, the Force List's orders (dw_types/force.py) and squad boxes
    data = {"weapons.py", "missions.py", "force.py", "force_list.py"}
    for path in ENGINE.rglob("*.py"):
        if path.name in data:
            continue
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"[\"'](storm_bolter|heavy_flamer)[\"']", text), path.name


def test_the_shot_rolls_the_profile_dice_and_kill_roll(monkeypatch: pytest.MonkeyPatch) -> None:
    """SHB-8.1 through the profile: a bolter profiled with 3 dice killing on 5 rolls 3 dice, 5 kills."""
    monkeypatch.setitem(
        WEAPONS, "storm_bolter", WEAPONS["storm_bolter"].model_copy(update={"fire_dice": 3, "kill_on": 5})
    )
    state, ids = scenario("a..g", a=M("E"), g=G("W"))
    state, events = act(state, "marine", Fire(model=ids["a"], at=(3, 0, 0)), rolls=[1, 2, 5])
    fired = of_kind(events, "fired")[0]
    assert fired.dice == (1, 2, 5) and fired.needed == 5 and fired.hit
    assert ids["g"] not in state.pieces


def test_overwatch_jams_only_with_a_jamming_profile(monkeypatch: pytest.MonkeyPatch) -> None:
    """SHB-8.6 through the profile: a double jams a weapon that jams, and only such a weapon."""
    monkeypatch.setitem(WEAPONS, "storm_bolter", WEAPONS["storm_bolter"].model_copy(update={"jams": False}))
    state, ids = scenario("a...\n....\n...g", a=M("E", overwatch=True), g=G("W"), phase="stealer")
    from engine.spacehulk.actions import Move

    state, events = act(state, "genestealer", Move(model=ids["g"], to=(2, 2, 0)), rolls=[3, 3])
    assert of_kind(events, "fired")[0].jammed is False and not state.pieces[ids["a"]].jammed


def test_assault_dice_come_from_the_profiles(monkeypatch: pytest.MonkeyPatch) -> None:
    """SHB-8.9 through the profiles: a Terminator's power glove dice against a Genestealer's claws (3)."""
    monkeypatch.setitem(MELEE, "power_glove", MELEE["power_glove"].model_copy(update={"assault_dice": 2}))
    state, ids = scenario("ag", a=M("E"), g=G("W"))
    assert weapon_of(state.pieces[ids["g"]]).assault_dice == 3
    state, events = act(state, "marine", Assault(model=ids["a"]), rolls=[6, 1, 2, 3, 4])
    assaulted = of_kind(events, "assaulted")[0]
    assert assaulted.attacker_dice == (6, 1) and assaulted.defender_dice == (2, 3, 4)


def test_a_weapon_without_overwatch_is_refused_overwatch() -> None:
    """SHB-8.4: only a weapon that can shoot stands overwatch (the heavy flamer cannot)."""
    state, ids = scenario("a.", a=M("E", weapon="heavy_flamer", ammo=6))
    with pytest.raises(Exception, match="storm bolter"):
        act(state, "marine", Overwatch(model=ids["a"]))
