"""The Primero AI in the RMS game: wagering (bet, match, raise, refuse, fold, stay), drawing and knocking.

Hard weighs opponents' hands by their bets, matches and knocks (Monte Carlo, fewer samples per
estimate than the other families: RMS asks for many decisions per deal), looks one draw
ahead when discarding, and knocks by its odds, except with a hand nobody is likely to beat
(``SLOW_PLAY``) or likely to beat a hand already knocked (``SLOW_PLAY_KNOCKED``); medium and hard read a bet by the bettor's rate (``count_bets``, kept by
the agent): a rock's bet means a strong hand, a frequent bettor's little.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ...rng import AgentRandom
from .common import View, above, bet_amounts, count_verbs, estimate, noisy, own_pct, pick_size, pot_odds_ok
from .levels import Level


def _hard_q_rms(v: View, rr: random.Random, samples: int) -> float:
    ev = v.ev
    opps = v.active_opps
    more = v.phase != "play" or not v.obs["seats"][v.seat]["knocked"]
    knocks = sum(1 for o in opps if o.knocked) + (1 if v.obs["seats"][v.seat]["knocked"] else 0)
    if knocks >= 1 and v.phase == "play":
        more = more and knocks < 2
    need_me = 4 - len(v.hand) + (1 if more else 0)
    per_opp = 5
    # how strongly each opponent's bets, matches and knocks this deal weigh a hand toward the top
    power = [0.9 * count_verbs(o.acts, ("bet", "raise")) + 0.3 * count_verbs(o.acts, ("match",)) + 1.5 * (1 if o.knocked else 0)
             for o in opps]
    num = 0.0
    den = 0.0
    for _ in range(samples):
        cards = rr.sample(v.unseen, need_me + per_opp * len(opps))
        my_s = ev.best_of(list(v.hand) + cards[:need_me])
        i = need_me
        w = 1.0
        win = 1.0
        for o, e in zip(opps, power, strict=True):
            block = cards[i:i + per_opp]
            i += per_opp
            h = block if more and not o.knocked else block[:4]
            s = ev.best_of(h)
            p = ev.pct_of(s)
            w *= (0.2 + p) ** e
            if s > my_s:
                win = 0.0
            elif s == my_s:
                win *= 0.5
        num += w * win
        den += w
    return num / den if den else 0.0


def decide(v: View, legal: Sequence[str], lv: Level, rng: AgentRandom) -> str:
    """The RMS choice among ``legal`` (a draw or knock, a discard, or a wagering answer) at level ``lv``."""
    ev = v.ev
    verbs = {a.split()[0] for a in legal}
    if "draw" in verbs or "vada" in verbs:
        return _rms_play(v, legal, lv, rng)
    if all(a.startswith("discard") for a in legal):
        return _rms_discard(v, legal, lv, rng)
    k = max(1, len(v.active_opps))
    q = _estimate(v, lv, rng)
    if "match" in verbs and (lv.ranges or lv.samples) and any(count_verbs(o.acts, _RMS_BETS) for o in v.active_opps):
        # facing a bet: read it by the bettor's rate (a rock's bet means a strong hand)
        rq = _rms_range_q(v, v.bet_rate)
        tight = all(v.bet_rate.get(o.seat, 0.25) < 0.2 for o in v.active_opps if count_verbs(o.acts, _RMS_BETS))
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
        return "match" if pot_odds_ok(v, q, lv, v.to_call) or strong else "fold"
    if "match" in verbs:
        raises = bet_amounts(legal, "raise")
        if raises and edge > lv.raise_edge:
            return f"raise {pick_size(raises, (edge - lv.raise_edge) / max(0.01, k + 1 - lv.raise_edge))}"
        if pot_odds_ok(v, q, lv, v.to_call):
            return "match"
        return "refuse"  # D-RM4: a bet nobody accepts is withdrawn; we keep a second chance
    bets = bet_amounts(legal, "bet")
    bluff = lv.bluff > 0 and rng.random() < lv.bluff * 0.5
    if bets and (edge > lv.open_edge or bluff):
        return f"bet {pick_size(bets, 0.0 if bluff else (edge - lv.open_edge) / max(0.01, k + 1 - lv.open_edge))}"
    return "pass" if "pass" in legal else legal[0]


SLOW_PLAY = 0.85
"""Hard draws on rather than knock when its chance of winning is at least this. Found by the game
review (bench/review/RESULTS.md, "RMS, session 15"): a knock with a hand nobody could beat ended
the wagering the others would have paid into, 6-8 chips in pots of 35-62; hard drawing on at 0.95
beat the hard that knocked by +0.47 ± 0.26 chips a deal (6,000 deals). Session 16 lowered it to 0.85
with ``SLOW_PLAY_KNOCKED`` (bench/primero/RESULTS.md, "RMS: drawing on after a knock")."""

SLOW_PLAY_KNOCKED = 0.7
"""Once an opponent has knocked (it can no longer improve, and a second knock ends the deal), hard
draws on at this chance of winning: a free draw and more wagering against a hand that is fixed.
With ``SLOW_PLAY`` at 0.85, hard beat the hard of session 15 by +0.44 ± 0.27 chips a deal (18,000
deals); the review had charged hard's knocks at q 0.5-0.95 about 6 chips each."""


def _rms_play(v: View, legal: Sequence[str], lv: Level, rng: AgentRandom) -> str:
    ev = v.ev
    p = ev.pct(v.hand)
    circuit_knocks = sum(1 for o in v.active_opps if o.knocked)
    if lv.samples:
        q = _estimate(v, lv, rng)
        k = max(1, len(v.active_opps))
        knock = q * (k + 1) > (1.0 if circuit_knocks else 1.5) or p >= 0.97
        if q >= (SLOW_PLAY_KNOCKED if circuit_knocks else SLOW_PLAY):
            knock = False  # a hand nobody is likely to beat: draw on and let the others keep paying
    else:
        p = noisy(p, lv, rng)
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
                better += max(0.0, ev.pct_of(ev.best_of(rest4 + [x])) - ev.pct_of(base))
            value += 0.5 * better / len(sampled)
        options.append((value, a))
    options.sort(key=lambda t: (-t[0], t[1]))
    if lv.second_best and len(options) > 1 and rng.random() < lv.second_best:
        return options[1][1]
    return options[0][1]
_RMS_VERBS = ("bet", "raise", "match", "refuse", "pass", "fold")
_RMS_BETS = ("bet", "raise")


def count_bets(rec: dict[int, list[float]], entries: Sequence[Mapping[str, Any]]) -> None:
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
    p = own_pct(v)
    q = 1.0
    for o in v.active_opps:
        if count_verbs(o.acts, _RMS_BETS):
            r = min(1.0, max(0.05, rate.get(o.seat, _RMS_BET_PRIOR[0] / _RMS_BET_PRIOR[1]) * 1.5))
            q *= 0.8 * above(p, 1.0 - r) + 0.2 * p
        else:
            q *= p
    return q


def _estimate(v: View, lv: Level, rng: AgentRandom) -> float:
    """The chance of winning the showdown, by the level's method (hard: ``_hard_q_rms`` with a third
    of the level's samples, at least 40: many RMS decisions per deal, fewer samples each)."""
    return estimate(v, lv, rng, _hard_q_rms, max(40, lv.samples // 3))
