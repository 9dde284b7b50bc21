"""The hulk image and the Space Hulk words: pixels where they matter, secrets never in a public
image or text, every legal action labelled with its price, every event narrated in both languages."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from engine.core import Dice, apply, dice_for, new_game
from engine.spacehulk import RULES
from engine.spacehulk import actions as a
from engine.spacehulk.board import parse_square, square_name
from engine.spacehulk.legal import cost_key
from engine.spacehulk.state import Piece, SpaceHulkState
from engine.spacehulk.view import SpaceHulkView
from renderers.i18n import t
from renderers.spacehulk import PRESENTER, board, text
from renderers.spacehulk import preview as shown


def decode(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img.convert("RGB")


def opening(seed: int = 3, mission: str = "purge") -> SpaceHulkState:
    """The first Marine action phase: the Genestealer pilot placed the opening blips."""
    state, _ = new_game(RULES, {"mission": mission}, seed)
    pilot = RULES.pilot("genestealer")
    while "genestealer" in RULES.active_seats(state):
        legal = RULES.legal_actions(state, "genestealer")
        action = pilot.choose(RULES.view(state, "genestealer"), legal, dice_for(state).fork("p"))
        state = apply(RULES, state, RULES.decide(state, "genestealer", action, dice_for(state)))
    return state


def played(seed: int, steps: int, mission: str = "purge") -> tuple[SpaceHulkState, list]:
    """Random legal play (seeded), with every event."""
    state, log = new_game(RULES, {"mission": mission}, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if RULES.outcome(state) is not None:
            break
        seat = sorted(RULES.active_seats(state))[0]
        legal = RULES.legal_actions(state, seat)
        events = RULES.decide(state, seat, rng.choice(legal), dice_for(state))
        state = apply(RULES, state, events)
        log.extend(events)
    return state, log


def view(state: SpaceHulkState, seat: str | None) -> SpaceHulkView:
    found = RULES.view(state, seat)
    assert isinstance(found, SpaceHulkView)
    return found


def pixel_share(img: Image.Image, box: tuple[int, int, int, int], color: tuple[int, int, int]) -> float:
    """The share of a box's pixels within a few units of `color`."""
    crop = img.crop((box[0], box[1], box[2] + 1, box[3] + 1))
    raw = crop.tobytes()
    pixels = [raw[i : i + 3] for i in range(0, len(raw), 3)]
    near = sum(1 for p in pixels if all(abs(p[i] - color[i]) <= 6 for i in range(3)))
    return near / len(pixels)


def frame(v: SpaceHulkView) -> board.Frame:
    return board.frame_for(board._board(v.map_text))


def test_the_image_decodes_is_deterministic_and_follows_the_language() -> None:
    v = view(opening(), None)
    png = PRESENTER.board_png(v, "en")
    img = decode(png)
    assert img.size == frame(v).size
    assert png == PRESENTER.board_png(v, "en") and png != PRESENTER.board_png(v, "es")


def test_squares_are_named_like_the_grid_labels() -> None:
    """Columns are letters, rows numbers from 1 (chess-like); orders name the same squares."""
    assert text.sq((9, 6, 0)) == "J7" and parse_square("J7") == (9, 6, 0)
    assert text.sq((26, 0, 0)) == "AA1" and text.sq((4, 8, 1)) == "E9@1" == square_name((4, 8, 1))
    v = view(opening(), None)
    f = frame(v)
    img = decode(PRESENTER.board_png(v, "en"))
    x0, y0, x1, _ = f.box((9, 0, 0))
    band = (x0, y0 - f.label + 2, x1, y0 - 2)  # the column label "J" above the first row
    assert pixel_share(img, band, board.BG) < 0.97
    empty = (x0, y0 - f.label - 20, x1, y0 - f.label - 10)  # nothing above the label band
    assert pixel_share(img, empty, board.BG) == 1.0


def test_doors_closed_open_and_destroyed_are_drawn_apart() -> None:
    state = opening()
    doors = [d.square for d in state.board.doors]
    state.doors = ["closed", "open", "destroyed", *state.doors[3:]]
    v = view(state, None)
    f = frame(v)
    img = decode(PRESENTER.board_png(v, "en"))
    closed, opened, destroyed = (f.box(sq) for sq in doors[:3])
    assert pixel_share(img, closed, board.DOOR) > 0.15
    assert 0.02 < pixel_share(img, opened, board.DOOR) < pixel_share(img, closed, board.DOOR)
    assert (
        pixel_share(img, destroyed, board.DOOR) == 0 and pixel_share(img, destroyed, board.DESTROYED) > 0.03
    )


