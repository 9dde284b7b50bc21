"""Campaign missions played as Space Hulk tables: the brief builds the mission, the finished game is
read back into the campaign (DW-CMP-3, DW-CMP-5, DW-CMP-9, DW-CMP-11, DW-CMP-15)."""

from __future__ import annotations

import json

from engine.core import new_game, play_pilots, step
from engine.spacehulk import RULES as SPACE_HULK
from engine.spacehulk.board.mapfile import parse_cached
from engine.spacehulk.campaign import RULES, CampaignState
from engine.spacehulk.campaign.actions import BuyForce, ChooseStance, FieldSquads, MissionPlayed
from engine.spacehulk.campaign.missions import report
from engine.spacehulk.campaign.state import BLIP_POOL, TABLE, MissionBrief
from engine.spacehulk.dw_types.force import ForceOrder, SquadOrder


def _campaign(seed: int = 11) -> CampaignState:
    state, _ = new_game(RULES, {"force_points": 60}, seed)
    order = ForceOrder(
        squads=tuple(SquadOrder(squad=b) for b in ("standard", "standard", "standard", "recon"))
    )  # type: ignore[arg-type]
    state, _ = step(RULES, state, "marine", BuyForce(order=order))
    return state


def _table(brief: MissionBrief, seed: int) -> object:
    options = {"mission": f"dw_{brief.scenario}", "brief": brief.model_dump(mode="json"), "turn_limit": 6}
    game, _ = new_game(SPACE_HULK, options, seed)
    return game


def test_three_missions_as_space_hulk_tables_feed_the_campaign() -> None:
    """DW-CMP-3, DW-CMP-5: each mission is a Space Hulk game on the brief; its dead are the roster's
    casualties and its blips come out of the 125."""
    state = _campaign()
    for n in range(3):
        squad = state.available_squads()[0]
        state, _ = step(RULES, state, "marine", FieldSquads(squads=(squad,)))
        if state.phase == "stance":
            state, _ = step(RULES, state, "genestealer", ChooseStance(attack=True))
        if state.phase != "mission":
            continue  # Reconnaissance decided by the teleport rolls (DW-CMP-8)
        brief = state.brief
        assert brief is not None
        game = _table(brief, 100 + n)
        mission = game.mission  # type: ignore[attr-defined]
        assert [m.name for m in mission.marines] == [m.name for m in brief.marines]
        assert mission.reinforcements == 2 and mission.blip_total == state.blips_left  # DW-CMP-5
        game, _ = play_pilots(SPACE_HULK, game, ("marine", "genestealer"), max_steps=5000)
        assert game.outcome is not None  # type: ignore[attr-defined]
        played = report(brief, game)  # type: ignore[arg-type]
        used = state.blips_used
        state, _ = step(RULES, state, TABLE, played)
        assert state.blips_used == used + played.blips <= BLIP_POOL
        assert all(state.members[m].dead for m in played.dead)
        survivors = {p.name for p in game.pieces.values() if p.kind == "marine"}  # type: ignore[attr-defined]
        assert not any(state.members[m].dead for m in survivors)
    assert len(state.history) == 3


