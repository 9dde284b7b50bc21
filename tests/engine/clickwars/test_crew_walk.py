"""A replacement crewman walks to an uncrewed gun (CW-ART-8, its OUR RESOLUTION, T8, A14, §8.8).

The legal sample offers an infantryman near an uncrewed own gun a move toward it and, within one
move, a move ending in base contact; once there (even after moving) he may be declared its crewman.
The AI picks a cheap replacement (not the army's best fighter, a DI worth having at the gun), walks
him there over its turns and crews the gun, which then fires with his own DI (A14).
"""

from __future__ import annotations

import math

from engine.clickwars import RULES, legal, memo
from engine.clickwars import actions as a
from engine.clickwars.ai import ClickWarsPilot
from engine.clickwars.los import CONTACT_CM, gap
from engine.clickwars.state import ClickWarsState
from engine.clickwars.view import ClickWarsView
from engine.core import Event, apply, dice_for
from engine.core.fast import replace
from tests.engine.helpers import of_kind

from .helpers import act, edit_unit, table

GUN = "R1"  # the red cannon; its crewman R2 is dead (not on the table)
BLUE = {"B3": (50, 48), "B4": (56, 50), "B5": (80, 50), "B10": (100, 60)}  # within the gun's reach


def moves_of(state: ClickWarsState, uid: str) -> list[a.Move]:
    return [m for m in RULES.legal_actions(state, "red") if isinstance(m, a.Move) and m.unit == uid]


def contact(state: ClickWarsState, uid: str, x: float, y: float) -> float:
    u = replace(state.units[uid], x=x, y=y)
    return gap(u, state.units[GUN])


def test_the_sample_walks_an_infantryman_to_an_uncrewed_gun_and_offers_crewing_after_the_move() -> None:
    """CW-ART-8 (OUR RESOLUTION: ending his move in base contact he may be declared crewman), T8."""
    s = table({GUN: (60, 10), "R10": (60, 27), "R3": (85, 10), **BLUE}, terrain=[])
    assert s.units[GUN].crew is None
    # 17 cm away (12.5 cm of gap): one move brings the swordsman nearer, not into contact yet
    nearer = [m for m in moves_of(s, "R10") if math.hypot(m.x - 60, m.y - 10) < 17 - 9]
    assert nearer and all(contact(s, "R10", m.x, m.y) > CONTACT_CM for m in moves_of(s, "R10"))
    assert all(contact(s, "R3", m.x, m.y) > 5 for m in moves_of(s, "R3"))  # 25 cm: beyond CREW_WALK_CM
    s, _ = act(s, "red", min(nearer, key=lambda m: math.hypot(m.x - 60, m.y - 10)))
    edit_unit(s, "R10", moved=False)  # his next turn (the other side did nothing)
    onto = [m for m in moves_of(s, "R10") if contact(s, "R10", m.x, m.y) <= CONTACT_CM + 1e-9]
    assert len(onto) == 1
    s, _ = act(s, "red", onto[0])
    assert s.units["R10"].moved
    crew = [c for c in RULES.legal_actions(s, "red") if isinstance(c, a.Crew)]
    assert crew == [a.Crew(unit="R10", gun=GUN)]  # offered though he has moved this turn
    s, events = act(s, "red", crew[0])
    assert s.units[GUN].crew == "R10" and of_kind(events, "crew_joined")
    assert not [c for c in RULES.legal_actions(s, "red") if isinstance(c, a.Crew)]


def test_the_memo_sees_the_crewman_die() -> None:
    """The move memo drops a walker's kept sample when the gun near him loses its crewman (exact)."""
    s = table({GUN: (60, 10), "R2": (60, 14.5), "R10": (60, 27), **BLUE}, terrain=[])
    assert s.units[GUN].crew == "R2"
    before = moves_of(s, "R10")
    edit_unit(s, "R2", alive=False, gun=None)
    edit_unit(s, GUN, crew=None)
    after = moves_of(s, "R10")
    memo._LOCAL.memos.clear()
    assert moves_of(s, "R10") == after != before


def play_red(state: ClickWarsState, turns: int, log: list[Event] | None = None) -> ClickWarsState:
    """Red's AI against a blue side that only ends its phases, for `turns` of red's turns (events
    into `log`); at every step the memo's legal actions are those drawn afresh."""
    pilot = ClickWarsPilot()
    played = 0
    while RULES.outcome(state) is None and played < turns:
        seat = sorted(RULES.active_seats(state))[0]
        legal_now = RULES.legal_actions(state, seat)
        saved = dict(memo._LOCAL.memos)  # the move memo gives the sample drawn afresh, walks included
        memo._LOCAL.memos.clear()
        assert RULES.legal_actions(state, seat) == legal_now
        memo._LOCAL.memos.clear()
        memo._LOCAL.memos.update(saved)
        if seat == "red":
            view = RULES.view(state, seat)
            assert isinstance(view, ClickWarsView)
            action = pilot.choose(view, legal_now, dice_for(state).fork("pilot"))
        else:
            action = a.EndPhase()
        turn = state.turn
        events = RULES.decide(state, seat, action, dice_for(state))
        state = apply(RULES, state, events)
        if log is not None:
            log += events
        if seat == "red" and state.turn != turn:
            played += 1
    return state


