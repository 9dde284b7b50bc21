"""The Canyon of Death images: the public board (§8.3) and a seat's private hand and preview.

Pure functions: a view in, PNG bytes out. The board shows only what the view holds, so the
public image is built from the spectator view alone.
"""

from __future__ import annotations

import io
import math
from bisect import bisect_right
from functools import cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from engine.canyon.state import CANYON_SUIT, DAMAGE_SUIT, FLIGHT_SUIT, MARINE, ORK, Roll
from engine.canyon.view import CanyonView, ShipView
from renderers.fonts import font
from renderers.i18n import t
from renderers.palette import Colours, ink

from . import text as words
from .draw import (
    BG,
    GOLD,
    GOOD,
    MUTED,
    PANEL,
    PANEL_EDGE,
    TEXT,
    Box,
    Color,
    card_back,
    card_face,
    die,
    empty_slot,
    fit,
    paste_ship,
    shrunk,
    sprite_box,
    text_at,
)

WIDTH, HEIGHT = 1280, 800
CANYON_BOX: Box = (16, 72, 836, 608)
CARD_W, CARD_H = 50, 70
SHIP_PX = 46
STORM_BACK_PX = CARD_W // 2 + 6 + SHIP_PX // 2  # base front touching the next card (A2, DC-ADV-1)
ENTRY_PX = STORM_BACK_PX + SHIP_PX + 34  # room behind step 1 for the Dakkajet (plus 6 pursuit inches)
EXIT_PX = 120
MAX_PX_PER_INCH = 30.0
STEP_INCHES = 6  # §3: 6 inches between consecutive canyon cards
SHIP_COLOR = Colours({MARINE: "canyon/marine", ORK: "canyon/ork"})  # in the palette in force

PLATEAU: Color = (168, 94, 56)
PLATEAU_DARK: Color = (146, 78, 44)
PLATEAU_LIGHT: Color = (190, 116, 72)
WALL_SHADOW: Color = (74, 40, 26)
WALL: Color = (104, 62, 40)
FLOOR: Color = (62, 44, 36)
FLIGHT_LINE: Color = (96, 74, 60)


# --- the winding path ----------------------------------------------------------------------------


class Path:
    """A polyline with arc-length lookup: point and heading at distance s."""

    def __init__(self, points: list[tuple[float, float]]) -> None:
        self.points = points
        self.cum = [0.0]
        for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
            self.cum.append(self.cum[-1] + math.hypot(x1 - x0, y1 - y0))
        self.length = self.cum[-1]

    def at(self, s: float) -> tuple[float, float, float]:
        """(x, y, heading) at arc length s (clamped to the path)."""
        s = min(max(s, 0.0), self.length)
        i = min(max(bisect_right(self.cum, s) - 1, 0), len(self.points) - 2)
        (x0, y0), (x1, y1) = self.points[i], self.points[i + 1]
        seg = self.cum[i + 1] - self.cum[i] or 1.0
        f = (s - self.cum[i]) / seg
        return x0 + (x1 - x0) * f, y0 + (y1 - y0) * f, math.atan2(y1 - y0, x1 - x0)

    def upto(self, s: float) -> list[tuple[float, float]]:
        """The polyline from the start to arc length s."""
        return self.between(0.0, s)

    def between(self, a: float, b: float) -> list[tuple[float, float]]:
        """The polyline from arc length a to arc length b."""
        i, j = bisect_right(self.cum, a), bisect_right(self.cum, b)
        (xa, ya, _), (xb, yb, _) = self.at(a), self.at(b)
        return [(xa, ya)] + self.points[i:j] + [(xb, yb)]


@cache
def canyon_path() -> Path:
    """Two bending rows joined by a hairpin: a winding canyon filling the board area."""
    left, right = float(CANYON_BOX[0]), 604.0
    exit_x = 104.0
    top, bottom = 196.0, 470.0
    radius = (bottom - top) / 2
    pts: list[tuple[float, float]] = []
    for i in range(0, 161):  # row 1 from the canyon mouth at the left edge, bulging upwards
        u = i / 160
        pts.append((left + (right - left) * u, top - 34 * (1 - math.cos(2 * math.pi * u)) / 2))
    for i in range(1, 90):
        a = -math.pi / 2 + math.pi * i / 90
        pts.append((right + radius * math.cos(a), (top + bottom) / 2 + radius * math.sin(a)))
    for i in range(0, 141):  # row 2 back to the left, bulging downwards
        u = i / 140
        pts.append((right - (right - exit_x) * u, bottom + 20 * (1 - math.cos(2 * math.pi * u)) / 2))
    return Path(pts)


