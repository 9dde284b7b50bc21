"""The ClickWars engine's fast paths (issue 10 item 8) give exactly what the plain queries give: the
move memo against drawing every sample afresh, and the memo's test of which bases a cast move can
meet (`_stops`) against `Surroundings.run` itself with the base added or taken away; the shooting
and close-combat samples against `shot_problem` and `fight_problem` per unit and target; the
sight answers kept per terrain list against the terrain now there; the deployment's "confirm"
against `check_placement` per piece; the events built without validation against pydantic's, and
the tape's state against the events applied to a copy."""

from __future__ import annotations

import dataclasses
import math
import random
from typing import Any

import pytest

from engine.clickwars import RULES, Options, legal, memo
from engine.clickwars import actions as a
from engine.clickwars import events as e
from engine.clickwars.memo import RUN_PAD_CM, _stops
from engine.clickwars.movement import SNAP_SLACK_CM, MovePlan, Surroundings
from engine.core import apply, dice_for, new_game
from engine.core.fast import replace
from tests.engine.helpers import ScriptedDice

from .helpers import act, edit_unit, table


@pytest.mark.parametrize(
    ("seed", "scenario", "size"),
    [(11, "extermination", "120x120"), (12, "hostage_rescue", "120x120"), (13, "assault", "180x120")],
)
def test_the_move_memo_is_the_sample_drawn_afresh_at_every_step(seed: int, scenario: str, size: str) -> None:
    """CW-MOV-1..5, CW-CHG-1, §8.4: at every step of a seeded random game the legal actions with the
    memo (samples kept while no base they read has moved) are those drawn with an empty memo, the
    hostage scenario (every sample swept by check_move, a carrier's limit) and guns with their
    crewman included; and the memo kept many samples (it is not empty by accident)."""
    state, _ = new_game(RULES, Options(scenario=scenario, table=size), seed)
    chooser = random.Random(seed)
    kept = steps = 0
    original = legal._unit_moves
    drawn = 0

    def counting(*args, **kwargs):  # type: ignore[no-untyped-def]
        nonlocal drawn
        drawn += 1
        return original(*args, **kwargs)

    legal._unit_moves = counting  # type: ignore[assignment]
    try:
        while RULES.outcome(state) is None:
            seat = sorted(RULES.active_seats(state))[0]
            before = drawn
            got = RULES.legal_actions(state, seat)
            if state.phase == "movement":
                steps += 1
                mine = [u for u in legal.ready_units(state, seat) if not u.moved]
                kept += max(0, len(mine) - (drawn - before))
                saved = dict(memo._LOCAL.memos)
                memo._LOCAL.memos.clear()
                assert RULES.legal_actions(state, seat) == got, (seed, state.version)
                memo._LOCAL.memos.clear()
                memo._LOCAL.memos.update(saved)
            events = RULES.decide(state, seat, got[chooser.randrange(len(got))], dice_for(state))
            state = apply(RULES, state, events)
    finally:
        legal._unit_moves = original  # type: ignore[assignment]
    assert steps > 50 and kept > 5 * steps


def _run_with(
    ways: Surroundings, extra: tuple[float, float, float] | None, dx: float, dy: float, n: float
) -> float:
    bases = ways.bases
    ways.bases = [*bases, extra] if extra is not None else bases
    try:
        return ways.run(dx, dy, n, n)
    finally:
        ways.bases = bases


def test_a_base_the_memo_lets_pass_changes_no_cast_move() -> None:
    """CW-MOV-3 (the sample's bases): whenever `_stops` says a base coming to a spot is not met
    before where a cast move stopped, `run` with that base added stops at the same distance; and
    whenever it says a base going from a spot was not met at that stop, `run` without it (drawn
    with it) stops where it did. Random bases around a unit on an empty table, on and off the
    0.5 cm grid, in contact, behind and ahead."""
    rng = random.Random(4)
    checked = 0
    for _ in range(3000):
        state = table({"R3": (60.0, 60.0)}, terrain=[])
        u = state.units["R3"]
        ways = Surroundings(state, u, 10.0)
        for _ in range(rng.randrange(0, 4)):  # other bases already there
            ox, oy = rng.uniform(-12, 12), rng.uniform(-12, 12)
            ways.bases.append((ox, oy, rng.choice((1.5, 3.0)) + u.radius + SNAP_SLACK_CM))
        a = rng.uniform(0, 2 * math.pi)
        dx, dy = math.cos(a), math.sin(a)
        n = rng.choice((10.0, 5.0, rng.uniform(0.5, 10)))
        r = rng.choice((1.5, 3.0))
        grown = r + u.radius + SNAP_SLACK_CM
        without = _run_with(ways, None, dx, dy, n)
        pick = rng.random()
        if pick < 0.3:  # anywhere near
            cx, cy = rng.uniform(-14, 14), rng.uniform(-14, 14)
        elif pick < 0.6:  # near the ray
            t, side = rng.uniform(-3, n + 3), rng.uniform(-1.2, 1.2) * grown
            cx, cy = dx * t - dy * side, dy * t + dx * side
        else:  # first met by the ray within 0.6 cm of where it stops without it
            side = rng.uniform(-1, 1) * grown
            t = without + rng.uniform(-0.6, 0.6) + math.sqrt(grown * grown - side * side)
            cx, cy = dx * t - dy * side, dy * t + dx * side
        if rng.random() < 0.3:
            cx, cy = round(cx * 2) / 2, round(cy * 2) / 2
        base = (cx, cy, grown)
        big = r + u.radius + SNAP_SLACK_CM + RUN_PAD_CM
        with_it = _run_with(ways, base, dx, dy, n)
        if not _stops(cx, cy, [(dx, dy, without)], big):  # it comes
            assert with_it == without
            checked += 1
        if not _stops(cx, cy, [(dx, dy, with_it)], big, True, RUN_PAD_CM):  # it goes
            assert without == with_it
            checked += 1
    assert checked > 2000


def _as_drawn_afresh(state, seat: str) -> list:  # type: ignore[no-untyped-def]
    got = RULES.legal_actions(state, seat)
    saved = dict(memo._LOCAL.memos)
    memo._LOCAL.memos.clear()
    try:
        assert RULES.legal_actions(state, seat) == got
    finally:
        memo._LOCAL.memos.clear()
        memo._LOCAL.memos.update(saved)
    return got


