"""decide / evolve / legal_actions / active_seats / view / outcome for Space Hulk (1st edition).

`decide` validates an action with the shared queries, writes its events on a tape, then `_settle`
runs the agenda's automatic steps (overwatch fire, conversions, the end phase, the next turn) until a
seat must choose. Mission predicates are checked after every decision ("immediate"), at the end of
the Marine action phase and in the end phase (SHB-12.7).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel, TypeAdapter, ValidationError
from pydantic_core import InitErrorDetails, PydanticCustomError

from engine.core import Action, Dice, Event, OrderStep, Outcome, Pilot, Rejected, Rules, Seat, TimeLimit

from . import actions as a
from . import blips, cloud_runner, combat, orders
from . import events as ev
from .actions import ACTION_ADAPTER
from .board import Square
from .deathwing import bids, force, pits, solo
from .deathwing.bids import AgBids
from .deathwing.force import ForceOrder
from .deathwing.timer import turn_seconds
from .events import EVENT_ADAPTER
from .evolve import evolve as _evolve
from .legal import choice_actions, interrupt_eligible, marine_actions, stealer_actions
from .messages import Problem, problem, refuse
from .missions import Checks, MarineSpec, Mission, Moment, make_mission
from .options import SpaceHulkOptions
from .queries import Queries, who
from .state import (
    MARINE_AP,
    AgBeginTurn,
    AgBlock,
    AgBuildForce,
    AgConversions,
    AgDeploy,
    AgDetonate,
    AgEndPhase,
    AgFaceAttacker,
    AgFacing,
    AgFreeShot,
    AgInterrupt,
    AgLevelStep,
    AgOverwatch,
    AgOverwatchPick,
    AgPlace,
    AgPlaceTile,
    AgPsychic,
    AgReinforce,
    AgRevealShots,
    AgSecure,
    AgShift,
    AgSoloTie,
    Piece,
    SpaceHulkState,
    chooser_of,
    made,
)
from .tape import Tape
from .view import SpaceHulkView, make_view
from .weapons import PSYCHIC_POINTS, WEAPONS, melee_of, weapon_of

SEATS = ("marine", "genestealer")
CLOUD_RUNNER_POINTS = 20  # DW-CR-1
GENERATOR_BID_MAX = 50  # DW-GEN-2: the Force List's bid maximum
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
            from .campaign.state import MissionBrief  # as setup imports the campaign: when used

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
        alternate = options.variants.board_builder == "alternate"  # the players place the tiles
        mission = make_mission(options.mission, dice, alternate=alternate)  # generated: D6 rolls, board
        if options.brief is not None:  # a campaign mission (campaign/missions.py, DW-CMP-*)
            from .campaign.missions import mission_for

            mission = mission_for(options.brief, dice)
        if mission.deathwing and not options.deathwing:
            options = options.model_copy(update={"expansions": options.expansions | {"deathwing"}})
        points = options.variants.force_points
        from .scenarios import SCENARIO_D6

        generated = options.brief is None and mission.scenario in SCENARIO_D6.values()
        if generated and not options.variants.bids and points is not None and points > GENERATOR_BID_MAX:
            # DW-GEN-2: the generator's Force List force is bought with at most 50 points (the bid
            # maximum); reading: a larger table budget is refused, not capped (bids drop it, DW-BID-1)
            raise refuse(
                "option.force_points",
                option="force_points",
                value=points,
                low=bids.BID_MIN,
                high=GENERATOR_BID_MAX,
            )
        if mission.scenario == "cloud_runner" and points is not None and points > CLOUD_RUNNER_POINTS:
            # DW-CR-1: the alternative force is a Force List squad of up to 20 points
            variants = options.variants.model_copy(update={"force_points": CLOUD_RUNNER_POINTS})
            options = options.model_copy(update={"variants": variants})
        if options.variants.solo:  # DW-SOLO-1: one player, untimed, no bids
            variants = options.variants.model_copy(update={"timer_mode": "untimed", "bids": False})
            options = options.model_copy(update={"variants": variants})
        bidding = options.deathwing and options.variants.bids
        if bidding and options.variants.force_points is not None:  # the winning bid sets it (DW-BID-1)
            variants = options.variants.model_copy(update={"force_points": None})
            options = options.model_copy(update={"variants": variants})
        force_list = options.deathwing and (options.variants.force_points is not None or bidding)
        # DW-FL-1: the Force List replaces the scenario's Marines; the Genestealers keep theirs
        pieces = {} if force_list else deploy(mission, mission.marines)
        agenda: list[Any] = [AgBeginTurn()]
        if mission.start_blips:
            agenda.append(AgReinforce(remaining=mission.start_blips))  # SHB-10.3: blips at the start
        if force_list:
            agenda.append(AgBuildForce())
        if mission.layout and not mission.marines and not mission.win:
            from .scenarios import next_tile  # the board is being built: the players place tiles first

            tile = next_tile(mission, dice)
            if tile is not None:
                agenda.append(AgPlaceTile(tile=tile, chooser="genestealer"))
        from .deployment import step_for

        deploy_step = step_for(mission, options.brief)
        if deploy_step is not None:  # DW-SC3: after the force and the board, before turn 1
            agenda.insert(1, deploy_step)
        if bidding:
            agenda.append(AgBids())  # DW-BID-1: the bids come first, then the lower bidder's force
        state = SpaceHulkState(
            seed=seed,
            options=options,
            mission=mission,
            pieces=pieces,
            next_id=len(pieces) + 1,
            doors=[d.initial for d in mission.board.doors],
            bag=dict(mission.blip_bag or options.variants.blip_bag),
            agenda=agenda,
            secured=list(mission.secured_start),  # DW-SC3: areas secured before play
        )
        tape = Tape(self, state, dice)
        if options.variants.solo:
            solo.setup(tape)  # DW-SOLO-5: the first ambush draw's turn
        _settle(tape)
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
        _settle(tape)
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
        from .ai import SeatPilot

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


def deploy(mission: Mission, marines: Iterable[MarineSpec]) -> dict[str, Piece]:
    """The Terminators on their squares: each spec's own, else the map's deployment marks in order."""
    board = mission.board
    pieces: dict[str, Piece] = {}
    for i, spec in enumerate(marines):
        mark = board.deployments[i] if i < len(board.deployments) else None
        pos = spec.square or (mark.square if mark else None)
        facing = spec.facing or (mark.facing if mark else "N")
        if pos is None:
            raise ValueError(f"mission {mission.id}: no square for Marine {spec.name}")
        pid = f"m{i + 1}"
        pieces[pid] = Piece(
            id=pid,
            kind="marine",
            pos=pos,
            facing=facing,
            ap=MARINE_AP,
            name=spec.name,
            weapon=spec.weapon,
            sergeant=spec.sergeant,
            squad=spec.squad,
            ammo=_ammo(mission, spec.weapon),
            captain=spec.captain,
            mastery=spec.mastery,
            psychic=PSYCHIC_POINTS.get(spec.mastery, 0) // (2 if mission.psychic_halved else 1),  # DW-CMP-16
            melee=spec.melee,
            shield=spec.shield,
            grenades=spec.grenades,
            reloads=spec.reloads,
        )
    return pieces


def _build_force(tape: Tape, order: ForceOrder) -> None:
    """DW-FL-2, DW-FL-3, DW-TMR-1: the Marine player's force, checked against the table's budget, takes
    the deployment squares in order (reading: a force that does not fit them is refused). On a generated
    mission's corridors each squad stands whole in one (DW-GEN-6, scenarios.place_squads); when they do
    not fit, the corridors grow first (DW-GEN-7, scenarios.extend_corridors); a force they cannot grow
    to hold is refused."""
    budget = tape.state.options.variants.force_points  # the table's, or the winning bid (DW-BID-1)
    assert budget is not None
    marines, timer, cost = force.build(order, budget)
    room = len(tape.board.deployments)
    if len(marines) > room and not tape.state.mission.corridor_ports:  # corridors that grow: below
        raise refuse("force.room", room=room, count=len(marines))
    if tape.state.mission.scenario == "cloud_runner" and len(order.squads) > 1:
        raise refuse("force.one_squad", count=len(order.squads))  # DW-CR-1: "one Force List squad"
    corridors = tape.state.mission.marine_corridors
    if corridors:  # DW-GEN-6: a generated mission's corridors take each squad whole
        from .scenarios import extend_corridors, place_squads

        placed = place_squads(marines, corridors)
        if placed is None:
            grown = extend_corridors(tape.state.mission, marines)  # DW-GEN-7
            if grown is None:
                raise refuse("force.squads", **squads_params(marines, corridors))
            added = sum(map(len, grown.marine_corridors)) - sum(map(len, corridors))
            tape.emit(ev.CorridorsExtended(mission=grown, added=added))
            placed = place_squads(marines, grown.marine_corridors)
            assert placed is not None
        marines = placed
    pieces = tuple(deploy(tape.state.mission, marines).values())
    tape.pop()
    tape.emit(ev.ForceBuilt(marines=pieces, timer=timer, cost=cost))


def squads_params(marines: Sequence[MarineSpec], corridors: Sequence[Sequence[Square]]) -> dict[str, str]:
    """The refusal's figures: each squad's size and each corridor's squares (DW-GEN-6)."""
    sizes: dict[str, int] = {}
    for man in marines:
        sizes[man.squad] = sizes.get(man.squad, 0) + 1
    return {"sizes": ", ".join(map(str, sizes.values())), "rooms": ", ".join(str(len(r)) for r in corridors)}


