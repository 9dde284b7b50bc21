"""Space Hulk words: action labels with their AP cost, prompts, status, the private panel and the
narration of every die, all from the catalogs (en, es).

Everything reads a per-seat view or an already redacted event: a blip's value or the CP chit appear
only when the view or event given carries them (the Genestealer player's, the Marine player's).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import Action, Event, Rejected
from engine.spacehulk import actions as a
from engine.spacehulk import events as ev
from engine.spacehulk import force_list
from engine.spacehulk.board import Square, square_name
from engine.spacehulk.dw_types.force import ForceOrder
from engine.spacehulk.legal import cost_key
from engine.spacehulk.view import PieceView, SpaceHulkView
from renderers.i18n import has, t

# --- small words -------------------------------------------------------------------------------


def sq(value: Any) -> str:
    """A square's name as on the image's grid and in orders ("J7"; "E9@1" on level 1, the one below)."""
    x, y, z = value
    return square_name((x, y, z))


def model(mid: str) -> str:
    """A model's id as printed on the image ("M1", "G7", "B5")."""
    return mid.upper()


def facing(lang: str, value: str | None) -> str:
    return t(lang, f"spacehulk.facing.{value}") if value else "—"


def seat(lang: str, value: str | None) -> str:
    return t(lang, f"spacehulk.seat.{value}") if value else "—"


def mission_name(view: SpaceHulkView, lang: str) -> str:
    key = f"spacehulk.mission.{view.mission}"
    return t(lang, key) if has(key) else view.mission_name


def weapon(lang: str, p: PieceView) -> str:
    if p.weapon is None:
        return t(lang, f"spacehulk.melee.{p.melee or 'power_glove'}")
    return t(lang, f"spacehulk.weapon.{p.weapon}")


