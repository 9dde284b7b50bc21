"""Playing a Space Hulk table through the emulator as its players would: read the private panel the
bot sent, often end the phase or pass, else pick a model from the menu and then one of its actions.
Seeded choices, no sleeps (every wait is on the bot's delivery going idle)."""

from __future__ import annotations

import random
import re

from bot.app import TableroBot
from playground.emulator import Emulator, MessageRecord

from .harness import ACTION, my_hand, run, status_message

GROUP = re.compile(r"^tb:g:\d+:\d+$")
PREVIEW = re.compile(r"^tb:v:\d+:\d+:\d+$")
CONFIRM = ("Confirm", "Confirmar")
ENDERS = ("End the action phase", "Terminar la fase de acción", "Pass", "Pasar")


def prompt_of(emu: Emulator, user: int) -> MessageRecord | None:
    """The newest private message offering this user choices (actions or a model menu)."""
    found = [
        m
        for m in emu.visible_to(user)
        if (m.ephemeral_to == user or m.guild_id is None)
        and any(ACTION.match(c) or GROUP.match(c) for c in m.custom_ids)
    ]
    return max(found, key=lambda m: m.id) if found else None


async def choose(emu: Emulator, user: int, message: MessageRecord, rng: random.Random) -> MessageRecord:
    """One choice, as a player would: often end the phase or pass; else pick a model from the menu,
    then one of its actions; or a button or menu option of the message."""
    components = message.walk_components()
    groups = [c for c in components if GROUP.match(c.get("custom_id", ""))]
    buttons = [
        c
        for c in components
        if (ACTION.match(c.get("custom_id", "")) or PREVIEW.match(c.get("custom_id", "")))
        and c.get("type") == 2
    ]
    selects = [c for c in components if c.get("custom_id", "").startswith("tb:s:")]
    enders = [
        b
        for b in buttons
        if b.get("label") in ("End the action phase", "Terminar la fase de acción", "Pass", "Pasar")
    ]
    if enders and rng.random() < 0.35:
        return (await run(await emu.click(user, message.id, enders[0]["custom_id"])))[-1]
    if groups:
        menu = groups[0]
        option = rng.choice(menu["options"])
        [panel] = await run(await emu.select(user, message.id, menu["custom_id"], [option["value"]]))
        labels = [c.get("label", "") for c in panel.walk_components()] + [
            o["label"] for c in panel.walk_components() for o in c.get("options", [])
        ]
        # every action of a model's menu is priced (SHB-4.3): "… · 1 AP" / "… · 2 CP" ("PA"/"PM" in Spanish)
        assert any(re.search(r" · \d+ (AP|CP|PA|PM)$", label) for label in labels), labels
        return await choose(emu, user, panel, rng)
    if selects and (not buttons or rng.random() < 0.7):
        menu = rng.choice(selects)
        option = rng.choice(menu["options"])
        picked = (await run(await emu.select(user, message.id, menu["custom_id"], [option["value"]])))[-1]
        return await confirm(emu, user, picked)
    return await confirm(
        emu, user, (await run(await emu.click(user, message.id, rng.choice(buttons)["custom_id"])))[-1]
    )


async def confirm(emu: Emulator, user: int, panel: MessageRecord) -> MessageRecord:
    """A previewed move (issue 26 item 5: a Marine's move or turn shown before it is spent) confirmed."""
    found = [
        c
        for c in panel.walk_components()
        if ACTION.match(c.get("custom_id", "")) and c.get("label") in CONFIRM and c.get("type") == 2
    ]
    if not found:
        return panel
    return (await run(await emu.click(user, panel.id, found[0]["custom_id"])))[-1]


async def play(
    emu: Emulator, bot: TableroBot, players: list[int], thread: int, table: int, rng: random.Random
) -> int:
    """Play the table to its end; returns the number of accepted choices."""
    made = 0
    seen = dict.fromkeys(players, 0)
    for _ in range(2000):
        await bot.delivery.wait_idle()
        status = status_message(emu, thread, table)
        if status is None or f"tb:hand:{table}" not in status.custom_ids:
            return made
        progressed = False
        for user in players:
            prompt = prompt_of(emu, user)
            if prompt is None or prompt.id <= seen[user]:
                continue
            seen[user] = prompt.id
            reply = await choose(emu, user, prompt, rng)
            made += "✅" in reply.content
            progressed = True
        if not progressed:
            for user in players:
                status = status_message(emu, thread, table)
                if status is not None and f"tb:hand:{table}" in status.custom_ids:
                    await my_hand(emu, user, thread, table)
    raise AssertionError(f"table {table} did not end")
