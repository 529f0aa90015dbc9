"""The RMS engine: wagering with refusals (D-RM4) and forced stay (D-RM5), then draw/discard or knock.

D-RM1: the dealer is dealt to first and acts first, all in seat order. Wagering
comes after 2 cards (phase ``bet1``), after 4 cards (``bet2``) and, during
``play``, before the dealer's turn of every circuit after the first. D-RM2: in
eight-card mode a player draws one of the face-down table cards blind and puts
the discard face down in its slot; in stock mode discards go to a pile that is
reshuffled when the stock runs out. D-RM3: a player who has not knocked draws or
knocks; play stops at two knocks (or when everyone still in has knocked), with a
safety cap of CIRCUIT_CAP circuits.

``ENGINE`` is the engine object the RMS rules record names.
"""

from __future__ import annotations

from ...cards import Card
from ..state import (
    CIRCUIT_CAP,
    REVIE_CAP,
    PrimeroState,
    add_log,
    can_act,
    deal_round,
    draw_cards,
    in_deal,
    new_round,
    next_seat,
    pay,
    replace,
    set_at,
    sort_cards,
)
from .deal import showdown


def _playable(s: PrimeroState, p: int) -> bool:
    return in_deal(s, p) and not s.knocked[p]


def forced_stayer(s: PrimeroState) -> int:
    """D-RM5: while folded players are asked to volunteer, the seat that must stay if nobody does."""
    if not s.volunteering:
        return -1
    return next_seat(s, s.lone_player, lambda st, q: not st.out[q] and st.folded[q])


# --- wagering -----------------------------------------------------------------


def start_wager(s: PrimeroState) -> PrimeroState:
    """Open a wagering round; the dealer (or the first player after) speaks first."""
    s = new_round(s)
    if sum(1 for p in range(s.players) if can_act(s, p)) < 2:
        return _after_wager(s)
    first = next_seat(s, (s.dealer - 1) % s.players, can_act)
    return replace(s, to_act=first, wagering=s.phase == "play")


def _refund(s: PrimeroState, q: int, amount: int) -> PrimeroState:
    return replace(
        s,
        chips=set_at(s.chips, q, s.chips[q] + amount),
        contrib=set_at(s.contrib, q, s.contrib[q] - amount),
        bets=set_at(s.bets, q, s.bets[q] - amount),
    )


def _wager_legal(s: PrimeroState) -> list[str]:
    p = s.to_act
    lo, hi = s.rules.bet_limits(s)
    chips = s.chips[p]
    if s.volunteering:
        return ["pass", "stay"]
    if s.second_chance:
        return ["fold", "match"]
    if not s.proposal:
        return [f"bet {n}" for n in range(lo, min(hi, chips) + 1)] + ["fold", "pass"]
    to_call = s.high - s.bets[p]
    acts = ["fold", "match", "refuse"]
    if s.raises < REVIE_CAP:  # D-WB4-style engine cap on raises
        acts += [f"raise {n}" for n in range(lo, hi + 1) if to_call + n <= chips]
    return acts


def _wager_apply(s: PrimeroState, p: int, action: str) -> PrimeroState:
    parts = action.split()
    verb = parts[0]
    if s.volunteering:
        return _volunteer(s, p, verb == "stay")
    if verb == "fold":
        s = add_log(replace(s, folded=set_at(s.folded, p, True), responded=set_at(s.responded, p, True),
                            acted=set_at(s.acted, p, True)), p, "fold")
        left = [q for q in range(s.players) if in_deal(s, q)]
        if len(left) == 1:
            return _start_volunteer(s, left[0])
    elif verb == "bet":
        n = int(parts[1])
        s = pay(s, p, n)
        s = replace(s, proposal="bet", proposer=p, level_before_proposal=0, responded=(False,) * s.players,
                    refused=(False,) * s.players, acted=set_at(s.acted, p, True))
        s = add_log(s, p, action)
    elif verb == "pass":
        s = add_log(replace(s, acted=set_at(s.acted, p, True)), p, "pass")
    elif verb == "match":
        s = pay(s, p, s.high - s.bets[p])
        s = replace(s, responded=set_at(s.responded, p, True))
        s = add_log(s, p, "match" if s.chips[p] else "match all-in")
    elif verb == "refuse":
        s = replace(s, responded=set_at(s.responded, p, True), refused=set_at(s.refused, p, True))
        s = add_log(s, p, "refuse")
    else:  # raise
        n = int(parts[1])
        prev = s.high
        s = pay(s, p, prev - s.bets[p] + n)
        s = replace(s, proposal="raise", proposer=p, level_before_proposal=prev, raises=s.raises + 1,
                    responded=(False,) * s.players, refused=(False,) * s.players)
        s = add_log(s, p, action)
    return _wager_next(s, p)


