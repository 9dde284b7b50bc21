"""The words of a typed order's report: one line per step with its price, the refused step with its
reason, in the player's language (the game names its prices: `Rules.order_price`)."""

from __future__ import annotations

from typing import Any

from engine.core.orders import StepResult

from .i18n import rejected_text, t
from .tables import OrderReport


def price_text(step: StepResult, lang: str) -> str:
    """A step's price in the player's language ("1 AP, 0 CP"), or "" for a game with no prices."""
    if step.price is None:
        return ""
    key, params = step.price
    return t(lang, key, **params)


def total_price(steps: list[StepResult]) -> tuple[str, dict[str, Any]] | None:
    """The whole plan's price (issue 26 item 5: a multi-step order shows its total before it runs):
    the steps' prices added up, when every step is priced by the same message with whole numbers
    (e.g. "{ap} AP, {cp} CP"); None when fewer than two steps are priced or they differ."""
    priced = [step.price for step in steps if step.price is not None]
    if len(priced) < 2 or len({key for key, _ in priced}) != 1:
        return None
    names = set(priced[0][1])
    if any(set(params) != names for _, params in priced):
        return None
    total: dict[str, Any] = {}
    for name in names:
        values = [params[name] for _, params in priced]
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            return None
        total[name] = sum(values)
    return priced[0][0], total


def order_text(report: OrderReport, lang: str) -> str:
    """The report of an order (or of its dry run) as the player reads it."""
    key = "bot.order_rehearsed" if report.dry_run else "bot.order_applied"
    lines = [t(lang, key, table=report.table.number)]
    for n, step in enumerate(report.steps, start=1):
        if step.refusal is not None:  # a game whose steps stand alone skipped it (Rules.order_goes_on)
            reason = rejected_text(lang, step.refusal)
            lines.append(t(lang, "bot.order.step_skipped", n=n, words=step.step.words, reason=reason))
            continue
        lines.append(t(lang, "bot.order_step", n=n, words=step.step.words, price=price_text(step, lang)))
    if report.refusal is not None and report.failed_at is not None:
        n = report.failed_at + 1
        reason = rejected_text(lang, report.refusal)
        failed = report.failed
        if failed is not None:  # a step of several actions stopped on the way (e.g. a walk)
            lines.append(
                t(
                    lang,
                    "bot.order_step_stopped",
                    n=n,
                    words=failed.step.words,
                    count=len(failed.actions),
                    price=price_text(failed, lang),
                    reason=reason,
                )
            )
        else:
            words = report.words[n - 1] if n <= len(report.words) else ""
            lines.append(t(lang, "bot.order_step_refused", n=n, words=words, reason=reason))
        if report.steps or failed is not None:
            lines.append(t(lang, "bot.order_rehearsal_kept" if report.dry_run else "bot.order_kept"))
    goes_on = report.rules.order_goes_on()
    if goes_on and len(report.steps) > 1:
        lines.append(tally(report.steps, report.dry_run, lang))
    if report.dry_run:
        planned = [*report.steps, *([report.failed] if report.failed is not None else [])]
        total = total_price(planned)
        if total is not None:
            key, params = total
            lines.append(t(lang, "bot.order.total", price=t(lang, key, **params)))
        lines.append(t(lang, "bot.order.rehearsal_held_note" if goes_on else "bot.order_rehearsal_note"))
    return "\n".join(lines)


def tally(steps: list[StepResult], dry_run: bool, lang: str) -> str:
    """The total of an order whose steps stand alone: how many were (or can be) carried out, how
    many wait for the dice until Confirm, how many were refused."""
    refused = sum(1 for step in steps if step.refusal is not None)
    held = sum(1 for step in steps if step.held)
    done = len(steps) - refused - held
    key = "bot.order.tally_rehearsed" if dry_run else "bot.order.tally"
    return t(lang, key, done=done, held=held, refused=refused, count=len(steps))
