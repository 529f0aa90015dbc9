"""The Primero AI player: one class for every level and rule set (the levels: ``ai/__init__.py``).

It reads each observation's public log once and keeps what the levels need across calls
(an observation carries only the recent log: this deal's entries and at most ``LOG_WINDOW``
older ones, with ``log_size``): this deal's and the last deal's entries (the hard level's
reading of claims and vies at the last showdown), each seat's count of vies among its Waks
betting turns, its folds to a vie after the draw and its vies when checked to, and its RMS bet
rate. Then it hands the parsed view to its engine family's play (waks.py, northpass.py, rms.py),
found from the variant's rules record (the engine object it names), never from its name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...errors import OptionsError, quote
from ...rng import AgentRandom
from ..engine.northpass import ENGINE as NORTHPASS
from ..engine.rms import ENGINE as RMS
from ..engine.waks import ENGINE as WAKS
from ..rules import RULES
from . import cfr, northpass, rms, waks
from .common import parse_view
from .eval import Evaluator, evaluator
from .levels import BY_NAME, DEFAULT_LEVEL
from .northpass import NP_HONESTY, claim_of
from .rms import count_bets
from .waks import count_aggression, count_folds, vie_trust


class PrimeroAgent:
    """A Primero AI at one level (``easy``, ``medium`` or ``hard``)."""

    def __init__(self, level: str = DEFAULT_LEVEL) -> None:
        self.level = BY_NAME[level]
        self.name = level
        self.table = level == "hard"  # heads-up Waks betting from the equilibrium table (cfr.py)
        self._seen_deal = -1
        self._honesty: dict[int, list[float]] = {}  # seat -> pseudo-counts (claim ==, <, > the hand shown)
        self._vies: dict[int, list[float]] = {}  # seat -> [sum of shown percentiles per vie, vies] (Waks)
        # What it has read of the public log. An observation carries only the recent log (the current
        # deal's entries and a few older ones), so the agent keeps what it needs across calls.
        self._read = 0  # public log entries read so far
        self._deal = -1  # the deal of the last observation read
        self._deal_logs: dict[int, list[Mapping[str, Any]]] = {}  # this deal's and the last deal's entries
        self._aggression: dict[int, list[float]] = {}  # seat -> [vies and revies, betting turns] (Waks)
        self._folds: dict[int, list[float]] = {}  # seat -> [folds, responses] to vies after the draw (Waks)
        self._fold_cur: list[Any] = [-1, False, False, False]
        self._checked: dict[int, list[float]] = {}  # seat -> [vies, turns] when checked to (Waks)
        self._rms_bets: dict[int, list[float]] = {}  # seat -> [bets and raises, wagering turns] (RMS)

    def prepare(self, variant: str, options: Mapping[str, Any]) -> None:
        """Build the hand tables this level needs for ``variant`` now, before its first move."""
        rules = RULES.get(variant)
        if rules is None:
            raise OptionsError(f"Primero has no variant {quote(variant)}")
        ev = evaluator(variant, rules.wild_option and bool(options.get("wild", False)))
        ev.pct((0, 1, 2, 3))  # the percentile table
        ev.warm_keeps()  # the draw and trade sums (a first Northpass trade reads about 1,500)
        if self.level.samples and rules.announces_claims:
            ev.hands_by_claim()  # the hard player's claim reading

    def _read_log(self, obs: Mapping[str, Any]) -> None:
        """Remember the log entries not read yet (an observation without ``log_size`` holds the whole log)."""
        log = list(obs.get("log") or [])
        size = obs.get("log_size")
        size = len(log) if not isinstance(size, int) else size
        deal = int(obs.get("deal") or 0)
        if size < self._read or deal < self._deal:  # a new game
            self._read, self._deal_logs, self._aggression = 0, {}, {}
            self._folds, self._fold_cur, self._checked = {}, [-1, False, False, False], {}
            self._rms_bets = {}
        self._deal = deal
        new = log[max(0, self._read - (size - len(log))):]
        self._read = max(self._read, size)
        for e in new:
            self._deal_logs.setdefault(int(e["deal"]), []).append(e)
        for d in [d for d in self._deal_logs if d < deal - 1]:
            del self._deal_logs[d]
        count_aggression(self._aggression, new)
        count_folds(self._folds, self._fold_cur, new, self._checked)
        count_bets(self._rms_bets, new)

    def _learn(self, obs: Mapping[str, Any], ev: Evaluator) -> None:
        """After a showdown: compare each opponent's last claim with the hand it showed."""
        last = obs.get("last_deal")
        if not isinstance(last, Mapping) or last.get("deal") == self._seen_deal:
            return
        self._seen_deal = int(last["deal"])
        entries = self._deal_logs.get(self._seen_deal, [])
        final: dict[int, str] = {}
        for e in entries:
            if e["seat"] >= 0 and not str(e["action"]).startswith(("shows ", "wins ")):  # the deal's end lines
                final[int(e["seat"])] = str(e["action"])
        me = int(obs["seat"])
        rules = RULES.get(str(obs["variant"]))
        waks_family = rules is not None and rules.engine is WAKS
        if last.get("how") == "lone" and waks_family and any(
                e["seat"] == me and str(e["action"]) == "fold" for e in entries):
            # we folded to a vie whose hand was never shown: evidence of unseen strength, leaning
            # toward bluffs for a frequent vier (its vies are spread over more of its hands)
            for w in last.get("won") or []:
                p = int(w["seat"])
                n = sum(1 for e in entries if e["seat"] == p and str(e["action"]).split()[0] in ("vie", "revie"))
                if p != me and n:
                    a, t = self._aggression.get(p, (2.8, 10.0))
                    rec_v = self._vies.setdefault(p, [3 * 0.72, 3.0])
                    rec_v[0] += n * min(0.8, max(0.45, 1.0 - a / t))
                    rec_v[1] += n
        for sh in last.get("shown") or []:
            p = int(sh["seat"])
            if p != obs["seat"] and waks_family:
                n = sum(1 for e in entries if e["seat"] == p and str(e["action"]).split()[0] in ("vie", "revie"))
                if n and len(sh["cards"]) == 4 and all(c in ev.index for c in sh["cards"]):
                    rec_v = self._vies.setdefault(p, [3 * 0.72, 3.0])
                    rec_v[0] += n * ev.pct([ev.index[c] for c in sh["cards"]])
                    rec_v[1] += n
            act = final.get(p, "")
            if p == obs["seat"] or not act.startswith("bet ") or len(act.split()) != 4:
                continue
            c = claim_of(ev, act)
            k = ev.claim_key(str(sh["kind"]), int(sh["points"]))
            rec = self._honesty.setdefault(p, list(NP_HONESTY))
            rec[0 if k == c else 1 if k > c else 2] += 1.0

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[str], rng: AgentRandom) -> str:
        """One of ``legal_actions``, from the observation of our seat only."""
        legal = list(legal_actions)
        self._read_log(observation)
        if len(legal) == 1:
            return legal[0]
        v = parse_view(observation)
        engine = v.rules.engine
        if engine is WAKS:
            v.folds = {p: r[0] / r[1] for p, r in self._folds.items()}
            v.vie_rate = {p: r[0] / r[1] for p, r in self._aggression.items()}
            v.checked_vies = {p: r[0] / r[1] for p, r in self._checked.items()}
        if engine is RMS:
            v.bet_rate = {p: r[0] / r[1] for p, r in self._rms_bets.items()}
        if self.level.samples and engine is not RMS:
            self._learn(observation, v.ev)
            v.honesty = {p: (r[0], r[1], r[2]) for p, r in self._honesty.items()}
            if engine is WAKS:
                v.trust = vie_trust(self._aggression, self._vies)
        if engine is WAKS:
            a = (cfr.choose(observation, legal, rng) if self.table else None) or waks.decide(v, legal, self.level, rng)
        elif engine is NORTHPASS:
            a = northpass.decide(v, legal, self.level, rng)
        else:
            a = rms.decide(v, legal, self.level, rng)
        if a in legal:
            return a
        for safe in ("see", "match", "pass", "discard"):
            if safe in legal:
                return safe
        return legal[0]

