"""``python -m pygame_core``: the command line (see ``cli``)."""

from __future__ import annotations

from .cli import main

if __name__ == "__main__":
    raise SystemExit(main())