class Geometry:
    """Where each step, each card and each ship goes for a given layout."""

    def __init__(self, view: CanyonView) -> None:
        self.path = canyon_path()
        n = len(view.steps)
        usable = self.path.length - ENTRY_PX - EXIT_PX
        self.px_per_in = min(MAX_PX_PER_INCH, usable / (STEP_INCHES * max(n, 1)))
        self.spacing = STEP_INCHES * self.px_per_in
        self.first = ENTRY_PX + self.px_per_in * 6  # the Dakkajet may trail 6 inches at step 1
        self.step_s = [self.first + i * self.spacing for i in range(n)]
        self.end_s = (self.step_s[-1] if n else self.first) + EXIT_PX

    def normal(self, heading: float) -> tuple[float, float]:
        """Unit vector to the left of travel (screen coordinates)."""
        return math.sin(heading), -math.cos(heading)

    def card_boxes(self, index: int, width: int) -> list[Box]:
        x, y, heading = self.path.at(self.step_s[index])
        if width == 1:
            return [_box(x, y)]
        nx, ny = self.normal(heading)
        off = abs(nx) * (CARD_W / 2) + abs(ny) * (CARD_H / 2) + 5
        return [_box(x + nx * off, y + ny * off), _box(x - nx * off, y - ny * off)]

    def storm_s(self, step: int) -> float:
        if step >= len(self.step_s):
            return self.end_s - 40
        return self.step_s[step] - STORM_BACK_PX

    def dakka_s(self, step: int, pursuit: int) -> float:
        # DC-ADV-3: the Dakkajet flies pursuit-die inches behind the Stormtalon.
        return self.storm_s(step) - SHIP_PX - pursuit * self.px_per_in

    def badge_at(self, index: int, width: int) -> tuple[float, float]:
        """The step number badge: against the canyon wall, left of the direction of travel."""
        x, y, heading = self.path.at(self.step_s[index])
        nx, ny = self.normal(heading)
        reach = abs(nx) * CARD_W / 2 + abs(ny) * CARD_H / 2
        reach = reach * (2 if width == 2 else 1) + (10 if width == 2 else 0) + 4
        bx, by = x + nx * (reach + 2) - math.cos(heading) * 30, y + ny * (reach + 2) - math.sin(heading) * 30
        bx = min(max(bx, CANYON_BOX[0] + 14), CANYON_BOX[2] - 14)
        by = min(max(by, CANYON_BOX[1] + 14), CANYON_BOX[3] - 14)
        return bx, by

    def all_card_boxes(self, view: CanyonView) -> list[Box]:
        """Every canyon card on the board, in step order."""
        return [box for i, step in enumerate(view.steps) for box in self.card_boxes(i, step.width)]


def _box(cx: float, cy: float) -> Box:
    x0, y0 = int(round(cx - CARD_W / 2)), int(round(cy - CARD_H / 2))
    return (x0, y0, x0 + CARD_W, y0 + CARD_H)


# --- canyon --------------------------------------------------------------------------------------


def _plateau(draw: ImageDraw.ImageDraw) -> None:
    x0, y0, x1, y1 = CANYON_BOX
    draw.rounded_rectangle(CANYON_BOX, radius=14, fill=PLATEAU)
    # Deterministic rock strata and speckles (no randomness: same view, same bytes).
    for k in range(9):
        y = y0 + 30 + k * 60
        draw.line([(x0 + 10, y), (x1 - 10, y + 14)], fill=PLATEAU_DARK, width=3)
    for i in range(420):
        x = x0 + 8 + (i * 7919) % (x1 - x0 - 16)
        y = y0 + 8 + (i * 104729) % (y1 - y0 - 16)
        r = 1 + (i % 3)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=PLATEAU_LIGHT if i % 2 else PLATEAU_DARK)


def _band(pts: list[tuple[float, float]], half: float) -> list[tuple[float, float]]:
    """The outline of a band of half-width `half` around a polyline (no joint artefacts)."""
    left, right = [], []
    for i, (x, y) in enumerate(pts):
        (ax, ay), (bx, by) = pts[max(i - 1, 0)], pts[min(i + 1, len(pts) - 1)]
        length = math.hypot(bx - ax, by - ay) or 1.0
        nx, ny = (by - ay) / length, -(bx - ax) / length
        left.append((x + nx * half, y + ny * half))
        right.append((x - nx * half, y - ny * half))
    return left + right[::-1]