def _place_tile(tape: Tape, top: AgPlaceTile, tile: int, rotation: int, slot: tuple[int, int]) -> None:
    """DW-GEO-2, A-34: the drawn tile goes where it may; the other player draws the next one; after 8
    (or when no tile fits) the deployment corridors are joined and the scenario's Marines deploy."""
    from .geotiles import Placement
    from .scenarios import finish, layout_of, next_tile, place_tile, tile_options

    s = tape.state
    placement = Placement(tile, rotation % 4, slot)
    if tile != top.tile or placement not in tile_options(s.mission, tile):
        raise refuse("tile.where", tile=top.tile)
    tape.pop()
    building = place_tile(s.mission, placement)
    tape.emit(
        ev.TilePlaced(tile=tile, rotation=placement.rotation, slot=slot, by=top.chooser, mission=building)
    )
    nxt = next_tile(building, tape.dice)
    if nxt is not None:
        other = "marine" if top.chooser == "genestealer" else "genestealer"
        tape.push(AgPlaceTile(tile=nxt, chooser=other))
        return
    scenario = building.scenario or ""
    mission = finish(scenario, dict(building.rolls), tape.dice, layout_of(building))
    force_list = tape.state.options.deathwing and tape.opt.force_points is not None
    marines = () if force_list else tuple(deploy(mission, mission.marines).values())
    tape.emit(ev.BoardBuilt(mission=mission, marines=marines))


