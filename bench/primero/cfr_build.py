"""Build the heads-up Waks equilibrium table (pygame_core/primero/ai/data/cfr_waks2.json) by CFR+.

Run from the repository root (a dev tool: needs numpy, in the dev extras):
    nice -n 10 python3 -m bench.primero.cfr_build --iters 1500 --samples 300000
    python3 -m bench.primero.cfr_build --iters 30 --samples 20000 --out /tmp/t.json     # a quick try

The abstraction is described in pygame_core/primero/ai/cfr.py. The game it solves:
- Chance: each player's round-1 bucket (equal-frequency buckets of the 2-card hands by the
  expected final percentile after the best keep); after round 1, each moves to a round-2 bucket
  by the transition T[b1, b2], and the showdown is won by E with chance W[b2E, b2D]. T and W are
  estimated by dealing real hands (the whole deal: two cards each, the best keep, the draw from
  the stock, two more cards each, the real showdown with ties to the eldest); the buckets of the
  two players are treated as independent (simplification: card removal enters W only).
- Betting: Waks's, heads-up (vie 1..3, see, revie 1..3 on top of the see, up to 4 revies a
  round, fold; D-WB3's forced see of the first vie in round 1; D-WB2's pass-once is a no-op
  heads-up). Simplifications: deep stacks (no all-in), no carried pot, and a swig (nobody vies
  in round 2) is worth 0 (each player's share of the carried pot is taken as what it put in).
- Round 2 knows round 1 only by its summary (chips in, last bettor): imperfect recall. Its
  regrets are weighted by the joint reach of the two players' round-2 buckets over the round-1
  lines of the summary (both players' round-1 strategies and chance).
CFR+ (regrets floored at 0, linear averaging, simultaneous updates) over the public tree with
vectors/matrices over the buckets (numpy). Exploitability: a best response in the same bucket
abstraction (the responder remembers the whole round-1 line), in chips per deal:
(u_E(BR, avg_D) + u_D(avg_E, BR)) / 2.
"""

from __future__ import annotations

import argparse
import json
import pickle
import random
import time
import zlib
from itertools import combinations
from pathlib import Path

import numpy as np

from pygame_core.primero.ai import cfr
from pygame_core.primero.ai.eval import evaluator

B1 = 10
B2 = 16


def quantile_edges(values: list[float], n: int) -> list[float]:
    """Edges (midpoints between distinct values) that split ``values`` into ``n`` near-equal parts."""
    vs = sorted(values)
    distinct = sorted(set(vs))
    edges: list[float] = []
    for k in range(1, n):
        x = vs[int(k * len(vs) / n)]
        i = distinct.index(x)
        if i == 0:
            continue
        e = round((distinct[i - 1] + x) / 2, 9)
        if not edges or e > edges[-1]:
            edges.append(e)
    return edges


