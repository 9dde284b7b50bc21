"""Canyon of Death presentation: images decode and are deterministic, texts come from both catalogs."""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.canyon import RULES, CanyonState
from engine.canyon import events as event_models
from engine.canyon.messages import MESSAGES
from engine.canyon.state import CANYON_SUIT, FLIGHT_SUIT, Roll
from engine.canyon.view import CanyonView
from engine.core import Dice, Event, new_game
from renderers.canyon import PRESENTER, board, presenter, text
from renderers.i18n import catalog
from tests.renderers.helpers import Recorder, decode, event_kinds, pilot_game

SEATS: tuple[str | None, ...] = ("marine", "ork", None)
SOURCE = Path(board.__file__).parent


def game(seed: int) -> Iterator[tuple[CanyonState, list[Event]]]:
    """Each state of an AI-vs-AI game with the events that led to it."""
    pilots = {seat: RULES.pilot(seat) for seat in RULES.seats}
    return pilot_game(RULES, None, seed, pilots, cap=100_000)


@pytest.fixture(scope="module")
def positions() -> list[CanyonState]:
    """A handful of varied positions: start, a fork, hits pending, and game over."""
    chosen: dict[str, CanyonState] = {}
    for seed in range(12):
        for state, _ in game(seed):
            key = state.phase if state.phase != "over" else f"over:{state.reason}"
            chosen.setdefault(key, state.model_copy(deep=True))
    return list(chosen.values())


def test_board_png_decodes_with_a_sane_size(positions: list[CanyonState]) -> None:
    for state in positions:
        for seat in SEATS:
            for lang in ("en", "es"):
                img = decode(PRESENTER.board_png(RULES.view(state, seat), lang))
                assert img.format == "PNG" and img.size == (board.WIDTH, board.HEIGHT)


def test_private_png_shows_the_hand_and_is_none_for_spectators(positions: list[CanyonState]) -> None:
    for state in positions:
        assert PRESENTER.private_png(RULES.view(state, None), "en") is None
        for seat in ("marine", "ork"):
            img = decode(PRESENTER.private_png(RULES.view(state, seat), "en") or b"")
            assert 150 <= img.size[0] <= 1400 and img.size[1] == 236


def test_same_view_same_bytes(positions: list[CanyonState]) -> None:
    for state in positions[:4]:
        view = RULES.view(state, "marine")
        again = CanyonView.model_validate_json(view.model_dump_json())
        assert PRESENTER.board_png(view, "en") == PRESENTER.board_png(again, "en")
        assert PRESENTER.private_png(view, "es") == PRESENTER.private_png(again, "es")


def test_public_image_depends_on_the_spectator_view_only(positions: list[CanyonState]) -> None:
    """§1 Hidden, DC-NAV-1: reshuffling every secret leaves the public image byte for byte the same."""
    for n, state in enumerate(positions):
        other = RULES.resample_hidden(state, None, Dice(n, 77))
        assert other.model_dump() != state.model_dump() or state.phase == "over"
        public = RULES.view(state, None)
        assert PRESENTER.board_png(public, "en") == PRESENTER.board_png(RULES.view(other, None), "en")
        assert PRESENTER.status_text(public, "en") == PRESENTER.status_text(RULES.view(other, None), "en")


def test_marine_board_differs_from_the_public_one_when_it_previews() -> None:
    """DC-NAV-1: the Marine's own board shows its preview; the public board shows a back."""
    state, _ = new_game(RULES, None, 2)
    assert PRESENTER.board_png(RULES.view(state, "marine"), "en") != PRESENTER.board_png(
        RULES.view(state, None), "en"
    )


def test_dakkajet_is_drawn_pursuit_inches_behind() -> None:
    """DC-ADV-3: the gap between the ships grows one inch (on the board's scale) per pursuit pip."""
    state, _ = new_game(RULES, None, 1)
    geo = board.Geometry(RULES.view(state, None))
    gaps = [geo.storm_s(0) - geo.dakka_s(0, pursuit) for pursuit in range(1, 7)]
    steps = {round(b - a, 6) for a, b in zip(gaps, gaps[1:], strict=False)}
    assert steps == {round(geo.px_per_in, 6)} and gaps[0] > board.SHIP_PX
    assert geo.spacing == pytest.approx(6 * geo.px_per_in)  # §3: 6 inches between canyon cards
    assert geo.dakka_s(0, 6) > 0  # room at the entry even at 6 inches