def _ammo(mission: Mission, name: str | None) -> int:
    """Shots carried at the start: the mission sets the heavy flamer's (SHB-9.1; Defend: 4)."""
    if name is None:
        return 0
    weapon = WEAPONS[name]
    if weapon.flame:
        return mission.flamer_shots
    return weapon.ammo or 0


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


# --- dispatch ------------------------------------------------------------------------------------


def _dispatch(tape: Tape, seat: Seat, action: Action) -> None:
    top = tape.state.top()
    match action:
        case a.TimeExpired():
            _time_expired(tape)
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
            if action.model != top.model or _sq(action.to) not in top.squares:
                raise refuse("level_step.where")
            tape.pop()
            m = tape.state.pieces[top.model]
            tape.emit(ev.Moved(model=m.id, frm=m.pos, to=_sq(action.to)))  # DW-LVL-2: free, facing kept
        case a.Deploy() | a.PickPerimeter() | a.EndDeployment():
            from . import deployment

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
            _build_force(tape, order)
        case a.PlaceTile(tile=tile, rotation=rotation, slot=slot):
            if not isinstance(top, AgPlaceTile):
                raise refuse("tile.none")
            _place_tile(tape, top, tile, rotation, (slot[0], slot[1]))
        case a.Shift(square=sq):
            if not isinstance(top, AgShift):
                raise _pending(top)
            if _sq(sq) not in top.squares:
                raise refuse("shift.where")
            tape.pop()
            pits.shifted(tape, top, _sq(sq))
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
            found = tape.ambush_square_problem(_sq(sq))
            if found is not None:
                raise found.reject()
            blips.place_ambush(tape, top, _sq(sq))
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
            _advance_facing(tape, top)
        case a.BreakTie(pick=pick):
            if not isinstance(top, AgSoloTie):
                raise refuse("solo_tie.none")
            solo.break_tie(tape, top, pick)  # DW-SOLO-2, DW-SOLO-8: the solo player's choice
        case a.PickTarget(model=model, target=target):
            if not isinstance(top, AgOverwatchPick) or top.marine != model or target not in top.candidates:
                raise _pending(top)
            tape.pop()
            _pick_shot(tape, top, target)
        case a.EndTurn():
            if top is not None:
                raise _pending(top)
            if tape.state.phase == "marine":
                _end_marine_phase(tape, "declared")
            else:
                _end_stealer_phase(tape)
        case a.Fire(use="free") if isinstance(top, AgFreeShot):
            _free_shot(tape, top, action)
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
            _piece_action(tape, seat, action, top if isinstance(top, AgInterrupt) else None)


def _sq(value: Any) -> Square:
    """A square from an action field or a known position."""
    x, y, z = value
    return (x, y, z)


def _pending(top: Any) -> Rejected:
    step = getattr(top, "kind", "none")
    return refuse("pending", step=step)


def _time_expired(tape: Tape) -> None:
    if tape.state.phase != "marine" or tape.state.time_up or tape.opt.timer_mode == "untimed":
        raise refuse("no_timer")  # Q18: untimed has none
    tape.emit(ev.TimerExpired())  # SHB-3.5: the phase ends once the action in progress resolves


# --- piece actions -------------------------------------------------------------------------------


def _piece_action(tape: Tape, seat: Seat, action: Action, interrupt: AgInterrupt | None) -> None:
    model = getattr(action, "model", None)
    p = tape.state.pieces.get(model) if isinstance(model, str) else None
    if p is None:
        raise refuse("no_model", model=str(model))
    if (p.kind == "marine") != (seat == "marine"):
        raise refuse("not_yours", name=who(p))
    cost, free_turn = _cost(tape, p, action)
    ap, cp, activate = _payment(tape, seat, p, cost, getattr(action, "use", "ap"), interrupt)
    if interrupt is not None:
        tape.pop()  # SHB-5.3: one action per triggering Stealer action
    if activate:
        tape.emit(made(ev.Activated, model=p.id))
    if ap or cp:
        tape.emit(made(ev.Spent, model=p.id, ap=ap, cp=cp))
    if p.kind == "marine" and p.overwatch and not isinstance(action, a.Overwatch):
        tape.emit(ev.OverwatchEnded(model=p.id, reason="acted"))  # SHB-8.4: any action cancels overwatch
    _push_follow_ups(tape, p, action)
    _execute(tape, tape.state.pieces[p.id], action, free_turn)


