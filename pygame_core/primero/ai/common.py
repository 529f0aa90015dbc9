"""Primero AI opponents: ``easy``, ``medium`` (the default) and ``hard``, for every rule set.

Every agent sees only its seat's observation and the legal actions (seat-fair)
and draws randomness only from the ``AgentRandom`` it is handed, so it is
deterministic. The cards it reasons about are "unseen": the variant's deck
minus its own cards (nothing else of the current deal is ever face up; the deck
is reshuffled every deal, so earlier showdowns tell nothing about it).

An observation carries only the recent public log (this deal's entries and at most
``LOG_WINDOW`` older ones, with ``log_size``), so an agent reads each entry once and
keeps what it needs across calls: this deal's and the last deal's entries (the hard
level's reading of claims and vies at the last showdown) and, for Waks, each seat's
count of vies among its betting turns. ``prepare(variant, options)`` builds the hand
tables before the first move.

- ``easy``: percentile of its hand (or the expected percentile of what it keeps)
  plus noise, against loose thresholds; simple discards, with an occasional
  second-best choice. It never folds a very strong hand.
- ``medium``: a hand-strength heuristic: the hand's percentile among all hands of
  the deck (``ai_eval`` tables), raised to the number of opponents; discards and
  trades that maximise the expected final percentile (exact over the draw);
  calls by pot odds, value bets and raises by strength; honest claims.
- ``hard``: Monte Carlo odds of winning the showdown, dealing the unseen cards to
  its opponents and the draw. Opponents' hands are weighted by what they did
  (Bayesian-ish: vies, raises, sees and knocks make strong hands likelier; the
  number of cards an opponent discarded in the Waks draw is matched; Northpass
  and Suzuki announcements are believed as far as the claimer's showdowns have
  backed them). Bets by expected value against the pot, with implied sizing,
  bluffs where they can win (Italian claims, an occasional Waks vie or RMS bet),
  and a tighter game when short-stacked. Discards and RMS draws look one draw ahead.
  Northpass and Suzuki (D-NP4: bluffing carries no penalty, the real hands decide
  the showdown; P-NP2: no side pots): hard stands on its hand by its real chances
  whatever the standing claim, and a claim is a tool: the highest claim leaves no
  bet over it, so every other player must trade (the forced one paying its stake).
  Heads-up: the expected chips of every trade and of a few bets (smallest/largest
  amount; the lowest, exact or highest claim) over sampled opponent hands: an
  opponent's latest claim sets its hand (exact, under-claimed or over its hand, in
  the proportions its showdowns have shown so far), a passer trades its worst
  cards, a lone bet is met by the forced stake (or what the opponent has left), a
  re-bet is not met. Only Italian keeps the claim rule (D-PR9: a hand below the
  last claim cannot win).
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from ..agents import Agent
from ..errors import OptionsError, quote
from ..rng import AgentRandom
from . import cfr
from .ai_eval import Evaluator, evaluator, unpack
from .rules import RULES

DEFAULT_LEVEL = "medium"
LEVELS = ("easy", "medium", "hard")


@dataclass(frozen=True)
class Level:
    """The knobs that make the three levels differ."""

    name: str
    noise: float  # uniform noise (+-) on the estimated winning chance
    samples: int  # Monte Carlo samples per estimate (0: tables only)
    open_edge: float  # bet/vie when q * (opponents + 1) exceeds this
    raise_edge: float  # raise/revie when q * (opponents + 1) exceeds this
    call_margin: float  # extra winning chance demanded over the pot odds to call
    bluff: float  # chance of a bluff when weak (where the rules allow)
    second_best: float  # chance of taking the second-best discard
    ranges: bool = False  # Waks: read vies by each opponent's vie rate, open after the draw by fold equity


EASY = Level("easy", 0.18, 0, 1.0, 1.7, -0.06, 0.0, 0.3)
MEDIUM = Level("medium", 0.0, 0, 1.15, 1.6, 0.0, 0.0, 0.0, ranges=True)
HARD = Level("hard", 0.0, 150, 1.1, 1.45, 0.0, 0.05, 0.0)
_LEVELS = {"easy": EASY, "medium": MEDIUM, "hard": HARD}


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
    engine: str
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


_ENGINES = {"waks": "waks", "italian": "waks", "roman": "waks", "losing": "waks",
            "northpass": "northpass", "suzuki": "northpass", "rms": "rms"}


def _wild(obs: Mapping[str, Any]) -> bool:
    if obs["variant"] != "rms":
        return False
    opts = obs.get("options")
    if isinstance(opts, Mapping):
        return bool(opts.get("wild", False))
    hv = obs.get("hand_value")  # older observations carry no options: infer the wild J from our hand's value
    if isinstance(hv, Mapping) and "JH" in (obs.get("hand") or []):
        ev = evaluator("rms", False)
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
        obs, ev, variant, _ENGINES[variant], seat, hand, unseen, str(obs["phase"]), int(obs["pot"]),
        int(obs["to_call"]), int(me["chips"]), int(me["bet"]), opps, claim, int(obs.get("stake") or 1),
        int(rest) if rest is not None else 3, deal_log, RULES[variant].win_needs_claim,
    )


# --- helpers ------------------------------------------------------------------------


def _amounts(legal: Sequence[str], verb: str) -> list[int]:
    return sorted({int(a.split()[1]) for a in legal if a.startswith(verb + " ") and a.split()[1].isdigit()})


def _size(amounts: list[int], frac: float) -> int:
    frac = min(1.0, max(0.0, frac))
    return amounts[min(len(amounts) - 1, int(frac * len(amounts)))]


def _noisy(q: float, lv: Level, rng: AgentRandom) -> float:
    if lv.noise <= 0:
        return q
    return min(1.0, max(0.0, q + (rng.random() * 2 - 1) * lv.noise))


def _rr(rng: AgentRandom) -> random.Random:
    """A fast local generator seeded from the agent's rng (same sequence on CPython and Pyodide)."""
    return random.Random(rng.randbelow(1 << 32))


def _best4(ev: Evaluator, cards: Sequence[int]) -> int:
    """Best strength of any 4 of ``cards`` (4 or 5 cards)."""
    if len(cards) == 4:
        return ev.strength(cards)
    return max(ev.strength(c) for c in combinations(cards, 4))


def _aggr(acts: Sequence[str], verbs: Sequence[str]) -> int:
    return sum(1 for a in acts if a.split()[0] in verbs)


def _pot_odds_ok(v: View, q: float, lv: Level, cost: int) -> bool:
    cost = min(cost, v.chips)
    if cost <= 0:
        return True
    return q - lv.call_margin >= cost / (v.pot + cost)


# --- table (easy/medium) estimates ---------------------------------------------------


