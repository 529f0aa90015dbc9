"""A directory served as a site of its own, for e2e/offline/test_updates.py (its deploys, with a
week-long Cache-Control on every file) and e2e/offline/test_offline.py (dist/ served by a server the
test may stop)."""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

import build

WEEK = "max-age=604800"


class Site:
    """A directory served on a free loopback port with a week-long Cache-Control on every file."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.requests: list[str] = []
        site = self

        class Handler(build.Handler):
            def end_headers(self) -> None:
                self.send_header("Cache-Control", WEEK)
                http.server.SimpleHTTPRequestHandler.end_headers(self)

            def send_response(self, code: int, message: str | None = None) -> None:
                site.requests.append(self.path.split("?")[0])
                super().send_response(code, message)

            def log_message(self, format: str, *args: object) -> None:  # noqa: A002
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(root)))
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
