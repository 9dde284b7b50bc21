"""Mission hooks and the 1st-edition victory patterns (SHB-12.1 .. SHB-12.7), the built-in test mission."""

from __future__ import annotations

from engine.core import new_game
from engine.spacehulk import RULES
from engine.spacehulk.actions import Assault, EndTurn, Exit, Fire, Flame, Move
from engine.spacehulk.missions import (
    AllMarinesDead,
    EscapeMarines,
    FlameSections,
    KillStealers,
    MarinesBelow,
    NoFlamerAmmo,
    SealEntries,
    SectionBurned,
    StealerOn,
    SurviveTurns,
    get_mission,
)
from tests.engine.helpers import of_kind

from .helpers import F, G, M, act, scenario


def test_suicide_mission_pattern() -> None:
    """SHB-12.1: win by flaming the objective room; lose when no living flamer has ammunition."""
    mission = {"win": (FlameSections(sections=("0:R",)),), "lose": (NoFlamerAmmo(),)}
    state, ids = scenario("f.:", sections="ABR", f=F("E", ammo=2), mission=mission)
    won, events = act(state, "marine", Flame(model=ids["f"], at=(2, 0, 0)))
    assert won.outcome.winners == ("marine",) and won.outcome.reason == "spacehulk.win.flame"
    state, ids = scenario("f.:", sections="ABR", f=F("E", ammo=1), mission=mission)
    lost, events = act(state, "marine", Flame(model=ids["f"], at=(1, 0, 0)))
    assert lost.outcome.winners == ("genestealer",) and lost.outcome.reason == "spacehulk.lose.no_flamer"


def test_exterminate_pattern() -> None:
    """SHB-12.2: win on N kills (at once) or with every entry square sealed at a turn boundary."""
    mission = {"win": (KillStealers(count=1), SealEntries()), "lose": (AllMarinesDead(),)}
    state, ids = scenario("a..g", a=M("E"), g=G("W"), mission=mission)
    state, events = act(state, "marine", Fire(model=ids["a"], at=(3, 0, 0)), rolls=[6, 1])
    assert state.outcome.reason == "spacehulk.win.kill" and state.outcome.params == {"count": 1}
    state, ids = scenario("1.....a", a=M("E"), mission=mission)
    state, events = act(state, "marine", EndTurn())
    assert state.outcome is None  # sealed, but only a turn boundary counts
    state, events = act(state, "genestealer", EndTurn())
    assert state.outcome.reason == "spacehulk.win.seal"


def test_rescue_pattern_draw() -> None:
    """SHB-12.3: missions may end in a draw (Rescue's damaged C.A.T.); the C.A.T. itself is mission content."""
    mission = {"win": (EscapeMarines(count=2),), "draw": (EscapeMarines(count=1),)}
    state, ids = scenario("aX..", a=M("E"), mission=mission)
    state, _ = act(state, "marine", Move(model=ids["a"], to=(1, 0, 0)))
    state, events = act(state, "marine", Exit(model=ids["a"]))
    assert state.outcome.winners == () and state.outcome.reason == "spacehulk.draw.escape"
    assert state.escaped == [ids["a"]] and ids["a"] not in state.pieces  # SHB-1.6: off the board for good


def test_cleanse_and_burn_pattern() -> None:
    """SHB-12.4: both target sections must have been flamed at least once."""
    mission = {"win": (FlameSections(sections=("0:B", "0:C")),), "lose": (NoFlamerAmmo(),)}
    state, ids = scenario("f.\n..", sections="AB\nAC", f=F("E"), cp=2, mission=mission)
    state, _ = act(state, "marine", Flame(model=ids["f"], at=(1, 0, 0)))
    assert state.outcome is None and state.flamed_sections == ["0:B"]
    state, _ = act(state, "marine", Flame(model=ids["f"], at=(1, 1, 0)))
    assert state.outcome.reason == "spacehulk.win.flame"


def test_decoy_pattern() -> None:
    """SHB-12.5: win when enough Marines escape; lose when living plus escaped fall below the number."""
    mission = {"win": (EscapeMarines(count=2),), "lose": (MarinesBelow(count=2),)}
    state, ids = scenario("Xa\ngb", a=M("W"), b=M("W"), g=G("E"), mission=mission, phase="stealer")
    state, events = act(state, "genestealer", Assault(model=ids["g"]), rolls=[6, 1, 1, 1])
    assert state.outcome.reason == "spacehulk.lose.below" and state.outcome.params == {"count": 2}


def test_defend_pattern() -> None:
    """SHB-12.6: survive to the end of turn N; lose if a Genestealer reaches the ducting or the room burns."""
    state, ids = scenario("a...", a=M("E"), phase="stealer", mission={"win": (SurviveTurns(turns=1),)})
    state, _ = act(state, "genestealer", EndTurn())
    assert state.outcome.reason == "spacehulk.win.survive"
    state, ids = scenario(
        "a..g.",
        a=M("W"),
        g=G("E"),
        phase="stealer",
        mission={"win": (), "lose": (StealerOn(squares=((4, 0, 0),)),)},
    )
    state, _ = act(state, "genestealer", Move(model=ids["g"], to=(4, 0, 0)))
    assert state.outcome.reason == "spacehulk.lose.stealer_on"
    mission = {"win": (), "lose": (SectionBurned(sections=("0:C",)),)}
    state, ids = scenario("f..", sections="ABC", f=F("E"), mission=mission)
    state, _ = act(state, "marine", Flame(model=ids["f"], at=(2, 0, 0)))
    assert state.outcome.reason == "spacehulk.lose.burned"


def test_mission_hooks_and_check_moments() -> None:
    """SHB-12.7: reinforcements per turn, usable entry areas, predicates checked at the right moments."""
    mission = get_mission("purge")
    assert mission.reinforcements_for(3) == 2 and mission.usable_areas() == ("1", "2", "3")
    state, ids = scenario(
        "1......a",
        a=M("E"),
        mission={"reinforcement_schedule": {1: 0, 2: 3}, "reinforcements": 1, "last_turn": 2},
    )
    state, events = act(state, "marine", EndTurn())
    assert not of_kind(events, "blip_placed")  # turn 1 brings none
    state, events = act(state, "genestealer", EndTurn(), rolls=[1])
    state, events = act(state, "marine", EndTurn(), rolls=[0, 0, 0])
    assert len(of_kind(events, "blip_placed")) == 3
    state, events = act(state, "genestealer", EndTurn())
    assert state.outcome.reason == "spacehulk.lose.turns" and state.outcome.params == {"turns": 2}


def test_built_in_test_mission() -> None:
    """The built-in 'purge' mission: 4 Terminators, 2 blips at the start, +2 a turn, kill 8 or seal, 6 turns."""
    state, events = new_game(RULES, {}, 7)
    assert [p.name for p in state.marines()][0] == "Sergeant Lorenzo"
    assert (
        sum(p.sergeant for p in state.marines()) == 1
        and sum(p.weapon == "heavy_flamer" for p in state.marines()) == 1
    )
    mission = state.mission
    assert mission.start_blips == 2 and mission.reinforcements == 2 and mission.last_turn == 6
    assert [c.kind for c in mission.win] == ["kill", "seal"] and mission.win[0].count == 8
    assert RULES.parse_options({"turn_limit": 2}).variants.turn_limit == 2