def test_a_gun_crewed_by_one_man_leaves_the_others_sample() -> None:
    """CW-MOV-5, CW-ART-8: two riflemen in contact with an uncrewed gun may each crew it; once one
    does, the other's kept sample (its moves cast away from the gun) no longer offers it."""
    from engine.clickwars import actions as a

    from .helpers import act

    state = table({"R1": (60, 60), "R3": (60, 64.5), "R4": (64.5, 60), "B3": (110, 60)}, terrain=[])
    offered = [x for x in _as_drawn_afresh(state, "red") if isinstance(x, a.Crew)]
    assert offered == [a.Crew(unit="R3", gun="R1"), a.Crew(unit="R4", gun="R1")]
    state, _ = act(state, "red", a.Crew(unit="R3", gun="R1"))
    assert not [x for x in _as_drawn_afresh(state, "red") if isinstance(x, a.Crew)]


def _states(seed: int, options: Options, phase: str) -> list:  # type: ignore[type-arg]
    """The states of a seeded random game in `phase`, as each side found them: each one its own
    object (`Rules.play` leaves the state it was given as it was; `apply` would change it in place,
    and the list would hold the final state many times)."""
    state, _ = new_game(RULES, options, seed)
    chooser = random.Random(seed)
    out = []
    while RULES.outcome(state) is None:
        seat = sorted(RULES.active_seats(state))[0]
        if state.phase == phase:
            out.append((state, seat))
        got = RULES.legal_actions(state, seat)
        _, state = RULES.play(state, seat, got[chooser.randrange(len(got))], dice_for(state))
    assert len({id(s) for s, _ in out}) == len(out)
    return out


def _plain_shots(state, seat: str) -> list:  # type: ignore[no-untyped-def,type-arg]
    """The shooting sample as `shot_problem` per shooter and target gives it, direct then indirect."""
    from engine.clickwars import actions as a
    from engine.clickwars.checks import shooter_problem, shot_problem

    plain = []
    enemies = [u for u in state.units.values() if u.side != seat and u.placed]
    for u in legal.ready_units(state, seat):
        w = u.ranged()
        if w is None or u.shot or shooter_problem(state, u) is not None:
            continue
        for t in enemies:
            if legal.gap(u, t) > w.range_cm + 10.0 + 1e-9:
                continue
            if shot_problem(state, u, t, False) is None:
                plain.append(a.Shoot(unit=u.id, target=t.id))
            elif u.is_gun and not t.is_gun and shot_problem(state, u, t, True) is None:
                plain.append(a.Shoot(unit=u.id, target=t.id, indirect=True))
    return plain


def test_the_shooting_sample_is_shot_problem_asked_per_target() -> None:
    """CW-RNG-1, CW-RNG-2, CW-LOS-2, CW-ART-4: the shooting sample (the shooter's checks and range
    asked once) is what asking `shot_problem` for every shooter and target gives, direct then
    indirect, on every shooting step of seeded random games."""
    checked = 0
    for seed, scenario in ((21, "extermination"), (22, "take_and_hold"), (23, "hunt")):
        for state, seat in _states(seed, Options(scenario=scenario), "shooting"):
            plain = _plain_shots(state, seat)
            assert legal._shots(state, seat) == plain
            checked += len(plain)
    assert checked > 30


def test_the_shooting_sample_on_a_hill_and_at_a_crewed_gun() -> None:
    """CW-RNG-3, CW-ART-7: from a hill a rifle reaches 30 cm; a shot at a gun is aimed at its crewman,
    out of range here though the gun is not: the sample is `shot_problem`'s."""
    from engine.clickwars import actions as a
    from engine.clickwars.terrain import Area
    from engine.core.shapes import Circle

    hill = Area(id="H", kind="hill", elevated=True, shape=Circle(x=50, y=50, r=12))
    state = table(
        {"R3": (50, 50), "B3": (50, 78), "B1": (18.5, 50), "B2": (13.6, 50)}, terrain=[hill], phase="shooting"
    )
    assert state.units["B1"].crew == "B2"
    assert legal._shots(state, "red") == _plain_shots(state, "red") == [a.Shoot(unit="R3", target="B3")]


def test_check_moves_one_pass_is_the_three_scans() -> None:
    """CW-MOV-3, CW-MOV-4, §8.8: the one pass of check_move gives the nearby enemies, the first enemy
    a sweep meets and the first base at the end that `_near_enemies`, `sweep_hits_enemy` and
    `overlaps_any` give, on crowded random tables with hostages, dead units and paths with turns."""
    from engine.clickwars.los import _near_enemies
    from engine.clickwars.movement import _scan, overlaps_any, sweep_hits_enemy
    from engine.clickwars.state import Hostage

    rng = random.Random(6)
    ids = [f"{side}{n}" for side in "RB" for n in range(1, 16)]
    seen = {"near": 0, "hit": 0, "other": 0}
    for n in range(600):  # crowded tables, then spread ones (the pass's box leaves most bases out)
        lo, hi = (20, 40) if n < 300 else (5, 75)
        state = table({uid: (rng.uniform(lo, hi), rng.uniform(lo, hi)) for uid in ids}, terrain=[])
        for uid in rng.sample(ids, 5):
            edit_unit(state, uid, alive=False)
        state.hostages = [Hostage(id="H1", x=rng.uniform(20, 40), y=rng.uniform(20, 40))]
        u = state.units[rng.choice(ids)]
        ux, uy = u.xy
        path = [u.xy] + [
            (ux + rng.uniform(-12, 12), uy + rng.uniform(-12, 12)) for _ in range(rng.randrange(1, 3))
        ]
        skip = {u.id} | ({"H1"} if rng.random() < 0.3 else set())
        near, hit, other = _scan(state, u, path, skip, True)
        assert near == _near_enemies(state, u)
        assert hit == sweep_hits_enemy(state, u, path)
        assert other == overlaps_any(state, path[-1][0], path[-1][1], u.radius, skip)
        seen["near"] += bool(near)
        seen["hit"] += hit is not None
        seen["other"] += other is not None
    assert min(seen.values()) > 60


def test_the_surroundings_are_every_base_within_reach() -> None:
    """CW-MOV-3 (the sample's bases): the bases `Surroundings` keeps (found by bisection in the
    state's `Bases`, one index for many units) are those a pass over every living, placed unit and
    hostage keeps, with the same test; on random tables with dead units, both base sizes, hostages."""
    from engine.clickwars.movement import HOSTAGE_RADIUS_CM, bases_of
    from engine.clickwars.state import Hostage

    rng = random.Random(7)
    ids = [f"{side}{n}" for side in "RB" for n in range(1, 16)]
    kept = 0
    for _ in range(200):
        state = table({uid: (rng.uniform(5, 115), rng.uniform(5, 115)) for uid in ids}, terrain=[])
        for uid in rng.sample(ids, 4):
            edit_unit(state, uid, alive=False)
        state.hostages = [Hostage(id="H1", x=rng.uniform(5, 115), y=rng.uniform(5, 115))]
        index = bases_of(state)
        for u in rng.sample([state.units[uid] for uid in ids], 5):
            reach = rng.choice((5.0, 10.0, 20.0))
            plain = []
            for o in state.units.values():
                if o.x is None or not o.alive or o.id == u.id:
                    continue
                big = o.radius + u.radius + SNAP_SLACK_CM
                dx, dy = o.x - u.x, o.y - u.y  # type: ignore[operator]
                if -(reach + big) < dx < reach + big and -(reach + big) < dy < reach + big:
                    plain.append((dx, dy, big))
            h = state.hostages[0]
            big = HOSTAGE_RADIUS_CM + u.radius + SNAP_SLACK_CM
            if abs(h.x - u.x) < reach + big and abs(h.y - u.y) < reach + big:  # type: ignore[operator]
                plain.append((h.x - u.x, h.y - u.y, big))  # type: ignore[operator]
            assert sorted(Surroundings(state, u, reach, index).bases) == sorted(plain)
            assert sorted(Surroundings(state, u, reach).bases) == sorted(plain)
            kept += len(plain)
    assert kept > 300