def chance_model(samples: int, seed: int) -> dict[str, object]:
    """Buckets, P1, T and W from the deck and from dealt deals."""
    ev = evaluator("waks")
    ev.pct((0, 1, 2, 3))
    kv: dict[tuple[int, int], float] = {}
    best_keep: dict[tuple[int, int], tuple[int, ...]] = {}
    for h in combinations(range(ev.size), 2):
        vals = ev.keep_values(list(h))
        kv[h] = cfr.keep_value(ev, h)
        opts = [(0.5, ())] + [(vals[(1 << a)], (a,)) for a in h] + [(vals[(1 << h[0]) | (1 << h[1])], h)]
        best_keep[h] = max(opts, key=lambda t: (t[0], -len(t[1])))[1]
    e1 = quantile_edges(list(kv.values()), B1)
    b1_of = {h: cfr.bucket(e1, v) for h, v in kv.items()}
    nb1 = len(e1) + 1
    p1 = np.zeros(nb1)
    for b in b1_of.values():
        p1[b] += 1
    p1 /= p1.sum()
    rng = random.Random(seed)
    deck = list(range(ev.size))
    rows = []
    for _ in range(samples):
        rng.shuffle(deck)
        he, hd = tuple(sorted(deck[0:2])), tuple(sorted(deck[2:4]))
        pos = 4
        finals = []
        for h in (he, hd):
            kept = list(best_keep[h])
            need = 2 - len(kept)
            kept += deck[pos:pos + need]
            pos += need
            finals.append(kept)
        finals[0] += deck[pos:pos + 2]
        finals[1] += deck[pos + 2:pos + 4]
        se, sd = ev.strength(finals[0]), ev.strength(finals[1])
        rows.append((b1_of[he], b1_of[hd], ev.pct_of(se), ev.pct_of(sd), 1.0 if se >= sd else 0.0))
    e2 = quantile_edges([r[2] for r in rows] + [r[3] for r in rows], B2)
    nb2 = len(e2) + 1
    t = np.zeros((nb1, nb2))
    wn = np.zeros((nb2, nb2))
    wd = np.zeros((nb2, nb2))
    for b1e, b1d, pe, pd, win in rows:
        x, y = cfr.bucket(e2, pe), cfr.bucket(e2, pd)
        t[b1e, x] += 1
        t[b1d, y] += 1
        wn[x, y] += win
        wd[x, y] += 1
    t /= t.sum(axis=1, keepdims=True)
    # a cell seldom dealt: the bucket order decides (it almost always does)
    prior = np.where(np.arange(nb2)[:, None] > np.arange(nb2)[None, :], 1.0, 0.0)
    prior[np.diag_indices(nb2)] = 0.5
    w = (wn + 2 * prior) / (wd + 2)
    return {"e1": e1, "e2": e2, "p1": p1, "T": t, "W": w, "samples": samples, "seed": seed}


class Tree:
    """The two rounds' public trees: decision nodes, their actions and children."""

    def __init__(self) -> None:
        self.sums = cfr.summaries()
        self.sidx = {s: i for i, s in enumerate(self.sums)}
        self.c = np.array([0] + [c for c in range(1, cfr.MAX_C + 1) for _ in "ed"], dtype=float)
        self.r = [self._round(True), self._round(False)]

    def _round(self, first: bool) -> list[tuple[str, int, str, list[tuple[str, object]]]]:
        nodes = cfr.round_nodes(first)
        index = {s: i for i, s in enumerate(nodes)}
        out = []
        for seq in nodes:
            actor, _, _, _, acts = cfr.replay(first, seq)
            kids: list[tuple[str, object]] = []
            for a in acts:
                nxt = seq + a
                _, bets, state, _, _ = cfr.replay(first, nxt)
                if state == "open":
                    kids.append(("node", index[nxt]))
                elif state == "end":
                    kids.append(("end", (bets[0], nxt)))
                else:
                    kids.append((state, (bets[0], bets[1])))
            out.append((seq, actor, acts, kids))
        return out


def rm(reg: np.ndarray) -> np.ndarray:
    """Regret matching over the last axis."""
    pos = np.maximum(reg, 0.0)
    s = pos.sum(axis=-1, keepdims=True)
    n = reg.shape[-1]
    return np.where(s > 0, pos / np.where(s > 0, s, 1.0), 1.0 / n)