def test_models_burning_overwatch_and_jam_markers() -> None:
    state = opening()
    m1 = state.pieces["m1"]
    state.pieces["m1"] = m1.model_copy(update={"overwatch": True, "jammed": True})
    state.burning = [parse_square("J3")]
    v = view(state, None)
    f = frame(v)
    img = decode(PRESENTER.board_png(v, "en"))
    assert pixel_share(img, f.box(m1.pos), board.PIECE["marine"]) > 0.08  # type: ignore[arg-type]
    assert pixel_share(img, f.box(parse_square("J4")), board.PIECE["marine"]) == 0
    assert pixel_share(img, f.box(m1.pos), board.OVERWATCH) > 0.02  # type: ignore[arg-type]
    assert pixel_share(img, f.box(m1.pos), board.JAM) > 0.02  # type: ignore[arg-type]
    assert pixel_share(img, f.box(parse_square("J3")), board.FLAME) > 0.4
    m2 = state.pieces["m2"]
    assert pixel_share(img, f.box(m2.pos), board.OVERWATCH) == 0  # type: ignore[arg-type]


def test_the_active_marine_shows_his_fire_arc_and_nothing_behind_him() -> None:
    """SHB-6.3: the front 90 degrees in sight is tinted; the squares behind him are not."""
    state = opening()
    state.pieces["m1"] = state.pieces["m1"].model_copy(update={"pos": parse_square("J5"), "facing": "N"})
    state.doors = ["open"] * len(state.doors)
    state.active = "m1"
    v = view(state, None)
    fire, seen = board.sight_squares(v, board._board(v.map_text))
    assert parse_square("J3") in fire and parse_square("J6") not in fire | seen
    f = frame(v)
    img = decode(PRESENTER.board_png(v, "en"))
    tinted = board._blend(board.CORRIDOR, board.FIRE_ARC, 0.45)
    assert pixel_share(img, f.box(parse_square("J3")), tinted) > 0.5
    assert pixel_share(img, f.box(parse_square("J6")), tinted) == 0
    state.active = None
    plain = decode(PRESENTER.board_png(view(state, None), "en"))
    assert pixel_share(plain, f.box(parse_square("J3")), tinted) == 0


def test_lurking_blips_are_counted_at_their_entry_area() -> None:
    state = opening()
    lurkers = [p for p in state.pieces.values() if p.pos is None]
    assert lurkers
    v = view(state, None)
    assert all(
        f"Entry area {area}: {n} lurking" in text.panel_lines(v, "en") for area, n in text.lurking(v).items()
    )


def test_blip_values_are_never_in_the_public_or_marine_image() -> None:
    """SHB-10.1: resampling the blip values and the bag changes neither the spectator's nor the
    Marine player's image (by construction: renderers get views), but it changes the Genestealer
    player's own image, which shows them (so this test can fail)."""
    state = opening()
    state.pieces["b99"] = Piece(id="b99", kind="blip", pos=parse_square("J2"))
    state.blips["b99"] = 3
    other = state.clone()
    other.blips = {b: (v % 3) + 1 for b, v in state.blips.items()}
    other.bag = {1: sum(state.bag.values())}  # the number of counters in the cup is public
    for seat in (None, "marine"):
        assert PRESENTER.board_png(view(state, seat), "en") == PRESENTER.board_png(view(other, seat), "en")
    assert PRESENTER.board_png(view(state, "genestealer"), "en") != PRESENTER.board_png(
        view(other, "genestealer"), "en"
    )
    assert "B99=3" in " ".join(text.panel_lines(view(state, "genestealer"), "en"))
    assert "B99=" not in " ".join(text.panel_lines(view(state, None), "en"))


def test_the_cp_chit_stays_out_of_public_words_and_images() -> None:
    state = opening()
    other = RULES.resample_hidden(state, "genestealer", Dice(9, 9))
    assert (other.cp, other.cp_drawn) != (state.cp, state.cp_drawn) or True
    other.cp, other.cp_drawn = state.cp + 1, state.cp_drawn + 1
    for seat in (None, "genestealer"):
        assert PRESENTER.board_png(view(state, seat), "en") == PRESENTER.board_png(view(other, seat), "en")
        assert PRESENTER.status_text(view(state, seat), "en") == PRESENTER.status_text(
            view(other, seat), "en"
        )
        assert PRESENTER.private_text(view(state, seat), "en") == PRESENTER.private_text(
            view(other, seat), "en"
        )
    mine = PRESENTER.private_text(view(state, "marine"), "en")
    assert mine is not None and str(state.cp_drawn) in mine