def _cost(tape: Tape, p: Piece, action: Action) -> tuple[int, Any]:
    """The AP cost of a piece action (SHB-4.3), or raise the refusal."""
    found: int | Problem | tuple[int, Any]
    if p.prone and not isinstance(action, a.Stand):
        raise refuse("prone.cannot", name=who(p))  # DW-PIT-9
    match action:
        case a.Move(to=to, fire=fire, facing=facing, jump=jump):
            found = tape.move_cost(p, _sq(to), fire=fire, facing=facing)
            if jump and not isinstance(found, Problem):
                found = tape.jump_problem(p, _sq(to)) or found  # DW-PIT-5: announced, no extra AP
        case a.Jump():
            assert p.pos is not None
            found = tape.jump_problem(p, p.pos) or 1  # DW-PIT-5, DW-PIT-10, DW-LAD-4
        case a.Stand():
            found = 2 if p.prone else problem("stand.not_prone", name=who(p))  # DW-PIT-9
        case a.Climb(facing=facing):
            found = tape.climb_cost(p, facing)
        case a.Turn(facing=facing, fire=fire):
            found = tape.turn_cost(p, facing, fire=fire)
            if not isinstance(found, Problem):
                return found
        case a.Door(square=sq):
            found = tape.door_cost(p, _sq(sq))
        case a.Fire(at=at):
            key = tape.fire_target(p, _sq(at))
            found = key if isinstance(key, Problem) else 1
        case a.Overwatch():
            found = tape.can_fire_at_all(p) or (
                problem("overwatch.already", name=who(p)) if p.overwatch else 2
            )
        case a.ClearJam():
            found = 1 if p.jammed else problem("jam.none")
        case a.Flame(at=at):
            found = tape.flame_problem(p, _sq(at)) or 2
        case a.SelfDestruct():
            found = tape.self_destruct_problem(p) or 1
        case a.Reload():
            cache = tape.cache_into(p)  # DW-CR-6: at Cloud Runner's weapons cache
            if isinstance(cache, str):
                found = weapon_of(p).reload_ap
            else:
                found = cache or _reload_problem(p) or weapon_of(p).reload_ap
        case a.Cut():
            found = tape.cut_cost(p)
        case a.Grenade(at=at):
            found = tape.grenade_problem(p, _sq(at)) or 1  # DW-GL-1
        case a.Teleport():
            found = tape.teleport_problem(p) or 4  # DW-TEL-1, A-24: 4 AP at once
        case a.AutoFire():
            found = tape.auto_problem(p) or weapon_of(p).auto_ap
        case a.Assault(psychic=psychic, vertical=vertical):
            target = tape.assault_target(p) if vertical is None else tape.vertical_target(p, vertical)
            found = target if isinstance(target, Problem) else (_psychic_problem(p, psychic) or 1)
        case a.Exit():
            # SHB-1.6 reading: leaving costs 1 AP from an exit square
            ok = p.kind == "marine" and p.pos in tape.board.exits
            found = 1 if ok else problem("exit.not_here")
        case a.Convert():
            found = _convert_problem(p) or 0
        case _:
            raise refuse("unknown_action")
    if isinstance(found, Problem):
        raise found.reject()
    return found, None  # type: ignore[return-value]


def _reload_problem(p: Piece) -> Problem | None:
    """DW-AC-8, DW-HF-2: only a weapon that reloads, with a spare magazine or tank left."""
    if not weapon_of(p).reload_ap:
        return problem("reload.cannot")
    if p.reloads <= 0:
        return problem("reload.none", name=who(p))
    return None


def _psychic_problem(p: Piece, psychic: int) -> Problem | None:
    """DW-FA-1, DW-LIB-3: only a force axe adds psychic points, at most those the Librarian has left."""
    if not psychic:
        return None
    if not melee_of(p).psychic:
        return problem("assault.no_psychic")
    if psychic > p.psychic:
        return problem("assault.psychic_short", name=who(p), psychic=p.psychic)
    return None


def _convert_problem(p: Piece) -> Problem | None:
    if p.kind != "blip":
        return problem("convert.not_blip")
    if p.ambush:
        return problem("convert.ambush")  # DW-AMB-4
    if p.acted:
        return problem("convert.acted")  # SHB-10.6
    return None