def _keep_options(ev: Evaluator, hand: Sequence[int], sizes: Sequence[int]) -> list[tuple[float, tuple[int, ...]]]:
    """(expected final percentile, kept cards) for every way of keeping ``sizes`` cards, best first."""
    out = []
    vals = ev.keep_values(hand)  # by kept cards' bitmask, the rest of the hand excluded
    for k in sizes:
        for kept in combinations(hand, k):
            mask = 0
            for x in kept:
                mask |= 1 << x
            got = vals.get(mask) if kept else 0.5
            if got is None:
                got = ev.keep_value(kept, [x for x in hand if x not in kept])
            out.append((got, kept))
    out.sort(key=lambda t: (-t[0], t[1]))
    return out


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
        p = _keep_options(ev, v.hand, range(len(v.hand) + 1))[0][0]
        if v.claim >= 0 and v.claim_gates:
            p = min(p, 1.0 - ev.pct_claim(v.claim) + 0.1)
    return float(p ** k)


# --- hard: Monte Carlo ------------------------------------------------------------


def _opp_weight_waks(ev: Evaluator, o: Opp, initial_value: float, final_pct: float, trust: float = 1.0) -> float:
    """How likely ``o``'s vies and sees are with this hand; ``trust`` (0..1) scales how much
    they mean (low for an opponent whose shown hands did not back its vies)."""
    cut = next((i for i, a in enumerate(o.acts) if a.startswith("discard")), len(o.acts))
    a1 = _aggr(o.acts[:cut], ("vie", "revie"))
    s1 = _aggr(o.acts[:cut], ("see",))
    a2 = _aggr(o.acts[cut + 1:], ("vie", "revie"))
    s2 = _aggr(o.acts[cut + 1:], ("see",))
    w = (0.3 + initial_value) ** (trust * (0.8 * a1 + 0.25 * s1))
    w *= (0.2 + final_pct) ** (trust * (1.3 * a2 + 0.5 * s2))
    return float(w)


def _waks_policy_keep(ev: Evaluator, initial: Sequence[int], discards: int | None) -> tuple[int, ...]:
    if discards is None:
        return _keep_options(ev, initial, range(len(initial) + 1))[0][1]
    return _keep_options(ev, initial, [len(initial) - discards])[0][1]


def _hard_q_waks(v: View, rr: random.Random, samples: int,
                 out: list[tuple[float, float, float]] | None = None) -> float:
    """Chance of winning the showdown; ``out`` (if given) collects each sample's (weight, the
    strongest opponent's final percentile, our win)."""
    ev = v.ev
    opps = v.active_opps
    drawn = v.phase == "bet2"
    my_keep: tuple[int, ...] = tuple(v.hand)
    if not drawn:
        my_keep = _keep_options(ev, v.hand, range(len(v.hand) + 1))[0][1]
    disc: dict[int, int | None] = {}
    for o in opps:
        d = next((int(a.split()[1]) for a in o.acts if a.startswith("discard")), None)
        disc[o.seat] = d if drawn else None
    need_me = 4 - len(my_keep)
    per_opp = 8
    pool = v.unseen
    num = 0.0
    den = 0.0
    for _ in range(samples):
        cards = rr.sample(pool, need_me + per_opp * len(opps))
        mine = list(my_keep) + cards[:need_me]
        my_s = None if v.claim_gates and v.claim >= 0 and not ev.meets(mine, v.claim) else ev.strength(mine)
        w = 1.0
        win = 1.0
        top = 0.0
        i = need_me
        for o in opps:
            block = cards[i:i + per_opp]
            i += per_opp
            d = disc[o.seat]
            initial = block[0:2]
            kept = _waks_policy_keep(ev, initial, d)
            if d is not None and _waks_policy_keep(ev, initial, None) != kept:
                initial = block[2:4]  # one retry to match the number discarded
                kept = _waks_policy_keep(ev, initial, d)
            fill = [x for x in block[4:] if x not in kept][: 4 - len(kept)]
            final = list(kept) + fill
            final_pct = ev.pct(final)
            top = max(top, final_pct)
            w *= _opp_weight_waks(ev, o, ev.keep_value(kept) if kept else 0.5, final_pct, v.trust.get(o.seat, 1.0))
            if my_s is None:
                win = 0.0
            else:
                os_ = ev.strength(final)
                if v.claim_gates and v.claim >= 0 and not ev.meets(final, v.claim):
                    continue
                if os_ > my_s:
                    win = 0.0
                elif os_ == my_s:
                    win *= 0.5
        num += w * win
        den += w
        if out is not None:
            out.append((w, top, win))
    return num / den if den else 0.0


def _hard_q_northpass(v: View, rr: random.Random, samples: int) -> float:
    """Chance our current hand wins if we stand on it (bet): each opponent then has one turn,
    keeping a hand that beats ours (and re-betting) or else trading one or two cards.
    The real hands decide the showdown (D-NP4); an opponent's claim weights its hands, a
    bluff as likely as its showdowns have shown (``View.honesty``)."""
    ev = v.ev
    mine = list(v.hand)
    opps = v.active_opps
    my_s = ev.strength(mine)
    pool = v.unseen
    num = 0.0
    den = 0.0
    belief = {o.seat: _claim_belief(ev, o.claim, v.honesty.get(o.seat, _NP_HONESTY)) for o in opps}
    for _ in range(samples):
        cards = rr.sample(pool, 6 * len(opps))
        w = 1.0
        win = 1.0
        for j, o in enumerate(opps):
            h = cards[6 * j:6 * j + 4]
            if o.claim >= 0:
                # a claimer holds its claim (as far as it is believed) or else one of its better hands
                b = belief[o.seat]
                w *= (1.0 - b) * (0.3 + ev.pct(h)) ** 1.5 / 0.75 + (b if ev.meets(h, o.claim) else 0.0)
            s = ev.strength(h)
            if s <= my_s:
                kept = _keep_options(ev, h, (2, 3))[0][1]
                final = list(kept) + cards[6 * j + 4:6 * j + 4 + 4 - len(kept)]
                s = ev.strength(final)
            if s > my_s:
                win = 0.0
            elif s == my_s:
                win *= 0.5
        num += w * win
        den += w
    return num / den if den else 0.0


def _hard_q_rms(v: View, rr: random.Random, samples: int) -> float:
    ev = v.ev
    opps = v.active_opps
    more = v.phase != "play" or not v.obs["seats"][v.seat]["knocked"]
    knocks = sum(1 for o in opps if o.knocked) + (1 if v.obs["seats"][v.seat]["knocked"] else 0)
    if knocks >= 1 and v.phase == "play":
        more = more and knocks < 2
    need_me = 4 - len(v.hand) + (1 if more else 0)
    per_opp = 5
    num = 0.0
    den = 0.0
    for _ in range(samples):
        cards = rr.sample(v.unseen, need_me + per_opp * len(opps))
        my_s = _best4(ev, list(v.hand) + cards[:need_me])
        i = need_me
        w = 1.0
        win = 1.0
        for o in opps:
            block = cards[i:i + per_opp]
            i += per_opp
            h = block if more and not o.knocked else block[:4]
            s = _best4(ev, h)
            p = ev.pct_of(s)
            a = _aggr(o.acts, ("bet", "raise"))
            m = _aggr(o.acts, ("match",))
            k = 1 if o.knocked else 0
            w *= (0.2 + p) ** (0.9 * a + 0.3 * m + 1.5 * k)
            if s > my_s:
                win = 0.0
            elif s == my_s:
                win *= 0.5
        num += w * win
        den += w
    return num / den if den else 0.0