class Solver:
    def __init__(self, model: dict[str, object]) -> None:
        self.tree = Tree()
        self.p1 = np.asarray(model["p1"])
        self.T = np.asarray(model["T"])
        self.W = np.asarray(model["W"])
        self.nb1, self.nb2 = self.T.shape
        ns = len(self.tree.sums)
        self.sd = 2 * self.W - 1  # E's showdown share per chip in the pot (of one player)
        self.R1 = [np.zeros((self.nb1, len(n[2]))) for n in self.tree.r[0]]
        self.A1 = [np.zeros_like(x) for x in self.R1]
        self.R2 = [np.zeros((ns, self.nb2, len(n[2]))) for n in self.tree.r[1]]
        self.A2 = [np.zeros_like(x) for x in self.R2]
        # round-1 leaves that reach round 2: their summary index
        self.leaf_s: dict[str, int] = {}
        for _seq, _, _, kids in self.tree.r[0]:
            for kind, data in kids:
                if kind == "end":
                    _, nxt = data  # type: ignore[misc]
                    self.leaf_s[nxt] = self.tree.sidx[cfr.summary(nxt)]

    # --- one CFR+ iteration ---------------------------------------------------------------
    def iterate(self, t: int) -> None:
        s1 = [rm(r) for r in self.R1]
        s2 = [rm(r) for r in self.R2]
        ns = len(self.tree.sums)
        # round 1, top-down reaches (chance included)
        reach = self._reach1(s1)
        leaves = list(self.leaf_s)
        xe = np.array([reach[q][0] for q in leaves]) @ self.T  # [L, B2]
        xd = np.array([reach[q][1] for q in leaves]) @ self.T
        J = np.zeros((ns, self.nb2, self.nb2))
        np.add.at(J, [self.leaf_s[q] for q in leaves], xe[:, :, None] * xd[:, None, :])
        # round 2
        u2 = self._round2(s2, J, t, update=True)
        v1 = np.einsum("ax,sxy,by->sab", self.T, u2, self.T)  # [S, B1, B1]
        self._round1(s1, reach, v1, t)

    def _reach1(self, s1: list[np.ndarray]) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        """Reach (E, D) over round-1 buckets of every round-1 node and of every leaf into round 2."""
        nodes = self.tree.r[0]
        at: dict[str, tuple[np.ndarray, np.ndarray]] = {"": (self.p1.copy(), self.p1.copy())}
        out: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        for i, (seq, actor, _acts, kids) in enumerate(nodes):
            re, rd = at[seq]
            out[seq] = (re, rd)
            for a, (kind, data) in enumerate(kids):
                p = s1[i][:, a]
                nre, nrd = (re * p, rd) if actor == 0 else (re, rd * p)
                if kind == "node":
                    at[nodes[data][0]] = (nre, nrd)  # type: ignore[index]
                elif kind == "end":
                    out[data[1]] = (nre, nrd)  # type: ignore[index]
        return out

    def _term2(self, kind: str, data: object) -> np.ndarray:
        """E's payoff [S, B2, B2] at a round-2 terminal."""
        ns = len(self.tree.sums)
        if kind == "end":
            b = data[0]  # type: ignore[index]
            if b == 0:
                return np.zeros((ns, self.nb2, self.nb2))  # swig
            return (self.tree.c + b)[:, None, None] * self.sd[None, :, :]
        be, bd = data  # type: ignore[misc]
        if kind == "fold0":
            return np.broadcast_to(-(self.tree.c + be)[:, None, None], (ns, self.nb2, self.nb2))
        return np.broadcast_to((self.tree.c + bd)[:, None, None], (ns, self.nb2, self.nb2))

    def _round2(self, s2: list[np.ndarray], J: np.ndarray, t: int, update: bool) -> np.ndarray:
        nodes = self.tree.r[1]
        ns = len(self.tree.sums)
        qe: dict[int, np.ndarray] = {0: np.ones((ns, self.nb2))}
        qd: dict[int, np.ndarray] = {0: np.ones((ns, self.nb2))}
        for i, (_, actor, _, kids) in enumerate(nodes):
            for a, (kind, data) in enumerate(kids):
                if kind == "node":
                    p = s2[i][:, :, a]
                    qe[data] = qe[i] * p if actor == 0 else qe[i]  # type: ignore[index]
                    qd[data] = qd[i] * p if actor == 1 else qd[i]  # type: ignore[index]
        je = J.sum(axis=2)  # E's own reach over its round-2 bucket
        jd = J.sum(axis=1)
        u: dict[int, np.ndarray] = {}
        for i in range(len(nodes) - 1, -1, -1):
            _, actor, _, kids = nodes[i]
            ua = np.stack([u[d] if k == "node" else self._term2(k, d) for k, d in kids], axis=-1)  # type: ignore[index]
            sig = s2[i]
            if actor == 0:
                u[i] = np.einsum("sxya,sxa->sxy", ua, sig)
                if update:
                    cfv = np.einsum("sxya,sxy->sxa", ua, J * qd[i][:, None, :])
                    self.R2[i] = np.maximum(self.R2[i] + cfv - (cfv * sig).sum(-1, keepdims=True), 0)
                    self.A2[i] += t * (je * qe[i])[:, :, None] * sig
            else:
                u[i] = np.einsum("sxya,sya->sxy", ua, sig)
                if update:
                    cfv = -np.einsum("sxya,sxy->sya", ua, J * qe[i][:, :, None])
                    self.R2[i] = np.maximum(self.R2[i] + cfv - (cfv * sig).sum(-1, keepdims=True), 0)
                    self.A2[i] += t * (jd * qd[i])[:, :, None] * sig
        return u[0]

    def _term1(self, kind: str, data: object, v1: np.ndarray) -> np.ndarray:
        if kind == "end":
            return v1[self.leaf_s[data[1]]]  # type: ignore[index]
        be, bd = data  # type: ignore[misc]
        return np.full((self.nb1, self.nb1), float(-be if kind == "fold0" else bd))

    def _round1(self, s1: list[np.ndarray], reach: dict[str, tuple[np.ndarray, np.ndarray]], v1: np.ndarray,
                t: int) -> None:
        nodes = self.tree.r[0]
        u: dict[int, np.ndarray] = {}
        for i in range(len(nodes) - 1, -1, -1):
            seq, actor, _, kids = nodes[i]
            ua = np.stack([u[d] if k == "node" else self._term1(k, d, v1) for k, d in kids], axis=-1)  # type: ignore[index]
            sig = s1[i]
            re, rd = reach[seq]
            if actor == 0:
                u[i] = np.einsum("xya,xa->xy", ua, sig)
                cfv = np.einsum("xya,y->xa", ua, rd)
                self.R1[i] = np.maximum(self.R1[i] + cfv - (cfv * sig).sum(-1, keepdims=True), 0)
                self.A1[i] += t * re[:, None] * sig
            else:
                u[i] = np.einsum("xya,ya->xy", ua, sig)
                cfv = -np.einsum("xya,x->ya", ua, re)
                self.R1[i] = np.maximum(self.R1[i] + cfv - (cfv * sig).sum(-1, keepdims=True), 0)
                self.A1[i] += t * rd[:, None] * sig

    # --- the average strategy and its value / exploitability -------------------------------
    def average(self) -> tuple[list[np.ndarray], list[np.ndarray]]:
        return [rm_avg(a) for a in self.A1], [rm_avg(a) for a in self.A2]

    def value(self, s1: list[np.ndarray], s2: list[np.ndarray]) -> float:
        """E's expected chips per deal when both play (s1, s2)."""
        ns = len(self.tree.sums)
        J = np.zeros((ns, self.nb2, self.nb2))
        u2 = self._round2(s2, J, 0, update=False)
        v1 = np.einsum("ax,sxy,by->sab", self.T, u2, self.T)
        nodes = self.tree.r[0]
        u: dict[int, np.ndarray] = {}
        for i in range(len(nodes) - 1, -1, -1):
            _, actor, _, kids = nodes[i]
            ua = np.stack([u[d] if k == "node" else self._term1(k, d, v1) for k, d in kids], axis=-1)  # type: ignore[index]
            u[i] = np.einsum("xya,xa->xy", ua, s1[i]) if actor == 0 else np.einsum("xya,ya->xy", ua, s1[i])
        return float(self.p1 @ u[0] @ self.p1)

    def best_response(self, s1: list[np.ndarray], s2: list[np.ndarray], br: int) -> float:
        """The best responder ``br``'s (0: E, 1: D) expected chips per deal against the others' (s1, s2)."""
        sign = 1.0 if br == 0 else -1.0
        opp = 1 - br
        r1 = self.tree.r[0]
        # opponent's round-1 reach (chance included) at each round-1 node and leaf
        at: dict[str, np.ndarray] = {"": self.p1.copy()}
        leaves: dict[str, np.ndarray] = {}
        for i, (seq, actor, _, kids) in enumerate(r1):
            ro = at[seq]
            for a, (kind, data) in enumerate(kids):
                nr = ro * s1[i][:, a] if actor == opp else ro
                if kind == "node":
                    at[r1[data][0]] = nr  # type: ignore[index]
                elif kind == "end":
                    leaves[data[1]] = nr  # type: ignore[index]
        names = list(leaves)
        sl = np.array([self.leaf_s[q] for q in names])
        c = self.tree.c[sl]  # [L]
        o2 = np.array([leaves[q] for q in names]) @ self.T  # [L, B2] opponent reach into round 2
        # round 2: opponent reach down the tree, then values bottom-up (max at the responder's nodes)
        r2 = self.tree.r[1]
        oq: dict[int, np.ndarray] = {0: o2}
        for i, (_, actor, _, kids) in enumerate(r2):
            for a, (kind, data) in enumerate(kids):
                if kind == "node":
                    oq[data] = oq[i] * s2[i][sl, :, a] if actor == opp else oq[i]  # type: ignore[index]
        val: dict[int, np.ndarray] = {}
        for i in range(len(r2) - 1, -1, -1):
            _, actor, _, kids = r2[i]
            vs = []
            for a, (kind, data) in enumerate(kids):
                if kind == "node":
                    vs.append(val[data])  # type: ignore[index]
                    continue
                o = oq[i] * s2[i][sl, :, a] if actor == opp else oq[i]
                if kind == "end":
                    b = data[0]  # type: ignore[index]
                    if b == 0:
                        vs.append(np.zeros_like(o))
                    elif br == 0:
                        vs.append((c + b)[:, None] * (o @ self.sd.T))
                    else:
                        vs.append(-(c + b)[:, None] * (o @ self.sd))
                else:
                    be, bd = data  # type: ignore[misc]
                    pay = sign * (-(c + be) if kind == "fold0" else (c + bd))
                    vs.append(np.broadcast_to((pay * o.sum(axis=1))[:, None], o.shape))
            val[i] = np.max(vs, axis=0) if actor == br else np.sum(vs, axis=0)
        v2 = val[0] @ self.T.T  # [L, B1] responder's round-1 bucket
        lv = {q: v2[k] for k, q in enumerate(names)}
        v: dict[int, np.ndarray] = {}
        for i in range(len(r1) - 1, -1, -1):
            seq, actor, _, kids = r1[i]
            ro = at[seq]
            vs = []
            for a, (kind, data) in enumerate(kids):
                if kind == "node":
                    vs.append(v[data])  # type: ignore[index]
                elif kind == "end":
                    vs.append(lv[data[1]])  # type: ignore[index]
                else:
                    be, bd = data  # type: ignore[misc]
                    pay = sign * (-be if kind == "fold0" else bd)
                    reach = ro * s1[i][:, a] if actor == opp else ro
                    vs.append(np.full(self.nb1, pay * reach.sum()))
            v[i] = np.max(vs, axis=0) if actor == br else np.sum(vs, axis=0)
        return float(self.p1 @ v[0])

    def exploitability(self) -> tuple[float, float, float, float]:
        s1, s2 = self.average()
        be = self.best_response(s1, s2, 0)
        bd = self.best_response(s1, s2, 1)
        return (be + bd) / 2, be, bd, self.value(s1, s2)


