"""Deathwing rules fidelity (issue 22 items 1-6): places where the engine once did not do what the seed says."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Dice, Rejected, apply
from engine.spacehulk import RULES
from engine.spacehulk.actions import Assault, EndTurn, Move, Turn
from tests.engine.helpers import ScriptedDice, of_kind

from .helpers import B, M, act, scenario

DW = {"expansions": ["deathwing"]}
LIBRARIAN = M("E", mastery=1, psychic=10, melee="force_axe")


@pytest.mark.parametrize("diagram", ["aD", "aB"])
def test_psychic_points_spent_on_a_door_or_bulkhead_are_taken_off(diagram: str) -> None:
    """DW-BLK-2, DW-LIB-3: the psychic points a Librarian adds to a door or bulkhead attack count in the
    roll and come off his pool, as against a model; he cannot add more than he has left."""
    state, ids = scenario(diagram, a=LIBRARIAN, options=DW)
    state, events = act(state, "marine", Assault(model=ids["a"], psychic=3), rolls=[2])
    assaulted = of_kind(events, "assaulted")[0]
    assert assaulted.attacker_score == 2 + 1 + 3 and assaulted.psychic == 3
    assert state.pieces[ids["a"]].psychic == 7
    assert state.door_status((1, 0, 0)) == "destroyed"
    state, ids = scenario(diagram, a={**LIBRARIAN, "psychic": 2}, options=DW)
    with pytest.raises(Rejected, match="2 psychic points left"):
        act(state, "marine", Assault(model=ids["a"], psychic=3))


T9 = """
1.....a.....2
######.######
######.######
######.######
######.######
######3######
"""
SOLO = {"solo": True, "expansions": "deathwing"}


def end_marine_turn(state: Any, seed: int = 1) -> tuple[Any, list[Any]]:
    events = RULES.decide(state, "marine", EndTurn(), Dice(seed, state.version))
    return apply(RULES, state.model_copy(deep=True), events), events


def test_a_flipped_solo_blip_goes_back_to_the_cup() -> None:
    """DW-SOLO-4: «Devuelve los marcadores de contacto a su taza una vez hayan sido reemplazados por
    figuras»: in solo play the counters of the flipped blips go back into the bag, not the used pile,
    so the next draws are from the whole cup again. Two-player games keep the used pile (Q8)."""
    state, _ = scenario(T9, a=M("E"), options=SOLO, mission={"reinforcements": 3}, bag={1: 2, 2: 2, 3: 2})
    after, events = end_marine_turn(state)
    flipped = [e.value for e in events if e.kind == "blip_converted"]
    assert len(flipped) == 3 and all(e.to_cup for e in events if e.kind == "blip_converted")
    assert after.bag == {1: 2, 2: 2, 3: 2} and not any(after.used.values())
    two, ids = scenario(".....\n.....\na..b.\n.....", a=M("W"), b=B(2), bag={1: 1})
    two, events = act(two, "marine", Turn(model=ids["a"], facing="N"))  # he sees it: it flips (SHB-10.7)
    assert [e.to_cup for e in events if e.kind == "blip_converted"] == [False]
    assert two.used == {2: 1} and two.bag == {1: 1}


def test_equally_near_areas_are_asked_when_the_models_may_run_short() -> None:
    """DW-SOLO-2 ("ties: your choice"), DW-SOLO-4, deathwing.md §5: areas 1 and 2 both get a blip, but with
    4 Genestealer models left and only 3s in the cup, the figures of the later blip are lost in placement
    order, so which area goes first changes the game: the solo player is asked (not the dice), his pick
    decides which area's Genestealers come, and the prompt says why. Without the shortage (T-9) the dice
    order them and nobody is asked; the standing order "ties: random" still hands it to the dice."""
    from engine.core.orders import answer_standing
    from engine.spacehulk.actions import BreakTie
    from engine.spacehulk.dw_types.solo_model import AgSoloTie
    from renderers.spacehulk.text import action_prompt

    for pick, other in (("1", "2"), ("2", "1")):
        state, _ = scenario(T9, a=M("E"), options={**SOLO, "stealer_cap": 4}, mission={"reinforcements": 3})
        state = state.model_copy(update={"bag": {3: 10}})
        waiting, events = end_marine_turn(state)
        assert not any(e.kind == "blip_placed" for e in events)
        top = waiting.top()
        assert isinstance(top, AgSoloTie) and (top.tie, top.candidates, top.short) == (
            "area",
            ("1", "2"),
            True,
        )
        assert RULES.legal_actions(waiting, "marine") == [BreakTie(pick="1"), BreakTie(pick="2"), BreakTie()]
        view = RULES.view(waiting, "marine")
        assert "may run short" in action_prompt(view, [], "en")  # type: ignore[arg-type]
        assert "pueden faltar" in action_prompt(view, [], "es")  # type: ignore[arg-type]
        after, events = RULES.decide(waiting, "marine", BreakTie(pick=pick), Dice(1, waiting.version)), None
        placed = [e for e in after if e.kind == "blip_placed"]
        assert [e.area for e in placed] == ["3", pick, other]
        stealers = [e.area for e in after if e.kind == "stealer_placed"]
        assert stealers == ["3", "3", "3", pick]  # the 4 models: area 3's three, then the picked area's first
        assert sum(e.count for e in after if e.kind == "stealers_lost") == 5
    _, entries = answer_standing(RULES, waiting, {"marine": {"ties": "random"}})
    assert [e.by for e, _seat in entries if e.kind == "solo_tie_broken"] == ["dice"]
    state, _ = scenario(T9, a=M("E"), options={**SOLO, "stealer_cap": 9}, mission={"reinforcements": 3})
    state = state.model_copy(update={"bag": {3: 10}})
    after, events = end_marine_turn(state)  # 9 models for 3 blips of 3: the order changes nothing
    assert not any(e.kind == "solo_tie_broken" for e in events)


def test_a_cache_reload_goes_into_the_weapon_or_the_reserve_as_the_player_chooses() -> None:
    """DW-CR-6: «La recarga puede colocarse bien en el arma, o almacenarse en la reserva del Marine»: facing
    the cache with rounds left and room in his reserve, he is offered both (buttons: the legal actions);
    into the reserve keeps the rounds in the weapon, into the weapon fills it; an order may say which and
    name the reload it asks for, which must be his own type. Without a word, no round is thrown away."""
    from engine.core import step
    from engine.core.orders import play_order
    from engine.spacehulk.actions import Reload
    from renderers.spacehulk.text import action_label

    from .test_cloud_runner import _at_cache, game

    state = game(8)
    half, lame = _at_cache(state, "Lame Bear", ammo=4, reloads=1)
    offered = [x for x in RULES.legal_actions(half, "marine") if isinstance(x, Reload) and x.use == "ap"]
    assert offered == [Reload(model=lame, into="weapon"), Reload(model=lame, into="reserve")]
    assert [action_label(x, "en") for x in offered] == [
        f"{lame.upper()}: cache reload into the weapon",
        f"{lame.upper()}: cache reload into the reserve",
    ]
    assert "reserva" in action_label(offered[1], "es")
    kept, events = step(RULES, half, "marine", Reload(model=lame, into="reserve"))
    assert (kept.pieces[lame].ammo, kept.pieces[lame].reloads) == (4, 2)  # the 4 rounds stay
    filled, _ = step(RULES, half, "marine", Reload(model=lame, into="weapon"))
    assert (filled.pieces[lame].ammo, filled.pieces[lame].reloads) == (10, 1)
    default, _ = step(RULES, half, "marine", Reload(model=lame))
    assert (default.pieces[lame].ammo, default.pieces[lame].reloads) == (4, 2)  # nothing thrown away unasked
    full, lame = _at_cache(state, "Lame Bear", ammo=10, reloads=1)
    with pytest.raises(Rejected) as refused:
        step(RULES, full, "marine", Reload(model=lame, into="weapon"))
    assert refused.value.message_id == "spacehulk.reload.weapon_full"
    with pytest.raises(Rejected) as refused:
        step(RULES, half, "marine", Reload(model=lame, into="reserve", weapon="heavy_flamer"))
    assert refused.value.message_id == "spacehulk.reload.own_type"  # own type only
    # typed orders: where it goes, and which reload (either order, English or Spanish)
    for text, expected in (
        (f"{lame} reload reserve cannon", (4, 2)),
        (f"{lame} recargar cañon arma", (10, 1)),
    ):
        result = play_order(RULES, half, "marine", text)
        assert result.refusal is None and len(result.read) == 1, text
        assert (result.state.pieces[lame].ammo, result.state.pieces[lame].reloads) == expected, text
    refused_order = play_order(RULES, half, "marine", f"{lame} reload flamer").refusal
    assert refused_order is not None and refused_order.message_id == "spacehulk.reload.own_type"


def test_the_magi_are_rolled_the_first_time_a_marine_sees_the_tanks() -> None:
    """DW-CMP-14, DW-CMP-15: «lanza 1D6 cuando un Marine vea los tanques criogénicos por primera vez»: in
    the campaign Raid the D6 is rolled by the table the moment a Marine has a tank in sight (not when the
    finished Raid is reported), the Marine player is told at once, and play goes on until every Marine
    is dead or teleported, so he can teleport out to save his Marines. Rolled once."""
    from engine.spacehulk.events import MagiRolled
    from renderers.spacehulk.text import narrate

    raid = {"objective": ((4, 0, 0),), "magi_squads": 3, "win": ()}
    state, ids = scenario(".a..T", a=M("W"), mission=raid, options=DW)
    state, events = act(state, "marine", Move(model=ids["a"], to=(0, 0, 0)))  # the tank behind him: unseen
    assert not of_kind(events, "magi_rolled") and "magi" not in state.tally
    state, events = act(state, "marine", Turn(model=ids["a"], facing="E"), rolls=[2])  # now he sees it
    [magi] = of_kind(events, "magi_rolled")
    assert magi.model_copy(update={"ruling": None}) == MagiRolled(
        model=ids["a"], roll=2, squads=3, escaped=True
    )
    assert magi.ruling is not None and magi.ruling.numbers == {"magi_roll": 2, "squads": 3}  # `/why`
    assert state.tally["magi"] == 2 and state.outcome is None  # the Raid is lost, play goes on
    assert "teleport" in (narrate(magi, "en") or "") and "teletransp" in (narrate(magi, "es") or "")
    kept = MagiRolled(model=ids["a"], roll=3, squads=3, escaped=False)
    assert "destroy the tanks" in (narrate(kept, "en") or "")
    state, events = act(state, "marine", Turn(model=ids["a"], facing="N"))  # still in sight: no new roll
    assert not of_kind(events, "magi_rolled")


def test_the_campaign_reads_the_magi_roll_from_the_table_and_seen_means_seen() -> None:
    """DW-CMP-14: the Raid's table rolls for as many squads as were fielded; its report carries that roll
    and the campaign judges the Raid by it without rolling again; tanks destroyed that no Marine saw are
    not "seen" (no roll: the Magi died in them)."""
    from engine.core import step
    from engine.spacehulk.campaign import RULES as CAMPAIGN
    from engine.spacehulk.campaign.actions import FieldSquads
    from engine.spacehulk.campaign.missions import report
    from engine.spacehulk.campaign.state import TABLE

    from .test_campaign_missions import _campaign, _table

    state = _campaign(4).model_copy(update={"scenario": "raid", "phase": "choose", "number": 4, "attempt": 1})
    state, _ = step(CAMPAIGN, state, "marine", FieldSquads(squads=("standard-1", "recon-4")))
    brief = state.brief
    assert brief is not None
    game = _table(brief, 9)
    assert game.mission.magi_squads == 2  # type: ignore[attr-defined]
    tanks = list(game.mission.objective)  # type: ignore[attr-defined]
    unseen = report(brief, game.model_copy(update={"wrecked": tanks}))  # type: ignore[attr-defined]
    assert (unseen.tanks_destroyed, unseen.tanks_seen, unseen.magi_roll) == (True, False, None)
    for roll, result in ((1, "lost"), (2, "won")):
        seen = game.model_copy(update={"wrecked": tanks, "tally": {"magi": roll}})  # type: ignore[attr-defined]
        played = report(brief, seen)
        assert (played.tanks_seen, played.magi_roll) == (True, roll)
        after, _ = step(CAMPAIGN, state, TABLE, played)
        assert (after.history[-1].magi_roll, after.history[-1].result) == (roll, result)


def test_a_mission_can_fix_the_ambush_turns() -> None:
    """DW-SOLO-7: «Si la misión te dice cuándo se deben colocar los marcadores de emboscada ... no hagas la
    tirada para determinar el turno de colocación»: a mission's `ambush_turns` replace the D6 schedule:
    no D6 before turn 1 nor after a draw, and a result is drawn at the start of each fixed turn only."""
    from engine.core import new_game
    from engine.spacehulk.catalogue import make_mission
    from engine.spacehulk.tape import Tape
    from engine.spacehulk.turn import begin_turn

    fixed = {"reinforcements": 2, "ambush_turns": (2, 4)}
    state, _ = scenario(
        "1a...........2", a=M("W"), phase="end", turn=1, options={**SOLO, "ambush": True}, mission=fixed
    )
    drawn = []
    for turn in (2, 3, 4, 5):
        tape = Tape(
            RULES, state, ScriptedDice([0, 4] if turn in (2, 4) else [4])
        )  # cup "echo"; the CP chit 4
        begin_turn(tape)
        assert not [e for e in tape.events if e.kind == "solo_ambush_rolled"]
        drawn += [e.turn for e in tape.events if e.kind == "solo_ambush_drawn"]
        state = tape.state.model_copy(update={"phase": "end"})
        assert state.turn == turn
    assert drawn == [2, 4]
    mission = make_mission("deathwing_purge", Dice(1, 0))
    game, events = new_game(RULES, {"mission": "deathwing_purge", "solo": True, "ambush": True}, 11)
    assert mission.ambush_turns == () and [e.kind for e in events].count("solo_ambush_rolled") == 1