def test_the_memos_rows_are_the_units_fields() -> None:
    """The move memo reads each unit once per call as a row of its fields (`ROW`): the same values
    its attributes give, a unit replaced by a changed copy included; the side's
    uncrewed guns read from the rows are `checks.uncrewed_guns` (CW-ART-8), and the nearest enemy
    by rows is the nearest by centre distance, ties to the lower id."""
    from engine.clickwars.checks import uncrewed_guns
    from engine.clickwars.legal import _nearest, _uncrewed_guns
    from engine.clickwars.memo import ID, ROW

    names = ROW.__reduce__()[1]
    checked = guns = 0
    for seed, scenario in ((41, "assault"), (42, "hunt")):
        state, _ = new_game(RULES, Options(scenario=scenario), seed)
        chooser = random.Random(seed)
        n = 0
        while RULES.outcome(state) is None:
            seat = sorted(RULES.active_seats(state))[0]
            got = RULES.legal_actions(state, seat)
            state = apply(
                RULES, state, RULES.decide(state, seat, got[chooser.randrange(len(got))], dice_for(state))
            )
            n += 1
            if state.phase != "movement" or n % 3:
                continue
            state = state.model_copy(deep=True)  # changed below, not the game's own
            seat = state.active
            for u in state.units.values():
                assert ROW(u) == tuple(getattr(u, n) for n in names)
                checked += 1
            rows = [ROW(u) for u in state.units.values()]
            own = [r for r in rows if r[names.index("side")] == seat]
            got = _uncrewed_guns(state.units, own)
            assert got == uncrewed_guns(state.units, seat)
            foes = [r for r in rows if r not in own and r[2] and r[0] is not None]
            for r in own:
                if r[0] is not None and foes:
                    plain = min(foes, key=lambda f: ((f[0] - r[0]) ** 2 + (f[1] - r[1]) ** 2, f[ID]))  # noqa: B023
                    assert _nearest(r[0], r[1], foes) == plain[ID]
            for g in state.units.values():  # a gun whose crewman is gone
                if g.is_gun and g.crew is not None and g.side == seat:
                    edit_unit(state, g.id, crew=None)
                    own = [ROW(u) for u in state.units.values() if u.side == seat]
                    assert _uncrewed_guns(state.units, own) == uncrewed_guns(state.units, seat) != got
                    guns += 1
                    break
    assert checked > 500 and guns > 4


def test_a_units_actions_are_the_legal_actions_that_name_it() -> None:
    """CW-GEN-2 (the controls pick a unit, then its action): `unit_actions` for every unit of the
    side to act is the legal actions naming that unit, in their order, at every step of seeded
    random games of the random player that picks a unit first (moves, charges, crewing, shots, fights)."""
    from engine.clickwars.legal import unit_actions

    from .helpers import random_game_by_unit

    checked = 0
    original = RULES.decide

    def checking(state, seat, action, dice):  # type: ignore[no-untyped-def]
        nonlocal checked
        every = RULES.legal_actions(state, seat)
        for uid in state.units:
            assert unit_actions(state, seat, uid) == [x for x in every if getattr(x, "unit", None) == uid]
            checked += 1
        return original(state, seat, action, dice)

    RULES.decide = checking  # type: ignore[method-assign]
    try:
        state, n = random_game_by_unit(31, Options(scenario="take_and_hold"))
        assert state.result is not None and n > 20
        random_game_by_unit(32, Options(scenario="assault", table="180x120"))
    finally:
        del RULES.decide
    assert checked > 2000


def test_each_thread_keeps_its_own_move_memo() -> None:
    """A memo follows the state it is asked about, so it is kept per thread: the bot asks the engine
    from the event loop and, while its workers start, from threads at once. A thread's questions
    leave the other thread's memo as it was, and both get the sample drawn afresh."""
    import threading

    state, _ = new_game(RULES, Options(), 5)
    rng = random.Random(5)
    while state.phase != "movement":
        seat = sorted(RULES.active_seats(state))[0]
        action = rng.choice(RULES.legal_actions(state, seat))
        state = apply(RULES, state, RULES.decide(state, seat, action, dice_for(state)))
    seat = sorted(RULES.active_seats(state))[0]
    here = RULES.legal_actions(state, seat)
    mine = dict(memo._LOCAL.memos)
    assert mine, "the movement phase's sample is kept in this thread's memo"
    got: list[object] = []
    other = threading.Thread(
        target=lambda: got.append((RULES.legal_actions(state, seat), dict(memo._LOCAL.memos)))
    )
    other.start()
    other.join()
    theirs_legal, theirs = got[0]  # type: ignore[misc]
    assert theirs_legal == here
    assert theirs and all(theirs[k] is not mine.get(k) for k in theirs)
    assert memo._LOCAL.memos == mine


def _crowded(rng: random.Random, phase: str, **options: object):  # type: ignore[no-untyped-def]
    """A table with every figure of both default armies at random 0.5 cm spots of a 70 x 70 cm
    square (many within range, some in contact, some dead), a hill, a wood and a rock across it,
    and random flags: shot, fought, fled, idle, broken weapons, charged last turn."""
    from engine.clickwars.terrain import Area
    from engine.core.shapes import Circle, Polygon

    from .helpers import table

    terrain = [
        Area(id="H", kind="hill", elevated=True, shape=Circle(x=40, y=40, r=12)),
        Area(id="W", kind="wood", going="difficult", sight="wood", shape=Circle(x=70, y=55, r=6)),
        Area(id="K", kind="rock", going="impassable", sight="solid", shape=Polygon.rect(50, 30, 56, 33)),
    ]
    ids = [f"{side}{n}" for side in "RB" for n in range(1, 16)]
    spot = {uid: (rng.randrange(40, 180) / 2, rng.randrange(40, 180) / 2) for uid in ids}
    state = table(spot, terrain=terrain, phase=phase, **options)
    for uid in list(state.units):
        changes: dict[str, Any] = {}
        if rng.random() < 0.1:
            changes["alive"] = False
        changes["shot"], changes["fought"] = rng.random() < 0.2, rng.random() < 0.2
        changes["fled"] = rng.random() < 0.05
        changes["ranged_broken"], changes["melee_broken"] = rng.random() < 0.1, rng.random() < 0.1
        changes["idle_turn"] = state.turn if rng.random() < 0.05 else None
        changes["charged_turn"] = state.turn - 2 if rng.random() < 0.05 else None
        crew = state.units[uid].crew
        if rng.random() < 0.1 and crew is not None:  # an uncrewed gun (CW-ART-7: then immune)
            edit_unit(state, crew, gun=None)
            changes["crew"] = None
        edit_unit(state, uid, **changes)
    return state