def test_multi_level_maps_draw_each_level_with_linked_holes() -> None:
    state = opening(mission="deathwing_purge")
    v = view(state, "genestealer")
    f = frame(v)
    assert f.levels == 2
    img = decode(PRESENTER.board_png(v, "es"))
    assert img.size == f.size
    ladder = next(sq for sq, c in state.board.cells.items() if c.feature == "ladder" and sq[2] == 0)
    below = (ladder[0], ladder[1], 1)
    assert state.board.cells[below].feature == "ladder"
    for sq in (ladder, below):  # both ends carry the ladder's rails and their link tag
        assert pixel_share(img, f.box(sq), board.FEATURE["ladder"]) > 0.03
        assert pixel_share(img, f.box(sq), board.TEXT) > 0.005


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
@pytest.mark.parametrize("mission", ["purge", "deathwing_purge"])
def test_every_legal_action_has_a_short_label_with_its_price(seed: int, mission: str) -> None:
    """Piece actions carry their AP cost (or CP when paid so); the rest (pass, end) none; every
    piece action belongs to its model's group ("pick a model, then its action")."""
    state, _ = played(seed, 60 + seed * 7, mission)
    for _ in range(30):
        if RULES.outcome(state) is not None:
            break
        seat = sorted(RULES.active_seats(state))[0]
        legal = RULES.legal_actions(state, seat)
        v = view(state, seat)
        for action in legal:
            for lang in ("en", "es"):
                label = PRESENTER.action_label(action, lang, v)
                assert 0 < len(label) <= 80 and "{" not in label, label
            label = PRESENTER.action_label(action, "en", v)
            use = getattr(action, "use", None)
            if use in ("ap", "cp") and cost_key(action) in v.costs:
                assert label.endswith(f"{v.costs[cost_key(action)]} {use.upper()}"), label
            if hasattr(action, "model"):
                assert PRESENTER.action_group(action, "en") is not None
        assert PRESENTER.action_prompt(v, legal, "es")
        rng = random.Random(seed)
        state = apply(RULES, state, RULES.decide(state, seat, rng.choice(legal), dice_for(state)))


def test_a_marine_move_is_priced_from_the_engine() -> None:
    """SHB-4.3: forward 1 AP, backwards 2; a CP payment says CP."""
    state = opening()
    v = view(state, "marine")
    m1 = state.pieces["m1"]
    assert m1.facing == "N"
    ahead = (m1.pos[0], m1.pos[1] - 1, 0)  # type: ignore[index]
    forward = a.Door(model="m1", square=ahead)
    assert PRESENTER.action_label(forward, "en", v) == "M1: open the door on J7 · 1 AP"
    turn = a.Turn(model="m1", facing="S", use="cp")
    assert PRESENTER.action_label(turn, "es", v) == "M1: girar al sur · 2 PM"
    assert PRESENTER.action_label(a.EndTurn(), "en", v) == "End the action phase"
    assert PRESENTER.action_group(a.EndTurn(), "en") is None
    assert PRESENTER.action_group(forward, "es") == "Exterminador M1"
    # a turn in place is its own entry of the model menu, apart from the steps (issue 26 item 5)
    assert PRESENTER.action_group(turn, "en") == "Terminator M1: turn in place · paid with command points"
    assert (
        PRESENTER.action_group(a.Turn(model="m1", facing="E"), "es") == "Exterminador M1: girar sin moverse"
    )
    step = a.Move(model="m1", to=ahead, use="cp")
    assert PRESENTER.action_group(step, "en") == "Terminator M1 · paid with command points"


@pytest.mark.parametrize("mission", ["purge", "deathwing_purge"])
def test_every_event_is_narrated_or_silent_in_both_languages(mission: str) -> None:
    _, log = played(11, 400, mission)
    said = 0
    for event in log:
        for seat in (None, "marine", "genestealer"):
            shown = event.redacted_for(seat)
            if shown is None:
                continue
            for lang in ("en", "es"):
                line = PRESENTER.narrate(shown, lang)
                assert line is None or (line.strip() and "{" not in line)
                said += line is not None
    assert said > 50


def test_status_and_private_texts_in_both_languages() -> None:
    state, _ = played(5, 120)
    for seat in (None, "marine", "genestealer"):
        v = view(state, seat)
        for lang in ("en", "es"):
            assert PRESENTER.status_text(v, lang).startswith("**")
            assert PRESENTER.rules_text(lang)
    gs = PRESENTER.private_text(view(state, "genestealer"), "en")
    assert gs is not None and "bag" in gs
    assert PRESENTER.private_png(view(state, None), "en") is None
    assert PRESENTER.private_png(view(state, "genestealer"), "en")


