"""Canyon of Death rules (docs/rules/canyon.md; every DC-* rule).

Flow of a turn as explicit phases: "navigate" (Marine ChooseRoute at a fork) -> "marine_play" ->
"ork_play" -> canyon resolution -> "hits" (one ResolveHit per hit by the ship's owner) -> advance
-> shoot -> "hits" -> end of turn. Steps without a decision (single-card Navigate, dice, Jack /
Queen / King effects, refills) run inside the `decide` of the action that leads to them, on a
tape (`engine.core.Tape`: a scratch copy of the state that each emitted event evolves), and every
roll, shuffle and random pick is written into its event. Each reading of the spec sits next to the
rule it explains, marked "Reading".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, cast

from pydantic import BaseModel, TypeAdapter

from engine.core import Action, Dice, Event, Outcome, Pilot, Rules, Ruling, Seat, Tape, apply
from engine.core.cards import RANK_NAME, SUIT_SYMBOL

from . import events as ev
from . import takeback
from .actions import ACTION_ADAPTER, ChooseRoute, PlayCard, ResolveHit, TakeAllHits
from .ai import MarinePilot, OrkPilot
from .events import EVENT_ADAPTER
from .evolve import evolve
from .messages import MESSAGES, refuse
from .options import CanyonOptions
from .state import (
    CANYON_RANKS,
    DAMAGE_RANKS,
    DESTROYED_AT,
    FLIGHT_RANKS,
    FLIGHT_SUIT,
    HAND_SIZE,
    ICARUS_DICE,
    ICARUS_HITS_ON,
    MARINE,
    ORK,
    SEATS,
    SHOOT_DICE,
    CanyonState,
    HitSource,
    SeatName,
    effect_of,
)
from .view import VIEW_ADAPTER, CanyonView, build_view

# Outcome reasons (catalog ids).
ESCAPED = "canyon.end.escaped"
DAKKAJET_DESTROYED = "canyon.end.dakkajet_destroyed"
ORK_CRASHED = "canyon.end.ork_crashed"
STORMTALON_DESTROYED = "canyon.end.stormtalon_destroyed"
MARINE_CRASHED = "canyon.end.marine_crashed"


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


# --- decide: the tape ------------------------------------------------------------------------


class CanyonTape(Tape[CanyonState]):
    """The shared tape, plus the one query the flow asks after every step."""

    @property
    def over(self) -> bool:
        return self.state.phase == "over"


def _start_turn(t: CanyonTape) -> None:
    """Turn start: crash check (DC-MAN-6, A14), then Navigate (DC-NAV-1..3)."""
    s = t.state
    t.emit(ev.TurnStarted(turn=s.turn + 1, step=s.step))
    # Reading (DC-MAN-6, A14): the Marine's empty hand is checked when the turn starts (right after
    # the refill, which A14 says is equivalent), so a crashing Marine is not asked to pick a fork
    # route first.
    if not s.hands[MARINE]:
        # DC-MAN-6: the Marine must play but has no card: crashes, the Ork wins (DC-WIN-2).
        t.emit(ev.GameEnded(winners=(ORK,), reason=MARINE_CRASHED))
        return
    cards = s.canyon[s.step]
    # DC-NAV-1: the Marine privately looks at the next step only (one card, or both fork cards).
    t.emit(ev.CanyonPreviewed(step=s.step, count=len(cards), cards=tuple(cards)))


def _play(t: CanyonTape, seat: SeatName, card: int) -> None:
    t.emit(ev.CardPlayed(seat=seat, card=card))
    if seat == MARINE:
        # Reading (DC-MAN-6): the Ork's empty hand is checked after the Marine's card is played
        # (the Marine plays first, DC-MAN-1/2).
        if not t.state.hands[ORK]:
            # DC-MAN-6: the Ork must play but cannot: it crashes, the Marine wins (DC-WIN-1).
            t.emit(ev.GameEnded(winners=(MARINE,), reason=ORK_CRASHED))
        return
    _maneuver_result(t)


def _maneuver_result(t: CanyonTape) -> None:
    """DC-MAN-3..5 then DC-MAN-7: pursuit die, reveal, resolve the canyon card."""
    s = t.state
    marine, ork = s.played[MARINE], s.played[ORK]
    assert marine is not None and ork is not None
    cards = {"marine_card": marine, "ork_card": ork, "pursuit_before": s.pursuit}
    if ork > marine:
        ruled = Ruling(rules=("DC-MAN-3",), numbers={**cards, "pursuit_after": clamp_die(s.pursuit - 1)})
        t.emit(
            ev.PursuitChanged(
                before=s.pursuit, after=clamp_die(s.pursuit - 1), reason="ork_higher", ruling=ruled
            )
        )
    elif ork < marine:
        ruled = Ruling(rules=("DC-MAN-4",), numbers={**cards, "pursuit_after": clamp_die(s.pursuit + 1)})
        t.emit(
            ev.PursuitChanged(
                before=s.pursuit, after=clamp_die(s.pursuit + 1), reason="ork_lower", ruling=ruled
            )
        )
    else:
        ruled = Ruling(rules=("DC-MAN-5",), numbers={**cards, "pursuit_after": s.pursuit})
        t.emit(ev.PursuitChanged(before=s.pursuit, after=s.pursuit, reason="equal", ruling=ruled))
    assert s.route is not None
    card = s.canyon[s.step][s.route]
    effect = effect_of(card)
    t.emit(ev.CanyonRevealed(step=s.step, route=s.route, card=card, effect=effect))
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


def _hazard(t: CanyonTape, card: int, marine: int, ork: int) -> None:
    """DC-CAN-1/2: each ship compares its own card; hits per point above the hazard."""
    hits: dict[SeatName, int] = {MARINE: max(0, marine - card), ORK: max(0, ork - card)}
    t.emit(
        ev.HazardResolved(
            card=card,
            marine_card=marine,
            ork_card=ork,
            marine_hits=hits[MARINE],
            ork_hits=hits[ORK],
            ruling=Ruling(
                rules=("DC-CAN-1", "DC-CAN-2"),
                numbers={
                    "canyon_card": card,
                    "marine_card": marine,
                    "ork_card": ork,
                    "marine_hits": hits[MARINE],
                    "ork_hits": hits[ORK],
                },
            ),
        )
    )
    # Reading (A6, option `hazard_order`): "stormtalon_first" (default) or "dakkajet_first"; both
    # ships' hazard hits are queued at once and the second ship's owner acts once the first batch
    # is done.
    order: tuple[SeatName, SeatName] = (
        (MARINE, ORK) if t.state.options.hazard_order == "stormtalon_first" else (ORK, MARINE)
    )
    for seat in order:
        if hits[seat]:
            _receive(t, seat, hits[seat], "hazard")


def _receive(t: CanyonTape, seat: SeatName, hits: int, source: HitSource) -> None:
    t.emit(ev.HitsReceived(seat=seat, hits=hits, source=source))
    if seat == ORK:
        # DC-HIT-6: once per occasion the Dakkajet is hit (hazard or Icarus), pursuit +1.
        # Reading: the +1 is applied when the hits are received (right after the hazard is compared
        # or the Icarus volley is rolled), before the Ork resolves them. With the default hazard
        # order the Stormtalon resolves first; if it is destroyed the game ends and the Dakkajet's
        # hits are never resolved (DC-CAN-2): the die change is then moot.
        before = t.state.pursuit
        ruled = Ruling(
            rules=("DC-HIT-6",), numbers={"pursuit_before": before, "pursuit_after": clamp_die(before + 1)}
        )
        t.emit(
            ev.PursuitChanged(before=before, after=clamp_die(before + 1), reason="dakkajet_hit", ruling=ruled)
        )


def _wide_area(t: CanyonTape) -> None:
    """DC-CAN-3 (Jack): D6 random discards go back and the whole Flight deck is reshuffled."""
    # Reading (DC-CAN-3): the rolls and recoveries are made Marine first, then Ork.
    for seat in SEATS:
        roll = t.dice.d6()[0]
        pile = t.state.discards[seat]
        recovered = t.dice.sample(pile, roll)  # A9: only cards already in the discard pile
        deck = t.dice.shuffled(t.state.decks[seat] + recovered)
        told = Ruling(  # `/why`: the die, the pile it drew from; the new deck's order is nobody's
            rules=("DC-CAN-3",),
            numbers={"cards_roll": roll, "pile_size": len(pile), "recovered": len(recovered)},
        )
        t.emit(
            ev.FlightCardsRecovered(
                seat=seat,
                roll=roll,
                recovered=tuple(recovered),
                deck=tuple(deck),
                deck_count=len(deck),
                ruling=told,
            )
        )


def _icarus_battery(t: CanyonTape) -> None:
    """DC-CAN-4 (Queen): 4 dice at the Dakkajet, each 5+ is a hit."""
    dice = t.dice.d6(ICARUS_DICE)
    hits = sum(1 for d in dice if d >= ICARUS_HITS_ON)
    ruled = Ruling(
        rules=("DC-CAN-4",), numbers={"dice": tuple(dice), "hits_on": ICARUS_HITS_ON, "hits": hits}
    )
    t.emit(ev.IcarusFired(dice=tuple(dice), hits=hits, ruling=ruled))
    if hits:
        _receive(t, ORK, hits, "icarus")


def _xenos(t: CanyonTape) -> None:
    """DC-CAN-5 (King): D6 top Flight deck cards discarded; hands unaffected."""
    # Reading (DC-CAN-5): the "top" of a Flight deck is index 0 of its list (refills draw from there
    # too, DC-END-3); the rolls are made Marine first, then Ork, as for DC-CAN-3.
    for seat in SEATS:
        roll = t.dice.d6()[0]
        discarded = tuple(t.state.decks[seat][:roll])
        told = Ruling(rules=("DC-CAN-5",), numbers={"cards_roll": roll, "discarded": len(discarded)})
        t.emit(ev.FlightCardsDiscarded(seat=seat, roll=roll, discarded=discarded, ruling=told))


def _advance_and_shoot(t: CanyonTape) -> None:
    """DC-ADV-1..3 then DC-SHO-1/2."""
    s = t.state
    nxt = s.step + 1
    t.emit(ev.StormtalonAdvanced(step=nxt, out=nxt >= len(s.canyon)))
    dice = t.dice.d6(SHOOT_DICE)
    hits = sum(1 for d in dice if d >= s.pursuit)
    ruled = Ruling(
        rules=("DC-SHO-1", "DC-SHO-2"), numbers={"dice": tuple(dice), "pursuit": s.pursuit, "hits": hits}
    )
    t.emit(ev.ShotsFired(dice=tuple(dice), pursuit=s.pursuit, hits=hits, ruling=ruled))
    if hits:
        _receive(t, MARINE, hits, "shoot")
    else:
        _end_turn(t)


def _end_turn(t: CanyonTape) -> None:
    """DC-END-1..3, then the next turn."""
    s = t.state
    if s.step >= len(s.canyon):
        # DC-END-1 / DC-WIN-1: out of the canyon and survived the Shoot step.
        t.emit(ev.GameEnded(winners=(MARINE,), reason=ESCAPED))
        return
    t.emit(ev.TurnEnded(turn=s.turn, marine_card=s.played[MARINE], ork_card=s.played[ORK]))
    for seat in SEATS:
        need = min(HAND_SIZE - len(s.hands[seat]), len(s.decks[seat]))
        if need > 0:
            t.emit(ev.CardsDrawn(seat=seat, count=need, cards=tuple(s.decks[seat][:need])))
    _start_turn(t)


def _resolve_hit(t: CanyonTape, seat: SeatName, choice: str) -> None:
    """DC-HIT-1..5: one hit, by the owner's choice; destruction at 20 ends the game."""
    s = t.state
    source = s.pending[0][2]
    if choice == "discard":
        hand = s.hands[seat]
        # Reading (DC-HIT-1 (a)): the discarded card is picked uniformly among the hand's cards.
        pick = hand[t.dice.index(len(hand))]
        told = Ruling(rules=("DC-HIT-1",), numbers={"hand_size": len(hand), "card": pick})  # `/why`
        t.emit(ev.HitAbsorbed(seat=seat, card=pick, ruling=told))
    else:
        card = s.damage_deck[0]  # DC-HIT-8: never empty while both ships are below 20
        faces = pending_faces(s.damage_cards[seat])
        if card > 10:
            # DC-HIT-4: a face card deals nothing and doubles the next numbered card (compounding).
            ruled = Ruling(
                rules=("DC-HIT-1", "DC-HIT-4"),
                numbers={"card": card, "multiplier": 2 ** (faces + 1), "damage": 0, "total": s.damage[seat]},
            )
            t.emit(
                ev.DamageDrawn(
                    seat=seat,
                    card=card,
                    multiplier=2 ** (faces + 1),
                    damage=0,
                    total=s.damage[seat],
                    ruling=ruled,
                )
            )
        else:
            dealt = card * 2**faces  # DC-HIT-2, DC-GEN-1 (A = 1)
            total = s.damage[seat] + dealt
            rules = (
                ("DC-HIT-1", "DC-HIT-2")
                + (("DC-HIT-4",) if faces else ())
                + (("DC-HIT-3",) if total >= DESTROYED_AT else ())
            )
            numbers = {
                "card": card,
                "multiplier": 2**faces,
                "damage": dealt,
                "total": total,
                "destroyed_at": DESTROYED_AT,
            }
            ruled = Ruling(rules=rules, numbers=numbers)
            t.emit(
                ev.DamageDrawn(
                    seat=seat, card=card, multiplier=2**faces, damage=dealt, total=total, ruling=ruled
                )
            )
            if total >= DESTROYED_AT:
                _destroyed_ship(t, seat, total)
                return
    if not s.pending:
        if source == "shoot":
            _end_turn(t)
        else:
            _advance_and_shoot(t)