def _plain_fights(state, seat: str) -> list:  # type: ignore[no-untyped-def,type-arg]
    """The close-combat sample as `fight_problem` per unit and target gives it, within reach."""
    from engine.clickwars import actions as a
    from engine.clickwars.checks import fight_problem
    from engine.clickwars.los import reach

    plain = []
    enemies = [u for u in state.units.values() if u.side != seat and u.placed]
    for u in legal.ready_units(state, seat):
        if u.is_gun or u.fought:
            continue
        for t in enemies:
            if legal.gap(u, t) <= reach(u) + 1e-9 and fight_problem(state, u, t) is None:
                plain.append(a.Fight(unit=u.id, target=t.id))
    return plain


def test_the_attack_samples_on_crowded_tables_are_the_plain_queries() -> None:
    """CW-RNG-1, CW-RNG-2, CW-RNG-3, CW-LOS-2, CW-ART-4, CW-ART-7, CW-CC-2: the shooting and
    close-combat samples (enemies found by a y window, the shooter's checks asked only when one is
    near) are `shot_problem` and `fight_problem` asked for every unit and target, in their order,
    on crowded random tables: from a hill, through a wood and a rock, at guns with and without
    crew, engaged shooters, dead, idle and spent units; and each unit's own sample
    (`unit_actions`) is the same."""
    rng = random.Random(8)
    shots = fights = 0

    def same(sample, state, seat: str, plain: list, uids: tuple[str, ...]) -> int:  # type: ignore[no-untyped-def,type-arg]
        """The sample is the plain list, and each unit's own sample its part of it; its length."""
        assert sample(state, seat) == plain
        for uid in uids:
            assert sample(state, seat, uid) == [x for x in plain if x.unit == uid]
        return len(plain)

    for n in range(150):
        seat = "red" if n % 2 else "blue"
        state = _crowded(rng, "shooting", active=seat)
        shots += same(legal._shots, state, seat, _plain_shots(state, seat), ("R1", "R3", "B1", "B14"))
        state = _crowded(rng, "assault", active=seat)
        fights += same(legal._fights, state, seat, _plain_fights(state, seat), ("R2", "R12", "B2", "B12"))
    assert shots > 300 and fights > 150


def test_a_death_opens_the_line_of_sight_in_the_sample() -> None:
    """CW-LOS-1, §8.3: an enemy base on the line hides the target; once it dies (a critical, CW-CRT-1)
    the very next shooting sample offers the shot it hid (no sight answer is kept from before the
    death), and it is the plain query's."""
    from engine.clickwars import actions as a

    from .helpers import act, table

    state = table(
        {"R3": (50, 30), "R4": (60, 30), "B4": (50, 40), "B3": (50, 48)}, terrain=[], phase="shooting"
    )
    hidden = a.Shoot(unit="R3", target="B3")
    before = legal._shots(state, "red")
    assert a.Shoot(unit="R3", target="B4") in before and hidden not in before
    state, events = act(state, "red", a.Shoot(unit="R4", target="B4"), ScriptedDice(rolls=[1]))
    assert not state.units["B4"].alive
    after = RULES.legal_actions(state, "red")
    assert hidden in after and after == [*_plain_shots(state, "red"), a.EndPhase()]


def test_the_sight_answers_kept_follow_the_terrain() -> None:
    """CW-LOS-1, CW-RNG-3, §8.3: the answers kept per terrain list (`terrain_blocks` by the line's
    ends, `elevated` by the point) are those of the pieces now in the list: a piece replaced in the
    list itself, or another list, changes them."""
    from engine.clickwars.los import _sight, _terrain_blocks, elevated, terrain_blocks
    from engine.clickwars.terrain import Area
    from engine.core.shapes import Circle, Polygon

    from .helpers import table

    rock = Area(id="K", kind="rock", going="impassable", sight="solid", shape=Polygon.rect(48, 40, 52, 41))
    hill = Area(id="H", kind="hill", elevated=True, shape=Circle(x=50, y=30, r=5))
    state = table({"R3": (50, 30)}, terrain=[rock, hill])
    line = ((50.0, 30.0), (50.0, 50.0))
    assert terrain_blocks(state, *line) and elevated(state, 50.0, 30.0)
    assert terrain_blocks(state, *line) and elevated(state, 50.0, 30.0)  # now from what was kept
    assert _sight(state.terrain).seen  # (kept: this test would not test the memo otherwise)
    state.terrain[0] = Area(
        id="K", kind="rock", going="impassable", sight="solid", shape=Polygon.rect(60, 40, 62, 41)
    )
    state.terrain[1] = Area(id="H", kind="hill", elevated=True, shape=Circle(x=70, y=30, r=5))
    assert not terrain_blocks(state, *line) and not elevated(state, 50.0, 30.0)
    state.terrain = [rock]
    assert terrain_blocks(state, *line) and not elevated(state, 50.0, 30.0)
    rng = random.Random(9)
    sight = _sight(state.terrain)
    for _ in range(500):  # and a kept answer is the one computed afresh
        a_, b_ = (rng.randrange(160) / 2, rng.randrange(160) / 2), (rng.randrange(160) / 2, 40.5)
        assert terrain_blocks(state, a_, b_) == _terrain_blocks(sight.blockers, a_, b_)
        assert terrain_blocks(state, a_, b_) == _terrain_blocks(sight.blockers, a_, b_)