def _canyon(draw: ImageDraw.ImageDraw, geo: Geometry) -> None:
    pts = geo.path.upto(geo.end_s)
    for half, color in ((96, WALL_SHADOW), (88, WALL), (79, FLOOR)):
        draw.polygon(_band(pts, half), fill=color)
        ex, ey, _ = geo.path.at(geo.end_s)
        draw.ellipse((ex - half, ey - half, ex + half, ey + half), fill=color)
    for i in range(0, len(pts) - 1, 4):  # dashed flight line
        draw.line([pts[i], pts[min(i + 2, len(pts) - 1)]], fill=FLIGHT_LINE, width=3)
    ex, ey, _ = geo.path.at(geo.end_s)
    draw.ellipse((ex - 56, ey - 56, ex + 56, ey + 56), fill=(50, 92, 56), outline=GOOD, width=3)


def _labels(draw: ImageDraw.ImageDraw, geo: Geometry, lang: str) -> None:
    label = font(15, bold=True)
    _, y, _ = geo.path.at(0)
    text_at(draw, (CANYON_BOX[0] + 12, y - 58), t(lang, "canyon.img.entry") + " ▸", label, (236, 214, 190))
    ex, ey, _ = geo.path.at(geo.end_s)
    text_at(draw, (ex, ey), t(lang, "canyon.img.exit"), font(18, bold=True), (220, 250, 220), "mm")


def _slots(draw: ImageDraw.ImageDraw, view: CanyonView, geo: Geometry) -> None:
    badge = font(13, bold=True)
    for i, step in enumerate(view.steps):
        boxes = geo.card_boxes(i, step.width)
        if i == view.stormtalon_step and view.phase != "over":
            x0 = min(b[0] for b in boxes) - 6
            y0 = min(b[1] for b in boxes) - 6
            x1 = max(b[2] for b in boxes) + 6
            y1 = max(b[3] for b in boxes) + 6
            draw.rounded_rectangle((x0, y0, x1, y1), radius=10, outline=GOLD, width=3)
        for slot, box in zip(step.slots, boxes, strict=True):
            if slot.status == "hidden" or slot.value is None:
                card_back(draw, box)
            elif slot.status == "previewed":
                card_face(draw, box, slot.value, CANYON_SUIT)
                draw.rounded_rectangle(
                    (box[0] - 3, box[1] - 3, box[2] + 3, box[3] + 3),
                    radius=8,
                    outline=(120, 220, 255),
                    width=2,
                )
            elif slot.status == "discarded":
                card_face(draw, box, slot.value, CANYON_SUIT, dim=True, cross=True)
            else:
                card_face(draw, box, slot.value, CANYON_SUIT)
        bx, by = geo.badge_at(i, step.width)
        draw.ellipse((bx - 12, by - 12, bx + 12, by + 12), fill=(28, 30, 38), outline=GOLD, width=2)
        text_at(draw, (bx, by), str(step.number), badge, GOLD, "mm")


class Token(NamedTuple):
    """A ship or the pursuit die as drawn: its centre, heading and the box its pixels fill."""

    x: float
    y: float
    heading: float
    box: Box


class Tokens(NamedTuple):
    marine: Token
    ork: Token
    die: Token


DIE_PX = 22
CARD_MARGIN = 4  # room kept around a card (its preview outline is 3 px wide)
# Sideways shifts tried for a ship, nearest first, left of travel before right (px).
SHIFTS = (0, *(sign * 4 * k for k in range(1, 36) for sign in (1, -1)))


def _overlaps(a: Box, b: Box, margin: int = 0) -> bool:
    return a[0] < b[2] + margin and b[0] < a[2] + margin and a[1] < b[3] + margin and b[1] < a[3] + margin


def _inside(a: Box, outer: Box) -> bool:
    return a[0] >= outer[0] and a[1] >= outer[1] and a[2] <= outer[2] and a[3] <= outer[3]


def _ship_box(seat: str, center: tuple[float, float], heading: float, destroyed: bool) -> Box:
    x0, y0, x1, y1 = sprite_box(seat, heading, SHIP_PX)
    left, top = int(round(center[0] - SHIP_PX / 2)), int(round(center[1] - SHIP_PX / 2))
    box = (left + x0, top + y0, left + x1, top + y1)
    if destroyed:  # the red cross reaches beyond the silhouette
        cx, cy = center
        cross = (int(cx - 25), int(cy - 25), int(math.ceil(cx + 25)), int(math.ceil(cy + 25)))
        box = (min(box[0], cross[0]), min(box[1], cross[1]), max(box[2], cross[2]), max(box[3], cross[3]))
    return box