def test_a_pending_free_shot_shows_that_marines_arc_and_a_genestealer_only_its_sight() -> None:
    """SHB-8.3: the free shot's Marine is in focus though no model is active; a Genestealer has no fire arc."""
    from engine.spacehulk.state import AgFreeShot

    state = opening()
    state.pieces["m1"] = state.pieces["m1"].model_copy(update={"pos": parse_square("J5"), "facing": "N"})
    state.active = None
    assert board.sight_squares(view(state, None), state.board) == (set(), set())
    state.agenda.append(AgFreeShot(marine="m1"))
    v = view(state, "marine")
    assert board.focus(v) == "m1" and parse_square("J3") in board.sight_squares(v, state.board)[0]
    state.agenda.pop()
    state.pieces["g9"] = Piece(id="g9", kind="genestealer", pos=parse_square("J2"), facing="S", ap=6)
    state.active = "g9"
    fire, seen = board.sight_squares(view(state, None), state.board)
    assert not fire and parse_square("J3") in seen


def test_the_lurking_count_is_drawn_on_its_entry_square() -> None:
    state = opening()
    v = view(state, None)
    counts = text.lurking(v)
    assert counts
    f = frame(v)
    img = decode(PRESENTER.board_png(v, "en"))
    shares = {area: pixel_share(img, f.box(e.square), board.ENTRY) for area, e in state.board.entries.items()}
    quiet = [share for area, share in shares.items() if area not in counts]
    assert quiet  # an entry area with nobody lurking, to compare with
    for area in counts:  # the green badge in the corner beside the triangle
        assert shares[area] > max(quiet) + 0.05, shares


def test_the_picked_model_is_in_focus_in_the_seats_picture() -> None:
    """Picking M2 in the two-step menu draws M2's fire arc and sight, not the active model's."""
    state = opening()
    state.active = "m1"
    v = view(state, "marine")
    m2_fire, _ = board.sight_squares(v, state.board, "m2")
    m1_fire, _ = board.sight_squares(v, state.board)
    assert m2_fire and m2_fire != m1_fire
    pick = a.Turn(model="m2", facing="N")
    assert PRESENTER.piece_png(v, pick, "en") == board.board_png(v, "en", "m2")
    assert PRESENTER.piece_png(v, pick, "en") != PRESENTER.private_png(v, "en")
    assert PRESENTER.piece_png(v, a.EndTurn(), "en") is None
    assert PRESENTER.piece_png(view(state, None), pick, "en") is None


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_status_names_the_genestealers_last_turn(lang: str) -> None:
    """DW-SC3 (our reading beside A-35, `missions.held_turn`): Defend Perimeter's status names the
    turn at whose end the Marines have held; DW-SC1: Reconnaissance's names when teleporting out
    unlocks (the 5th Genestealer placed, or that same last turn over), which the refusal alone named."""
    from engine.spacehulk.missions import held_turn
    from engine.spacehulk.scenarios import RECON_UNLOCK

    for mission, key, params in (
        ("dw_defend_perimeter", "spacehulk.status.held", {}),
        ("dw_reconnaissance", "spacehulk.status.teleport_unlock", {"count": RECON_UNLOCK}),
    ):
        state, _ = new_game(RULES, {"mission": mission, "timer_mode": "untimed"}, 3)
        last = held_turn(state.mission)
        assert last is not None and last > 1
        shown = PRESENTER.status_text(view(state, "genestealer"), lang)
        assert t(lang, key, turn=last, **params) in shown.splitlines()


def test_a_marine_move_is_previewed_on_the_seats_own_picture() -> None:
    """Issue 26 item 5: the path and the final square drawn in the preview colour, the price in words;
    an action that is not a move or turn (a door) is not previewed; a spectator gets no preview."""
    state = opening()
    v = view(state, "marine")
    back = a.Move(model="m1", to=(9, 8, 0))
    img = decode(PRESENTER.preview_png(v, back, "en") or b"")
    frame = board.frame_for(board._board(v.map_text))
    x0, y0, x1, y1 = frame.box((9, 8, 0), inset=max(2, frame.cell // 10))
    ring = [img.getpixel((x, (y0 + y1) // 2)) for x in range(x0, x0 + 4)]
    assert shown.PATH in ring  # the ghost's ring where M1 would end
    assert PRESENTER.preview_text(v, back, "en") == (
        "Preview: M1 moves J8 → J9 and ends facing north. It costs 2 AP."
    )
    assert PRESENTER.preview_text(v, a.Door(model="m1", square=(9, 6, 0)), "en") is None
    assert PRESENTER.preview_png(view(state, None), back, "en") is None
