"""Hunt for the Arkenstone words: labels, prompts, status lines and narration, all from the catalogs."""

from __future__ import annotations

from collections.abc import Sequence

from engine.arkenstone import ArkenstoneView
from engine.arkenstone import actions as a
from engine.arkenstone import events as ev
from engine.arkenstone.board import (
    BILBO,
    DISCOVER_REACH_IN,
    MOVE_IN,
    SEARCH_REACH_IN,
    SMAUG,
    cell_at,
    figures_gap,
    inches,
    position,
    rank_text,
    resolve_move,
)
from engine.arkenstone.state import ARKENSTONE
from engine.core import Action, Event, Rejected
from engine.core.geometry import Point, distance
from renderers.i18n import t

SUIT = {BILBO: "♥", SMAUG: "♠", "treasure": "♦", "location": "♣"}


def card(rank: int, owner: str) -> str:
    """'7♥' (Bilbo's deck), 'K♠' (Smaug's), 'A♦' (a treasure), '7♣' (a location)."""
    return f"{rank_text(rank)}{SUIT[owner]}"


def figure(lang: str, seat: str) -> str:
    """'Bilbo' / 'Smaug' (the same in every language, from the catalog anyway)."""
    return t(lang, f"arkenstone.seat.{seat}")


def where(lang: str, at: Point) -> str:
    """A cell name ('C4') when the point is a cell centre, else '(12.5, 30)'."""
    cell = cell_at(at)
    return cell if cell is not None else t(lang, "arkenstone.coords", x=inches(at.x), y=inches(at.y))


def target_text(lang: str, target: str) -> str:
    """How a move target reads: 'T5', '7♣', 'Smaug'."""
    key = target.strip().lower()
    if key in (BILBO, SMAUG):
        return figure(lang, key)
    text = target.strip().upper().replace("♣", "C")
    if text.endswith("C") and not text.startswith("T"):
        return text[:-1] + "♣"
    return target.strip().upper()


# --- labels (≤ 80 characters) -----------------------------------------------------------------


def action_label(action: Action, lang: str) -> str:
    match action:
        case a.PlaceFigure(x=x, y=y):
            return t(lang, "arkenstone.action.place_figure", where=where(lang, Point(x=x, y=y)))
        case a.PlaceCard(x=x, y=y):
            return t(lang, "arkenstone.action.place_card", where=where(lang, Point(x=x, y=y)))
        case a.PlaceRest():
            return t(lang, "arkenstone.action.place_rest")
        case a.Guess(higher=higher):
            return t(lang, "arkenstone.action.higher" if higher else "arkenstone.action.lower")
        case a.MoveTo(x=x, y=y):
            return t(lang, "arkenstone.action.move_to", x=inches(x), y=inches(y))
        case a.MoveToward(target=target, distance_in=None):
            return t(lang, "arkenstone.action.move_toward", target=target_text(lang, target))
        case a.MoveToward(target=target, distance_in=float(d)):
            return t(
                lang, "arkenstone.action.move_toward_by", target=target_text(lang, target), distance=inches(d)
            )
        case a.MoveDirection(direction=direction, distance_in=d):
            return t(
                lang,
                "arkenstone.action.move_direction",
                direction=t(lang, f"arkenstone.dir.{direction}"),
                distance=inches(d),
            )
        case a.Search(card=name):
            return t(lang, "arkenstone.action.search", card=name.upper())
        case a.Recover():
            return t(lang, "arkenstone.action.recover")
        case a.Discover():
            return t(lang, "arkenstone.action.discover")
        case a.Pass():
            return t(lang, "arkenstone.action.pass")
        case a.Trick(move=move):
            return t(lang, "arkenstone.action.trick_yes" if move else "arkenstone.action.trick_no")
        case a.TurnUp(card=name):
            return t(lang, "arkenstone.action.turn_up", card=name.upper())
    return t(lang, "arkenstone.action.unknown")


def chosen_label(action: Action, lang: str, before: ArkenstoneView | None) -> str:
    """The confirmation of a move the seat made, from its view before the move (issue 15 item 5):
    a move of a typed distance that went less far (a "toward" move is clipped to the figure's reach
    and stops at the target or at contact, §8.3; a compass move stops at the table edge) says the
    distance actually moved and the distance asked for."""
    label = action_label(action, lang)
    if not isinstance(action, a.MoveToward | a.MoveDirection) or action.distance_in is None:
        return label
    if before is None or before.seat not in (BILBO, SMAUG) or before.bilbo is None or before.smaug is None:
        return label
    try:
        moved = distance(position(before, before.seat), resolve_move(before, before.seat, action))
    except (Rejected, ValueError):
        return label
    if inches(moved) == inches(action.distance_in):
        return label
    shown = action.model_copy(update={"distance_in": moved})
    return t(
        lang,
        "arkenstone.action.moved_less",
        label=action_label(shown, lang),
        asked=inches(action.distance_in),
        figure=figure(lang, before.seat),
        limit=inches(MOVE_IN[before.seat]),
    )


