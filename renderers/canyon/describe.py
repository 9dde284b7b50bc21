"""Canyon of Death in words (issue 29): the text board (`/board text`) and the images' alt text.

Built from the view alone: a face-down canyon card stays "face down" unless this seat looked at it
(the Marine's Navigate, DC-NAV-1), a hand is named only in its owner's view, the removed cards only
once the game is over (A18).
"""

from __future__ import annotations

from engine.canyon.state import FLIGHT_SUIT
from engine.canyon.view import CanyonView, SlotView, StepView
from renderers.i18n import t

from .text import (
    ROUTE_LETTERS,
    canyon_card,
    cards,
    damage_card,
    dice,
    effect_name,
    hits,
    phase_line,
    pilots,
    private_text,
    ship_cap,
)


def _slot(slot: SlotView, lang: str) -> str:
    if slot.status == "hidden" or slot.value is None:
        return t(lang, "a11y.canyon.slot.hidden")
    named = {"card": canyon_card(slot.value), "effect": effect_name(lang, slot.value)}
    return t(lang, f"a11y.canyon.slot.{slot.status}", **named)


def _step(view: CanyonView, index: int, step: StepView, lang: str) -> str:
    if len(step.slots) == 1:
        where = _slot(step.slots[0], lang)
    else:
        where = "; ".join(
            t(lang, "a11y.canyon.route", route=ROUTE_LETTERS[n], card=_slot(slot, lang))
            for n, slot in enumerate(step.slots)
        )
    here = index == view.stormtalon_step and view.phase != "over"
    return t(lang, "a11y.canyon.step", step=step.number, cards=where, here="yes" if here else "no")


def turn_lines(view: CanyonView, lang: str) -> list[str]:
    """Whose turn, where the Stormtalon is, what is being decided."""
    steps = len(view.steps)
    where = (
        t(lang, "canyon.status.out")
        if view.stormtalon_step >= steps
        else t(lang, "canyon.status.step", step=view.stormtalon_step + 1, steps=steps)
    )
    head = t(lang, "canyon.status.head", turn=max(view.turn, 1), where=where, pursuit=view.pursuit)
    return [head, phase_line(view, lang)]


def ship_lines(view: CanyonView, lang: str) -> list[str]:
    lines = []
    for seat in ("marine", "ork"):
        s = view.ship(seat)
        suit = FLIGHT_SUIT[seat]
        lines.append(
            t(
                lang,
                "a11y.canyon.ship",
                ship=ship_cap(lang, seat),
                who=pilots(lang, seat)["who"],
                damage=s.damage,
                hand=s.hand_count,
                deck=s.deck_count,
                destroyed="yes" if s.destroyed else "no",
            )
        )
        if s.played is not None:
            lines.append(
                t(lang, "a11y.canyon.played", ship=ship_cap(lang, seat), card=cards([s.played], suit))
            )
        elif s.last_played is not None:
            lines.append(
                t(
                    lang,
                    "a11y.canyon.played_last",
                    ship=ship_cap(lang, seat),
                    card=cards([s.last_played], suit),
                )
            )
        if s.damage_cards:
            lines.append(
                t(
                    lang,
                    "a11y.canyon.damage_cards",
                    ship=ship_cap(lang, seat),
                    cards=" ".join(damage_card(r) for r in s.damage_cards),
                )
            )
        if s.pending_multiplier > 1:
            lines.append(
                t(lang, "a11y.canyon.multiplier", ship=ship_cap(lang, seat), multiplier=s.pending_multiplier)
            )
    return lines


def board_text(view: CanyonView, lang: str) -> list[str]:
    """The whole table, as this view knows it: turn, canyon step by step, ships, own hand, dice."""
    first = turn_lines(view, lang)
    mine = private_text(view, lang)
    if mine:
        first += mine.splitlines()
    canyon = [t(lang, "a11y.canyon.canyon", steps=len(view.steps), removed=view.removed_unseen)]
    canyon += [_step(view, n, step, lang) for n, step in enumerate(view.steps)]
    canyon.append(t(lang, "a11y.canyon.dakkajet", distance=view.dakkajet_distance_in))
    if view.removed_cards is not None:
        canyon.append(
            t(lang, "a11y.canyon.removed", cards=" ".join(canyon_card(r) for r in view.removed_cards))
        )
    ships = ship_lines(view, lang)
    ships.append(t(lang, "a11y.canyon.damage_deck", count=view.damage_deck_count))
    for batch in view.pending_hits:
        ships.append(
            t(
                lang,
                "canyon.img.pending_hits",
                ship=ship_cap(lang, batch.seat),
                hits=hits(lang, batch.hits),
                source=t(lang, f"canyon.source.{batch.source}"),
            )
        )
    rolls = view.rolls or view.last_rolls
    if rolls:
        title = "a11y.canyon.rolls" if view.rolls else "a11y.canyon.rolls_last"
        said = "; ".join(
            t(
                lang,
                "a11y.canyon.roll",
                kind=t(lang, f"canyon.img.roll.{r.kind}"),
                dice=dice(r.dice),
                hits=r.hits or 0,
            )
            for r in rolls
        )
        ships.append(t(lang, title, rolls=said))
    return ["\n".join(first), "\n".join(canyon), "\n".join(ships)]


def hand_image_text(view: CanyonView, lang: str) -> str:
    """The private picture (the seat's hand and what it looked at ahead): its words."""
    lines = (private_text(view, lang) or "").splitlines()
    if view.seat == "ork" and view.marine.played is not None:  # the Marine's card, beside the Ork's hand
        played = cards([view.marine.played], FLIGHT_SUIT["marine"])
        lines.append(t(lang, "a11y.canyon.played", ship=ship_cap(lang, "marine"), card=played))
    return "\n".join(lines or turn_lines(view, lang))
