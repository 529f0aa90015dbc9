"""Scripted Primero betting styles: the gauntlet's opponents (bench only, not shipped levels).

Each style decides only the betting: open (vie/bet), check (pass; in Northpass: trade), call
(see/match), raise (revie/raise; in Northpass: bet over the standing claim) or fold. The card
play (the Waks draw, Northpass trades, RMS draws, discards and knocks) is medium's, so the
gauntlet measures betting. A style's strength figure is the percentile of its hand among all
hands of the deck (the expected percentile of its best keep when it holds fewer than four).

Styles (name: behaviour):
- ``maxer``: always the maximum bet or raise, never folds.
- ``station``: never bets or raises, calls everything.
- ``rock15`` / ``rock30``: only its best 15% / 30% of hands, and then the maximum; else check/fold.
- ``probe``: rock15, plus a maximum bet whenever every other player has checked to it.
- ``bluffer``: a random bet or raise a third of the time, else bets fair hands, calls loosely.
- ``minraiser``: bets and raises the minimum with fair hands, calls middling ones.
- ``tag``: tight-aggressive: plays its best 25%, large bets and raises.
- ``lag``: loose-aggressive: plays 60% of hands, raises often.
- ``passive``: never bets; calls with the better half of hands, else folds.
- Northpass only: ``honest`` (bets its good hands announcing exactly what it holds) and
  ``bestclaim`` (bets its good hands announcing the highest claim there is).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pygame_core.primero.ai import PrimeroAgent
from pygame_core.primero.ai.common import View, parse_view
from pygame_core.rng import AgentRandom

BASE_STYLES = ("maxer", "station", "rock15", "rock30", "probe", "bluffer", "minraiser", "tag", "lag", "passive")
NP_STYLES = ("honest", "bestclaim")


def styles_for(variant: str) -> tuple[str, ...]:
    """The styles the gauntlet plays in a rule set."""
    return BASE_STYLES + (NP_STYLES if variant in ("northpass", "suzuki") else ())


_BET_VERBS = ("vie", "revie", "bet", "raise")
_CHECKS = ("pass", "trade")


@dataclass(frozen=True)
class Decision:
    """A style's betting intent: ``kind`` in open/check/call/raise/fold; ``size`` 0..1 of the range."""

    kind: str
    size: float = 1.0


def _strength(v: View) -> float:
    ev = v.ev
    if len(v.hand) == 4:
        return float(ev.pct(v.hand))
    if not v.hand:
        return 0.5
    return float(ev.best_keep(v.hand, range(len(v.hand) + 1))[0])


def _checked_to(v: View) -> bool:
    """Every other active player has checked since our last betting action (and nobody bet)."""
    mine = [i for i, (s, a) in enumerate(v.deal_log) if s == v.seat and a.split()[0] in _BET_VERBS + ("see", "match", "pass")]
    after = v.deal_log[mine[-1] + 1:] if mine else v.deal_log
    if v.engine == "waks" and v.phase == "bet2":  # this betting round only: after the last draw
        cut = [i for i, (_, a) in enumerate(after) if a.startswith("discard")]
        after = after[cut[-1] + 1:] if cut else after
    checked = set()
    for s, a in after:
        verb = a.split()[0]
        if verb in _BET_VERBS:
            return False
        if verb in _CHECKS:
            checked.add(s)
    return bool(v.active_opps) and all(o.seat in checked for o in v.active_opps)


def decide(style: str, v: View, p: float, facing: bool, rng: AgentRandom) -> Decision:
    """The betting intent of ``style`` with hand percentile ``p``."""
    r = rng.random()
    if style == "maxer":
        return Decision("raise" if facing else "open", 1.0)
    if style == "station":
        return Decision("call" if facing else "check")
    if style in ("rock15", "rock30", "probe"):
        cut = 0.70 if style == "rock30" else 0.85
        if p >= cut:
            return Decision("raise" if facing else "open", 1.0)
        if style == "probe" and not facing and _checked_to(v):
            return Decision("open", 1.0)
        return Decision("fold" if facing else "check")
    if style == "bluffer":
        if r < 0.33:
            return Decision("raise" if facing else "open", rng.random())
        if not facing:
            return Decision("open", rng.random()) if p >= 0.6 else Decision("check")
        return Decision("call") if p >= 0.45 or rng.random() < 0.35 else Decision("fold")
    if style == "minraiser":
        if not facing:
            return Decision("open", 0.0) if p >= 0.5 else Decision("check")
        if p >= 0.7:
            return Decision("raise", 0.0)
        return Decision("call") if p >= 0.4 else Decision("fold")
    if style == "tag":
        if not facing:
            return Decision("open", 1.0) if p >= 0.75 else Decision("check")
        if p >= 0.85:
            return Decision("raise", 1.0)
        return Decision("call") if p >= 0.6 else Decision("fold")
    if style == "lag":
        if not facing:
            return Decision("open", 0.5 + 0.5 * r) if p >= 0.4 else Decision("check")
        if p >= 0.6:
            return Decision("raise", 0.5 + 0.5 * r)
        return Decision("call") if p >= 0.3 else Decision("fold")
    if style == "passive":
        if not facing:
            return Decision("check")
        return Decision("call") if p >= 0.5 else Decision("fold")
    if style in ("honest", "bestclaim"):
        if p >= 0.6:
            return Decision("raise" if facing else "open", (p - 0.6) / 0.4)
        return Decision("call" if facing else "check")
    raise ValueError(f"no style {style!r}")


