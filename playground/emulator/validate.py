"""Discord's documented limits for messages, components, modals and autocomplete choices (400 50035)."""

from __future__ import annotations

from typing import Any

from .http import form_error
from .records import (
    ACTION_ROW,
    BUTTON,
    COMPONENTS_V2,
    EPHEMERAL,
    LABEL,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    SELECT_TYPES,
    STRING_SELECT,
    TEXT_INPUT,
)

LINK_STYLE, PREMIUM_STYLE = 5, 6
FILE_UPLOAD = 19
NONCE_MAX = 25  # Discord: "nonce ... (up to 25 characters)"
ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)  # Discord: minutes of inactivity before a thread archives
ANNOUNCEMENT_CHANNEL, ANNOUNCEMENT_THREAD = 5, 10


def _max_len(value: Any, limit: int, path: str, *, required: bool = False) -> None:
    if value is None:
        if required:
            raise form_error(path, "This field is required", "BASE_TYPE_REQUIRED")
        return
    if not isinstance(value, str):
        raise form_error(path, "Must be a string.", "BASE_TYPE_STRING")
    if required and not value:
        raise form_error(path, "This field is required", "BASE_TYPE_REQUIRED")
    if len(value) > limit:
        raise form_error(path, f"Must be {limit} or fewer in length.", "BASE_TYPE_MAX_LENGTH")


def message(payload: dict[str, Any], prefix: str = "") -> None:
    """Content, embed and component limits of a message create/edit body; its nonce and allowed_mentions."""
    _max_len(payload.get("content"), 2000, f"{prefix}content")
    nonce = payload.get("nonce")
    if nonce is not None and len(str(nonce)) > NONCE_MAX:
        raise form_error(f"{prefix}nonce", f"Must be {NONCE_MAX} or fewer in length.", "BASE_TYPE_MAX_LENGTH")
    allowed_mentions(payload.get("allowed_mentions"), f"{prefix}allowed_mentions")
    embeds = payload.get("embeds") or []
    if len(embeds) > 10:
        raise form_error(f"{prefix}embeds", "Must be 10 or fewer in length.", "BASE_TYPE_MAX_LENGTH")
    total = 0
    for i, embed in enumerate(embeds):
        total += _embed(embed, f"{prefix}embeds.{i}")
    if total > 6000:
        raise form_error(
            f"{prefix}embeds", "Embed size exceeds maximum size of 6000", "MAX_EMBED_SIZE_EXCEEDED"
        )
    components = payload.get("components")
    if components:
        if int(payload.get("flags") or 0) & COMPONENTS_V2:
            _custom_ids(components, f"{prefix}components", limit=40)
        else:
            _rows(components, f"{prefix}components")


def _embed(embed: dict[str, Any], path: str) -> int:
    """Check one embed; returns its character count toward the 6000 total."""
    _max_len(embed.get("title"), 256, f"{path}.title")
    _max_len(embed.get("description"), 4096, f"{path}.description")
    fields = embed.get("fields") or []
    if len(fields) > 25:
        raise form_error(f"{path}.fields", "Must be 25 or fewer in length.", "BASE_TYPE_MAX_LENGTH")
    count = len(embed.get("title") or "") + len(embed.get("description") or "")
    for i, item in enumerate(fields):
        _max_len(item.get("name"), 256, f"{path}.fields.{i}.name", required=True)
        _max_len(item.get("value"), 1024, f"{path}.fields.{i}.value", required=True)
        count += len(item["name"]) + len(item["value"])
    footer, author = embed.get("footer") or {}, embed.get("author") or {}
    _max_len(footer.get("text"), 2048, f"{path}.footer.text")
    _max_len(author.get("name"), 256, f"{path}.author.name")
    return count + len(footer.get("text") or "") + len(author.get("name") or "")


def _rows(rows: list[dict[str, Any]], path: str) -> None:
    if len(rows) > 5:
        raise form_error(path, "Must be 5 or fewer in length.", "BASE_TYPE_MAX_LENGTH")
    for r, row in enumerate(rows):
        here = f"{path}.{r}"
        if row.get("type") != ACTION_ROW:
            raise form_error(
                f"{here}.type", "Top-level components must be action rows.", "COMPONENT_LAYOUT_INVALID"
            )
        children = row.get("components") or []
        if not 1 <= len(children) <= 5:
            raise form_error(
                f"{here}.components", "Must be between 1 and 5 in length.", "BASE_TYPE_BAD_LENGTH"
            )
        selects = [c for c in children if c.get("type") in SELECT_TYPES]
        if selects and len(children) > 1:
            raise form_error(
                f"{here}.components",
                "A select menu must be alone in its row.",
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
            )
        for c, child in enumerate(children):
            _component(child, f"{here}.components.{c}")
    _custom_ids(rows, path, limit=25)