def test_every_key_used_exists_in_both_languages(monkeypatch: pytest.MonkeyPatch) -> None:
    recorder = Recorder(text.t)
    for module in (text, board, presenter):
        monkeypatch.setattr(module, "t", recorder)
    kinds: set[str] = set()
    for seed in range(40):
        for state, events in game(seed):
            for seat in SEATS:
                view = RULES.view(state, seat)
                for lang in ("en", "es"):
                    PRESENTER.status_text(view, lang)
                    PRESENTER.private_text(view, lang)
                    if seat in RULES.active_seats(state):
                        legal = RULES.legal_actions(state, seat)
                        assert PRESENTER.action_prompt(view, legal, lang)
                        for action in legal:
                            assert 0 < len(PRESENTER.action_label(action, lang)) <= 80
                    for event in events:
                        shown = event.redacted_for(seat)
                        assert shown is not None
                        kinds.add(event.kind)
                        line = PRESENTER.narrate(shown, lang)
                        assert line is None or (line and "{" not in line)
    for state, _ in list(game(3))[::3]:
        for seat in SEATS:
            PRESENTER.board_png(RULES.view(state, seat), "es")
            PRESENTER.private_png(RULES.view(state, seat), "en")
    PRESENTER.rules_text("es")
    en, es = catalog("en"), catalog("es")
    missing = sorted(k for k in recorder.keys if k not in en or k not in es)
    assert not missing, missing
    # Static check too: every literal "canyon.*" key in the presenter's source.
    literal = set()
    for path in SOURCE.glob("*.py"):
        literal |= set(re.findall(r'"(canyon\.[a-z_.]+[a-z_])"', path.read_text(encoding="utf-8")))
    assert literal and not sorted(k for k in literal if k not in en or k not in es)
    assert len(kinds) >= 18


# turn_ended: the played cards just go to the discard piles (on the board); game_ended: the
# platform announces the outcome itself, with the winner's player and the reason (no second line).
SILENT = {"turn_ended", "game_ended"}


def test_every_event_kind_is_narrated_where_a_player_wants_a_line() -> None:
    """Narration for every event kind (dice results included) in both languages."""
    seen: dict[str, str] = {}
    for seed in range(80):
        for _, events in game(seed):
            for event in events:
                for lang in ("en", "es"):
                    line = PRESENTER.narrate(event.redacted_for(None), lang)
                    if event.kind in SILENT:
                        assert line is None
                    else:
                        assert line, event.kind
                        seen[event.kind] = line
    all_kinds = event_kinds(event_models)
    assert all_kinds - SILENT <= set(seen), sorted(all_kinds - set(seen))
    assert re.search(r"\[\d\]", seen["shots_fired"]) and re.search(r"\[\d\]", seen["icarus_fired"])


def test_private_narration_shows_own_draws_and_previews_only() -> None:
    """DC-SET-5, DC-NAV-1: 'You draw 3♦ 7♦' for the owner; a count for everyone else."""
    _, events = new_game(RULES, None, 5)
    drawn = next(e for e in events if e.kind == "cards_drawn" and e.seat == "marine")
    own = PRESENTER.narrate(drawn.redacted_for("marine"), "en") or ""
    other = PRESENTER.narrate(drawn.redacted_for("ork"), "en") or ""
    assert "♦" in own and "♦" not in other and "3" in other
    preview = next(e for e in events if e.kind == "canyon_previewed")
    assert "♠" in (PRESENTER.narrate(preview.redacted_for("marine"), "es") or "")
    assert "♠" not in (PRESENTER.narrate(preview.redacted_for(None), "es") or "")


def test_rejection_texts_are_in_both_catalogs() -> None:
    """Every canyon.* refusal id: English catalog text equals the default; Spanish exists."""
    en, es = catalog("en"), catalog("es")
    for key, default in MESSAGES.items():
        assert key.startswith("canyon.") and en[key] == default and es[key]
    for reason in ("escaped", "dakkajet_destroyed", "ork_crashed", "stormtalon_destroyed", "marine_crashed"):
        assert f"canyon.end.{reason}" in en and f"canyon.end.{reason}" in es
    for key in ("canyon.name", "canyon.seat.marine", "canyon.seat.ork", "canyon.rules"):
        assert en[key] and es[key]
    assert set(k for k in en if k.startswith("canyon.")) == set(k for k in es if k.startswith("canyon."))


def test_fork_route_buttons_name_the_card_only_for_the_marine(positions: list[CanyonState]) -> None:
    # Spec §8.2 (DC-NAV-2): the Marine's fork buttons read "Fly route A: 7♠"; without the
    # Marine's view (a public label) the card is never named.
    fork = next(s for s in positions if s.phase == "navigate")
    legal = RULES.legal_actions(fork, "marine")
    mview = RULES.view(fork, "marine")
    assert isinstance(mview, CanyonView) and mview.preview and len(mview.preview) == 2
    for action in legal:
        card = text.canyon_card(mview.preview[action.route])
        assert PRESENTER.action_label(action, "en", mview).endswith(f": {card}")
        assert card not in PRESENTER.action_label(action, "en")
        assert card not in PRESENTER.action_label(action, "es", RULES.view(fork, None))


