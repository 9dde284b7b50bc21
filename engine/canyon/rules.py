"""Canyon of Death rules (docs/rules/canyon.md; every DC-* rule).

Flow of a turn as explicit phases: "navigate" (Marine ChooseRoute at a fork) -> "marine_play" ->
"ork_play" -> canyon resolution -> "hits" (one ResolveHit per hit by the ship's owner) -> advance
-> shoot -> "hits" -> end of turn. Steps without a decision (single-card Navigate, dice, Jack /
Queen / King effects, refills) run inside the `decide` of the action that leads to them, on a
tape (a scratch copy of the state that each emitted event updates), and every roll, shuffle and
random pick is written into its event.

Readings (choices where the spec leaves room; the lead reports them):
- DC-MAN-6 / A14: the Marine's empty hand is checked when the turn starts (right after the
  refill, which A14 says is equivalent), so a crashing Marine is not asked to pick a fork route
  first; the Ork's empty hand is checked after the Marine's card is played (Marine first).
- DC-HIT-6: the +1 for hits on the Dakkajet is applied when the hits are received (right after
  the hazard is compared or the Icarus volley is rolled), before its owner resolves them. With the
  default hazard order the Stormtalon resolves first; if it is destroyed the game ends and the
  Dakkajet's hits are never resolved (DC-CAN-2), the die change is then moot.
- DC-HIT-1 / A5: "TakeAllHits" resolves all remaining hits of the current batch (the current
  ship's) as damage cards, one event per card, stopping at destruction (DC-HIT-3); it is offered
  only while 2 or more hits remain. A hit discard picks uniformly among the hand cards.
- A6 flag `hazard_order`: "stormtalon_first" (default) or "dakkajet_first"; both ships' hazard
  hits are queued at once and the second ship's owner acts once the first batch is done.
- DC-CAN-5: "top" of a Flight deck is index 0 of its list; refills draw from there too.
- DC-CAN-3: Jack rolls and recoveries are made Marine first, then Ork; DC-CAN-5 likewise.
- A18: cards removed unseen stay hidden in every view even after the game (the full log holds them).
- After the Stormtalon advances, the Marine's preview of the resolved step ends; it looks at the
  next step only at the next Navigate (DC-NAV-1 "the next step only").
- A view asked for a seat that is not "marine" or "ork" is the spectator view.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, cast

from pydantic import BaseModel, TypeAdapter

from engine.core import Action, Dice, Event, Outcome, Pilot, Rejected, Rules, Seat
from engine.core.cards import RANK_NAME, SUIT_SYMBOL

from .model import (
    ACTION_ADAPTER,
    CANYON_RANKS,
    DAMAGE_RANKS,
    DESTROYED_AT,
    EVENT_ADAPTER,
    FLIGHT_RANKS,
    FLIGHT_SUIT,
    HAND_SIZE,
    ICARUS_DICE,
    ICARUS_HITS_ON,
    MARINE,
    ORK,
    SEATS,
    SHOOT_DICE,
    VIEW_ADAPTER,
    CanyonDealt,
    CanyonOptions,
    CanyonPreviewed,
    CanyonRevealed,
    CanyonState,
    CanyonView,
    CardPlayed,
    CardsDrawn,
    ChooseRoute,
    DamageDrawn,
    FlightCardsDiscarded,
    FlightCardsRecovered,
    GameCreated,
    GameEnded,
    HazardResolved,
    HitAbsorbed,
    HitSource,
    HitsReceived,
    IcarusFired,
    PlayCard,
    PursuitChanged,
    ResolveHit,
    Roll,
    RouteChosen,
    SeatName,
    ShipDestroyed,
    ShotsFired,
    StormtalonAdvanced,
    TakeAllHits,
    TurnEnded,
    TurnStarted,
    effect_of,
)
from .view import build_view

# Every refusal: message id -> English default (the en catalog holds the same text).
MESSAGES: dict[str, str] = {
    "canyon.game_over": "This game is over.",
    "canyon.not_your_turn": "It is not your turn to act.",
    "canyon.no_fork": "There is no fork ahead to choose a route at right now.",
    "canyon.bad_route": "Choose route A or route B.",
    "canyon.now.route": "Choose your route at the fork first: route A or route B.",
    "canyon.now.hits": "First resolve the hits on your ship: {hits} left.",
    "canyon.not_in_hand": "You do not have the {card} in your hand.",
    "canyon.no_hits": "You have no hits to resolve right now.",
    "canyon.hand_empty": "Your hand is empty, so you cannot discard: draw a damage card instead.",
    "canyon.unknown_action": "That is not a move in Canyon of Death.",
}

# Outcome reasons (catalog ids).
ESCAPED = "canyon.end.escaped"
DAKKAJET_DESTROYED = "canyon.end.dakkajet_destroyed"
ORK_CRASHED = "canyon.end.ork_crashed"
STORMTALON_DESTROYED = "canyon.end.stormtalon_destroyed"
MARINE_CRASHED = "canyon.end.marine_crashed"


def _reject(message_id: str, **params: Any) -> Rejected:
    return Rejected(message_id, MESSAGES[message_id], **params)


def flight_label(seat: str, rank: int) -> str:
    """'7♦' for the Marine's 7, '7♣' for the Ork's."""
    return f"{RANK_NAME.get(rank, str(rank))}{SUIT_SYMBOL[FLIGHT_SUIT[seat]]}"


def clamp_die(value: int) -> int:
    """DC-GEN-2: the pursuit die stays within 1..6."""
    return 1 if value < 1 else 6 if value > 6 else value


def pending_faces(damage_cards: list[int]) -> int:
    """Face damage cards drawn since the last numbered one (DC-HIT-4)."""
    n = 0
    for card in reversed(damage_cards):
        if card <= 10:
            break
        n += 1
    return n


# Prebuilt actions: legal_actions is on the hot path of every random game.
ROUTES = (ChooseRoute(route=0), ChooseRoute(route=1))
PLAYS = {rank: PlayCard(card=rank) for rank in FLIGHT_RANKS}
DISCARD = ResolveHit(choice="discard")
DAMAGE = ResolveHit(choice="damage")
TAKE_ALL = TakeAllHits()
_NOBODY: frozenset[str] = frozenset()
_ONLY = {seat: frozenset((seat,)) for seat in SEATS}


# --- evolve: mechanical, one function per event kind ------------------------------------------


def _set(s: CanyonState, **fields: Any) -> None:
    """Plain field writes (evolve is the hot path; pydantic's per-assignment bookkeeping is not needed)."""
    s.__dict__.update(fields)


def _created(_: Any, e: GameCreated) -> CanyonState:
    assert e.seed is not None and e.canyon_deck is not None and e.damage_deck is not None
    assert e.marine_deck is not None and e.ork_deck is not None
    return CanyonState(
        seed=e.seed,
        options=e.options,
        canyon_deck=list(e.canyon_deck),
        hands={MARINE: [], ORK: []},
        decks={MARINE: list(e.marine_deck), ORK: list(e.ork_deck)},
        discards={MARINE: [], ORK: []},
        played={MARINE: None, ORK: None},
        damage_deck=list(e.damage_deck),
        damage_cards={MARINE: [], ORK: []},
        damage={MARINE: 0, ORK: 0},
    )


def _dealt(s: CanyonState, e: CanyonDealt) -> CanyonState:
    deck, canyon, at = s.canyon_deck, [], 0
    for width in e.layout:
        canyon.append(deck[at : at + width])
        at += width
    s.canyon, s.slots = canyon, [["down"] * len(cards) for cards in canyon]
    s.removed, s.canyon_deck = deck[at:], []
    return s


def _drawn(s: CanyonState, e: CardsDrawn) -> CanyonState:
    deck = s.decks[e.seat]
    s.hands[e.seat].extend(deck[: e.count])
    s.decks[e.seat] = deck[e.count :]
    return s


def _turn_started(s: CanyonState, e: TurnStarted) -> CanyonState:
    _set(s, turn=e.turn, rolls=[], route=None, previewed=None, played={MARINE: None, ORK: None})
    return s


def _previewed(s: CanyonState, e: CanyonPreviewed) -> CanyonState:
    if e.count == 1:
        _set(s, previewed=e.step, route=0, phase="marine_play")
    else:
        _set(s, previewed=e.step, phase="navigate")
    return s


def _route(s: CanyonState, e: RouteChosen) -> CanyonState:
    _set(s, route=e.route, phase="marine_play")
    s.slots[e.step][1 - e.route] = "discarded"
    return s


def _played(s: CanyonState, e: CardPlayed) -> CanyonState:
    s.hands[e.seat].remove(e.card)
    s.played[e.seat] = e.card
    if e.seat == MARINE:
        _set(s, phase="ork_play")
    return s


def _pursuit(s: CanyonState, e: PursuitChanged) -> CanyonState:
    _set(s, pursuit=e.after)
    return s


def _revealed(s: CanyonState, e: CanyonRevealed) -> CanyonState:
    s.slots[e.step][e.route] = "revealed"
    return s


def _nothing(s: CanyonState, e: Event) -> CanyonState:
    return s


def _recovered(s: CanyonState, e: FlightCardsRecovered) -> CanyonState:
    pile = s.discards[e.seat]
    for card in e.recovered:
        pile.remove(card)
    assert e.deck is not None
    s.decks[e.seat] = list(e.deck)
    s.rolls.append(Roll(kind="wide_area", seat=e.seat, dice=(e.roll,)))
    return s


def _king(s: CanyonState, e: FlightCardsDiscarded) -> CanyonState:
    n = len(e.discarded)
    s.discards[e.seat].extend(s.decks[e.seat][:n])
    s.decks[e.seat] = s.decks[e.seat][n:]
    s.rolls.append(Roll(kind="xenos", seat=e.seat, dice=(e.roll,)))
    return s


def _icarus(s: CanyonState, e: IcarusFired) -> CanyonState:
    s.rolls.append(Roll(kind="icarus", dice=e.dice, hits=e.hits))
    return s


def _hits(s: CanyonState, e: HitsReceived) -> CanyonState:
    s.pending.append((e.seat, e.hits, e.source))
    _set(s, phase="hits")
    return s


def _consume_hit(s: CanyonState) -> None:
    seat, left, source = s.pending[0]
    if left <= 1:
        s.pending.pop(0)
    else:
        s.pending[0] = (seat, left - 1, source)


def _absorbed(s: CanyonState, e: HitAbsorbed) -> CanyonState:
    s.hands[e.seat].remove(e.card)
    s.discards[e.seat].append(e.card)
    _consume_hit(s)
    return s


def _damage(s: CanyonState, e: DamageDrawn) -> CanyonState:
    s.damage_cards[e.seat].append(s.damage_deck.pop(0))
    s.damage[e.seat] = e.total
    _consume_hit(s)
    return s


def _destroyed(s: CanyonState, e: ShipDestroyed) -> CanyonState:
    _set(s, pending=[])  # DC-HIT-3: remaining hits are ignored
    return s


def _advanced(s: CanyonState, e: StormtalonAdvanced) -> CanyonState:
    _set(s, step=e.step, route=None, previewed=None)
    return s


def _shots(s: CanyonState, e: ShotsFired) -> CanyonState:
    s.rolls.append(Roll(kind="shoot", dice=e.dice, hits=e.hits))
    return s


def _turn_ended(s: CanyonState, e: TurnEnded) -> CanyonState:
    for seat, card in ((MARINE, e.marine_card), (ORK, e.ork_card)):
        if card is not None:
            s.discards[seat].append(card)
    _set(s, played={MARINE: None, ORK: None})
    return s


def _ended(s: CanyonState, e: GameEnded) -> CanyonState:
    _set(s, winners=list(e.winners), reason=e.reason, phase="over", pending=[])
    return s


EVOLVE: dict[str, Callable[[Any, Any], CanyonState]] = {
    "game_created": _created,
    "canyon_dealt": _dealt,
    "cards_drawn": _drawn,
    "turn_started": _turn_started,
    "canyon_previewed": _previewed,
    "route_chosen": _route,
    "card_played": _played,
    "pursuit_changed": _pursuit,
    "canyon_revealed": _revealed,
    "hazard_resolved": _nothing,
    "flight_cards_recovered": _recovered,
    "flight_cards_discarded": _king,
    "icarus_fired": _icarus,
    "hits_received": _hits,
    "hit_absorbed": _absorbed,
    "damage_drawn": _damage,
    "ship_destroyed": _destroyed,
    "stormtalon_advanced": _advanced,
    "shots_fired": _shots,
    "turn_ended": _turn_ended,
    "game_ended": _ended,
}


def evolve_state(state: CanyonState | None, event: Event) -> CanyonState:
    """Apply one event (no checks, no chance)."""
    return EVOLVE[event.kind](state, event)


# --- decide: the tape ------------------------------------------------------------------------


def scratch_copy(s: CanyonState) -> CanyonState:
    """A copy whose containers evolve may mutate independently (cheaper than a deep copy)."""
    t = s.model_copy()  # shallow; its __dict__ is a fresh dict we may fill directly (fast)
    d = t.__dict__
    d["slots"] = [row[:] for row in s.slots]
    d["hands"] = {k: v[:] for k, v in s.hands.items()}
    d["decks"] = {k: v[:] for k, v in s.decks.items()}
    d["discards"] = {k: v[:] for k, v in s.discards.items()}
    d["damage_cards"] = {k: v[:] for k, v in s.damage_cards.items()}
    d["played"] = dict(s.played)
    d["damage"] = dict(s.damage)
    d["damage_deck"] = s.damage_deck[:]
    d["pending"] = s.pending[:]
    d["rolls"] = s.rolls[:]
    return t


class Tape:
    """Events emitted so far, and the scratch state they lead to."""

    __slots__ = ("s", "events", "dice")

    def __init__(self, state: CanyonState, dice: Dice) -> None:
        self.s = scratch_copy(state)
        self.events: list[Event] = []
        self.dice = dice

    def emit(self, event: Event) -> None:
        self.events.append(event)
        EVOLVE[event.kind](self.s, event)

    @property
    def over(self) -> bool:
        return self.s.phase == "over"


def _start_turn(t: Tape) -> None:
    """Turn start: crash check (DC-MAN-6, A14), then Navigate (DC-NAV-1..3)."""
    s = t.s
    t.emit(TurnStarted(turn=s.turn + 1, step=s.step))
    if not s.hands[MARINE]:
        # DC-MAN-6: the Marine must play but has no card: crashes, the Ork wins (DC-WIN-2).
        t.emit(GameEnded(winners=(ORK,), reason=MARINE_CRASHED))
        return
    cards = s.canyon[s.step]
    # DC-NAV-1: the Marine privately looks at the next step only (one card, or both fork cards).
    t.emit(CanyonPreviewed(step=s.step, count=len(cards), cards=tuple(cards)))


def _play(t: Tape, seat: SeatName, card: int) -> None:
    t.emit(CardPlayed(seat=seat, card=card))
    if seat == MARINE:
        if not t.s.hands[ORK]:
            # DC-MAN-6: the Ork must play but cannot: it crashes, the Marine wins (DC-WIN-1).
            t.emit(GameEnded(winners=(MARINE,), reason=ORK_CRASHED))
        return
    _maneuver_result(t)


def _maneuver_result(t: Tape) -> None:
    """DC-MAN-3..5 then DC-MAN-7: pursuit die, reveal, resolve the canyon card."""
    s = t.s
    marine, ork = s.played[MARINE], s.played[ORK]
    assert marine is not None and ork is not None
    if ork > marine:
        t.emit(PursuitChanged(before=s.pursuit, after=clamp_die(s.pursuit - 1), reason="ork_higher"))
    elif ork < marine:
        t.emit(PursuitChanged(before=s.pursuit, after=clamp_die(s.pursuit + 1), reason="ork_lower"))
    else:
        t.emit(PursuitChanged(before=s.pursuit, after=s.pursuit, reason="equal"))
    assert s.route is not None
    card = s.canyon[s.step][s.route]
    effect = effect_of(card)
    t.emit(CanyonRevealed(step=s.step, route=s.route, card=card, effect=effect))
    if effect == "hazard":
        _hazard(t, card, marine, ork)
    elif effect == "wide_area":
        _wide_area(t)
    elif effect == "icarus":
        _icarus_battery(t)
    else:
        _xenos(t)
    if not t.over and not s.pending:
        _advance_and_shoot(t)


def _hazard(t: Tape, card: int, marine: int, ork: int) -> None:
    """DC-CAN-1/2: each ship compares its own card; hits per point above the hazard."""
    hits: dict[SeatName, int] = {MARINE: max(0, marine - card), ORK: max(0, ork - card)}
    t.emit(
        HazardResolved(
            card=card, marine_card=marine, ork_card=ork, marine_hits=hits[MARINE], ork_hits=hits[ORK]
        )
    )
    order: tuple[SeatName, SeatName] = (
        (MARINE, ORK) if t.s.options.hazard_order == "stormtalon_first" else (ORK, MARINE)
    )
    for seat in order:
        if hits[seat]:
            _receive(t, seat, hits[seat], "hazard")


def _receive(t: Tape, seat: SeatName, hits: int, source: HitSource) -> None:
    t.emit(HitsReceived(seat=seat, hits=hits, source=source))
    if seat == ORK:
        # DC-HIT-6: once per occasion the Dakkajet is hit (hazard or Icarus), pursuit +1.
        before = t.s.pursuit
        t.emit(PursuitChanged(before=before, after=clamp_die(before + 1), reason="dakkajet_hit"))


def _wide_area(t: Tape) -> None:
    """DC-CAN-3 (Jack): D6 random discards go back and the whole Flight deck is reshuffled."""
    for seat in SEATS:
        roll = t.dice.d6()[0]
        pile = t.s.discards[seat]
        recovered = t.dice.sample(pile, roll)  # A9: only cards already in the discard pile
        deck = t.dice.shuffled(t.s.decks[seat] + recovered)
        t.emit(
            FlightCardsRecovered(
                seat=seat, roll=roll, recovered=tuple(recovered), deck=tuple(deck), deck_count=len(deck)
            )
        )


def _icarus_battery(t: Tape) -> None:
    """DC-CAN-4 (Queen): 4 dice at the Dakkajet, each 5+ is a hit."""
    dice = t.dice.d6(ICARUS_DICE)
    hits = sum(1 for d in dice if d >= ICARUS_HITS_ON)
    t.emit(IcarusFired(dice=tuple(dice), hits=hits))
    if hits:
        _receive(t, ORK, hits, "icarus")


def _xenos(t: Tape) -> None:
    """DC-CAN-5 (King): D6 top Flight deck cards discarded; hands unaffected."""
    for seat in SEATS:
        roll = t.dice.d6()[0]
        t.emit(FlightCardsDiscarded(seat=seat, roll=roll, discarded=tuple(t.s.decks[seat][:roll])))


def _advance_and_shoot(t: Tape) -> None:
    """DC-ADV-1..3 then DC-SHO-1/2."""
    s = t.s
    nxt = s.step + 1
    t.emit(StormtalonAdvanced(step=nxt, out=nxt >= len(s.canyon)))
    dice = t.dice.d6(SHOOT_DICE)
    hits = sum(1 for d in dice if d >= s.pursuit)
    t.emit(ShotsFired(dice=tuple(dice), pursuit=s.pursuit, hits=hits))
    if hits:
        _receive(t, MARINE, hits, "shoot")
    else:
        _end_turn(t)


def _end_turn(t: Tape) -> None:
    """DC-END-1..3, then the next turn."""
    s = t.s
    if s.step >= len(s.canyon):
        # DC-END-1 / DC-WIN-1: out of the canyon and survived the Shoot step.
        t.emit(GameEnded(winners=(MARINE,), reason=ESCAPED))
        return
    t.emit(TurnEnded(turn=s.turn, marine_card=s.played[MARINE], ork_card=s.played[ORK]))
    for seat in SEATS:
        need = min(HAND_SIZE - len(s.hands[seat]), len(s.decks[seat]))
        if need > 0:
            t.emit(CardsDrawn(seat=seat, count=need, cards=tuple(s.decks[seat][:need])))
    _start_turn(t)


def _resolve_hit(t: Tape, seat: SeatName, choice: str) -> None:
    """DC-HIT-1..5: one hit, by the owner's choice; destruction at 20 ends the game."""
    s = t.s
    source = s.pending[0][2]
    if choice == "discard":
        hand = s.hands[seat]
        t.emit(HitAbsorbed(seat=seat, card=hand[t.dice.index(len(hand))]))
    else:
        card = s.damage_deck[0]  # DC-HIT-8: never empty while both ships are below 20
        faces = pending_faces(s.damage_cards[seat])
        if card > 10:
            # DC-HIT-4: a face card deals nothing and doubles the next numbered card (compounding).
            t.emit(
                DamageDrawn(seat=seat, card=card, multiplier=2 ** (faces + 1), damage=0, total=s.damage[seat])
            )
        else:
            dealt = card * 2**faces  # DC-HIT-2, DC-GEN-1 (A = 1)
            total = s.damage[seat] + dealt
            t.emit(DamageDrawn(seat=seat, card=card, multiplier=2**faces, damage=dealt, total=total))
            if total >= DESTROYED_AT:
                _destroyed_ship(t, seat, total)
                return
    if not s.pending:
        if source == "shoot":
            _end_turn(t)
        else:
            _advance_and_shoot(t)


def _destroyed_ship(t: Tape, seat: SeatName, total: int) -> None:
    """DC-HIT-3, DC-WIN-1/2, DC-GEN-3."""
    t.emit(ShipDestroyed(seat=seat, total=total))
    if seat == MARINE:
        t.emit(GameEnded(winners=(ORK,), reason=STORMTALON_DESTROYED))
    else:
        t.emit(GameEnded(winners=(MARINE,), reason=DAKKAJET_DESTROYED))


# --- the Rules object ------------------------------------------------------------------------


class CanyonRules(Rules[CanyonState]):
    """Canyon of Death: Marine (Stormtalon) against Ork (Dakkajet)."""

    name: ClassVar[str] = "canyon"
    seats: ClassVar[tuple[Seat, ...]] = SEATS
    options_model: ClassVar[type[BaseModel]] = CanyonOptions
    state_model = CanyonState
    action_adapter: ClassVar[TypeAdapter[Any]] = ACTION_ADAPTER
    event_adapter: ClassVar[TypeAdapter[Any]] = EVENT_ADAPTER
    view_adapter: ClassVar[TypeAdapter[Any] | None] = VIEW_ADAPTER
    messages: ClassVar[dict[str, str]] = MESSAGES

    def setup(self, options: BaseModel, seed: int, dice: Dice) -> list[Event]:
        """DC-SET-1..5: shuffle the four decks, deal the canyon, draw hands, start turn 1."""
        assert isinstance(options, CanyonOptions)
        created = GameCreated(
            seed=seed,
            options=options,
            canyon_deck=tuple(dice.shuffled(CANYON_RANKS)),
            damage_deck=tuple(dice.shuffled(DAMAGE_RANKS)),
            marine_deck=tuple(dice.shuffled(FLIGHT_RANKS)),
            ork_deck=tuple(dice.shuffled(FLIGHT_RANKS)),
        )
        t = Tape.__new__(Tape)
        t.s, t.events, t.dice = _created(None, created), [created], dice
        layout = options.canyon_layout
        t.emit(CanyonDealt(layout=layout, removed=len(CANYON_RANKS) - sum(layout)))
        for seat in SEATS:
            t.emit(CardsDrawn(seat=seat, count=HAND_SIZE, cards=tuple(t.s.decks[seat][:HAND_SIZE])))
        _start_turn(t)
        return t.events

    def decide(self, state: CanyonState, seat: Seat, action: Action, dice: Dice) -> list[Event]:
        """Check the action against the phase and the seat's cards, then run to the next decision."""
        if state.phase == "over":
            raise _reject("canyon.game_over")
        if seat not in self.active_seats(state):
            raise _reject("canyon.not_your_turn")
        t = Tape(state, dice)
        seat = cast(SeatName, seat)  # an active seat is one of SEATS
        if isinstance(action, PlayCard):
            if state.phase == "navigate":
                raise _reject("canyon.now.route")  # DC-NAV-2 comes before DC-MAN-1
            if state.phase == "hits":
                raise _reject("canyon.now.hits", hits=state.pending[0][1])  # DC-HIT-1, one at a time
            if action.card not in state.hands[seat]:
                raise _reject("canyon.not_in_hand", card=flight_label(seat, action.card))
            _play(t, seat, action.card)
        elif isinstance(action, ResolveHit):
            if state.phase != "hits":
                raise _reject("canyon.no_hits")
            if action.choice == "discard" and not state.hands[seat]:
                raise _reject("canyon.hand_empty")
            _resolve_hit(t, seat, action.choice)
        elif isinstance(action, TakeAllHits):
            if state.phase != "hits":
                raise _reject("canyon.no_hits")
            # A5: the remaining hits of the current batch, one damage card each, until destroyed.
            for _ in range(state.pending[0][1]):
                _resolve_hit(t, seat, "damage")
                if t.over:
                    break
        elif isinstance(action, ChooseRoute):
            if state.phase != "navigate":
                raise _reject("canyon.no_fork")
            if action.route not in (0, 1):
                raise _reject("canyon.bad_route")
            cards = state.canyon[state.step]
            t.emit(RouteChosen(step=state.step, route=action.route, discarded=cards[1 - action.route]))
        else:
            raise _reject("canyon.unknown_action")
        return t.events

    def evolve(self, state: CanyonState | None, event: Event) -> CanyonState:
        return EVOLVE[event.kind](state, event)

    def legal_actions(self, state: CanyonState, seat: Seat) -> list[Action]:
        phase = state.phase
        if phase == "marine_play" or phase == "ork_play":
            if (phase == "marine_play") != (seat == MARINE):
                return []
            return [PLAYS[c] for c in sorted(state.hands[seat])]
        if phase == "hits":
            owner, left, _ = state.pending[0]
            if owner != seat:
                return []
            out: list[Action] = [DISCARD] if state.hands[seat] else []
            out.append(DAMAGE)
            if left > 1:
                out.append(TAKE_ALL)
            return out
        if phase == "navigate" and seat == MARINE:
            return list(ROUTES)
        return []

    def active_seats(self, state: CanyonState) -> frozenset[Seat]:
        phase = state.phase
        if phase == "navigate" or phase == "marine_play":
            return _ONLY[MARINE]
        if phase == "ork_play":
            return _ONLY[ORK]
        if phase == "hits":
            return _ONLY[state.pending[0][0]]
        return _NOBODY

    def view(self, state: CanyonState, seat: Seat | None) -> CanyonView:
        viewer = MARINE if seat == MARINE else ORK if seat == ORK else None  # anyone else: spectator
        return build_view(state, viewer, self.active_seats(state))

    def turn_of(self, state: CanyonState) -> int | None:
        return state.turn

    def outcome(self, state: CanyonState) -> Outcome | None:
        if state.phase != "over":
            return None
        assert state.reason is not None
        return Outcome(winners=tuple(state.winners), reason=state.reason)

    def pilot(self, seat: Seat) -> Pilot:
        from .pilots import MarinePilot, OrkPilot

        if seat == MARINE:
            return MarinePilot()
        if seat == ORK:
            return OrkPilot()
        raise ValueError(f"no seat {seat!r} in canyon")

    def resample_hidden(self, state: CanyonState, seat: Seat | None, dice: Dice) -> CanyonState:
        """A copy where everything `seat` may not know is reshuffled (for no-leak tests)."""
        s = state.model_copy(deep=True)
        # Canyon: every face-down card the seat has not looked at, plus the removed ones (DC-SET-2).
        known_step = s.previewed if seat == MARINE else None
        places = [
            (i, j)
            for i, row in enumerate(s.slots)
            for j, status in enumerate(row)
            if status == "down" and i != known_step
        ]
        pool = [s.canyon[i][j] for i, j in places] + s.removed + s.canyon_deck
        pool = dice.shuffled(pool)
        for n, (i, j) in enumerate(places):
            s.canyon[i][j] = pool[n]
        rest = pool[len(places) :]
        s.removed, s.canyon_deck = rest[: len(s.removed)], rest[len(s.removed) :]
        # Flight cards: nobody knows a deck order; the opponent's hand is unknown too.
        for owner in SEATS:
            hand, deck = s.hands[owner], s.decks[owner]
            if owner == seat:
                s.decks[owner] = dice.shuffled(deck)
            else:
                mixed = dice.shuffled(hand + deck)
                s.hands[owner], s.decks[owner] = mixed[: len(hand)], mixed[len(hand) :]
        s.damage_deck = dice.shuffled(s.damage_deck)
        return s


RULES = CanyonRules()