def _destroyed_ship(t: CanyonTape, seat: SeatName, total: int) -> None:
    """DC-HIT-3, DC-WIN-1/2, DC-GEN-3."""
    t.emit(ev.ShipDestroyed(seat=seat, total=total))
    if seat == MARINE:
        t.emit(ev.GameEnded(winners=(ORK,), reason=STORMTALON_DESTROYED))
    else:
        t.emit(ev.GameEnded(winners=(MARINE,), reason=DAKKAJET_DESTROYED))


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
        created = ev.GameCreated(
            seed=seed,
            options=options,
            canyon_deck=tuple(dice.shuffled(CANYON_RANKS)),
            damage_deck=tuple(dice.shuffled(DAMAGE_RANKS)),
            marine_deck=tuple(dice.shuffled(FLIGHT_RANKS)),
            ork_deck=tuple(dice.shuffled(FLIGHT_RANKS)),
        )
        # The opening event creates the state the tape starts from; it leads the log all the same.
        t = CanyonTape(self, apply(self, None, [created]), dice)
        t.events.append(created)
        layout = options.canyon_layout
        t.emit(ev.CanyonDealt(layout=layout, removed=len(CANYON_RANKS) - sum(layout)))
        for seat in SEATS:
            t.emit(ev.CardsDrawn(seat=seat, count=HAND_SIZE, cards=tuple(t.state.decks[seat][:HAND_SIZE])))
        _start_turn(t)
        return t.events

    def decide(self, state: CanyonState, seat: Seat, action: Action, dice: Dice) -> list[Event]:
        """Check the action against the phase and the seat's cards, then run to the next decision."""
        t = CanyonTape(self, state, dice)
        seat = cast(SeatName, seat)  # the driver (core.step) lets only an active seat act: one of SEATS
        if isinstance(action, PlayCard):
            if state.phase == "navigate":
                raise refuse("canyon.now.route")  # DC-NAV-2 comes before DC-MAN-1
            if state.phase == "hits":
                raise refuse("canyon.now.hits", hits=state.pending[0][1])  # DC-HIT-1, one at a time
            if action.card not in state.hands[seat]:
                raise refuse("canyon.not_in_hand", card=flight_label(seat, action.card))
            _play(t, seat, action.card)
        elif isinstance(action, ResolveHit):
            if state.phase != "hits":
                raise refuse("canyon.no_hits")
            if action.choice == "discard" and not state.hands[seat]:
                raise refuse("canyon.hand_empty")
            _resolve_hit(t, seat, action.choice)
        elif isinstance(action, TakeAllHits):
            if state.phase != "hits":
                raise refuse("canyon.no_hits")
            # Reading (DC-HIT-1, A5): "take all" resolves every remaining hit of the current batch
            # (the current ship's) as damage cards, one event per card, stopping at destruction
            # (DC-HIT-3); `legal_actions` offers it only while 2 or more hits remain.
            for _ in range(state.pending[0][1]):
                _resolve_hit(t, seat, "damage")
                if t.over:
                    break
        elif isinstance(action, ChooseRoute):
            if state.phase != "navigate":
                raise refuse("canyon.no_fork")
            if action.route not in (0, 1):
                raise refuse("canyon.bad_route")
            cards = state.canyon[state.step]
            t.emit(ev.RouteChosen(step=state.step, route=action.route, discarded=cards[1 - action.route]))
        else:
            raise refuse("canyon.unknown_action")
        return t.events

    def evolve(self, state: CanyonState | None, event: Event) -> CanyonState:
        return evolve(state, event)

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
        # Reading: a view asked for a seat that is not "marine" or "ork" is the spectator view.
        viewer = MARINE if seat == MARINE else ORK if seat == ORK else None
        return build_view(state, viewer, self.active_seats(state))

    def turn_of(self, state: CanyonState) -> int | None:
        return state.turn

    def outcome(self, state: CanyonState) -> Outcome | None:
        if state.phase != "over":
            return None
        assert state.reason is not None
        return Outcome(winners=tuple(state.winners), reason=state.reason)

    def pilot(self, seat: Seat) -> Pilot:
        if seat == MARINE:
            return MarinePilot()
        if seat == ORK:
            return OrkPilot()
        raise ValueError(f"no seat {seat!r} in canyon")

    def shown_to(
        self,
        before: CanyonState,
        moves: Sequence[tuple[Seat, Action]],
        events: Sequence[Event],
        trials: int = 8,
    ) -> frozenset[Seat]:
        """The seats a take-back's moves showed a secret to: the game's own rule, event by event
        (engine/canyon/takeback.py; issue 26)."""
        return takeback.shown_to(events)

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
        # A18: once the game is over the removed cards are shown, so they are no longer hidden.
        unseen = [] if s.phase == "over" else s.removed + s.canyon_deck
        pool = dice.shuffled([s.canyon[i][j] for i, j in places] + unseen)
        for n, (i, j) in enumerate(places):
            s.canyon[i][j] = pool[n]
        if unseen:
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
