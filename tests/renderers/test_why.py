"""A ruling in words and on the seat's picture (renderers/why.py, the ClickWars and Arkenstone
overlays): every number an engine writes has its words in English and Spanish and its place in the
order told; the overlay draws the sight line red where a rock blocks it, the ruler along a move."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PIL import Image

from engine.arkenstone import RULES as ARKENSTONE
from engine.canyon import RULES as CANYON
from engine.clickwars import RULES as CLICKWARS
from engine.clickwars import actions as cw
from engine.clickwars.terrain import Area
from engine.core import Rejected, Ruling, Sight, new_game, step
from engine.core.shapes import Circle, Polygon
from renderers.clickwars.board import Frame
from renderers.clickwars.why import BLOCKED, RULER, why_png
from renderers.i18n import has, t
from renderers.why import ORDER, explanation
from tests.engine.clickwars.helpers import act, table
from tests.engine.helpers import ScriptedDice


def _rulings(rules: Any, seed: int) -> list[Ruling]:
    state, _ = new_game(rules, None, seed)
    rng = random.Random(seed)
    out: list[Ruling] = []
    while rules.outcome(state) is None and len(out) < 400:
        seat = sorted(rules.active_seats(state))[0]
        legal = rules.legal_actions(state, seat)
        state, events = step(rules, state, seat, legal[rng.randrange(len(legal))])
        out += [e.ruling for e in events if getattr(e, "ruling", None) is not None]
    return out


def _all_rulings() -> list[Ruling]:
    from engine.spacehulk.actions import Turn
    from tests.engine.spacehulk.helpers import G, M, scenario
    from tests.engine.spacehulk.helpers import act as sh_act

    found = [r for rules in (CANYON, ARKENSTONE, CLICKWARS) for r in _rulings(rules, 2)]
    state, ids = scenario("a.....g", a=M("E", overwatch=True), g=G("W"), phase="stealer")
    _, events = sh_act(state, "genestealer", Turn(model=ids["g"], facing="N"), rolls=[6, 6])
    found += [e.ruling for e in events if getattr(e, "ruling", None) is not None]
    hill = Area(id="H9", kind="hill", elevated=True, shape=Circle(x=60, y=30, r=5))
    wood = Area(id="W9", kind="wood", going="difficult", sight="wood", shape=Circle(x=60, y=40, r=2))
    shooting = table({"R3": (60, 30), "B3": (60, 48)}, terrain=[hill, wood], phase="shooting")
    _, events = act(shooting, "red", cw.Shoot(unit="R3", target="B3"), ScriptedDice(rolls=[7, 3]))
    found += [e.ruling for e in events if getattr(e, "ruling", None) is not None]
    fighting = table({"R3": (60, 30), "B3": (60, 33.5)}, terrain=[], phase="assault")
    _, events = act(fighting, "red", cw.Fight(unit="R3", target="B3"), ScriptedDice(rolls=[8]))
    found += [e.ruling for e in events if getattr(e, "ruling", None) is not None]
    return found


def test_every_number_an_engine_writes_is_worded_in_both_languages() -> None:
    """DC-HIT-2, AK-TRN-9, CW-RNG-4, SHB-8.6: each number of the rulings of seeded games (and of an
    overwatch shot) has its own message in en and es, and a place in the order they are told."""
    from tests.engine.test_rulings_more import more_rulings

    names = {name for ruling in [*_all_rulings(), *more_rulings()] for name in ruling.numbers}
    assert {"damage", "card", "distance_cm", "dice", "jammed"} <= names
    for name in names:
        assert has(f"why.n.{name}") and name in ORDER, name
        for lang in ("en", "es"):
            assert not t(lang, f"why.n.{name}", value=1).startswith(f"{name}:"), (lang, name)  # words


def test_an_explanation_in_spanish_formats_its_numbers() -> None:
    """CW-LOS-2: the decimal comma, the rules in order, the blocker named; plurals by count."""
    ruling = Ruling(
        rules=("CW-GEN-4", "CW-LOS-2"),
        numbers={"range_cm": 20.0, "distance_cm": 16.5},
        sight=Sight(frm=(60, 30), to=(60, 48), clear=False, by="K1", at=(60, 39)),
    )
    said = explanation("R3 no ve a B3", ruling, "es", step=41).splitlines()
    assert said[:4] == [
        "**Por qué (paso 41):** R3 no ve a B3",
        "Reglas aplicadas, en orden: CW-GEN-4, CW-LOS-2",
        "- Distancia, de borde a borde de peana: 16,5 cm",
        "- Alcance del arma: 20 cm",
    ]
    assert said[4] == "- Línea de visión: tapada por K1."
    one = explanation("x", Ruling(rules=("SHB-8.4",), numbers={"distance_sq": 1}), "en")
    assert "Rule applied: SHB-8.4" in one and "Distance: 1 square" in one


def _pixel(png: bytes, xy: tuple[float, float]) -> tuple[int, int, int]:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    return image.getpixel((round(xy[0]), round(xy[1])))  # type: ignore[return-value]


def test_the_clickwars_overlay_draws_the_blocked_line_and_the_ruler() -> None:
    """CW-LOS-2, CW-MOV-2: on the seat's own view, the sight line is red where the rock blocks it,
    and a move's ruler is drawn along its path, the difficult ground it crossed outlined."""
    rock = Area(id="K1", kind="rock", going="impassable", sight="solid", shape=Polygon.rect(50, 38, 70, 40))
    swamp = Area(id="S9", kind="swamp", going="difficult", shape=Polygon.rect(20, 33, 40, 35))
    s = table({"R3": (60, 30), "B3": (60, 48), "R4": (30, 30)}, terrain=[rock, swamp], phase="shooting")
    with pytest.raises(Rejected) as no:
        act(s, "red", cw.Shoot(unit="R3", target="B3"))
    assert no.value.ruling is not None
    f = Frame(s.width, s.height)
    png = why_png(CLICKWARS.view(s, "red"), no.value.ruling, "en")
    assert _pixel(png, f.xy(60, 44)) == BLOCKED  # on the line between the rock and the target
    s = table({"R3": (60, 30), "B3": (60, 48), "R4": (30, 30)}, terrain=[rock, swamp], phase="movement")
    after, events = act(s, "red", cw.Move(unit="R4", x=30, y=38), ScriptedDice(seed=0))
    (moved,) = [e for e in events if e.kind == "moved"]
    assert moved.ruling is not None and moved.ruling.ground == ("S9",)
    png = why_png(CLICKWARS.view(after, "red"), moved.ruling, "en")
    assert _pixel(png, f.xy(30, 32)) == RULER  # the ruler between the start and the swamp