def test_every_placement_checked_at_once_is_check_placement_per_piece() -> None:
    """CW-DEP-1, CW-DEP-2, §8.6 (hostages), §8.8 (impassable): `placements_ok`, which the legal
    sample asks to offer "confirm", answers as `check_placement` asked for every placed piece, on
    random placements: in and out of the strip, on a rock, bases touching, overlapping by a hair
    and just apart, the defender's hostages."""
    from engine.clickwars.deploy import check_placement, placements_ok
    from engine.clickwars.terrain import Area
    from engine.core import Rejected
    from engine.core.shapes import Circle, Polygon

    rect = Polygon.rect

    rng = random.Random(10)
    answers = {True: 0, False: 0}
    for n in range(400):
        opts = (
            Options(scenario="hostage_rescue")
            if n % 3 == 0
            else Options(table="180x120" if n % 2 else "120x120")
        )
        state, _ = new_game(RULES, opts, n)
        state.south, state.attacker, state.phase = "red", "red", "deploy"  # type: ignore[assignment]
        seat = "blue" if n % 4 else "red"
        lo = 0.0 if seat == "red" else state.height - 20.0
        if n % 5 < 3:  # a rock and a building inside the strip, bases on, beside and just off them
            state.terrain = [
                *state.terrain,
                Area(
                    id="K", kind="rock", going="impassable", sight="solid", shape=Circle(x=30, y=lo + 10, r=3)
                ),
                Area(
                    id="B",
                    kind="building",
                    going="impassable",
                    sight="solid",
                    shape=rect(50, lo + 8, 60, lo + 12),
                ),
            ]
        keys = [u.id for u in state.units.values() if u.side == seat]
        if seat == "blue" and opts.scenario == "hostage_rescue":
            keys += ["H1", "H2"]
        pending: dict[str, tuple[float, float]] = {}
        for key in rng.sample(keys, rng.randrange(1, 6 if n % 2 else len(keys) + 1)):
            if key.startswith("H"):
                pending[key] = (rng.randrange(20, 220) / 2, rng.randrange(60, 140) / 2)
            elif pending and rng.random() < 0.4:  # next to another piece: touching, a hair in, a hair out
                ox, oy = rng.choice(list(pending.values()))
                pending[key] = (ox + rng.choice((3.0, 4.5, 6.0, 2.5, 4.0)), oy + rng.choice((0.0, 0.5, -0.5)))
            elif rng.random() < 0.3:  # near the rock or the building
                pending[key] = (
                    rng.choice((30.0, 32.0, 34.0, 35.0, 49.0, 55.0, 61.0)),
                    lo + rng.randrange(8, 32) / 2,
                )
            else:
                pending[key] = (rng.randrange(0, int(state.width * 2)) / 2, lo + rng.randrange(-4, 44) / 2)
        state.pending[seat] = pending
        plain = True
        for key, (x, y) in pending.items():
            try:
                check_placement(state, seat, key, x, y)
            except Rejected:
                plain = False
        assert placements_ok(state, seat) is plain, (n, pending)
        answers[plain] += 1
    assert min(answers.values()) > 60


def test_the_plans_cache_key_is_the_terrain_now_there() -> None:
    """CW-DEP-1 (the ready-made plans): the plans' cache takes the terrain pieces hashed once per
    list (`terrain_key`); the key equals the tuple of the pieces now in the list, so a piece
    replaced in the list itself gives the plan of the new table, not the one kept."""
    from engine.clickwars.deploy import plan
    from engine.clickwars.los import terrain_key
    from engine.clickwars.terrain import Area
    from engine.core.shapes import Polygon

    state, _ = new_game(RULES, Options(), 3)
    state.south, state.phase = "red", "deploy"  # type: ignore[assignment]
    key = terrain_key(state.terrain)
    assert key == tuple(state.terrain) and hash(key) == hash(tuple(state.terrain))
    assert terrain_key(state.terrain) is key  # hashed once
    before = plan(state, "red", "cover")
    wall = Area(id="Z", kind="building", going="impassable", sight="solid", shape=Polygon.rect(0, 0, 120, 12))
    state.terrain[0] = wall
    assert terrain_key(state.terrain) == tuple(state.terrain) != key
    fresh, _ = new_game(RULES, Options(), 3)
    fresh.south, fresh.phase = "red", "deploy"  # type: ignore[assignment]
    fresh.terrain = [wall, *fresh.terrain[1:]]
    after = plan(state, "red", "cover")
    assert after == plan(fresh, "red", "cover") != before


def test_the_choices_built_once_are_frozen_and_equal_to_fresh_ones() -> None:
    """CW-GEN-2 (end the phase), CW-DEP-2 (the plans, confirming): the phase-wide actions the legal
    lists share (built once) equal the ones built afresh and cannot be changed by whoever gets one."""
    import pydantic

    from engine.clickwars import actions as a

    state, _ = new_game(RULES, Options(), 4)
    assert RULES.legal_actions(state, "red") == [a.ConfirmSetup()]
    state.phase = "shooting"  # type: ignore[assignment]
    state.active = "red"
    got = RULES.legal_actions(state, "red")
    assert got[-1] == a.EndPhase() and got[-1] is legal._END_PHASE
    with pytest.raises(pydantic.ValidationError):
        got[-1].kind = "fight"  # type: ignore[misc]
    assert legal._AUTO_DEPLOY == tuple(a.AutoDeploy(plan=p) for p in ("line", "cover", "spread"))


