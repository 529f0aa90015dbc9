"""Replay a long RMS game and print the replay time and the size of one observation.

The game: RMS, 6 players, 1,000 deals, 10,000 chips each, every seat played by the
``random`` agent (or ``--agent easy``) from a fixed seed. The actions are played once
(not timed), then replayed from the record through ``GAME.apply`` (timed). The
observation printed is the JSON size of seat 0's observation of the final state,
which carries only the recent log (the whole log is available from ``log_entries``).

    python3 -m bench.primero.replay                 # random agents, seed 1
    python3 -m bench.primero.replay --agent easy --seed 2 --deals 200
"""

from __future__ import annotations

import argparse
import json
import time

from bench.kit.figures import seat_rngs
from pygame_core.agents import make_agent
from pygame_core.primero.game import GAME


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--agent", default="random", choices=["random", "easy"])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--players", type=int, default=6)
    args = ap.parse_args()
    options = {"players": args.players, "deals": args.deals, "chips": 10_000}
    s = GAME.initial_state(options, args.seed, "rms")
    agents = [make_agent("primero", args.agent) for _ in range(args.players)]
    rngs = seat_rngs(args.seed, args.players, stride=31)
    actions: list[str] = []
    started = time.perf_counter()
    while not GAME.is_terminal(s):
        p = GAME.current_player(s)
        obs = GAME.observation(s, p) if args.agent != "random" else {}  # the random agent never reads it
        a = agents[p].choose(obs, GAME.legal_actions(s), rngs[p])
        actions.append(a)
        s = GAME.apply(s, a)
    played = time.perf_counter() - started

    started = time.perf_counter()
    r = GAME.initial_state(options, args.seed, "rms")
    for a in actions:
        r = GAME.apply(r, a)
    replayed = time.perf_counter() - started
    assert r == s
    observation = GAME.observation(r, 0)
    obs = json.dumps(observation)
    log_size = observation.get("log_size", len(observation["log"]))
    print(f"RMS, {args.players} players, {r.deal} deals, {len(actions):,} actions ({args.agent} agents, seed {args.seed})")
    print(f"played in {played:.1f} s (agents and legal actions included)")
    print(f"replay: {replayed:.2f} s ({replayed / len(actions) * 1e6:.0f} µs per action)")
    print(f"one observation: {len(obs):,} bytes of JSON (public log: {log_size:,} entries)")


if __name__ == "__main__":
    main()