def rm_avg(a: np.ndarray) -> np.ndarray:
    s = a.sum(axis=-1, keepdims=True)
    return np.where(s > 0, a / np.where(s > 0, s, 1.0), 1.0 / a.shape[-1])


# --- the shipped table ---------------------------------------------------------------------------


def reachable(solver: Solver, s1: list[np.ndarray], s2: list[np.ndarray]) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """Which (node, bucket) the table's own player can reach, whatever the opponent does: masks
    [B1] per round-1 node and [S, B2] per round-2 node (a round-2 bucket counts when the summary
    is reachable with any round-1 bucket)."""
    tree = solver.tree
    r1 = tree.r[0]
    ns = len(tree.sums)
    m1p = []
    for p in (0, 1):
        m = [np.zeros(solver.nb1, bool) for _ in r1]
        m[0][:] = True
        for i, (_, actor, _, kids) in enumerate(r1):
            for a, (kind, data) in enumerate(kids):
                ok = m[i] & (s1[i][:, a] > 0) if actor == p else m[i]
                if kind == "node":
                    m[data] |= ok  # type: ignore[index]
        m1p.append(m)
    sreach = [np.zeros(ns, bool), np.zeros(ns, bool)]
    for p in (0, 1):
        for i, (_, actor, _, kids) in enumerate(r1):
            for a, (kind, data) in enumerate(kids):
                ok = m1p[p][i] & (s1[i][:, a] > 0) if actor == p else m1p[p][i]
                if kind == "end" and ok.any():
                    sreach[p][solver.leaf_s[data[1]]] = True  # type: ignore[index]
    r2 = tree.r[1]
    m2p = []
    for p in (0, 1):
        m = [np.zeros((ns, solver.nb2), bool) for _ in r2]
        m[0][:] = sreach[p][:, None]
        for i, (_, actor, _, kids) in enumerate(r2):
            for a, (kind, data) in enumerate(kids):
                if kind == "node":
                    m[data] |= m[i] & (s2[i][:, :, a] > 0) if actor == p else m[i]  # type: ignore[index]
        m2p.append(m)
    own1 = [m1p[actor][i] for i, (_, actor, _, _) in enumerate(r1)]
    own2 = [m2p[actor][i] for i, (_, actor, _, _) in enumerate(r2)]
    return own1, own2