def timer(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"


def piece(view: SpaceHulkView | None, mid: str) -> PieceView | None:
    if view is None:
        return None
    return next((p for p in view.pieces if p.id == mid), None)


def price(lang: str, action: Action, view: SpaceHulkView | None) -> str | None:
    """ "1 AP", "2 CP", or None when the view does not price this action."""
    if view is None:
        return None
    cost = view.costs.get(cost_key(action))
    if cost is None:
        return None
    return t(lang, "spacehulk.price", cost=cost, pay=getattr(action, "use", "ap"))


# --- labels (≤ 80 characters) --------------------------------------------------------------------


def action_label(action: Action, lang: str, view: SpaceHulkView | None = None) -> str:
    """The label of one legal action, with its price when the view has it."""
    body = _label(action, lang, view)
    cost = price(lang, action, view)
    return t(lang, "spacehulk.act.priced", action=body, price=cost) if cost else body


def _door_verb(view: SpaceHulkView | None, square: Square) -> str:
    found = next((d for d in view.doors if tuple(d.square) == tuple(square)), None) if view else None
    return "close" if found is not None and found.status == "open" else "open"


def _target(view: SpaceHulkView | None, square: Square) -> str:
    if view is not None:
        for p in view.pieces:
            if p.square is not None and tuple(p.square) == tuple(square):
                return model(p.id)
    return "door"


def _label(action: Action, lang: str, view: SpaceHulkView | None) -> str:
    match action:
        case a.Move(model=m, to=to, fire=fire, facing=f, jump=jump, use=use):
            if use == "free":
                return t(lang, "spacehulk.act.step", model=model(m), square=sq(to))
            p = piece(view, m)
            if p is not None and p.square is None:
                if f is None:
                    return t(lang, "spacehulk.act.enter_blip", model=model(m), square=sq(to))
                return t(lang, "spacehulk.act.enter", model=model(m), square=sq(to), facing=facing(lang, f))
            how = "jump" if jump else ("fire" if fire else "plain")
            return t(lang, "spacehulk.act.move", model=model(m), square=sq(to), how=how)
        case a.Turn(model=m, facing=f, fire=fire, use=use):
            how = "free" if use == "free" else ("fire" if fire else "plain")
            return t(lang, "spacehulk.act.turn", model=model(m), facing=facing(lang, f), how=how)
        case a.Door(model=m, square=s):
            verb = _door_verb(view, s)
            return t(lang, "spacehulk.act.door", model=model(m), square=sq(s), verb=verb)
        case a.Fire(model=m, at=at, use=use):
            target = _target(view, at)
            return t(
                lang,
                "spacehulk.act.fire",
                model=model(m),
                square=sq(at),
                target=target,
                free="yes" if use == "free" else "no",
            )
        case a.AutoFire(model=m):
            return t(lang, "spacehulk.act.auto_fire", model=model(m))
        case a.Overwatch(model=m):
            return t(lang, "spacehulk.act.overwatch", model=model(m))
        case a.ClearJam(model=m):
            return t(lang, "spacehulk.act.clear_jam", model=model(m))
        case a.Flame(model=m, at=at):
            return t(lang, "spacehulk.act.flame", model=model(m), square=sq(at))
        case a.Reload(model=m, into=None):
            return t(lang, "spacehulk.act.reload", model=model(m))
        case a.Reload(model=m, into=into):  # DW-CR-6: the cache reload's choice
            return t(lang, "spacehulk.act.reload_into", model=model(m), into=into)
        case a.Cut(model=m):
            return t(lang, "spacehulk.act.cut", model=model(m))
        case a.Grenade(model=m, at=at):
            return t(lang, "spacehulk.act.grenade", model=model(m), square=sq(at))
        case a.SelfDestruct(model=m):
            return t(lang, "spacehulk.act.self_destruct", model=model(m))
        case a.Assault(model=m, psychic=points, vertical=way):
            return t(lang, "spacehulk.act.assault", model=model(m), psychic=points, way=way or "ahead")
        case a.Psychic(model=m, points=points):
            return t(lang, "spacehulk.act.psychic", model=model(m), psychic=points)
        case a.Block(model=m, die=die):
            return t(
                lang, "spacehulk.act.block", model=model(m), die=die + 1, value=_block_value(view, m, die)
            )
        case a.BuildForce(order=order):
            return _force_label(lang, order, view)
        case a.Exit(model=m):
            return t(lang, "spacehulk.act.exit", model=model(m))
        case a.Teleport(model=m):
            return t(lang, "spacehulk.act.teleport", model=model(m))
        case a.Convert(model=m):
            return t(lang, "spacehulk.act.convert", model=model(m))
        case a.Climb(model=m, facing=f):
            return t(lang, "spacehulk.act.climb", model=model(m), facing=facing(lang, f) if f else "none")
        case a.Jump(model=m):
            return t(lang, "spacehulk.act.jump", model=model(m))
        case a.Stand(model=m, facing=f):
            return t(lang, "spacehulk.act.stand", model=model(m), facing=facing(lang, f))
        case a.Shift(square=s):
            return t(lang, "spacehulk.act.shift", square=sq(s))
        case a.PlaceBlip(area=area):
            return t(lang, "spacehulk.act.place_blip", area=area)
        case a.PlaceTile(tile=tile, rotation=rotation, slot=slot):
            return t(lang, "spacehulk.act.place_tile", tile=tile, turns=rotation, x=slot[0], y=slot[1])
        case a.PlaceAmbush(square=s):
            return t(lang, "spacehulk.act.place_ambush", square=sq(s))
        case a.PlaceStealer(square=s):
            return t(lang, "spacehulk.act.place_stealer", square=sq(s))
        case a.SetFacing(model=m, facing=f):
            return t(lang, "spacehulk.act.set_facing", model=model(m), facing=facing(lang, f))
        case a.PickTarget(model=m, target=target):
            return t(lang, "spacehulk.act.pick_target", model=model(m), target=model(target))
        case a.BreakTie(pick=pick):
            return _tie_label(lang, pick, view)
        case a.Deploy(model=m, square=s, facing=f):
            return t(lang, "spacehulk.act.deploy", model=model(m), square=sq(s), facing=facing(lang, f))
        case a.PickPerimeter(areas=areas):
            return t(lang, "spacehulk.act.pick_perimeter", areas=", ".join(areas))
        case a.EndDeployment(corridors=corridors):
            return t(lang, "spacehulk.act.end_deployment", corridors="yes" if corridors else "no")
        case a.Pass():
            return t(lang, "spacehulk.act.pass")
        case a.EndTurn():
            return t(lang, "spacehulk.act.end_turn")
    return t(lang, "spacehulk.act.unknown")


def _tie_label(lang: str, pick: str | None, view: SpaceHulkView | None) -> str:
    """An answer to a solo tie (DW-SOLO-2, DW-SOLO-8): an entry area, a Genestealer (and where it waits,
    when it is not on the board yet), or the dice."""
    if pick is None:
        return t(lang, "spacehulk.act.break_tie", tie="dice", pick="")
    prompt = view.prompt if view is not None else None
    tie = prompt.details.get("tie") if prompt is not None and prompt.kind == "solo_tie" else None
    if tie is None:
        tie = "mover" if pick[:1] == "g" else "area"
    if tie == "area":
        return t(lang, "spacehulk.act.break_tie", tie="area", pick=pick)
    found = piece(view, pick)
    if found is not None and found.square is None and found.area is not None:
        return t(lang, "spacehulk.act.break_tie_lurking", pick=model(pick), area=found.area)
    return t(lang, "spacehulk.act.break_tie", tie="mover", pick=model(pick))


def _force_label(lang: str, order: ForceOrder, view: SpaceHulkView | None) -> str:
    """A Force List order (DW-FL-2): its squads, timer points and cost in points."""
    squads = ", ".join(t(lang, f"spacehulk.squad.{sq.squad}") for sq in order.squads)
    budget = view.options.variants.force_points if view is not None else None
    try:
        marines, _timer, cost = force_list.build(order, budget or 125)
    except Rejected:
        marines, cost = (), 0
    return t(
        lang,
        "spacehulk.act.build_force",
        squads=squads,
        count=len(marines),
        timer=order.timer_points,
        cost=cost,
    )


def _block_value(view: SpaceHulkView | None, marine: str, die: int) -> int:
    """The value of the Genestealer's die a block would reroll (shown in the pending step)."""
    if view is None or view.prompt is None or view.prompt.kind != "block":
        return 0
    details = view.prompt.details
    dice = details.get("attacker_dice" if details.get("defender") == marine else "defender_dice") or ()
    return int(dice[die]) if 0 <= die < len(dice) else 0


def action_group(action: Action) -> str | None:
    """The model an action belongs to, for "pick a model, then its action"."""
    mid = getattr(action, "model", None)
    return mid if isinstance(mid, str) else None


def group_label(mid: str, lang: str, pay: str = "ap") -> str:
    """A model's entry in the two-step menu; its actions paid with command points are an entry of
    their own (SHB-5.2), so the everyday AP actions stay a few buttons."""
    kind = {"m": "marine", "g": "genestealer", "b": "blip"}.get(mid[:1], "blip")
    return t(lang, "spacehulk.group", model=model(mid), kind=kind, pay="cp" if pay == "cp" else "ap")


# --- prompts and status --------------------------------------------------------------------------


def action_prompt(view: SpaceHulkView, actions: Sequence[Action], lang: str) -> str:
    p = view.prompt
    if p is None:
        key = "spacehulk.prompt.marine" if view.side == "marine" else "spacehulk.prompt.stealer"
        return t(lang, key)
    d = p.details
    match p.kind:
        case "reinforce":
            return t(lang, "spacehulk.prompt.reinforce", count=int(d.get("remaining", 1)))
        case "place":
            return t(
                lang,
                "spacehulk.prompt.place",
                model=model(str(d.get("blip", ""))),
                count=int(d.get("remaining", 1)),
            )
        case "facing":
            models = d.get("models") or [""]
            return t(lang, "spacehulk.prompt.facing", model=model(str(models[0])))
        case "interrupt":
            return t(lang, "spacehulk.prompt.interrupt", model=model(str(d.get("actor", ""))))
        case "free_shot":
            return t(lang, "spacehulk.prompt.free_shot", model=model(str(d.get("marine", ""))))
        case "overwatch_pick":
            return t(lang, "spacehulk.prompt.overwatch_pick", model=model(str(d.get("marine", ""))))
        case "face_attacker":
            return t(lang, "spacehulk.prompt.face_attacker", model=model(str(d.get("model", ""))))
        case "block" | "detonate" | "psychic" | "level_step" | "build_force" | "shift":
            return t(lang, f"spacehulk.prompt.{p.kind}")
        case "place_tile":
            return t(lang, "spacehulk.prompt.place_tile", tile=int(d.get("tile", 0)))
        case "solo_tie":  # DW-SOLO-2, DW-SOLO-8: the book's "your choice"
            tie = str(d.get("tie", "mover"))
            names = [str(c) if tie == "area" else model(str(c)) for c in d.get("candidates") or ()]
            return t(
                lang,
                "spacehulk.prompt.solo_tie_short" if d.get("short") else "spacehulk.prompt.solo_tie",
                tie=tie,
                candidates=", ".join(names),
                distance=int(d.get("distance", 0)),
                slots=int(d.get("slots", 1)),
            )
        case "deploy":  # DW-SC3 (the pick: DW-CMP-11, A-45)
            return t(lang, "spacehulk.prompt.deploy", pick="yes" if d.get("pick", True) else "no")
    return t(lang, "spacehulk.prompt.other")


def lurking(view: SpaceHulkView) -> dict[str, int]:
    counts: dict[str, int] = {}
    for p in view.pieces:
        if p.square is None and p.area is not None:
            counts[p.area] = counts.get(p.area, 0) + 1
    return counts


def status_lines(view: SpaceHulkView, lang: str) -> list[str]:
    """Where the game stands: turn and phase, AP of the active model, CP, timer, kills, blips."""
    lines = []
    if view.phase == "setup" and view.prompt is not None and view.prompt.kind == "solo_tie":
        lines.append(t(lang, "spacehulk.status.setup_tie"))  # solo: the opening blips wait on the player
    elif view.phase == "setup" and view.prompt is not None and view.prompt.kind == "deploy":
        lines.append(t(lang, "spacehulk.status.deploying", areas=", ".join(view.secured) or "—"))  # DW-SC3
    elif view.phase == "setup":
        lines.append(t(lang, "spacehulk.status.setup"))
    else:
        lines.append(t(lang, "spacehulk.status.turn", turn=view.turn, phase=view.phase))
    active = piece(view, view.active_model) if view.active_model else None
    if active is not None and view.phase in ("marine", "stealer"):
        lines.append(t(lang, "spacehulk.status.active", model=model(active.id), ap=active.ap))
    if view.cp is not None:
        lines.append(t(lang, "spacehulk.status.cp_mine", cp=view.cp, drawn=view.cp_drawn or 0))
    else:
        lines.append(t(lang, "spacehulk.status.cp_spent", spent=view.cp_spent))
    if view.timer_mode == "untimed":
        lines.append(t(lang, "spacehulk.status.untimed"))
    elif view.timer_mode == "budget" and view.timer_budget_s:
        lines.append(t(lang, "spacehulk.status.budget", time=timer(view.timer_budget_s)))
    elif view.timer_seconds:
        lines.append(
            t(
                lang,
                "spacehulk.status.timer",
                time=timer(view.timer_seconds),
                up="yes" if view.time_up else "no",
            )
        )
    lines.append(t(lang, "spacehulk.status.kills", kills=view.kills, bag=view.bag_size))
    if view.blip_total is not None:  # DW-GEN-4: the blips used of the scenario's total, public
        lines.append(
            t(lang, "spacehulk.status.blips", used=view.tally.get("blips", 0), total=view.blip_total)
        )
    if view.held_turn is not None:  # DW-SC3: the Genestealers' last turn (scenarios.held_turn)
        lines.append(t(lang, "spacehulk.status.held", turn=view.held_turn))
    if view.teleport_unlock is not None and view.teleport_turn is not None:  # DW-SC1, A-35
        lines.append(
            t(lang, "spacehulk.status.teleport_unlock", count=view.teleport_unlock, turn=view.teleport_turn)
        )
    if view.perimeter:  # DW-SC2: the areas announced before play
        lines.append(t(lang, "spacehulk.status.perimeter", areas=", ".join(view.perimeter)))
    if view.scenario == "cloud_runner":  # DW-CR-3
        lines.append(t(lang, "spacehulk.status.board", board=view.tally.get("board", 1), boards=10))
    return lines


def status_text(view: SpaceHulkView, lang: str) -> str:
    head = t(lang, "spacehulk.status.title", mission=mission_name(view, lang))
    return "\n".join([head, *status_lines(view, lang)])


def panel_lines(view: SpaceHulkView, lang: str) -> list[str]:
    """The image's side panel: status, then the Marines, then the Genestealer side ("# " = a heading)."""
    lines = status_lines(view, lang)
    lines.append("# " + t(lang, "spacehulk.panel.marines"))
    for p in sorted((p for p in view.pieces if p.kind == "marine"), key=lambda p: int(p.id[1:])):
        marks = []
        if p.overwatch:
            marks.append(t(lang, "spacehulk.panel.overwatch"))
        if p.jammed:
            marks.append(t(lang, "spacehulk.panel.jammed"))
        lines.append(
            t(
                lang,
                "spacehulk.panel.marine",
                model=model(p.id),
                name=p.name,
                weapon=weapon(lang, p),
                ap=p.ap,
                marks=" ".join(marks),
            )
        )
        if p.weapon == "heavy_flamer" or p.weapon == "assault_cannon":
            lines.append(t(lang, "spacehulk.panel.ammo", ammo=p.ammo, reloads=p.reloads))
    if view.escaped:
        lines.append(t(lang, "spacehulk.panel.escaped", count=len(view.escaped)))
    lines.append("# " + t(lang, "spacehulk.panel.stealers"))
    on_board = [p for p in view.pieces if p.kind != "marine" and p.square is not None]
    lines.append(
        t(
            lang,
            "spacehulk.panel.on_board",
            stealers=sum(1 for p in on_board if p.kind == "genestealer"),
            blips=sum(1 for p in on_board if p.kind == "blip"),
        )
    )
    for area, n in sorted(lurking(view).items()):
        lines.append(t(lang, "spacehulk.panel.lurking", area=area, count=n))
    for p in view.pieces:
        if p.leader:  # DW-CR-8
            lines.append(t(lang, "spacehulk.panel.leader", model=model(p.id), ap=p.ap))
    if view.bag is not None:
        lines.append(t(lang, "spacehulk.panel.bag", contents=_bag(view.bag)))
        values = sorted((p for p in view.pieces if p.value is not None), key=lambda p: int(p.id[1:]))
        if values:
            lines.append(
                t(lang, "spacehulk.panel.values", blips=", ".join(f"{model(p.id)}={p.value}" for p in values))
            )
    return lines


def _bag(bag: dict[int, int]) -> str:
    return ", ".join(f"{n}×{v}" for v, n in sorted(bag.items()) if n)


def private_text(view: SpaceHulkView, lang: str) -> str | None:
    """The seat's secrets: the CP chit (Marine player), blip values and the bag (Genestealer player)."""
    if view.side == "marine" and view.cp is not None and view.turn >= 1:
        return t(lang, "spacehulk.private.cp", cp=view.cp, drawn=view.cp_drawn or 0)
    if view.side == "genestealer" and view.bag is not None:
        values = sorted((p for p in view.pieces if p.value is not None), key=lambda p: int(p.id[1:]))
        where = ", ".join(
            t(
                lang,
                "spacehulk.private.blip",
                model=model(p.id),
                value=p.value,
                place=sq(p.square)
                if p.square is not None
                else t(lang, "spacehulk.private.area", area=p.area or "?"),
            )
            for p in values
        )
        return t(lang, "spacehulk.private.blips", blips=where or "—", bag=_bag(view.bag) or "—")
    return None


# --- narration: every die the bot rolled ---------------------------------------------------------


def _who(mid: str) -> str:
    return model(mid) if not mid.startswith("door") else "door"


def narrate(event: Event, lang: str) -> str | None:
    match event:
        case ev.TurnBegan(turn=n, timer_seconds=secs):
            if secs:
                return t(lang, "spacehulk.say.turn_timed", turn=n, time=timer(secs))
            return t(lang, "spacehulk.say.turn", turn=n)
        case ev.CommandPointsDrawn(cp=cp):
            return (
                t(lang, "spacehulk.say.cp_drawn")
                if cp is None
                else t(lang, "spacehulk.say.cp_drawn_mine", cp=cp)
            )
        case ev.TimerExpired():
            return t(lang, "spacehulk.say.time_up")
        case ev.MarinePhaseEnded(reason=reason):
            return t(lang, "spacehulk.say.marine_phase_ended", reason=reason)
        case ev.StealerPhaseEnded():
            return t(lang, "spacehulk.say.stealer_phase_ended")
        case ev.FlamesOut(squares=squares):
            return t(lang, "spacehulk.say.flames_out", count=len(squares)) if squares else None
        case ev.Spent(model=m, ap=ap, cp=cp) if cp:
            return t(lang, "spacehulk.say.cp_spent", model=model(m), cp=cp, ap=ap)
        case ev.Moved(model=m, frm=frm, to=to):
            if frm is None:
                return t(lang, "spacehulk.say.entered", model=model(m), square=sq(to))
            return t(lang, "spacehulk.say.moved", model=model(m), start=sq(frm), square=sq(to))
        case ev.Turned(model=m, facing=f):
            return t(lang, "spacehulk.say.turned", model=model(m), facing=facing(lang, f))
        case ev.FacingSet(model=m, facing=f):
            return t(lang, "spacehulk.say.turned", model=model(m), facing=facing(lang, f))
        case ev.DoorChanged(square=s, status=status):
            return t(lang, "spacehulk.say.door", square=sq(s), status=status)
        case ev.OverwatchSet(model=m):
            return t(lang, "spacehulk.say.overwatch", model=model(m))
        case ev.JamCleared(model=m):
            return t(lang, "spacehulk.say.jam_cleared", model=model(m))
        case ev.Fired(
            model=m,
            target=target,
            square=s,
            dice=dice,
            bonus=bonus,
            needed=needed,
            hit=hit,
            deflection=rubble,
            overwatch=ow,
            jammed=jam,
        ):
            return t(
                lang,
                "spacehulk.say.fired",
                model=model(m),
                target=_who(target),
                square=sq(s),
                dice=", ".join(str(d) for d in dice),
                bonus=bonus,
                needed=needed,
                hit="yes" if hit else "no",
                # rubble is rolled only for a shot that hit (DW-RUB-2): rolled and not a hit = deflected
                deflected="yes" if rubble and not hit else "no",
                rubble=", ".join(str(d) for d in rubble),
                overwatch="yes" if ow else "no",
                jammed="yes" if jam else "no",
            )
        case ev.AutoFired(model=m, bursts=b):
            return t(lang, "spacehulk.say.auto_fired", model=model(m), bursts=b)
        case ev.Flamed(model=m, target=s, squares=squares, rolls=rolls):
            return t(
                lang,
                "spacehulk.say.flamed",
                model=model(m),
                square=sq(s),
                count=len(squares),
                rolls=_rolls(rolls),
            )
        case ev.Assaulted(
            model=m,
            target=target,
            attacker_dice=ad,
            defender_dice=dd,
            attacker_score=asc,
            defender_score=dsc,
            result=res,
        ):
            return t(
                lang,
                "spacehulk.say.assaulted",
                model=model(m),
                target=_who(target),
                attacker=", ".join(str(d) for d in ad),
                defender=", ".join(str(d) for d in dd) or "—",
                ascore=asc,
                dscore=dsc,
                result=res,
            )
        case ev.Blocked(model=m, old=old, new=new):
            return t(lang, "spacehulk.say.blocked", model=model(m), old=old, new=new)
        case ev.Killed(model=m, kills=k, value=value):
            if value is not None:
                return t(lang, "spacehulk.say.killed_blip", model=model(m), value=value, kills=k)
            return t(lang, "spacehulk.say.killed", model=model(m), kills=k)
        case ev.Exited(model=m):
            return t(lang, "spacehulk.say.exited", model=model(m))
        case ev.Teleported(model=m):
            return t(lang, "spacehulk.say.teleported", model=model(m))
        case ev.BlipPlaced(area=area):
            return t(lang, "spacehulk.say.blip_placed", area=area)
        case ev.BlipConverted(model=m, value=v):
            return t(lang, "spacehulk.say.converted", model=model(m), value=v)
        case ev.StealerPlaced(model=m, square=s, area=area):
            if s is None:
                return t(lang, "spacehulk.say.stealer_lurks", model=model(m), area=area or "?")
            return t(lang, "spacehulk.say.stealer_placed", model=model(m), square=sq(s))
        case ev.StealersLost(count=n, reason=reason):
            return t(lang, "spacehulk.say.stealers_lost", count=n, reason=reason)
        case ev.ReinforcementsLost(count=n):
            return t(lang, "spacehulk.say.reinforcements_lost", count=n)
        case ev.Reloaded(model=m, source="cache", into=into):
            return t(lang, "spacehulk.say.cache", model=model(m), into=into)
        case ev.Reloaded(model=m):
            return t(lang, "spacehulk.say.reloaded", model=model(m))
        case ev.SelfDestructed(model=m):
            return t(lang, "spacehulk.say.self_destructed", model=model(m))
        case ev.GrenadeExploded(model=m, target=s, rolls=rolls):
            return t(lang, "spacehulk.say.grenade", model=model(m), square=sq(s), rolls=_rolls(rolls))
        case ev.AreaSecured(area=area):
            return t(lang, "spacehulk.say.secured", area=area)
        case ev.StealerSighted(model=m):
            return t(lang, "spacehulk.say.sighted", model=model(m))
        case ev.MagiRolled(model=m, roll=roll, squads=squads, escaped=escaped):  # DW-CMP-14
            return t(
                lang,
                "spacehulk.say.magi",
                model=model(m),
                roll=roll,
                squads=squads,
                escaped="yes" if escaped else "no",
            )
        case ev.TilePlaced(tile=tile, rotation=rotation, slot=slot):
            return t(lang, "spacehulk.say.tile_placed", tile=tile, turns=rotation, x=slot[0], y=slot[1])
        case ev.BoardBuilt():
            return t(lang, "spacehulk.say.board_built")
        case ev.Deployed(model=m, square=s, facing=f):
            return t(lang, "spacehulk.say.deployed", model=model(m), square=sq(s), facing=facing(lang, f))
        case ev.PerimeterPicked(areas=areas):
            return t(lang, "spacehulk.say.perimeter_picked", areas=", ".join(areas))
        case ev.DeploymentEnded(corridors=corridors):
            return t(lang, "spacehulk.say.deployment_ended", corridors="yes" if corridors else "no")
        case ev.CorridorsExtended(added=added):
            return t(lang, "spacehulk.say.corridors_extended", count=added)
        case ev.BoardEntered(board=board):
            return t(lang, "spacehulk.say.board_entered", board=board)
        case ev.ReinforcementRolled(roll=roll, blips=blips, ambush=ambush, square=square):
            result = "blips" if ambush is None else ("echo" if ambush != "genestealer" else "genestealer")
            if ambush == "genestealer" and square is None:
                result = "lost"
            return t(lang, "spacehulk.say.reinforcement_rolled", roll=roll, blips=blips, result=result)
        case ev.AmbushPlaced(square=s):
            return t(lang, "spacehulk.say.ambush_placed", square=sq(s))
        case ev.AmbushRevealed(model=m, result=result):
            return t(lang, "spacehulk.say.ambush_revealed", model=model(m), result=result)
        case ev.Landed(model=m, square=s, prone=prone):
            return t(
                lang, "spacehulk.say.landed", model=model(m), square=sq(s), prone="yes" if prone else "no"
            )
        case ev.StoodUp(model=m, facing=f):
            return t(lang, "spacehulk.say.stood_up", model=model(m), facing=facing(lang, f))
        case ev.ForceBuilt(marines=marines, cost=cost):
            return t(lang, "spacehulk.say.force_built", count=len(marines), cost=cost)
        case ev.JamsCleared(models=models) if models:
            return t(lang, "spacehulk.say.jams_cleared", models=", ".join(model(m) for m in models))
        case ev.OverwatchCleared(models=models) if models:
            return t(lang, "spacehulk.say.overwatch_cleared", models=", ".join(model(m) for m in models))
        case ev.OverwatchEnded(model=m, reason=reason) if reason != "acted":
            return t(lang, "spacehulk.say.overwatch_ended", model=model(m), reason=reason)
        case ev.CommandPointsDiscarded():
            return t(lang, "spacehulk.say.cp_discarded")
        case ev.FeatureWrecked(squares=squares):
            return t(lang, "spacehulk.say.feature_wrecked", squares=", ".join(sq(x) for x in squares))
        case ev.FallRolled(model=m, roll=roll):
            return t(lang, "spacehulk.say.fall_rolled", model=model(m), roll=roll)
        case ev.Fell(model=m, landing=s):
            return t(lang, "spacehulk.say.fell", model=model(m), square=sq(s))
        case ev.Shifted(model=m, square=s, prone=prone):
            return t(
                lang, "spacehulk.say.shifted", model=model(m), square=sq(s), prone="yes" if prone else "no"
            )
        case ev.Malfunctioned(model=m, rolls=rolls):
            return t(lang, "spacehulk.say.malfunctioned", model=model(m), rolls=_rolls(rolls))
        case ev.BagRefilled():
            return t(lang, "spacehulk.say.bag_refilled")
        case ev.SoloDecided(reason=reason, params=params) if has(reason):
            # the automated Genestealer player's decision and its reason (DW-SOLO-*)
            named = {
                k: model(str(v))
                if k in ("model", "marine")
                else ", ".join(model(str(x)) if k == "models" else str(x) for x in v)
                if isinstance(v, list)
                else v
                for k, v in params.items()
            }
            return t(lang, reason, **named)
        case ev.BidMade(seat=who):
            return t(lang, "spacehulk.say.bid_made", seat=seat(lang, who))
        case ev.BidsRevealed(bids=bids, tie=tie):
            shown = ", ".join(f"{seat(lang, k)} {v}" for k, v in sorted(bids.items()))
            return t(lang, "spacehulk.say.bids_tied" if tie else "spacehulk.say.bids_revealed", bids=shown)
        case ev.SidesChosen(sides=sides, points=points):
            return t(lang, "spacehulk.say.sides_chosen", seat=seat(lang, sides["marine"]), points=points)
        case ev.GameEnded():
            return None  # the platform prints the outcome
    return None


def _rolls(rolls: dict[str, int]) -> str:
    return ", ".join(f"{_who(k)}: {v}" for k, v in sorted(rolls.items())) or "—"
