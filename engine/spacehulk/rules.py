"""The SpaceHulkRules surface (decide / evolve / legal_actions / active_seats / view / outcome) for
Space Hulk (1st edition) and its Deathwing expansion, and the dispatch of every action.

`setup` takes the table's mission from the catalogue (catalogue.py) and its opening state from
setup.py; `decide` validates an action (pieces' actions: pieces.py; prompts and phases: here), writes
its events on a tape, then `turn.settle` runs the agenda's automatic steps (overwatch fire,
conversions, the end phase, the next turn) until a seat must choose. Mission predicates are checked
after every decision ("immediate"), at the end of the Marine action phase and in the end phase
(SHB-12.7; turn.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, TypeAdapter, ValidationError
from pydantic_core import InitErrorDetails, PydanticCustomError

from engine.core import Action, Dice, Event, OrderStep, Outcome, Pilot, Rejected, Rules, Seat, TimeLimit

from . import actions as a
from . import blips, combat, deployment, orders, pieces, setup, takeback, turn
from . import events as ev
from .actions import ACTION_ADAPTER
from .ai import SeatPilot
from .campaign.state import MissionBrief
from .catalogue import mission_of
from .deathwing import bids, pits, solo
from .dw_types.bids import AgBids
from .events import EVENT_ADAPTER
from .evolve import evolve as _evolve
from .legal import choice_actions, marine_actions, stealer_actions
from .messages import refuse
from .options import SpaceHulkOptions
from .queries import Queries, who
from .state import (
    AgBlock,
    AgBuildForce,
    AgDetonate,
    AgFaceAttacker,
    AgFacing,
    AgFreeShot,
    AgInterrupt,
    AgLevelStep,
    AgOverwatchPick,
    AgPlace,
    AgPlaceTile,
    AgPsychic,
    AgReinforce,
    AgShift,
    AgSoloTie,
    SpaceHulkState,
    chooser_of,
)
from .tape import Tape
from .view import SpaceHulkView, make_view

SEATS = ("marine", "genestealer")


OPTIONAL_STEPS = (AgInterrupt, AgFreeShot, AgFaceAttacker, AgBlock, AgDetonate, AgPsychic, AgLevelStep)


class SpaceHulkRules(Rules[SpaceHulkState]):
    """Space Hulk, 1st edition, with an edition flag for every open question of the digest."""

    name = "spacehulk"
    seats = SEATS
    options_model = SpaceHulkOptions
    state_model = SpaceHulkState
    action_adapter = ACTION_ADAPTER
    event_adapter = EVENT_ADAPTER
    view_adapter = TypeAdapter(SpaceHulkView)

    # --- setup -------------------------------------------------------------------------------
    def parse_options(self, raw: Mapping[str, Any] | None) -> BaseModel:
        """The options; a `brief` must be what a campaign hands its missions (campaign/state.py
        MissionBrief, read by setup): a forged one is refused as options, not a crash at setup."""
        options = super().parse_options(raw)
        brief = getattr(options, "brief", None)
        if brief is not None:
            try:
                MissionBrief.model_validate(brief)
            except ValidationError:
                error = PydanticCustomError("brief_invalid", "that is not a campaign's mission brief")
                raise ValidationError.from_exception_data(
                    "SpaceHulkOptions", [InitErrorDetails(type=error, loc=("brief",), input=brief)]
                ) from None
        return options

    def setup(self, options: BaseModel, seed: int, dice: Dice) -> list[Event]:
        assert isinstance(options, SpaceHulkOptions)
        mission = mission_of(options, dice)  # the catalogue: built-in, generated, Cloud Runner, campaign
        state = setup.opening_state(options, mission, seed, dice)
        tape = Tape(self, state, dice)
        if state.options.variants.solo:
            solo.setup(tape)  # DW-SOLO-5: the first ambush draw's turn
        turn.settle(tape, _dispatch)
        return [ev.GameStarted(state=state), *tape.events]

    # --- the rules ---------------------------------------------------------------------------
    def decide(self, state: SpaceHulkState, seat: Seat, action: Action, dice: Dice) -> list[Event]:
        """Seats come in, sides go to the rules: `_dispatch` speaks of "marine" and "genestealer" as
        the sides, whichever seat plays them (DW-BID-1)."""
        tape = Tape(self, state, dice)
        if isinstance(state.top(), AgBids):
            bids.decide(tape, seat, action, SEATS)
        else:
            side = state.side_of(seat)
            if side is None:
                raise refuse("not_a_seat")
            _dispatch(tape, side, action)
        turn.settle(tape, _dispatch)
        return tape.events

    def evolve(self, state: SpaceHulkState | None, event: Event) -> SpaceHulkState:
        return _evolve(state, event)

    def legal_actions(self, state: SpaceHulkState, seat: Seat) -> list[Action]:
        if seat not in self.active_seats(state):
            return []
        top = state.top()
        if isinstance(top, AgBids):
            return bids.legal(state, seat)
        q = Queries(state)
        if top is not None:
            return choice_actions(q, top)
        if state.phase == "marine":
            return [*marine_actions(q), a.EndTurn()]
        if state.phase == "stealer":
            return [*stealer_actions(q), a.EndTurn()]
        return []

    def active_seats(self, state: SpaceHulkState) -> frozenset[Seat]:
        """The seats whose side must act (DW-BID-1: during the bids, every seat that has not bid)."""
        if state.outcome is not None:
            return frozenset()
        top = state.top()
        if isinstance(top, AgBids):
            return bids.waiting(state, SEATS)
        side: str | None = None
        if top is not None:
            side = chooser_of(top)
        elif state.phase == "marine":
            side = "marine"
        elif state.phase == "stealer":
            side = "genestealer"
        return frozenset({state.seat_of(side)}) if side else frozenset()

    def view(self, state: SpaceHulkState, seat: Seat | None) -> BaseModel:
        return make_view(state, seat, self.active_seats(state))

    def outcome(self, state: SpaceHulkState) -> Outcome | None:
        return state.outcome

    def pilot(self, seat: Seat) -> Pilot:
        """Either seat may end up on either side (DW-BID-1): the pilot reads its side from the view."""
        return SeatPilot()

    def time_limits(self, state: SpaceHulkState) -> list[TimeLimit]:
        """Deadlines for the platform (the engine never reads a clock; SHB-3.1, SHB-3.5, Q18).

        Real time: the Marine action phase lasts `timer_seconds`, then TimeExpired. Budget: each Marine
        prompt has `timer_budget_s`; on expiry the phase ends, an optional step is passed, or a required
        choice takes its first legal answer. Untimed: none.

        Reading: TimeExpired is accepted from whichever seat is active during the Marine action phase
        (refused in untimed mode) and is never a legal action; a step in progress (free shot, placement,
        facing) resolves first, then the phase ends.
        """
        marine = state.seat_of("marine")
        if state.outcome is not None or isinstance(state.top(), AgBids):
            return []
            return []
        mode = state.options.variants.timer_mode
        # Reading (SHB-3.1): the real-time turn runs on while the Genestealer player answers a step
        # of the Marine turn (the facings of revealed Genestealers); declared all phase long, so the
        # platform's stored deadline is never dropped and re-armed. Expiring then waits for the step.
        if mode == "realtime" and state.phase == "marine" and not state.time_up and state.timer_seconds:
            return [
                TimeLimit(
                    marine,
                    f"marine-turn-{state.turn}",
                    float(state.timer_seconds),
                    a.TimeExpired(),
                    warnings=(30.0, 10.0),  # issue 12: the live turn warns at 30 s and 10 s left
                )
            ]
        if mode == "budget" and marine in self.active_seats(state):
            top = state.top()
            if top is None:
                action: Action = a.TimeExpired()
            elif isinstance(top, OPTIONAL_STEPS):
                action = a.Pass()
            else:
                action = self.legal_actions(state, marine)[0]
            budget = float(state.options.variants.timer_budget_s)
            # the asynchronous game warns an hour before a prompt's deadline (when it is that long)
            warnings = (3600.0,) if budget > 2 * 3600 else ()
            return [TimeLimit(marine, f"prompt-{state.version}", budget, action, warnings=warnings)]
        return []

    def pace_options(self, pace: str) -> dict[str, Any]:
        """Q18 as the platform's pace: "live" is the real-time Marine turn timer (SHB-3.1); "async" is
        untimed play with a deadline per Marine prompt ("budget", `timer_budget_s`).

        Reading: the asynchronous game keeps a deadline per prompt (the issue's "per-prompt
        deadlines"), so a Marine player who never answers does not stall the table forever."""
        if pace == "live":
            return {"timer_mode": "realtime"}
        if pace == "async":
            return {"timer_mode": "budget"}
        return super().pace_options(pace)

    # --- orders typed in chat (orders.py) ----------------------------------------------------------
    def read_order(self, text: str, seat: Seat) -> list[OrderStep]:
        return list(orders.read(text))

    def order_action(self, state: SpaceHulkState, seat: Seat, step: OrderStep, done: int) -> Action | None:
        if not isinstance(step, orders.Word):
            raise refuse("unknown_action")
        side = state.side_of(seat)  # the orders speak of sides (DW-BID-1)
        return None if side is None else orders.next_action(state, side, step, done)

    def order_price(self, seat: Seat, events: Sequence[Event]) -> tuple[str, dict[str, Any]] | None:
        """The AP and CP this seat paid (SHB-4.3, SHB-5.2); what it spent is public (`Spent`)."""
        spent = [e for e in events if isinstance(e, ev.Spent)]
        return "spacehulk.order.price", {"ap": sum(e.ap for e in spent), "cp": sum(e.cp for e in spent)}

    # --- standing orders (the platform answers these prompts for an absent player) -----------------
    def standing_orders(self, seat: Seat) -> dict[str, tuple[str, ...]]:
        """The Marine player's standing orders for the Genestealer turn's windows (SHB-5.3, DW-PS-2,
        DW-FA-2, DW-TH-3): "ask" (the default) or an answer given in advance. Either seat may get the
        Marines in a game with bids (DW-BID-1), so both seats may set them."""
        if seat not in SEATS:
            return {}
        return {
            "interrupt": ("ask", "overwatch_only"),
            "block": ("ask", "never"),
            "psychic": ("ask", "never"),
            "detonate": ("ask", "never"),
            "ties": ("ask", "random"),  # solo play: deathwing.md §5, DW-SOLO-2, DW-SOLO-8
        }

    def standing_answer(
        self, state: SpaceHulkState, seat: Seat, standing: Mapping[str, str]
    ) -> Action | None:
        """Pass the window a standing order covers.

        Reading: "interrupt with overwatch shots only" passes every CP interrupt window (the overwatch
        shots are automatic, SHB-8.4); "never block", "never add psychic points" and "never
        detonate" pass those prompts; in solo play, "ties: random" hands the ties the book leaves to
        the player (DW-SOLO-2, DW-SOLO-8) to the seeded dice (deathwing.md §5). The answer depends only on the order, never on the chit, so its
        timing reveals nothing about the CP left (SHB-5.1: the Genestealer player may not know it)."""
        if state.side_of(seat) != "marine" or seat not in self.active_seats(state):
            return None
        top = state.top()
        wanted = {
            AgInterrupt: ("interrupt", "overwatch_only"),
            AgBlock: ("block", "never"),
            AgPsychic: ("psychic", "never"),
            AgDetonate: ("detonate", "never"),
        }
        for kind, (name, value) in wanted.items():
            if isinstance(top, kind) and standing.get(name) == value:
                return a.Pass()
        if isinstance(top, AgSoloTie) and standing.get("ties") == "random":
            return a.BreakTie(pick=None)  # deathwing.md §5: the seeded dice break the tie
        return None

    def shown_to(
        self,
        before: SpaceHulkState,
        moves: Sequence[tuple[Seat, Action]],
        events: Sequence[Event],
        trials: int = 8,
    ) -> frozenset[Seat]:
        """The seats a take-back's moves showed a secret to: the game's own rule, event by event
        (engine/spacehulk/takeback.py; issue 26)."""
        return takeback.shown_to(before, self.seats, events)

    def resample_hidden(self, state: SpaceHulkState, seat: Seat | None, dice: Dice) -> SpaceHulkState:
        """Re-randomize everything `seat` may not know: blip values and the bag; the CP chit.

        Reading: the CP chit is drawn uniformly from max(1, spent)..6 (what has been spent is public).
        The other seat's bid while the bids are secret (DW-BID-1).
        """
        s = state.clone()
        side = state.side_of(seat)
        if side != "genestealer":
            _resample_blips(s, dice)
        if side != "marine":
            _resample_cp(s, dice)
        bids.resample(s, seat, *bids.bounds(s), dice.randint)
        return s


def _resample_blips(s: SpaceHulkState, dice: Dice) -> None:
    in_play = sorted(s.blips, key=lambda b: int(b[1:]))
    if s.options.variants.blip_draw == "with_replacement":
        pool = [
            v
            for v, n in sorted((s.mission.blip_bag or s.options.variants.blip_bag).items())
            for _ in range(n)
        ]
        for b in in_play:
            s.blips[b] = dice.choice(pool)
        return
    pool = [s.blips[b] for b in in_play] + [v for v, n in sorted(s.bag.items()) for _ in range(n)]
    pool = dice.shuffled(pool)
    for b, v in zip(in_play, pool, strict=False):
        s.blips[b] = v
    bag: dict[int, int] = {v: 0 for v in s.bag}
    for v in pool[len(in_play) :]:
        bag[v] = bag.get(v, 0) + 1
    s.bag = bag


def _resample_cp(s: SpaceHulkState, dice: Dice) -> None:
    if s.turn >= 1 and s.phase in ("marine", "stealer"):
        bonus = s.cp_bonus  # public: the Captains on the board (DW-CAP-3)
        drawn = dice.randint(max(1 + bonus, s.cp_spent), max(6 + bonus, s.cp_spent))
        s.cp_drawn, s.cp = drawn, drawn - s.cp_spent


def _dispatch(tape: Tape, seat: Seat, action: Action) -> None:
    top = tape.state.top()
    match action:
        case a.TimeExpired():
            turn.time_expired(tape)
        case a.Pass():
            # DW-GEN-4: a scenario's Genestealer player may bring fewer blips than the D6 allows, or none
            fewer = isinstance(top, AgReinforce) and tape.state.mission.blip_total is not None
            if not fewer and not isinstance(top, OPTIONAL_STEPS):
                raise refuse("nothing_to_pass")
            tape.pop()
            if isinstance(top, AgBlock):
                combat.resolve_assault(tape, top)  # no block: the dice stand (DW-PS-3: blocking is optional)
            if isinstance(top, AgPsychic):  # no psychic points: the +1 skill still counts (DW-FA-2)
                s = tape.state
                combat.roll_assault(tape, s.pieces[top.attacker], s.pieces[top.defender])
            if isinstance(top, AgDetonate):  # no detonation: he defends (DW-TH-3)
                s = tape.state
                combat.roll_assault(tape, s.pieces[top.attacker], s.pieces[top.defender])
        case a.SelfDestruct(use="free") if isinstance(top, AgDetonate):
            if action.model != top.defender:
                raise refuse("detonate.other")
            tape.pop()
            combat.self_destruct(tape, tape.state.pieces[top.defender])  # DW-TH-3: no CP, no AP
        case a.Move(use="free") if isinstance(top, AgLevelStep):
            if action.model != top.model or pieces.to_square(action.to) not in top.squares:
                raise refuse("level_step.where")
            tape.pop()
            m = tape.state.pieces[top.model]
            tape.emit(
                ev.Moved(model=m.id, frm=m.pos, to=pieces.to_square(action.to))
            )  # DW-LVL-2: free, facing kept
        case a.Deploy() | a.PickPerimeter() | a.EndDeployment():
            if seat != "marine":
                raise refuse("deploy.none")
            match action:
                case a.Deploy():
                    deployment.deploy(tape, action)
                case a.PickPerimeter():
                    deployment.pick(tape, action)
                case a.EndDeployment():
                    deployment.end(tape, action)
        case a.BuildForce(order=order):
            if not isinstance(top, AgBuildForce):
                raise refuse("force.none")
            setup.build_force(tape, order)
        case a.PlaceTile(tile=tile, rotation=rotation, slot=slot):
            if not isinstance(top, AgPlaceTile):
                raise refuse("tile.none")
            setup.place_geotile(tape, top, tile, rotation, (slot[0], slot[1]))
        case a.Shift(square=sq):
            if not isinstance(top, AgShift):
                raise _pending(top)
            if pieces.to_square(sq) not in top.squares:
                raise refuse("shift.where")
            tape.pop()
            pits.shifted(tape, top, pieces.to_square(sq))
        case a.Psychic(model=model, points=points):
            if not isinstance(top, AgPsychic) or model != top.defender:
                raise refuse("psychic.none")
            lib = tape.state.pieces[model]
            if points > lib.psychic:
                raise refuse("assault.psychic_short", name=who(lib), psychic=lib.psychic)
            tape.pop()
            combat.roll_assault(tape, tape.state.pieces[top.attacker], lib, defender_psychic=points)
        case a.Block(die=die):
            if not isinstance(top, AgBlock):
                raise refuse("block.none")
            stealer_attacks = tape.state.pieces[top.attacker].kind == "genestealer"
            dice = top.attacker_dice if stealer_attacks else top.defender_dice
            if die >= len(dice):
                raise refuse("block.no_die", die=die + 1, count=len(dice))
            tape.pop()
            combat.block(tape, top, die)
        case a.PlaceBlip(area=area):
            if not isinstance(top, AgReinforce):
                raise _pending(top)
            if area not in blips.areas_with_room(tape):
                raise refuse("area_full", area=area)
            blips.place_blip(tape, top, area)
        case a.PlaceAmbush(square=sq):
            if not isinstance(top, AgReinforce):
                raise _pending(top)
            found = tape.ambush_square_problem(pieces.to_square(sq))
            if found is not None:
                raise found.reject()
            blips.place_ambush(tape, top, pieces.to_square(sq))
        case a.PlaceStealer(square=sq):
            if not isinstance(top, AgPlace):
                raise _pending(top)
            if tuple(sq) not in tape.placement_squares(top.origin, top.voluntary):
                raise refuse("place_bad")
            blips.place_stealer(tape, top, tuple(sq))
        case a.SetFacing(model=model, facing=facing):
            if not isinstance(top, AgFacing) or top.models[0] != model:
                raise _pending(top)
            tape.emit(ev.FacingSet(model=model, facing=facing))
            pieces.advance_facing(tape, top)
        case a.BreakTie(pick=pick):
            if not isinstance(top, AgSoloTie):
                raise refuse("solo_tie.none")
            solo.break_tie(tape, top, pick)  # DW-SOLO-2, DW-SOLO-8: the solo player's choice
        case a.PickTarget(model=model, target=target):
            if not isinstance(top, AgOverwatchPick) or top.marine != model or target not in top.candidates:
                raise _pending(top)
            tape.pop()
            pieces.pick_shot(tape, top, target)
        case a.EndTurn():
            if top is not None:
                raise _pending(top)
            if tape.state.phase == "marine":
                turn.end_marine_phase(tape, "declared")
            else:
                turn.end_stealer_phase(tape)
        case a.Fire(use="free") if isinstance(top, AgFreeShot):
            pieces.free_shot(tape, top, action)
        case a.Turn(use="free") if isinstance(top, AgFaceAttacker):
            if action.model != top.model or action.facing != top.toward:
                raise refuse("face_only")
            if action.fire:
                raise refuse("face_no_fire")
            tape.pop()
            tape.emit(ev.Turned(model=top.model, facing=top.toward))
        case _:
            if top is not None and not (seat == "marine" and isinstance(top, AgInterrupt)):
                raise _pending(top)
            pieces.piece_action(tape, seat, action, top if isinstance(top, AgInterrupt) else None)


def _pending(top: Any) -> Rejected:
    step = getattr(top, "kind", "none")
    return refuse("pending", step=step)


RULES = SpaceHulkRules()
