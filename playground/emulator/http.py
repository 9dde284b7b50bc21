"""REST plumbing: routing, request parsing (JSON and multipart), recording, scripted failures, rate limits."""

from __future__ import annotations

import contextlib
import hashlib
import ipaddress
import json
import logging
import math
import mimetypes
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .records import AttachmentRecord, FailRule, RequestRecord

if TYPE_CHECKING:
    from .server import Emulator

log = logging.getLogger("playground.emulator")
API_PREFIX = "/api/v10"
ERROR_MESSAGES = {
    10003: "Unknown Channel",
    10008: "Unknown Message",
    10013: "Unknown User",
    10015: "Unknown Webhook",
    10062: "Unknown interaction",
    40060: "Interaction has already been acknowledged.",
    50001: "Missing Access",
    50005: "Cannot edit a message authored by another user",
    50006: "Cannot send an empty message",
    50007: "Cannot send messages to this user",
    50013: "Missing Permissions",
    50027: "Invalid Webhook Token",
    50083: "Thread is archived",
}


LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})


def host_allowed(header: str, bound: str, port: int | None) -> bool:
    """Whether a Host header names the address the server is bound to (as the playground page
    checks it, playground/web.py): under DNS rebinding a web page reaches 127.0.0.1 under its own
    host name, which is refused; an IP literal cannot be rebound."""
    if header.startswith("["):  # [::1]:port
        name, _, rest = header[1:].partition("]")
        given = rest.removeprefix(":")
    else:
        name, sep, given = header.rpartition(":")
        if not sep:
            name, given = header, ""
    if not name or (given and given != str(port)):
        return False
    if bound in ("0.0.0.0", "::"):
        if name in LOOPBACK:
            return True
        with contextlib.suppress(ValueError):
            ipaddress.ip_address(name)
            return True
        return False
    if bound in LOOPBACK:
        return name in LOOPBACK
    return name == bound


def guard(bound: Callable[[], tuple[str, int | None]]) -> Callable[..., Awaitable[web.StreamResponse]]:
    """Middleware for every route of the emulator's port (REST, gateway, attachments): a Host that
    is not the bound address gets 421, and a browser's Origin naming another site gets 403. The bot
    (aiohttp) sends neither a foreign Host nor an Origin; a browser always sends Origin across sites
    and on websockets."""

    @web.middleware
    async def middleware(request: web.Request, handler: Callable[..., Any]) -> web.StreamResponse:
        host, port = bound()
        header = request.headers.get("Host", "")
        if not host_allowed(header, host, port):
            return web.Response(status=421, text="This emulator only answers at its own address.\n")
        origin = request.headers.get("Origin")
        if origin is not None and origin.split("//", 1)[-1] != header:
            return web.json_response({"message": "cross-origin request refused", "code": 0}, status=403)
        response: web.StreamResponse = await handler(request)
        return response

    return middleware


class ApiError(Exception):
    """An error answer: Discord's {"code", "message"[, "errors"]} body with a status."""

    def __init__(
        self,
        status: int,
        code: int,
        message: str | None = None,
        *,
        errors: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
        extra: dict[str, Any] | None = None,
    ) -> None:
        self.status, self.code = status, code
        self.message = message or ERROR_MESSAGES.get(code, f"{status}: error")
        self.errors, self.headers, self.extra = errors, headers or {}, extra or {}
        super().__init__(f"{status} {code} {self.message}")

    def body(self) -> dict[str, Any]:
        """The JSON body Discord would send."""
        data: dict[str, Any] = {"message": self.message, "code": self.code, **self.extra}
        if self.errors is not None:
            data["errors"] = self.errors
        return data


def form_error(path: str, message: str, kind: str = "BASE_TYPE_INVALID") -> ApiError:
    """A 400 "Invalid Form Body" (50035) pointing at a dotted field path like data.components.0.custom_id."""
    errors: dict[str, Any] = {"_errors": [{"code": kind, "message": message}]}
    for part in reversed(path.split(".")):
        errors = {part: errors}
    return ApiError(400, 50035, "Invalid Form Body", errors=errors)


@dataclass
class Call:
    """A parsed request as route handlers see it."""

    method: str
    path: str
    params: dict[str, str]
    query: dict[str, str]
    json: Any
    files: dict[int, AttachmentRecord]
    record: RequestRecord

    def int(self, name: str) -> int:
        """A numeric path parameter (404 Unknown ... if it is not a snowflake)."""
        try:
            return int(self.params[name])
        except ValueError:
            raise ApiError(404, 0, f"404: Not Found ({name} is not a snowflake)") from None


Handler = Callable[[Call], Awaitable[Any]]


@dataclass
class Route:
    """One REST route: METHOD + template like /channels/{channel_id}/messages."""

    method: str
    template: str
    handler: Handler
    auth: bool
    regex: re.Pattern[str] = field(init=False)

    def __post_init__(self) -> None:
        pattern = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(self.template))
        self.regex = re.compile(f"^{pattern}$")


