"""A directory served as a site of its own, for e2e/offline/test_updates.py (its deploys, with a
week-long Cache-Control on every file) and e2e/offline/test_offline.py (dist/ served by a server the
test may stop); and the deploys themselves (``deploy``: each site built once, kept under build/)."""

from __future__ import annotations

import functools
import hashlib
import http.server
import json
import os
import shutil
import threading
from pathlib import Path
from typing import Any

import build

WEEK = "max-age=604800"

DEPLOYS = build.ROOT / "build" / "e2e-deploys"  # ignored by git (the top-level build/)
"""Each site a deploy built, under the hash of what went into it (``deploy_key``)."""


def deploy_key(web: Path, version: str) -> str:
    """The hash of everything ``build.build`` reads (build.py's own list for dist/, ``needs_build``,
    with ``web`` for web/), by content, and of the version: two deploys with the same key are the
    same site."""
    digest = hashlib.sha256(f"primi deploy\0{version}\0".encode())
    roots = [(web, "web"), (build.CORE, "pygame_core"), (build.ROOT / "tools", "tools")]
    files = [(path, f"{name}/{path.relative_to(root).as_posix()}") for root, name in roots for path in root.rglob("*")
             if path.is_file() and "__pycache__" not in path.parts]
    files += [(build.ROOT / f, f) for f in ("build.py", "package-lock.json")]
    for path, name in sorted(files, key=lambda f: f[1]):
        digest.update(name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:32]


def linked_now(src: str, dst: str) -> None:
    """``dst`` a hard link of ``src``, modified now: a deploy's files are newer than the last deploy's
    (Last-Modified, If-Modified-Since), as a fresh build's would be, however long ago it was kept."""
    os.link(src, dst)
    os.utime(dst)


def deploy(site_dir: Path, version: str, web: Path) -> dict[str, Any]:
    """Build the site from ``web`` (a web/ tree) into ``site_dir``, over what is there, as a host's new
    deploy replaces its files; return its build.json. A site is built once per content and version and
    kept in DEPLOYS (the same deploy in another test, or another run, is hard-linked from there: no
    file of it is ever written in place, each deploy replaces the folder)."""
    kept = DEPLOYS / deploy_key(web, version)
    if not kept.exists():
        DEPLOYS.mkdir(parents=True, exist_ok=True)
        made = DEPLOYS / f"{kept.name}.{os.getpid()}"
        saved = build.WEB
        build.WEB = web
        try:
            build.build(made, version=version)
        finally:
            build.WEB = saved
        try:
            made.rename(kept)
        except OSError:  # another pytest process kept the same deploy first
            shutil.rmtree(made)
    new = site_dir.with_name(site_dir.name + ".new")
    if new.exists():
        shutil.rmtree(new)
    shutil.copytree(kept, new, copy_function=linked_now)
    if site_dir.exists():
        shutil.rmtree(site_dir)
    new.rename(site_dir)
    manifest: dict[str, Any] = json.loads((site_dir / "build.json").read_text())
    return manifest


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
