"""Canyon of Death words: labels, prompts, status lines and narration, all from the catalogs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.canyon.actions import ChooseRoute, PlayCard, ResolveHit, TakeAllHits
from engine.canyon.state import CANYON_SUIT, DAMAGE_SUIT, FLIGHT_SUIT, MARINE
from engine.canyon.view import CanyonView
from engine.core import Action, Event
from engine.core.cards import RANK_NAME, SUIT_SYMBOL, Suit
from renderers.i18n import t

ROUTE_LETTERS = ("A", "B")


def card(rank: int, suit: Suit) -> str:
    """'7♠', 'A♥', 'K♠'."""
    return f"{RANK_NAME.get(rank, str(rank))}{SUIT_SYMBOL[suit]}"


def canyon_card(rank: int) -> str:
    return card(rank, CANYON_SUIT)


def flight_card(seat: str, rank: int) -> str:
    return card(rank, FLIGHT_SUIT[seat])


def damage_card(rank: int) -> str:
    return card(rank, DAMAGE_SUIT)


def cards(ranks: Sequence[int], suit: Suit) -> str:
    return " ".join(card(r, suit) for r in ranks)


def hits(lang: str, n: int) -> str:
    """'no hits' / '1 hit' / '3 hits' (a plural message: the language's CLDR forms)."""
    return t(lang, "canyon.hits", n=n)


def ship_cap(lang: str, seat: str) -> str:
    """'The Stormtalon' (sentence start)."""
    return t(lang, f"canyon.ship_cap.{seat}")


def pilot_cap(lang: str, seat: str) -> str:
    """'The Marine' / 'The Ork' (sentence start)."""
    return t(lang, f"canyon.pilot_cap.{seat}")


def pilots(lang: str, seat: str) -> dict[str, str]:
    """A pilot for templates: `pilot` opens a sentence, `who` sits inside one, and `seat` lets a
    message choose its own words (a Fluent selector: `{ $seat -> [marine] … *[ork] … }`)."""
    return {"pilot": pilot_cap(lang, seat), "who": t(lang, f"canyon.pilot.{seat}"), "seat": seat}


def dice(values: Sequence[int]) -> str:
    return " ".join(f"[{v}]" for v in values)


def effect_name(lang: str, rank: int) -> str:
    """What a canyon card is: a hazard value or the J/Q/K effect."""
    if rank <= 10:
        return t(lang, "canyon.effect.hazard", value=rank)
    key = {11: "wide_area", 12: "icarus", 13: "xenos"}[rank]
    return t(lang, f"canyon.effect.{key}")


# --- action labels and prompts -----------------------------------------------------------------


def action_label(action: Action, lang: str, view: CanyonView | None = None) -> str:
    """A short button label (<= 80 characters); on the Marine's own fork buttons it names the card (§8.2)."""
    match action:
        case ChooseRoute(route=route):
            if view is not None and view.preview and len(view.preview) == 2:
                card = canyon_card(view.preview[route])
                return t(lang, "canyon.action.route_card", route=ROUTE_LETTERS[route], card=card)
            return t(lang, "canyon.action.route", route=ROUTE_LETTERS[route])
        case PlayCard(card=rank):
            name = RANK_NAME.get(rank, str(rank))
            hazard = _known_hazard(view)
            if hazard is not None:  # DC-CAN-1: the Marine sees what each card would cost
                return t(lang, "canyon.action.play_cost", card=name, hits=max(0, rank - hazard))
            return t(lang, "canyon.action.play", card=name)
        case ResolveHit(choice="discard"):
            if view is not None and view.seat is not None:  # §8.2: "Discard random hand card (n left)"
                return t(lang, "canyon.action.discard_n", hand=view.ship(view.seat).hand_count)
            return t(lang, "canyon.action.discard")
        case ResolveHit():
            multiplier = view.ship(view.seat).pending_multiplier if view is not None and view.seat else 1
            if multiplier > 1:
                return t(lang, "canyon.action.damage_multiplied", multiplier=multiplier)
            return t(lang, "canyon.action.damage")
        case TakeAllHits():
            return t(lang, "canyon.action.take_all")
    return t(lang, "canyon.action.unknown")


def _known_hazard(view: CanyonView | None) -> int | None:
    """The value of the hazard the Marine is about to play against, when it is one (DC-CAN-1)."""
    if view is None or view.seat != MARINE or view.phase != "marine_play":
        return None
    if not view.preview or len(view.preview) != 1 or view.preview[0] > 10:
        return None
    return view.preview[0]


def action_prompt(view: CanyonView, actions: Sequence[Action], lang: str) -> str:
    """What the viewer chooses now, with what the choice costs or changes (for newcomers)."""
    seat = view.seat or MARINE
    if view.phase == "navigate" and view.preview and len(view.preview) == 2:
        a, b = (canyon_card(r) for r in view.preview)
        return t(lang, "canyon.prompt.route", a=a, b=b)
    if view.phase == "marine_play":
        if view.preview and len(view.preview) == 1:
            rank = view.preview[0]
            if rank <= 10:  # DC-CAN-1: each point above the hazard is a hit
                return t(lang, "canyon.prompt.marine_play_hazard", next=canyon_card(rank), value=rank)
            return t(  # DC-CAN-6: J/Q/K never cause hazard hits
                lang,
                "canyon.prompt.marine_play_effect",
                next=canyon_card(rank),
                effect=effect_name(lang, rank),
            )
        return t(lang, "canyon.prompt.play")
    if view.phase == "ork_play" and view.marine.played is not None:
        # DC-MAN-3..5 with DC-GEN-2's clamp, then DC-SHO-2: the die is what the Ork's dice must reach.
        return t(
            lang,
            "canyon.prompt.ork_play",
            card=flight_card(MARINE, view.marine.played),
            pursuit=view.pursuit,
            closer=max(1, view.pursuit - 1),
            farther=min(6, view.pursuit + 1),
        )
    if view.phase == "hits" and view.pending_hits:
        return hits_prompt(view, seat, lang)
    return t(lang, "canyon.prompt.generic")


def hits_prompt(view: CanyonView, seat: str, lang: str) -> str:
    """DC-HIT-1, §8.2: one choice per hit, with what the choice depends on (hand, damage, multiplier)."""
    batch = view.pending_hits[0]
    ship = view.ship(seat)
    params = {
        "hits": hits(lang, batch.hits),
        "source": t(lang, f"canyon.source.{batch.source}"),
        "hand": ship.hand_count,
        "damage": ship.damage,
    }
    if ship.hand_count == 0:
        key = "canyon.prompt.hits_empty"
    else:
        key = "canyon.prompt.hit_one" if batch.hits == 1 else "canyon.prompt.hits_many"
    text = t(lang, key, **params)
    if ship.pending_multiplier > 1:  # DC-HIT-4
        text += " " + t(lang, "canyon.prompt.multiplier", multiplier=ship.pending_multiplier)
    return text


# --- status and private text -------------------------------------------------------------------


def phase_line(view: CanyonView, lang: str) -> str:
    """Who must do what now."""
    if view.phase == "over":
        winner = view.winners[0] if view.winners else MARINE
        return t(lang, "canyon.status.over", **pilots(lang, winner))
    if view.phase == "hits" and view.pending_hits:
        batch = view.pending_hits[0]
        return t(
            lang,
            "canyon.status.hits",
            **pilots(lang, batch.seat),
            hits=hits(lang, batch.hits),
            source=t(lang, f"canyon.source.{batch.source}"),
        )
    return t(lang, f"canyon.status.{view.phase}")


def status_text(view: CanyonView, lang: str) -> str:
    """Markdown status for the public message."""
    steps = len(view.steps)
    where = (
        t(lang, "canyon.status.out")
        if view.stormtalon_step >= steps
        else t(lang, "canyon.status.step", step=view.stormtalon_step + 1, steps=steps)
    )
    head = t(lang, "canyon.status.head", turn=max(view.turn, 1), where=where, pursuit=view.pursuit)
    ships = []
    for seat in ("marine", "ork"):
        s = view.ship(seat)
        extra = (
            t(lang, "canyon.status.pending", multiplier=s.pending_multiplier)
            if s.pending_multiplier > 1
            else ""
        )
        ships.append(
            t(
                lang,
                "canyon.status.ship",
                ship=ship_cap(lang, seat),
                damage=s.damage,
                hand=s.hand_count,
                deck=s.deck_count,
                pending=extra,
            )
        )
    played = []
    if view.marine.played is not None:
        played.append(flight_card("marine", view.marine.played))
    if view.ork.played is not None:
        played.append(flight_card("ork", view.ork.played))
    lines = [f"**{head}**", *ships]
    if played:
        lines.append(t(lang, "canyon.status.played", cards=" · ".join(played)))
    if view.phase != "over":  # the platform states the outcome, with the players' names
        lines.append(phase_line(view, lang))
    return "\n".join(lines)


def private_text(view: CanyonView, lang: str) -> str | None:
    """The viewer's hand and (Marine) preview, or None for a spectator."""
    if view.seat is None or view.hand is None:
        return None
    seat = view.seat
    hand = cards(view.hand, FLIGHT_SUIT[seat]) if view.hand else t(lang, "canyon.private.empty")
    lines = [t(lang, "canyon.private.hand", cards=hand)]
    if view.preview and view.phase != "over":  # no "next canyon card" once the game is over
        if len(view.preview) == 2:
            a, b = (canyon_card(r) for r in view.preview)
            lines.append(t(lang, "canyon.private.fork", a=a, b=b))
        else:
            rank = view.preview[0]
            lines.append(
                t(lang, "canyon.private.next", card=canyon_card(rank), effect=effect_name(lang, rank))
            )
    return "\n".join(lines)


# --- narration ---------------------------------------------------------------------------------


def _pursuit(e: Any, lang: str) -> str:
    if e.reason == "equal":
        return t(lang, "canyon.n.pursuit_equal", after=e.after)
    if e.before == e.after:
        return t(lang, f"canyon.n.pursuit_{e.reason}_clamped", after=e.after)
    return t(lang, f"canyon.n.pursuit_{e.reason}", before=e.before, after=e.after)


def _drawn(e: Any, lang: str) -> str:
    if e.cards is not None:
        return t(lang, "canyon.n.cards_drawn_own", cards=cards(e.cards, FLIGHT_SUIT[e.seat]))
    return t(lang, "canyon.n.cards_drawn", **pilots(lang, e.seat), count=e.count)


def _previewed(e: Any, lang: str) -> str:
    if e.cards is None:
        key = "canyon.n.previewed_fork" if e.count == 2 else "canyon.n.previewed"
        return t(lang, key, step=e.step + 1)
    if len(e.cards) == 2:
        a, b = (canyon_card(r) for r in e.cards)
        return t(lang, "canyon.n.previewed_fork_own", step=e.step + 1, a=a, b=b)
    return t(lang, "canyon.n.previewed_own", step=e.step + 1, card=canyon_card(e.cards[0]))


def _recovered(e: Any, lang: str) -> str:
    if not e.recovered:
        return t(lang, "canyon.n.recovered_none", **pilots(lang, e.seat), roll=e.roll)
    return t(
        lang,
        "canyon.n.recovered",
        **pilots(lang, e.seat),
        roll=e.roll,
        cards=cards(e.recovered, FLIGHT_SUIT[e.seat]),
    )


def _king(e: Any, lang: str) -> str:
    if not e.discarded:
        return t(lang, "canyon.n.xenos_none", **pilots(lang, e.seat), roll=e.roll)
    return t(
        lang,
        "canyon.n.xenos",
        **pilots(lang, e.seat),
        roll=e.roll,
        cards=cards(e.discarded, FLIGHT_SUIT[e.seat]),
    )


def _damage(e: Any, lang: str) -> str:
    if e.card > 10:
        return t(
            lang,
            "canyon.n.damage_face",
            ship=ship_cap(lang, e.seat),
            card=damage_card(e.card),
            multiplier=e.multiplier,
        )
    key = "canyon.n.damage_multiplied" if e.multiplier > 1 else "canyon.n.damage"
    return t(
        lang,
        key,
        ship=ship_cap(lang, e.seat),
        card=damage_card(e.card),
        multiplier=e.multiplier,
        damage=e.damage,
        total=e.total,
    )


def _hazard(e: Any, lang: str) -> str:
    return t(
        lang,
        "canyon.n.hazard",
        value=e.card,
        marine=flight_card("marine", e.marine_card),
        ork=flight_card("ork", e.ork_card),
        marine_hits=hits(lang, e.marine_hits),
        ork_hits=hits(lang, e.ork_hits),
    )


def _revealed(e: Any, lang: str) -> str:
    return t(
        lang, "canyon.n.revealed", step=e.step + 1, card=canyon_card(e.card), effect=effect_name(lang, e.card)
    )


def _created(e: Any, lang: str) -> str:
    layout = e.options.canyon_layout
    return t(lang, "canyon.n.created", steps=len(layout), forks=sum(1 for w in layout if w == 2))


def narrate(event: Event, lang: str) -> str | None:
    """One line for a (redacted) event; None for bookkeeping events."""
    e: Any = event
    match event.kind:
        case "game_created":
            return _created(e, lang)
        case "canyon_dealt":
            return t(lang, "canyon.n.dealt", cards=sum(e.layout), removed=e.removed)
        case "cards_drawn":
            return _drawn(e, lang)
        case "turn_started":
            return t(lang, "canyon.n.turn", turn=e.turn)
        case "canyon_previewed":
            return _previewed(e, lang)
        case "route_chosen":
            return t(lang, "canyon.n.route", route=ROUTE_LETTERS[e.route], card=canyon_card(e.discarded))
        case "card_played":
            return t(lang, "canyon.n.played", **pilots(lang, e.seat), card=flight_card(e.seat, e.card))
        case "pursuit_changed":
            return _pursuit(e, lang)
        case "canyon_revealed":
            return _revealed(e, lang)
        case "hazard_resolved":
            return _hazard(e, lang)
        case "flight_cards_recovered":
            return _recovered(e, lang)
        case "flight_cards_discarded":
            return _king(e, lang)
        case "icarus_fired":
            return t(lang, "canyon.n.icarus", dice=dice(e.dice), hits=hits(lang, e.hits))
        case "hits_received":
            source = t(lang, f"canyon.source.{e.source}")
            return t(
                lang,
                "canyon.n.hits_received",
                ship=ship_cap(lang, e.seat),
                hits=hits(lang, e.hits),
                source=source,
            )
        case "hit_absorbed":
            return t(lang, "canyon.n.absorbed", ship=ship_cap(lang, e.seat), card=flight_card(e.seat, e.card))
        case "damage_drawn":
            return _damage(e, lang)
        case "ship_destroyed":
            return t(lang, "canyon.n.destroyed", ship=ship_cap(lang, e.seat), total=e.total)
        case "stormtalon_advanced":
            if e.out:
                return t(lang, "canyon.n.out")
            return t(lang, "canyon.n.advanced", step=e.step + 1)
        case "shots_fired":
            return t(lang, "canyon.n.shots", dice=dice(e.dice), pursuit=e.pursuit, hits=hits(lang, e.hits))
        case "turn_ended":
            return None  # the played cards simply go to the discard piles (shown on the board)
        case "game_ended":
            return None  # the platform announces the outcome with the winner's name and the reason
    return None
