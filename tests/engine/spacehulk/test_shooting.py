"""Storm bolter fire, sustained fire, move and fire, overwatch, jams and doors (SHB-8.1 .. SHB-8.8)."""

from __future__ import annotations

import pytest

from engine.core import Rejected
from engine.spacehulk import RULES
from engine.spacehulk.actions import ClearJam, EndTurn, Fire, Move, Overwatch, Pass, Turn
from tests.engine.helpers import of_kind

from .helpers import B, F, G, M, act, kinds_without_agenda, scenario


def refused(state, seat: str, action) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(Rejected) as err:
        RULES.decide(state, seat, action, None)  # type: ignore[arg-type]
    return err.value.message_id


def test_aimed_fire() -> None:
    """SHB-8.1: 1 AP, target in the fire arc with LoS, any range; 2D6, destroyed if either die shows 6."""
    corridor = "a" + "." * 28 + "g"
    state, ids = scenario(corridor, a=M("E"), g=G("W"))
    missed, events = act(state, "marine", Fire(model=ids["a"], at=(29, 0, 0)), rolls=[5, 4])
    assert (
        not of_kind(events, "fired")[0].hit and ids["g"] in missed.pieces and missed.pieces[ids["a"]].ap == 3
    )
    hit, events = act(state, "marine", Fire(model=ids["a"], at=(29, 0, 0)), rolls=[1, 6])
    assert of_kind(events, "fired")[0].hit and ids["g"] not in hit.pieces and hit.kills == 1


def test_aimed_fire_needs_arc_and_line() -> None:
    """SHB-8.1: no shot outside the fire arc or through a model; Q3 an optional aimed range."""
    state, ids = scenario("g.a.h.k", g=G("E"), a=M("E"), h=G("W"), k=G("W"))
    assert refused(state, "marine", Fire(model=ids["a"], at=(0, 0, 0))) == "spacehulk.fire.no_line"
    assert refused(state, "marine", Fire(model=ids["a"], at=(6, 0, 0))) == "spacehulk.fire.no_line"
    assert refused(state, "marine", Fire(model=ids["a"], at=(3, 0, 0))) == "spacehulk.fire.no_target"
    state, ids = scenario("a....g", a=M("E"), g=G("W"), options={"aimed_range": 4})
    assert refused(state, "marine", Fire(model=ids["a"], at=(5, 0, 0))) == "spacehulk.fire.no_line"


def test_sustained_fire_builds_to_the_cap() -> None:
    """SHB-8.2 / Q2: +1 per consecutive shot at the same target, up to +3 (5+, 4+, 3+)."""
    state, ids = scenario("a....g", a=M("E"), g=G("W"), cp=1)
    bonuses = []
    for _ in range(5):
        state, events = act(state, "marine", Fire(model=ids["a"], at=(5, 0, 0)), rolls=[1, 2])
        bonuses.append(of_kind(events, "fired")[0].bonus)
    assert bonuses == [0, 1, 2, 3, 3]
    assert state.pieces[ids["a"]].aim.shots == 5


@pytest.mark.parametrize(
    ("options", "expected"),
    [({"sustained_fire": "single_step"}, [0, 1, 1, 1]), ({"sustained_cap": 4}, [0, 1, 2, 3])],
)
def test_sustained_fire_variants(options: dict, expected: list[int]) -> None:
    """Q2: the 2e/3e single step (5+ from the second shot) and the Sulk 0.29 cap of +4."""
    state, ids = scenario("a....g", a=M("E"), g=G("W"), options=options)
    bonuses = []
    for _ in range(4):
        state, events = act(state, "marine", Fire(model=ids["a"], at=(5, 0, 0)), rolls=[1, 1])
        bonuses.append(of_kind(events, "fired")[0].bonus)
    assert bonuses == expected


def test_sustained_fire_is_lost() -> None:
    """SHB-8.2: the bonus is lost on a change of target or any move, turn or door action."""
    state, ids = scenario(
        """
        .....h
        a....g
        """,
        a=M("E"),
        g=G("W"),
        h=G("W"),
        cp=4,
    )
    state, _ = act(state, "marine", Fire(model=ids["a"], at=(5, 1, 0)), rolls=[1, 1])
    state, events = act(state, "marine", Fire(model=ids["a"], at=(5, 0, 0)), rolls=[1, 1])
    assert of_kind(events, "fired")[0].bonus == 0  # new target
    state, _ = act(state, "marine", Turn(model=ids["a"], facing="N"))
    state, _ = act(state, "marine", Turn(model=ids["a"], facing="E"))
    state, events = act(state, "marine", Fire(model=ids["a"], at=(5, 0, 0)), rolls=[1, 1])
    assert of_kind(events, "fired")[0].bonus == 0  # turned in between