def _wager_next(s: PrimeroState, p: int) -> PrimeroState:
    if s.second_chance:
        level = s.high
        todo = [q for q in range(s.players) if can_act(s, q) and s.bets[q] < level and not s.responded[q]]
        if not todo:
            return _after_wager(s)
        return replace(s, to_act=next_seat(s, p, lambda st, q: q in todo))
    if not s.proposal:
        todo = [q for q in range(s.players) if can_act(s, q) and not s.acted[q]]
        if not todo:
            return _after_wager(s)  # nobody bet
        return replace(s, to_act=next_seat(s, p, lambda st, q: q in todo))
    todo = [q for q in range(s.players) if can_act(s, q) and q != s.proposer and not s.responded[q]]
    if todo:
        return replace(s, to_act=next_seat(s, p, lambda st, q: q in todo))
    return _resolve(s)


def _resolve(s: PrimeroState) -> PrimeroState:
    """Every other player has answered the open bet or raise (D-RM4)."""
    n = s.players
    accepted = [q for q in range(n) if q != s.proposer and in_deal(s, q) and s.responded[q] and not s.refused[q]]
    refused = [q for q in range(n) if in_deal(s, q) and s.refused[q]]
    if (s.proposal == "bet" and not accepted) or (s.proposal == "raise" and refused):
        # withdrawn: chips above the level before it go back, and nobody folds
        for q in range(n):
            extra = s.bets[q] - s.level_before_proposal
            if extra > 0:
                s = _refund(s, q, extra)
        s = add_log(s, s.proposer, f"{s.proposal} withdrawn")
        if s.proposal == "bet":
            return _after_wager(s)
    level = s.high
    todo = [q for q in range(n) if can_act(s, q) and s.bets[q] < level]
    if not todo:
        return _after_wager(s)
    # refusers (and anyone below the standing bet) get one more chance to match it or fold
    s = replace(s, second_chance=True, proposal="", responded=(False,) * n)
    return replace(s, to_act=next_seat(s, s.proposer, lambda st, q: q in todo))


def _start_volunteer(s: PrimeroState, survivor: int) -> PrimeroState:
    """D-RM5: all but one folded; other folded players may volunteer before the next one is forced."""
    s = replace(s, lone_player=survivor, volunteering=True, second_chance=False, proposal="", acted=(False,) * s.players)
    forced = forced_stayer(s)
    volunteers = _volunteers(s, forced)
    if not volunteers:
        return _stay(s, forced, forced=True)
    return replace(s, to_act=volunteers[0])


def _volunteers(s: PrimeroState, forced: int) -> list[int]:
    order = [(s.lone_player + k) % s.players for k in range(1, s.players)]
    return [q for q in order if q != forced and not s.out[q] and s.folded[q] and not s.acted[q]]


def _volunteer(s: PrimeroState, p: int, stays: bool) -> PrimeroState:
    if stays:
        return _stay(s, p, forced=False)
    s = add_log(replace(s, acted=set_at(s.acted, p, True)), p, "pass")
    forced = forced_stayer(s)
    volunteers = _volunteers(s, forced)
    if volunteers:
        return replace(s, to_act=volunteers[0])
    return _stay(s, forced, forced=True)


def _stay(s: PrimeroState, q: int, forced: bool) -> PrimeroState:
    high = s.bets[s.lone_player]
    s = replace(s, folded=set_at(s.folded, q, False), volunteering=False, lone_player=-1)
    s = pay(s, q, max(0, high - s.bets[q]))
    s = add_log(s, q, "forced to stay" if forced else "stay")
    return _after_wager(s)


def _after_wager(s: PrimeroState) -> PrimeroState:
    s = replace(new_round(s), wagering=False)
    if s.phase == "bet1":
        s = deal_round(s, s.dealer, 2, folded_too=True)
        return start_wager(replace(s, phase="bet2"))
    if s.phase == "bet2":
        if s.options.table == "eight":
            table, s = draw_cards(s, 8)
            s = replace(s, table=table)
        s = replace(s, phase="play", circuit=1)
    return _resume_play(s)