def _component(item: dict[str, Any], path: str) -> None:
    kind = item.get("type")
    if kind == BUTTON:
        style = item.get("style")
        if style not in range(1, 7):
            raise form_error(f"{path}.style", "Value must be one of {1, 2, 3, 4, 5, 6}.", "BASE_TYPE_CHOICES")
        _max_len(item.get("label"), 80, f"{path}.label")
        if style == LINK_STYLE:
            if not item.get("url") or item.get("custom_id"):
                raise form_error(
                    path, "Link buttons need a url and no custom_id.", "BUTTON_COMPONENT_INVALID_URL"
                )
        elif style != PREMIUM_STYLE:
            _max_len(item.get("custom_id"), 100, f"{path}.custom_id", required=True)
    elif kind in SELECT_TYPES:
        _max_len(item.get("custom_id"), 100, f"{path}.custom_id", required=True)
        _max_len(item.get("placeholder"), 150, f"{path}.placeholder")
        low, high = item.get("min_values", 1), item.get("max_values", 1)
        if not (0 <= low <= 25 and 1 <= high <= 25 and low <= high):
            raise form_error(f"{path}.max_values", "min_values/max_values out of range.", "BASE_TYPE_BAD_INT")
        if kind == STRING_SELECT:
            options = item.get("options") or []
            if not 1 <= len(options) <= 25:
                raise form_error(
                    f"{path}.options", "Must be between 1 and 25 in length.", "BASE_TYPE_BAD_LENGTH"
                )
            if high > len(options):
                raise form_error(
                    f"{path}.max_values", "max_values exceeds the number of options.", "BASE_TYPE_BAD_INT"
                )
            for o, option in enumerate(options):
                _max_len(option.get("label"), 100, f"{path}.options.{o}.label", required=True)
                _max_len(option.get("value"), 100, f"{path}.options.{o}.value", required=True)
                _max_len(option.get("description"), 100, f"{path}.options.{o}.description")
    else:
        raise form_error(
            f"{path}.type",
            f"Component type {kind} is not allowed in an action row.",
            "COMPONENT_TYPE_INVALID",
        )


def _custom_ids(items: list[dict[str, Any]], path: str, *, limit: int) -> None:
    seen: set[str] = set()
    count = 0

    def walk(nodes: list[dict[str, Any]]) -> None:
        nonlocal count
        for node in nodes:
            count += 1
            custom_id = node.get("custom_id")
            if custom_id is not None:
                _max_len(custom_id, 100, f"{path}.custom_id")
                if custom_id in seen:
                    raise form_error(
                        path,
                        f"Component custom id cannot be duplicated ({custom_id})",
                        "COMPONENT_CUSTOM_ID_DUPLICATED",
                    )
                seen.add(custom_id)
            walk(node.get("components") or [])
            for key in ("component", "accessory"):
                if key in node:
                    walk([node[key]])

    walk(items)
    if count > limit * 6:
        raise form_error(path, "Too many components.", "BASE_TYPE_MAX_LENGTH")


def modal(data: dict[str, Any]) -> None:
    """A type-9 callback's modal: custom_id, title, 1-5 text inputs (rows or labels)."""
    _max_len(data.get("custom_id"), 100, "data.custom_id", required=True)
    _max_len(data.get("title"), 45, "data.title", required=True)
    rows = data.get("components") or []
    if not 1 <= len(rows) <= 5:
        raise form_error("data.components", "Must be between 1 and 5 in length.", "BASE_TYPE_BAD_LENGTH")
    for r, row in enumerate(rows):
        path = f"data.components.{r}"
        if row.get("type") == ACTION_ROW:
            inner = row.get("components") or []
            if len(inner) != 1 or inner[0].get("type") != TEXT_INPUT:
                raise form_error(
                    path, "A modal row holds exactly one text input.", "COMPONENT_LAYOUT_INVALID"
                )
            _max_len(inner[0].get("label"), 45, f"{path}.components.0.label", required=True)
            _text_input(inner[0], f"{path}.components.0")
        elif row.get("type") == LABEL:
            # the label component (type 18): its text, an optional description, one input under it
            _max_len(row.get("label"), 45, f"{path}.label", required=True)
            _max_len(row.get("description"), 100, f"{path}.description")
            child = row.get("component")
            if not isinstance(child, dict):
                raise form_error(f"{path}.component", "This field is required", "BASE_TYPE_REQUIRED")
            if child.get("type") == TEXT_INPUT:
                _text_input(child, f"{path}.component")
            elif child.get("type") not in (*SELECT_TYPES, FILE_UPLOAD):
                raise form_error(
                    f"{path}.component.type",
                    f"Component type {child.get('type')} is not allowed in a label.",
                    "COMPONENT_TYPE_INVALID",
                )
        else:
            raise form_error(
                f"{path}.type", "Modal components must be action rows or labels.", "COMPONENT_TYPE_INVALID"
            )
    _custom_ids(rows, "data.components", limit=5)