def test_move_and_fire() -> None:
    """SHB-8.3: a free shot after a 1 AP forward move (2 AP backward), without the sustained bonus."""
    state, ids = scenario(".a....g", a=M("E"), g=G("W"))
    state, events = act(state, "marine", Move(model=ids["a"], to=(2, 0, 0), fire=True))
    assert state.pieces[ids["a"]].ap == 3 and state.top().kind == "free_shot"
    state, events = act(state, "marine", Fire(model=ids["a"], at=(6, 0, 0), use="free"), rolls=[5, 5])
    assert of_kind(events, "fired")[0].bonus == 0 and state.pieces[ids["a"]].ap == 3
    state, events = act(state, "marine", Fire(model=ids["a"], at=(6, 0, 0)), rolls=[5, 1])
    assert of_kind(events, "fired")[0].bonus == 1 and of_kind(events, "fired")[0].hit  # the chain continues
    state, ids = scenario(".a....g", a=M("E"), g=G("W"))
    state, _ = act(state, "marine", Move(model=ids["a"], to=(0, 0, 0), fire=True))
    assert state.pieces[ids["a"]].ap == 2
    state, _ = act(state, "marine", Pass())
    assert state.top() is None


def test_overwatch_shoots_each_stealer_action_in_arc_within_12() -> None:
    """SHB-8.4: 2 AP; a free shot whenever a Stealer ends any action in arc, in LoS, within 12 squares."""
    state, ids = scenario("a............", a=M("E"), cp=0)
    state, events = act(state, "marine", Overwatch(model=ids["a"]))
    assert state.pieces[ids["a"]].ap == 2 and state.pieces[ids["a"]].overwatch
    state, ids = scenario("a............g", a=M("E", overwatch=True), g=G("W"), phase="stealer")
    state, events = act(state, "genestealer", Turn(model=ids["g"], facing="N"))
    assert not of_kind(events, "fired")  # 13 squares away: out of overwatch range (Q3)
    state, ids = scenario("a...........g", a=M("E", overwatch=True), g=G("W"), phase="stealer")
    state, events = act(state, "genestealer", Turn(model=ids["g"], facing="N"), rolls=[1, 2])
    assert of_kind(events, "fired")[0].overwatch and of_kind(events, "fired")[0].bonus == 0
    state, events = act(state, "genestealer", Turn(model=ids["g"], facing="W"), rolls=[1, 2])
    assert of_kind(events, "fired")[0].bonus == 0  # no sustained bonus on overwatch (1st edition)


def test_overwatch_rules_for_who_and_what_cancels_it() -> None:
    """SHB-8.4: only storm bolters stand overwatch; any action the Marine takes cancels it."""
    state, ids = scenario("f...", f=F("E"))
    assert refused(state, "marine", Overwatch(model=ids["f"])) == "spacehulk.fire.no_bolter"
    state, ids = scenario("a...", a=M("E", overwatch=True))
    state, events = act(state, "marine", Turn(model=ids["a"], facing="S"))
    assert of_kind(events, "overwatch_ended")[0].reason == "acted" and not state.pieces[ids["a"]].overwatch


def test_two_marines_on_overwatch_both_fire_and_a_double_jams() -> None:
    """SHB-8.5 / SHB-8.6: a Genestealer steps into a corridor watched by two Marines on overwatch;
    both fire, the second at an already dead target, and his double jams his bolter."""
    state, ids = scenario(
        """
        #####g#
        a......
        #####.#
        #####b#
        """,
        a=M("E", overwatch=True),
        b=M("N", overwatch=True),
        g=G("S"),
        phase="stealer",
    )
    state, events = act(state, "genestealer", Move(model=ids["g"], to=(5, 1, 0)), rolls=[6, 2, 3, 3])
    first, second = of_kind(events, "fired")
    assert (first.model, first.hit, first.jammed) == (ids["a"], True, False)
    assert (second.model, second.hit, second.jammed) == (ids["b"], False, True)
    assert kinds_without_agenda(events)[-3:] == ["fired", "killed", "fired"]
    assert ids["g"] not in state.pieces and state.kills == 1
    assert state.pieces[ids["b"]].jammed and not state.pieces[ids["b"]].overwatch  # a jam ends overwatch
    assert state.pieces[ids["a"]].overwatch


