"""The deployment examples in deploy/ (docs/operations.md, "Running a cluster") parse, and what they
run is a command line the `tablero` launcher accepts: the compose file loads as YAML and its bot
service runs `tablero cluster`; the systemd unit reads as an INI file whose ExecStart is `tablero
cluster`, stopping within the cluster's own bounds and not restarting what a restart would repeat."""

from __future__ import annotations

import configparser
import re
import shlex
from pathlib import Path

import yaml

from bot import cluster, lifecycle
from launcher.cli import build_parser

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"


def seconds(text: str) -> float:
    """`20s`, `1m30s` or a bare number of seconds (compose and systemd spell durations so)."""
    if re.fullmatch(r"\d+(\.\d+)?", text):
        return float(text)
    units = {"h": 3600, "m": 60, "s": 1}
    parts = re.findall(r"(\d+(?:\.\d+)?)(h|m|s)", text)
    assert parts, text
    return sum(float(n) * units[u] for n, u in parts)


def test_the_compose_file_runs_the_cluster_beside_postgresql() -> None:
    compose = yaml.safe_load((DEPLOY / "docker-compose.yml").read_text())
    bot, db = compose["services"]["tablero"], compose["services"]["db"]
    # the image's ENTRYPOINT is `tablero`: the command is its arguments
    assert 'ENTRYPOINT ["tablero"]' in (ROOT / "Dockerfile").read_text()
    assert (DEPLOY / bot["build"]["context"] / "Dockerfile").is_file()
    args = build_parser().parse_args(bot["command"])
    assert (args.command, args.processes, args.shard_count) == ("cluster", 2, None)
    assert bot["environment"]["TABLERO_DB"].startswith("postgresql://tablero:")
    assert "@db:5432/tablero" in bot["environment"]["TABLERO_DB"]
    assert bot["depends_on"]["db"]["condition"] == "service_healthy" and "healthcheck" in db
    assert bot["init"] is True and bot["stop_signal"] == "SIGTERM"
    # every process stops within SHUTDOWN_S of the forwarded SIGTERM; the supervisor kills what
    # still runs after STOP_S: docker's SIGKILL must come later than both
    assert seconds(bot["stop_grace_period"]) > cluster.STOP_S > lifecycle.SHUTDOWN_S


def test_the_systemd_unit_runs_the_cluster_and_stops_it_in_time() -> None:
    unit = configparser.ConfigParser(strict=True, interpolation=None, delimiters=("=",))
    unit.optionxform = str  # type: ignore[assignment,method-assign]  # systemd keys are case-sensitive
    unit.read_string((DEPLOY / "tablero-cluster.service").read_text())
    assert set(unit.sections()) == {"Unit", "Service", "Install"}
    service = unit["Service"]
    start = shlex.split(service["ExecStart"])
    assert Path(start[0]).name == "tablero"
    args = build_parser().parse_args(start[1:])
    assert (args.command, args.processes) == ("cluster", 2)
    pre = shlex.split(service["ExecStartPre"])
    assert build_parser().parse_args(pre[1:]).command == "migrate"
    assert shlex.split(service["ExecReload"])[1:] == ["-HUP", "$MAINPID"]  # the rolling restart
    assert service["KillMode"] == "mixed" and service["KillSignal"] == "SIGTERM"
    assert seconds(service["TimeoutStopSec"]) > cluster.STOP_S > lifecycle.SHUTDOWN_S
    assert {int(code) for code in service["RestartPreventExitStatus"].split()} == set(cluster.FATAL_EXITS)
    assert service["Restart"] == "on-failure" and unit["Install"]["WantedBy"] == "multi-user.target"
