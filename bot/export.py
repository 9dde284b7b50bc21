"""After the game: a table's log as a JSON document, the seed's commitment, and the offline checks
(`tablero replay`, `tablero verify`, `/game verify`). The schema is in docs/export.md.

Provable fairness. Every table has a secret seed (its dice) and a secret salt, both drawn when the
table is created. Its first public post (the status message that opens its thread, and the opening
turn post) shows `commitment(table id, seed, salt)`; the final public post reveals the seed and
the salt. Anyone can then check that the seed is the one committed to, and re-decide every
recorded action with it: the same seed, version and action give the same events
(`engine.core.dice`), so a roll, a shuffle or a draw that was not the dice's shows as the first
event that differs. Until the end neither the seed nor the salt reaches a message, an image, a
log line or an export (tests/bot/test_aftergame.py scans for both).

Game-agnostic: only the engine's surface (`setup`, `decide`, `evolve`, `outcome`, the events'
`redacted_for`) is used.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from engine.core import Dice, Event, Rejected, Rewound, Rules, Seat, apply, fold

from .games import UnknownGame, rules_for
from .i18n import t
from .store import ActionRecord, EventRecord, TableRecord

FORMAT = "tablero-export/1"
"""The export's `format` field: this schema's name and version (docs/export.md)."""

COMMITMENT_SCHEME = "sha256:tablero-seed/1"


class _Part(BaseModel):
    """A part of the export: exactly these fields (a new field is a new `format`)."""

    model_config = ConfigDict(extra="forbid")


class ExportTable(_Part):
    id: int
    number: int
    game: str
    guild_id: int | None
    status: str
    seats: dict[str, int | str | None]
    options: dict[str, Any]
    lang: str
    created_at: float
    version: int
    outcome: dict[str, Any] | None
    series_of: int | None
    rematch_of: int | None


class Fairness(_Part):
    scheme: str
    commitment: str | None
    seed: int | None
    salt: str | None


class ExportEvent(_Part):
    seq: int
    kind: str
    actor: str | None
    at: float
    data: dict[str, Any]


class ExportAction(_Part):
    version: int
    seat: str
    by: int | str | None
    events: int
    at: float
    action: dict[str, Any]


class Final(_Part):
    version: int
    outcome: dict[str, Any] | None
    state_sha256: str


class Export(_Part):
    """The export's schema (docs/export.md); `format` names it and its version."""

    format: Literal["tablero-export/1"]
    tablero: str
    table: ExportTable
    redacted_for: str | None
    fairness: Fairness
    events: list[ExportEvent]
    actions: list[ExportAction]
    final: Final | None


def preimage(table_id: int, seed: int, salt: str) -> bytes:
    """The bytes the commitment hashes: ASCII `tablero-seed/1:<table id>:<seed>:<salt>`, the ids as
    decimal integers (no leading zeros, `-` for a negative one), the salt as 32 lowercase hex digits."""
    return f"tablero-seed/1:{table_id}:{seed}:{salt}".encode("ascii")


def commitment(table_id: int, seed: int, salt: str) -> str:
    """The seed's commitment: SHA-256 of `preimage`, as 64 lowercase hex digits."""
    return hashlib.sha256(preimage(table_id, seed, salt)).hexdigest()


def table_commitment(table: TableRecord) -> str | None:
    """A table's commitment (None for a table created before salts were drawn: it has none)."""
    return commitment(table.id, table.seed, table.salt) if table.salt else None


def fairness_line(table: TableRecord, lang: str) -> str | None:
    """The public line of a table's fairness: its commitment while it is played (the first public
    post shows it), the seed and salt that open it once the table is over (the final post)."""
    committed = table_commitment(table)
    if committed is None:
        return None
    if table.is_over:
        return t(lang, "aftergame.revealed", seed=str(table.seed), salt=str(table.salt), commitment=committed)
    return t(lang, "aftergame.committed", commitment=committed)


def state_digest(state: Any) -> str:
    """SHA-256 of a state's JSON: the final state a replay must reach."""
    return hashlib.sha256(state.model_dump_json().encode()).hexdigest()


def _version() -> str:
    try:
        return metadata.version("tablero")
    except metadata.PackageNotFoundError:
        return "unknown"


