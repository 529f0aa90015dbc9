"""The heads-up Waks equilibrium table (pygame_core/primero/ai/cfr.py, ai/data/cfr_waks2.json)."""

from __future__ import annotations

import json
import shutil
import subprocess
import zipfile
import zlib
from pathlib import Path
from typing import Any

import pytest

from pygame_core.agents import RandomAgent
from pygame_core.primero.ai import PrimeroAgent, cfr
from pygame_core.primero.game import GAME
from pygame_core.rng import AgentRandom

MAX_BYTES = 300_000


def test_the_table_loads_and_is_small() -> None:
    """The table ships inside pygame_core.zip (deflated): at most 300 KB there, and pinned by size."""
    raw = cfr.TABLE_PATH.read_bytes()
    assert len(zlib.compress(raw, 9)) <= MAX_BYTES and 1_000 < len(raw) <= MAX_BYTES, len(raw)
    t = cfr.table()
    assert t["v"] == 2 and len(t["b1"]) >= 5 and len(t["b2"]) >= 10
    assert t["b1"] == sorted(t["b1"]) and t["b2"] == sorted(t["b2"])
    meta = t["meta"]
    assert meta["iters"] >= 100 and 0 <= meta["exploitability_shipped"] < 0.5
    n1, n2 = cfr.round_nodes(True), cfr.round_nodes(False)
    assert len(t["r1"]) == len(n1) and set(t["r2"]) <= set(cfr.summaries())
    for first, rows in [(True, {"": t["r1"]}), (False, t["r2"])]:
        nodes = n1 if first else n2
        nb = len(t["b1" if first else "b2"]) + 1
        for summ, row in rows.items():
            assert len(row) <= len(nodes), summ
            for seq, e in zip(nodes, row, strict=False):
                _, _, state, _, acts = cfr.replay(first, seq)
                assert state == "open" and (e == "" or len(e) == nb * len(acts)), (summ, seq)


def _own_reach(first: bool, me: int, summ: str, start: set[int]) -> int:
    """How many (node, bucket) of one round seat role ``me`` (0: eldest) reaches by its own table
    play from ``start`` buckets, whatever the opponent does (every token); each must have weights."""
    seen = 0
    todo: list[tuple[str, set[int]]] = [("", start)]
    while todo:
        seq, buckets = todo.pop()
        actor, _, state, _, acts = cfr.replay(first, seq)
        if state != "open" or not buckets:
            continue
        if actor != me:
            todo.extend((seq + a, buckets) for a in acts)
            continue
        e = cfr.entry(first, summ, seq)
        assert e is not None, f"no entry for {summ!r} {seq!r}"
        nxt: list[set[int]] = [set() for _ in acts]
        for b in buckets:
            w = cfr.weights(e, b, len(acts))
            assert w is not None and sum(w) > 0, f"bucket {b} missing at {summ!r} {seq!r}"
            seen += 1
            for i, wi in enumerate(w):
                if wi:
                    nxt[i].add(b)
        todo.extend((seq + a, nxt[i]) for i, a in enumerate(acts))
    return seen


def test_every_node_the_table_can_reach_is_covered() -> None:
    """Exhaustive: whatever the opponent does (every legal token), each seat's own table play never
    reaches a node or bucket without weights, in round 1 and in round 2 after every round-1 line the
    seat can reach (any round-2 bucket)."""
    t = cfr.table()
    nb1, nb2 = len(t["b1"]) + 1, len(t["b2"]) + 1
    for me in (0, 1):
        assert _own_reach(True, me, "", set(range(nb1)))
        # the round-1 lines this seat can end: walk its own play with every bucket
        ends: set[str] = set()
        todo: list[tuple[str, set[int]]] = [("", set(range(nb1)))]
        while todo:
            seq, buckets = todo.pop()
            actor, _, state, _, acts = cfr.replay(True, seq)
            if state == "end":
                ends.add(cfr.summary(seq))
                continue
            if state != "open" or not buckets:
                continue
            for i, a in enumerate(acts):
                if actor != me:
                    todo.append((seq + a, buckets))
                    continue
                e = cfr.entry(True, "", seq) or ""
                todo.append((seq + a, {b for b in buckets if (cfr.weights(e, b, len(acts)) or [0] * len(acts))[i] > 0}))
        assert "0" in ends
        for s in ends if t["r2"] else ():  # the table keeps round 2 only when hard plays it (cfr.ROUNDS)
            assert _own_reach(False, me, s, set(range(nb2)))


