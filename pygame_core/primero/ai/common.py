"""What every Primero AI family shares: the observation parsed into a ``View``, the table
(easy/medium) estimate of winning, and the small helpers of every family's decisions.

Every agent sees only its seat's observation and the legal actions (seat-fair)
and draws randomness only from the ``AgentRandom`` it is handed, so it is
deterministic. The cards it reasons about are "unseen": the variant's deck
minus its own cards (nothing else of the current deal is ever face up; the deck
is reshuffled every deal, so earlier showdowns tell nothing about it).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...rng import AgentRandom
from ..rules import RULES, PrimeroRules
from .eval import Evaluator, evaluator
from .levels import Level

# --- the view: the observation, parsed ------------------------------------------


@dataclass
class Opp:
    """What an agent knows about one opponent in this deal."""

    seat: int
    active: bool  # in the deal (not folded, not out)
    acts: list[str]  # this deal's public actions, in order
    claim: int  # last announced claim key, -1 if none
    knocked: bool
    chips: int


@dataclass
class View:
    """One observation, parsed for the agents."""

    obs: Mapping[str, Any]
    ev: Evaluator
    variant: str
    rules: PrimeroRules  # the variant's rules record
    engine: str  # its engine family's name (``rules.engine.name``), for reading; the code compares engines
    seat: int
    hand: list[int]
    unseen: list[int]
    phase: str
    pot: int
    to_call: int
    chips: int
    my_bet: int
    opps: list[Opp]
    claim: int  # standing claim key, -1 if none
    stake: int
    rest: int
    deal_log: list[tuple[int, str]]  # this deal's public actions (seat, text), in order
    claim_gates: bool = False  # Italian (D-PR9): only a hand meeting the last claim wins; elsewhere the real hands do
    honesty: dict[int, tuple[float, float, float]] = field(default_factory=dict)  # seat -> claim record
    trust: dict[int, float] = field(default_factory=dict)  # seat -> how much its Waks vies mean (0.15..1.6)
    folds: dict[int, float] = field(default_factory=dict)  # seat -> its rate of folds to a Waks vie after the draw
    vie_rate: dict[int, float] = field(default_factory=dict)  # seat -> its share of Waks betting turns with a vie
    checked_vies: dict[int, float] = field(default_factory=dict)  # seat -> its rate of vies when checked to (Waks)
    bet_rate: dict[int, float] = field(default_factory=dict)  # seat -> its share of RMS wagering turns with a bet or raise

    @property
    def active_opps(self) -> list[Opp]:
        """Opponents still holding cards."""
        return [o for o in self.opps if o.active]


MonteCarlo = Callable[[View, random.Random, int], float]
"""An engine family's Monte Carlo chance of winning the showdown: (view, local generator, samples)."""


