"""bench/net/table.py's pure parts (its options, the percentile summary, the bytes per move), so that
the benchmark cannot rot between the runs that drive the browser."""

from __future__ import annotations

import pytest

from bench.net import table


def test_options_default_to_every_game_and_twenty_moves() -> None:
    args = table.parse_args([])
    assert args.games == ["primero", "primiera", "primo"] and args.moves == 20 and not args.cold
    args = table.parse_args(["--games", "primo, primero", "--moves", "30", "--cold"])
    assert args.games == ["primo", "primero"] and args.moves == 30 and args.cold


@pytest.mark.parametrize("argv", [["--games", "scopa"], ["--games", ","], ["--moves", "0"]])
def test_bad_options_are_refused(argv: list[str]) -> None:
    with pytest.raises(SystemExit):
        table.parse_args(argv)


def test_every_game_is_a_two_player_table_of_friends() -> None:
    for game, route in table.GAMES.items():
        assert route.startswith(f"/play/{game}?") and game in table.NAMES
        assert "players=2" in route or "variant=2p" in route


def test_summary_is_nearest_rank_p50_p95_and_max() -> None:
    xs = [float(x) for x in range(1, 101)]
    assert table.summary(xs) == (51.0, 96.0, 100.0)
    assert table.summary([7.0]) == (7.0, 7.0, 7.0)
    assert table.summary([]) == (0.0, 0.0, 0.0)


def test_bytes_per_move_leave_the_heartbeats_apart() -> None:
    msgs = [("view", 1000), ("ping", 12), ("view", 1200), ("pong", 12), ("op", 300)]
    assert table.per_move(msgs, 2) == 1250.0
    assert table.per_move(msgs, 0) == 0.0
    assert table.by_type(msgs) == {"view": (2, 2200), "op": (1, 300), "ping": (1, 12), "pong": (1, 12)}


def test_total_set_up_leaves_the_carrying_out() -> None:
    s = table.Setup(join=100.0, engine=2000.0, answer=2200.0, ready=40.0, host_table=90.0, guest_table=120.0)
    assert s.total == 2320.0
