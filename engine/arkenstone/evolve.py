"""Hunt for the Arkenstone evolve: one small function per event (mechanical: no checks, no chance)."""

from __future__ import annotations

from typing import Any

from engine.core.geometry import Point
from engine.core.rules import Event

from . import events as ev
from .board import BILBO, SMAUG, Location, Treasure, other
from .events import LOGGED_KINDS
from .state import LOG_LENGTH, ArkenstoneState, Contest, MoveTrace


def evolve(state: ArkenstoneState | None, event: Event) -> ArkenstoneState:
    """Apply one event; the public ones also go to the state's short log (§8.4)."""
    if state is None:
        assert isinstance(event, ev.GameStarted)
        return _initial_state(event)
    _EVOLVERS[event.kind](state, event)
    if event.kind in LOGGED_KINDS:
        state.recent.append(event)  # type: ignore[arg-type]
        if len(state.recent) > LOG_LENGTH:
            del state.recent[0]
    return state


def _initial_state(e: ev.GameStarted) -> ArkenstoneState:
    assert e.seed is not None, "a redacted opening event cannot start a state"
    state = ArkenstoneState(
        game=e.game,
        seed=e.seed,
        options=e.options,
        smaug=e.smaug,
        bilbo=e.bilbo,
        treasure_pile=list(e.treasure_ranks),
    )
    _lay_out(state, e.treasure_spots, e.locations)  # only logs from before figures were placed by hand
    return state


def _lay_out(s: ArkenstoneState, treasure_spots: tuple[Point, ...], locations: tuple[Location, ...]) -> None:
    """Dealt cards: the diamonds in pile order as T1, T2, …; the clubs face up."""
    for spot in treasure_spots:
        label = len(s.treasures) + 1
        s.treasures.append(Treasure(label=label, at=spot, rank=s.treasure_pile.pop(0)))
    s.locations.extend(locations)


def _ev_placement_due(s: ArkenstoneState, e: ev.PlacementDue) -> None:
    s.phase = f"place_{e.item}"  # type: ignore[assignment]
    s.active = e.seat
    s.next_location = e.rank


def _ev_figure_placed(s: ArkenstoneState, e: ev.FigurePlaced) -> None:
    if e.seat == BILBO:
        s.bilbo = e.at
    else:
        s.smaug = e.at


def _ev_treasure_placed(s: ArkenstoneState, e: ev.TreasurePlaced) -> None:
    s.treasures.append(Treasure(label=e.label, at=e.at, rank=s.treasure_pile.pop(0)))


def _ev_location_placed(s: ArkenstoneState, e: ev.LocationPlaced) -> None:
    s.locations.append(Location(rank=e.rank, at=e.at))
    s.next_location = None


def _ev_rest_placed_at_random(s: ArkenstoneState, e: ev.RestPlacedAtRandom) -> None:
    if e.seat not in s.random_placers:
        s.random_placers.append(e.seat)


def _ev_cards_dealt(s: ArkenstoneState, e: ev.CardsDealt) -> None:
    _lay_out(s, e.treasure_spots, e.locations)


def _ev_turn_started(s: ArkenstoneState, e: ev.TurnStarted) -> None:
    s.phase = "starting"
    s.active = e.seat
    s.turn = e.turn
    s.reference = s.guess = s.revealed = s.special = s.trick_rank = None
    s.turn_ups_left = 0
    s.after_action = "guess"


def _ev_decks_shuffled(s: ArkenstoneState, e: ev.DecksShuffled) -> None:
    s.drawn = {BILBO: [], SMAUG: []}


def _ev_reference_turned(s: ArkenstoneState, e: ev.ReferenceTurned) -> None:
    s.reference = e.rank
    s.drawn[e.seat].append(e.rank)
    s.guess = None
    s.revealed = None
    s.after_action = "guess"
    s.phase = "free_action" if e.free_action else "guess"


def _ev_guessed(s: ArkenstoneState, e: ev.Guessed) -> None:
    s.guess = e.higher
    s.phase = "revealing"


def _ev_cards_turned(s: ArkenstoneState, e: ev.CardsTurned) -> None:
    s.drawn[e.seat].append(e.rank)
    s.drawn[other(e.seat)].append(e.other_rank)
    s.revealed = (e.rank, e.other_rank)
    s.reference = e.rank  # A2: the card just revealed is the next reference
    s.last_turned = e


