"""The Deathwing campaign's roster image: the squad sheets, casualties struck through, en + es."""

from __future__ import annotations

import io
import random

from PIL import Image

from engine.core import new_game, step
from engine.spacehulk.campaign import RULES
from engine.spacehulk.campaign.actions import BuyForce, FieldSquads, MissionPlayed
from engine.spacehulk.dw_types.force import ForceOrder, SquadOrder
from renderers.i18n import t
from renderers.spacehulk.roster import DEAD, roster_png


def _after_a_mission() -> object:
    for seed in range(50):
        state, _ = new_game(RULES, {"force_points": 80}, seed)
        boxes = ("command", "standard", "assault", "recon", "heavy")
        order = ForceOrder(squads=tuple(SquadOrder(squad=b) for b in boxes), timer_points=2)  # type: ignore[arg-type]
        state, _ = step(RULES, state, "marine", BuyForce(order=order))
        state, _ = step(RULES, state, "marine", FieldSquads(squads=("standard-2",)))
        if state.phase == "mission":
            played = MissionPlayed(winner="genestealer", dead=("standard-2.1", "standard-2.3"), blips=14)
            state, _ = step(RULES, state, "table", played)
            return state
    raise AssertionError("no seed")


def test_the_roster_shows_every_sheet_and_strikes_the_dead() -> None:
    state = _after_a_mission()
    png = roster_png(RULES.view(state, None), "en")  # type: ignore[arg-type]
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.width == 760 and image.height > 400
    assert DEAD in {image.getpixel((x, y)) for x in range(400, 700) for y in range(120, 200)}  # type: ignore[comparison-overlap]
    assert roster_png(RULES.view(state, "marine"), "en") == roster_png(RULES.view(state, "genestealer"), "en")  # type: ignore[arg-type]
    assert roster_png(RULES.view(state, None), "es") != png  # type: ignore[arg-type]


def test_the_roster_words_have_real_plurals() -> None:
    one = t("en", "spacehulk.campaign.roster.stock", torpedoes=1, blips=1, pool=125, points=1)
    assert one == "1 boarding torpedo left · 1 of 125 blips used · 1 timer point"
    none = t("es", "spacehulk.campaign.roster.stock", torpedoes=0, blips=3, pool=125, points=2)
    assert none == "Sin torpedos de abordaje · 3 de 125 marcadores usados · 2 puntos de tiempo"
    assert (
        t("es", "spacehulk.campaign.roster.squad", box="recon", id="recon-4", alive=1)
        == "Reconocimiento recon-4 (1 Marine)"
    )


def test_the_roster_draws_at_every_step_of_a_campaign() -> None:
    rng = random.Random(3)
    state, _ = new_game(RULES, {}, 3)
    for _ in range(200):
        if RULES.outcome(state) is not None:
            break
        for lang in ("en", "es"):
            assert roster_png(RULES.view(state, None), lang).startswith(b"\x89PNG")
        seat = sorted(RULES.active_seats(state))[0]
        state, _ = step(RULES, state, seat, rng.choice(RULES.legal_actions(state, seat)))
