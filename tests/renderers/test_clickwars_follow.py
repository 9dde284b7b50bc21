"""ClickWars you can follow (issue 27 item 2): the report of a seat's own action on its panel, and the
public summary of a whole game turn, in both languages."""

from __future__ import annotations

import pytest

from engine.clickwars import events as ev
from engine.core import Event
from renderers.clickwars import PRESENTER

SHOT: list[Event] = [
    ev.AttackRolled(attacker="R3", target="B7", at=(40.0, 50.0), mode="ranged", roll=4, need=6, result="hit"),
    ev.Damaged(unit="B7", cause="rifle", die=7, gross=14, armour=3, shield=4, net=7, life=13),
]
MISS: list[Event] = [
    ev.AttackRolled(attacker="R4", target="B8", at=(40.0, 50.0), mode="ranged", roll=8, need=5, result="miss")
]

# Blue's whole turn (as the AI plays it), then Red's turn begins.
BLUE_TURN: list[Event] = [
    ev.TurnBegan(side="blue", round=2, turn=4),
    ev.Moved(unit="B1", path=[(10.0, 10.0), (10.0, 20.0)], cost=10.0),
    ev.Moved(unit="B2", path=[(20.0, 10.0), (20.0, 14.5)], cost=4.5, fled=True),
    ev.Charged(unit="B9", bearing=45, frm=(30.0, 30.0), to=(51.2, 51.2), radius=3.0),
    ev.Damaged(unit="R5", cause="charge", die=6, gross=8, net=8, life=12),
    ev.PhaseEnded(side="blue", phase="movement", next_phase="shooting"),
    ev.AttackRolled(attacker="B3", target="R2", at=(5.0, 90.0), mode="ranged", roll=3, need=6, result="hit"),
    ev.Damaged(unit="R2", cause="rifle", die=9, gross=18, armour=2, net=16, life=-1),
    ev.Killed(unit="R2", cause="rifle"),
    ev.AttackRolled(
        attacker="B1", target="R6", at=(60.0, 90.0), mode="indirect", roll=9, need=6, result="miss"
    ),
    ev.Scattered(frm=(60.0, 90.0), bearing=90, roll=3, distance_cm=7.62, to=(67.6, 90.0), on_table=True),
    ev.BlastLanded(at=(67.6, 90.0), radius=5.0, harms="all", victims=["R7"]),
    ev.Damaged(unit="R7", cause="blast", die=2, gross=10, armour=1, net=9, life=11),
    ev.PhaseEnded(side="blue", phase="shooting", next_phase="assault"),
    ev.AttackRolled(attacker="B9", target="R5", at=(52.0, 55.0), mode="melee", roll=2, need=5, result="hit"),
    ev.Damaged(unit="R5", cause="lance", die=5, gross=10, armour=4, net=6, life=6),
    ev.PhaseEnded(side="blue", phase="assault", next_phase="end"),
    ev.RoundEnded(round=2),
    ev.TurnBegan(side="red", round=3, turn=5),
]


def test_the_panel_says_hit_or_miss_the_roll_what_it_needed_damage_and_saves() -> None:
    report = PRESENTER.action_report(SHOT, "en")
    assert report is not None
    assert "R3 shoots at B7: d10 = 4 (needs 6 or less), hit." in report
    assert "B7 takes rifle damage: d10 = 7 → 14, armour save −3, shield save −4 → 7; life 13." in report
    missed = PRESENTER.action_report(MISS, "en")
    assert missed == "> R4 shoots at B8: d10 = 8 (needs 5 or less), miss."
    es = PRESENTER.action_report(SHOT, "es")
    assert es is not None and "necesita 6 o menos), impacto." in es and "tirada de armadura −3" in es


def test_the_panel_reports_nothing_for_a_pick_or_a_phase_end() -> None:
    picked = [ev.UnitSelected(side="red", unit="R3")]
    ended = [ev.PhaseEnded(side="red", phase="shooting", next_phase="assault")]
    assert PRESENTER.action_report(picked, "en") is None
    assert PRESENTER.action_report(ended, "en") is None


def test_a_long_report_is_cut_and_says_how_much_is_left() -> None:
    report = PRESENTER.action_report(SHOT * 10, "en")
    assert report is not None
    lines = report.splitlines()
    assert len(lines) == 13 and lines[-1] == "> … and 8 more lines."


def test_the_summary_of_a_whole_turn_groups_moves_shots_assaults_and_losses() -> None:
    lines = PRESENTER.turn_summary(BLUE_TURN, "en")
    assert lines == [
        "**Round 2, Blue's turn:**",
        "• Moved (2): B1 10 cm, B2 fled 4.5 cm",
        "• Charged: B9 at 45°",
        "• Shots (2): B3 → R2: 3 (needs ≤ 6), hit; B1 → R6: 9 (needs ≤ 6), miss",
        "• Assault: B9 → R5: 2 (needs ≤ 5), hit",
        "• Blast on: R7",
        "• Wounded: R5 −8 (life 12), R7 −9 (life 11), R5 −6 (life 6)",
        "• Lost: R2 (rifle)",
        "• Round 2 ends.",
        "Round 3: Red's turn.",
    ]


