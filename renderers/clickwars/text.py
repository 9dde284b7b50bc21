"""ClickWars words: labels, prompts, the status line and the narration of every die, all from the catalogs."""

from __future__ import annotations

from collections.abc import Sequence

from engine.clickwars import ClickWarsView
from engine.clickwars import actions as a
from engine.clickwars import events as ev
from engine.core import Action, Event
from renderers.i18n import t


def num(lang: str, value: float) -> str:
    """A length in the locale's style: 10, 10.5 / 10,5."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return text.replace(".", ",") if lang == "es" else text


def side(lang: str, seat: str | None) -> str:
    return t(lang, f"clickwars.side.{seat}") if seat else "—"


def profile(lang: str, name: str) -> str:
    return t(lang, f"clickwars.profile.{name}")


def phase_name(lang: str, phase: str) -> str:
    return t(lang, f"clickwars.phase.{phase}")


# --- labels (≤ 80 characters) -----------------------------------------------------------------


def action_label(action: Action, lang: str, view: ClickWarsView | None = None) -> str:
    def who(uid: str) -> str:
        u = view.unit(uid) if view is not None else None
        return f"{uid} {profile(lang, u.profile)}" if u is not None else uid

    match action:
        case a.ConfirmSetup():
            return t(lang, "clickwars.action.confirm_setup")
        case a.ChooseEdge(edge=edge):
            return t(lang, f"clickwars.action.edge_{edge}")
        case a.ChooseRole(role=role):
            return t(lang, f"clickwars.action.role_{role}")
        case a.NameQuarry(quarry=q):
            return t(lang, "clickwars.action.quarry", quarry=profile(lang, q) if not q[1:].isdigit() else q)
        case a.PlaceUnit(unit=uid, x=x, y=y):
            return t(lang, "clickwars.action.place", unit=uid, x=num(lang, x), y=num(lang, y))
        case a.AutoDeploy(plan=plan):
            return t(lang, f"clickwars.action.deploy_{plan}")
        case a.ConfirmDeployment():
            return t(lang, "clickwars.action.confirm_deployment")
        case a.Move(unit=uid, x=x, y=y):
            return t(lang, "clickwars.action.move", unit=who(uid), x=num(lang, x), y=num(lang, y))
        case a.Charge(unit=uid, bearing=b):
            return t(lang, "clickwars.action.charge", unit=who(uid), bearing=b)
        case a.Crew(unit=uid, gun=gid):
            return t(lang, "clickwars.action.crew", unit=who(uid), gun=gid)
        case a.Shoot(unit=uid, target=tid, indirect=indirect):
            key = "clickwars.action.shoot_indirect" if indirect else "clickwars.action.shoot"
            return t(lang, key, unit=who(uid), target=who(tid), chance=_chance(view, uid))
        case a.ShootPoint(unit=uid, x=x, y=y):
            return t(lang, "clickwars.action.shoot_point", unit=uid, x=num(lang, x), y=num(lang, y))
        case a.Fight(unit=uid, target=tid):
            return t(
                lang,
                "clickwars.action.fight",
                unit=who(uid),
                target=who(tid),
                chance=_chance(view, uid, cc=True),
            )
        case a.EndPhase():
            return t(lang, "clickwars.action.end_phase")
        case a.Select(unit=uid):
            return t(lang, "clickwars.action.select", unit=who(uid)) if uid else t(lang, "clickwars.ui.back")
        case a.PlanMove(unit=uid):
            return t(lang, "clickwars.action.plan_move", unit=who(uid))
        case a.PlanCharge(unit=uid, bearing=b):
            return t(lang, "clickwars.action.plan_charge", unit=who(uid), bearing=b)
        case a.Confirm():
            return t(lang, "clickwars.ui.confirm")
    return t(lang, "clickwars.action.unknown")


def _chance(view: ClickWarsView | None, uid: str, cc: bool = False) -> int:
    """To-hit chance in percent: rolls 2..need of a d10 hit (1 always kills, 10 always fumbles)."""
    if view is None:
        return 0
    u = view.unit(uid)
    if u is None:
        return 0
    need = u.p.cc if cc else u.p.di
    if u.is_gun and u.crew:
        crew = view.unit(u.crew)
        need = crew.p.di if crew else 0
    return max(0, min(need, 9)) * 10  # 1 (critical) counts too: kills on 1, hits on 2..need


# --- prompts and status -----------------------------------------------------------------------


def action_prompt(view: ClickWarsView, actions: Sequence[Action], lang: str) -> str:
    match view.phase:
        case "setup":
            return t(lang, "clickwars.prompt.setup")
        case "edge":
            return t(lang, "clickwars.prompt.edge")
        case "role":
            return t(lang, "clickwars.prompt.role")
        case "quarry":
            return t(lang, "clickwars.prompt.quarry")
        case "deploy":
            return t(lang, "clickwars.prompt.deploy")
        case "movement" | "shooting" | "assault" | "counter":
            return t(lang, f"clickwars.prompt.{view.phase}")
    return t(lang, "clickwars.prompt.over")


def status_text(view: ClickWarsView, lang: str) -> str:
    lines = [
        t(lang, "clickwars.status.title", scenario=t(lang, f"clickwars.scenario.{view.options.scenario}"))
    ]
    if view.phase in ("movement", "shooting", "assault", "counter"):
        lines.append(
            t(
                lang,
                "clickwars.status.turn",
                round=view.round,
                rounds=view.options.rounds,
                side=side(lang, view.active),
                phase=phase_name(lang, view.phase),
            )
        )
    else:
        lines.append(phase_name(lang, view.phase))
    alive = {
        s: sum(1 for u in view.units if u.side == s and u.placed and not u.is_gun) for s in ("red", "blue")
    }
    if view.phase not in ("setup", "edge", "role", "quarry", "deploy"):
        lines.append(t(lang, "clickwars.status.standing", red=alive["red"], blue=alive["blue"]))
    if view.options.scenario == "take_and_hold":
        lines.append(
            t(lang, "clickwars.status.scores", red=view.scores.get("red", 0), blue=view.scores.get("blue", 0))
        )
    if view.attacker:
        lines.append(t(lang, "clickwars.status.attacker", side=side(lang, view.attacker)))
    return "\n".join(lines)


def private_text(view: ClickWarsView, lang: str) -> str | None:
    if view.seat is not None and view.order is not None:
        return order_text(view, lang)
    picked = view.unit(view.selected or "") if view.seat is not None else None
    if picked is not None and picked.placed:
        return t(
            lang,
            "clickwars.private.selected",
            unit=f"{picked.id} {profile(lang, picked.profile)}",
            life=max(picked.life, 0),
            max=picked.max_life,
            x=num(lang, picked.x or 0),
            y=num(lang, picked.y or 0),
        )
    if view.seat is None or view.phase != "deploy" or not view.my_deployment:
        return None
    spots = ", ".join(
        f"{k} ({num(lang, x)}, {num(lang, y)})" for k, (x, y) in sorted(view.my_deployment.items())
    )
    return t(lang, "clickwars.private.deployment", spots=spots)


def order_text(view: ClickWarsView, lang: str) -> str:
    """The previewed order in words, beside its picture: length and cost, or the charge corridor."""
    order = view.order
    assert order is not None
    (x, y) = order.path[-1]
    if order.kind == "charge":
        victims = ", ".join(order.victims) or t(lang, "clickwars.ui.nobody")
        return t(
            lang,
            "clickwars.private.charge_preview",
            unit=order.unit,
            bearing=order.bearing or 0,
            x=num(lang, x),
            y=num(lang, y),
            victims=victims,
        )
    length = sum(
        ((q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2) ** 0.5
        for p, q in zip(order.path, order.path[1:], strict=False)
    )
    return t(
        lang,
        "clickwars.private.move_preview",
        unit=order.unit,
        x=num(lang, x),
        y=num(lang, y),
        length=num(lang, round(length, 1)),
        cost=num(lang, order.cost or 0),
        limit=num(lang, order.allowance or 0),
    )


# --- narration: every die the bot rolled ------------------------------------------------------


def narrate(event: Event, lang: str) -> str | None:
    match event:
        case ev.SetupConfirmed(side=s):
            return t(lang, "clickwars.say.confirmed", side=side(lang, s))
        case ev.RolledOff(rolls=rolls, winner=w):
            text = "; ".join(t(lang, "clickwars.say.roll_pair", red=r, blue=b) for r, b in rolls)
            return t(lang, "clickwars.say.rolled_off", rolls=text, side=side(lang, w))
        case ev.EdgeChosen(side=s, edge=edge):
            return t(lang, f"clickwars.say.edge_{edge}", side=side(lang, s))
        case ev.RoleChosen(side=s, role=role):
            return t(lang, f"clickwars.say.role_{role}", side=side(lang, s))
        case ev.QuarryNamed(side=s, quarry=q):
            return t(
                lang,
                "clickwars.say.quarry",
                side=side(lang, s),
                quarry=profile(lang, q) if not q[1:].isdigit() else q,
            )
        case ev.DeploymentReady(side=s):
            return t(lang, "clickwars.say.ready", side=side(lang, s))
        case ev.DeploymentRevealed():
            return t(lang, "clickwars.say.revealed")
        case ev.TurnBegan(side=s, round=r):
            return t(lang, "clickwars.say.turn", side=side(lang, s), round=r)
        case ev.Healed(unit=u, roll=r, life=life, recovered=rec):
            return t(
                lang, "clickwars.say.recovered" if rec else "clickwars.say.healed", unit=u, roll=r, life=life
            )
        case ev.Moved(unit=u, cost=c, fled=fled):
            return t(lang, "clickwars.say.fled" if fled else "clickwars.say.moved", unit=u, cost=num(lang, c))
        case ev.CrewJoined(unit=u, gun=g):
            return t(lang, "clickwars.say.crew_joined", unit=u, gun=g)
        case ev.CrewLeft(unit=u, gun=g):
            return t(lang, "clickwars.say.crew_left", unit=u, gun=g)
        case ev.Charged(unit=u, bearing=b):
            return t(lang, "clickwars.say.charged", unit=u, bearing=b)
        case ev.Pushed(unit=u, to=(x, y)):
            return t(lang, "clickwars.say.pushed", unit=u, x=num(lang, x), y=num(lang, y))
        case ev.AttackRolled(attacker=att, target=tgt, roll=r, need=need, result=res, mode=mode):
            key = f"clickwars.say.attack_{res}"
            target = tgt or t(lang, "clickwars.say.the_point")
            return t(
                lang, key, unit=att, target=target, roll=r, need=need, how=t(lang, f"clickwars.mode.{mode}")
            )
        case ev.FriendlyFire(roll=r, victim=v):
            if v is None:
                return t(lang, "clickwars.say.ff_none", roll=r)
            return t(lang, "clickwars.say.ff_hit", roll=r, unit=v)
        case ev.Scattered(bearing=b, roll=r, distance_cm=d, on_table=on):
            key = "clickwars.say.scattered" if on else "clickwars.say.scattered_off"
            return t(lang, key, bearing=b, roll=r, distance=num(lang, d))
        case ev.BlastLanded(victims=vs, harms=harms):
            if not vs:
                return t(lang, "clickwars.say.blast_empty")
            return t(lang, f"clickwars.say.blast_{harms}", units=", ".join(vs))
        case ev.Damaged(unit=u, cause=cause, die=die, gross=g, armour=arm, shield=sh, net=n, life=life):
            saves = "".join(
                [
                    t(lang, "clickwars.say.armour", roll=arm) if arm is not None else "",
                    t(lang, "clickwars.say.shield", roll=sh) if sh is not None else "",
                ]
            )
            return t(
                lang,
                "clickwars.say.damaged",
                unit=u,
                die=die,
                gross=g,
                saves=saves,
                net=n,
                life=max(life, 0),
                cause=t(lang, f"clickwars.cause.{cause}"),
            )
        case ev.Killed(unit=u, cause=cause):
            return t(lang, "clickwars.say.killed", unit=u, cause=t(lang, f"clickwars.cause.{cause}"))
        case ev.FumbleRolled(unit=u, roll=r):
            return t(lang, f"clickwars.say.fumble_{r}", unit=u, roll=r)
        case ev.WeaponBroken(unit=u):
            return t(lang, "clickwars.say.weapon_broken", unit=u)
        case ev.Idled(unit=u):
            return t(lang, "clickwars.say.idled", unit=u)
        case ev.PhaseEnded(side=s, phase=p):
            return t(lang, "clickwars.say.phase_ended", side=side(lang, s), phase=phase_name(lang, p))
        case ev.RoundEnded(round=r, holder=h):
            if h is not None:
                return t(lang, "clickwars.say.round_held", round=r, side=side(lang, h))
            return t(lang, "clickwars.say.round_ended", round=r)
    return None
