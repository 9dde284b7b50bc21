"""The text board (issue 29 item 2): each game's whole position in words after a scripted position,
as a seat (or a spectator) may know it, in its language; and the images' descriptions (item 1)
within Discord's limit, from the same words.

A scripted position: a new game from a seed, then `steps` choices, the i-th being legal action
number i (modulo their count) of the first seat to act. The expected texts below were read line by
line against the board images of the same positions.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.panels import pack_blocks
from engine.core import apply, dice_for, new_game
from engine.registry import GAMES
from renderers.base import ALT_LIMIT, BLOCK_LIMIT, Presenter, fit_lines
from renderers.registry import PRESENTERS, get


def scripted(game: str, seed: int, steps: int) -> tuple[Any, Any]:
    rules = GAMES[game]
    state, _ = new_game(rules, None, seed)
    for i in range(steps):
        active = sorted(rules.active_seats(state))
        if not active or rules.outcome(state) is not None:
            break
        legal = rules.legal_actions(state, active[0])
        events = rules.decide(state, active[0], legal[i % len(legal)], dice_for(state))
        state = apply(rules, state, events)
    return rules, state


EXPECTED = {
    ("canyon", 11, 3, "marine", "en"): """\
Turn 2 · Stormtalon before step 2 of 8 · pursuit die 3
The Marine is choosing a card to play.
Your hand: 7♦ 9♦ 10♦
Next canyon card: A♠ (hazard 1)

The canyon: 8 steps, 2 cards removed unseen.
Step 1: 9♠, hazard 9.
Step 2: face down, you looked at it: A♠, hazard 1. The Stormtalon is in front of this step.
Step 3: route A: face down; route B: face down.
Step 4: face down.
Step 5: route A: face down; route B: face down.
Step 6: face down.
Step 7: route A: face down; route B: face down.
Step 8: face down.
The Dakkajet flies 3 inches behind the Stormtalon.

The Stormtalon (the Marine): 4 of 20 damage, 3 cards in hand, 6 in the deck.
The Stormtalon played 2♦ last turn.
The Stormtalon's damage cards: 4♥ K♥ J♥.
The Stormtalon's next numbered damage card counts times 4.
The Dakkajet (the Ork): 0 of 20 damage, 3 cards in hand, 6 in the deck.
The Dakkajet played 8♣ last turn.
10 cards in the damage deck.
Dice last turn: Shoot [6] [6] [6], 3 hits.
""",
    ("canyon", 11, 3, None, "es"): """\
Turno 2 · Stormtalon ante el paso 2 de 8 · dado de persecución 3
El marine está eligiendo qué carta jugar.

El cañón: 8 pasos, 2 cartas retiradas sin ver.
Paso 1: 9♠, peligro 9.
Paso 2: boca abajo. La Stormtalon está ante este paso.
Paso 3: ruta A: boca abajo; ruta B: boca abajo.
Paso 4: boca abajo.
Paso 5: ruta A: boca abajo; ruta B: boca abajo.
Paso 6: boca abajo.
Paso 7: ruta A: boca abajo; ruta B: boca abajo.
Paso 8: boca abajo.
El Dakkajet vuela 3 pulgadas detrás de la Stormtalon.

La Stormtalon (el marine): 4 de 20 de daño, 3 cartas en la mano, 6 en el mazo.
La Stormtalon jugó 2♦ el turno pasado.
La Stormtalon: cartas de daño 4♥ K♥ J♥.
La Stormtalon: su próxima carta de daño numerada cuenta por 4.
El Dakkajet (el orko): 0 de 20 de daño, 3 cartas en la mano, 6 en el mazo.
El Dakkajet jugó 8♣ el turno pasado.
10 cartas en el mazo de daño.
Dados del turno pasado: Disparo [6] [6] [6], 3 impactos.
""",
    ("arkenstone", 11, 30, "bilbo", "en"): """\