# --- prompts and status -----------------------------------------------------------------------


def actions_guide(lang: str, seat: str) -> str:
    """What each action of a figure does (AK-ACT-B1..B3, AK-ACT-S1..S2), for the point of choice."""
    reach = SEARCH_REACH_IN if seat == BILBO else DISCOVER_REACH_IN
    return t(lang, "arkenstone.guide.actions", seat=seat, move=MOVE_IN[seat], reach=reach)


def action_prompt(view: ArkenstoneView, actions: Sequence[Action], lang: str) -> str:
    """What the seat that must act chooses now, with what each choice does (for newcomers)."""
    seat = view.acting[0] if view.acting else view.active
    who = figure(lang, seat)
    match view.phase:
        case "place_smaug" | "place_bilbo":
            return t(lang, "arkenstone.prompt.place_figure", figure=who)
        case "place_treasure":
            return t(lang, "arkenstone.prompt.place_treasure", n=len(view.treasures) + 1)
        case "place_location":
            return t(lang, "arkenstone.prompt.place_location", card=card(view.next_location or 1, "location"))
        case "free_action":
            prompt = t(lang, "arkenstone.prompt.free_action", card=card(view.reference or 1, view.active))
            return prompt + " " + actions_guide(lang, seat)
        case "action":
            key = (
                "arkenstone.prompt.action_ace"
                if view.after_action == "reshuffle"
                else "arkenstone.prompt.action"
            )
            return t(lang, key, figure=who) + " " + actions_guide(lang, seat)
        case "guess":  # AK-TRN-6/7/9: what a right or wrong guess brings
            prompt = t(lang, "arkenstone.prompt.guess", card=card(view.reference or 1, view.active))
            return prompt + " " + t(lang, "arkenstone.guide.guess")
        case "trick":
            rank = view.trick_rank or 1
            return t(
                lang,
                "arkenstone.prompt.trick",
                value=rank_text(rank),
                figure=figure(lang, view.active),
                card=card(rank, "location"),
            )
        case "turn_up":
            return t(lang, "arkenstone.prompt.turn_up", n=view.turn_ups_left)
    return t(lang, "arkenstone.prompt.over")


def phase_line(view: ArkenstoneView, lang: str) -> str:
    """What is happening now, in a few words (status and image)."""
    if view.winner is not None:
        return t(lang, f"arkenstone.outcome.{view.win_reason}")
    seat = view.acting[0] if view.acting else view.active
    return t(lang, f"arkenstone.phase.{view.phase}", figure=figure(lang, seat))


def status_text(view: ArkenstoneView, lang: str) -> str:
    """A short public status paragraph (markdown)."""
    if view.winner is not None:
        head = t(
            lang, "arkenstone.status.won", figure=figure(lang, view.winner), reason=phase_line(view, lang)
        )
    elif view.turn == 0:
        head = t(lang, "arkenstone.status.setup", line=phase_line(view, lang))
    else:
        head = t(lang, "arkenstone.status.turn", turn=view.turn, figure=figure(lang, view.active))
        head += " · " + phase_line(view, lang)
    lines = [head]
    if view.reference is not None and view.winner is None:
        guess = (
            "—"
            if view.guess is None
            else t(lang, "arkenstone.guess.higher" if view.guess else "arkenstone.guess.lower")
        )
        lines.append(
            t(lang, "arkenstone.status.reference", card=card(view.reference, view.active), guess=guess)
        )
    if view.turn == 0 or view.winner is not None:
        # During the setup the count says nothing ("0 of 0", then "n of n" as cards are laid);
        # after the end the hunt's state is stale ("the Arkenstone lies face up" once Bilbo has it).
        return "\n".join(lines)
    down = sum(1 for tr in view.treasures if not tr.face_up)
    stone = next(
        (tr for tr in view.treasures if tr.face_up and not tr.removed and tr.rank == ARKENSTONE), None
    )
    treasure = t(lang, "arkenstone.status.face_down", n=down, total=len(view.treasures))
    if stone is not None:
        treasure += " · " + t(lang, "arkenstone.status.stone_seen", card=f"T{stone.label}")
    lines.append(treasure)
    if view.bilbo is not None and view.smaug is not None:
        lines.append(t(lang, "arkenstone.status.gap", distance=round(figures_gap(view), 2)))
    return "\n".join(lines)


# --- narration --------------------------------------------------------------------------------


