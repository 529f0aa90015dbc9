"""Heads-up Waks betting from an equilibrium table computed offline (issue 11).

``bench/primero/cfr_build.py`` runs CFR+ over an abstraction of heads-up Waks (the default rule set,
stake 1, rest 3) and writes ``ai/data/cfr_waks2.json``; the hard agent asks ``choose`` for its
betting decisions heads-up and plays the table's mixed strategy (sampled with the agent's own
seeded ``AgentRandom``). Card play (the draw) stays the agent's.

The abstraction (shared by the builder and this module):
- Players by position: ``E`` the eldest (speaks first in both rounds), ``D`` the dealer.
- Round 1 (two cards): the hand's bucket by the expected percentile of the final hand after the
  best keep (``Evaluator.keep_values``; the draw potential), ``B1`` buckets of equal frequency.
- Round 2 (four cards, final): the bucket of the hand's percentile among final hands (equal
  frequency over hands reached by the draw policy), ``B2`` buckets.
- A round's betting is a string of tokens: ``p`` pass (with nothing to see), a digit ``n``
  (a vie of ``n`` if nobody has vied, else a revie of ``n`` on top of the see), ``c`` see,
  ``f`` fold. Every legal amount (1..3) is kept, and up to ``REVIE_CAP`` revies per round.
  A pass facing a vie (D-WB2's pass-once) changes nothing heads-up (the same player speaks
  again and must see, revie or fold), so it is not a token: ``round_tokens`` skips it.
- Round 2 forgets round 1 but for its summary: the chips each player put in (equal once the
  round is over) and who bet last (``e``, ``d``), e.g. ``"3d"``; ``"0"`` when both passed.
"""

from __future__ import annotations

import json
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from ...rng import AgentRandom
from ..state import REVIE_CAP
from .eval import Evaluator, evaluator

TABLE_PATH = Path(__file__).resolve().parent / "data" / "cfr_waks2.json"
TABLE_VARIANT = "waks"  # the rule set the table was computed for (heads-up, stake 1, rest 3)
AMOUNTS = (1, 2, 3)  # stake 1 .. rest 3
MAX_C = 3 * (1 + REVIE_CAP)  # the most one player can put in during one round
ROUNDS = ("bet1",)
"""The rounds the hard agent bets from the table. Round 2 stays hard's own expected-chips play,
which reads the opponent (its vie, fold and checked-to rates): the gauntlet measured that
combination best against every style (bench/STRENGTH.md, "The CFR table")."""


def replay(first: bool, seq: str) -> tuple[int, list[int], str, int, str]:
    """Replay a round's tokens: (actor to speak, bets (E, D), state, last bettor or -1, actions).

    ``state`` is "open" (someone to speak), "end" (the round is over with equal bets) or
    "fold0"/"fold1" (E/D folded); ``actions`` the tokens legal for the actor ("" when over)."""
    bets = [0, 0]
    actor, vier, raises, seen, passes, last = 0, -1, 0, False, 0, -1
    for i, ch in enumerate(seq):
        acts = _acts(first, vier, raises, seen)
        if ch not in acts:
            raise ValueError(f"token {ch!r} at {i} of {seq!r}")
        if ch == "p":
            passes += 1
            if passes == 2:
                return actor, bets, "end", last, ""
        elif ch == "c":
            bets[actor] = bets[1 - actor]
            return actor, bets, "end", last, ""
        elif ch == "f":
            return actor, bets, f"fold{actor}", last, ""
        else:
            n = int(ch)
            if vier < 0:
                vier = actor
                bets[actor] += n
            else:
                bets[actor] = bets[1 - actor] + n
                raises += 1
                seen = True
            last = actor
        actor = 1 - actor
    return actor, bets, "open", last, _acts(first, vier, raises, seen)


def _acts(first: bool, vier: int, raises: int, seen: bool) -> str:
    if vier < 0:
        return "p123"
    more = "123" if raises < REVIE_CAP else ""
    if first and not seen:
        return "c" + more  # D-WB3: heads-up, the one facing the first vie of round 1 must see
    return "fc" + more


def summary(seq1: str) -> str:
    """Round 2's memory of round 1 (a finished round-1 token string)."""
    _, bets, state, last, _ = replay(True, seq1)
    if state != "end":
        raise ValueError(f"round 1 not over: {seq1!r}")
    return "0" if bets[0] == 0 else f"{bets[0]}{'ed'[last]}"


def summaries() -> list[str]:
    """Every round-1 summary, in the builder's order."""
    return ["0"] + [f"{c}{a}" for c in range(1, MAX_C + 1) for a in "ed"]


def round_nodes(first: bool) -> list[str]:
    """Every decision node (token string) of one round, parents before children."""
    out: list[str] = []
    todo = [""]
    while todo:
        seq = todo.pop(0)
        _, _, state, _, acts = replay(first, seq)
        if state != "open":
            continue
        out.append(seq)
        todo.extend(seq + a for a in acts)
    return out


# --- hand buckets ---------------------------------------------------------------------------


def keep_value(ev: Evaluator, hand: Sequence[int]) -> float:
    """Round 1: the expected final percentile after the best keep of a 2-card hand (0.5 for none)."""
    vals = ev.keep_values(list(hand))
    return max([0.5, *vals.values()])


def bucket(edges: Sequence[float], x: float) -> int:
    """The bucket of ``x`` (edges ascending; ``len(edges) + 1`` buckets)."""
    return bisect_right(edges, x)


# --- the table --------------------------------------------------------------------------------