Turn 2: Smaug · Smaug must guess higher or lower
Reference 3♠ · guess: —
Treasure cards face down: 13 of 13
Bilbo and Smaug are 10 inches apart.
Bilbo stands at (14.88, 3.38).
Smaug stands at A1.
Last move: Bilbo moved from C1 to (14.88, 3.38).

Treasure cards: 13 on the table, 13 face down.
T1 at E1: face down.
T2 at G1: face down.
T3 at B2: face down.
T4 at D2: face down.
T5 at F2: face down.
T6 at A3: face down.
T7 at C3: face down.
T8 at E3: face down.
T9 at G3: face down.
T10 at B4: face down.
T11 at D4: face down.
T12 at F4: face down.
T13 at A5: face down.

Location cards: K♣ at C5, A♣ at E5, 4♣ at G5, 9♣ at B6, 8♣ at D6, 5♣ at F6, J♣ at A7, 6♣ at C7, Q♣ at E7, 7♣ at G7, 3♣ at B1, 2♣ at A2, 10♣ at G2.
""",
    ("clickwars", 11, 12, "blue", "en"): """\
ClickWars · Extermination
Round 1/8 · Red's turn · Movement
Figures standing: Red 14, Blue 14
The table is 120 by 120 cm; x runs left to right, y from the bottom edge up; Red deploys along the bottom edge (y = 0).

Red: 15 units.
R1 Cannon at (60, 6 cm), life 30 of 30; with R2.
R2 Gun crew at (60, 1.5 cm), life 20 of 20; with R1.
R3 Rifleman at (17, 16 cm), life 20 of 20.
R4 Rifleman at (31.5, 16 cm), life 20 of 20.
R5 Rifleman at (45.5, 16 cm), life 20 of 20.
R6 Rifleman at (53, 22.5 cm), life 20 of 20; has moved.
R7 Archer at (74.5, 16 cm), life 20 of 20.
R8 Archer at (88.5, 26 cm), life 20 of 20; has moved.
R9 Axe thrower at (95, 22 cm), life 20 of 20; has moved.
R10 Swordsman at (24.5, 10 cm), life 20 of 20.
R11 Swordsman at (38.5, 10 cm), life 20 of 20.
R12 Lancer at (53, 10 cm), life 20 of 20.
R13 Lancer at (67, 10 cm), life 20 of 20.
R14 Cavalry at (81.5, 10 cm), life 30 of 30.
R15 Cavalry at (95.5, 10 cm), life 30 of 30.

Blue: 15 units.
B1 Cannon at (60, 114 cm), life 30 of 30; with B2.
B2 Gun crew at (60, 118.5 cm), life 20 of 20; with B1.
B3 Rifleman at (17, 104 cm), life 20 of 20.
B4 Rifleman at (31.5, 104 cm), life 20 of 20.
B5 Rifleman at (45.5, 104 cm), life 20 of 20.
B6 Rifleman at (60, 104 cm), life 20 of 20.
B7 Archer at (74.5, 104 cm), life 20 of 20.
B8 Archer at (88.5, 104 cm), life 20 of 20.
B9 Axe thrower at (103, 104 cm), life 20 of 20.
B10 Swordsman at (24.5, 110 cm), life 20 of 20.
B11 Swordsman at (38.5, 110 cm), life 20 of 20.
B12 Lancer at (53, 110 cm), life 20 of 20.
B13 Lancer at (67, 110 cm), life 20 of 20.
B14 Cavalry at (81.5, 110 cm), life 30 of 30.
B15 Cavalry at (95.5, 110 cm), life 30 of 30.

