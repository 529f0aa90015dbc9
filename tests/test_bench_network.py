"""The throttled server of bench/site/network.py (bench/site/throttle.py): one bandwidth shared by
every connection, and a delay per response. The throttle's time is a virtual clock (``Bandwidth``:
when the link is next free) and ``time.sleep``: here both run on a fake clock (``Clock``), so each
figure is exact and no bound depends on how busy the machine is. What the server writes on the
wire is real (a loopback server, its bytes counted)."""

from __future__ import annotations

import io
import threading
import types
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

import bench.site.throttle as throttle
from bench.site.first_visit import Counter
from bench.site.throttle import Bandwidth, Profile, _ThrottledWriter, serve

MBIT = 1.0
RATE = 125_000  # bytes a second


class Clock:
    """bench/site/throttle.py's ``time``: ``monotonic()`` reads the fake time; ``sleep(s)`` records
    each sleep (by thread) and moves the time on by it, unless ``frozen`` (two connections asking at
    the same instant: the second's sleep then says how long it waits behind the first)."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.frozen = False
        self.sleeps: list[tuple[str, float]] = []
        self.lock = threading.Lock()

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        with self.lock:
            self.sleeps.append((threading.current_thread().name, seconds))
            if not self.frozen:
                self.now += seconds


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[Clock]:
    fake = Clock()
    monkeypatch.setattr(throttle, "time", types.SimpleNamespace(monotonic=fake.monotonic, sleep=fake.sleep))
    yield fake


def send(bandwidth: Bandwidth, n: int, clock: Clock) -> float:
    """Seconds (on ``clock``) to write ``n`` bytes through ``bandwidth``."""
    t = clock.monotonic()
    _ThrottledWriter(io.BytesIO(), bandwidth).write(b"x" * n)
    return clock.monotonic() - t


def test_bytes_take_the_time_the_bandwidth_gives(clock: Clock) -> None:
    n = 50_000  # 0.4 s at 1 Mbit/s
    assert send(Bandwidth(MBIT), n, clock) == pytest.approx(n * 8 / 1e6)
    # In chunks, so that parallel responses interleave on the link: one sleep per chunk.
    assert len(clock.sleeps) == -(-n // Bandwidth.CHUNK)


def test_two_connections_share_one_bandwidth(clock: Clock) -> None:
    bandwidth, chunk = Bandwidth(MBIT), Bandwidth.CHUNK
    # Two connections write a chunk each at the same instant: the second waits for the first's bytes
    # too (one link), where a link of its own would have carried it in the same time as the first's.
    clock.frozen = True
    for _ in range(2):
        bandwidth.take(chunk)
    assert [s for _, s in clock.sleeps] == pytest.approx([chunk / RATE, 2 * chunk / RATE])
    # Two connections of 50,000 bytes each, in threads: the last finishes when the link has carried
    # both (0.8 s, not the 0.4 s each would take alone), and no later.
    clock.frozen = False
    bandwidth, n = Bandwidth(MBIT), 50_000
    start = clock.now
    ready = threading.Barrier(2)

    def connection() -> None:
        ready.wait()
        _ThrottledWriter(io.BytesIO(), bandwidth).write(b"x" * n)

    threads = [threading.Thread(target=connection) for _ in range(2)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert bandwidth.free_at - start == pytest.approx(2 * n * 8 / 1e6)
    assert clock.now <= bandwidth.free_at + 1e-9


def test_unthrottled_is_immediate(clock: Clock) -> None:
    assert send(Bandwidth(None), 1_000_000, clock) == 0
    assert clock.sleeps == []


def test_server_delays_each_response_and_counts_its_bytes(tmp_path: Path, clock: Clock) -> None:
    (tmp_path / "a.bin").write_bytes(b"y" * 12_500)  # 0.1 s at 1 Mbit/s
    counter = Counter()
    server, base = serve(tmp_path, Profile("test", MBIT, 200), counter)
    try:
        t = clock.monotonic()
        body = urllib.request.urlopen(base + "a.bin", timeout=10).read()
        took = clock.monotonic() - t
    finally:
        server.shutdown()
    assert body == b"y" * 12_500
    # The round trip's 0.2 s before the status line, then the headers and the body through the link.
    assert clock.sleeps[0][1] == pytest.approx(0.2)
    assert took == pytest.approx(0.2 + counter.bytes["/a.bin"] / RATE) and took >= 0.2 + 0.1
    assert counter.bytes["/a.bin"] > 12_500  # the body and the headers
