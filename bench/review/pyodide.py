"""The review's budget in Pyodide (issue 23): one seat of a 20-deal Primero game, a Primiera game to 11
and a 4-round Primo game, each fully reviewed within 60 s in Pyodide on this machine.

Run from the repository root (needs Node, like the build's snapshot; nice it on a shared machine):
    nice -n 10 python3 -m bench.review.pyodide                 # the three budget games, seed 1
    nice -n 10 python3 -m bench.review.pyodide --seeds 1,2,3   # more games
    nice -n 10 python3 -m bench.review.pyodide --more --only rms   # RMS, 4 players, 20 deals

Method: each game is played in CPython (the reviewed seat 0 at ``medium``, the others ``hard``) and
recorded; the record is reviewed in CPython, then in Pyodide under Node from the built site's own
runtime (build.copy_runtime, build.zip_core: the trimmed stdlib and the core as shipped), one
process per game, timing ``Review(record, 0)`` and its lines. It prints the seconds on each, their
ratio, the decisions reviewed, and whether the two interpreters gave the same lines (a review is
deterministic: they must). Figures, not a test.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import build
from bench.kit.figures import table_head
from bench.review.calibrate import play_record
from pygame_core.registry import load
from pygame_core.review import Review

CASES: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("primero", "waks", {"players": 2, "deals": 20}),
    ("primiera", "2p", {"players": 2, "target": 11}),
    ("primo", "rounds", {"players": 3, "rounds": 4}),
)
MORE: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("primero", "rms", {"players": 4, "deals": 20}),  # the longest Primero review: about 150 decisions
    ("primero", "northpass", {"players": 4, "deals": 20}),
)

RUN = r"""
import { readFileSync } from "node:fs";
import { join } from "node:path";
const [site, recordFile] = [process.argv[1], process.argv[2]];
const { loadPyodide } = await import(join(site, "pyodide", "pyodide.mjs"));
const py = await loadPyodide({ indexURL: join(site, "pyodide") + "/" });
py.unpackArchive(new Uint8Array(readFileSync(join(site, "pygame_core.zip"))), "zip");
py.globals.set("RECORD", readFileSync(recordFile, "utf8"));
console.log(py.runPython(`
import json, time
from pygame_core.records import Record
from pygame_core.review import Review
t0 = time.perf_counter()
review = Review(Record.from_json(RECORD), 0)
lines = list(review.lines())
json.dumps({"seconds": time.perf_counter() - t0, "lines": lines})
`));
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", default="1")
    parser.add_argument("--more", action="store_true", help="also RMS and Northpass, 4 players, 20 deals")
    parser.add_argument("--only", default="", help="only the cases whose 'game variant' contains this")
    args = parser.parse_args()
    cases = [c for c in (*CASES, *(MORE if args.more else ())) if args.only in f"{c[0]} {c[1]}"]
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        site.mkdir()
        build.copy_runtime(site)
        build.zip_core(site / "pygame_core.zip")
        table_head(["game", "seed", "actions", "decisions", "CPython s", "Pyodide s", "ratio", "same lines"])
        for seed in (int(s) for s in args.seeds.split(",")):
            for name, variant, options in cases:
                opts = load(name).info.variant(variant).resolve_options(options)
                kinds = ["medium"] + ["hard"] * (opts["players"] - 1)
                record = play_record(name, variant, opts, kinds, seed)
                t0 = time.perf_counter()
                lines = list(Review(record, 0).lines())
                cpy = time.perf_counter() - t0
                path = Path(tmp) / f"{name}.json"
                path.write_text(json.dumps(record.to_json()))
                out = subprocess.run(["node", "--input-type=module", "-e", RUN, str(site), str(path)],
                                     capture_output=True, text=True, timeout=1800)
                if out.returncode != 0:
                    print(f"| {name} {variant} | {seed} | failed: {out.stderr.strip().splitlines()[-1:]} |")
                    continue
                got = json.loads(out.stdout.strip().splitlines()[-1])
                same = json.loads(json.dumps(lines)) == got["lines"]
                print(f"| {name} {variant} | {seed} | {len(record.actions)} | {len(lines)} | {cpy:.1f} | "
                      f"{got['seconds']:.1f} | {got['seconds'] / cpy:.2f} | {'yes' if same else 'NO'} |", flush=True)


if __name__ == "__main__":
    main()