def _ev_trick_offered(s: ArkenstoneState, e: ev.TrickOffered) -> None:
    s.phase = "trick"
    s.trick_rank = e.rank


def _ev_trick_answered(s: ArkenstoneState, e: ev.TrickAnswered) -> None:
    s.trick_rank = None


def _ev_action_earned(s: ArkenstoneState, e: ev.ActionEarned) -> None:
    s.phase = "action"
    s.after_action = e.then


def _ev_guess_due(s: ArkenstoneState, e: ev.GuessDue) -> None:
    s.phase = "guess"


def _ev_special_event(s: ArkenstoneState, e: ev.SpecialEvent) -> None:
    s.special = e.rank


def _ev_turn_ups_owed(s: ArkenstoneState, e: ev.TurnUpsOwed) -> None:
    s.phase = "turn_up"
    s.turn_ups_left = e.count


def _turn_face_up(s: ArkenstoneState, label: int, removed: bool) -> None:
    for i, t in enumerate(s.treasures):
        if t.label == label:
            s.treasures[i] = t.model_copy(update={"face_up": True, "removed": removed})
            return


def _ev_treasure_turned(s: ArkenstoneState, e: ev.TreasureTurned) -> None:
    _turn_face_up(s, e.label, removed=False)
    s.turn_ups_left = max(0, s.turn_ups_left - 1)


def _ev_figure_moved(s: ArkenstoneState, e: ev.FigureMoved) -> None:
    if e.seat == BILBO:
        s.bilbo = e.end
    else:
        s.smaug = e.end
    s.last_move = MoveTrace(seat=e.seat, start=e.start, end=e.end, forced=False)


def _ev_figure_set(s: ArkenstoneState, e: ev.FigureSet) -> None:
    if e.seat == BILBO:
        s.bilbo = e.end
    else:
        s.smaug = e.end
    s.last_move = MoveTrace(seat=e.seat, start=e.start, end=e.end, forced=True)


def _ev_treasure_searched(s: ArkenstoneState, e: ev.TreasureSearched) -> None:
    _turn_face_up(s, e.label, removed=e.removed)


def _ev_passed(s: ArkenstoneState, e: ev.Passed) -> None:
    pass


def _ev_contest_resolved(s: ArkenstoneState, e: ev.ContestResolved) -> None:
    s.drawn[SMAUG].append(e.smaug_rank)
    s.drawn[BILBO].append(e.bilbo_rank)
    s.last_contest = Contest(
        smaug_rank=e.smaug_rank, bilbo_rank=e.bilbo_rank, smaug_won=e.smaug_won, trigger=e.trigger
    )


def _ev_turn_ended(s: ArkenstoneState, e: ev.TurnEnded) -> None:
    s.phase = "turn_over"


def _ev_game_won(s: ArkenstoneState, e: ev.GameWon) -> None:
    s.phase = "over"
    s.winner = e.seat
    s.win_reason = e.reason


_EVOLVERS: dict[str, Any] = {
    "placement_due": _ev_placement_due,
    "figure_placed": _ev_figure_placed,
    "treasure_placed": _ev_treasure_placed,
    "location_placed": _ev_location_placed,
    "rest_placed_at_random": _ev_rest_placed_at_random,
    "cards_dealt": _ev_cards_dealt,
    "turn_started": _ev_turn_started,
    "decks_shuffled": _ev_decks_shuffled,
    "reference_turned": _ev_reference_turned,
    "guessed": _ev_guessed,
    "cards_turned": _ev_cards_turned,
    "trick_offered": _ev_trick_offered,
    "trick_answered": _ev_trick_answered,
    "action_earned": _ev_action_earned,
    "guess_due": _ev_guess_due,
    "special_event": _ev_special_event,
    "turn_ups_owed": _ev_turn_ups_owed,
    "treasure_turned": _ev_treasure_turned,
    "figure_moved": _ev_figure_moved,
    "figure_set": _ev_figure_set,
    "treasure_searched": _ev_treasure_searched,
    "passed": _ev_passed,
    "contest_resolved": _ev_contest_resolved,
    "turn_ended": _ev_turn_ended,
    "game_won": _ev_game_won,
}