def _wild(obs: Mapping[str, Any]) -> bool:
    """Whether the observed game plays RMS's wild J of hearts (D-PR6)."""
    variant = str(obs["variant"])
    if not RULES[variant].wild_option:
        return False
    opts = obs.get("options")
    if isinstance(opts, Mapping):
        return bool(opts.get("wild", False))
    hv = obs.get("hand_value")  # older observations carry no options: infer the wild J from our hand's value
    if isinstance(hv, Mapping) and "JH" in (obs.get("hand") or []):
        ev = evaluator(variant, False)
        plain = ev.raw([ev.index[c] for c in obs["hand"]])
        return bool(hv["points"] != (plain // 100) % 1000 or ev.rules.kind_rank(str(hv["kind"])) != plain // 100000)
    return False


def parse_view(obs: Mapping[str, Any]) -> View:
    """Build the agent's view of an observation."""
    variant = str(obs["variant"])
    ev = evaluator(variant, _wild(obs))
    seat = int(obs["seat"])
    hand = [ev.index[c] for c in (obs.get("hand") or [])]
    mine = set(hand)
    unseen = [x for x in range(ev.size) if x not in mine]
    deal = obs["deal"]
    acts: dict[int, list[str]] = {}
    deal_log: list[tuple[int, str]] = []
    for e in obs.get("log") or []:
        if e["deal"] == deal and e["seat"] >= 0:
            acts.setdefault(int(e["seat"]), []).append(str(e["action"]))
            deal_log.append((int(e["seat"]), str(e["action"])))
    opps = []
    for s in obs["seats"]:
        p = int(s["seat"])
        if p == seat:
            continue
        claim = -1
        if s.get("claim"):
            k, pts = str(s["claim"]).split()
            claim = ev.claim_key(k, int(pts))
        opps.append(Opp(p, not s["folded"] and not s["out"], acts.get(p, []), claim, bool(s["knocked"]), int(s["chips"])))
    me = obs["seats"][seat]
    claim = -1
    if obs.get("claim"):
        k, pts = str(obs["claim"]).split()
        claim = ev.claim_key(k, int(pts))
    rest = obs.get("rest")
    return View(
        obs, ev, variant, RULES[variant], RULES[variant].engine.name, seat, hand, unseen, str(obs["phase"]), int(obs["pot"]),
        int(obs["to_call"]), int(me["chips"]), int(me["bet"]), opps, claim, int(obs.get("stake") or 1),
        int(rest) if rest is not None else 3, deal_log, RULES[variant].win_needs_claim,
    )


# --- helpers ------------------------------------------------------------------------


def bet_amounts(legal: Sequence[str], verb: str) -> list[int]:
    """The amounts of the legal ``verb N ...`` actions, smallest first."""
    return sorted({int(a.split()[1]) for a in legal if a.startswith(verb + " ") and a.split()[1].isdigit()})


def pick_size(amounts: list[int], frac: float) -> int:
    """The amount ``frac`` (0..1) of the way up ``amounts``."""
    frac = min(1.0, max(0.0, frac))
    return amounts[min(len(amounts) - 1, int(frac * len(amounts)))]


def noisy(q: float, lv: Level, rng: AgentRandom) -> float:
    """``q`` with the level's uniform noise (easy), kept in 0..1."""
    if lv.noise <= 0:
        return q
    return min(1.0, max(0.0, q + (rng.random() * 2 - 1) * lv.noise))


def local_rng(rng: AgentRandom) -> random.Random:
    """A fast local generator seeded from the agent's rng (same sequence on CPython and Pyodide)."""
    return random.Random(rng.randbelow(1 << 32))


def count_verbs(acts: Sequence[str], verbs: Sequence[str]) -> int:
    """How many of ``acts`` have one of ``verbs`` as their verb (first word)."""
    return sum(1 for a in acts if a.split()[0] in verbs)


def pot_odds_ok(v: View, q: float, lv: Level, cost: int) -> bool:
    """Whether a winning chance ``q`` pays for calling ``cost`` into the pot (less the level's margin)."""
    cost = min(cost, v.chips)
    if cost <= 0:
        return True
    return q - lv.call_margin >= cost / (v.pot + cost)


# --- table (easy/medium) estimates ---------------------------------------------------


def _table_q(v: View) -> float:
    """Winning chance from the percentile tables: (expected) percentile ** opponents."""
    ev = v.ev
    k = max(1, len(v.active_opps))
    if len(v.hand) == 4:
        p = ev.pct(v.hand)
        if v.claim >= 0 and not ev.meets(v.hand, v.claim):
            # Italian (D-PR9): a hand below the last claim cannot win. Northpass/Suzuki (D-NP4): the
            # real hands decide, but the claimer probably holds its claim, and we may still trade up
            p *= 0.0 if v.claim_gates else 0.25
    else:
        p = ev.best_keep(v.hand, range(len(v.hand) + 1))[0]
        if v.claim >= 0 and v.claim_gates:
            p = min(p, 1.0 - ev.pct_claim(v.claim) + 0.1)
    return float(p ** k)


def estimate(v: View, lv: Level, rng: AgentRandom, monte_carlo: MonteCarlo, samples: int | None = None) -> float:
    """The chance of winning the showdown, by the level's method: the percentile tables, or the
    engine family's ``monte_carlo`` estimate with ``samples`` samples (default: the level's)."""
    if lv.samples <= 0 or not v.active_opps:
        return noisy(_table_q(v), lv, rng)
    rr = local_rng(rng)
    return monte_carlo(v, rr, lv.samples if samples is None else samples)


# --- shared by the engine families' decisions ------------------------------------


def choose_keep(v: View, legal: Sequence[str], lv: Level, rng: AgentRandom, verb: str) -> str:
    """The Waks draw (``discard``) or a Northpass trade: keep what maximises the final percentile."""
    ev = v.ev
    options: list[tuple[float, str]] = []
    for a in legal:
        if not a.startswith(verb):
            continue
        out = [ev.index[c] for c in a.split()[1:]]
        kept = [x for x in v.hand if x not in out]
        options.append((ev.keep_value(kept, out), a))
    options.sort(key=lambda t: (-t[0], t[1]))
    if lv.second_best and len(options) > 1 and rng.random() < lv.second_best:
        return options[1][1]
    return options[0][1]


def own_pct(v: View) -> float:
    """Our hand's percentile (with fewer than 4 cards: the expected percentile of the best keep)."""
    ev = v.ev
    if len(v.hand) == 4:
        return float(ev.pct(v.hand))
    return float(ev.best_keep(v.hand, range(len(v.hand) + 1))[0])


def above(p: float, cut: float) -> float:
    """Chance a percentile ``p`` beats a uniform hand from the top ``1 - cut`` of hands."""
    if cut >= 1.0:
        return 1.0
    return min(1.0, max(0.0, (p - cut) / (1.0 - cut)))
