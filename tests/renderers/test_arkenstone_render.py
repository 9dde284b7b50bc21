"""Hunt for the Arkenstone presentation: images decode and are deterministic, texts come from both catalogs."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from engine.arkenstone import (
    RULES,
    ArkenstoneState,
    ArkenstoneView,
    Guess,
    MoveDirection,
    MoveTo,
    MoveToward,
)
from engine.arkenstone import events as event_models
from engine.arkenstone.ai import BilboPilot, RandomPilot, SmaugPilot
from engine.arkenstone.events import EVENT_ADAPTER
from engine.arkenstone.messages import MESSAGES
from engine.core import Dice, Event
from renderers import base
from renderers.arkenstone import PRESENTER, board, controls, text
from renderers.i18n import catalog
from tests.renderers.helpers import Recorder, decode, event_kinds, pilot_game

SEATS: tuple[str | None, ...] = ("bilbo", "smaug", None)
SOURCE = Path(board.__file__).parent


def game(
    seed: int, layout: str = "random", pilots: dict | None = None
) -> Iterator[tuple[ArkenstoneState, list[Event]]]:
    """Each state of a game with the events that led to it (AI vs AI unless told)."""
    pilots = pilots or {"bilbo": BilboPilot(), "smaug": SmaugPilot()}
    return pilot_game(RULES, {"layout": layout}, seed, pilots, cap=3000)


RANDOM = {"bilbo": RandomPilot("bilbo"), "smaug": RandomPilot("smaug")}


@pytest.fixture(scope="module")
def positions() -> list[ArkenstoneState]:
    """Varied positions: every phase of a draft and of AI games, and both kinds of ending."""
    chosen: dict[str, ArkenstoneState] = {}
    runs = [game(s) for s in range(8)] + [game(1, "draft", RANDOM), game(2, "free", RANDOM)]
    for run in runs:
        for n, (state, _) in enumerate(run):
            key = f"{state.phase}:{state.active}" if state.phase != "over" else f"over:{state.win_reason}"
            chosen.setdefault(key, state.model_copy(deep=True))
            if n > 400:
                break
    return list(chosen.values())


def test_board_png_decodes_with_the_table_to_scale(positions: list[ArkenstoneState]) -> None:
    phases = {s.phase for s in positions} | {f"over:{s.win_reason}" for s in positions if s.winner}
    assert {
        "place_smaug",
        "place_treasure",
        "place_location",
        "free_action",
        "guess",
        "trick",
        "action",
    } <= phases
    assert {"turn_up", "over:recovered", "over:discovered"} <= phases
    for state in positions:
        for seat in SEATS:
            img = decode(PRESENTER.board_png(RULES.view(state, seat), "es" if seat else "en"))
            assert img.format == "PNG" and img.size == (board.WIDTH, board.HEIGHT)
    assert board.TABLE_PX == round(47.24 * board.PX_PER_IN)  # 120 cm at 18 px per inch


def test_figures_are_drawn_where_the_view_puts_them() -> None:
    state = next(s for s, _ in game(4) if s.phase == "free_action")  # the players have placed the figures
    img = decode(PRESENTER.board_png(RULES.view(state, None), "en")).convert("RGB")
    for seat, color in (("bilbo", board.FIGURE_COLOR["bilbo"]), ("smaug", board.FIGURE_COLOR["smaug"])):
        at = getattr(state, seat)
        x, y = board.Canvas.px(at.x, at.y)
        base_px = getattr(state.options, f"{seat}_radius_in") * board.PX_PER_IN
        r, g, b = img.getpixel(
            (round(x / board.SS - 0.75 * base_px), round(y / board.SS))
        )  # beside the letter
        assert max(abs(r - color[0]), abs(g - color[1]), abs(b - color[2])) < 40, seat


def test_same_view_same_bytes(positions: list[ArkenstoneState]) -> None:
    for state in positions[:5]:
        view = RULES.view(state, "bilbo")
        again = ArkenstoneView.model_validate_json(view.model_dump_json())
        assert PRESENTER.board_png(view, "en") == PRESENTER.board_png(again, "en")


def test_public_image_comes_from_the_spectator_view_and_hides_the_diamonds(
    positions: list[ArkenstoneState],
) -> None:
    """§1 Hidden: reshuffling the face-down diamonds leaves the public image byte for byte the same."""
    for n, state in enumerate(positions[:8]):
        other = RULES.resample_hidden(state, None, Dice(n, 77))
        public = RULES.view(state, None)
        assert PRESENTER.board_png(public, "en") == PRESENTER.board_png(RULES.view(other, None), "en")
        assert PRESENTER.status_text(public, "en") == PRESENTER.status_text(RULES.view(other, None), "en")
        # Nothing is private to one player: every seat's image is the spectator's.
        assert PRESENTER.board_png(RULES.view(state, "smaug"), "en") == PRESENTER.board_png(public, "en")
        assert PRESENTER.private_png(public, "en") is None and PRESENTER.private_text(public, "en") is None


def test_every_key_used_exists_in_both_languages(monkeypatch: pytest.MonkeyPatch) -> None:
    recorder = Recorder(text.t)
    for module in (text, board, controls, base):
        monkeypatch.setattr(module, "t", recorder)
    kinds: set[str] = set()
    runs = [game(s) for s in range(10)] + [game(3, "draft", RANDOM)]
    for run in runs:
        for n, (state, events) in enumerate(run):
            if n > 300:
                break
            for seat in SEATS:
                view = RULES.view(state, seat)
                for lang in ("en", "es"):
                    assert "{" not in PRESENTER.status_text(view, lang)
                    if seat in RULES.active_seats(state):
                        legal = RULES.legal_actions(state, seat)
                        assert "{" not in PRESENTER.action_prompt(view, legal, lang)
                        for control in PRESENTER.controls(view, legal, lang) or []:
                            assert "{" not in str(control)
                        for action in legal[:60]:
                            label = PRESENTER.action_label(action, lang)
                            assert 0 < len(label) <= 80 and "{" not in label
                    for event in events:
                        shown = event.redacted_for(seat)
                        kinds.add(event.kind)
                        line = PRESENTER.narrate(shown, lang)
                        assert line is None or (line and "{" not in line)
    extra = [MoveTo(x=1.5, y=2.25), MoveToward(target="7C", distance_in=2), Guess(higher=False)]
    for action in extra:
        for lang in ("en", "es"):
            assert PRESENTER.action_label(action, lang)
    for state, _ in list(game(3))[::4]:
        PRESENTER.board_png(RULES.view(state, None), "es")
    PRESENTER.rules_text("es")
    en, es = catalog("en"), catalog("es")
    missing = sorted(k for k in recorder.keys if k not in en or k not in es)
    assert not missing, missing
    literal = set()
    for path in SOURCE.glob("*.py"):
        literal |= set(re.findall(r'"(arkenstone\.[a-z_.]+[a-z_])"', path.read_text(encoding="utf-8")))
    assert literal and not sorted(k for k in literal if k not in en or k not in es)
    assert len(kinds) >= 20


def test_every_event_kind_has_a_line_where_a_player_wants_one() -> None:
    """Narration for every kind, in both languages (bookkeeping kinds may stay silent)."""
    # game_won: the platform announces the outcome once, with the players and the reason
    silent = {"guess_due", "placement_due", "decks_shuffled", "action_earned", "trick_answered", "game_won"}
    seen: set[str] = set()
    runs = [game(s) for s in range(30)] + [game(5, "draft", RANDOM), game(6, "random", RANDOM)]
    for run in runs:
        for n, (_, events) in enumerate(run):
            if n > 2500:
                break
            for event in events:
                for lang in ("en", "es"):
                    line = PRESENTER.narrate(event.redacted_for(None), lang)
                    if line:
                        seen.add(event.kind)
                    else:
                        assert event.kind in silent, event.kind
    every = event_kinds(event_models)
    assert every - silent <= seen, sorted(every - silent - seen)


def test_narration_and_labels_read_well() -> None:
    say = PRESENTER.narrate
    searched = EVENT_ADAPTER.validate_python(
        {"kind": "treasure_searched", "label": 3, "rank": 1, "removed": False}
    )
    assert say(searched, "en") == "Bilbo searches T3: A♦, the Arkenstone! It stays face up where it is."
    assert "Piedra del Arca" in (say(searched, "es") or "")
    contest = EVENT_ADAPTER.validate_python(
        {"kind": "contest_resolved", "smaug_rank": 6, "bilbo_rank": 6, "smaug_won": False, "trigger": "event"}
    )
    assert say(contest, "en") == "Discover the Thief: Smaug 6♠ against Bilbo 6♥. Bilbo outwits him."
    assert (
        PRESENTER.action_label(MoveDirection(direction="NE", distance_in=2), "en") == "Move 2 in north-east"
    )
    assert PRESENTER.action_label(MoveToward(target="qc"), "es") == "Moverse hacia Q♣"
    assert PRESENTER.action_label(MoveTo(x=3.375, y=3.375), "en") == "Move to (3.38, 3.38)"
    assert PRESENTER.rules_text("en").startswith("Bilbo (hearts)")
    dealt = next(e for _, events in game(0) for e in events if e.kind == "cards_dealt")
    assert say(dealt, "en") == (
        "The bot deals the 26 cards to random empty cells: T1–T13 face down, the 13 clubs face up."
    )
    assert "al azar" in (say(dealt, "es") or "")


def test_the_free_action_prompt_offers_to_skip_it_by_guessing() -> None:
    """A13: the panel's sentence says Bilbo may pass or guess at once, against his reference card."""
    state = next(s for s, _ in game(2) if s.phase == "free_action")
    view = RULES.view(state, "bilbo")
    legal = RULES.legal_actions(state, "bilbo")
    ref = text.card(state.reference, "bilbo")
    prompt = PRESENTER.action_prompt(view, legal, "en")
    assert prompt.startswith("Bilbo's free action: move, search or recover.") and ref in prompt
    assert "higher or lower" in prompt and "pass" in prompt
    spanish = PRESENTER.action_prompt(view, legal, "es")
    assert ref in spanish and "mayor o menor" in spanish