def glob_regex(pattern: str) -> re.Pattern[str]:
    """Path glob: `*` matches one path segment (no '/'), `**` matches anything."""
    escaped = re.escape(pattern).replace(r"\*\*", ".*").replace(r"\*", "[^/]*")
    return re.compile(f"^{escaped}$")


@dataclass
class Bucket:
    """A fixed-window rate-limit bucket."""

    limit: int
    window: float
    started: float = 0.0
    used: int = 0


class RateLimits:
    """Per-route buckets keyed by route + major parameters, reported in X-RateLimit-* headers."""

    def __init__(self, limit: int = 50, window: float = 1.0) -> None:
        self.default = (limit, window)
        self.rules: list[tuple[str, re.Pattern[str], int, float]] = []
        self.buckets: dict[str, Bucket] = {}

    def set(self, method: str, pattern: str, limit: int, window: float) -> None:
        """Use a stricter limit for matching requests (e.g. 5 per 5 s for channel sends)."""
        self.rules.insert(0, (method.upper(), glob_regex(pattern), limit, window))

    def take(self, route: Route, call: Call) -> dict[str, str]:
        """Count a request; returns the headers, or raises a 429 (with Via) when over the limit."""
        limit, window = self.default
        for method, regex, rule_limit, rule_window in self.rules:
            if method in ("*", call.method) and regex.match(call.path):
                limit, window = rule_limit, rule_window
                break
        keys = ("channel_id", "guild_id", "webhook_id", "interaction_id", "token")
        major = "+".join(call.params.get(k, "") for k in keys)
        bucket_id = hashlib.md5(f"{route.method} {route.template}".encode()).hexdigest()[:16]
        key = f"{bucket_id}:{major}"
        now = time.monotonic()
        bucket = self.buckets.setdefault(key, Bucket(limit, window, now))
        bucket.limit, bucket.window = limit, window
        if now - bucket.started >= bucket.window:
            bucket.started, bucket.used = now, 0
        reset_after = max(bucket.window - (now - bucket.started), 0.001)
        bucket.used += 1
        headers = {
            "X-RateLimit-Limit": str(bucket.limit),
            "X-RateLimit-Remaining": str(max(bucket.limit - bucket.used, 0)),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": bucket_id,
        }
        if bucket.used > bucket.limit:
            raise too_many(reset_after, via=True, headers=headers | {"X-RateLimit-Scope": "user"})
        return headers


def too_many(retry_after: float, *, via: bool, headers: dict[str, str] | None = None) -> ApiError:
    """A 429 as Discord sends it; without Via discord.py treats it as a Cloudflare ban and raises."""
    out = dict(headers or {})
    out.setdefault("X-RateLimit-Limit", "1")
    out["X-RateLimit-Remaining"] = "0"
    out["X-RateLimit-Reset-After"] = f"{retry_after:.3f}"
    out["X-RateLimit-Reset"] = f"{time.time() + retry_after:.3f}"
    out.setdefault("X-RateLimit-Scope", "user")
    out["Retry-After"] = str(max(1, math.ceil(retry_after)))
    if via:
        out["Via"] = "1.1 google"
    return ApiError(
        429,
        0,
        "You are being rate limited.",
        headers=out,
        extra={"retry_after": retry_after, "global": False},
    )