def _payment(
    tape: Tape, seat: Seat, p: Piece, cost: int, use: str, interrupt: AgInterrupt | None
) -> tuple[int, int, bool]:
    """(AP, CP, activates) paid for an action (SHB-4.2, SHB-5.2, SHB-5.3), or raise.

    Readings: acting with a model activates it (there is no separate "activate" action), zero-cost
    actions (a free turn, a voluntary conversion) included. Paying with AP activates the model and
    ends the previous one's activation; paying wholly with CP never changes the active model; AP
    short of the cost are topped up with CP. A Marine whose activation ended may act on CP only.
    """
    s = tape.state
    name = who(p)
    if use == "free":
        raise refuse("pay_free")
    if seat == "genestealer":
        if s.phase != "stealer":
            raise refuse("not_stealer_phase")
        if use != "ap":
            raise refuse("pay_stealer_ap")
        if p.id != s.active and p.activated:
            raise refuse("activation_done", name=name)
        if cost > p.ap:
            raise refuse("pay_no_ap", cost=cost, name=name, ap=p.ap)
        return cost, 0, p.id != s.active
    if interrupt is not None:
        if use != "cp":
            raise refuse("pay_cp_only")
        if p.id not in {m.id for m in interrupt_eligible(tape, interrupt)}:
            raise refuse("not_witness", name=name)
    elif s.phase != "marine":
        raise refuse("not_marine_phase")
    if use == "cp" or interrupt is not None:
        if cost > s.cp:
            raise refuse("pay_no_cp", cost=cost, cp=s.cp)
        return 0, cost, False
    if p.id != s.active and p.activated:
        raise refuse(
            "activation_marine_done",
            name=name,
        )
    ap = min(p.ap, cost)
    if cost - ap > s.cp:
        raise refuse(
            "pay_short",
            cost=cost,
            name=name,
            ap=p.ap,
            cp=s.cp,
        )
    return ap, cost - ap, p.id != s.active


_CONVERSIONS = AgConversions()  # frozen and field-less: one instance serves every push


def _push_follow_ups(tape: Tape, p: Piece, action: Action) -> None:
    """Steps that run after the action, pushed first so the action's own steps land on top.

    Readings (SHB-5.3, SHB-8.3, SHB-8.4): after each Stealer-side action, once its overwatch fire,
    conversions and free turn are resolved, the Marine player gets an interrupt window if a Marine
    saw the action (see `legal.interrupt_eligible`). Overwatch follows every Genestealer action,
    entering from a lurking space and free turns included; never a blip's. A move-and-fire is a
    move followed by a free-shot prompt: the target is picked after the move and after any blip the
    move revealed has been placed. The 3e rule "no overwatch shot and CP action by one Marine for the
    same action" is not applied.
    """
    if p.kind == "marine":
        fire = bool(getattr(action, "fire", False))
        # SHB-10.7: check conversions after the move (the shot may target what it revealed) and
        # again after the free shot (a kill or a destroyed door may uncover a blip).
        secure = [AgSecure()] if tape.state.mission.securing else []  # once the action is over
        tape.push(*secure, *([AgConversions(), AgFreeShot(marine=p.id)] if fire else []), AgConversions())
        return
    door: Square | None = _sq(action.square) if isinstance(action, a.Door) else None
    watched = [sq for sq in (p.pos if p.kind == "genestealer" else None, door) if sq is not None]
    witnesses = tuple(m.id for m in tape.marines() if any(tape.sees(m, sq) for sq in watched))
    steps: list[Any] = [
        made(AgInterrupt, actor=p.id, witnesses=witnesses, door=door, since=tape.state.next_id),
        _CONVERSIONS,
    ]
    if p.kind == "genestealer":
        steps.append(made(AgOverwatch, target=p.id))  # SHB-8.4: after any action, in arc, LoS, range 12
    tape.push(*steps)


def _execute(tape: Tape, p: Piece, action: Action, free_turn: Any) -> None:
    match action:
        case a.Move(to=to, facing=facing, jump=jump):
            tape.emit(made(ev.Moved, model=p.id, frm=p.pos, to=_sq(to), facing=facing))
            if tape.board.hole(_sq(to)):
                pits.entered(tape, tape.state.pieces[p.id], jump=jump)
        case a.Jump():
            pits.fall(tape, p)
        case a.Stand(facing=facing):
            tape.emit(ev.StoodUp(model=p.id, facing=facing))
        case a.Climb(facing=facing):
            end = tape.climb_end(p)
            assert end is not None
            tape.emit(ev.Moved(model=p.id, frm=p.pos, to=end, facing=facing))
        case a.Turn(facing=facing):
            tape.emit(ev.Turned(model=p.id, facing=facing, free_turn=free_turn))
        case a.Door(square=sq):
            door = _sq(sq)
            tape.emit(
                ev.DoorChanged(
                    square=door,
                    status="open" if tape.state.door_status(door) == "closed" else "closed",
                    by=p.id,
                )
            )
        case a.Fire(at=at):
            target = tape.fire_target(p, _sq(at))
            assert isinstance(target, str)
            combat.aimed_shot(tape, p, _sq(at), target, free=False)
        case a.Overwatch():
            tape.emit(ev.OverwatchSet(model=p.id))
        case a.ClearJam():
            tape.emit(ev.JamCleared(model=p.id))
        case a.Flame(at=at):
            combat.flame(tape, p, _sq(at))
        case a.SelfDestruct():
            combat.self_destruct(tape, p)
        case a.AutoFire():
            combat.auto_fire(tape, p)
        case a.Grenade(at=at):
            combat.grenade(tape, p, _sq(at))
        case a.Teleport():
            tape.emit(ev.Teleported(model=p.id, turn=tape.state.turn))
        case a.Cut():
            ahead = tape.ahead(p)
            assert ahead is not None  # DW-CF-2, DW-CF-3: no roll; the square is clear for good
            tape.emit(ev.DoorChanged(square=ahead, status="destroyed", by=p.id))
        case a.Reload():
            # DW-AC-8, DW-HF-2: full again; unfired rounds and leftover fuel are lost
            cache = tape.cache_into(p)
            if cache == "reserve":  # DW-CR-6: one more spare from the cache
                tape.emit(ev.Reloaded(model=p.id, ammo=p.ammo, source="cache", into="reserve"))
            else:
                full = weapon_of(p).ammo or 0
                if cache == "weapon":
                    tape.emit(ev.Reloaded(model=p.id, ammo=full, source="cache"))
                else:
                    tape.emit(ev.Reloaded(model=p.id, ammo=full))
        case a.Assault(vertical=vertical):
            victim = tape.assault_target(p) if vertical is None else tape.vertical_target(p, vertical)
            assert isinstance(victim, str)
            combat.assault(tape, p, victim, action.psychic)
        case a.Exit():
            tape.emit(ev.Exited(model=p.id))
        case a.Convert():
            blips.convert(tape, p, voluntary=True)