def test_t8_the_ai_walks_a_cheap_replacement_to_the_gun_and_crews_it() -> None:
    """T8, CW-ART-8, A14: the crewman dead, the AI walks its archer (DI 6, a dagger: cheap; not the
    rifleman, not a swordsman) 18 cm to the gun over two turns, declares him crewman, and fires."""
    s = table({GUN: (60, 10), "R7": (42, 10), "R3": (78, 10), "R10": (95, 25), **BLUE}, terrain=[])
    s = play_red(s, 1)
    assert s.units[GUN].crew is None and math.hypot(s.units["R7"].x - 60, s.units["R7"].y - 10) < 18 - 5
    log: list[Event] = []
    s = play_red(s, 1, log)
    assert s.units[GUN].crew == "R7" and s.units["R7"].gun == GUN
    assert gap(s.units["R7"], s.units[GUN]) <= CONTACT_CM + 1e-9
    (fired,) = [e for e in of_kind(log, "attack_rolled") if e.shooter == "R7"]  # the gun, this turn
    assert fired.need == 6  # with the archer's own DI (A14)


def test_t8_only_swordsmen_near_one_still_crews_the_gun() -> None:
    """T8, CW-ART-8, A14: a swordsman (DI 3) is a poor gunner but better than a silent gun; he
    walks over and fires with DI 3."""
    s = table({GUN: (60, 10), "R10": (60, 20), "R11": (72, 10), **BLUE}, terrain=[])
    s = play_red(s, 1)
    assert s.units[GUN].crew in ("R10", "R11")


def test_a_gun_with_no_enemy_in_range_is_not_worth_a_walk() -> None:
    """CW-ART-8 is a may: a gun with no enemy within its 40 cm (CW-ART-1) where it stands is left
    uncrewed and its would-be crewman fights on; with enemies in range it is worth his walk."""
    far = {"B3": (40, 100), "B4": (60, 110)}
    pilot = ClickWarsPilot()
    for blue, plan in ((far, {}), (BLUE, {GUN: "R7"})):
        s = table({GUN: (60, 10), "R7": (50, 10), **blue}, terrain=[])
        view = RULES.view(s, "red")
        assert isinstance(view, ClickWarsView)
        assert pilot.crew_plan(view, *_board_and_seat(view)) == plan


def _board_and_seat(view: ClickWarsView):
    from engine.clickwars.ai import _board

    return _board(view), "red"


def test_a_replacement_who_walked_to_the_gun_does_not_move_it_the_same_phase() -> None:
    """CW-ART-8 (OUR RESOLUTION: declared crewman when his move ends in base contact), CW-MOV-5 (the
    gun moves with its crewman), §8.8 (each unit makes at most one move per Movement phase): a gun's
    move is its crewman's move too (both are marked moved), so a replacement who walked to the gun
    this phase cannot carry it on; he fires it in the shooting phase, and moves it next turn."""
    from engine.clickwars.checks import can_act
    from engine.core import Rejected

    s = table({GUN: (60, 10), "R10": (60, 20), **BLUE}, terrain=[])
    onto = min(moves_of(s, "R10"), key=lambda m: contact(s, "R10", m.x, m.y))
    s, _ = act(s, "red", onto)
    s, _ = act(s, "red", a.Crew(unit="R10", gun=GUN))
    assert s.units[GUN].crew == "R10" and s.units["R10"].moved and not s.units[GUN].moved
    assert not moves_of(s, GUN) and not legal.unit_actions(s, "red", GUN)
    assert not can_act(s, s.units[GUN])
    try:
        act(s, "red", a.Move(unit=GUN, x=60, y=12.5))
    except Rejected as refused:
        assert refused.message_id == "clickwars.already_moved" and refused.params["unit"] == "R10"
    else:
        raise AssertionError("the gun moved with a crewman who had moved")
    try:
        act(s, "red", a.Select(unit=GUN))
    except Rejected as refused:
        assert refused.message_id == "clickwars.already_moved" and refused.params["unit"] == "R10"
    else:
        raise AssertionError("the gun was picked though it cannot move")
    edit_unit(s, "R10", moved=False)  # his next turn: the gun moves with him
    assert moves_of(s, GUN) and can_act(s, s.units[GUN])