def quantize(p: np.ndarray, floor: float = 0.04, scale: int = 35) -> list[int]:
    """Integer weights 0..35 (base-36 digits) close to ``p``; probabilities under ``floor`` become 0."""
    p = np.where(p < floor, 0.0, p)
    if p.sum() <= 0:
        p = np.eye(len(p))[int(np.argmax(p))]
    p = p / p.sum()
    w = np.floor(p * scale + 0.5).astype(int)
    if w.sum() == 0:
        w[int(np.argmax(p))] = 1
    return [int(x) for x in w]


def shipped(solver: Solver) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """The average strategy as the table stores it (floored, quantized), as probabilities."""
    s1, s2 = solver.average()
    q1 = [np.array([quantize(row) for row in s], dtype=float) for s in s1]
    q2 = [np.array([[quantize(row) for row in ss] for ss in s], dtype=float) for s in s2]
    return [q / q.sum(-1, keepdims=True) for q in q1], [q / q.sum(-1, keepdims=True) for q in q2]


def export(solver: Solver, model: dict[str, object], meta: dict[str, object], rounds: str) -> dict[str, object]:
    """The table: per round-1 node (in ``cfr.round_nodes`` order) a string of base-36 weights per bucket
    ("." for a bucket the own play never brings there, "" for a node it never reaches); per summary,
    the same for the round-2 nodes."""
    q1, q2 = shipped(solver)
    own1, own2 = reachable(solver, q1, q2)
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"

    def enc(row: np.ndarray, ok: bool) -> str:
        if not ok:
            return "." * len(row)
        return "".join(digits[x] for x in quantize(row))

    r1 = ["".join(enc(q1[i][b], bool(own1[i][b])) for b in range(solver.nb1)) if own1[i].any() else ""
          for i in range(len(solver.tree.r[0]))]
    r2: dict[str, list[str]] = {}
    for si, sname in enumerate(solver.tree.sums if "2" in rounds else []):
        r2[sname] = ["".join(enc(q2[i][si, b], bool(own2[i][si, b])) for b in range(solver.nb2))
                     if own2[i][si].any() else "" for i in range(len(solver.tree.r[1]))]
        while r2[sname] and not r2[sname][-1]:
            r2[sname].pop()
    return {"v": 2, "b1": model["e1"], "b2": model["e2"], "meta": meta, "r1": r1, "r2": r2}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--iters", type=int, default=1500)
    ap.add_argument("--samples", type=int, default=300_000, help="dealt deals for the bucket transitions")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--every", type=int, default=100, help="exploitability every N iterations")
    ap.add_argument("--out", default=str(cfr.TABLE_PATH))
    ap.add_argument("--rounds", default="1", help="the rounds the table keeps: 1 (what hard plays, cfr.ROUNDS) or 1,2")
    ap.add_argument("--save", default="", help="pickle the chance model and the solver here (to re-export)")
    ap.add_argument("--load", default="", help="start from a pickle written by --save")
    args = ap.parse_args()
    t0 = time.time()
    done = 0
    if args.load:
        with open(args.load, "rb") as f:
            model, solver, done = pickle.load(f)
    else:
        model = chance_model(args.samples, args.seed)
        solver = Solver(model)
    print(f"chance model: {len(model['e1']) + 1} round-1 buckets, {len(model['e2']) + 1} round-2 buckets, "  # type: ignore[arg-type]
          + (f"loaded from {args.load} ({done} iterations done)" if args.load else
             f"{args.samples} deals, {time.time() - t0:.0f} s"), flush=True)
    print(f"tree: {len(solver.tree.r[0])} round-1 nodes, {len(solver.tree.r[1])} round-2 nodes x "
          f"{len(solver.tree.sums)} summaries", flush=True)
    curve = []
    for t in range(done + 1, done + args.iters + 1):
        solver.iterate(t)
        if t % args.every == 0 or t in (10, 30):
            ex, be, bd, v = solver.exploitability()
            curve.append((t, ex))
            print(f"iter {t:5d}  exploitability {ex:.4f} chips/deal ({ex * 1000:.1f} mchips)  "
                  f"BR_E {be:+.4f} BR_D {bd:+.4f} value(E) {v:+.4f}  {time.time() - t0:.0f} s", flush=True)
    if args.save:
        with open(args.save, "wb") as f:
            pickle.dump((model, solver, done + args.iters), f)
    ex, be, bd, v = solver.exploitability()
    q1, q2 = shipped(solver)
    sbe, sbd = solver.best_response(q1, q2, 0), solver.best_response(q1, q2, 1)
    print(f"shipped (floored, quantized) table: exploitability {(sbe + sbd) / 2:.4f} chips/deal "
          f"(BR_E {sbe:+.4f} BR_D {sbd:+.4f}) value(E) {solver.value(q1, q2):+.4f}", flush=True)
    meta = {"iters": done + args.iters, "rounds": args.rounds, "samples": model["samples"], "seed": model["seed"], "exploitability": round(ex, 5),
            "exploitability_shipped": round((sbe + sbd) / 2, 5),
            "value_E": round(v, 5), "curve": [[t, round(e, 5)] for t, e in curve]}
    data = export(solver, model, meta, args.rounds)
    text = json.dumps(data, separators=(",", ":"), sort_keys=True)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(text + "\n")
    packed = len(zlib.compress(text.encode(), 9))
    print(f"wrote {args.out}: {len(text) / 1000:.0f} KB ({packed / 1000:.0f} KB deflated, as in pygame_core.zip), "
          f"{time.time() - t0:.0f} s")


if __name__ == "__main__":
    main()
