"""Driving the playground's page in a real headless Chromium (Playwright for Python, Debian's browser).

Why Playwright: its async API runs in the test's own event loop, beside the emulator and the bot, so a
test can wait on the bot's delivery worker and on the page in one place with no threads; it waits for
elements by itself (no sleeps); and `executable_path` drives the system's Chromium, so no browser is
downloaded. Selenium would need Debian's chromium-driver (a second package pinned to the browser's
version) and a blocking API run in a thread beside the loop.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from playground.emulator import Emulator, MessageRecord

LAUNCH_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
INSTALL_HINT = "install Debian's chromium package (apt-get install chromium)"
TIMEOUT_MS = 15_000


def chromium() -> str | None:
    """The browser to drive: TABLERO_CHROMIUM, else the first Chromium on PATH."""
    named = os.environ.get("TABLERO_CHROMIUM")
    if named:
        return named if Path(named).exists() else None
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


def require_browser() -> str:
    """The browser's path, or skip the test with the reason and the package to install."""
    try:
        import playwright.async_api  # noqa: F401
    except ImportError:
        pytest.skip("Playwright is not installed: pip install -e '.[test]' (package playwright)")
    path = chromium()
    if path is None:
        pytest.skip(f"no Chromium found for the browser tests: {INSTALL_HINT}")
    return path


@dataclass
class Pane:
    """One user's pane of the page: their Discord client."""

    page: Any
    emu: Emulator
    name: str
    user: int
    seen: dict[int, int] = field(default_factory=dict)
    lang: str = "en"
    """The language this user reads (the page's language menu): the labels a test looks for."""

    @property
    def root(self) -> Any:
        return self.page.locator(f'.pane[data-user="{self.name}"]')

    def msg(self, message_id: int) -> Any:
        return self.root.locator(f'.msg[data-id="{message_id}"]')

    async def open(self, channel_id: int) -> None:
        """Show a channel, thread or the DM (a click in the sidebar) and wait until it is up to date."""
        button = self.root.locator(f'.channel[data-channel="{channel_id}"]')
        if "active" not in (await button.get_attribute("class") or ""):
            await button.click()
        await self.synced(channel_id)

    async def synced(self, channel_id: int) -> None:
        """Until the page shows the newest message this user can see in the channel, at its latest edit."""
        visible = [m for m in self.emu.messages(channel_id, include_ephemeral=True) if self._sees(m)]
        if visible:
            newest = visible[-1]
            await self.root.locator(f'.msg[data-id="{newest.id}"][data-rev="{newest.edits}"]').wait_for(
                timeout=TIMEOUT_MS
            )

    def _sees(self, message: MessageRecord) -> bool:
        return self.emu.store.can_see(self.user, message)

    async def slash(self, command: str, fields: dict[str, Any]) -> dict[str, Any]:
        """Type "/", pick the command, fill its options like a user, press Send; the server's answer.

        fields: name -> ("suggest", typed, value) picks an autocomplete suggestion, ("select", value)
        picks an option of a menu, a plain string is typed.
        """
        box = self.root.locator(".command-input")
        await box.click()
        await box.fill("/" + command.split()[0])
        await self.root.locator(f'.command-item[data-command="{command}"]').click()
        for name, spec in fields.items():
            field_ = self.root.locator(f'.command-form [name="{name}"]')
            if isinstance(spec, tuple) and spec[0] == "suggest":
                await field_.click()
                await field_.fill(spec[1])
                await self.root.locator(f".suggestion[data-value='{json.dumps(spec[2])}']").click()
            elif isinstance(spec, tuple) and spec[0] == "select":
                await field_.select_option(value=str(spec[1]))
            else:
                await field_.fill(str(spec))
        async with self.page.expect_response("**/api/slash") as answer:
            await self.root.locator(".command-form .send").click()
        return await self._finished(answer)

    async def _finished(self, answer: Any) -> dict[str, Any]:
        """The page's answer, once the bot has also finished with the interaction (its final message)."""
        data = await (await answer.value).json()
        if data.get("ok") and data.get("callback") != 9:
            record = self.emu.interactions_api.records[int(data["interaction"])]
            await record.wait_done(TIMEOUT_MS / 1000)
        return data

    def button(self, message_id: int, custom_id: str) -> Any:
        """A message's button by its custom_id (quoted for CSS: an action's JSON id holds quotes)."""
        return self.msg(message_id).locator(f"button[data-custom-id={json.dumps(custom_id)}]")

    async def click(self, message_id: int, custom_id: str) -> dict[str, Any]:
        """Press a button of a message."""
        button = self.button(message_id, custom_id)
        async with self.page.expect_response("**/api/click") as answer:
            await button.click()
        return await self._finished(answer)

    async def select(self, message_id: int, custom_id: str, value: str) -> dict[str, Any]:
        """Pick one option of a select menu."""
        menu = self.msg(message_id).locator(f"select[data-custom-id={json.dumps(custom_id)}]")
        async with self.page.expect_response("**/api/select") as answer:
            await menu.select_option(value=value)
        return await self._finished(answer)

    async def fill_modal(self, values: dict[str, str], title: str) -> dict[str, Any]:
        """Fill in the dialog titled `title` as a user reads it (each field found by its visible label)
        and submit it."""
        dialog = self.root.locator("dialog.modal[open]")
        await dialog.locator(".modal-title", has_text=title).wait_for(timeout=TIMEOUT_MS)
        for label, value in values.items():
            await dialog.get_by_label(label, exact=True).fill(value)
        folder = os.environ.get("TABLERO_SCREENSHOTS")
        if folder:  # to look at the page while changing it
            await self.page.screenshot(path=str(Path(folder) / f"modal-{self.name}.png"))
        async with self.page.expect_response("**/api/modal") as answer:
            await dialog.get_by_role("button", name="Submit").click()
        return await self._finished(answer)


async def launch(path: str) -> AsyncIterator[Any]:
    """A fresh headless Chromium with its own profile directory; closed afterwards."""
    import tempfile

    from playwright.async_api import async_playwright

    with tempfile.TemporaryDirectory(prefix="tablero-chromium-") as profile:
        async with async_playwright() as pw:
            context = await pw.chromium.launch_persistent_context(
                profile,
                executable_path=path,
                headless=True,
                args=LAUNCH_ARGS,
                viewport={"width": 1500, "height": 950},
            )
            context.set_default_timeout(TIMEOUT_MS)
            try:
                yield context
            finally:
                await context.close()