def _pick_size(amounts: Sequence[int], size: float) -> int:
    i = round(min(1.0, max(0.0, size)) * (len(amounts) - 1))
    return amounts[i]


class StyleAgent:
    """A scripted betting style; card play by a medium agent."""

    def __init__(self, style: str) -> None:
        self.style = style
        self.name = style
        self.medium = PrimeroAgent("medium")

    def prepare(self, variant: str, options: Mapping[str, Any]) -> None:
        """Build the tables medium needs."""
        self.medium.prepare(variant, options)

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[str], rng: AgentRandom) -> str:
        """One of ``legal_actions``."""
        legal = list(legal_actions)
        if len(legal) == 1:
            return legal[0]
        verbs = {a.split()[0] for a in legal}
        if verbs <= {"discard", "draw", "vada"}:  # card play: medium's
            return self.medium.choose(observation, legal, rng)
        v = parse_view(observation)
        if v.phase == "draw":
            return self.medium.choose(observation, legal, rng)
        p = _strength(v)
        if "stay" in verbs:  # RMS: volunteer to see the last player
            return "stay" if p >= 0.6 else "pass"
        if v.engine == "northpass":
            return self._northpass(v, observation, legal, p, rng)
        facing = v.to_call > 0
        d = decide(self.style, v, p, facing, rng)
        opens = sorted({int(a.split()[1]) for a in legal if a.split()[0] in ("vie", "bet")})
        raises = sorted({int(a.split()[1]) for a in legal if a.split()[0] in ("revie", "raise")})
        call = "see" if "see" in legal else "match" if "match" in legal else ""
        if d.kind == "open" and opens:
            verb = "vie" if "vie" in verbs else "bet"
            return f"{verb} {_pick_size(opens, d.size)}"
        if d.kind == "raise" and raises:
            verb = "revie" if "revie" in verbs else "raise"
            return f"{verb} {_pick_size(raises, d.size)}"
        if d.kind in ("raise", "call") and call:
            return call
        if d.kind in ("check", "open", "raise", "call") and "pass" in legal and not facing:
            return "pass"
        if d.kind == "fold" or not call:
            if facing and "pass" in legal and len(v.active_opps) > 1 and v.engine == "waks":
                return "pass"  # D-WB2: wait and see
            if "refuse" in legal:
                return "refuse"
            if "pass" in legal and not facing:
                return "pass"
            if "fold" in legal:
                return "fold"
        return call or ("pass" if "pass" in legal else legal[0])

    def _northpass(self, v: View, obs: Mapping[str, Any], legal: list[str], p: float, rng: AgentRandom) -> str:
        ev = v.ev
        facing = v.claim >= 0
        d = decide(self.style, v, p, facing, rng)
        bets: dict[int, list[tuple[int, str]]] = {}
        for a in legal:
            if a.startswith("bet "):
                parts = a.split()
                bets.setdefault(int(parts[1]), []).append((ev.claim_key(parts[2], int(parts[3])), a))
        trades = [a for a in legal if a.startswith("trade")]
        if d.kind in ("open", "raise") and bets:
            n = _pick_size(sorted(bets), d.size)
            claims = sorted(bets[n])
            if self.style == "bestclaim":
                return claims[-1][1]
            mine = ev.raw(v.hand) // 100 if len(v.hand) == 4 else -1
            held = [ca for ca in claims if ca[0] <= mine]
            return held[-1][1] if held else claims[0][1]
        if trades:
            return self.medium.choose(obs, trades, rng)
        return legal[0]