Terrain H1, Hill (+10 cm range): a circle of radius 12 cm around (25, 58 cm).
Terrain H2, Hill (+10 cm range): a circle of radius 12 cm around (95, 62 cm).
Terrain W1, Wood: difficult, hides beyond 5 cm: a circle of radius 9 cm around (45, 42 cm).
Terrain W2, Wood: difficult, hides beyond 5 cm: a circle of radius 9 cm around (75, 78 cm).
Terrain S1, Swamp: difficult: between (90, 30 cm) and (110, 40 cm).
Terrain S2, Swamp: difficult: between (10, 80 cm) and (30, 90 cm).
Terrain R1, Rock: impassable, blocks sight: between (68, 42 cm) and (78, 50 cm).
Terrain R2, Rock: impassable, blocks sight: between (42, 70 cm) and (52, 78 cm).
""",
    ("spacehulk", 11, 6, "marine", "en"): """\
Purge (test mission)
Turn 1 · Marine action phase
Active: M1 (1 AP left)
Command points: 3 of 4
Marine turn: 2:30
0 Genestealers killed · 19 blips in the bag

Section 0:R: a room from I8 to K10, 9 squares.
  M1 Sergeant Lorenzo (storm bolter) at K8, facing east, acting now, 1 AP left.
  M2 Brother Deino (storm bolter) at I9, facing west.
  M3 Brother Zael (heavy flamer) at K9, facing east.
  M4 Brother Goriel (storm bolter) at J10, facing south.
7 other sections are empty.

Closed doors: H9, J7, J11, L9.
Entry area 1: 0 Genestealers and 1 blip lurking: B5.
Entry area 2: 0 Genestealers and 1 blip lurking: B6.
""",
    ("spacehulk", 11, 6, "genestealer", "es"): """\
Purga (misión de prueba)
Turno 1 · fase de acción marine
Activa: M1 (le queda 1 PA)
1 punto de mando gastado este turno
Turno marine: 2:30
0 Genestealers muertos · 19 blips en la bolsa
Tus blips: B5 = 3 (zona de entrada 1), B6 = 3 (zona de entrada 2). En la bolsa (fichas × valor): 8×1, 4×2, 7×3.

Sección 0:R: una sala de I8 a K10, 9 casillas.
  M1 Sergeant Lorenzo (bólter de asalto) en K8, mirando al este, actúa ahora, le queda 1 PA.
  M2 Brother Deino (bólter de asalto) en I9, mirando al oeste.
  M3 Brother Zael (lanzallamas pesado) en K9, mirando al este.
  M4 Brother Goriel (bólter de asalto) en J10, mirando al sur.
7 secciones más están vacías.

Puertas cerradas: H9, J7, J11, L9.
Zona de entrada 1: 0 genestealers y 1 blip al acecho: B5 (valor 3).
Zona de entrada 2: 0 genestealers y 1 blip al acecho: B6 (valor 3).
""",
    ("dw_campaign", 11, 0, None, "en"): """\
Deathwing campaign: both players bid in secret for the Marines (round 1, 0 of 2 in).

