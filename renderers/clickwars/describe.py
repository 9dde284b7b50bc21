"""ClickWars in words (issue 29): the text board (`/board text`) and the images' alt text.

Built from the view alone: during the secret deployment the other side's figures have no position
in this view (they are "not on the table yet"), and a seat's own planned spots appear only in its
own view (`my_deployment`).
"""

from __future__ import annotations

from typing import Any

from engine.clickwars import ClickWarsView
from engine.core.shapes import Circle, Polygon
from renderers.base import fit_lines
from renderers.i18n import t

from .text import num, profile, side, status_text

STATUSES = ("moved", "shot", "fought", "fled", "ranged_broken", "melee_broken")


def _where(lang: str, x: float, y: float) -> str:
    return t(lang, "a11y.clickwars.at", x=num(lang, round(x, 1)), y=num(lang, round(y, 1)))


def unit_line(view: ClickWarsView, unit: Any, lang: str) -> str:
    """One figure or gun: id, type, place, life and what it has done this turn (read by name, so a
    redesign of the engine's unit record keeps these words)."""
    uid, kind = unit.id, profile(lang, unit.profile)
    if not unit.alive:
        return t(lang, "a11y.clickwars.unit_dead", unit=uid, profile=kind)
    x, y = unit.x, unit.y
    if x is None or y is None:
        planned = view.my_deployment.get(uid)
        if planned is not None:
            return t(
                lang, "a11y.clickwars.unit_planned", unit=uid, profile=kind, place=_where(lang, *planned)
            )
        return t(lang, "a11y.clickwars.unit_unplaced", unit=uid, profile=kind)
    marks = [t(lang, f"a11y.clickwars.status.{s}") for s in STATUSES if getattr(unit, s, False)]
    crew = unit.crew or unit.gun
    if crew:
        marks.append(t(lang, "a11y.clickwars.status.with", other=crew))
    said = {"unit": uid, "profile": kind, "place": _where(lang, x, y), "life": max(unit.life, 0)}
    if not marks:
        return t(lang, "a11y.clickwars.unit_plain", **said, max=unit.max_life)
    return t(lang, "a11y.clickwars.unit", **said, max=unit.max_life, marks=", ".join(marks))


def terrain_lines(view: ClickWarsView, lang: str) -> list[str]:
    lines = []
    for area in view.terrain:
        shape = area.shape
        if isinstance(shape, Circle):
            where = t(
                lang,
                "a11y.clickwars.circle",
                place=_where(lang, shape.x, shape.y),
                radius=num(lang, round(shape.r, 1)),
            )
        elif isinstance(shape, Polygon) and shape.points:
            xs, ys = [p[0] for p in shape.points], [p[1] for p in shape.points]
            where = t(
                lang,
                "a11y.clickwars.box",
                start=_where(lang, min(xs), min(ys)),
                end=_where(lang, max(xs), max(ys)),
            )
        else:
            where = "-"
        lines.append(
            t(
                lang,
                "a11y.clickwars.terrain",
                id=area.id,
                kind=t(lang, f"clickwars.legend.{area.kind}"),
                where=where,
            )
        )
    return lines


def board_text(view: ClickWarsView, lang: str) -> list[str]:
    """Status, then each side's units (place, life, status), then terrain and objectives."""
    head = status_text(view, lang).replace("**", "").splitlines()
    w, h = view.options.width, view.options.height
    head.append(t(lang, "a11y.clickwars.table", width=w, height=h, south=side(lang, view.south)))
    blocks = ["\n".join(head)]
    for seat in ("red", "blue"):
        units = [u for u in view.units if u.side == seat]
        lines = [t(lang, "a11y.clickwars.side", side=side(lang, seat), count=len(units))]
        lines += [unit_line(view, u, lang) for u in units]
        blocks.append("\n".join(lines))
    extra = terrain_lines(view, lang)
    if view.objective is not None:
        extra.append(t(lang, "a11y.clickwars.objective", place=_where(lang, *view.objective)))
    for hostage in view.hostages:
        extra.append(
            t(lang, "a11y.clickwars.hostage", id=hostage.id, place=_where(lang, hostage.x, hostage.y))
        )
    if extra:
        blocks.append("\n".join(extra))
    return blocks


def image_text(view: ClickWarsView, lang: str) -> str:
    """The picture's words, short enough for Discord's 1,024 characters with thirty units: the
    status, then each side on one line, every unit with its place and life."""
    lines = status_text(view, lang).replace("**", "").splitlines()
    for seat in ("red", "blue"):
        units = []
        for u in (u for u in view.units if u.side == seat):
            kind = profile(lang, u.profile)
            planned = view.my_deployment.get(u.id)
            if not u.alive:
                units.append(t(lang, "a11y.clickwars.alt_dead", unit=u.id, profile=kind))
            elif u.x is not None and u.y is not None:
                x, y = num(lang, round(u.x)), num(lang, round(u.y))
                said = {"unit": u.id, "profile": kind, "x": x, "y": y}
                units.append(t(lang, "a11y.clickwars.alt_unit", **said, life=max(u.life, 0), max=u.max_life))
            elif planned is not None:
                x, y = num(lang, round(planned[0])), num(lang, round(planned[1]))
                units.append(t(lang, "a11y.clickwars.alt_planned", unit=u.id, profile=kind, x=x, y=y))
            else:
                units.append(t(lang, "a11y.clickwars.alt_unplaced", unit=u.id, profile=kind))
        lines.append(t(lang, "a11y.clickwars.alt_side", side=side(lang, seat), units="; ".join(units)))
    return fit_lines(lines)