def _free_shot(tape: Tape, top: AgFreeShot, action: a.Fire) -> None:
    m = tape.state.pieces.get(top.marine)
    if m is None or action.model != m.id:
        raise refuse("free_shot_other")
    key = tape.fire_target(m, _sq(action.at))
    if isinstance(key, Problem):
        raise key.reject()
    tape.pop()
    combat.aimed_shot(tape, m, _sq(action.at), key, free=True)


def _advance_facing(tape: Tape, top: AgFacing) -> None:
    rest = top.models[1:]
    if rest:
        tape.replace_top(top.model_copy(update={"models": rest}))
    else:
        tape.pop()


def _pick_shot(tape: Tape, top: AgOverwatchPick, target: str) -> None:
    m = tape.state.pieces.get(top.marine)
    if m is not None and m.overwatch and not m.jammed:
        combat.overwatch_shot(tape, m, target, top.squares[top.candidates.index(target)])


# --- phases --------------------------------------------------------------------------------------


def _end_marine_phase(tape: Tape, reason: str) -> None:
    """SHB-2.2, SHB-2.3. Reading: unspent Marine AP are lost (set to 0), so Genestealer-turn actions
    are paid with CP only."""
    tape.emit(ev.MarinePhaseEnded(reason=reason))  # type: ignore[arg-type]
    if _check(tape, "marine_phase_end"):
        return
    n = tape.state.mission.reinforcements_for(tape.state.turn)
    if tape.state.mission.scenario == "cloud_runner":
        n = cloud_runner.reinforce(tape)  # DW-CR-9: the D6 table
    if solo.on(tape.state):
        n = solo.blips_due(tape.state, n)  # DW-SOLO-5: one blip fewer on an ambush draw's turn
    total = tape.state.mission.blip_total
    if total is not None:  # DW-GEN-4: the scenario's total; ambush markers do not count (DW-GEN-5)
        n = min(n, max(0, total - tape.state.tally.get("blips", 0)))
    if n > 0:
        tape.push(AgReinforce(remaining=n))  # SHB-2.3: the reinforcement phase opens the Stealer turn


def _end_stealer_phase(tape: Tape) -> None:
    tape.emit(ev.StealerPhaseEnded())
    if tape.state.burning:
        tape.emit(ev.FlamesOut(squares=tuple(tape.state.burning)))  # SHB-2.4, SHB-9.5
    if not tape.opt.overwatch_persists:
        on = tuple(m.id for m in tape.marines() if m.overwatch)
        if on:
            tape.emit(ev.OverwatchCleared(models=on))  # SHB-2.4, SHB-8.7, Q4
    tape.push(AgEndPhase(), AgConversions())  # flames out may reveal blips (SHB-10.7)