def test_the_summary_in_spanish() -> None:
    lines = PRESENTER.turn_summary(BLUE_TURN, "es")
    assert lines is not None
    assert lines[0] == "**Ronda 2, turno de Azul:**"
    assert "• Movieron (2): B1 10 cm, B2 huyó 4,5 cm" in lines
    assert "• Baja: R2 (rifle)" in lines


def test_a_turn_begun_in_an_earlier_post_is_named_by_its_phase_ends_and_the_next_turn() -> None:
    """The summary after a human's turn starts after that turn's beginning (posted before)."""
    lines = PRESENTER.turn_summary(BLUE_TURN[1:], "en")
    assert lines is not None and lines[0] == "**Round 2, Blue's turn:**"


def test_a_turn_with_no_move_or_attack_says_so() -> None:
    quiet: list[Event] = [
        ev.TurnBegan(side="red", round=1, turn=1),
        ev.Moved(unit="R1", path=[(1.0, 1.0), (1.0, 2.0)], cost=1.0),
        ev.PhaseEnded(side="red", phase="assault", next_phase="end"),
        ev.TurnBegan(side="blue", round=1, turn=2),
        ev.PhaseEnded(side="blue", phase="assault", next_phase="end"),
    ]
    lines = PRESENTER.turn_summary(quiet, "en")
    assert lines is not None
    assert lines[-2:] == ["**Round 1, Blue's turn:**", "• No moves, shots or assaults."]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_set_up_keeps_its_plain_narration(lang: str) -> None:
    setup: list[Event] = [
        ev.RolledOff(rolls=[(3, 7)], winner="blue", next_phase="edge"),
        ev.DeploymentRevealed(positions={}),
        ev.TurnBegan(side="blue", round=1, turn=1),
    ]
    assert PRESENTER.turn_summary(setup, lang) is None


@pytest.mark.parametrize(
    ("lang", "title", "cavalry"),
    [("en", "Unit letters", "C  Cavalry"), ("es", "Letras de las unidades", "C  Caballería")],
)
def test_the_board_has_a_key_for_the_unit_letters(
    monkeypatch: pytest.MonkeyPatch, lang: str, title: str, cavalry: str
) -> None:
    """Issue 27 item 2: the one-letter types on the tokens have a key, the types in this game only."""
    from PIL import ImageDraw

    from engine.clickwars import RULES, Options
    from engine.core import new_game

    drawn: list[str] = []
    real = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy: object, words: object, *args: object, **kwargs: object) -> object:
        drawn.append(str(words))
        return real(self, xy, words, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    options = Options(army_red=["rifleman", "cavalry"], army_blue=["rifleman", "lancer"])
    state, _ = new_game(RULES, options, 1)
    PRESENTER.board_png(RULES.view(state, None), lang)
    assert title in drawn and cavalry in drawn
    assert not any(line.startswith("A  ") for line in drawn)  # no archer in these armies


def test_the_board_draws_the_last_turn_faded_under_the_current_one() -> None:
    """Issue 27 item 2: the opponent's last turn on the board, faded: its paths, its shots with hit
    and miss marks and its blast templates; nothing of a range where no turn was played."""
    import io

    from PIL import Image

    from engine.clickwars import RULES, Options
    from engine.core import apply, dice_for, new_game

    state, log = new_game(RULES, Options(scenario="extermination", table="120x120"), 3)
    pilot = RULES.pilot("red")
    while state.turn < 9:
        seat = sorted(RULES.active_seats(state))[0]
        legal = RULES.legal_actions(state, seat)
        action = pilot.choose(RULES.view(state, seat), legal, dice_for(state).fork(seat))
        events = RULES.decide(state, seat, action, dice_for(state))
        state = apply(RULES, state, events)
        log += events
    view = RULES.view(state, None)
    shown = [s for e in log if (s := e.redacted_for(None)) is not None]
    plain = PRESENTER.board_png(view, "en")
    drawn = PRESENTER.turn_board_png(view, shown, "en")
    assert drawn != plain and drawn == PRESENTER.turn_board_png(view, shown, "en")
    setup = [e for e in shown if e.kind in ("rolled_off", "deployment_revealed")]
    assert PRESENTER.turn_board_png(view, setup, "en") == plain
    # the last turn played in these events is Blue's (Red is to move)
    moved = [e for e in shown if isinstance(e, ev.Moved)][-1]
    assert moved.unit.startswith("B")
    before, after = (Image.open(io.BytesIO(png)).convert("RGB") for png in (plain, drawn))
    diff = sum(1 for p, q in zip(before.getdata(), after.getdata(), strict=True) if p != q)
    assert diff > 200  # paths, shot lines and marks, not one stray pixel