def _place_ship(seat: str, view: CanyonView, geo: Geometry, s: float, blocked: list[Box]) -> Token:
    """The ship where the rules put it along the path (DC-ADV-1/3), shifted sideways only as far
    as needed so that it hides no canyon card, no step badge and not the other ship."""
    x, y, heading = geo.path.at(s)
    nx, ny = geo.normal(heading)
    destroyed = view.ship(seat).destroyed
    first: Token | None = None
    for shift in SHIFTS:
        cx, cy = x + nx * shift, y + ny * shift
        token = Token(cx, cy, heading, _ship_box(seat, (cx, cy), heading, destroyed))
        first = first or token
        if _inside(token.box, CANYON_BOX) and not any(_overlaps(token.box, b, CARD_MARGIN) for b in blocked):
            return token
    assert first is not None
    return first


def _place_die(ork: Token, blocked: list[Box]) -> Token:
    """The pursuit die beside the Dakkajet's base (§3 step 3): right of travel if that is free."""
    nx, ny = math.sin(ork.heading), -math.cos(ork.heading)
    fx, fy = math.cos(ork.heading), math.sin(ork.heading)
    half = DIE_PX / 2
    first: Token | None = None
    for reach in (30, 38, 48):
        for ax, ay in ((-nx, -ny), (nx, ny), (-fx, -fy), (-nx - fx, -ny - fy), (nx - fx, ny - fy), (fx, fy)):
            norm = math.hypot(ax, ay)
            cx, cy = ork.x + ax / norm * reach, ork.y + ay / norm * reach
            box = (
                int(cx - half),
                int(cy - half),
                int(math.ceil(cx + half)) + 1,
                int(math.ceil(cy + half)) + 1,
            )
            token = Token(cx, cy, 0.0, box)
            first = first or token
            if _inside(box, CANYON_BOX) and not any(_overlaps(box, b, 2) for b in blocked):
                return token
    assert first is not None
    return first


def token_layout(view: CanyonView, geo: Geometry) -> Tokens:
    """Where the two ships and the pursuit die are drawn, and the boxes they cover.

    Issue 15: a token never hides a canyon card (nor a step badge or the other token). The ships
    keep their distance along the flight path (DC-ADV-3, §8.1 "drawn pursuit inches behind");
    only a sideways shift is used, the smallest that clears every card.
    """
    cards = geo.all_card_boxes(view)
    badges = []
    for i, step in enumerate(view.steps):
        bx, by = geo.badge_at(i, step.width)
        badges.append((int(bx - 13), int(by - 13), int(bx + 14), int(by + 14)))
    blocked = cards + badges
    marine = _place_ship(MARINE, view, geo, geo.storm_s(view.stormtalon_step), blocked)
    ork = _place_ship(ORK, view, geo, geo.dakka_s(view.stormtalon_step, view.pursuit), [*blocked, marine.box])
    die_token = _place_die(ork, [*blocked, marine.box, ork.box])
    return Tokens(marine, ork, die_token)


def _pursuit_line(draw: ImageDraw.ImageDraw, view: CanyonView, geo: Geometry) -> None:
    """The pursuit distance as a gold line along the flight path (DC-ADV-3), under the cards."""
    s_storm = geo.storm_s(view.stormtalon_step)
    draw.line(geo.path.between(geo.dakka_s(view.stormtalon_step, view.pursuit), s_storm), fill=GOLD, width=2)


def _ships(img: Image.Image, draw: ImageDraw.ImageDraw, view: CanyonView, geo: Geometry) -> Tokens:
    tokens = token_layout(view, geo)
    for seat, token in ((ORK, tokens.ork), (MARINE, tokens.marine)):
        paste_ship(img, seat, (token.x, token.y), token.heading, SHIP_PX)
    # The pursuit die rides beside the Dakkajet's base (§3 step 3).
    die(draw, (tokens.die.x, tokens.die.y), DIE_PX, view.pursuit, fill=(252, 236, 150))
    for seat, token in ((MARINE, tokens.marine), (ORK, tokens.ork)):
        if view.ship(seat).destroyed:
            x, y = token.x, token.y
            draw.line([(x - 22, y - 22), (x + 22, y + 22)], fill=(255, 80, 40), width=5)
            draw.line([(x + 22, y - 22), (x - 22, y + 22)], fill=(255, 80, 40), width=5)
    return tokens


# --- side panels ---------------------------------------------------------------------------------