def _begin_turn(tape: Tape) -> None:
    """SHB-2.1, SHB-3.1, SHB-5.1. Reading: the timer is fixed when the Marine turn begins (120 s + 30 s
    per living sergeant or Captain on the board, DW-CAP-2); a leader dying mid-turn does not shorten
    the running turn.

    DW-CAP-3: +2 CP per Captain on the board, counted here; so a Captain lost mid-turn leaves his
    bonus in this turn's pool (DW-CAP-4) and gives none from the next turn on. CP are one integer,
    0-8 (A-8); `view.command_dice` shows it as dice.
    """
    s = tape.state
    opt = tape.opt
    timer = None
    if opt.timer_mode == "realtime":
        leaders = sum(1 for m in tape.marines() if m.sergeant or m.captain)  # SHB-3.1, SHB-3.2, DW-CAP-2
        timer = opt.timer_base_s + opt.timer_per_leader_s * leaders
        if s.mission.force_timer is not None:  # the Force List table replaces it (and DW-CAP-2)
            timer = turn_seconds(s.mission.force_timer, leaders)
        timer = max(30, timer - s.mission.timer_cut_s) if s.mission.timer_cut_s else timer  # DW-CMP-16
    tape.emit(ev.TurnBegan(turn=s.turn + 1, timer_seconds=timer))
    if solo.on(s):
        solo.turn_start(tape)  # DW-SOLO-5, A-30: the ambush draw comes before the command phase
    if opt.jams_clear_each_turn:
        jammed = tuple(m.id for m in tape.marines() if m.jammed)
        if jammed:
            tape.emit(ev.JamsCleared(models=jammed))
    bonus = 2 * sum(1 for m in tape.marines() if m.captain)  # DW-CAP-3
    cp = max(0, tape.dice.randint(1, 6) + bonus - s.cp_penalty - s.mission.cp_penalty)  # DW-SOLO-6, DW-CMP-16
    tape.emit(ev.CommandPointsDrawn(cp=cp, bonus=bonus, owner=s.seat_of("marine")))  # SHB-5.1


def _chutes(tape: Tape) -> None:
    """DW-CHT-2 .. DW-CHT-4, A-29: when a chute's hatch falls, every Marine inside escapes (not a loss)
    and every Genestealer inside falls into space (a kill); a Genestealer left inside with no Marine
    is removed as killed."""
    for hatch, squares in tape.board.chutes:
        inside = sorted((p for p in tape.state.pieces.values() if p.pos in squares), key=lambda p: p.number)
        if not inside:
            continue
        fallen = tape.state.door_status(hatch) == "destroyed"
        marines = [p for p in inside if p.kind == "marine"]
        for p in inside:
            if fallen and p.kind == "marine":
                tape.emit(ev.Exited(model=p.id))
            elif p.kind != "marine" and (fallen or not marines):
                combat.kill(tape, p.id)


_NO_FORCE_YET = frozenset({AgBuildForce, AgPlaceTile, AgBids, AgDeploy})


def _check(tape: Tape, moment: Moment) -> bool:
    """Evaluate the mission's predicates; end the game if one is met."""
    if tape.state.outcome is not None:
        return True
    if type(tape.state.top()) in _NO_FORCE_YET:  # final classes: a set, not ABC isinstance checks
        return False  # no force yet: no mission predicate applies (DW-FL-1, DW-BID-1)
    if moment == "immediate" and tape.unchanged_since_check():
        return False  # nothing the predicates read changed since they were last found unmet
    if tape.board.chutes and tape.state.options.deathwing:
        _chutes(tape)
    if tape.state.mission.scenario == "reconnaissance" and not tape.state.tally.get("seen"):
        _sighting(tape)
    if (
        moment == "immediate"
        and tape.state.mission.scenario == "cloud_runner"
        and cloud_runner.cleared(tape.state)
    ):
        cloud_runner.next_board(tape)  # DW-CR-5: the board ends at once; a new turn on the next one
        return False
    found = tape.state.mission.check(tape.state, moment, Checks(sealed=tape.sealed))
    if found is not None:
        winners = tuple(tape.state.seat_of(side) for side in found.winners)  # sides to seats (DW-BID-1)
        tape.emit(ev.GameEnded(outcome=found.model_copy(update={"winners": winners})))
        return True
    if moment == "immediate":
        tape.checked()
    return False


def _sighting(tape: Tape) -> None:
    """DW-SC1, A-35: the first time any Marine has a Genestealer figure in sight, it is logged."""
    for g in sorted(tape.state.pieces.values(), key=lambda p: p.number):
        if g.kind == "genestealer" and g.pos is not None and tape.marine_sees(g.pos):
            tape.emit(ev.StealerSighted(model=g.id))
            return


# --- the agenda ----------------------------------------------------------------------------------


def _settle(tape: Tape) -> None:
    """Run automatic steps until a seat must choose, the phase waits for a seat, or the game ends."""
    for _ in range(10_000):
        if _check(tape, "immediate"):
            return
        top = tape.state.top()
        if top is None:
            if tape.state.phase == "marine" and tape.state.time_up:
                _end_marine_phase(tape, "time")
                continue
            if solo.waiting(tape.state):
                solo.play(tape, _dispatch)  # DW-SOLO-8: the engine plays the Genestealers
                continue
            return
        if not _step(tape, top):
            if solo.waiting(tape.state):
                solo.play(tape, _dispatch)
                continue
            return
    raise RuntimeError("agenda did not settle")


