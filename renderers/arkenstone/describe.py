"""Hunt for the Arkenstone in words (issue 29): the text board (`/board text`) and the image's alt text.

Built from the view alone: a face-down treasure card is named by its label and place only (its
rank is in no view, §1), a face-up one by its card.
"""

from __future__ import annotations

from engine.arkenstone import ArkenstoneView
from renderers.i18n import t

from .text import card, figure, status_text, where


def figure_lines(view: ArkenstoneView, lang: str) -> list[str]:
    lines = []
    for seat, at in (("bilbo", view.bilbo), ("smaug", view.smaug)):
        if at is None:
            lines.append(t(lang, "a11y.arkenstone.off_table", figure=figure(lang, seat)))
        else:
            lines.append(t(lang, "a11y.arkenstone.figure", figure=figure(lang, seat), place=where(lang, at)))
    move = view.last_move
    if move is not None:
        lines.append(
            t(
                lang,
                "a11y.arkenstone.last_move",
                figure=figure(lang, move.seat),
                start=where(lang, move.start),
                end=where(lang, move.end),
                forced="yes" if move.forced else "no",
            )
        )
    return lines


def treasure_lines(view: ArkenstoneView, lang: str) -> list[str]:
    lines = [
        t(
            lang,
            "a11y.arkenstone.treasures",
            total=len(view.treasures),
            down=sum(1 for tr in view.treasures if not tr.face_up),
            to_place=view.treasures_to_place,
        )
    ]
    for tr in sorted(view.treasures, key=lambda tr: tr.label):
        name = f"T{tr.label}"
        if tr.removed:
            state = "removed"
        elif tr.face_up and tr.rank is not None:
            state = "up"
        else:
            state = "down"
        shown = card(tr.rank, "treasure") if tr.rank is not None else "?"
        lines.append(
            t(lang, "a11y.arkenstone.treasure", name=name, place=where(lang, tr.at), card=shown, state=state)
        )
    return lines


def location_lines(view: ArkenstoneView, lang: str) -> list[str]:
    if not view.locations:
        return []
    spots = ", ".join(
        t(lang, "a11y.arkenstone.spot", card=card(loc.rank, "location"), place=where(lang, loc.at))
        for loc in view.locations
    )
    return [t(lang, "a11y.arkenstone.locations", count=len(view.locations), spots=spots)]


def board_text(view: ArkenstoneView, lang: str) -> list[str]:
    """Turn and phase, the two figures, the treasure grid card by card, the location cards."""
    head = status_text(view, lang).replace("**", "")
    return [
        "\n".join([head, *figure_lines(view, lang)]),
        "\n".join(treasure_lines(view, lang)),
        *(["\n".join(location_lines(view, lang))] if view.locations else []),
    ]
