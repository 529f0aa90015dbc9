"""A static server throttled like a phone network: ONE bandwidth shared by every connection, and a
round-trip delay before each response.

``serve(folder, profile, counter)`` serves ``folder`` on a free loopback port in a daemon thread. Its
handler is bench/site/first_visit.py's counting handler, itself build.py's ``Handler``, so it sends
whatever precompressed copy ``build.py serve`` sends, and counts the bytes it writes per path
(headers and bodies) in a ``first_visit.Counter``. On top of that:

- every byte written, by any thread, goes through one ``Bandwidth`` (a token bucket one chunk deep:
  a FIFO link of ``mbit`` Mbit/s, so six parallel downloads share it as they would share a phone's
  radio link, instead of each getting the full rate);
- each response waits ``rtt_ms`` before its status line (the request's trip to the server and the
  first byte's trip back).

Used by bench/site/network.py; tested by tests/test_bench_network.py.
"""

from __future__ import annotations

import functools
import http.server
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.site.first_visit import Counter
from bench.site.first_visit import Handler as CountingHandler


@dataclass(frozen=True)
class Profile:
    name: str
    mbit: float | None  # None: not throttled
    rtt_ms: float


# The profiles (issue 21): 3G, 4G, wifi, and "none" (loopback as it is).
PROFILES = {p.name: p for p in (
    Profile("3g", 1.6, 300), Profile("4g", 9, 170), Profile("wifi", 30, 40), Profile("none", None, 0))}


class Bandwidth:
    """One link's bandwidth, shared by every thread that writes through it: ``take(n)`` returns once
    the link has had the time to carry ``n`` more bytes after everything taken before (a virtual
    clock, ``free_at``, of when the link is next idle; an idle link gives no burst credit)."""

    CHUNK = 8192
    """Writes go through in chunks this size, so parallel responses interleave on the link."""

    def __init__(self, mbit: float | None) -> None:
        self.rate = None if mbit is None else mbit * 1e6 / 8  # bytes per second
        self.lock = threading.Lock()
        self.free_at = 0.0

    def take(self, n: int) -> None:
        if self.rate is None:
            return
        with self.lock:
            start = max(time.monotonic(), self.free_at)
            self.free_at = done = start + n / self.rate
        delay = done - time.monotonic()
        if delay > 0:
            time.sleep(delay)


class _ThrottledWriter:
    def __init__(self, raw: Any, bandwidth: Bandwidth) -> None:
        self.raw, self.bandwidth = raw, bandwidth

    def write(self, data: bytes) -> int:
        view = memoryview(data)
        for i in range(0, len(view), Bandwidth.CHUNK):
            chunk = view[i:i + Bandwidth.CHUNK]
            self.bandwidth.take(len(chunk))
            self.raw.write(chunk)
        return len(view)

    def flush(self) -> None:
        self.raw.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)


class ThrottledHandler(CountingHandler):
    bandwidth: Bandwidth
    rtt_s: float

    def setup(self) -> None:
        super().setup()  # the counting writer
        self.wfile = _ThrottledWriter(self.wfile, self.bandwidth)  # type: ignore[assignment]

    def send_response(self, code: int, message: str | None = None) -> None:
        if self.rtt_s:
            time.sleep(self.rtt_s)
        super().send_response(code, message)


def serve(folder: Path, profile: Profile, counter: Counter,
          bandwidth: Bandwidth | None = None) -> tuple[http.server.ThreadingHTTPServer, str]:
    """``folder`` served through ``profile`` on a free port of 127.0.0.1 in a daemon thread (its own
    link, or ``bandwidth`` if given); returns the server (``shutdown()`` stops it) and its base URL."""
    attrs = {"counter": counter, "bandwidth": bandwidth or Bandwidth(profile.mbit), "rtt_s": profile.rtt_ms / 1000}
    handler = functools.partial(type("Throttled", (ThrottledHandler,), attrs), directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"