def _step(tape: Tape, top: Any) -> bool:
    """Run or auto-resolve the top step; False when its chooser must answer."""
    match top:
        case AgOverwatch(target=target):
            tape.pop()
            t = tape.state.pieces.get(target)
            if t is not None and t.pos is not None:
                sq = t.pos
                for m in combat.overwatch_shooters(tape, t):
                    combat.overwatch_shot(tape, m, target, sq)
        case AgConversions():
            # SHB-10.7 reading: conversions are checked after every decision, one blip at a time in
            # model order, until no blip is seen.
            seen = [b for b in _board_blips(tape) if b.pos is not None and _revealed(tape, b)]
            if seen and seen[0].ambush:
                blips.spring_ambush(tape, seen[0])  # DW-AMB-5; this step stays to re-check
            elif seen:
                blips.convert(tape, seen[0], voluntary=False)  # SHB-10.7; this step stays to re-check
            else:
                tape.pop()
        case AgSecure():
            tape.pop()
            for area in tape.securable():
                lost = tuple(q.id for q in tape.state.pieces.values() if q.area == area and q.pos is None)
                tape.emit(ev.AreaSecured(area=area, lost=lost))  # DW-SEC-2 .. DW-SEC-5
        case AgRevealShots(models=models):
            tape.pop()
            _reveal_shots(tape, models)
        case AgEndPhase():
            tape.pop()
            if not _check(tape, "end_phase"):
                tape.emit(
                    ev.CommandPointsDiscarded(cp=tape.state.cp, owner=tape.state.seat_of("marine"))
                )  # SHB-5.4
                tape.push(AgBeginTurn())
        case AgBeginTurn():
            tape.pop()
            _begin_turn(tape)
        case AgReinforce() if solo.on(tape.state):
            solo.reinforce(tape, top)  # DW-SOLO-2 .. DW-SOLO-4
        case AgReinforce():
            return blips.resolve_reinforce(tape, top)
        case AgPlace():
            return blips.resolve_place(tape, top)
        case _:
            return _auto_choice(tape, top)
    return True


def _auto_choice(tape: Tape, top: Any) -> bool:
    """Drop choice steps that no longer offer a choice; False when the chooser must answer."""
    s = tape.state
    match top:
        case AgFacing(models=models):
            if models[0] in s.pieces:
                return False
            _advance_facing(tape, top)
        case AgOverwatchPick(marine=marine, candidates=candidates):
            m = s.pieces.get(marine)
            alive = [c for c in candidates if c in s.pieces]
            if m is not None and m.overwatch and not m.jammed and len(alive) > 1:
                return False
            tape.pop()
            _pick_shot(tape, top, alive[0] if alive else candidates[0])
        case (
            AgBlock()
            | AgDetonate()
            | AgPsychic()
            | AgLevelStep()
            | AgShift()
            | AgBuildForce()
            | AgDeploy()
            | AgPlaceTile()
            | AgBids()
            | AgSoloTie()
        ):
            return False  # the attacker and defender both stand until it is resolved
        case AgFaceAttacker(model=model, toward=toward):
            d = s.pieces.get(model)
            if d is not None and d.facing != toward:
                return False
            tape.pop()
        case AgFreeShot(marine=marine):
            m = s.pieces.get(marine)
            if m is not None and tape.fire_targets(m):
                return False
            tape.pop()
        case AgInterrupt():
            if _interrupt_open(tape, top):
                return False
            tape.pop()
        case _:
            raise AssertionError(f"unknown agenda step {top!r}")
    return True


def _interrupt_open(tape: Tape, top: AgInterrupt) -> bool:
    """Whether the interrupt window prompts the Marine player (SHB-5.3).

    Reading: by default ("always") after every witnessed action, which reveals nothing about the
    secret chit; "when_able" prompts only with CP left and an affordable action (fewer prompts, but
    the Genestealer player learns that CP remain).
    """
    eligible = interrupt_eligible(tape, top)
    if not eligible:
        return False
    if tape.opt.interrupt_prompt == "always":
        return True
    return tape.state.cp > 0 and bool(marine_actions(tape, eligible, first_only=True))


def _revealed(tape: Tape, b: Piece) -> bool:
    """A blip converts when a Marine sees it (SHB-10.7); an ambush marker also when next to a Marine,
    seen or not, in either turn (DW-AMB-5, A-22)."""
    assert b.pos is not None
    return tape.marine_sees(b.pos) or (b.ambush and tape.marine_adjacent(b.pos))


def _board_blips(tape: Tape) -> list[Piece]:
    return sorted(
        (p for p in tape.state.pieces.values() if p.kind == "blip" and p.pos is not None),
        key=lambda p: p.number,
    )


def _reveal_shots(tape: Tape, models: tuple[str, ...]) -> None:
    """SHB-10.8: after placement, each overwatching Marine shoots one revealed Genestealer."""
    rng = tape.opt.overwatch_range
    picks = []
    for m in sorted(tape.marines(), key=lambda p: p.number):
        if not m.overwatch or m.jammed:
            continue
        targets = [
            g
            for g in (tape.state.pieces.get(mid) for mid in models)
            if g is not None and g.pos is not None and tape.can_target(m, g.pos, rng)
        ]
        if targets:
            picks.append(
                AgOverwatchPick(
                    marine=m.id,
                    candidates=tuple(g.id for g in targets),
                    squares=tuple(_sq(g.pos) for g in targets),
                )
            )
    tape.push(*reversed(picks))


RULES = SpaceHulkRules()