def _ship_panel(
    img: Image.Image, draw: ImageDraw.ImageDraw, view: CanyonView, seat: str, top: int, lang: str
) -> None:
    ship: ShipView = view.ship(seat)
    x0, x1 = 852, 1264
    y1 = top + 264
    color = SHIP_COLOR[seat]
    draw.rounded_rectangle((x0, top, x1, y1), radius=12, fill=PANEL, outline=PANEL_EDGE, width=1)
    draw.rounded_rectangle((x0, top, x1, top + 40), radius=12, fill=color)
    draw.rectangle((x0, top + 28, x1, top + 40), fill=color)
    paste_ship(img, seat, (x0 + 26, top + 20), 0.0, 34)
    name = t(lang, f"canyon.img.ship.{seat}")
    text_at(draw, (x0 + 50, top + 20), name, font(19, bold=True), TEXT, "lm")
    pilot = t(lang, f"canyon.img.pilot.{seat}")
    text_at(
        draw,
        (x0 + 58 + font(19, bold=True).getlength(name), top + 21),
        pilot,
        font(15),
        (225, 230, 240),
        "lm",
    )
    text_at(draw, (x1 - 12, top + 20), f"{ship.damage}/20", font(22, bold=True), TEXT, "rm")
    if ship.destroyed:
        label = t(lang, "canyon.img.destroyed")
        w = int(font(13, bold=True).getlength(label)) + 16
        draw.rounded_rectangle((x1 - 12 - w, top + 62, x1 - 12, top + 82), radius=10, fill=(200, 40, 30))
        text_at(draw, (x1 - 12 - w / 2, top + 72), label, font(13, bold=True), TEXT, "mm")
    # Damage bar.
    bar = (x0 + 12, top + 48, x1 - 12, top + 58)
    draw.rounded_rectangle(bar, radius=5, fill=(24, 26, 32))
    frac = min(ship.damage, 20) / 20
    if frac > 0:
        fill = (92, 184, 92) if frac < 0.5 else (230, 170, 50) if frac < 0.8 else (220, 60, 50)
        draw.rounded_rectangle(
            (bar[0], bar[1], bar[0] + int((bar[2] - bar[0]) * frac), bar[3]), radius=5, fill=fill
        )
    small = font(13, bold=True)
    text_at(draw, (x0 + 12, top + 66), t(lang, "canyon.img.damage_cards"), small, MUTED)
    x = x0 + 12
    faces = 0
    for rank in ship.damage_cards:
        card_face(draw, (x, top + 84, x + 30, top + 126), rank, DAMAGE_SUIT)
        if rank > 10:
            faces += 1
        else:
            if faces:  # DC-HIT-4: this numbered card was doubled by the face cards before it
                tag = f"×{2**faces}"
                draw.rounded_rectangle((x + 12, top + 118, x + 36, top + 134), radius=7, fill=GOLD)
                text_at(draw, (x + 24, top + 126), tag, font(11, bold=True), (40, 30, 10), "mm")
            faces = 0
        x += 33
    if not ship.damage_cards:
        text_at(draw, (x0 + 14, top + 100), t(lang, "canyon.img.none"), font(16), MUTED)
    if ship.pending_multiplier > 1:
        label = t(lang, "canyon.img.next_damage", multiplier=ship.pending_multiplier)
        w = int(font(14, bold=True).getlength(label)) + 16
        draw.rounded_rectangle((x + 4, top + 94, x + 4 + w, top + 118), radius=11, fill=GOLD)
        text_at(draw, (x + 4 + w / 2, top + 106), label, font(14, bold=True), (40, 30, 10), "mm")
    # Hand and deck.
    text_at(draw, (x0 + 12, top + 142), f"{t(lang, 'canyon.img.hand')}: {ship.hand_count}", small, MUTED)
    hand = view.hand if view.seat == seat and view.hand is not None else None
    x = x0 + 12
    for k in range(ship.hand_count):
        box = (x, top + 160, x + 28, top + 199)
        if hand is not None and k < len(hand):
            card_face(draw, box, hand[k], FLIGHT_SUIT[seat])
        else:
            card_back(draw, box)
        x += 31
    dx = x0 + 150
    text_at(draw, (dx, top + 142), f"{t(lang, 'canyon.img.deck')}: {ship.deck_count}", small, MUTED)
    for k in range(min(ship.deck_count, 4)):
        card_back(draw, (dx + k * 3, top + 166 - k * 2, dx + 28 + k * 3, top + 205 - k * 2))
    if ship.deck_count == 0:
        empty_slot(draw, (dx, top + 160, dx + 28, top + 199))
    # Discard pile, in the order the cards landed (public, A11).
    text_at(draw, (x0 + 12, top + 208), f"{t(lang, 'canyon.img.discard')}: {len(ship.discard)}", small, MUTED)
    x = x0 + 12
    for rank in ship.discard:
        card_face(draw, (x, top + 224, x + 26, top + 258), rank, FLIGHT_SUIT[seat])
        x += 29 if len(ship.discard) <= 13 else 22


