"""Ratings (issue 28 item 4, bot/ratings.py): Glicko-2 against Glickman's worked example and a hand
computation, what is rated and what is counted apart, the results the store keeps (migration 8, both
engines), the median time per turn, /stats and /leaderboard in words."""

from __future__ import annotations

import math

import pytest

from bot import ratings, stats
from bot.records import ActionRecord, ResultRecord
from bot.store import NewEvent, SqliteStore
from bot.tables import TableService
from engine.core import Outcome, Rejected
from tests.bot.duel_table import ALICE, BOB, duel_pvp, two_players
from tests.bot.engines import engine  # noqa: F401 (both engines)

CAROL = 303


@pytest.fixture
def seeds() -> list[int]:
    return list(range(1, 40))


# --- the hand computation: Glickman's "Example of the Glicko-2 system", steps 1-8, as written ----

SCALE = 173.7178


def hand_glicko2(
    rating: float, rd: float, vol: float, opponents: list[tuple[float, float, float]], tau: float = 0.5
) -> tuple[float, float, float]:
    """Glickman (2013), "Example of the Glicko-2 system", transcribed step by step."""
    mu, phi = (rating - 1500) / SCALE, rd / SCALE  # step 2
    opp = [((r - 1500) / SCALE, d / SCALE, s) for r, d, s in opponents]

    def g(p: float) -> float:
        return 1 / math.sqrt(1 + 3 * p * p / math.pi**2)

    def e(mj: float, pj: float) -> float:
        return 1 / (1 + math.exp(-g(pj) * (mu - mj)))

    v = 1 / sum(g(pj) ** 2 * e(mj, pj) * (1 - e(mj, pj)) for mj, pj, _ in opp)  # step 3
    delta = v * sum(g(pj) * (s - e(mj, pj)) for mj, pj, s in opp)  # step 4
    a = math.log(vol**2)  # step 5

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta**2 - phi**2 - v - ex) / (2 * (phi**2 + v + ex) ** 2) - (x - a) / tau**2

    big_a = a
    if delta**2 > phi**2 + v:
        big_b = math.log(delta**2 - phi**2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    fa, fb = f(big_a), f(big_b)
    while abs(big_b - big_a) > 0.000001:
        big_c = big_a + (big_a - big_b) * fa / (fb - fa)
        fc = f(big_c)
        if fc * fb <= 0:
            big_a, fa = big_b, fb
        else:
            fa /= 2
        big_b, fb = big_c, fc
    new_vol = math.exp(big_a / 2)
    phi_star = math.sqrt(phi**2 + new_vol**2)  # step 6
    new_phi = 1 / math.sqrt(1 / phi_star**2 + 1 / v)  # step 7
    new_mu = mu + new_phi**2 * sum(g(pj) * (s - e(mj, pj)) for mj, pj, s in opp)
    return new_mu * SCALE + 1500, new_phi * SCALE, new_vol  # step 8


WORKED = [(1400.0, 30.0, 1.0), (1550.0, 100.0, 0.0), (1700.0, 300.0, 0.0)]


def test_glickmans_worked_example() -> None:
    """1500/RD 200/σ 0.06 wins against 1400/30, loses to 1550/100 and 1700/300: the paper prints
    r' = 1464.06, RD' = 151.52, σ' = 0.05999. (The paper rounds every intermediate value: μ' =
    -0.2069 is 1464.06; unrounded it is 1464.0507, within the paper's last digit.)"""
    new = ratings.glicko2_update(ratings.Rating(1500, 200, 0.06), WORKED)
    assert new.rating == pytest.approx(1464.06, abs=0.01)
    assert new.rd == pytest.approx(151.52, abs=0.01)
    assert new.volatility == pytest.approx(0.05999, abs=0.00001)
    assert (new.rating, new.rd, new.volatility) == pytest.approx(hand_glicko2(1500, 200, 0.06, WORKED))


def test_the_volatility_step_is_the_papers_not_the_packages() -> None:
    """glicko2 2.1.0 squares the rating in step 5 where the paper squares the deviation: the worked
    example's σ' is 0.059996 by the paper, 0.059993 by the package; ours follows the paper, also far
    from 1500 where the two differ more."""
    new = ratings.glicko2_update(ratings.Rating(1500, 200, 0.06), WORKED)
    assert round(new.volatility, 6) == 0.059996
    strong = ratings.glicko2_update(ratings.Rating(2200, 80, 0.06), [(1400.0, 30.0, 0.0)])
    assert (strong.rating, strong.rd, strong.volatility) == pytest.approx(
        hand_glicko2(2200, 80, 0.06, [(1400.0, 30.0, 0.0)]), rel=1e-9
    )


def _result(n: int, seats: dict, winners: tuple[str, ...], **kw: object) -> ResultRecord:
    return ResultRecord(
        table_id=n,
        number=n,
        game="duel",
        seats=seats,
        outcome=Outcome(winners=winners, reason="x"),
        finished_at=float(n),
        **kw,
    )


def test_each_game_rates_both_pools_against_the_opponents_rating_before_it() -> None:
    results = [
        _result(1, {"red": ALICE, "blue": BOB}, ("red",)),
        _result(2, {"red": BOB, "blue": ALICE}, ()),  # a draw scores ½
    ]
    table = ratings.compute(results)
    start = (1500.0, 350.0, 0.06)
    a1 = hand_glicko2(*start, [(1500, 350, 1.0)])
    b1 = hand_glicko2(*start, [(1500, 350, 0.0)])
    a2 = hand_glicko2(*a1, [(b1[0], b1[1], 0.5)])
    b2 = hand_glicko2(*b1, [(a1[0], a1[1], 0.5)])
    alice, bob = table.of("duel", None, ALICE), table.of("duel", None, BOB)
    assert (alice.rating, alice.rd, alice.volatility) == pytest.approx(a2)
    assert (bob.rating, bob.rd, bob.volatility) == pytest.approx(b2)
    assert (alice.games, alice.wins, alice.draws, alice.losses) == (2, 1, 1, 0)
    # per side: Alice's red rating met Bob's blue one, then Bob's red met Alice's blue (both new)
    assert table.of("duel", "red", ALICE).rating == pytest.approx(a1[0])
    assert table.of("duel", "blue", ALICE).rating == pytest.approx(1500.0)  # a draw between equals
    assert table.of("duel", "blue", ALICE).rd < 350
    assert [u for u, _ in table.table("duel")] == [ALICE, BOB]


def test_ai_stand_in_and_series_games_are_counted_apart() -> None:
    results = [
        _result(1, {"red": ALICE, "blue": "ai"}, ("red",)),
        _result(2, {"red": ALICE, "blue": BOB}, ("red",), stand_ins=["blue"]),
        _result(3, {"red": ALICE, "blue": BOB}, ("red",), series=True),
        _result(4, {"red": ALICE, "blue": ALICE}, ("red",)),  # one player on both sides
    ]
    assert not any(ratings.rated(r) for r in results)
    assert ratings.compute(results).pools == {}
    record = ratings.player_record(results, ALICE)
    assert (record.vs_ai.games, record.vs_ai.wins) == (1, 1)
    assert (record.stood_in.games, record.stood_in.wins) == (1, 1)
    assert record.sides == {} and record.games == 2
    assert ratings.player_record(results, BOB).stood_in.games == 1


def test_a_fix_to_the_formula_rewrites_every_rating(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing rated is stored: the same results under another constant give other ratings at once."""
    results = [_result(n, {"red": ALICE, "blue": BOB}, ("red",) if n % 2 else ("blue",)) for n in range(1, 6)]
    before = ratings.compute(results).of("duel", None, ALICE)
    monkeypatch.setattr(ratings._Player, "_tau", 1.2)
    after = ratings.compute(results).of("duel", None, ALICE)
    assert after.volatility != before.volatility and after.games == before.games == 5


def test_the_ratings_are_a_fold_over_the_ordered_results() -> None:
    """What bot/stats.py relies on to fold only the new results: compute(a + b) == compute(b, compute(a)),
    and the earlier fold is left as it was."""
    results = [
        _result(n, {"red": [ALICE, BOB, CAROL][n % 3], "blue": [BOB, CAROL, ALICE][n % 3]}, ("red",))
        for n in range(1, 9)
    ]
    whole = ratings.compute(results)
    head = ratings.compute(results[:5])
    kept = {pool: dict(players) for pool, players in head.pools.items()}
    assert ratings.compute(results[5:], head).pools == whole.pools
    assert head.pools == kept


async def test_a_changed_earlier_result_is_recomputed_from_the_first(
    service: TableService, store: SqliteStore, clock
) -> None:
    first = await _finish(service, clock, ALICE, BOB, BOB)
    await _finish(service, clock, ALICE, BOB, BOB)
    before = (await stats.server_ratings(store, 1, "duel")).of("duel", None, ALICE)
    await _finish(service, clock, ALICE, BOB, BOB)  # folded on top of the last fold
    grown = (await stats.server_ratings(store, 1, "duel")).of("duel", None, ALICE)
    assert grown.games == 3 and grown.rating > before.rating
    # an earlier result corrected in the store (an admin's fix): the ratings follow at once
    async with store.transaction() as tx:
        await tx.update_table(first, outcome=Outcome(winners=("blue",), reason="fixed"))
    fixed = (await stats.server_ratings(store, 1, "duel")).of("duel", None, ALICE)
    assert (fixed.games, fixed.wins) == (3, 2)


def _action(n: int, seat: str, holder: object, at: float) -> ActionRecord:
    return ActionRecord(id=n, table_id=1, version=n, seat=seat, holder=holder, data={}, events=1, at=at)


def test_a_turn_is_a_run_of_one_seats_actions_timed_from_the_hand_over() -> None:
    actions = [
        _action(1, "red", ALICE, 130.0),  # Alice's first turn: 30 s after the start
        _action(2, "red", ALICE, 160.0),  # ... the same turn goes on: it took 60 s
        _action(3, "blue", BOB, 400.0),
        _action(4, "red", "ai:red", 500.0),  # a stand-in played this one: not Alice's time
        _action(5, "blue", BOB, 520.0),
        _action(6, "red", ALICE, 1720.0),  # 1200 s after Bob's move
    ]
    assert ratings.turn_times(actions, 100.0, ALICE) == [60.0, 1200.0]
    assert ratings.turn_times(actions, 100.0, BOB) == [240.0, 20.0]
    assert ratings.median([60.0, 1200.0, 90.0]) == 90.0 and ratings.median([]) is None


# --- the stored results, on both engines ----------------------------------------------------


async def _finish(service: TableService, clock, creator: int, opponent: int, loser: int) -> int:
    clock.advance(3600)
    tid = await two_players(service, "duel", side="red", options={}, creator=creator, opponent=opponent)
    clock.advance(60)
    await service.resign(tid, loser)
    return tid


async def test_finished_tables_are_recorded_in_the_order_they_finish(
    service: TableService, store: SqliteStore, clock
) -> None:
    first = await _finish(service, clock, ALICE, BOB, BOB)
    abandoned = await duel_pvp(service)
    await service.abandon(abandoned, ALICE, is_admin=True)
    second = await _finish(service, clock, BOB, CAROL, BOB)
    results = await store.results(1)
    assert [r.table_id for r in results] == [first, second]  # abandoned: no result
    assert results[0].seats == {"red": ALICE, "blue": BOB} and results[0].outcome.winners == ("red",)
    assert results[0].finished_at < results[1].finished_at and results[0].stand_ins == []
    assert await store.results(2) == [] and await store.results(1, "other") == []
    # the finish is recorded once, whatever touches the table after it
    async with store.transaction() as tx:
        await tx.update_table(first, status="finished")
        await tx.append_events(
            first,
            (await store.get_table(first)).version + 1,
            [NewEvent(kind="note", data={"kind": "note"}, actor="ai:blue")],
        )
    again = await store.results(1)
    assert [r.table_id for r in again] == [first, second] and again[0].finished_at == results[0].finished_at
    assert again[0].stand_ins == ["blue"]  # a stand-in's actor in the log marks the game


async def test_a_game_a_stand_in_played_in_is_counted_apart(
    service: TableService, store: SqliteStore, clock
) -> None:
    """Through the service: Bob is away, the AI stands in for him from the start (its moves journalled
    as `ai:blue`); the result is stored, marked, and rates nobody."""
    await service.away(BOB, None)
    tid = await duel_pvp(service, absent="ai")
    await service.come_back(BOB)
    await service.resign(tid, BOB)
    [result] = await store.results(1)
    assert result.table_id == tid and result.stand_ins == ["blue"] and not ratings.rated(result)
    assert (await stats.server_ratings(store, 1, "duel")).pools == {}
    text = "\n".join(await stats.stats_text(store, 1, ALICE, "en"))
    assert "1 game finished: 0 rated, 0 against the AI, 1 with a stand-in's turns" in text
    assert "With a stand-in's turns (not rated): 1 game, 1 win." in text


async def test_stats_and_leaderboard_in_words(service: TableService, store: SqliteStore, clock) -> None:
    await _finish(service, clock, ALICE, BOB, BOB)  # Alice (red) beats Bob
    await _finish(service, clock, BOB, ALICE, ALICE)  # Bob (red) beats Alice
    await _finish(service, clock, ALICE, CAROL, CAROL)  # Alice (red) beats Carol
    text = "\n".join(await stats.stats_text(store, 1, ALICE, "en"))
    assert "3 games finished: 3 rated, 0 against the AI" in text
    assert "Red: 2 games, 2 wins" in text and "Blue: 1 game, 0 wins" in text
    assert "Median time per turn" in text
    page = await stats.leaderboard(store, 1, "duel", None, 1, "en")
    # by hand: Bob lost to a newcomer, then beat Alice while she stood high, which Glicko-2 weighs
    # more than Alice's win over Carol, a newcomer of no known strength
    start = (1500.0, 350.0, 0.06)
    a1, b1 = hand_glicko2(*start, [(1500, 350, 1.0)]), hand_glicko2(*start, [(1500, 350, 0.0)])
    a2, b2 = hand_glicko2(*a1, [(b1[0], b1[1], 0.0)]), hand_glicko2(*b1, [(a1[0], a1[1], 1.0)])
    a3, c3 = hand_glicko2(*a2, [(1500, 350, 1.0)]), hand_glicko2(*start, [(a2[0], a2[1], 0.0)])
    assert page.text.splitlines()[1:] == [
        f"1. <@{BOB}> — {round(b2[0])} ±{round(b2[1])} · 2 games: 1 W, 1 L, 0 D",
        f"2. <@{ALICE}> — {round(a3[0])} ±{round(a3[1])} · 3 games: 2 W, 1 L, 0 D",
        f"3. <@{CAROL}> — {round(c3[0])} ±{round(c3[1])} · 1 game: 0 W, 1 L, 0 D",
    ]
    es = await stats.leaderboard(store, 1, "duel", "red", 1, "es")
    assert "página 1 de 1" in es.text and "G," in es.text
    with pytest.raises(Rejected) as exc:
        await stats.leaderboard(store, 1, "duel", "green", 1, "en")
    assert exc.value.message_id == "ratings.no_such_side"
    with pytest.raises(Rejected):
        await stats.leaderboard(store, 1, "nonesuch", None, 1, "en")
    assert "no game on this server" in (await stats.stats_text(store, 1, 999, "en"))[0]


async def test_the_leaderboard_is_paged(
    service: TableService, store: SqliteStore, clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(stats, "PAGE_SIZE", 2)
    await _finish(service, clock, ALICE, BOB, BOB)
    await _finish(service, clock, CAROL, 404, 404)
    first = await stats.leaderboard(store, 1, "duel", None, 1, "en")
    assert (first.page, first.pages) == (1, 2) and "`page:2`" in first.text
    last = await stats.leaderboard(store, 1, "duel", None, 9, "en")  # past the end: the last page
    assert last.page == 2 and len(last.text.splitlines()) == 3 and "page:" not in last.text.splitlines()[-1]


def test_durations_read_in_each_language() -> None:
    assert stats.duration("en", 42) == "42 seconds"
    assert stats.duration("en", 5400) == "1.5 hours"
    assert stats.duration("es", 5400) == "1,5 horas"
    assert stats.duration("es", 86400 * 3) == "3 días"