def document(
    table: TableRecord,
    rules: Rules[Any],
    events: Sequence[EventRecord],
    actions: Sequence[ActionRecord],
    seat: Seat | None,
    *,
    full: bool,
) -> dict[str, Any]:
    """The export of a table (docs/export.md). `full` (the table is over): every event as it
    happened, every action, the seed, the salt and the final state's digest. Otherwise what `seat`
    has seen (None: a spectator, the public view): its events redacted for it (an event it must not
    learn of is left out, its seq missing), only its own actions, and no seed."""
    shown_events = []
    for record in events:
        event = rules.parse_event(record.data)
        shown = event if full else event.redacted_for(seat)
        if shown is None:
            continue
        shown_events.append(
            {
                "seq": record.seq,
                "kind": shown.kind,
                "actor": record.actor,
                "at": record.at,
                "data": shown.model_dump(mode="json"),
            }
        )
    shown_actions = [
        {
            "version": a.version,
            "seat": a.seat,
            "by": a.holder,
            "events": a.events,
            "at": a.at,
            "action": a.data,
        }
        for a in actions
        if full or (seat is not None and a.seat == seat)
    ]
    doc: dict[str, Any] = {
        "format": FORMAT,
        "tablero": _version(),
        "table": {
            "id": table.id,
            "number": table.number,
            "game": table.game,
            "guild_id": table.guild_id,
            "status": table.status,
            "seats": dict(table.seats),
            "options": table.options,
            "lang": table.lang,
            "created_at": table.created_at,
            "version": table.version,
            "outcome": table.outcome.model_dump(mode="json") if table.outcome else None,
            "series_of": table.series_of,
            "rematch_of": table.rematch_of,
        },
        "redacted_for": None if full else (seat or "spectator"),
        "fairness": {
            "scheme": COMMITMENT_SCHEME,
            "commitment": table_commitment(table),
            "seed": table.seed if full else None,
            "salt": table.salt if full else None,
        },
        "events": shown_events,
        "actions": shown_actions,
        "final": None,
    }
    if full and events:
        state = fold(rules, [rules.parse_event(r.data) for r in events])
        outcome = rules.outcome(state)
        doc["final"] = {
            "version": state.version,
            "outcome": outcome.model_dump(mode="json") if outcome else None,
            "state_sha256": state_digest(state),
        }
    return Export.model_validate(doc).model_dump(mode="json")  # the schema holds for what we write too


def document_job(
    table: TableRecord,
    events: Sequence[EventRecord],
    actions: Sequence[ActionRecord],
    seat: Seat | None,
    full: bool,
) -> dict[str, Any]:
    """`document` as a job of the worker pool (its arguments are picklable records)."""
    return document(table, rules_for(table.game), events, actions, seat, full=full)


def dumps(doc: dict[str, Any]) -> bytes:
    """The export as a file's bytes (UTF-8 JSON, keys in order, one item a line where it helps)."""
    return json.dumps(doc, indent=1, ensure_ascii=False).encode()


# --- the checks ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Finding:
    """A check's result as a catalog message: `key` under aftergame.* and its values."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass
class Report:
    """What a check found: `ok`, and the findings in order (the first problem is the one that counts)."""

    ok: bool
    findings: list[Finding]


class BadExport(Exception):
    """The file is not an export this code can read; `finding` says why."""

    def __init__(self, finding: Finding) -> None:
        super().__init__(finding.key)
        self.finding = finding


def load(data: bytes | str) -> Export:
    """An export read from its bytes; BadExport if it is not one (of a format this code reads)."""
    try:
        doc = json.loads(data)
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise BadExport(Finding("aftergame.bad_file")) from None
    if not isinstance(doc, dict) or not isinstance(doc.get("format"), str):
        raise BadExport(Finding("aftergame.bad_file"))
    if doc["format"] != FORMAT:
        raise BadExport(Finding("aftergame.bad_format", {"format": doc["format"][:60], "known": FORMAT}))
    try:
        return Export.model_validate(doc)
    except ValidationError as exc:
        where = ".".join(str(part) for part in exc.errors()[0]["loc"])
        raise BadExport(Finding("aftergame.bad_schema", {"where": where[:80], "known": FORMAT})) from None


def _rules_of(doc: Export) -> Rules[Any]:
    try:
        return rules_for(doc.table.game)
    except UnknownGame:
        raise BadExport(Finding("aftergame.unknown_game", {"game": doc.table.game[:60]})) from None


def _differences(expected: Any, logged: Any, path: str = "") -> list[tuple[str, Any, Any]]:
    """Where two JSON values differ: (path, recomputed, logged), the innermost places first found."""
    if isinstance(expected, dict) and isinstance(logged, dict):
        found = []
        for key in [*expected, *(k for k in logged if k not in expected)]:
            found += _differences(expected.get(key), logged.get(key), f"{path}.{key}" if path else str(key))
        return found
    if isinstance(expected, list) and isinstance(logged, list) and len(expected) == len(logged):
        found = []
        for i, (a, b) in enumerate(zip(expected, logged, strict=True)):
            found += _differences(a, b, f"{path}[{i}]")
        return found
    return [] if expected == logged else [(path or "(event)", expected, logged)]


def _short(value: Any, limit: int = 80) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _what_differs(expected: dict[str, Any], logged: dict[str, Any]) -> str:
    diffs = _differences(expected, logged)
    shown = [f"{path}: {_short(a)} ≠ {_short(b)}" for path, a, b in diffs[:4]]
    if len(diffs) > 4:
        shown.append("…")
    return "; ".join(shown)


def _logged_events(doc: Export) -> list[tuple[int, dict[str, Any]]]:
    """The export's events as (seq, data), checked to run 1, 2, 3 … without a gap."""
    for n, entry in enumerate(doc.events, start=1):
        if entry.seq != n:
            raise BadExport(Finding("aftergame.gap", {"seq": n}))
    return [(entry.seq, entry.data) for entry in doc.events]