def _bottom(img: Image.Image, draw: ImageDraw.ImageDraw, view: CanyonView, lang: str) -> None:
    top, bottom = 616, 788
    label = font(14, bold=True)
    # Played this turn: the two big cards side by side. A card of the turn before stays, dimmed and
    # tagged with its turn, until its ship plays again (issue 15 item 7).
    draw.rounded_rectangle((16, top, 300, bottom), radius=12, fill=PANEL, outline=PANEL_EDGE)
    now = any(view.ship(seat).played is not None for seat in (MARINE, ORK))
    before = any(view.ship(seat).last_played is not None for seat in (MARINE, ORK))
    title = "canyon.img.played_last" if before and not now else "canyon.img.played"
    text_at(draw, (30, top + 10), t(lang, title), label, MUTED)
    for k, seat in enumerate((MARINE, ORK)):
        x = 40 + k * 130
        box = (x, top + 36, x + 78, top + 146)
        ship = view.ship(seat)
        if ship.played is not None:
            card_face(draw, box, ship.played, FLIGHT_SUIT[seat])
        elif ship.last_played is not None:
            card_face(draw, box, ship.last_played, FLIGHT_SUIT[seat], dim=True)
            if now:  # beside a card of this turn: say which turn this one is from
                tag = t(lang, "canyon.img.turn_tag", turn=max(view.turn - 1, 1))
                w = int(font(11, bold=True).getlength(tag)) + 12
                draw.rounded_rectangle(
                    (x + 39 - w / 2, top + 28, x + 39 + w / 2, top + 44), radius=8, fill=MUTED
                )
                text_at(draw, (x + 39, top + 36), tag, font(11, bold=True), (30, 30, 36), "mm")
        else:
            empty_slot(draw, box)
        paste_ship(img, seat, (x + 102, top + 90), -math.pi / 2, 30)
        text_at(
            draw,
            (x + 39, top + 150),
            words.ship_cap(lang, seat).split()[-1],
            font(12, bold=True),
            SHIP_COLOR[seat],
            "ma",
        )
    # Pursuit die.
    draw.rounded_rectangle((312, top, 492, bottom), radius=12, fill=PANEL, outline=PANEL_EDGE)
    text_at(draw, (402, top + 10), t(lang, "canyon.img.pursuit"), label, MUTED, "ma")
    die(draw, (402, top + 86), 74, view.pursuit, fill=(252, 236, 150))
    behind = t(lang, "canyon.img.distance", distance=view.dakkajet_distance_in)
    text_at(draw, (402, top + 138), behind, shrunk(behind, 14, 492 - 312 - 16), GOLD, "ma")
    # Dice this turn; until the first roll of a turn, the previous turn's (issue 15 item 7).
    draw.rounded_rectangle((504, top, 836, bottom), radius=12, fill=PANEL, outline=PANEL_EDGE)
    rolls = view.rolls or view.last_rolls
    title = "canyon.img.rolls" if view.rolls or not view.last_rolls else "canyon.img.rolls_last"
    text_at(draw, (518, top + 10), t(lang, title), label, MUTED)
    y = top + 44
    if not rolls:
        text_at(draw, (518, y), t(lang, "canyon.img.none"), font(16), MUTED)
    for roll in rolls[-4:]:
        text_at(draw, (518, y), t(lang, f"canyon.img.roll.{roll.kind}"), font(14, bold=True), TEXT, "lm")
        x = 622
        if roll.seat is not None:  # whose roll: the ship's colour and its initial (S, D), never colour alone
            draw.ellipse((x - 8, y - 8, x + 8, y + 8), fill=SHIP_COLOR[roll.seat])
            initial = t(lang, f"canyon.img.ship.{roll.seat}")[:1]
            text_at(draw, (x, y), initial, font(11, bold=True), ink(SHIP_COLOR.role(roll.seat)), "mm")
            x += 16
        need = hit_threshold(roll)
        for value in roll.dice:
            hit = value >= need
            die(
                draw,
                (x + 13, y),
                26,
                value,
                fill=(255, 200, 190) if hit else (248, 248, 248),
                edge=(200, 40, 40) if hit else (40, 40, 40),
                bold=hit,
            )
            x += 31
        if roll.hits is not None:  # short, and smaller when a language's words are longer: never cut
            hits = t(lang, "canyon.img.hits", n=roll.hits)
            text_at(draw, (x + 6, y), hits, shrunk(hits, 14, 836 - 8 - (x + 6)), GOLD, "lm")
        y += 34
    # Damage deck, removed canyon cards, pending hits.
    draw.rounded_rectangle((852, top, 1264, bottom), radius=12, fill=PANEL, outline=PANEL_EDGE)
    card_back(draw, (868, top + 16, 908, top + 72))
    text_at(
        draw,
        (920, top + 30),
        t(lang, "canyon.img.damage_deck", count=view.damage_deck_count),
        font(15, bold=True),
        TEXT,
        "lm",
    )
    text_at(
        draw,
        (920, top + 56),
        fit(t(lang, "canyon.img.removed", count=view.removed_unseen), font(13), 330),
        font(13),
        MUTED,
        "lm",
    )
    _removed_cards(draw, view, lang, top)
    y = top + 92
    for batch in view.pending_hits:
        line = t(
            lang,
            "canyon.img.pending_hits",
            ship=t(lang, f"canyon.img.ship.{batch.seat}"),
            hits=words.hits(lang, batch.hits),
            source=t(lang, f"canyon.source.{batch.source}"),
        )
        for part in _wrap(line, font(15, bold=True), 380)[:2]:
            text_at(draw, (868, y), part, font(15, bold=True), SHIP_COLOR[batch.seat])
            y += 22
    _legend(draw, (868, bottom - 34), lang)