def narrate(event: Event, lang: str) -> str | None:
    """One line for a (redacted) event, or None for bookkeeping events."""
    match event:
        case ev.GameStarted(smaug=smaug):  # figures set in the opening event: an older random-layout log
            return t(lang, "arkenstone.say.started_random" if smaug is not None else "arkenstone.say.started")
        case ev.CardsDealt():
            return t(lang, "arkenstone.say.cards_dealt")
        case ev.PlacementDue(seat=seat, item="location", rank=rank):
            return t(
                lang,
                "arkenstone.say.next_location",
                figure=figure(lang, seat),
                card=card(rank or 1, "location"),
            )
        case ev.PlacementDue():
            return None
        case ev.FigurePlaced(seat=seat, at=at):
            return t(lang, "arkenstone.say.figure_placed", figure=figure(lang, seat), where=where(lang, at))
        case ev.TreasurePlaced(seat=seat, label=label, at=at):
            return t(
                lang,
                "arkenstone.say.treasure_placed",
                figure=figure(lang, seat),
                card=f"T{label}",
                where=where(lang, at),
            )
        case ev.LocationPlaced(seat=seat, rank=rank, at=at):
            return t(
                lang,
                "arkenstone.say.location_placed",
                figure=figure(lang, seat),
                card=card(rank, "location"),
                where=where(lang, at),
            )
        case ev.RestPlacedAtRandom(seat=seat):
            return t(lang, "arkenstone.say.rest_at_random", figure=figure(lang, seat))
        case ev.TurnStarted(seat=seat, turn=turn):
            return t(lang, "arkenstone.say.turn_started", turn=turn, figure=figure(lang, seat))
        case ev.DecksShuffled(reason="ace"):
            return t(lang, "arkenstone.say.reshuffled")
        case ev.DecksShuffled():
            return None
        case ev.ReferenceTurned(seat=seat, rank=rank, free_action=free):
            key = "arkenstone.say.reference_free" if free else "arkenstone.say.reference"
            return t(lang, key, figure=figure(lang, seat), card=card(rank, seat))
        case ev.Guessed(seat=seat, higher=higher):
            guess = t(lang, "arkenstone.guess.higher" if higher else "arkenstone.guess.lower")
            return t(lang, "arkenstone.say.guessed", figure=figure(lang, seat), guess=guess)
        case ev.CardsTurned(seat=seat, rank=rank, other_rank=other_rank, correct=correct):
            rival = SMAUG if seat == BILBO else BILBO
            return t(
                lang,
                "arkenstone.say.turned_right" if correct else "arkenstone.say.turned_wrong",
                figure=figure(lang, seat),
                card=card(rank, seat),
                other=figure(lang, rival),
                other_card=card(other_rank, rival),
            )
        case ev.TrickOffered(seat=seat, rank=rank):
            rival = SMAUG if seat == BILBO else BILBO
            return t(
                lang,
                "arkenstone.say.trick_offered",
                value=rank_text(rank),
                figure=figure(lang, seat),
                rival=figure(lang, rival),
                card=card(rank, "location"),
            )
        case ev.TrickAnswered(seat=seat, moved=False):
            return t(lang, "arkenstone.say.trick_declined", figure=figure(lang, seat))
        case ev.TrickAnswered():
            return None  # the FigureSet that follows says it
        case ev.ActionEarned(seat=seat, then="guess"):
            return t(lang, "arkenstone.say.action_earned", figure=figure(lang, seat))
        case ev.ActionEarned() | ev.GuessDue():
            return None
        case ev.SpecialEvent(seat=seat, rank=rank):
            return t(lang, f"arkenstone.event.{seat}.{rank_text(rank)}")
        case ev.TurnUpsOwed(count=count):
            return t(lang, "arkenstone.say.turn_ups_owed", n=count)
        case ev.TreasureTurned(label=label, rank=rank):
            key = "arkenstone.say.turned_stone" if rank == ARKENSTONE else "arkenstone.say.treasure_turned"
            return t(lang, key, card=f"T{label}", face=card(rank, "treasure"))
        case ev.FigureMoved(seat=seat, start=start, end=end):
            return t(
                lang,
                "arkenstone.say.moved",
                figure=figure(lang, seat),
                distance=inches(distance(start, end)),
                where=where(lang, end),
            )
        case ev.FigureSet(seat=seat, rank=rank, cause=cause):
            return t(
                lang, f"arkenstone.say.set_{cause}", figure=figure(lang, seat), card=card(rank, "location")
            )
        case ev.TreasureSearched(label=label, rank=rank):
            key = "arkenstone.say.searched_stone" if rank == ARKENSTONE else "arkenstone.say.searched"
            return t(lang, key, card=f"T{label}", face=card(rank, "treasure"))
        case ev.Passed(seat=seat):
            return t(lang, "arkenstone.say.passed", figure=figure(lang, seat))
        case ev.ContestResolved(smaug_rank=s, bilbo_rank=b, smaug_won=won):
            key = "arkenstone.say.contest_won" if won else "arkenstone.say.contest_lost"
            return t(lang, key, smaug=card(s, SMAUG), bilbo=card(b, BILBO))
        case ev.TurnEnded(seat=seat, reason=reason):
            return t(lang, f"arkenstone.say.turn_ended_{reason}", figure=figure(lang, seat))
        case ev.GameWon(reason="recovered"):
            return t(lang, "arkenstone.say.recovered")  # the winning move, told before the outcome
        case ev.GameWon():
            return None  # the contest line told the winning move; the platform announces the outcome
    return None