def test_defend_perimeter_is_played_on_the_establish_perimeter_board() -> None:
    """DW-CMP-11, A-45: the won Establish Perimeter board and its 4 areas carry over; DW-CMP-9: the
    report carries the board to keep."""
    state = _campaign(3).model_copy(
        update={"scenario": "establish_perimeter", "phase": "choose", "number": 2, "attempt": 1}
    )
    state, _ = step(RULES, state, "marine", FieldSquads(squads=("standard-1",)))
    assert state.brief is not None
    ep = _table(state.brief, 7)
    ep_mission = ep.mission  # type: ignore[attr-defined]
    played = report(state.brief, ep).model_copy(update={"winner": "marine", "secured": ep_mission.perimeter})  # type: ignore[arg-type]
    assert json.loads(played.board or "{}")["map_text"] == ep_mission.map_text
    state, _ = step(RULES, state, TABLE, played)
    state, _ = step(RULES, state, "marine", FieldSquads(squads=("standard-2",)))
    state, _ = step(RULES, state, "genestealer", ChooseStance(attack=True))
    assert state.brief is not None
    dp = _table(state.brief, 8).mission  # type: ignore[attr-defined]
    assert dp.map_text == ep_mission.map_text and dp.marine_corridors == ep_mission.marine_corridors
    assert dp.secured_start == ep_mission.perimeter and dp.blip_total == BLIP_POOL  # no +10
    # DW-SC3's last turn (our reading beside A-35) holds here too, from what is left of the 125
    # (DW-CMP-5) at the campaign's 2 blips a turn: the table's turn limit aside, the mission ends
    from engine.spacehulk.missions import ScenarioGoal, held_turn

    last = held_turn(dp)
    assert ScenarioGoal(goal="held") in dp.win and last is not None
    assert -(-BLIP_POOL // dp.reinforcements) < last <= -(-BLIP_POOL // dp.reinforcements) + 12


def test_the_campaign_raid_teleports_from_the_entry_corridors() -> None:
    """DW-CMP-15: teleport out from any square of the Marine entry areas."""
    state = _campaign(4).model_copy(update={"scenario": "raid", "phase": "choose", "number": 4, "attempt": 1})
    state, _ = step(RULES, state, "marine", FieldSquads(squads=("standard-1", "recon-4")))
    assert state.brief is not None
    raid = _table(state.brief, 9).mission  # type: ignore[attr-defined]
    corridors = {sq for run in raid.marine_corridors for sq in run}
    assert raid.teleport and set(raid.teleport_squares) == corridors and raid.objective
    assert raid.win == () and [c.kind for c in raid.lose] == ["all_dead"]  # play goes on
    squads = {m.squad: m.square for m in raid.marines}
    assert {m.square for m in raid.marines} <= corridors and set(squads) == {"standard-1", "recon-4"}


def test_the_campaign_is_a_series_of_space_hulk_tables() -> None:
    """A series names the table it waits on (game, options, who sits where) and reads its end back."""
    from engine.registry import GAMES

    state = _campaign(5).model_copy(update={"scenario": "raid", "phase": "choose", "number": 4, "attempt": 1})
    assert RULES.series_table(state) is None
    state = state.model_copy(update={"sides": {"marine": "genestealer", "genestealer": "marine"}})
    state, _ = step(RULES, state, "genestealer", FieldSquads(squads=("standard-1",)))
    table = RULES.series_table(state)
    assert table is not None and table.key == "mission-4" and table.game == "spacehulk"
    assert table.seats == {"marine": "genestealer", "genestealer": "marine"}
    assert table.options["timer_mode"] == "untimed" and table.options["ambush"] is False
    game, _ = new_game(GAMES[table.game], table.options, 21)
    assert game.options.variants.timer_mode == "untimed"  # a campaign spans weeks
    game, _ = play_pilots(GAMES[table.game], game, ("marine", "genestealer"), max_steps=3000)
    seat, action = RULES.series_result(state, table, game)
    assert seat == TABLE and RULES.active_seats(state) == {TABLE}
    state, _ = step(RULES, state, seat, action)
    assert state.history[-1].scenario == "raid" and state.scenario == "search_and_destroy"


def test_a_lost_raid_follows_the_marines_into_every_later_table() -> None:
    """DW-CMP-16: -3 CP each turn (never below 0), 30 s off every turn, Librarians with half their
    psychic points; A-36: the timer counts the leaders fielded and the points bought once."""
    state = _campaign(6).model_copy(
        update={
            "scenario": "search_and_destroy",
            "phase": "choose",
            "number": 5,
            "attempt": 1,
            "timer_points": 3,
        }
    )
    plain, _ = step(RULES, state, "marine", FieldSquads(squads=("standard-1",)))
    lost, _ = step(
        RULES, state.model_copy(update={"raid_lost": True}), "marine", FieldSquads(squads=("standard-1",))
    )
    assert plain.brief is not None and lost.brief is not None
    calm, grim = _table(plain.brief, 31), _table(lost.brief, 31)
    assert calm.mission.force_timer.leaders == 1 and calm.mission.timer_cut_s == 0  # type: ignore[attr-defined]
    assert grim.mission.cp_penalty == 3 and grim.mission.psychic_halved  # type: ignore[attr-defined]
    assert calm.turn == grim.turn  # type: ignore[attr-defined]
    assert calm.cp_drawn - grim.cp_drawn == min(3, calm.cp_drawn)  # type: ignore[attr-defined]
    assert (calm.timer_seconds, grim.timer_seconds) == (90, 60)  # type: ignore[attr-defined]


def test_a_librarian_has_half_his_psychic_points_after_a_lost_raid() -> None:
    """DW-CMP-16 (3)."""
    state, _ = new_game(RULES, {"force_points": 60}, 8)
    state, _ = step(
        RULES, state, "marine", BuyForce(order=ForceOrder(squads=(SquadOrder(squad="command", mastery=2),)))
    )
    state = state.model_copy(
        update={
            "scenario": "search_and_destroy",
            "phase": "choose",
            "number": 5,
            "attempt": 1,
            "raid_lost": True,
        }
    )
    state, _ = step(RULES, state, "marine", FieldSquads(squads=("command-1",)))
    assert state.brief is not None
    game = _table(state.brief, 3)
    librarian = next(p for p in game.pieces.values() if p.mastery)  # type: ignore[attr-defined]
    assert librarian.psychic == 10  # level 2: 20 points, halved


def test_teleport_deaths_count_toward_the_reconnaissance_losses() -> None:
    """DW-CMP-8: a Marine killed teleporting in counts as a scenario loss (DW-SC1: 2 lose it)."""
    state = _campaign(2).model_copy(update={"phase": "choose", "number": 1, "attempt": 1})
    state, _ = step(RULES, state, "marine", FieldSquads(squads=("standard-1",)))
    if state.brief is None:
        return  # this seed's rolls already decided it
    brief = state.brief.model_copy(update={"lost_before": 1})
    state = state.model_copy(update={"brief": brief})
    victim = brief.marines[0].name
    state, _ = step(RULES, state, TABLE, MissionPlayed(winner="marine", dead=(victim,)))
    assert state.history[-1].result == "lost"


def test_the_campaign_pace_and_ambush_reach_its_tables() -> None:
    """deathwing.md §5: the timer mode is fixed at creation; DW-AMB-1: ambush if both agree."""
    assert RULES.pace_options("live") == {"timer_mode": "realtime"}
    state, _ = new_game(RULES, {"force_points": 60, "timer_mode": "realtime", "ambush": True}, 4)
    order = ForceOrder(squads=(SquadOrder(squad="standard"),))
    state, _ = step(RULES, state, "marine", BuyForce(order=order))
    state = state.model_copy(update={"scenario": "raid", "phase": "choose", "number": 4, "attempt": 1})
    state, _ = step(RULES, state, "marine", FieldSquads(squads=("standard-1",)))
    table = RULES.series_table(state)
    assert table is not None
    game, _ = new_game(SPACE_HULK, table.options, 5)
    assert game.options.variants.timer_mode == "realtime" and game.options.variants.ambush


def test_squads_beyond_the_two_corridors_grow_them_on_a_new_and_a_kept_board() -> None:
    """DW-GEN-7 in the campaign: three 5-man squads on three boarding torpedoes (DW-CMP-10) do not fit
    two 5-square corridors: the corridors grow and each squad stands whole in one, leader in front;
    the report keeps the board with its ports (DW-CMP-9, DW-CMP-11), so a kept board grows too."""
    state = _campaign(3).model_copy(
        update={"scenario": "establish_perimeter", "phase": "choose", "number": 2, "attempt": 1}
    )
    squads = ("standard-1", "standard-2", "standard-3")
    state, _ = step(RULES, state, "marine", FieldSquads(squads=squads))
    assert state.torpedoes == 1  # three torpedoes, one squad each
    brief = state.brief
    assert brief is not None
    game = _table(brief, 7)
    mission = game.mission  # type: ignore[attr-defined]
    runs = mission.marine_corridors
    assert sum(len(r) for r in runs) >= 15 and max(len(r) for r in runs) > 5
    where = {m.squad: {i for i, r in enumerate(runs) if m.square in r} for m in mission.marines}
    assert set(where) == set(squads) and all(len(c) == 1 for c in where.values())
    for m in mission.marines:
        if m.sergeant:  # the leader stands nearest the board of his squad
            run = runs[next(iter(where[m.squad]))]
            assert all(
                run.index(o.square) > run.index(m.square)
                for o in mission.marines
                if o.squad == m.squad and o is not m
            )
    kept = json.loads(report(brief, game).board or "{}")  # type: ignore[arg-type]
    assert kept["ports"] and len(kept["ports"]) == len(runs)
    defend = brief.model_copy(
        update={"scenario": "defend_perimeter", "board": json.dumps(kept), "secured": ()}
    )
    more = defend.model_copy(
        update={
            "marines": (
                *brief.marines,
                *(
                    m.model_copy(update={"name": f"x{i}", "squad": "x"})
                    for i, m in enumerate(brief.marines[:5])
                ),
            ),
            "squads": (*squads, "x"),
        }
    )
    grown = _table(more, 8).mission  # type: ignore[attr-defined]
    assert sum(len(r) for r in grown.marine_corridors) >= 20 and len(grown.marines) == 20
    cells = parse_cached(grown.map_text).cells  # the grown map is the one played, not the kept one
    assert all(m.square in cells for m in grown.marines)
    assert len({m.square for m in grown.marines}) == 20