def _hit_positions() -> list[tuple[CanyonState, str]]:
    """States where a human must resolve hits (DC-HIT-1), with the seat resolving them."""
    found = []
    for seed in range(30):
        for state, _ in game(seed):
            if state.phase == "hits":
                found.append((state.model_copy(deep=True), sorted(RULES.active_seats(state))[0]))
    return found


def test_the_per_hit_prompt_gives_what_the_choice_depends_on() -> None:
    # DC-HIT-1 (one choice per hit), DC-HIT-4 (a pending multiplier), §8.2 ("Discard random hand
    # card (n left)"): the prompt names the hits left, the hand held and the damage so far, in
    # the player's language; the discard button carries the hand count.
    cases = _hit_positions()
    seen = set()
    for state, seat in cases:
        view = RULES.view(state, seat)
        assert isinstance(view, CanyonView)
        ship, batch = view.ship(seat), view.pending_hits[0]
        legal = RULES.legal_actions(state, seat)
        for lang in ("en", "es"):
            prompt = PRESENTER.action_prompt(view, legal, lang)
            assert f"{ship.damage}/20" in prompt and "{" not in prompt
            assert ("×" in prompt) == (ship.pending_multiplier > 1)
            if ship.hand_count:
                held = {"en": ("you hold", "card", "cards"), "es": ("tienes", "carta", "cartas")}[lang]
                noun = held[1] if ship.hand_count == 1 else held[2]  # a plural form (CLDR "one")
                assert f"({held[0]} {ship.hand_count} {noun})" in prompt
            labels = [PRESENTER.action_label(a, lang, view) for a in legal]
            assert all(len(label) <= 80 for label in labels)
        en = PRESENTER.action_prompt(view, legal, "en")
        seen.add("one" if batch.hits == 1 else "many")
        assert ("one at a time" in en) == (batch.hits > 1 and ship.hand_count > 0)
        discard = [a for a in legal if getattr(a, "choice", None) == "discard"]
        if discard:
            assert PRESENTER.action_label(discard[0], "en", view).endswith(f"({ship.hand_count} in hand)")
        else:
            assert ship.hand_count == 0 and "hand is empty" in en
    assert seen == {"one", "many"}


def test_the_status_text_leaves_the_outcome_to_the_platform(positions: list[CanyonState]) -> None:
    # The platform's status message ends with "Game over: <side> (<player>) won against ... — <reason>";
    # the game's own text must not add a second, nameless "Game over" line.
    over = [s for s in positions if s.phase == "over"]
    going = [s for s in positions if s.phase != "over"]
    assert over and going
    for state in over:
        for lang in ("en", "es"):
            status = PRESENTER.status_text(RULES.view(state, None), lang)
            assert "Game over" not in status and "Fin de la partida" not in status
    for state in going:
        assert PRESENTER.status_text(RULES.view(state, None), "en").splitlines()[-1].endswith(".")


def test_the_spanish_rules_tie_the_face_card_names_to_the_letters_on_the_cards() -> None:
    # The cards are drawn J/Q/K in every language; Spanish names them sota/caballo/rey (DC-CAN-3..5).
    rules = PRESENTER.rules_text("es")
    assert all(name in rules for name in ("Sota (J)", "Caballo (Q)", "Rey (K)"))


def _every_position(seeds: range) -> Iterator[CanyonState]:
    """Each state of the games, as its own copy (the games evolve one state in place)."""
    for seed in seeds:
        for state, _ in game(seed):
            yield state.model_copy(deep=True)


def test_ships_and_the_pursuit_die_hide_no_canyon_card() -> None:
    # Issue 15 item 7: a token never hides the card under it. The boxes are the ones the drawing
    # code pastes into; each ship keeps its place along the flight path (DC-ADV-3: the Dakkajet
    # is drawn pursuit-die inches behind) and is only shifted sideways.
    shifted = 0
    for state in _every_position(range(25)):
        view = RULES.view(state, None)
        geo = board.Geometry(view)
        tokens = board.token_layout(view, geo)
        cards = geo.all_card_boxes(view)
        boxes = [tokens.marine.box, tokens.ork.box, tokens.die.box]
        for box in boxes:
            assert board._inside(box, board.CANYON_BOX)
            assert not any(board._overlaps(box, card) for card in cards), (state.turn, box)
        assert not board._overlaps(boxes[0], boxes[1]) and not board._overlaps(boxes[2], boxes[1])
        assert not board._overlaps(boxes[2], boxes[0])
        for token, s in (
            (tokens.marine, geo.storm_s(view.stormtalon_step)),
            (tokens.ork, geo.dakka_s(view.stormtalon_step, view.pursuit)),
        ):
            x, y, heading = geo.path.at(s)
            along = (token.x - x) * math.cos(heading) + (token.y - y) * math.sin(heading)
            assert abs(along) < 1e-6 and token.heading == heading
            shifted += (token.x, token.y) != (x, y)
    assert shifted  # the layout did have to move ships off cards


