"""tools/pytest_cpu.py's process-tree reading: a child's children are counted once."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tools import pytest_cpu

pytestmark = pytest.mark.skipif(not pytest_cpu.ENABLED, reason="no /proc here")

# A child that starts a grandchild burning CPU, reaps it, then waits: each step after a line on stdin.
BURN = "import sys, time\nt = time.process_time()\nwhile time.process_time() - t < 0.6: pass\nprint('burnt', flush=True)\nsys.stdin.readline()\n"
CHILD = f"""import subprocess, sys
g = subprocess.Popen([sys.executable, '-c', {BURN!r}], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
print(g.stdout.readline().strip(), flush=True)
sys.stdin.readline()
g.stdin.close(); g.wait()
print('reaped', flush=True)
sys.stdin.readline()
"""


@pytest.mark.parametrize("read_between", [True, False])
def test_a_grandchild_reaped_by_its_parent_then_the_parent_is_counted_once(read_between: bool) -> None:
    """Read while the grandchild burns, then (or not) once it is reaped, then once the child has ended
    (as Playwright's driver ends after the chromium it reaped, between two readings)."""
    tree = pytest_cpu.Tree(pytest_cpu.os.getpid())
    start = tree.cpu()
    child = subprocess.Popen([sys.executable, "-c", CHILD], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None and child.stdin is not None
    assert child.stdout.readline().strip() == "burnt"
    seen = tree.cpu() - start  # the grandchild alive, its 0.6 s in it
    child.stdin.write("\n")
    child.stdin.flush()
    assert child.stdout.readline().strip() == "reaped"
    if read_between:
        gone = tree.cpu() - start  # the grandchild gone: its last reading kept
        assert gone >= seen
    child.stdin.write("\n")
    child.stdin.close()
    child.wait()
    end = tree.cpu() - start  # the child reaped by this process: its time and the grandchild's in ours
    assert seen >= 0.6
    # Two pythons' start-up, and the 0.6 s burnt: counted once, not twice (it was 1.2 s more).
    assert 0.6 <= end < seen + 0.5, (seen, end)


def test_a_child_too_short_to_be_read_is_counted() -> None:
    tree = pytest_cpu.Tree(pytest_cpu.os.getpid())
    start = tree.cpu()
    subprocess.run([sys.executable, "-c", BURN], input="\n", text=True, capture_output=True, check=True)
    assert tree.cpu() - start >= 0.6