def estimate(v: View, lv: Level, rng: AgentRandom) -> float:
    """The chance of winning the showdown, by the level's method."""
    if lv.samples <= 0 or not v.active_opps:
        return _noisy(_table_q(v), lv, rng)
    rr = _rr(rng)
    if v.engine == "waks":
        return _hard_q_waks(v, rr, lv.samples)
    if v.engine == "northpass":
        return _hard_q_northpass(v, rr, lv.samples)
    return _hard_q_rms(v, rr, max(40, lv.samples // 3))  # many RMS decisions per deal: fewer samples each


# --- decisions per engine ----------------------------------------------------------


def _choose_keep(v: View, legal: Sequence[str], lv: Level, rng: AgentRandom, verb: str) -> str:
    """The Waks draw (``discard``) or a Northpass trade: keep what maximises the final percentile."""
    ev = v.ev
    options: list[tuple[float, str]] = []
    for a in legal:
        if not a.startswith(verb):
            continue
        out = [ev.index[c] for c in a.split()[1:]]
        kept = [x for x in v.hand if x not in out]
        value = ev.keep_value(kept, out)
        if v.claim >= 0 and len(kept) < 4:
            pass
        options.append((value, a))
    options.sort(key=lambda t: (-t[0], t[1]))
    if lv.second_best and len(options) > 1 and rng.random() < lv.second_best:
        return options[1][1]
    return options[0][1]


def _waks(v: View, legal: Sequence[str], lv: Level, rng: AgentRandom) -> str:
    if v.phase == "draw":
        return _choose_keep(v, legal, lv, rng, "discard")
    ev = v.ev
    k = max(1, len(v.active_opps))
    vies = [a for a in legal if a.startswith("vie")]
    if vies and lv.samples and v.phase == "bet2" and len(vies[0].split()) == 2 and v.active_opps:
        n = _waks_open_ev(v, _amounts(legal, "vie"), _rr(rng), lv.samples)
        return f"vie {n}" if n else "pass"
    q = estimate(v, lv, rng)
    edge = q * (k + 1)
    short = v.chips <= 3 * v.stake
    if vies and lv.ranges and v.phase == "bet2" and len(vies[0].split()) == 2:
        n = _waks_open_table(v, _amounts(legal, "vie"))
        return f"vie {n}" if n else "pass"
    if lv.ranges and v.to_call > 0 and not v.claim_gates:
        q = _range_q(v)
        edge = q * (k + 1)
    elif lv.samples and v.to_call > 0 and not v.claim_gates:
        # the vier's range by its vie rates (a rock's vie, a probe's steal); a tight vier's vie is read by its rate
        tight = all(v.vie_rate.get(o.seat, 0.28) < 0.2 for o in v.active_opps if _aggr(o.acts, ("vie", "revie")))
        q = min(q, _range_q(v)) if tight else 0.5 * (q + _range_q(v))
        edge = q * (k + 1)
    if vies:
        amounts = _amounts(legal, "vie")
        bluff = lv.bluff > 0 and v.phase == "bet2" and rng.random() < lv.bluff
        if edge > lv.open_edge + (0.15 if short else 0.0) or bluff:
            frac = (edge - lv.open_edge) / max(0.01, k + 1 - lv.open_edge) if not bluff else 0.0
            n = _size(amounts, frac * 1.5)
            return _italian_vie(v, vies, n, q, bluff, rng) if len(vies[0].split()) == 4 else f"vie {n}"
        return "pass"
    if v.to_call <= 0:
        return "pass" if "pass" in legal else legal[0]
    revies = _amounts(legal, "revie")
    if revies and edge > lv.raise_edge:
        return f"revie {_size(revies, (edge - lv.raise_edge) / max(0.01, k + 1 - lv.raise_edge))}"
    strong = len(v.hand) == 4 and ev.pct(v.hand) >= 0.95 and (v.claim < 0 or ev.meets(v.hand, v.claim))
    if "see" in legal and (_pot_odds_ok(v, q, lv, v.to_call) or strong):
        return "see"
    if "pass" in legal and len(v.active_opps) > 1:
        return "pass"  # D-WB2: wait and see what the others do
    return "fold" if "fold" in legal else "see"


_FOLD_PRIOR = (1.0, 3.0)  # pseudo-counts: folds, responses to a vie after the draw


def _waks_open_ev(v: View, amounts: Sequence[int], rr: random.Random, samples: int) -> int:
    """Hard, after the draw with no vie yet: the vie (0: pass) with the most expected chips.

    A pass by the last to speak ends the deal in a swig (the pot is carried: worth about its
    share of it later); a vie wins the pot at once when every opponent folds (each at the rate
    it has folded to vies after the draw), else it is met by the opponents' strongest hands (the
    top of the weighted range by the fold rate) at a showdown. So a vie is a value bet, a steal
    or both, and a pass does not say our hand is weak."""
    got: list[tuple[float, float, float]] = []
    q = _hard_q_waks(v, rr, samples, got)
    opps = v.active_opps
    f = 1.0
    for o in opps:
        f *= v.folds.get(o.seat, _FOLD_PRIOR[0] / _FOLD_PRIOR[1])
    total = sum(w for w, _, _ in got)
    need = (1.0 - f) * total
    acc = num = 0.0
    for w, _, win in sorted(got, key=lambda t: -t[1]):
        if acc >= need:
            break
        take = min(w, need - acc)
        acc += take
        num += take * win
    qc = num / acc if acc > 1e-12 else q
    pot = v.pot
    best_n, best = 0, _check_value(v, q ** (1.0 / max(1, len(opps))), amounts)
    for n in amounts:
        called = min([n] + [o.chips for o in opps])
        val = f * pot + (1.0 - f) * (qc * (pot + n + called) - n)
        if val > best + 1e-9:
            best_n, best = n, val
    return best_n


def _this_round(v: View) -> list[tuple[int, str]]:
    """This betting round's public actions (after the draw: from the last discard on)."""
    cut = [i for i, (_, a) in enumerate(v.deal_log) if a.startswith("discard")]
    return v.deal_log[cut[-1] + 1:] if cut else list(v.deal_log)


def _check_value(v: View, p: float, amounts: Sequence[int]) -> float:
    """The worth of a pass after the draw: a swig (our share of the carried pot) when the others
    pass too; heads-up, speaking first, the opponent may vie into it (at its checked-to rate,
    with the top of its hands by that rate): then we see, or fold when that loses."""
    pot = v.pot
    share = pot / (len(v.active_opps) + 1)
    rnd = _this_round(v)
    if len(v.active_opps) != 1 or rnd:
        return share
    o = v.active_opps[0]
    g = min(0.95, max(0.05, v.checked_vies.get(o.seat, _CHECKED_PRIOR[0] / _CHECKED_PRIOR[1])))
    m = min(max(amounts), v.chips) if amounts else 0
    qg = 0.8 * _above(p, 1.0 - g) + 0.2 * p
    respond = max(0.0, qg * (pot + 2 * m) - m)
    return g * respond + (1.0 - g) * share


def _own_pct(v: View) -> float:
    ev = v.ev
    if len(v.hand) == 4:
        return float(ev.pct(v.hand))
    return float(_keep_options(ev, v.hand, range(len(v.hand) + 1))[0][0])


def _above(p: float, cut: float) -> float:
    """Chance a percentile ``p`` beats a uniform hand from the top ``1 - cut`` of hands."""
    if cut >= 1.0:
        return 1.0
    return min(1.0, max(0.0, (p - cut) / (1.0 - cut)))


def _range_q(v: View) -> float:
    """Medium, facing a vie: our chance against each opponent's range, where an opponent that
    vied this deal holds the top of its hands by its vie rate (a rock's vies mean a strong hand,
    an every-turn vier's mean nothing)."""
    p = _own_pct(v)
    q = 1.0
    rnd = _this_round(v)
    for o in v.active_opps:
        if any(a.split()[0] in ("vie", "revie") for a in o.acts):
            r = v.vie_rate.get(o.seat, 0.28)
            first = next((i for i, (s_, a) in enumerate(rnd) if s_ == o.seat and a.startswith("vie")), -1)
            if first > 0 and any(a == "pass" for _, a in rnd[:first]):  # it vied after a pass: its checked-to rate
                r = max(r, v.checked_vies.get(o.seat, _CHECKED_PRIOR[0] / _CHECKED_PRIOR[1]))
            r = min(1.0, max(0.05, r))
            q *= 0.8 * _above(p, 1.0 - r) + 0.2 * p
        else:
            q *= p
    return q


def _waks_open_table(v: View, amounts: Sequence[int]) -> int:
    """Medium, after the draw with no vie yet: ``_waks_open_ev`` with the percentile tables
    (an opponent meets a vie with the top of its hands by its fold rate)."""
    p = _own_pct(v)
    f = 1.0
    qc = 1.0
    for o in v.active_opps:
        fo = v.folds.get(o.seat, _FOLD_PRIOR[0] / _FOLD_PRIOR[1])
        f *= fo
        qc *= _above(p, fo)
    pot = v.pot
    best_n, best = 0, _check_value(v, p, amounts)
    for n in amounts:
        called = min([n] + [o.chips for o in v.active_opps])
        val = f * pot + (1.0 - f) * (qc * (pot + n + called) - n)
        if val > best + 1e-9:
            best_n, best = n, val
    return best_n


def _italian_vie(v: View, vies: Sequence[str], n: int, q: float, bluff: bool, rng: AgentRandom) -> str:
    """Italian: vie n naming a claim; honest = the lowest claim allowed (keeps us eligible)."""
    ev = v.ev
    mine = [a for a in vies if int(a.split()[1]) == n]
    keyed = sorted((ev.claim_key(a.split()[2], int(a.split()[3])), a) for a in mine)
    if bluff and len(keyed) > 4:
        # claim something solid that we do not hold: opponents without it cannot win
        return keyed[int(len(keyed) * 0.6)][1]
    if len(v.hand) == 4:
        held = [a for c, a in keyed if c <= ev.raw(v.hand) // 100]
        if held:
            return held[0]
    return keyed[0][1]


def _northpass(v: View, legal: Sequence[str], lv: Level, rng: AgentRandom) -> str:
    ev = v.ev
    if lv.samples and len(v.active_opps) == 1:
        o = v.active_opps[0]
        return _np_heads_up(v, legal, lv, rng, v.honesty.get(o.seat, _NP_HONESTY))
    if lv.samples:
        bet = _np_multi_bet(v, legal, lv, rng)
        if bet:
            return bet
        return _np_trade(v, legal, lv, rng)
    k = max(1, len(v.active_opps))
    q = estimate(v, lv, rng)
    edge = q * (k + 1)
    my_claim = ev.raw(v.hand) // 100
    bets: dict[int, list[tuple[int, str]]] = {}
    for a in legal:
        if a.startswith("bet "):
            parts = a.split()
            bets.setdefault(int(parts[1]), []).append((ev.claim_key(parts[2], int(parts[3])), a))
    amounts = sorted(bets)
    # easy and medium bet only what they hold; hard stands on its hand whatever the standing claim
    # (D-NP4: the real hands decide the showdown, a claim is only talk)
    honest = bool(amounts) and (lv.samples > 0 or any(c <= my_claim for c, _ in bets[amounts[0]]))
    bettors = [o for o in v.opps if any(a.startswith("bet ") for a in o.acts)]
    forced = v.to_call if (len(bettors) == 1 and _forced_here(v, bettors[0].seat)) else 0
    threshold = lv.open_edge - (0.25 if forced else 0.0) + (0.2 if v.chips < 4 * (v.to_call + 1) else 0.0)
    if lv.samples:
        threshold = 1.0 + (0.1 if k > 1 else 0.0) - (0.1 if forced else 0.0)
    if honest and edge > threshold:
        frac = (edge - threshold) / max(0.01, k + 1 - threshold)
        amount = _size(amounts, frac * (4.0 if lv.samples else 1.3))
        if v.to_call > 0 and lv.name == "medium":
            amount = amounts[0]  # a re-bet is not met (only a lone bet is, by the forced stake): keep it small
        if lv.samples:
            return max(bets[amount])[1]  # the highest claim: nobody can bet over it, every other player trades
        held = sorted(c_a for c_a in bets[amount] if c_a[0] <= my_claim)
        if lv.name == "easy":
            return held[0][1]
        return held[-1][1]  # announce what we hold: nobody can then bet honestly with a hand below ours
    # No bluff bets here: nobody folds, so a bet on a weak hand wins nothing and keeps the weak hand.
    return _np_trade(v, legal, lv, rng)


def _np_trade(v: View, legal: Sequence[str], lv: Level, rng: AgentRandom) -> str:
    """Northpass, not betting: the trade (the best expected hand, or the best chance to beat a believed claim)."""
    ev = v.ev
    claimer = next((seat for seat, a in reversed(v.deal_log) if a.startswith("bet ")), -1)
    believed = claimer != v.seat and _claim_belief(ev, v.claim, v.honesty.get(claimer, _NP_HONESTY)) >= 0.5
    if lv.samples and v.claim >= 0 and not ev.meets(v.hand, v.claim) and believed:
        chance, a = _trade_to_beat(v, legal)  # an honest claimer holds at least its claim: beat that
        if chance >= 0.05:  # else no trade can beat it: keep the best hand for the others
            return a
    return _choose_keep(v, legal, lv, rng, "trade")


def _np_multi_bet(v: View, legal: Sequence[str], lv: Level, rng: AgentRandom) -> str:
    """Hard, Northpass with 3+ players: the bet (announcing the highest claim, so that nobody can
    bet over it and every other player must trade) with the most expected chips, or "" when a
    trade is worth more. Nobody folds, so a bet wins only at the showdown: standing on our hand
    it pays ``latest + n`` and, as the only bettor, makes the player before us pay the forced
    stake; a trade keeps our best cards and draws (paying the forced stake if it is ours). Both
    are scored over the same sampled opponent hands (weighted by their claims and trades)."""
    ev = v.ev
    bets: dict[int, list[tuple[int, str]]] = {}
    for a in legal:
        if a.startswith("bet "):
            parts = a.split()
            bets.setdefault(int(parts[1]), []).append((ev.claim_key(parts[2], int(parts[3])), a))
    if not bets:
        return ""
    opps = v.active_opps
    rr = _rr(rng)
    my_s = ev.strength(v.hand)
    my_keep = list(_best_keep(ev, v.hand))
    need = 4 - len(my_keep)
    belief = {o.seat: _claim_belief(ev, o.claim, v.honesty.get(o.seat, _NP_HONESTY)) for o in opps}
    traded = {o.seat for o in opps if any(a.startswith("trade") for a in o.acts) and not _aggr(o.acts, ("bet",))}
    num_s = num_t = den = 0.0
    for _ in range(lv.samples):
        cards = rr.sample(v.unseen, 6 * len(opps) + need)
        mine2 = my_keep + cards[6 * len(opps):]
        t_s = ev.strength(mine2)
        w = 1.0
        win_s = win_t = 1.0
        for j, o in enumerate(opps):
            h = cards[6 * j:6 * j + 4]
            p = ev.pct(h)
            if o.claim >= 0:
                b = belief[o.seat]
                w *= (1.0 - b) * (0.3 + p) ** 1.5 / 0.75 + (b if ev.meets(h, o.claim) else 0.0)
            elif o.seat in traded:
                w *= 1.0 if p < 0.6 else 0.5  # it traded rather than bet: a weaker hand, likely
            kept = _best_keep(ev, h)
            o_tr = ev.strength(list(kept) + cards[6 * j + 4:6 * j + 4 + 4 - len(kept)])
            # after our highest claim every other player must trade; after our trade a bettor or a
            # good hand stands (it bets), a weaker one trades
            o_st = ev.strength(h) if o.claim >= 0 or p > 0.6 else o_tr
            win_s *= 1.0 if my_s > o_tr else 0.5 if my_s == o_tr else 0.0
            win_t *= 1.0 if t_s > o_st else 0.5 if t_s == o_st else 0.0
        num_s += w * win_s
        num_t += w * win_t
        den += w
    if den <= 0:
        return ""
    q_s, q_t = num_s / den, num_t / den
    pot = v.pot
    latest = v.to_call
    bettors = {seat for seat, a in v.deal_log if a.startswith("bet ")}
    forced_me = min(latest, v.chips) if len(bettors) == 1 and _forced_here(v, next(iter(bettors))) else 0
    best_a, best = "", q_t * (pot + forced_me) - forced_me
    before = _seat_before(v)
    for n in sorted(bets):
        pay = latest + n
        if pay > v.chips:
            continue
        forced = min(pay, before.chips) if not bettors and before is not None else 0
        val = q_s * (pot + pay + forced) - pay
        if val > best + 1e-9:
            best_a, best = max(bets[n])[1], val
    return best_a


def _seat_before(v: View) -> Opp | None:
    """The active opponent just before us (the one a lone bet of ours makes pay the forced stake)."""
    n = int(v.obs["players"])
    active = {o.seat: o for o in v.active_opps}
    for d in range(1, n):
        q = (v.seat - d) % n
        if q in active:
            return active[q]
    return None


# --- hard, heads-up Northpass: expected chips of each action --------------------------
#
# Heads-up there is no folding and every lone bet is met (D-NP7: the other player is the
# forced one), so a first bet is sized by the showdown equity against the opponent's trade,
# while a re-bet only adds chips the opponent does not have to meet (kept to the minimum).
# The real hands decide the showdown (D-NP4: bluffing carries no penalty) and there are no
# side pots (P-NP2): a claim is only talk, except that the next bet must claim more. So hard
# weighs the highest claim (nobody can bet over it: the opponent must trade, paying the forced
# stake, even with a strong hand) against a low one (a stronger opponent then bets over it and
# pays more), and reads an opponent's claim as its showdowns have shown it to be (exact, under
# or over its hand).

_NP_HU_SAMPLES = 120  # sampled opponent hands per heads-up decision (300 before: a p95 over 300 ms in the browser)
_NP_HONESTY = (3.0, 1.0, 0.4)  # prior pseudo-counts: claims equal to / below / above the hand shown


def _bluff_rate(hon: Sequence[float]) -> float:
    """The share of an opponent's final claims that were above the hand it showed."""
    return float(hon[2] / (hon[0] + hon[1] + hon[2]))


_BLUFF_SPREAD = 0.3  # how much of its bluffs an over-claimer spreads on any one claim (a bluff names any hand)


def _claim_belief(ev: Evaluator, claim: int, hon: Sequence[float]) -> float:
    """The chance that a claimer's hand meets its ``claim``: its showdowns' honesty (``hon``)
    weighed against how rare the claim is. An honest bettor names what it holds, so a claim that
    few hands meet is rarely honest (the highest claim, announced at every bet, is a bluff even
    before any showdown has shown it); a bluff may name any claim."""
    if claim < 0:
        return 1.0
    b = _bluff_rate(hon)
    meet = max(0.0, 1.0 - ev.pct_claim(claim))  # the share of hands that meet it
    honest = (1.0 - b) * min(1.0, meet / 0.3)  # an honest claim: one of the better hands (bettors hold those)
    return honest / (honest + b * _BLUFF_SPREAD) if honest > 0 else 0.0


def _bluff_weight(hon: Sequence[float]) -> float:
    """The weight of a hand below an opponent's claim (about 0.2 for the prior, 1 for a player
    whose claims have said nothing about its hands)."""
    return min(1.0, 2.2 * _bluff_rate(hon))


def _claim_of(ev: Evaluator, act: str) -> int:
    parts = act.split()
    return ev.claim_key(parts[2], int(parts[3]))


def _draw_claimed(ev: Evaluator, c: int, mode: int, rr: random.Random, mine: set[int]) -> list[int] | None:
    """A random hand (avoiding ``mine``) whose claim key is == c (mode 0), > c (1) or < c (2)."""
    keys, hands = ev.hands_by_claim()
    lo = bisect_left(keys, c)
    hi = bisect_right(keys, c)
    span = [(lo, hi), (hi, len(keys)), (0, lo)][mode]
    if span[1] <= span[0]:
        return None
    for _ in range(24):
        h = unpack(hands[rr.randrange(span[0], span[1])])
        if not (h[0] in mine or h[1] in mine or h[2] in mine or h[3] in mine):
            return list(h)
    return None


_BEST_KEEP: dict[tuple[str, int, tuple[int, ...]], tuple[int, ...]] = {}


def _best_keep(ev: Evaluator, h: Sequence[int], sizes: Sequence[int] = (2, 3)) -> tuple[int, ...]:
    """The cards of ``h`` to keep when trading (the best expected final percentile), cached."""
    key = (ev.variant + ("*" if ev.wild >= 0 else ""), (1 << h[0]) | (1 << h[1]) | (1 << h[2]) | (1 << h[3]), tuple(sizes))
    got = _BEST_KEEP.get(key)
    if got is None:
        got = _keep_options(ev, sorted(h), sizes)[0][1]  # canonical order: ties break the same way
        if len(_BEST_KEEP) > 200_000:
            _BEST_KEEP.clear()
        _BEST_KEEP[key] = got
    return got


def _sample_opp_np(v: View, o: Opp, rr: random.Random, hon: tuple[float, float, float]) -> tuple[list[int], float]:
    """One hand the opponent may hold now, with a weight: its latest claim sets the hand
    (exact, better or a bluff, by its observed honesty); trades keep the best cards."""
    ev = v.ev
    mine = set(v.hand)
    total = sum(hon)
    h: list[int] | None = None
    w = 1.0
    claim = -1
    for seat, act in v.deal_log:
        parts = act.split()
        if seat != o.seat:
            if parts[0] == "bet":
                claim = _claim_of(ev, act)
            continue
        if parts[0] == "bet":
            c = _claim_of(ev, act)
            claim = c
            r = rr.random() * total
            mode = 0 if r < hon[0] else 1 if r < hon[0] + hon[1] else 2
            h = _draw_claimed(ev, c, mode, rr, mine)
            if h is None:
                h = _draw_claimed(ev, c, 0, rr, mine) or _draw_claimed(ev, c, 1, rr, mine)
            elif mode == 2:
                w *= (0.3 + ev.pct(h)) ** 1.5  # a claim over its hand: still, players bet their better hands
        elif parts[0] == "trade":
            k = int(parts[1])
            if h is None:
                h = rr.sample([x for x in v.unseen], 4)
                if claim >= 0:
                    w *= 0.3 if ev.raw(h) // 100 > claim else 1.0  # it could have bet over the claim
                else:
                    w *= 0.3 if ev.pct(h) > 0.6 else 1.0  # it could have bet
            kept = list(_best_keep(ev, h, (4 - k,)))
            taken = mine | set(h)
            fill: list[int] = []
            while len(fill) < k:
                x = v.unseen[rr.randrange(len(v.unseen))]
                if x not in taken:
                    taken.add(x)
                    fill.append(x)
            h = kept + fill
    if h is None:
        h = rr.sample(v.unseen, 4)
    return h, w


def _sd(ev: Evaluator, a: Sequence[int], b: Sequence[int]) -> float:
    """Our share of a heads-up showdown (a: ours, b: theirs): the real hands decide (D-NP4),
    whatever was claimed, and the winner takes the whole pot (P-NP2)."""
    sa, sb = ev.strength(a), ev.strength(b)
    return 1.0 if sa > sb else 0.5 if sa == sb else 0.0


def _opp_bet_size(p: float, limit: int) -> int:
    """What an opponent with hand percentile p is assumed to bet (medium's sizing, roughly)."""
    frac = min(1.0, max(0.0, (2 * p - 1.15) / 0.85 * 1.3))
    return max(1, min(limit, 1 + int(frac * limit)))


def _np_heads_up(v: View, legal: Sequence[str], lv: Level, rng: AgentRandom, hon: tuple[float, float, float]) -> str:
    ev = v.ev
    o = v.active_opps[0]
    rr = _rr(rng)
    pot = v.pot
    latest = v.to_call
    bettors = {seat for seat, a in v.deal_log if a.startswith("bet ")}
    opp_acted = any(seat == o.seat for seat, _ in v.deal_log)
    forced_now = min(latest, v.chips) if bettors == {o.seat} else 0
    trade_ends = bool(bettors) or opp_acted
    limit = int((v.obs.get("options") or {}).get("limit", v.rest) or 6)
    my_key = ev.raw(v.hand) // 100
    top = ev.hands_by_claim()[0][-1]  # the highest claim (P-CL1: claims are real hands): nobody bets over it
    bluffs = _bluff_rate(hon)  # how often the opponent's claims were over its hand

    trades: list[tuple[str, list[int], int]] = []
    for a in legal:
        if a.startswith("trade"):
            out = {ev.index[c] for c in a.split()[1:]}
            trades.append((a, [x for x in v.hand if x not in out], len(out)))
    bets: dict[int, list[tuple[int, str]]] = {}
    for a in legal:
        if a.startswith("bet "):
            parts = a.split()
            bets.setdefault(int(parts[1]), []).append((ev.claim_key(parts[2], int(parts[3])), a))
    bet_opts: list[tuple[str, int, int]] = []  # action, amount, claim
    if bets:
        for n in sorted({min(bets), max(bets)}):
            claims = sorted(bets[n])
            honest = [ca for ca in claims if ca[0] <= my_key]
            # the lowest claim (invites a stronger hand to bet over it), the exact one, the highest (blocks)
            for c, a in sorted(set(claims[:1] + honest[-1:] + claims[-1:])):
                bet_opts.append((a, n, c))
    my_keep = list(_best_keep(ev, v.hand))
    alone_after_bet = not (bettors - {v.seat})  # our bet would be the only one: the opponent is forced

    names = [t[0] for t in trades] + [b[0] for b in bet_opts]
    total = [0.0] * len(names)
    for _ in range(_NP_HU_SAMPLES):
        oh, w = _sample_opp_np(v, o, rr, hon)
        if w <= 0:
            continue
        taken = set(oh)
        draws: list[int] = []
        while len(draws) < 6:
            x = v.unseen[rr.randrange(len(v.unseen))]
            if x not in taken:
                taken.add(x)
                draws.append(x)
        o_key = ev.raw(oh) // 100
        o_p = ev.pct(oh)
        o_kept = list(_best_keep(ev, oh))
        o2 = o_kept + draws[2:2 + 4 - len(o_kept)]
        o_claims = top if rr.random() < bluffs else o_key  # what it would claim when it bets
        i = 0
        for _a, kept, k in trades:
            h2 = kept + draws[:k]
            if trade_ends:
                val = _sd(ev, h2, oh) * (pot + forced_now) - forced_now
            elif o_p > 0.6:  # the opponent bets over our trade; we re-bet if ahead and we can, else trade again
                sd_ = min(_opp_bet_size(o_p, limit), v.chips, o.chips)
                if ev.strength(h2) > ev.strength(oh) and o_claims < top:
                    val = _sd(ev, h2, o2) * (pot + 2 * sd_ + 1) - sd_ - 1
                else:
                    k2 = list(_best_keep(ev, h2))
                    h3 = k2 + draws[4:4 + 4 - len(k2)]
                    val = _sd(ev, h3, oh) * (pot + 2 * sd_) - sd_
            else:
                val = _sd(ev, h2, o2) * pot
            total[i] += w * val
            i += 1
        for _a, n, c in bet_opts:
            pay = latest + n
            if c < top and o_p > 0.45 and (o_key > c or o_claims > c) and o.chips > pay:  # it bets over our claim
                r = 2
                if ev.strength(v.hand) > ev.strength(oh) and o_claims < top:  # bet again (the minimum), it trades
                    val = _sd(ev, v.hand, o2) * (pot + pay + n + r + r + 1) - pay - r - 1
                else:  # we cannot or would rather not bet: we trade (freely: two players have bet)
                    h3 = my_keep + draws[4:4 + 4 - len(my_keep)]
                    val = _sd(ev, h3, oh) * (pot + pay + n + r) - pay
            else:
                # it must trade (it cannot stand without betting), paying the forced stake, or what it has:
                # it can still win the whole pot (P-NP2: no side pots), so chips it cannot cover only risk ours
                forced = min(n, o.chips) if alone_after_bet else 0
                val = _sd(ev, v.hand, o2) * (pot + pay + forced) - pay
            total[i] += w * val
            i += 1
    if not names:
        return legal[0]
    best = max(range(len(names)), key=lambda j: (total[j], -j))
    return names[best]


def _trade_to_beat(v: View, legal: Sequence[str]) -> tuple[float, str]:
    """Hard, facing an announced claim we do not meet: (its chance, the trade most likely to beat it), exact."""
    ev = v.ev
    best = (-1.0, "")
    for a in legal:
        if not a.startswith("trade"):
            continue
        out = [ev.index[c] for c in a.split()[1:]]
        kept = [x for x in v.hand if x not in out]
        pool = [x for x in v.unseen if x not in out]
        got = 0.0
        n = 0
        for fill in combinations(pool, len(out)):
            c = ev.raw(kept + list(fill)) // 100
            got += 1.0 if c > v.claim else 0.5 if c == v.claim else 0.0
            n += 1
        if got / n > best[0]:
            best = (got / n, a)
    return best


def _forced_here(v: View, bettor: int) -> bool:
    """D-NP7: we are the active seat just before the only bettor."""
    n = int(v.obs["players"])
    active = {o.seat for o in v.active_opps} | {v.seat}
    for d in range(1, n):
        q = (bettor - d) % n
        if q in active:
            return q == v.seat
    return False


def _rms(v: View, legal: Sequence[str], lv: Level, rng: AgentRandom) -> str:
    ev = v.ev
    verbs = {a.split()[0] for a in legal}
    if "draw" in verbs or "vada" in verbs:
        return _rms_play(v, legal, lv, rng)
    if all(a.startswith("discard") for a in legal):
        return _rms_discard(v, legal, lv, rng)
    k = max(1, len(v.active_opps))
    q = estimate(v, lv, rng)
    if "match" in verbs and (lv.ranges or lv.samples) and any(_aggr(o.acts, _RMS_BETS) for o in v.active_opps):
        # facing a bet: read it by the bettor's rate (a rock's bet means a strong hand)
        rq = _rms_range_q(v, v.bet_rate)
        tight = all(v.bet_rate.get(o.seat, 0.25) < 0.2 for o in v.active_opps if _aggr(o.acts, _RMS_BETS))
        q = rq if lv.ranges else min(q, rq) if tight else 0.5 * (q + rq)
    edge = q * (k + 1)
    if "stay" in verbs:
        survivor = next((o for o in v.opps if o.active), None)
        cost = (survivor and int(v.obs["seats"][survivor.seat]["bet"])) or 0
        cost = max(0, cost - v.my_bet)
        qs = q if lv.samples else q ** (1.0 / k)  # one opponent left
        return "stay" if qs * (v.pot + cost) - cost > 0.15 * v.pot and qs > 0.5 else "pass"
    if "match" in verbs and "refuse" not in verbs:  # second chance: match or fold
        strong = len(v.hand) == 4 and ev.pct(v.hand) >= 0.95
        return "match" if _pot_odds_ok(v, q, lv, v.to_call) or strong else "fold"
    if "match" in verbs:
        raises = _amounts(legal, "raise")
        if raises and edge > lv.raise_edge:
            return f"raise {_size(raises, (edge - lv.raise_edge) / max(0.01, k + 1 - lv.raise_edge))}"
        if _pot_odds_ok(v, q, lv, v.to_call):
            return "match"
        return "refuse"  # D-RM4: a bet nobody accepts is withdrawn; we keep a second chance
    bets = _amounts(legal, "bet")
    bluff = lv.bluff > 0 and rng.random() < lv.bluff * 0.5
    if bets and (edge > lv.open_edge or bluff):
        return f"bet {_size(bets, 0.0 if bluff else (edge - lv.open_edge) / max(0.01, k + 1 - lv.open_edge))}"
    return "pass" if "pass" in legal else legal[0]


def _rms_play(v: View, legal: Sequence[str], lv: Level, rng: AgentRandom) -> str:
    ev = v.ev
    p = ev.pct(v.hand)
    circuit_knocks = sum(1 for o in v.active_opps if o.knocked)
    if lv.samples:
        q = estimate(v, lv, rng)
        k = max(1, len(v.active_opps))
        knock = q * (k + 1) > (1.0 if circuit_knocks else 1.5) or p >= 0.97
    else:
        p = _noisy(p, lv, rng)
        draws = sum(1 for a in v.opps[0].acts if a.startswith("draw")) if v.opps else 0
        thr = max(0.6, 0.85 - 0.05 * draws) if not circuit_knocks else 0.65
        knock = p >= thr
    draws_ = [a for a in legal if a.startswith("draw")]
    if (knock and "vada" in legal) or not draws_:
        return "vada"
    return rng.choice(draws_)  # the eight table cards are face down: any slot is as good


def _rms_discard(v: View, legal: Sequence[str], lv: Level, rng: AgentRandom) -> str:
    ev = v.ev
    options: list[tuple[float, str]] = []
    pool = v.unseen
    for a in legal:
        c = ev.index[a.split()[1]]
        rest4 = [x for x in v.hand if x != c]
        value = ev.pct(rest4)
        if lv.samples:
            # one draw ahead: the chance the next draw improves this hand
            left = [x for x in pool if x != c]
            step = max(1, len(left) // 12)
            base = ev.strength(rest4)
            better = 0.0
            sampled = left[::step]
            for x in sampled:
                better += max(0.0, ev.pct_of(_best4(ev, rest4 + [x])) - ev.pct_of(base))
            value += 0.5 * better / len(sampled)
        options.append((value, a))
    options.sort(key=lambda t: (-t[0], t[1]))
    if lv.second_best and len(options) > 1 and rng.random() < lv.second_best:
        return options[1][1]
    return options[0][1]


# --- the agent ---------------------------------------------------------------------


_TRUST_VERBS = ("vie", "revie", "see", "pass", "fold")
_RMS_VERBS = ("bet", "raise", "match", "refuse", "pass", "fold")
_RMS_BETS = ("bet", "raise")


def _count_aggression(aggr: dict[int, list[float]], entries: Sequence[Mapping[str, Any]]) -> None:
    """Add public log entries to each seat's [vies and revies, betting turns] counts (Waks)."""
    for e in entries:
        verb = str(e["action"]).split()[0]
        if e["seat"] >= 0 and verb in _TRUST_VERBS:
            rec = aggr.setdefault(int(e["seat"]), [10 * 0.28, 10.0])
            rec[0] += verb in ("vie", "revie")
            rec[1] += 1


def _count_rms_bets(rec: dict[int, list[float]], entries: Sequence[Mapping[str, Any]]) -> None:
    """Add public log entries to each seat's [bets and raises, wagering turns] counts (RMS): a
    tight player's bets mean a strong hand, a loose one's little."""
    for e in entries:
        verb = str(e["action"]).split()[0]
        if e["seat"] >= 0 and verb in _RMS_VERBS and e["action"] not in ("bet withdrawn", "raise withdrawn"):
            r = rec.setdefault(int(e["seat"]), list(_RMS_BET_PRIOR))
            r[0] += verb in _RMS_BETS
            r[1] += 1


_RMS_BET_PRIOR = (2.5, 10.0)  # pseudo-counts: bets and raises, wagering turns (RMS)


def _rms_range_q(v: View, rate: Mapping[int, float]) -> float:
    """Facing an RMS bet or raise: our chance against each opponent's range, where an opponent
    that bet or raised this deal holds the top of its hands by its bet rate (a rock's bet means a
    strong hand, a frequent bettor's little), and any other a hand like ours."""
    p = _own_pct(v)
    q = 1.0
    for o in v.active_opps:
        if _aggr(o.acts, _RMS_BETS):
            r = min(1.0, max(0.05, rate.get(o.seat, _RMS_BET_PRIOR[0] / _RMS_BET_PRIOR[1]) * 1.5))
            q *= 0.8 * _above(p, 1.0 - r) + 0.2 * p
        else:
            q *= p
    return q


def _waks_trust(aggr: Mapping[int, Sequence[float]], vies: Mapping[int, Sequence[float]]) -> dict[int, float]:
    """How much each opponent's vies mean (0.15..1): low when it vies or revies at most of its
    turns (a loose or random player: honest players vie ~25-30% of their betting turns), or when
    the hands it showed after vying were not strong. ``aggr``: see ``_count_aggression``."""
    out: dict[int, float] = {}
    for p, (a, n) in aggr.items():
        t = (0.62 - a / n) / 0.25
        if p in vies:
            t = min(t, (vies[p][0] / vies[p][1] - 0.3) / 0.25)
        out[p] = min(1.6, max(0.15, t))
    return out


_CHECKED_PRIOR = (0.9, 3.0)  # pseudo-counts: vies when checked to, times checked to


def _count_folds(rec: dict[int, list[float]], cur: list[Any], entries: Sequence[Mapping[str, Any]],
                 checked: dict[int, list[float]] | None = None) -> None:
    """Add public log entries to each seat's [folds, responses] to a vie after the Waks draw,
    and to ``checked``: each seat's [vies, turns] when every player before it in the round
    passed. ``cur``: [deal, drawn, a vie is standing, a pass was made] of the deal being read."""
    for e in entries:
        deal = int(e["deal"])
        if deal != cur[0]:
            cur[:] = [deal, False, False, False]
        verb = str(e["action"]).split()[0]
        if verb == "discard":
            cur[1], cur[2], cur[3] = True, False, False
            continue
        if e["seat"] < 0:
            continue
        if checked is not None and not cur[2] and cur[3] and verb in ("vie", "pass"):
            c = checked.setdefault(int(e["seat"]), list(_CHECKED_PRIOR))
            c[0] += verb == "vie"
            c[1] += 1
        if not cur[2] and verb == "pass":
            cur[3] = True
        if not cur[1]:
            if verb in ("vie", "revie"):
                cur[2] = True
            continue
        if cur[2] and verb in ("fold", "see", "revie"):
            r = rec.setdefault(int(e["seat"]), list(_FOLD_PRIOR))
            r[0] += verb == "fold"
            r[1] += 1
        if verb in ("vie", "revie"):
            cur[2] = True


class PrimeroAgent:
    """A Primero AI at one level (``easy``, ``medium`` or ``hard``)."""

    def __init__(self, level: str = DEFAULT_LEVEL) -> None:
        self.level = _LEVELS[level]
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
        if variant not in _ENGINES:
            raise OptionsError(f"Primero has no variant {quote(variant)}")
        ev = evaluator(variant, variant == "rms" and bool(options.get("wild", False)))
        ev.pct((0, 1, 2, 3))  # the percentile table
        ev.warm_keeps()  # the draw and trade sums (a first Northpass trade reads about 1,500)
        if self.level.samples and variant in ("northpass", "suzuki", "italian"):
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
        _count_aggression(self._aggression, new)
        _count_folds(self._folds, self._fold_cur, new, self._checked)
        _count_rms_bets(self._rms_bets, new)

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
        if last.get("how") == "lone" and _ENGINES.get(str(obs["variant"])) == "waks" and any(
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
            if p != obs["seat"] and obs["variant"] in _ENGINES and _ENGINES[obs["variant"]] == "waks":
                n = sum(1 for e in entries if e["seat"] == p and str(e["action"]).split()[0] in ("vie", "revie"))
                if n and len(sh["cards"]) == 4 and all(c in ev.index for c in sh["cards"]):
                    rec_v = self._vies.setdefault(p, [3 * 0.72, 3.0])
                    rec_v[0] += n * ev.pct([ev.index[c] for c in sh["cards"]])
                    rec_v[1] += n
            act = final.get(p, "")
            if p == obs["seat"] or not act.startswith("bet ") or len(act.split()) != 4:
                continue
            c = _claim_of(ev, act)
            k = ev.claim_key(str(sh["kind"]), int(sh["points"]))
            rec = self._honesty.setdefault(p, list(_NP_HONESTY))
            rec[0 if k == c else 1 if k > c else 2] += 1.0

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[str], rng: AgentRandom) -> str:
        """One of ``legal_actions``, from the observation of our seat only."""
        legal = list(legal_actions)
        self._read_log(observation)
        if len(legal) == 1:
            return legal[0]
        v = parse_view(observation)
        if v.engine == "waks":
            v.folds = {p: r[0] / r[1] for p, r in self._folds.items()}
            v.vie_rate = {p: r[0] / r[1] for p, r in self._aggression.items()}
            v.checked_vies = {p: r[0] / r[1] for p, r in self._checked.items()}
        if v.engine == "rms":
            v.bet_rate = {p: r[0] / r[1] for p, r in self._rms_bets.items()}
        if self.level.samples and v.engine != "rms":
            self._learn(observation, v.ev)
            v.honesty = {p: (r[0], r[1], r[2]) for p, r in self._honesty.items()}
            if v.engine == "waks":
                v.trust = _waks_trust(self._aggression, self._vies)
        if v.engine == "waks":
            a = (cfr.choose(observation, legal, rng) if self.table else None) or _waks(v, legal, self.level, rng)
        elif v.engine == "northpass":
            a = _northpass(v, legal, self.level, rng)
        else:
            a = _rms(v, legal, self.level, rng)
        if a in legal:
            return a
        for safe in ("see", "match", "pass", "discard"):
            if safe in legal:
                return safe
        return legal[0]


def _factory(level: str) -> Any:
    def make() -> Agent:
        return PrimeroAgent(level)

    make.__name__ = f"make_{level}"
    return make


FACTORIES: dict[str, Any] = {level: _factory(level) for level in LEVELS}