def test_no_token_pixel_lands_on_a_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pixel check: drawing the ships and the die changes no pixel inside any canyon card."""
    views = [RULES.view(s, None) for s in list(_every_position(range(3)))[::4]]
    with_ships = [decode(board.board_png(v, "en")).convert("RGB") for v in views]
    monkeypatch.setattr(board, "_ships", lambda *args: None)
    for view, drawn in zip(views, with_ships, strict=True):
        bare = decode(board.board_png(view, "en")).convert("RGB")
        for box in board.Geometry(view).all_card_boxes(view):
            wide = (box[0] - 1, box[1] - 1, box[2] + 2, box[3] + 2)  # the card's outline pixels too
            assert drawn.crop(wide).tobytes() == bare.crop(wide).tobytes(), box


class Drawn:
    """Records the cards and dice the board draws (rank/value, suit, box or centre)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.cards: list[tuple[tuple[int, int, int, int], int, Any, bool]] = []
        self.dice: list[tuple[tuple[float, float], int]] = []
        real_face, real_die = board.card_face, board.die

        def face(draw: Any, box: Any, rank: int, suit: Any, **kw: Any) -> None:
            self.cards.append((tuple(box), rank, suit, kw.get("dim", False)))
            real_face(draw, box, rank, suit, **kw)

        def die(draw: Any, center: Any, size: int, value: int, **kw: Any) -> None:
            self.dice.append((tuple(center), value))
            real_die(draw, center, size, value, **kw)

        monkeypatch.setattr(board, "card_face", face)
        monkeypatch.setattr(board, "die", die)

    def cards_in(self, box: tuple[int, int, int, int]) -> list[tuple[int, Any, bool]]:
        return [(rank, suit, dim) for b, rank, suit, dim in self.cards if board._overlaps(b, box)]

    def dice_in(self, box: tuple[int, int, int, int]) -> list[int]:
        return [v for (x, y), v in self.dice if box[0] <= x <= box[2] and box[1] <= y <= box[3]]


PLAYED_PANEL = (16, 616, 300, 788)
DICE_PANEL = (504, 616, 836, 788)
DECK_PANEL = (852, 616, 1264, 740)  # above the legend


def test_the_board_keeps_last_turn_s_cards_and_dice_until_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 15 item 7: when the Marine is to play in turn 2 or later, nothing of this turn is on
    # the table yet: last turn's two cards (dimmed) and its dice (the Shoot roll) are drawn.
    recorder = Drawn(monkeypatch)
    checked = 0
    for state in _every_position(range(4)):
        if state.phase != "marine_play" or state.turn < 2:
            continue
        view = RULES.view(state, None)
        recorder.cards.clear()
        recorder.dice.clear()
        board.board_png(view, "en")
        played = recorder.cards_in(PLAYED_PANEL)
        assert (view.marine.last_played, FLIGHT_SUIT["marine"], True) in played
        assert (view.ork.last_played, FLIGHT_SUIT["ork"], True) in played
        shown = [d for roll in view.last_rolls[-4:] for d in roll.dice]
        assert recorder.dice_in(DICE_PANEL) == shown and shown
        checked += 1
    assert checked >= 4


def test_last_turn_s_shots_are_marked_by_their_own_hits() -> None:
    # DC-SHO-2: a hit is a die at or above the pursuit die of that moment; the die may have moved
    # since, so the board marks the roll's own `hits` highest dice.
    assert board.hit_threshold(Roll(kind="shoot", dice=(6, 3, 4), hits=2)) == 4
    assert board.hit_threshold(Roll(kind="shoot", dice=(2, 3, 1), hits=0)) == 7
    assert board.hit_threshold(Roll(kind="icarus", dice=(5, 5, 1, 6), hits=3)) == 5
    assert board.hit_threshold(Roll(kind="xenos", seat="ork", dice=(4,))) == 7


def test_removed_cards_are_drawn_face_up_once_the_game_is_over(monkeypatch: pytest.MonkeyPatch) -> None:
    # A18, DC-SET-2, issue 15 item 7: face up after the game, never before.
    recorder = Drawn(monkeypatch)
    over = going = 0
    for seed in range(6):
        states = [s.model_copy(deep=True) for s, _ in game(seed)]
        for state in (states[len(states) // 2], states[-1]):
            view = RULES.view(state, None)
            recorder.cards.clear()
            board.board_png(view, "es")
            spades = sorted(rank for rank, suit, _ in recorder.cards_in(DECK_PANEL) if suit == CANYON_SUIT)
            if state.phase == "over":
                assert spades == sorted(state.removed + state.canyon_deck) and spades
                over += 1
            else:
                assert spades == []
                going += 1
    assert over == 6 and going