def json_response(data: Any, *, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """JSON with Discord's exact content type (discord.py only parses "application/json", no charset)."""
    out = dict(headers or {})
    out["Content-Type"] = "application/json"
    return web.Response(body=json.dumps(data).encode(), status=status, headers=out)


class Api:
    """The /api/v10 dispatcher: record, authenticate, inject failures, rate-limit, route, answer."""

    def __init__(self, emu: Emulator) -> None:
        self.emu = emu
        self.routes: list[Route] = []
        self.fail_rules: list[FailRule] = []
        self.rate_limits = RateLimits()

    def add(self, method: str, template: str, handler: Handler, *, auth: bool = True) -> None:
        """Register a route."""
        self.routes.append(Route(method, template, handler, auth))

    async def handle(self, request: web.Request) -> web.StreamResponse:
        """aiohttp entry point for everything under /api/v10."""
        path = request.path[len(API_PREFIX) :] or "/"
        body, files = await self._read_body(request)
        record = RequestRecord(
            request.method,
            path,
            dict(request.query),
            body,
            list(files.values()),
            dict(request.headers),
            self.emu.clock.now(),
        )
        if self.emu.history:
            self.emu.requests.append(record)
        call = Call(request.method, path, {}, dict(request.query), body, files, record)
        headers: dict[str, str] = {}
        try:
            route = self._match(call)
            record.route = f"{route.method} {route.template}"
            if route.auth and request.headers.get("Authorization") != f"Bot {self.emu.token}":
                raise ApiError(401, 0, "401: Unauthorized")
            self._scripted_failure(call)
            headers = self.rate_limits.take(route, call)
            result = await route.handler(call)
        except ApiError as exc:
            record.status, record.code = exc.status, exc.code
            self.emu.interactions_api.note_failure(call, exc)
            self.emu.notify()
            return json_response(exc.body(), status=exc.status, headers=headers | exc.headers)
        except Exception as exc:  # an emulator bug: fail fast (a 500 would make discord.py retry for ~25 s)
            log.exception("emulator error on %s %s", call.method, call.path)
            self.emu.internal_errors.append(exc)
            record.status = 400
            self.emu.notify()
            return json_response({"message": f"emulator internal error: {exc!r}", "code": 0}, status=400)
        record.status = 204 if result is None else 200
        self.emu.notify()
        if result is None:
            return web.Response(status=204, headers=headers)
        return json_response(result, headers=headers)

    def _match(self, call: Call) -> Route:
        allowed = False
        for route in self.routes:
            found = route.regex.match(call.path)
            if found is None:
                continue
            allowed = True
            if route.method == call.method:
                call.params = found.groupdict()
                return route
        call.record.unknown = True
        if allowed:
            raise ApiError(405, 0, f"405: Method Not Allowed (emulator has no {call.method} {call.path})")
        raise ApiError(404, 0, f"404: Not Found (the emulator has no route for {call.method} {call.path})")

    def _scripted_failure(self, call: Call) -> None:
        for rule in self.fail_rules:
            if rule.method not in ("*", call.method) or not glob_regex(rule.pattern).match(call.path):
                continue
            rule.count -= 1
            if rule.count <= 0:
                self.fail_rules.remove(rule)
            if rule.status == 429:
                raise too_many(rule.retry_after, via=rule.via)
            raise ApiError(rule.status, rule.code, rule.message)

    async def _read_body(self, request: web.Request) -> tuple[Any, dict[int, AttachmentRecord]]:
        files: dict[int, AttachmentRecord] = {}
        if request.content_type.startswith("multipart/"):
            body: Any = None
            parts = _split_multipart(request.headers.get("Content-Type", ""), await request.read())
            if parts is None:  # not the plain form-data discord.py sends: aiohttp's reader decides
                parts = []
                reader = await request.multipart()
                while (part := await reader.next()) is not None:
                    data = await part.read()  # type: ignore[union-attr]
                    parts.append((part.name or "", part.filename, bytes(data)))  # type: ignore[union-attr]
            for name, part_filename, data in parts:
                if name == "payload_json":
                    body = json.loads(data)
                elif (found := re.fullmatch(r"files\[(\d+)\]", name)) is not None:
                    # no default name: Discord needs one (from the part or its attachments entry)
                    filename = part_filename or ""
                    ctype = mimetypes.guess_type(filename)[0] or "application/octet-stream"
                    files[int(found.group(1))] = AttachmentRecord(filename, data, content_type=ctype)
            return body, files
        raw = await request.read()
        if not raw:
            return None, files
        try:
            return json.loads(raw), files
        except ValueError:
            return raw.decode(errors="replace"), files


_BOUNDARY = re.compile(r'boundary=(?:"([^"]+)"|([^;\s]+))', re.IGNORECASE)
_DISPOSITION_PARAM = re.compile(r';\s*(name|filename)="([^"\\]*)"')
_PLAIN_DISPOSITION = re.compile(r'form-data(?:;\s*(?:name|filename)="[^"\\]*")*\s*', re.IGNORECASE)


def _split_multipart(content_type: str, raw: bytes) -> list[tuple[str, str | None, bytes]] | None:
    """The (name, filename, bytes) of each part of a multipart/form-data body whose parts carry only
    `form-data; name="..."; filename="..."` (what discord.py sends), else None (the caller reads it
    with aiohttp's reader). The same parts as that reader gives, without its per-part header parsing:
    aiohttp's `parse_content_disposition` escapes 128 characters through `re.escape` on every call,
    about half a millisecond a part, and on the emulator's event loop that delayed every other
    request and gateway frame while a bot uploaded its images (issue 9 item 7's benchmark: the
    emulator stands in for Discord, whose parsing is no bot's latency)."""
    found = _BOUNDARY.search(content_type)
    if found is None:
        return None
    delimiter = b"\r\n--" + (found.group(1) or found.group(2)).encode("latin-1")
    chunks = (b"\r\n" + raw).split(delimiter)
    if len(chunks) < 2 or not chunks[-1].startswith(b"--"):
        return None  # no closing delimiter: let aiohttp's reader judge it
    parts: list[tuple[str, str | None, bytes]] = []
    for chunk in chunks[1:-1]:
        head, sep, data = chunk.partition(b"\r\n\r\n")
        if not sep or not head.startswith(b"\r\n"):
            return None
        disposition = None
        for line in head[2:].split(b"\r\n"):
            key, colon, value = line.partition(b":")
            if not colon:
                return None
            if key.strip().lower() == b"content-disposition":
                try:
                    disposition = value.strip().decode("utf-8")
                except UnicodeDecodeError:
                    return None  # aiohttp's reader decides what such a header means
        if disposition is None or not _PLAIN_DISPOSITION.fullmatch(disposition):
            return None
        params = dict(_DISPOSITION_PARAM.findall(disposition))
        parts.append((params.get("name", ""), params.get("filename"), data))
    return parts