def test_rejection_texts_are_in_both_catalogs() -> None:
    """Every arkenstone.* refusal id: English catalog text equals the default; Spanish exists."""
    en, es = catalog("en"), catalog("es")
    for key, default in MESSAGES.items():
        assert key.startswith("arkenstone.") and en[key] == default and es[key]
        assert set(re.findall(r"{(\w+)}", es[key])) == set(re.findall(r"{(\w+)}", default)), key
    for key in ("arkenstone.name", "arkenstone.seat.bilbo", "arkenstone.seat.smaug", "arkenstone.rules"):
        assert en[key] and es[key]
    for reason in ("recovered", "discovered"):
        assert en[f"arkenstone.outcome.{reason}"] and es[f"arkenstone.outcome.{reason}"]
    assert {k for k in en if k.startswith("arkenstone.")} == {k for k in es if k.startswith("arkenstone.")}


def _states(
    runs: list[Iterator[tuple[ArkenstoneState, list[Event]]]], cap: int = 400
) -> Iterator[ArkenstoneState]:
    for run in runs:
        for n, (state, _) in enumerate(run):
            if n > cap:
                break
            yield state


def _figure_colour_shows(img: Image.Image, view: ArkenstoneView, seat: str) -> bool:
    at = getattr(view, seat)
    x, y = board.final_px(at)
    r = getattr(view.options, f"{seat}_radius_in") * board.PX_PER_IN
    pixel = img.getpixel((round(x - 0.75 * r), round(y)))  # beside the letter
    color = board.FIGURE_COLOR[seat]
    return max(abs(pixel[0] - color[0]), abs(pixel[1] - color[1]), abs(pixel[2] - color[2])) < 40


