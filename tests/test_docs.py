"""The documents the code and tests cite live in the repo (docs/), copied from the design team's
shared folder (../shared/design/ beside the repo). The copies are the repo's truth, so a clean clone
stands alone; where the shared folder is present, a stale copy fails here (refresh it by copying the
shared file over it). Where ../shared is absent (a clean clone, CI) the comparison is skipped."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
SHARED = ROOT.parent / "shared" / "design"
COPIED = ("rules-decisions.md", "ux-checklist.md")


@pytest.mark.parametrize("name", COPIED)
def test_the_copy_is_in_the_repo(name: str) -> None:
    """Never skipped: the repo holds every document its code cites."""
    assert (DOCS / name).is_file(), f"docs/{name} is missing: copy ../shared/design/{name} there"
    assert (DOCS / name).read_text(encoding="utf-8").strip()


@pytest.mark.skipif(not SHARED.is_dir(), reason="no ../shared/design beside the repo")
@pytest.mark.parametrize("name", COPIED)
def test_the_copy_matches_the_shared_file(name: str) -> None:
    shared = SHARED / name
    assert shared.is_file(), f"../shared/design/{name} is gone: drop docs/{name} from COPIED or restore it"
    assert (DOCS / name).read_bytes() == shared.read_bytes(), f"docs/{name} is stale: copy ../shared/design/{name} over it"


def test_no_machine_path_in_any_file() -> None:
    """No file of the repo names a place on one machine (a checkout elsewhere has no such folder)."""
    machine = "/" + "work" + "/"  # spelt in pieces so that this file does not name it
    # what .gitignore leaves out (caches name the files they cache by their path on this machine)
    skip_dirs = {".git", "node_modules", "dist", "dist.tmp", "__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache",
                 ".hypothesis", ".benchmarks", "test-results", ".venv", "screenshots"}
    found = []
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in skip_dirs and not d.endswith(".egg-info")]
        for name in files:
            if name == ".git":  # a worktree's pointer to its repository, not a file of the repo
                continue
            path = Path(folder) / name
            try:
                text = path.read_text(encoding="utf-8")
            except (UnicodeDecodeError, OSError):
                continue
            rel = path.relative_to(ROOT)
            found += [f"{rel}:{n}" for n, line in enumerate(text.splitlines(), 1) if machine in line]
    assert found == []
