"""Wording that counts (issue 15, item 3): plural forms, locale numbers, the winning move told,
no stale or empty sentences, and guidance at the point of choice, in English and Spanish."""

from __future__ import annotations

from typing import Any

import pytest

from engine.arkenstone import RULES as ARK
from engine.arkenstone import events as ark_ev
from engine.canyon import RULES as CANYON
from engine.canyon.state import MARINE, ORK
from engine.core import apply, dice_for, new_game
from renderers.arkenstone import PRESENTER as ARK_P
from renderers.arkenstone import text as ark_text
from renderers.canyon import PRESENTER as CANYON_P
from renderers.canyon import text as canyon_text
from renderers.i18n import t


def play(rules: Any, seed: int, options: dict | None = None, stop: Any = None) -> Any:
    """States of an AI-vs-AI game, until `stop(state)` holds (or the end)."""
    state, _ = new_game(rules, options, seed)
    pilots = {seat: rules.pilot(seat) for seat in rules.seats}
    while rules.outcome(state) is None and not (stop and stop(state)):
        seat = sorted(rules.active_seats(state))[0]
        legal = rules.legal_actions(state, seat)
        action = pilots[seat].choose(rules.view(state, seat), legal, dice_for(state).fork(seat))
        state = apply(rules, state, rules.decide(state, seat, action, dice_for(state)))
    return state


# --- plural forms ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "n", "expected"),
    [
        ("en", 0, "no hits"),
        ("en", 1, "1 hit"),
        ("en", 2, "2 hits"),
        ("es", 0, "ningún impacto"),
        ("es", 1, "1 impacto"),
        ("es", 4, "4 impactos"),
    ],
)
def test_hits_are_counted_in_the_language(lang: str, n: int, expected: str) -> None:
    assert canyon_text.hits(lang, n) == expected


def test_a_one_step_canyon_and_one_dealt_card_read_in_the_singular() -> None:
    """DC-SET-2 with the smallest layout: "1 step", "1 canyon card is dealt"."""
    _, events = new_game(CANYON, {"canyon_layout": [1]}, 3)
    lines = [CANYON_P.narrate(e.redacted_for(None), "en") or "" for e in events]
    assert any("a canyon of 1 step (no forks)" in line for line in lines), lines
    assert any(line.startswith("1 canyon card is dealt face down; 12 are removed unseen") for line in lines)
    spanish = [CANYON_P.narrate(e.redacted_for(None), "es") or "" for e in events]
    assert any("un cañón de 1 paso (sin bifurcaciones)" in line for line in spanish), spanish
    assert any(line.startswith("Se reparte 1 carta del cañón boca abajo") for line in spanish)


def test_the_default_canyon_reads_in_the_plural() -> None:
    _, events = new_game(CANYON, None, 3)
    lines = " ".join(CANYON_P.narrate(e.redacted_for(None), "en") or "" for e in events)
    assert "8 steps (3 forks)" in lines and "11 canyon cards are dealt face down; 2 are removed" in lines


def test_one_card_drawn_and_one_card_to_turn_up() -> None:
    assert t("en", "canyon.n.cards_drawn", pilot="The Ork", count=1) == "The Ork draws a card."
    assert t("es", "canyon.n.cards_drawn", pilot="El orko", count=2) == "El orko roba 2 cartas."
    assert ark_text.narrate(ark_ev.TurnUpsOwed(count=1), "en") == "Bilbo chooses a face-down card to turn up."
    assert ark_text.narrate(ark_ev.TurnUpsOwed(count=3), "es") == (
        "Bilbo elige 3 cartas boca abajo para darles la vuelta."
    )


# --- locale numbers ---------------------------------------------------------------------------------


def test_spanish_decimals_take_a_comma() -> None:
    """Numbers reach the catalog as numbers (or the engine's "2.5" text) and take the language's mark."""
    assert t("es", "arkenstone.say.moved", figure="Bilbo", distance="2.5", where="C4") == (
        "Bilbo se mueve 2,5 pulgadas hasta C4."
    )
    assert t("en", "arkenstone.say.moved", figure="Bilbo", distance=2.5, where="C4") == (
        "Bilbo moves 2.5 inches to C4."
    )
    assert (
        t("en", "arkenstone.say.moved", figure="Bilbo", distance="1", where="C4")
        == "Bilbo moves 1 inch to C4."
    )
    assert t("es", "arkenstone.coords", x="12.5", y=30) == "(12,5; 30)"
    refusal = t("es", "arkenstone.move_too_far", distance="4.25", figure="Bilbo", limit="4")
    assert "4,25 pulgadas" in refusal and "4.25" not in refusal


# --- Spanish wording ---------------------------------------------------------------------------------


def test_spanish_damage_draws_say_roba_la_carta_de_dano() -> None:
    """DC-HIT-2 narration in Spanish names the card: "roba la carta de daño 8♥"."""
    for key in ("canyon.n.damage", "canyon.n.damage_multiplied", "canyon.n.damage_face"):
        text = t("es", key, ship="La Stormtalon", card="8♥", damage=8, total=8, multiplier=2)
        assert "roba la carta de daño 8♥" in text, text


# --- the end: the winning move told, nothing stale -------------------------------------------------


