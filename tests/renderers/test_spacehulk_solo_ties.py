"""The solo player's tie prompts in the Space Hulk presenter (DW-SOLO-2, DW-SOLO-8, deathwing.md §5): one
button per tied entry area or Genestealer, named as on the hulk image, and one for the dice; the prompt
and the log in English and Spanish."""

from __future__ import annotations

from typing import Any

from engine.core import Dice, apply, new_game
from engine.spacehulk import RULES
from engine.spacehulk.actions import BreakTie, EndTurn
from engine.spacehulk.view import SpaceHulkView
from renderers.base import Button
from renderers.spacehulk import PRESENTER
from tests.engine.spacehulk.helpers import G, M, scenario

SOLO = {"solo": True, "expansions": "deathwing"}
T9 = """
1.....a.....2
######.######
######.######
######.######
######.######
######3######
"""


def waiting(diagram: str, **kw: Any) -> Any:
    """The state after the Marine ends his turn: the engine's Genestealer turn waits on a tie."""
    state, _ = scenario(diagram, options=SOLO, **kw)
    events = RULES.decide(state, "marine", EndTurn(), Dice(1, state.version))
    return apply(RULES, state.model_copy(deep=True), events)


def marine_view(state: Any) -> SpaceHulkView:
    view = RULES.view(state, "marine")
    assert isinstance(view, SpaceHulkView)
    return view


def test_an_area_tie_offers_a_button_per_area_and_one_for_the_dice() -> None:
    """T-9, DW-SOLO-2: areas 1 and 2 tie for the last blip: "Entry area 1 gets the blip", "... 2 ...", and
    "Let the dice choose" (secondary, on its own row); each button submits its legal action."""
    state = waiting(T9, a=M("E"), mission={"reinforcements": 2})
    view, legal = marine_view(state), RULES.legal_actions(state, "marine")
    controls = PRESENTER.controls(view, legal, "en")
    assert controls is not None and all(isinstance(c, Button) for c in controls)
    buttons = [c for c in controls if isinstance(c, Button)]
    assert [b.label for b in buttons] == [
        "Entry area 1 gets the blip",
        "Entry area 2 gets the blip",
        "Let the dice choose",
    ]
    assert [legal[b.choice] for b in buttons if isinstance(b.choice, int)] == [
        BreakTie(pick="1"),
        BreakTie(pick="2"),
        BreakTie(),
    ]
    assert [b.style for b in buttons] == ["primary", "primary", "secondary"] and buttons[2].row == 1
    es = [c.label for c in PRESENTER.controls(view, legal, "es") or [] if isinstance(c, Button)]
    assert es == [
        "El área de entrada 1 recibe el marcador",
        "El área de entrada 2 recibe el marcador",
        "Que decidan los dados",
    ]
    prompt = PRESENTER.action_prompt(view, legal, "en")
    assert "Entry areas 1, 2 are equally near a Marine" in prompt and "one blip is left" in prompt
    assert "¿qué área recibe el siguiente marcador?" in PRESENTER.action_prompt(view, legal, "es")
    assert PRESENTER.board_png(view, "en")[:8] == b"\x89PNG\r\n\x1a\n"  # the entry areas carry their numbers


def test_a_mover_tie_names_the_genestealers_as_on_the_image_and_where_they_wait() -> None:
    """DW-SOLO-8: a Genestealer on the board by its id ("G2 moves first"); one still lurking also by its
    entry area; the answer and its reason read in the log in both languages."""
    state = waiting("1...a....g", a=M("N"), g=G("W"), lurking={"1": [G(), G()]})
    view, legal = marine_view(state), RULES.legal_actions(state, "marine")
    labels = [c.label for c in PRESENTER.controls(view, legal, "en") or [] if isinstance(c, Button)]
    assert labels == ["G2 moves first", "G3 (waiting at entry area 1) moves first", "Let the dice choose"]
    prompt = PRESENTER.action_prompt(view, legal, "en")
    assert prompt.startswith("Genestealers G2, G3 are equally near a Marine (4 AP): which moves first?")
    events = RULES.decide(state, "marine", BreakTie(pick="g3"), Dice(1, state.version))
    [logged] = [e for e in events if e.kind == "solo_decided" and e.reason.endswith(".tie_mover")]
    assert PRESENTER.narrate(logged, "en") == (
        "Genestealers G2, G3 are equally near a Marine (4 AP): the player chose G3 to move first."
    )
    assert PRESENTER.narrate(logged, "es") == (
        "Los Genestealers G2, G3 están igual de cerca de un Marine (4 PA): el jugador eligió que G3 mueva primero."
    )


def test_other_prompts_keep_the_generic_controls() -> None:
    """Only the tie prompt has controls of its own."""
    state, _ = scenario(T9, options=SOLO, a=M("E"))
    assert PRESENTER.controls(marine_view(state), RULES.legal_actions(state, "marine"), "en") is None


def test_the_hulk_image_frames_the_tied_candidates() -> None:
    """The candidates the prompt names stand out on the hulk image: the tied entry areas (T-9: areas 1 and
    2, not 3), or the tied Genestealers (a lurking one at its entry area)."""
    from renderers.spacehulk import board

    state = waiting(T9, a=M("E"), mission={"reinforcements": 2})
    view = marine_view(state)
    hulk = board._board(view.map_text)
    entries = {area: e.square for area, e in hulk.entries.items()}
    assert board.tie_squares(view, hulk) == {entries["1"], entries["2"]}
    img = board.render(view, "en")
    f = board.frame_for(hulk)
    x0, y0, _x1, _y1 = f.box(entries["1"])
    assert img.getpixel((x0 + 1, y0 + 1))[:3] == board.TIE
    x0, y0, _x1, _y1 = f.box(entries["3"])
    assert img.getpixel((x0 + 1, y0 + 1))[:3] != board.TIE
    state = waiting("1...a....g", a=M("N"), g=G("W"), lurking={"1": [G(), G()]})
    view = marine_view(state)
    hulk = board._board(view.map_text)
    g = next(p for p in view.pieces if p.id == "g2")
    assert board.tie_squares(view, hulk) == {g.square, hulk.entries["1"].square}
    assert board.tie_squares(marine_view(scenario(T9, options=SOLO, a=M("E"))[0]), hulk) == set()


def test_the_status_says_the_opening_blips_wait_on_the_solo_players_tie() -> None:
    """DW-SOLO-2, T-9: purge's opening blips tie between entry areas 2 and 3 before turn 1 (as the solo e2e
    test plays it); the status no longer says the Genestealer player is placing them, but that the
    automated Genestealers wait on the player, in both languages; without the tie it is the usual line."""
    state, _ = new_game(RULES, RULES.options_model.model_validate({"mission": "purge", "solo": True}), 1)
    view = marine_view(state)
    assert view.phase == "setup" and view.prompt is not None and view.prompt.kind == "solo_tie"
    assert "wait for you to break a tie" in PRESENTER.status_text(view, "en")
    assert "Genestealer player places" not in PRESENTER.status_text(view, "en")
    assert "esperan a que deshagas un empate" in PRESENTER.status_text(view, "es")
    two, _ = new_game(RULES, RULES.options_model.model_validate({"mission": "purge"}), 1)
    assert "the Genestealer player places the first blips" in PRESENTER.status_text(marine_view(two), "en")
