"""Where Primi's tools keep what they make by content, for every clone on this machine, as npm keeps
its packages: ``$PRIMI_CACHE``, else ``$XDG_CACHE_HOME/primi``, else ``~/.cache/primi``. build.py keeps
its brotli and gzip copies there (by their input's SHA-256), e2e/kit/snapshot_seed.py the e2e tests'
engine snapshot (by the engine's tag). Each entry depends on its key alone, so a fresh clone (CI's)
finds the ones its build shares with earlier clones; deleting the folder costs only time."""

from __future__ import annotations

import os
from pathlib import Path

CACHE = Path(os.environ.get("PRIMI_CACHE") or Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "primi")