def _parse_events(rules: Rules[Any], logged: Sequence[tuple[int, dict[str, Any]]]) -> list[Event]:
    parsed = []
    for seq, data in logged:
        try:
            parsed.append(rules.parse_event(data))
        except ValidationError:
            kind = str(data.get("kind"))[:40]
            raise BadExport(Finding("aftergame.bad_event", {"seq": seq, "kind": kind})) from None
    return parsed


def replay(doc: Export) -> Report:
    """Rebuild the game from a full export's events (the engine's `evolve`, nothing else) and check
    where it ends against what the export says: the version, the outcome and the final state."""
    if doc.redacted_for is not None:
        return Report(False, [Finding("aftergame.replay_redacted", {"seat": doc.redacted_for})])
    rules = _rules_of(doc)
    logged = _logged_events(doc)
    if not logged:
        return Report(False, [Finding("aftergame.replay_empty")])
    state: Any = None
    for event, (seq, _) in zip(_parse_events(rules, logged), logged, strict=True):
        try:
            state = apply(rules, state, [event])
        except Exception:  # an altered log can break evolve's assumptions anywhere: say where
            return Report(False, [Finding("aftergame.replay_broken", {"seq": seq, "kind": event.kind})])
    findings: list[Finding] = []
    ok = True
    if state.version != doc.table.version:
        ok = False
        findings.append(
            Finding("aftergame.replay_version", {"folded": state.version, "logged": doc.table.version})
        )
    ok &= _check_end(rules, state, doc, findings)
    if ok:
        params = {"table": doc.table.number, "events": len(logged), "version": state.version}
        findings.insert(0, Finding("aftergame.replay_ok", params))
    return Report(ok, findings)


def _check_end(rules: Rules[Any], state: Any, doc: Export, findings: list[Finding]) -> bool:
    """The rebuilt state's outcome and digest against the export's (a resignation or an abandon is
    the platform's outcome: the rules then see a game still going on)."""
    outcome = rules.outcome(state)
    ended = outcome.model_dump(mode="json") if outcome else None
    logged = doc.table.outcome
    ok = True
    if ended is not None and ended != logged:
        ok = False
        findings.append(
            Finding("aftergame.outcome_differs", {"folded": _short(ended), "logged": _short(logged)})
        )
    if ended is None and doc.table.status == "finished" and (logged or {}).get("reason") != "core.resigned":
        ok = False
        findings.append(Finding("aftergame.outcome_differs", {"folded": "null", "logged": _short(logged)}))
    if doc.final is not None and doc.final.state_sha256 != state_digest(state):
        ok = False
        findings.append(Finding("aftergame.state_differs", {"version": state.version}))
    return ok


