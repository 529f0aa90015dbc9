"""The throttled server of bench/site/network.py (bench/site/throttle.py): one bandwidth shared by
every connection, and a delay per response. This test waits on the clock because that is what the
throttle is for; its bounds are loose (a busy 2-core machine only makes things slower, so the lower
bounds are the ones that matter)."""

from __future__ import annotations

import io
import threading
import time
import urllib.request
from pathlib import Path

from bench.site.first_visit import Counter
from bench.site.throttle import Bandwidth, Profile, _ThrottledWriter, serve

MBIT = 1.0  # 125,000 bytes a second


def send(bandwidth: Bandwidth, n: int) -> float:
    """Seconds to write ``n`` bytes through ``bandwidth``."""
    t = time.monotonic()
    _ThrottledWriter(io.BytesIO(), bandwidth).write(b"x" * n)
    return time.monotonic() - t


def test_bytes_take_the_time_the_bandwidth_gives() -> None:
    n = 50_000  # 0.4 s at 1 Mbit/s
    took = send(Bandwidth(MBIT), n)
    assert 0.9 * n * 8 / 1e6 <= took < 1.5


def test_two_connections_share_one_bandwidth() -> None:
    bandwidth, n = Bandwidth(MBIT), 50_000
    took: list[float] = []
    threads = [threading.Thread(target=lambda: took.append(send(bandwidth, n))) for _ in range(2)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    # Both finish only after the link carried both: 0.8 s, not the 0.4 s each would take alone.
    assert min(took) >= 0.8 * 2 * n * 8 / 1e6
    assert max(took) < 2.0


def test_unthrottled_is_immediate() -> None:
    assert send(Bandwidth(None), 1_000_000) < 0.5


def test_server_delays_each_response_and_counts_its_bytes(tmp_path: Path) -> None:
    (tmp_path / "a.bin").write_bytes(b"y" * 12_500)  # 0.1 s at 1 Mbit/s
    counter = Counter()
    server, base = serve(tmp_path, Profile("test", MBIT, 200), counter)
    try:
        t = time.monotonic()
        body = urllib.request.urlopen(base + "a.bin", timeout=10).read()
        took = time.monotonic() - t
    finally:
        server.shutdown()
    assert body == b"y" * 12_500
    assert took >= 0.2 + 0.09
    assert counter.bytes["/a.bin"] > 12_500  # the body and the headers