def test_jams() -> None:
    """SHB-8.6 / Q5: a double 6 kills then jams; aimed shots never jam; a jammed bolter must be cleared."""
    state, ids = scenario("a...g", a=M("E", overwatch=True), g=G("W"), phase="stealer")
    state, events = act(state, "genestealer", Turn(model=ids["g"], facing="N"), rolls=[6, 6])
    assert (
        of_kind(events, "fired")[0].hit
        and of_kind(events, "fired")[0].jammed
        and ids["g"] not in state.pieces
    )
    state, ids = scenario(
        "a...g", a=M("E", overwatch=True), g=G("W"), phase="stealer", options={"double_six": "kill_no_jam"}
    )
    state, events = act(state, "genestealer", Turn(model=ids["g"], facing="N"), rolls=[6, 6])
    assert of_kind(events, "fired")[0].hit and not of_kind(events, "fired")[0].jammed
    state, ids = scenario("a...g", a=M("E"), g=G("W"))
    state, events = act(state, "marine", Fire(model=ids["a"], at=(4, 0, 0)), rolls=[3, 3])
    assert not state.pieces[ids["a"]].jammed
    state, ids = scenario("a...g", a=M("E", jammed=True), g=G("W"))
    assert refused(state, "marine", Fire(model=ids["a"], at=(4, 0, 0))) == "spacehulk.fire.jammed"
    assert refused(state, "marine", Overwatch(model=ids["a"])) == "spacehulk.fire.jammed"
    assert refused(state, "marine", Move(model=ids["a"], to=(1, 0, 0), fire=True)) == "spacehulk.fire.jammed"
    state, _ = act(state, "marine", ClearJam(model=ids["a"]))
    assert not state.pieces[ids["a"]].jammed and state.pieces[ids["a"]].ap == 3


def test_jams_clear_each_turn_variant() -> None:
    """SHB-8.6: 3rd edition clears jams at the start of the Marine turn (flag)."""
    state, ids = scenario(
        "a..", a=M("E", jammed=True), phase="stealer", options={"jams_clear_each_turn": True}
    )
    state, events = act(state, "genestealer", EndTurn(), rolls=[1])
    assert "jams_cleared" in kinds_without_agenda(events) and not state.pieces[ids["a"]].jammed


def test_overwatch_lasts_one_stealer_phase() -> None:
    """SHB-8.7 / Q4: removed in the end phase, or kept with the sulkweb flag."""
    state, ids = scenario("a..", a=M("E", overwatch=True), phase="stealer")
    state, _ = act(state, "genestealer", EndTurn(), rolls=[1])
    assert not state.pieces[ids["a"]].overwatch
    state, ids = scenario(
        "a..", a=M("E", overwatch=True), phase="stealer", options={"overwatch_persists": True}
    )
    state, _ = act(state, "genestealer", EndTurn(), rolls=[1])
    assert state.pieces[ids["a"]].overwatch


def test_overwatch_sustained_variant() -> None:
    """SHB-8.4 [3e]: with the flag, a later overwatch shot at the same target gets +1 (5+)."""
    state, ids = scenario(
        "a...g", a=M("E", overwatch=True), g=G("W"), phase="stealer", options={"overwatch_sustained": True}
    )
    state, events = act(state, "genestealer", Turn(model=ids["g"], facing="N"), rolls=[1, 2])
    state, events = act(state, "genestealer", Turn(model=ids["g"], facing="W"), rolls=[1, 2])
    assert of_kind(events, "fired")[0].bonus == 1


def test_shooting_doors() -> None:
    """SHB-8.8: a closed door takes 2D6 and falls on a 6; sustained fire applies to doors too."""
    state, ids = scenario("a..D..", a=M("E"))
    state, events = act(state, "marine", Fire(model=ids["a"], at=(3, 0, 0)), rolls=[5, 4])
    assert state.doors == ["closed"]
    state, events = act(state, "marine", Fire(model=ids["a"], at=(3, 0, 0)), rolls=[5, 4])
    assert of_kind(events, "fired")[0].bonus == 1 and state.doors == ["destroyed"]


def test_move_and_fire_kill_uncovers_a_blip() -> None:
    """SHB-8.3 / SHB-10.7: the free shot of a move-and-fire kills the model hiding a blip: it converts at once."""
    state, ids = scenario(".a..g.b", a=M("E"), g=G("W"), b=B(1))
    state, _ = act(state, "marine", Move(model=ids["a"], to=(2, 0, 0), fire=True))
    state, events = act(state, "marine", Fire(model=ids["a"], at=(4, 0, 0), use="free"), rolls=[6, 1])
    assert kinds_without_agenda(events)[-4:] == ["fired", "killed", "blip_converted", "stealer_placed"]
    assert ids["b"] not in state.pieces


def test_move_and_fire_destroying_a_door_uncovers_a_blip() -> None:
    """SHB-8.8 / SHB-10.7: a free shot that destroys a closed door reveals the blip behind it."""
    state, ids = scenario(".a..D.b", a=M("E"), b=B(2))
    state, _ = act(state, "marine", Move(model=ids["a"], to=(2, 0, 0), fire=True))
    state, events = act(state, "marine", Fire(model=ids["a"], at=(4, 0, 0), use="free"), rolls=[6, 1])
    assert state.doors == ["destroyed"] and of_kind(events, "blip_converted")