def _play(seed: int, opponent: Any, deals: int = 6) -> tuple[list[str], int]:
    """A heads-up Waks game, hard (with the table) in seat 0; every hard betting turn must be in the
    table unless the state is outside the abstraction for a documented reason."""
    state = GAME.initial_state({"players": 2, "deals": deals}, seed, "waks")
    hard = PrimeroAgent("hard")
    hard.prepare("waks", {})
    agents = [hard, opponent]
    rngs = [AgentRandom(seed), AgentRandom(seed + 1)]
    actions = []
    used = 0
    while not GAME.is_terminal(state):
        p = GAME.current_player(state)
        obs = GAME.observation(state, p)
        legal = GAME.legal_actions(state)
        if p == 0 and obs["phase"] in cfr.ROUNDS and len(legal) > 1:
            where = cfr.locate(obs)
            if isinstance(where, str):
                assert where in ("carried pot", "someone out or all-in", "off the abstraction"), where
                if where == "off the abstraction":  # only a see all-in leaves it
                    assert any("all-in" in str(e["action"]) for e in obs["log"] if e["deal"] == obs["deal"])
            else:
                summ, seq, b, acts = where
                e = cfr.entry(obs["phase"] == "bet1", summ, seq)
                assert e is not None, (summ, seq)
                w = cfr.weights(e, b, len(acts))
                assert w is not None and sum(w) > 0, (summ, seq, b)
                fork = AgentRandom(seed + len(actions))
                assert cfr.choose(obs, legal, fork) in legal
                used += 1
        a = agents[p].choose(obs, legal, rngs[p])
        assert a in legal
        actions.append(a)
        state = GAME.apply(state, a)
    return actions, used


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_play_stays_in_the_table(seed: int) -> None:
    _, used = _play(seed, RandomAgent())
    assert used > 5


def test_table_play_against_medium_stays_in_the_table() -> None:
    _, used = _play(4, PrimeroAgent("medium"), deals=8)
    assert used > 5


def test_choice_is_deterministic_for_a_seed() -> None:
    a1, _ = _play(5, RandomAgent(), deals=4)
    a2, _ = _play(5, RandomAgent(), deals=4)
    assert a1 == a2
    state = GAME.initial_state({"players": 2, "deals": 3}, 9, "waks")
    obs = GAME.observation(state, GAME.current_player(state))
    legal = GAME.legal_actions(state)
    assert obs["phase"] in cfr.ROUNDS
    picks = {cfr.choose(obs, legal, AgentRandom(17)) for _ in range(5)}
    assert len(picks) == 1 and picks <= set(legal)


def test_outside_the_abstraction_the_table_says_so() -> None:
    state = GAME.initial_state({"players": 2, "stake": 1, "rest": 4}, 3, "waks")
    obs = GAME.observation(state, GAME.current_player(state))
    assert cfr.locate(obs) == "stake/rest not 1/3"
    assert cfr.choose(obs, GAME.legal_actions(state), AgentRandom(1)) is None
    state = GAME.initial_state({"players": 3}, 3, "waks")
    assert cfr.locate(GAME.observation(state, GAME.current_player(state))) == "not heads-up Waks"


def test_a_pass_facing_a_vie_is_no_token_heads_up() -> None:
    # E vies 1, D revies 2, E passes once (D-WB2), then sees: the same line as E seeing at once
    assert cfr.round_tokens([(0, "vie 1"), (1, "revie 2"), (0, "pass"), (0, "see")], eldest=0) == ("12c", "", False)
    assert cfr.round_tokens([(0, "pass"), (1, "vie 3"), (0, "see all-in")], eldest=0) is None
    assert cfr.summary("12c") == "3d" and cfr.summary("pp") == "0" and cfr.summary("p3c") == "3d"


NODE_PYODIDE = Path(__file__).resolve().parents[2] / "node_modules" / "pyodide" / "pyodide.mjs"


@pytest.mark.slow
@pytest.mark.skipif(not NODE_PYODIDE.exists() or not shutil.which("node"), reason="needs node and the npm pyodide")
def test_pyodide_loads_the_table_from_the_core_zip(tmp_path: Path) -> None:
    """The site's pygame_core.zip holds the table, and Pyodide (the worker's, run by node here) unpacks
    it and plays a heads-up Waks bet from it."""
    import build

    z = tmp_path / "pygame_core.zip"
    build.zip_core(z)
    assert "pygame_core/primero/ai/data/cfr_waks2.json" in zipfile.ZipFile(z).namelist()
    script = tmp_path / "run.mjs"
    script.write_text(f"""
import {{ loadPyodide }} from {json.dumps(NODE_PYODIDE.as_uri())};
import {{ readFileSync }} from "fs";
const py = await loadPyodide({{ indexURL: {json.dumps(str(NODE_PYODIDE.parent) + "/")} }});
py.unpackArchive(new Uint8Array(readFileSync({json.dumps(str(z))})), "zip");
console.log(py.runPython(`
from pygame_core.primero.game import GAME
from pygame_core.primero.ai import cfr
from pygame_core.rng import AgentRandom
s = GAME.initial_state({{"players": 2}}, 5, "waks")
o = GAME.observation(s, GAME.current_player(s))
a = cfr.choose(o, GAME.legal_actions(s), AgentRandom(3))
f"table v{{cfr.table()['v']}} {{a}} {{a in GAME.legal_actions(s)}}"
`));
""")
    out = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=300)
    assert out.stdout.strip().startswith("table v2 ") and out.stdout.strip().endswith(" True"), out.stderr[-2000:]