def verify(doc: Export) -> Report:
    """Check a finished table's full export: the revealed seed against its commitment, then every
    roll, shuffle and draw recomputed from it (the setup from the options, each recorded action
    re-decided from the state the log folds to before it) against the logged events. The first
    event that would differ is reported with its seq, its kind and what differs."""
    fair, table = doc.fairness, doc.table
    seed = fair.seed
    if seed is None:
        return Report(False, [Finding("aftergame.no_seed")])
    rules = _rules_of(doc)
    findings: list[Finding] = []
    if fair.salt is not None and fair.commitment is not None:
        if commitment(table.id, seed, fair.salt) != fair.commitment:
            return Report(False, [Finding("aftergame.commitment_differs", {"commitment": fair.commitment})])
    else:
        findings.append(Finding("aftergame.no_commitment"))
    logged = _logged_events(doc)
    parsed = _parse_events(rules, logged)
    try:
        options = rules.parse_options(table.options)
        # The setup: the opening events from the options and the seed (Dice(seed, 0)).
        opening = rules.setup(options, seed, Dice(seed, 0))
    except ValidationError:
        return Report(False, [Finding("aftergame.bad_options")])
    except Rejected as exc:
        return Report(False, [Finding("aftergame.setup_refused", {"reason": exc.message_id})])
    problem = _compare(opening, logged, 0)
    if problem is not None:
        return Report(False, [problem])
    state = apply(rules, None, parsed[: len(opening)])
    position = len(opening)
    for index, entry in enumerate(doc.actions, start=1):
        rewound = _rewinds(rules, parsed, logged, position, state)
        if isinstance(rewound, Finding):
            return Report(False, [rewound])
        position, state = rewound
        if entry.version != position:
            if entry.version > position:  # events logged that no recorded action caused
                seq, data = logged[position]
                return Report(
                    False, [Finding("aftergame.uncaused", {"seq": seq, "kind": str(data.get("kind"))})]
                )
            return Report(
                False, [Finding("aftergame.action_order", {"index": index, "version": entry.version})]
            )
        try:
            action = rules.parse_action(entry.action)
        except ValidationError:
            return Report(False, [Finding("aftergame.bad_action", {"index": index})])
        refusal = _refusal(rules, state, entry.seat)
        recomputed: list[Event] = []
        if refusal is None:
            try:
                recomputed = rules.decide(state, entry.seat, action, Dice(seed, state.version))
            except Rejected as exc:
                refusal = exc.message_id
        if refusal is not None:
            params = {"index": index, "kind": action.kind, "seat": entry.seat, "version": entry.version}
            return Report(False, [Finding("aftergame.action_refused", {**params, "reason": refusal})])
        problem = _compare(recomputed, logged, position)
        if problem is not None:
            return Report(False, [problem])
        if entry.events != len(recomputed):
            params = {"index": index, "logged": entry.events, "recomputed": len(recomputed)}
            return Report(False, [Finding("aftergame.action_count", params)])
        state = apply(rules, state, parsed[position : position + len(recomputed)])
        position += len(recomputed)
    rewound = _rewinds(rules, parsed, logged, position, state)
    if isinstance(rewound, Finding):
        return Report(False, [rewound])
    position, state = rewound
    if position < len(logged):
        seq, data = logged[position]
        return Report(False, [Finding("aftergame.uncaused", {"seq": seq, "kind": str(data.get("kind"))})])
    if state.version != table.version:
        return Report(
            False, [Finding("aftergame.replay_version", {"folded": state.version, "logged": table.version})]
        )
    if not _check_end(rules, state, doc, findings):
        return Report(False, [f for f in findings if f.key != "aftergame.no_commitment"])
    params = {
        "table": table.number,
        "commitment": fair.commitment or "",
        "events": len(logged),
        "actions": len(doc.actions),
    }
    findings.insert(0, Finding("aftergame.verify_ok", params))
    return Report(True, findings)


def _rewinds(
    rules: Rules[Any],
    parsed: Sequence[Event],
    logged: Sequence[tuple[int, dict[str, Any]]],
    position: int,
    state: Any,
) -> tuple[int, Any] | Finding:
    """The take-backs logged from `position` on (`Rewound`, issue 26: bot/takeback.py): the
    platform's, caused by no action. Each must carry exactly the state the log had at the version
    it goes back to; the game then goes on from it. (the position and state after them, or what
    differs.)"""
    while position < len(parsed) and isinstance(event := parsed[position], Rewound):
        back = event.to_version
        expected = apply(rules, None, parsed[:back]) if 0 < back <= position else None
        if expected is None or expected.model_dump(mode="json") != event.state:
            return Finding("aftergame.rewound_differs", {"seq": logged[position][0], "version": back})
        state = apply(rules, state, [event])
        position += 1
    return position, state


def _refusal(rules: Rules[Any], state: Any, seat: Seat) -> str | None:
    """The driver's checks before a decision (`engine.core.step`): the game goes on and `seat` may act."""
    if rules.outcome(state) is not None:
        return "core.game_over"
    if seat not in rules.active_seats(state):
        return "core.not_your_turn"
    return None


def _compare(
    recomputed: Sequence[Event], logged: Sequence[tuple[int, dict[str, Any]]], position: int
) -> Finding | None:
    """The first of `recomputed` that differs from the log from `position` on (None: all equal)."""
    for offset, event in enumerate(recomputed):
        expected = event.model_dump(mode="json")
        if position + offset >= len(logged):
            return Finding("aftergame.missing", {"seq": position + offset + 1, "kind": event.kind})
        seq, data = logged[position + offset]
        if "ruling" not in data:  # logged before events carried rulings (issue 29 item 5, /why): an
            expected.pop("ruling", None)  # explanation of what the rules did, no fact of the game
        if data != expected:
            return Finding(
                "aftergame.differs",
                {"seq": seq, "kind": str(data.get("kind")), "what": _what_differs(expected, data)},
            )
    return None


def run_check(kind: str, data: bytes) -> tuple[bool, list[tuple[str, dict[str, Any]]]]:
    """`verify` or `replay` of an export's bytes, as picklable data (a job of the worker pool:
    `/game verify` re-decides a whole game off the event loop)."""
    try:
        doc = load(data)
        report = verify(doc) if kind == "verify" else replay(doc)
    except BadExport as exc:
        report = Report(False, [exc.finding])
    return report.ok, [(f.key, f.params) for f in report.findings]
