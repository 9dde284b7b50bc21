"""`/why` tells nobody anything they may not know (issue 29 item 5): over random games of every game
with secrets, at every step whose events carry a ruling, each seat's (and a spectator's) explanation
of every ruling it is shown, words and numbers, is the same on a table where everything that seat may
not know was reshuffled behind its back (`Rules.resample_hidden`) and the step decided again; and a
refusal's ruling is part of what `secrets_scan.outcome_of` compares (the refusal texts a seat reads).

E.g. the Marine player asking about an overwatch shot at a blip's Genestealers, or any ruling of the
Genestealers' turn, reads the same whatever the blips he has not seen hold."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games import presenter_for
from engine.core import Dice, Event, Rejected, Rules, apply, dice_for, new_game
from engine.registry import GAMES
from renderers.why import explanation

from .secrets_scan import outcome_of

SECRET_GAMES = sorted(
    name
    for name, rules in GAMES.items()
    if type(rules).resample_hidden is not Rules.resample_hidden and name != "dw_campaign"
)  # the campaign rules nothing itself: its missions are Space Hulk tables
GAMES_EACH = {"canyon": 20, "arkenstone": 2, "spacehulk": 2, "clickwars": 1}


def told(rules: Rules[Any], events: list[Event], viewer: str | None, lang: str) -> list[str]:
    """What `/why` would say of each ruled event of a step, as `viewer` is shown it."""
    presenter = presenter_for(rules.name)
    out = []
    for event in events:
        shown = event.redacted_for(viewer)
        ruling = getattr(shown, "ruling", None)
        if shown is not None and ruling is not None:
            out.append(explanation(presenter.narrate(shown, lang) or "", ruling, lang))
    return out


@pytest.mark.parametrize("name", SECRET_GAMES)
def test_why_says_the_same_whatever_a_seat_may_not_know(name: str) -> None:
    rules = GAMES[name]
    ruled = compared = 0
    for seed in range(GAMES_EACH.get(name, 2)):
        rng = random.Random(seed)
        state, _ = new_game(rules, None, seed)
        for n in range(3000):
            if rules.outcome(state) is not None:
                break
            seat = next(s for s in sorted(rules.active_seats(state)) if rules.legal_actions(state, s))
            legal = rules.legal_actions(state, seat)
            action = legal[rng.randrange(len(legal))]
            events = rules.decide(state, seat, action, dice_for(state))
            after = apply(rules, state.model_copy(deep=True), events)
            if any(getattr(e, "ruling", None) is not None for e in events):
                ruled += 1
                for viewer in (*rules.seats, None):
                    other = rules.resample_hidden(state, viewer, Dice(seed, 700_000 + n).fork(str(viewer)))
                    try:
                        other_events = rules.decide(other, seat, action, dice_for(state))
                    except Rejected:
                        continue  # the action used a secret of its seat's (a card in a resampled hand)
                    other_after = apply(rules, other, other_events)
                    if rules.view(other_after, viewer) != rules.view(after, viewer):
                        continue  # the seat sees another table (a secret of its own): not comparable
                    for lang in ("en", "es"):
                        mine, theirs = (
                            told(rules, events, viewer, lang),
                            told(rules, other_events, viewer, lang),
                        )
                        assert mine == theirs, (
                            f"{name} seed {seed} step {n} viewer {viewer}: {mine} != {theirs}"
                        )
                    compared += 1
            state = after
    assert ruled > 0 and compared > 0, (ruled, compared)


def test_a_refusals_ruling_is_part_of_what_the_scan_compares() -> None:
    """CW-LOS-2: the hidden-information scan compares a refusal's ruling too (a blocked shot's
    distance, range and blocker are what the refused seat reads from `/why`)."""
    from engine.clickwars import actions as cw
    from engine.clickwars.terrain import Area
    from engine.core.shapes import Polygon
    from tests.engine.clickwars.helpers import table

    rock = Area(id="K1", kind="rock", going="impassable", sight="solid", shape=Polygon.rect(50, 38, 70, 40))
    state = table({"R3": (60, 30), "B3": (60, 48)}, terrain=[rock], phase="shooting")
    told_no = outcome_of(GAMES["clickwars"], state, "red", cw.Shoot(unit="R3", target="B3"))
    assert told_no[0] == "refused" and told_no[1] == "clickwars.no_sight"
    assert "K1" in repr(told_no[-1]) and "CW-LOS-2" in repr(told_no[-1])


def test_area_rulings_say_nothing_of_what_a_blip_hides() -> None:
    """SHB-9.4 and Q7 (the flamer burns a blip whole: one die, by its id), DW-AC-3 (auto fire never
    targets a blip), DW-AC-12 (a malfunction rolls for no blip), DW-GL-2 (blips are immune to a
    grenade): each ruling, as the Marine player and a spectator read it, is word for word the same
    whatever the blips they have not seen hold (reshuffled behind their backs, `resample_hidden`),
    the dice the same."""
    from engine.spacehulk import RULES as SPACEHULK
    from engine.spacehulk.actions import AutoFire, Fire, Flame, Grenade
    from tests.engine.helpers import ScriptedDice
    from tests.engine.spacehulk.helpers import B, F, G, M, scenario

    dw = {"expansions": ["deathwing"]}
    cannon = M("E", weapon="assault_cannon", ammo=10, reloads=1)
    bag = {1: 4, 2: 4, 3: 4}
    flamer, f_ids = scenario("f.g.b", sections="ABBBB", f=F("E"), g=G("E"), b=B(2), bag=bag)
    auto, a_ids = scenario("a.g.b.h", a=cannon, g=G("W"), b=B(3), h=G("W"), options=dw, bag=bag)
    burst = cannon | {"bursts": 10}
    broke, m_ids = scenario("b...\na..g\nh...", a=burst, b=B(1), g=G("W"), h=G("N"), options=dw, bag=bag)
    captain = M("E", captain=True, grenades=10)
    sections = "AAAABBBC\nAAAABBBC\nAAAABBBC"
    nade, n_ids = scenario(
        "a...:::.\n....:g:.\n....:b:.", sections=sections, a=captain, g=G("W"), b=B(2), options=dw, bag=bag
    )
    cases = [
        (flamer, Flame(model=f_ids["f"], at=(2, 0, 0)), [4, 1]),
        (auto, AutoFire(model=a_ids["a"]), [4, 1, 1]),
        (broke, Fire(model=m_ids["a"], at=(3, 1, 0)), [2, 2, 2, 5, 3]),
        (nade, Grenade(model=n_ids["a"], at=(5, 1, 0)), [4]),
    ]
    changed = 0
    for state, action, rolls in cases:
        events = SPACEHULK.decide(state, "marine", action, ScriptedDice(rolls))
        assert any(getattr(e, "ruling", None) is not None for e in events)
        for viewer in ("marine", None):
            for n in range(6):
                other = SPACEHULK.resample_hidden(state, viewer, Dice(n, 800_000).fork(str(viewer)))
                changed += other.blips != state.blips
                again = SPACEHULK.decide(other, "marine", action, ScriptedDice(rolls))
                for lang in ("en", "es"):
                    mine = told(SPACEHULK, events, viewer, lang)
                    theirs = told(SPACEHULK, again, viewer, lang)
                    assert mine == theirs, (action, viewer, mine, theirs)
    assert changed > 0  # the blips did hold something else on some of the tables compared