def test_the_arkenstone_overlay_draws_the_ruler() -> None:
    """AK-ACT-B1: Bilbo's move is drawn as a ruler from where he stood, in the seat's own picture."""
    from engine.arkenstone import events as ak
    from renderers.arkenstone.why import RULER_INK
    from renderers.arkenstone.why import why_png as ak_png

    state, _ = new_game(ARKENSTONE, None, 1)
    rng = random.Random(1)
    moved = None
    while moved is None:
        seat = sorted(ARKENSTONE.active_seats(state))[0]
        legal = ARKENSTONE.legal_actions(state, seat)
        state, events = step(ARKENSTONE, state, seat, legal[rng.randrange(len(legal))])
        moved = next((e for e in events if isinstance(e, ak.FigureMoved) and e.ruling is not None), None)
    assert moved.ruling is not None
    png = ak_png(ARKENSTONE.view(state, "bilbo"), moved.ruling, "en")
    (x0, y0), (x1, y1) = moved.ruling.path
    from renderers.arkenstone.board import PX_PER_IN, TABLE_IN
    from renderers.arkenstone.board import RULER as EDGE

    mid = ((x0 + x1) / 2, (y0 + y1) / 2)
    px = (EDGE + mid[0] * PX_PER_IN, EDGE + (TABLE_IN - mid[1]) * PX_PER_IN)
    r, g, b = _pixel(png, px)
    assert abs(r - RULER_INK[0]) < 40 and abs(g - RULER_INK[1]) < 40 and b < 120


def test_a_charge_s_corridor_is_drawn_under_the_figures() -> None:
    """CW-CHG-3, §8.4: the overlay of a charge tints the band its base sweeps along the 30 cm line
    (the ruler on top, its length labelled), and nothing beside the band."""
    from engine.clickwars import RULES as RULES_
    from renderers.clickwars.why import CORRIDOR

    s = table({"R14": (60, 20), "B3": (60, 35)}, terrain=[], phase="movement")
    _, events = act(s, "red", cw.Charge(unit="R14", bearing=0), ScriptedDice(rolls=[5], seed=0))
    ruling = next(e.ruling for e in events if e.kind == "charged")
    assert ruling is not None and ruling.numbers["corridor_cm"] == 6.0
    view = RULES_.view(s, "red")
    with_band = Image.open(io.BytesIO(why_png(view, ruling, "en"))).convert("RGB")
    bare = Image.open(io.BytesIO(why_png(view, Ruling(rules=("CW-CHG-1",)), "en"))).convert("RGB")
    f = Frame(s.options.width, s.options.height)
    inside = f.xy(62, 42)  # 2 cm beside the line, inside the 6 cm band, on bare ground
    outside = f.xy(66, 42)  # 6 cm beside it: outside
    tinted = with_band.getpixel((round(inside[0]), round(inside[1])))
    plain = bare.getpixel((round(inside[0]), round(inside[1])))
    assert tinted != plain and tinted[0] > plain[0] and tinted[1] > plain[1] and CORRIDOR[3] < 255
    out = (round(outside[0]), round(outside[1]))
    assert with_band.getpixel(out) == bare.getpixel(out)