def test_the_sight_answers_kept_hold_across_json_and_threads() -> None:
    """CW-LOS-1, §8.3: a state rebuilt from its JSON (a new terrain list of new pieces) gets the
    same shooting sample and sight answers as the state it was saved from; two threads asking
    about one table at once (the bot's loop and its workers) each get the answers computed afresh."""
    import threading

    from engine.clickwars.los import _sight, _terrain_blocks, terrain_blocks
    from engine.clickwars.state import ClickWarsState

    rng = random.Random(12)
    state = _crowded(rng, "shooting")
    plain = _plain_shots(state, "red")
    assert legal._shots(state, "red") == plain and plain
    again = ClickWarsState.model_validate_json(state.model_dump_json())
    assert again.terrain is not state.terrain and again.terrain[0] is not state.terrain[0]
    assert legal._shots(again, "red") == plain
    lines = [
        ((rng.randrange(40, 180) / 2, rng.randrange(40, 180) / 2), (rng.randrange(40, 180) / 2, 60.0))
        for _ in range(300)
    ]
    fresh = [_terrain_blocks(_sight(state.terrain).blockers, p, q) for p, q in lines]
    assert any(fresh) and not all(fresh)
    got: dict[int, list[bool]] = {}

    def ask(n: int, st: ClickWarsState) -> None:
        got[n] = [terrain_blocks(st, p, q) for p, q in lines for _ in range(3)][::3]

    threads = [threading.Thread(target=ask, args=(n, state if n % 2 else again)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(got[n] == fresh for n in range(4))


def test_the_move_sample_and_terrain_costs_follow_a_terrain_list_changed_in_place() -> None:
    """CW-MOV-2 (difficult ground costs double), §8.8 (impassable): the move memo and the terrain
    index are kept per terrain list; a piece replaced in the list itself (a test's way, never a
    game's) gives the sample and the costs of the pieces now there, the same as a fresh list of them."""
    from engine.clickwars.movement import terrain_cost
    from engine.clickwars.terrain import Area
    from engine.core.shapes import Polygon

    far = Area(id="W", kind="wood", going="difficult", sight="wood", shape=Polygon.rect(100, 100, 110, 110))
    state = table({"R3": (50, 30), "B3": (50, 80)}, terrain=[far])
    path = [(50.0, 30.0), (50.0, 40.0)]
    before = legal._moves(state, "red")
    assert terrain_cost(state, path) == pytest.approx(10.0)
    assert legal._moves(state, "red") == before  # now from the memo (the same list, the same pieces)
    state.terrain[0] = Area(
        id="W", kind="wood", going="difficult", sight="wood", shape=Polygon.rect(40, 32, 60, 60)
    )
    fresh = state.model_copy()
    fresh.terrain = list(state.terrain)  # another list of the same pieces: nothing kept for it
    assert terrain_cost(state, path) == terrain_cost(fresh, path) == pytest.approx(18.0)
    after = legal._moves(state, "red")
    assert after == legal._moves(fresh, "red")
    assert after != before  # (the wood now slows the advance: the test tells the two apart)


def test_the_move_memo_sees_a_unit_replaced() -> None:
    """CW-MOV-3 (no overlapping bases, no moving through others): the move memo reads only the units
    that are not the same objects as at its last call, because a unit cannot be changed in place (it
    is frozen: a change is a changed copy in its place, as the rules make it); a unit replaced in
    the state by a test, not by the rules, gives the sample of the table now there, the same as a
    fresh copy of it."""
    state = table({"R3": (50, 30), "B3": (50, 80), "B4": (80, 80)})
    before = legal._moves(state, "red")
    assert legal._moves(state, "red") == before  # now from the memo (the same units, the same objects)
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.units["B4"].x = 50.0  # type: ignore[misc]
    edit_unit(state, "B4", x=50.0, y=36.0)  # in R3's way toward B3, 6 cm ahead
    fresh = state.model_copy(deep=True)  # new objects: nothing kept for them
    after = legal._moves(state, "red")
    memo._LOCAL.memos.clear()
    assert after == legal._moves(fresh, "red")
    assert after != before  # (the blocker now stops the advance: the test tells the two apart)


def test_a_sampled_move_is_the_validated_move() -> None:
    """CW-MOV-1: the move sample builds its Move actions without pydantic's validation (a hot path);
    each is the validated action: equal, the same fields set, the same JSON, the same round trip."""
    from engine.clickwars import actions as a

    built = legal._move("R3", (12.5, 40.0))
    checked = a.Move(unit="R3", x=12.5, y=40.0)
    assert built == checked and type(built) is a.Move
    assert built.model_fields_set == checked.model_fields_set
    assert built.model_dump_json() == checked.model_dump_json()
    assert a.ACTION_ADAPTER.validate_json(a.ACTION_ADAPTER.dump_json(built)) == checked


def test_the_memos_bases_follow_the_game() -> None:
    """CW-MOV-3 (no base overlaps another, none moves through one): the bases index the move memo
    keeps up to date, move by move, holds at every step of a seeded random game the bases of the
    state then (`bases_of`), sorted by x, and was kept, not rebuilt, at most steps."""
    from engine.clickwars.movement import bases_of
    from engine.clickwars.victory import objective

    state, _ = new_game(RULES, Options(), 21)
    chooser = random.Random(21)
    kept = steps = 0
    while RULES.outcome(state) is None:
        seat = sorted(RULES.active_seats(state))[0]
        got = RULES.legal_actions(state, seat)
        if state.phase == "movement":
            kept_memo = memo.memo_for(state, seat, objective(state), legal.cover_spots)
            had = kept_memo.index
            index = kept_memo.bases()
            steps += 1
            kept += had is not None
            assert sorted(index.entries) == sorted(bases_of(state).entries)
            assert index.xs == sorted(index.xs) == [e[0] for e in index.entries]
            assert index.rmax >= bases_of(state).rmax
        state = apply(
            RULES, state, RULES.decide(state, seat, got[chooser.randrange(len(got))], dice_for(state))
        )
    assert steps > 50 and kept > steps // 2


def _same_model(fast: Any, slow: Any) -> None:
    """Two models are the same: equal, the same fields in the same order with values of the same
    types (a float is not an int, a tuple not a list: `repr`), the same fields counted as set."""
    assert type(fast) is type(slow)
    assert fast == slow and list(fast.__dict__.items()) == list(slow.__dict__.items())
    assert repr(fast) == repr(slow)
    assert fast.model_fields_set == slow.model_fields_set
    assert fast.model_dump_json() == slow.model_dump_json()


@pytest.mark.parametrize(
    ("seed", "scenario", "size"),
    [(21, "extermination", "120x120"), (22, "hostage_rescue", "120x120"), (23, "assault", "180x120")],
)
def test_the_moved_events_built_unvalidated_are_the_validated_ones(
    seed: int, scenario: str, size: str
) -> None:
    """CW-MOV-1..5, §8.6: at every move of seeded random games (guns with their crewman, the hostage
    scenario) the `Moved` event `decide` builds without validation (`rules._moved`) is the event
    pydantic validates from the same fields."""
    state, _ = new_game(RULES, Options(scenario=scenario, table=size), seed)
    chooser = random.Random(seed)
    moved = 0
    while RULES.outcome(state) is None:
        seat = sorted(RULES.active_seats(state))[0]
        legal_ = RULES.legal_actions(state, seat)
        events = RULES.decide(state, seat, legal_[chooser.randrange(len(legal_))], dice_for(state))
        for ev in events:
            if isinstance(ev, e.Moved):
                moved += 1
                _same_model(ev, e.Moved(**{k: getattr(ev, k) for k in ev.model_fields_set}))
        state = apply(RULES, state, events)
    assert moved > 50


def test_a_move_from_a_place_written_as_ints_is_validated() -> None:
    """A unit whose place a test wrote as ints (no validation on assignment) moves as from floats:
    the `Moved` event is then pydantic's, its path of floats (CW-MOV-1)."""
    state = table({"R3": (50, 30), "B3": (50, 100)}, terrain=[])
    assert type(state.units["R3"].x) is int
    events = RULES.decide(state, "red", a.Move(unit="R3", x=50.0, y=36.0), dice_for(state))
    (ev,) = [x for x in events if isinstance(x, e.Moved)]
    assert ev.path == [(50.0, 30.0), (50.0, 36.0)] and type(ev.path[0][0]) is float
    fields = dict(fled=False, crew=None, crew_to=None, hostage=None, hostage_to=None)
    assert ev.ruling is not None and ev.ruling.numbers == {
        "length_cm": 6.0,
        "cost_cm": 6.0,
        "allowance_cm": 10.0,
    }
    _same_model(ev, e.Moved(unit="R3", path=[(50, 30), (50.0, 36.0)], cost=6.0, ruling=ev.ruling, **fields))


def test_playing_an_action_is_applying_its_events_field_for_field() -> None:
    """The tape's state after each action (`Rules.play`: a scratch copy built field by field, the
    events evolved on it and its version written as a dict item) is the state `apply` gives from a
    deep copy of the state before: equal, and the same fields counted as set in it, its marks and
    every unit."""
    for seed, scenario in ((31, "take_and_hold"), (32, "hunt")):
        state, _ = new_game(RULES, Options(scenario=scenario), seed)
        chooser = random.Random(seed)
        while RULES.outcome(state) is None:
            seat = sorted(RULES.active_seats(state))[0]
            legal_ = RULES.legal_actions(state, seat)
            events, played = RULES.play(state, seat, legal_[chooser.randrange(len(legal_))], dice_for(state))
            applied = apply(RULES, state.model_copy(deep=True), events)
            assert played == applied and played.model_dump_json() == applied.model_dump_json()
            assert played.model_fields_set == applied.model_fields_set
            state = played


def test_a_carried_hostage_moves_in_the_built_event() -> None:
    """§8.6 hostage rescue: a unit carrying a hostage (from a place of floats, as every game's) gets
    the `Moved` event pydantic validates, the hostage's new spot in it."""
    from engine.clickwars.rules import _moved
    from engine.clickwars.state import Hostage

    s = table({"R14": (60, 25), "B3": (50, 110)}, terrain=[], scenario="hostage_rescue")
    edit_unit(s, "R14", x=60.0, y=25.0)
    s.attacker = "red"
    s.hostages = [Hostage(id="H1", x=60, y=29.5)]
    events = RULES.decide(s, "red", a.Move(unit="R14", x=60, y=15), dice_for(s))
    (ev,) = [x for x in events if isinstance(x, e.Moved)]
    assert ev.hostage == "H1" and ev.hostage_to == (60.0, 19.5)
    _same_model(ev, e.Moved(**{k: getattr(ev, k) for k in ev.model_fields_set}))
    assert _moved("R14", MovePlan(path=[(60.0, 25.0), (60.0, 15.0)], cost=10.0, fled=False)) == e.Moved(
        unit="R14", path=[(60.0, 25.0), (60.0, 15.0)], cost=10.0
    )


def test_a_turns_healing_asks_only_the_wounded_and_the_fallen_in_army_order() -> None:
    """CW-LIF-3, CW-LIF-2 (recovery agreed): at the start of blue's turn its wounded figures in its own
    area heal 1d10 and its fallen ones there stand up, in the army's order (`_begin_turn` sorts only
    those that may heal); a fallen figure under one that stood up before it stays down, one at full
    life or outside the area is not asked, a gun never."""
    s = table(
        {
            "R3": (50, 60),
            "B1": (80, 110),
            "B2": (84, 110),
            "B3": (50, 110),
            "B4": (20, 110),
            "B5": (21, 110),
            "B10": (110, 105),
            "B11": (60, 80),
            "B12": (70, 80),
        },
        terrain=[],
        phase="assault",
        recover_dead=True,
    )
    edit_unit(s, "B1", life=5)  # the gun: never healed
    for uid, life in (("B2", 10), ("B3", 12), ("B11", 3)):
        edit_unit(s, uid, life=life)
    for uid in ("B4", "B5", "B12"):
        edit_unit(s, uid, alive=False, life=0)
    s, events = act(s, "red", a.EndPhase(), ScriptedDice(rolls=[4, 5, 6, 7, 8]))
    healed = [(x.unit, x.roll, x.life, x.recovered) for x in events if isinstance(x, e.Healed)]
    assert healed == [("B2", 4, 14, False), ("B3", 5, 17, False), ("B4", 6, 6, True)]
    assert not s.units["B5"].alive and not s.units["B12"].alive and s.units["B1"].life == 5


@pytest.mark.parametrize(("seed", "scenario"), [(41, "hunt"), (42, "hostage_rescue"), (43, "take_and_hold")])
def test_play_shares_only_what_it_leaves_alone(seed: int, scenario: str) -> None:
    """`Rules.play` shares the state's lists, dicts, marks, units and hostages with the state it
    came from (`ClickWarsState.scratch`): no state before changes afterwards, through a seeded random game
    (setup, the quarry, deployment, turns) with the controls' steps between its moves (pick a unit,
    preview its move, confirm it: the selections and previewed orders, CW-GEN-2)."""
    from engine.clickwars.checks import can_act
    from engine.core import Rejected

    state, _ = new_game(RULES, Options(scenario=scenario), seed)
    chooser = random.Random(seed)
    earlier: list[tuple[Any, str]] = []
    controls = 0

    def play(action: Any) -> None:
        nonlocal state
        seat = sorted(RULES.active_seats(state))[0]
        before = state.model_dump_json()
        _, after = RULES.play(state, seat, action, dice_for(state))
        assert state.model_dump_json() == before
        earlier.append((state, before))
        state = after

    while RULES.outcome(state) is None:
        seat = sorted(RULES.active_seats(state))[0]
        if state.phase == "movement" and chooser.random() < 0.3:
            mine = [u for u in state.units.values() if u.side == seat and u.placed and can_act(state, u)]
            if mine:
                uid = chooser.choice(mine).id
                try:
                    play(a.Select(unit=uid))
                    play(a.PlanMove(unit=uid, bearing=chooser.randrange(360), distance=3.0))
                    play(a.Confirm())
                    controls += 1
                except Rejected:
                    pass
                continue
        legal_ = RULES.legal_actions(state, seat)
        play(legal_[chooser.randrange(len(legal_))])
    for n, (old, dump) in enumerate(earlier):
        assert old.model_dump_json() == dump, n
    assert controls > 3


def test_the_instant_result_finds_each_sides_figures_in_any_order() -> None:
    """CW-WIN-1, CW-WIN-2, §8.6: extermination after every decision (`instant_result`, which looks for
    a figure from the front of the units and for the other side's from the back) is what counting
    each side's figures gives, whatever the units' order and whoever has fallen (guns never count)."""
    from engine.clickwars.state import SEATS, other
    from engine.clickwars.victory import figures, instant_result

    def plain(s: Any) -> tuple[tuple[str, ...], str] | None:
        alive = {side: bool(figures(s, side)) for side in SEATS}
        if not any(alive.values()):
            return ((), "clickwars.end.mutual_destruction")
        for side in SEATS:
            if not alive[side]:
                return ((other(side),), "clickwars.end.extermination")
        return None

    rng = random.Random(5)
    state, _ = new_game(RULES, Options(), 5)
    while state.phase != "movement":
        seat = sorted(RULES.active_seats(state))[0]
        legal_ = RULES.legal_actions(state, seat)
        state = apply(RULES, state, RULES.decide(state, seat, rng.choice(legal_), dice_for(state)))
    seen = set()
    for _ in range(400):
        s = state.model_copy(deep=True)
        ids = list(s.units)
        for uid in rng.sample(ids, rng.choice([0, 5, 14, 20, 26, 28, 29, 30])):
            s.units[uid] = replace(s.units[uid], alive=False)
        if rng.random() < 0.5:
            rng.shuffle(ids)
            s.units = {uid: s.units[uid] for uid in ids}
        got = instant_result(s)
        want = plain(s)
        assert (got.winners, got.reason) == want if got is not None else want is None
        seen.add(want[1] if want else None)
    assert seen == {None, "clickwars.end.mutual_destruction", "clickwars.end.extermination"}


def test_the_table_size_kept_per_option_is_the_states() -> None:
    """§8.1, CW-MOV-1 (table edges): the size `check_move` reads (`table_size`, kept per table option)
    is the state's width and height, for both tables."""
    from engine.clickwars.state import table_size

    for size in ("120x120", "180x120", "120x120"):
        state, _ = new_game(RULES, Options(table=size), 1)
        assert table_size(state) == (state.width, state.height)
        assert all(type(v) is float for v in table_size(state))


def test_the_memos_change_test_is_stops_per_ray() -> None:
    """CW-MOV-3: `_touches` asks `_stops` of all its cast rays at once; on random bases, rays and
    lengths (contact, behind, beside, ahead, zero-length moves) its answer is the one asked through
    `_stops` ray by ray, for a base that comes and one that goes."""
    from engine.clickwars.memo import ROW, Reads, _touches

    state = table({"R3": (50, 30), "R4": (60, 30), "B3": (50, 80)})
    u, o = (ROW(state.units[k]) for k in ("R3", "R4"))
    ur, orad = u[12], o[12]  # RADIUS
    big = ur + orad + SNAP_SLACK_CM + RUN_PAD_CM
    rng = random.Random(7)
    answers = set()
    for _ in range(4000):
        ux, uy = rng.uniform(20, 80), rng.uniform(20, 80)
        x, y = ux + rng.uniform(-15, 15), uy + rng.uniform(-15, 15)
        rays = []
        for _ in range(rng.randrange(1, 4)):
            a = rng.uniform(0, 2 * math.pi)
            rays.append((math.cos(a), math.sin(a), rng.choice([0.0, rng.uniform(0, 12)])))
        for now_there in (True, False):
            cx, cy = x - ux, y - uy
            want = any(
                _stops(cx, cy, [(dx, dy, went)], big)
                if now_there
                else _stops(cx, cy, [(dx, dy, went)], big, True, RUN_PAD_CM)
                for dx, dy, went in rays
            )
            reads = Reads()
            for ray in rays:
                reads.ray(*ray)
            got = _touches(u, o, ux, uy, reads, x, y, now_there)
            assert got == want, (ux, uy, x, y, rays, now_there)
            answers.add(got)
    assert answers == {True, False}


def test_a_gun_left_uncrewed_enters_a_kept_sample() -> None:
    """CW-ART-8 (a replacement crewman), CW-MOV-5: the memo lets a crewed gun's change pass a free
    infantryman's kept sample (it reads only the uncrewed guns, and a crewed one as a base), but a
    gun whose crewman falls is offered to him at once: walked to, the same as a fresh draw; and one
    that moves while crewed leaves his sample as a fresh draw has it."""
    from engine.clickwars import actions as a

    state = table({"R1": (60, 60), "R2": (60, 64.5), "R5": (75, 60), "B3": (110, 60)}, terrain=[])
    before = _as_drawn_afresh(state, "red")
    assert not [x for x in before if isinstance(x, a.Move) and x.unit == "R5" and x.x < 75]
    moved = state.scratch()  # the gun and its crewman 2 cm north, replaced as `evolve` does
    moved.units["R1"] = replace(state.units["R1"], y=62.0)
    moved.units["R2"] = replace(state.units["R2"], y=66.5)
    assert _as_drawn_afresh(moved, "red") == _as_drawn_afresh(moved.model_copy(deep=True), "red")
    fallen = moved.scratch()  # its crewman falls
    fallen.units["R2"] = replace(moved.units["R2"], alive=False, gun=None)
    fallen.units["R1"] = replace(moved.units["R1"], crew=None)
    after = _as_drawn_afresh(fallen, "red")
    assert [x for x in after if isinstance(x, a.Move) and x.unit == "R5" and x.x < 75]  # toward the gun


def test_a_gun_crewed_far_from_a_walker_leaves_his_kept_sample() -> None:
    """CW-ART-8: a free infantryman 18 cm from an uncrewed gun walks toward it (his move stops 10 cm
    on, far from the gun: no ray of his reaches it); once another man crews it, the memo drops his
    walk as a fresh draw does (the change is read with the gun's row as it was: uncrewed)."""
    from engine.clickwars import actions as a

    from .helpers import act

    state = table({"R1": (60, 60), "R3": (60, 64.5), "R5": (78, 60), "B3": (110, 60)}, terrain=[])
    walks = [
        x for x in _as_drawn_afresh(state, "red") if isinstance(x, a.Move) and x.unit == "R5" and x.x < 78
    ]
    assert walks
    state, _ = act(state, "red", a.Crew(unit="R3", gun="R1"))
    after = _as_drawn_afresh(state, "red")
    assert not [x for x in after if isinstance(x, a.Move) and x.unit == "R5" and x.x < 70]


def test_a_turns_start_keeps_a_unit_only_when_its_reset_copy_would_be_it() -> None:
    """CW-GEN-2, CW-MOV-4: a turn's start clears every unit's flags (moved, shot, fought, fled); `evolve`
    keeps a unit whose copy would be the same field for field (the flags clear) and replaces the
    others: every unit as `replace` would make it."""
    from engine.clickwars.evolve import evolve

    rng = random.Random(8)
    state, _ = new_game(RULES, Options(), 8)
    kept = replaced = 0
    while RULES.outcome(state) is None:
        seat = sorted(RULES.active_seats(state))[0]
        if state.phase in ("shooting", "assault"):
            for side in ("red", "blue"):
                before = state.model_copy(deep=True)
                after = evolve(before.scratch(), e.TurnBegan(side=side, round=9, turn=17))
                for uid, u in before.units.items():
                    want = replace(u, moved=False, shot=False, fought=False, fled=False)
                    got = after.units[uid]
                    assert got == want
                    kept += got is u
                    replaced += got is not u
        legal_ = RULES.legal_actions(state, seat)
        state = apply(RULES, state, RULES.decide(state, seat, rng.choice(legal_), dice_for(state)))
    assert kept and replaced