Deathwing campaign: the squad sheets
4 boarding torpedoes left · 0 of 125 blips used · 1 timer point
No force bought yet.
""",
}


@pytest.mark.parametrize("case", sorted(EXPECTED, key=repr), ids=lambda c: f"{c[0]}-{c[3]}-{c[4]}")
def test_the_text_board_of_a_scripted_position(case: tuple[str, int, int, str | None, str]) -> None:
    game, seed, steps, seat, lang = case
    rules, state = scripted(game, seed, steps)
    blocks = get(game).board_text(rules.view(state, seat), lang)
    assert "\n\n".join(blocks) == EXPECTED[case].rstrip("\n")
    assert all(0 < len(block) <= BLOCK_LIMIT for block in blocks)


def test_each_seat_reads_its_own_secrets_and_nobody_else_does() -> None:
    """The same position told to each reader: the Marine's hand and what she looked at ahead (DC-NAV-1)
    only in hers; a blip's value only in the Genestealer player's (SHB-10.1); a side's secret
    deployment only in its own (clickwars.md A21: simultaneous secret deployment)."""
    rules, state = scripted("canyon", 11, 3)
    told = {
        seat: "\n".join(get("canyon").board_text(rules.view(state, seat), "en"))
        for seat in ("marine", "ork", None)
    }
    assert "Your hand: 7♦ 9♦ 10♦" in told["marine"] and "you looked at it: A♠" in told["marine"]
    assert "A♠" not in told["ork"] and "A♠" not in told[None] and "7♦" not in told[None]
    rules, state = scripted("spacehulk", 11, 6)
    told = {
        seat: "\n".join(get("spacehulk").board_text(rules.view(state, seat), "en"))
        for seat in ("marine", "genestealer", None)
    }
    assert (
        "B5 (value 3)" in told["genestealer"]
        and "(value" not in told["marine"]
        and "(value" not in told[None]
    )
    rules, state = scripted("clickwars", 11, 8)
    assert rules.view(state, None).phase == "deploy"
    told = {
        seat: "\n".join(get("clickwars").board_text(rules.view(state, seat), "en"))
        for seat in ("red", "blue", None)
    }
    assert "R1 Cannon: your secret deployment at" in told["red"]
    assert (
        "R1 Cannon: not on the table yet." in told["blue"]
        and "R1 Cannon: not on the table yet." in told[None]
    )


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_picture_has_words_within_discords_limit(game: str) -> None:
    """Random positions of every game: the board's and the private picture's descriptions are there,
    within 1,024 characters, in the reader's language; the text board packs into Discord messages."""
    rules, presenter = GAMES[game], get(game)
    rng = random.Random(29)
    state, _ = new_game(rules, None, 29)
    for step in range(120):
        if step % 10 == 0:
            for seat in (*rules.seats, None):
                view = rules.view(state, seat)
                words = {lang: presenter.image_text(view, lang) for lang in ("en", "es")}
                assert all(0 < len(w) <= ALT_LIMIT for w in words.values()), game
                assert words["en"] != words["es"]
                if seat is not None:
                    assert 0 < len(presenter.private_image_text(view, "es")) <= ALT_LIMIT
                messages = pack_blocks(presenter.board_text(view, "en"))
                assert messages and all(len(m) <= 2000 for m in messages)
        active = sorted(rules.active_seats(state))
        if not active or rules.outcome(state) is not None:
            break
        legal = rules.legal_actions(state, active[0])
        state = apply(rules, state, rules.decide(state, active[0], rng.choice(legal), dice_for(state)))


def test_every_presenter_writes_its_pictures_in_words() -> None:
    """`board_text` is part of the surface a game must provide (README, "Add a game", step 3)."""
    for name, presenter in PRESENTERS.items():
        assert type(presenter).board_text is not Presenter.board_text, name


def test_messages_are_packed_whole_lines_first() -> None:
    blocks = ["title", "\n".join(f"line {n:03d} " + "x" * 90 for n in range(60))]
    messages = pack_blocks(blocks, limit=2000)
    assert len(messages) == 4 and all(len(m) <= 2000 for m in messages)
    assert "\n".join(messages).replace("\n\n", "\n").splitlines() == ["title", *blocks[1].splitlines()]


def test_the_clickwars_picture_names_every_unit_within_the_limit() -> None:
    """Thirty units on the table: each one named with its place and life in the picture's words."""
    rules, state = scripted("clickwars", 11, 12)
    words = get("clickwars").image_text(rules.view(state, None), "en")
    assert len(words) <= ALT_LIMIT
    assert "R6 Rifleman (53, 22) 20/20" in words and "B15 Cavalry (96, 110) 30/30." in words
    assert words.splitlines()[1] == "Round 1/8 · Red's turn · Movement"


def test_words_too_long_for_a_picture_are_cut_between_lines() -> None:
    assert fit_lines(["a" * 30, "b" * 100], 80) == "a" * 30 + "\n" + "b" * 48 + "…"
    assert fit_lines(["a" * 60, "b" * 100], 80) == "a" * 60  # too little room left: the line is left out
    assert len(fit_lines(["x" * 2000])) == ALT_LIMIT