# --- play -----------------------------------------------------------------------


def _knocks_end(s: PrimeroState) -> bool:
    left = [q for q in range(s.players) if in_deal(s, q)]
    knocks = sum(1 for q in left if s.knocked[q])
    return knocks >= 2 or knocks == len(left)


def _resume_play(s: PrimeroState) -> PrimeroState:
    """After a wager: the dealer's turn, or the first player after who still plays."""
    if _knocks_end(s):
        return showdown(s)
    first = next_seat(s, (s.dealer - 1) % s.players, _playable)
    if first < 0:
        return showdown(s)
    return replace(s, to_act=first)


def _next_turn(s: PrimeroState, p: int) -> PrimeroState:
    if _knocks_end(s):
        return showdown(s)
    q = next_seat(s, p, _playable)
    if q < 0:
        return showdown(s)
    if (q - s.dealer) % s.players <= (p - s.dealer) % s.players:  # the turn passes the dealer's seat: a new circuit, wagering first
        if s.circuit >= CIRCUIT_CAP:
            return showdown(s)  # D-RM3 safety cap
        return start_wager(replace(s, circuit=s.circuit + 1))
    return replace(s, to_act=q)


def legal(s: PrimeroState) -> list[str]:
    """Legal action texts for the seat to act (unsorted)."""
    if s.phase != "play" or s.wagering:
        return _wager_legal(s)
    p = s.to_act
    if s.open_slot >= 0 or (s.options.table == "stock" and len(s.hands[p]) == 5):
        return [f"discard {c}" for c in sort_cards(s.hands[p])]
    if s.options.table == "eight":
        acts = [f"draw {i + 1}" for i in range(len(s.table))]
    else:
        acts = ["draw"] if s.stock or s.discards else []
    return acts + ["vada"]


def apply(s: PrimeroState, action: str) -> PrimeroState:
    """Apply a legal action of the seat to act."""
    p = s.to_act
    if s.phase != "play" or s.wagering:
        return _wager_apply(s, p, action)
    parts = action.split()
    verb = parts[0]
    if verb == "vada":
        s = add_log(replace(s, knocked=set_at(s.knocked, p, True)), p, "vada")
        return _next_turn(s, p)
    if verb == "draw":
        if len(parts) == 2:
            i = int(parts[1]) - 1
            card = s.table[i]
            s = replace(s, table=s.table[:i] + s.table[i + 1:], open_slot=i)
            s = add_log(s, p, f"draw {i + 1}")
        else:
            got, s = draw_cards(s, 1)
            card = got[0]
            s = add_log(s, p, "draw")
        return replace(s, hands=set_at(s.hands, p, s.hands[p] + (card,)))
    c = Card.parse(parts[1])
    hand = tuple(x for x in s.hands[p] if x != c)
    s = replace(s, hands=set_at(s.hands, p, hand))
    if s.open_slot >= 0:
        s = replace(s, table=s.table[:s.open_slot] + (c,) + s.table[s.open_slot:], open_slot=-1)  # D-RM2: face down in the slot
    else:
        s = replace(s, discards=s.discards + (c,))
    s = add_log(s, p, "discard")
    return _next_turn(s, p)


class RmsEngine:
    """The RMS engine object (see ``state.Engine``)."""

    name = "rms"

    def open_deal(self, s: PrimeroState) -> PrimeroState:
        """Two cards each, the dealer first (D-RM1), then the first wager."""
        return self.start(deal_round(s, s.dealer, 2))

    def start(self, s: PrimeroState) -> PrimeroState:
        """The first wagering round."""
        return start_wager(replace(s, phase="bet1"))

    def legal(self, s: PrimeroState) -> list[str]:
        """Legal action texts for the seat to act."""
        return legal(s)

    def apply(self, s: PrimeroState, action: str) -> PrimeroState:
        """Apply a legal action."""
        return apply(s, action)

    def forced_seat(self, s: PrimeroState) -> int:
        """The seat that must stay if nobody volunteers (D-RM5), or -1."""
        return forced_stayer(s)

    def to_call(self, s: PrimeroState, seat: int) -> int:
        """What ``seat`` must add to match the highest bet of the round."""
        return max(0, s.high - s.bets[seat])


ENGINE = RmsEngine()