def test_a_card_under_a_figure_gets_a_label_clear_of_every_figure() -> None:
    # Issue 15 item 7: figures stay where they stand (bases to scale), so every card a figure
    # touches is named by a label that no figure covers.
    labelled = 0
    for state in _states([game(s) for s in range(12)] + [game(3, "draft", RANDOM)]):
        view = RULES.view(state, None)
        discs = board.figure_discs(view)
        labels = board.card_labels(view)
        for label in labels:
            assert board._on_table(label.box) and not any(board._hits_disc(label.box, d) for d in discs)
        names = [label.words for label in labels]
        for at, words, _ in board._table_cards(view):
            if any(board._hits_disc(board.card_box(at), d) for d in discs):
                assert words in names, (words, state.version)
                labelled += 1
    assert labelled > 20


def test_card_labels_are_drawn_where_the_layout_says(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pixel check: each label changes its own box and leaves every figure's pixels alone."""
    views = []
    for state in _states([game(s) for s in range(6)]):
        view = RULES.view(state, None)
        if board.card_labels(view):
            views.append(view)
    views = views[:: max(1, len(views) // 6)]
    drawn = [decode(PRESENTER.board_png(v, "en")).convert("RGB") for v in views]
    monkeypatch.setattr(board, "_card_labels", lambda *args: [])
    assert views
    for view, img in zip(views, drawn, strict=True):
        bare = decode(PRESENTER.board_png(view, "en")).convert("RGB")
        for label in board.card_labels(view):
            box = tuple(round(v) for v in label.box)
            assert img.crop(box).tobytes() != bare.crop(box).tobytes()
        for disc in board.figure_discs(view):  # the palette may shift a shade: compare loosely
            for dx in range(-int(disc.r) + 1, int(disc.r)):
                for dy in range(-int(disc.r) + 1, int(disc.r), 2):
                    if dx * dx + dy * dy < (disc.r - 1) ** 2:
                        at = (round(disc.x + dx), round(disc.y + dy))
                        a, b = img.getpixel(at), bare.getpixel(at)
                        assert max(abs(p - q) for p, q in zip(a, b, strict=True)) < 48, at


def test_the_end_banner_hides_no_figure() -> None:
    # Issue 15 item 7: the game-over banner goes where both figures stay in sight.
    ends, middle_would_hide = 0, 0
    for seed in range(30):
        *_, (state, _) = game(seed)
        if state.winner is None:
            continue
        view = RULES.view(state, None)
        box = board.banner_box(view)
        assert box is not None
        discs = board.figure_discs(view)
        assert not any(board._hits_disc(box, d) for d in discs)
        mid = board.RULER + board.TABLE_PX / 2
        middle = (box[0], mid - board.BANNER_HALF, box[2], mid + board.BANNER_HALF)
        middle_would_hide += any(board._hits_disc(middle, d) for d in discs)
        if ends < 4 or any(board._hits_disc(middle, d) for d in discs):
            img = decode(PRESENTER.board_png(view, "en")).convert("RGB")
            assert _figure_colour_shows(img, view, "bilbo") and _figure_colour_shows(img, view, "smaug")
        ends += 1
    assert ends >= 10 and middle_would_hide  # some endings had a figure in the middle band


def test_the_senses_tags_overlap_no_card_figure_label_or_tag() -> None:
    # Issue 15 item 7 (AK-EVS-J/Q/K tags on Smaug's rings): boxes as the drawing code uses them.
    tags = 0
    for state in _states([game(s) for s in range(10)] + [game(2, "draft", RANDOM), game(4, "free", RANDOM)]):
        view = RULES.view(state, None)
        placed = board.sense_tags(view)
        cards = [board.card_box(at) for at, _, _ in board._table_cards(view)]
        others = cards + [label.box for label in board.card_labels(view)]
        for k, tag in enumerate(placed):
            assert board._on_table(tag.box)
            assert not any(board._boxes_meet(tag.box, b) for b in others + [t.box for t in placed[:k]])
            assert not any(board._hits_disc(tag.box, d) for d in board.figure_discs(view))
        tags += len(placed)
    assert tags > 100


def test_the_last_turned_pair_stays_in_the_panel_across_the_change_of_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Issue 15 item 7 (AK-TRN-5): the two cards turned last stay in sight until the next pair, also
    # once the other figure's turn has begun (a wrong guess ends the turn in the same move).
    drawn: list[str] = []
    real = board._panel_card

    def record(c: Any, x: float, y: float, w: float, label: str, *, red: bool) -> None:
        drawn.append(label)
        real(c, x, y, w, label, red=red)

    monkeypatch.setattr(board, "_panel_card", record)
    checked = 0
    last = None
    for seed in range(3):
        for state, events in game(seed):
            for event in events:
                if event.kind == "cards_turned":
                    last = event
            view = RULES.view(state, None)
            assert view.last_turned == last
            turned_then_new_turn = last is not None and any(e.kind == "turn_started" for e in events)
            if turned_then_new_turn and view.turn and checked < 12:
                drawn.clear()
                PRESENTER.board_png(view, "en")
                rival = "smaug" if last.seat == "bilbo" else "bilbo"
                assert text.card(last.rank, last.seat) in drawn
                assert text.card(last.other_rank, rival) in drawn
                checked += 1
        last = None
    assert checked >= 6
