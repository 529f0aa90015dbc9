"""A pytest plugin that says where the suite's CPU goes (``-p tools.pytest_cpu``; ``build.py test`` loads it).

Each test's CPU is read from /proc: the user and system time of the pytest process and every process
under it (Playwright's driver, the chromium it launched, its renderers and their workers), those
already ended included (``Tree``). A test's figure is
the difference over its set-up, call and tear-down, so a page booted by a fixture is charged to the test
that booted it. Under pytest-xdist each worker reads its own tree, so the two workers' tests do not mix.

At the end the run prints its slowest tests by wall time with their CPU beside, the files and the
folders (a subject of e2e/, a game's unit tests) taking most CPU, writes every test's figures to
build/test-cpu.json, and prints the whole run's CPU: the sum of every worker's tree, set against the wall time and the machine's cores. On a system
without /proc the plugin stays silent.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
PROC = Path("/proc")
SLOWEST = 25
REPORT = Path(__file__).resolve().parent.parent / "build" / "test-cpu.json"


def _stat(pid: int) -> tuple[int, float, float] | None:
    """(parent pid, CPU seconds of the process itself, CPU seconds of its reaped children) from /proc/<pid>/stat."""
    try:
        raw = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    # The command name is in parentheses and may hold spaces: the fields after the last ')'.
    fields = raw[raw.rindex(")") + 2:].split()
    ppid = int(fields[1])
    utime, stime, cutime, cstime = (int(fields[i]) for i in (11, 12, 13, 14))
    return ppid, (utime + stime) / TICK, (cutime + cstime) / TICK


class Tree:
    """The CPU of ``root`` and every process under it, read from /proc, also of those already ended.

    Chromium's zygote does not wait for the renderers it forks (they are reaped without their times
    reaching it), so a closed browser context's CPU would be lost from any reading of the living
    processes. A thread therefore reads the tree twice a second and keeps each process's last figure:
    one that has gone adds that figure to ``departed`` (its last half second or less is lost). The root
    also waits for its own children (subprocess.run, Playwright's driver), so each one's whole time,
    with all it reaped itself (the driver reaps the chromium it launched), reaches the root's
    reaped-children figure when it ends: only what that figure grows by beyond what was already
    counted of that child and its descendants is added (``unseen``: a child too short-lived to be read,
    the last half second of one). A pid once found outside
    the tree is not read again (a process keeps its parent; pids wrap around only after a long run)."""

    PERIOD = 0.5

    def __init__(self, root: int) -> None:
        self.root = root
        self.outside: set[int] = set()
        self.last: dict[int, tuple[int, float, float]] = {}  # pid -> (parent, own CPU, reaped children's) at the last reading
        self.departed = 0.0
        self.pending: dict[int, float] = {}  # pid -> what was counted of its children that ended
        self.root_reaped = 0.0  # the root's reaped-children figure at the last reading
        self.unseen = 0.0
        self.lock = threading.Lock()
        self.thread: threading.Thread | None = None

    def watch(self) -> None:
        """Read the tree in the background from now on (a daemon thread)."""
        if self.thread is None:
            self.thread = threading.Thread(target=self._loop, name="primi-cpu", daemon=True)
            self.thread.start()

    def _loop(self) -> None:
        while True:
            time.sleep(self.PERIOD)
            self.cpu()

    def cpu(self) -> float:
        """CPU seconds used so far by the root and every process under it (live, or ended)."""
        with self.lock:
            stats: dict[int, tuple[int, float, float]] = {}
            for name in os.listdir(PROC):
                if name.isdigit() and int(name) not in self.outside:
                    got = _stat(int(name))
                    if got is not None:
                        stats[int(name)] = got
            inside = {self.root}
            changed = True
            while changed:  # a child can be listed before its parent
                changed = False
                for pid, (ppid, _, _) in stats.items():
                    if pid not in inside and ppid in inside:
                        inside.add(pid)
                        changed = True
            self.outside.update(pid for pid in stats if pid not in inside)
            # Those gone since the last reading, each one's last figure kept; children before parents,
            # so a parent's credit holds what was counted of its children (``pending``).
            gone = [pid for pid in self.last if pid not in inside]
            root_credit = 0.0
            for pid in sorted(gone, key=self._depth, reverse=True):
                ppid, own, _ = self.last[pid]
                self.departed += own
                credit = own + self.pending.pop(pid, 0.0)
                if ppid == self.root:
                    root_credit += credit
                else:
                    self.pending[ppid] = self.pending.get(ppid, 0.0) + credit
            for pid in gone:
                del self.last[pid]
            self.last.update({pid: stats[pid] for pid in inside if pid in stats and pid != self.root})
            root = stats.get(self.root)
            if root is not None:
                # The root's reaped figure grows by the whole time of each child it waits for (and of
                # everything that child reaped): what is beyond what was counted of them as they ended
                # is time never seen (a child too short for a reading; the last half second).
                grown = root[2] - self.root_reaped
                self.root_reaped = root[2]
                self.unseen += max(0.0, grown - root_credit)
            mine = (root[1] if root else 0.0) + self.unseen
            total = mine + self.departed + sum(own for _, own, _ in self.last.values())
            # Every figure is a whole number of clock ticks: the sum is too. Summed in another order
            # (a process ended since the last reading) its float could fall a hair below an earlier
            # reading of the same ticks (0.7499999999999716 after 0.75: a failing test, 2026-12-07).
            return round(total * TICK) / TICK

    def _depth(self, pid: int) -> int:
        depth, seen = 0, {pid}
        while pid in self.last and self.last[pid][0] not in seen:
            pid = self.last[pid][0]
            seen.add(pid)
            depth += 1
        return depth


TREE = Tree(os.getpid())


def tree_cpu(root: int) -> float:
    """CPU seconds used by ``root`` (this process, as the plugin calls it) and every process under it."""
    tree = TREE if root == TREE.root else Tree(root)
    return tree.cpu()


def machine_busy() -> tuple[float, float]:
    """(busy, all) seconds of every core so far, from /proc/stat's first line."""
    parts = [int(x) for x in (PROC / "stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = parts[3] + (parts[4] if len(parts) > 4 else 0)
    return (sum(parts) - idle) / TICK, sum(parts) / TICK


ENABLED = (PROC / "self" / "stat").exists()
KEY = pytest.StashKey[tuple[float, float]]()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, None, None]:
    if ENABLED:
        item.stash[KEY] = (tree_cpu(os.getpid()), time.monotonic())
    return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """The teardown's report carries the test's CPU and wall time, set-up to tear-down (the workers send
    their reports to the controller, which prints them)."""
    report: pytest.TestReport = yield
    start = item.stash.get(KEY, None)
    if call.when == "teardown" and start is not None:
        report.user_properties.append(("cpu", tree_cpu(os.getpid()) - start[0]))
        report.user_properties.append(("wall", time.monotonic() - start[1]))
    return report


class Summary:
    """Collects each test's figures (from the workers' reports, or this process's own) and prints them."""

    def __init__(self) -> None:
        self.rows: list[tuple[float, float, str]] = []  # (wall, cpu, nodeid)
        self.start = time.monotonic()
        self.busy0 = machine_busy() if ENABLED else (0.0, 0.0)
        self.cpu0 = tree_cpu(os.getpid()) if ENABLED else 0.0

    @pytest.hookimpl
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when != "teardown":
            return
        props: dict[str, Any] = dict(report.user_properties)
        if "cpu" in props:
            self.rows.append((float(props["wall"]), float(props["cpu"]), report.nodeid))

    @pytest.hookimpl(trylast=True)
    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if not ENABLED or not self.rows:
            return
        wall = time.monotonic() - self.start
        busy1, all1 = machine_busy()
        cores = os.cpu_count() or 1
        machine = (busy1 - self.busy0[0]) / max(1e-9, (all1 - self.busy0[1])) * cores
        cpu = tree_cpu(os.getpid()) - self.cpu0  # the workers and everything under them (the controller's tree)
        tests_cpu = sum(r[1] for r in self.rows)
        tr = terminalreporter
        tr.section(f"{SLOWEST} slowest tests (wall, and CPU of the test's processes: pytest, playwright, chromium)")
        for wall_s, cpu_s, nodeid in sorted(self.rows, reverse=True)[:SLOWEST]:
            tr.write_line(f"{wall_s:7.1f} s wall {cpu_s:7.1f} s CPU  {nodeid}")
        by_file: dict[str, list[float]] = {}
        for wall_s, cpu_s, nodeid in self.rows:
            f = by_file.setdefault(nodeid.split("::", 1)[0], [0.0, 0.0, 0])
            f[0] += wall_s
            f[1] += cpu_s
            f[2] += 1
        tr.section("the files taking most CPU")
        for name, (w, c, n) in sorted(by_file.items(), key=lambda kv: -kv[1][1])[:15]:
            tr.write_line(f"{w:7.1f} s wall {c:7.1f} s CPU  {int(n):4d} tests  {name}")
        by_subject: dict[str, list[float]] = {}
        for wall_s, cpu_s, nodeid in self.rows:
            parts = nodeid.split("::", 1)[0].split("/")
            f = by_subject.setdefault("/".join(parts[:2]) if len(parts) > 2 else parts[0] + "/", [0.0, 0.0, 0])
            f[0] += wall_s
            f[1] += cpu_s
            f[2] += 1
        tr.section("by folder")
        for name, (w, c, n) in sorted(by_subject.items(), key=lambda kv: -kv[1][1]):
            tr.write_line(f"{w:7.1f} s wall {c:7.1f} s CPU  {int(n):4d} tests  {name}")
        if REPORT.parent.is_dir():  # every test's figures, for a closer look (build/ is the build's)
            REPORT.write_text(json.dumps([{"test": n, "wall": round(w, 2), "cpu": round(c, 2)} for w, c, n in sorted(self.rows, reverse=True)], indent=0))
            tr.write_line(f"every test's figures: {REPORT.relative_to(Path.cwd()) if REPORT.is_relative_to(Path.cwd()) else REPORT}")
        tr.section("CPU use")
        tr.write_line(f"pytest: {wall:.0f} s wall, {cpu:.0f} CPU-s in its processes ({cpu / max(wall, 1e-9):.2f} cores "
                      f"of {cores}; {tests_cpu:.0f} CPU-s within tests); the machine as a whole was busy "
                      f"{machine:.2f} cores (other work included); load average now {os.getloadavg()[0]:.1f}")


def pytest_configure(config: pytest.Config) -> None:
    if ENABLED:
        TREE.watch()
    if ENABLED and not hasattr(config, "workerinput"):  # the controller (or a run without xdist) prints
        config.pluginmanager.register(Summary(), "primi-cpu-summary")