def _text_input(item: dict[str, Any], path: str) -> None:
    _max_len(item.get("custom_id"), 100, f"{path}.custom_id", required=True)
    _max_len(item.get("value"), 4000, f"{path}.value")
    _max_len(item.get("placeholder"), 100, f"{path}.placeholder")
    if item.get("style") not in (1, 2):
        raise form_error(f"{path}.style", "Value must be one of {1, 2}.", "BASE_TYPE_CHOICES")


def choices(data: dict[str, Any]) -> None:
    """An autocomplete result: at most 25 choices, names 1-100 characters, string values <= 100."""
    items = data.get("choices")
    if items is None:
        raise form_error("data.choices", "This field is required", "BASE_TYPE_REQUIRED")
    if len(items) > 25:
        raise form_error("data.choices", "Must be 25 or fewer in length.", "BASE_TYPE_MAX_LENGTH")
    for i, choice in enumerate(items):
        _max_len(choice.get("name"), 100, f"data.choices.{i}.name", required=True)
        if isinstance(choice.get("value"), str):
            _max_len(choice["value"], 100, f"data.choices.{i}.value")


def allowed_mentions(data: Any, path: str) -> None:
    """Discord: `parse` is mutually exclusive with the explicit lists; parse ["users"] with a non-empty
    `users` list (or "roles" with `roles`) is a 400 (an empty list or null is accepted)."""
    if not isinstance(data, dict):
        return
    for kind in ("users", "roles"):
        if kind in (data.get("parse") or []) and data.get(kind):
            raise form_error(
                path,
                f'parse:["{kind}"] and {kind}: [ids...] are mutually exclusive.',
                "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
            )


def archive_duration(body: dict[str, Any]) -> int | None:
    """A thread's auto_archive_duration: one of 60, 1440, 4320, 10080 minutes (None when absent)."""
    value = body.get("auto_archive_duration")
    if value is None:
        return None
    if value not in ARCHIVE_DURATIONS:
        raise form_error(
            "auto_archive_duration",
            f"Value must be one of {{{', '.join(map(str, ARCHIVE_DURATIONS))}}}.",
            "BASE_TYPE_CHOICES",
        )
    return int(value)


def thread_type(body: dict[str, Any], parent_type: int, default: int = PRIVATE_THREAD) -> int:
    """The type of a thread started without a message: 11 (public) or 12 (private) in a text channel
    (10, an announcement thread, only in an announcement channel); Discord's API v9+ default is 12."""
    value = body.get("type")
    if value is None:
        return default
    allowed = (ANNOUNCEMENT_THREAD, PUBLIC_THREAD, PRIVATE_THREAD)
    if value not in allowed:
        raise form_error("type", "Value must be one of {10, 11, 12}.", "BASE_TYPE_CHOICES")
    if value == ANNOUNCEMENT_THREAD and parent_type != ANNOUNCEMENT_CHANNEL:
        raise form_error(
            "type", "Announcement threads can only be created in announcement channels.", "BASE_TYPE_CHOICES"
        )
    return int(value)


def deferred_flags(data: dict[str, Any]) -> bool:
    """A type-5 (deferred message) callback: only the EPHEMERAL flag (64) may be set; True if ephemeral.
    (The envelope is Discord's 400 50035; the inner error code is this emulator's wording.)"""
    flags = int(data.get("flags") or 0)
    if flags & ~EPHEMERAL:
        raise form_error(
            "data.flags",
            f"Only the EPHEMERAL flag ({EPHEMERAL}) can be set on a deferred response, not {flags}.",
            "MESSAGE_FLAGS_INVALID",
        )
    return bool(flags & EPHEMERAL)