def test_bilbo_recovering_the_arkenstone_is_told_before_the_outcome() -> None:
    """AK-ACT-B3 / AK-WIN-1: the winning move has a line of its own."""
    won = ark_ev.GameWon(seat="bilbo", reason="recovered")
    assert ARK_P.narrate(won, "en") == "Bilbo takes the Arkenstone!"
    assert ARK_P.narrate(won, "es") == "¡Bilbo se hace con la Piedra del Arca!"
    # a discovery is told by the contest line (AK-DSC-2); the platform then states the outcome once
    assert ARK_P.narrate(ark_ev.GameWon(seat="smaug", reason="discovered"), "en") is None


@pytest.mark.parametrize("seed", range(6))
def test_no_stale_hunt_lines_after_the_end(seed: int) -> None:
    state = play(ARK, seed)
    view = ARK.view(state, None)
    assert view.winner is not None
    for lang in ("en", "es"):
        status = ARK_P.status_text(view, lang)
        assert "face up" not in status and "boca arriba" not in status, status
        assert "apart" not in status and "de distancia" not in status, status


def test_no_zero_of_zero_during_the_setup() -> None:
    """AK-SET-2: before (and while) the treasure cards are laid, the count says nothing."""
    state, _ = new_game(ARK, {"layout": "draft"}, 1)
    for lang in ("en", "es"):
        status = ARK_P.status_text(ARK.view(state, None), lang)
        assert "0 of 0" not in status and "0 de 0" not in status, status


# --- guidance at the point of choice ---------------------------------------------------------------


def test_the_marine_sees_what_each_card_costs_against_a_hazard() -> None:
    """DC-CAN-1 at the point of choice: the prompt explains it, each button counts the hits."""

    def marine_faces_a_hazard(state: Any) -> bool:
        view = CANYON.view(state, MARINE)
        return view.phase == "marine_play" and bool(view.preview) and view.preview[0] <= 10

    for seed in range(20):
        state = play(CANYON, seed, stop=marine_faces_a_hazard)
        if marine_faces_a_hazard(state):
            break
    view = CANYON.view(state, MARINE)
    hazard = view.preview[0]
    legal = CANYON.legal_actions(state, MARINE)
    prompt = CANYON_P.action_prompt(view, legal, "en")
    assert f"every point your card is above {hazard} costs you one hit" in prompt, prompt
    assert "higher than yours brings the Dakkajet closer" in prompt
    for action in legal:
        label = CANYON_P.action_label(action, "en", view)
        cost = max(0, action.card - hazard)
        assert label.endswith({0: "no hits", 1: "1 hit"}.get(cost, f"{cost} hits")), label
    assert "te cuesta un impacto" in CANYON_P.action_prompt(view, legal, "es")
    # the Ork never sees the canyon card, so its buttons carry no cost
    assert all("·" not in CANYON_P.action_label(a, "en", CANYON.view(state, ORK)) for a in legal)


def test_the_ork_is_told_the_pursuit_die_trade_off() -> None:
    """DC-MAN-3..5 and DC-SHO-2 at the point of choice."""
    state = play(CANYON, 2, stop=lambda s: CANYON.view(s, ORK).phase == "ork_play")
    view = CANYON.view(state, ORK)
    prompt = CANYON_P.action_prompt(view, CANYON.legal_actions(state, ORK), "en")
    closer, farther = max(1, view.pursuit - 1), min(6, view.pursuit + 1)
    assert f"A higher card sets the pursuit die to {closer}" in prompt, prompt
    assert f"a lower one to {farther}" in prompt and "hidden from you" in prompt


def test_each_arkenstone_action_is_explained_where_it_is_chosen() -> None:
    """AK-ACT-B1..B3 and AK-ACT-S1..S2 in the action prompts (AK-TRN-3's free action too);
    AK-TRN-6/7/9 in the guess prompt."""
    seen: dict[str, str] = {}
    for seed in range(6):
        state, _ = new_game(ARK, None, seed)
        pilots = {seat: ARK.pilot(seat) for seat in ARK.seats}
        while ARK.outcome(state) is None:
            seat = sorted(ARK.active_seats(state))[0]
            view = ARK.view(state, seat)
            legal = ARK.legal_actions(state, seat)
            if view.phase in ("action", "free_action", "guess"):
                seen.setdefault(f"{view.phase}:{view.active}", ARK_P.action_prompt(view, legal, "en"))
            action = pilots[seat].choose(view, legal, dice_for(state).fork(seat))
            state = apply(ARK, state, ARK.decide(state, seat, action, dice_for(state)))
    for key in ("action:bilbo", "free_action:bilbo"):
        assert "search a face-down treasure card within 1 inch" in seen[key], seen[key]
        assert "recover the face-up Arkenstone within 1 inch to win" in seen[key]
    assert "or discover Bilbo within 1 inch" in seen["action:smaug"]
    for key in ("guess:bilbo", "guess:smaug"):
        assert "Right: you earn an action" in seen[key] and "Wrong: your turn ends" in seen[key]
    smaug = ark_text.actions_guide("es", "smaug")
    assert "Moverte hasta 6 pulgadas" in smaug and "descubrir a Bilbo a 1 pulgada" in smaug