@cache
def table() -> dict[str, Any]:
    """The shipped table, loaded once (lazily, at the first heads-up Waks bet)."""
    with open(TABLE_PATH, encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


@cache
def node_index(first: bool) -> dict[str, int]:
    """A round's decision nodes (token strings) by their position in the table."""
    return {seq: i for i, seq in enumerate(round_nodes(first))}


def entry(first: bool, summ: str, seq: str) -> str | None:
    """The table's weights at a node (every bucket's), or None when the table has none there."""
    t = table()
    i = node_index(first).get(seq)
    if i is None:
        return None
    row: list[str] = t["r1"] if first else t["r2"].get(summ, [])
    return row[i] or None if i < len(row) else None


def weights(entry: str, b: int, n: int) -> list[int] | None:
    """The action weights of bucket ``b`` at a node with ``n`` actions (None: never reached)."""
    chunk = entry[b * n:(b + 1) * n]
    if len(chunk) != n or chunk == "." * n:
        return None
    return [int(ch, 36) for ch in chunk]


# --- from an observation -------------------------------------------------------------------


def round_tokens(entries: Sequence[tuple[int, str]], eldest: int) -> tuple[str, str, bool] | None:
    """This deal's public actions as (round-1 tokens, round-2 tokens, drawn), or None when the
    deal left the abstraction (an all-in see, or an action no seat could make here)."""
    rounds = ["", ""]
    r = 0
    drawn = False
    for seat, text in entries:
        parts = text.split()
        verb = parts[0] if parts else ""
        if verb == "discard":
            r, drawn = 1, True
            continue
        if verb not in ("vie", "revie", "see", "pass", "fold"):
            continue
        if verb == "see" and len(parts) > 1:
            return None  # "see all-in": short of chips, outside the table
        seq = rounds[r]
        actor, _, state, _, acts = replay(r == 0, seq)
        if state != "open" or (seat != eldest) != bool(actor):
            return None
        if verb == "pass":
            if "p" not in acts:
                continue  # D-WB2's pass-once: heads-up the same seat speaks again
            tok = "p"
        elif verb in ("vie", "revie"):
            tok = parts[1] if len(parts) == 2 and parts[1] in "123" else ""
        else:
            tok = "c" if verb == "see" else "f"
        if not tok or tok not in acts:
            return None
        rounds[r] = seq + tok
    return rounds[0], rounds[1], drawn


def locate(obs: Mapping[str, Any]) -> tuple[str, str, int, str] | str:
    """The node (round-1 summary, or "" in round 1; the round's tokens), our bucket and the node's
    actions for this observation, or why there is none."""
    if obs.get("variant") != TABLE_VARIANT or int(obs.get("players") or 0) != 2:
        return "not heads-up Waks"
    opts = obs.get("options") or {}
    if int(opts.get("stake", 1)) != 1 or int(opts.get("rest", 3)) != 3:
        return "stake/rest not 1/3"
    phase = obs.get("phase")
    if phase not in ("bet1", "bet2"):
        return "not betting"
    if int(obs.get("carried") or 0):
        return "carried pot"
    seats = obs["seats"]
    if any(s["folded"] or s["out"] or s.get("all_in") for s in seats):
        return "someone out or all-in"
    deal = obs["deal"]
    eldest = (int(obs["dealer"]) + 1) % 2
    entries = [(int(e["seat"]), str(e["action"])) for e in obs.get("log") or [] if e["deal"] == deal and e["seat"] >= 0]
    got = round_tokens(entries, eldest)
    if got is None:
        return "off the abstraction"
    seq1, seq2, drawn = got
    first = phase == "bet1"
    if drawn == first:
        return "log and phase disagree"
    seq = seq1 if first else seq2
    actor, _, state, _, acts = replay(first, seq)
    me = int(obs["seat"])
    if state != "open" or (me == eldest) != (actor == 0):
        return "not our turn in the abstraction"
    t = table()
    ev = evaluator(TABLE_VARIANT)
    hand = [ev.index[c] for c in obs["hand"]]
    if first:
        if len(hand) != 2:
            return "not two cards"
        return "", seq, bucket(t["b1"], keep_value(ev, hand)), acts
    if len(hand) != 4:
        return "not four cards"
    return summary(seq1), seq, bucket(t["b2"], ev.pct(hand)), acts


def choose(obs: Mapping[str, Any], legal: Sequence[str], rng: AgentRandom,
           rounds: Sequence[str] = ROUNDS) -> str | None:
    """The table's action for a heads-up Waks betting turn in ``rounds`` (sampled with ``rng``), or
    None when the state is outside the table (another rule set or stake, a carried pot, an all-in)."""
    if obs.get("phase") not in rounds:
        return None
    where = locate(obs)
    if isinstance(where, str):
        return None
    summ, seq, b, acts = where
    e = entry(obs["phase"] == "bet1", summ, seq)
    w = weights(e, b, len(acts)) if e is not None else None
    if w is None or not sum(w):
        return None  # tests/test_primero_cfr.py: never in play
    x = rng.random() * sum(w)
    tok = acts[-1]
    for a, wa in zip(acts, w, strict=True):
        if x < wa:
            tok = a
            break
        x -= wa
    return to_action(tok, legal)


def to_action(tok: str, legal: Sequence[str]) -> str | None:
    """A token as a legal action text; a bet larger than the chips allow becomes the largest legal one."""
    if tok == "p":
        return "pass" if "pass" in legal else None
    if tok == "c":
        return "see" if "see" in legal else None
    if tok == "f":
        return "fold" if "fold" in legal else None
    verb = "vie" if any(a.startswith("vie ") for a in legal) else "revie"
    amounts = sorted(int(a.split()[1]) for a in legal if a.startswith(verb + " "))
    fit = [n for n in amounts if n <= int(tok)]
    if fit:
        return f"{verb} {fit[-1]}"
    return "see" if "see" in legal else None