def hit_threshold(roll: Roll) -> int:
    """The lowest die value that scored a hit (7: none did). Hits are the dice at or above a
    target (DC-SHO-2: the pursuit die, DC-CAN-4: 5+), so they are the `hits` highest dice; this
    holds for an earlier turn's roll too, whatever the pursuit die shows now."""
    if not roll.hits:
        return 7
    return sorted(roll.dice, reverse=True)[roll.hits - 1]


def _removed_cards(draw: ImageDraw.ImageDraw, view: CanyonView, lang: str, top: int) -> list[Box]:
    """A18: once the game is over, the canyon cards removed unseen, face up (issue 15 item 7)."""
    if view.removed_cards is None:
        return []
    title = fit(t(lang, "canyon.img.removed_shown"), font(13, bold=True), 384)
    text_at(draw, (868, top + 78), title, font(13, bold=True), MUTED)
    n = len(view.removed_cards)
    step = min(31, 380 // max(n, 1))
    boxes = []
    for k, rank in enumerate(view.removed_cards):
        box = (868 + k * step, top + 97, 868 + k * step + 27, top + 135)
        card_face(draw, box, rank, CANYON_SUIT)
        boxes.append(box)
    return boxes


def _legend(draw: ImageDraw.ImageDraw, at: tuple[int, int], lang: str) -> None:
    """Key to the canyon symbols: face down, route not taken, next step."""
    x, y = at
    small = font(12)
    card_back(draw, (x, y, x + 16, y + 22))
    x += 22
    text_at(draw, (x, y + 11), t(lang, "canyon.img.legend.down"), small, MUTED, "lm")
    x += int(small.getlength(t(lang, "canyon.img.legend.down"))) + 16
    card_face(draw, (x, y, x + 16, y + 22), 1, CANYON_SUIT, dim=True, cross=True)
    x += 22
    text_at(draw, (x, y + 11), t(lang, "canyon.img.legend.discarded"), small, MUTED, "lm")
    x += int(small.getlength(t(lang, "canyon.img.legend.discarded"))) + 16
    draw.rounded_rectangle((x, y, x + 16, y + 22), radius=4, outline=GOLD, width=2)
    x += 22
    text_at(draw, (x, y + 11), t(lang, "canyon.img.legend.next"), small, MUTED, "lm")


def _wrap(text: str, fnt: object, width: int) -> list[str]:
    out: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if fnt.getlength(trial) <= width or not line:  # type: ignore[attr-defined]
            line = trial
        else:
            out.append(line)
            line = word
    if line:
        out.append(line)
    return out


def _header(draw: ImageDraw.ImageDraw, view: CanyonView, lang: str) -> None:
    text_at(draw, (18, 36), t(lang, "canyon.img.title"), font(28, bold=True), TEXT, "lm")
    text_at(
        draw, (1262, 24), t(lang, "canyon.img.turn", turn=max(view.turn, 1)), font(22, bold=True), GOLD, "rm"
    )
    if view.phase == "over" and view.winners:
        winner = view.winners[0]
        msg = t(lang, "canyon.img.winner", **words.pilots(lang, winner), reason=t(lang, view.reason or ""))
        line = fit(msg, font(17, bold=True), 760)
        text_at(draw, (1262, 52), line, font(17, bold=True), SHIP_COLOR[winner], "rm")
    else:
        line = fit(words.phase_line(view, lang), font(15), 760)
        text_at(draw, (1262, 52), line, font(15), MUTED, "rm")


def _png(img: Image.Image) -> bytes:
    out = io.BytesIO()
    img.save(out, format="PNG", compress_level=3)
    return out.getvalue()


def board_png(view: CanyonView, lang: str) -> bytes:
    """The public board: canyon, ships, pursuit die, damage, hands, decks, discards, turn."""
    img = Image.new("RGB", (WIDTH, HEIGHT), BG)
    draw = ImageDraw.Draw(img)
    geo = Geometry(view)
    _header(draw, view, lang)
    _plateau(draw)
    _canyon(draw, geo)
    _labels(draw, geo, lang)
    _pursuit_line(draw, view, geo)
    _slots(draw, view, geo)
    _ships(img, draw, view, geo)
    _ship_panel(img, draw, view, MARINE, 72, lang)
    _ship_panel(img, draw, view, ORK, 344, lang)
    _bottom(img, draw, view, lang)
    return _png(img)


# --- private image -------------------------------------------------------------------------------

P_CARD_W, P_CARD_H = 96, 134
P_GAP = 14


def _private_extra(view: CanyonView, lang: str) -> tuple[str, list[tuple[str, int, str]], object]:
    """What goes beside the hand: the Marine's preview, or the Marine's card for the Ork."""
    if view.preview:
        captions = [words.effect_name(lang, r) for r in view.preview]
        if len(view.preview) == 2:
            labels = [t(lang, "canyon.img.route", route=words.ROUTE_LETTERS[k]) for k in range(2)]
            title = t(lang, "canyon.img.preview_fork")
        else:
            labels, title = [""], t(lang, "canyon.img.preview")
        return title, list(zip(labels, view.preview, captions, strict=True)), CANYON_SUIT
    if view.seat == ORK and view.phase == "ork_play" and view.marine.played is not None:
        return t(lang, "canyon.img.marine_played"), [("", view.marine.played, "")], FLIGHT_SUIT[MARINE]
    return "", [], CANYON_SUIT


def private_png(view: CanyonView, lang: str) -> bytes | None:
    """The seat's hand (and the Marine's preview, or the Marine's card for the Ork) as card images."""
    if view.seat is None or view.hand is None:
        return None
    seat = view.seat
    title, extra, suit = _private_extra(view, lang)
    hand_w = max(1, len(view.hand)) * (P_CARD_W + P_GAP) + 30
    # Wide enough for the title in two lines even beside a single card.
    extra_w = max(len(extra) * (P_CARD_W + P_GAP) + 34, 196) if extra else 0
    height = 236
    img = Image.new("RGB", (hand_w + extra_w + (24 if extra else 16), height), BG)
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle(
        (8, 8, 8 + hand_w, height - 8), radius=12, fill=PANEL, outline=SHIP_COLOR[seat], width=2
    )
    text_at(draw, (24, 20), t(lang, "canyon.img.your_hand"), font(16, bold=True), TEXT)
    x = 24
    for rank in view.hand:
        card_face(draw, (x, 56, x + P_CARD_W, 56 + P_CARD_H), rank, FLIGHT_SUIT[seat])
        x += P_CARD_W + P_GAP
    if not view.hand:
        empty_slot(draw, (24, 56, 24 + P_CARD_W, 56 + P_CARD_H))
    if extra:
        ex0 = hand_w + 16
        draw.rounded_rectangle(
            (ex0, 8, ex0 + extra_w, height - 8), radius=12, fill=PANEL, outline=GOLD, width=2
        )
        lines = _wrap(title, font(13, bold=True), extra_w - 24)
        for k, line in enumerate(lines[:2]):
            text_at(draw, (ex0 + 12, 14 + k * 15), line, font(13, bold=True), GOLD)
        x = ex0 + (extra_w - len(extra) * (P_CARD_W + P_GAP) + P_GAP) // 2
        for label, rank, caption in extra:
            top = 62 if label else 56
            card_face(draw, (x, top, x + P_CARD_W, top + P_CARD_H), rank, suit)  # type: ignore[arg-type]
            if label:
                draw.rounded_rectangle((x + 18, top - 24, x + P_CARD_W - 18, top - 5), radius=9, fill=GOLD)
                text_at(draw, (x + P_CARD_W / 2, top - 14), label, font(12, bold=True), (40, 30, 10), "mm")
            if caption:
                text_at(
                    draw,
                    (x + P_CARD_W / 2, top + P_CARD_H + 6),
                    fit(caption, font(12, bold=True), P_CARD_W + 10),
                    font(12, bold=True),
                    TEXT,
                    "ma",
                )
            x += P_CARD_W + P_GAP
    return _png(img)
