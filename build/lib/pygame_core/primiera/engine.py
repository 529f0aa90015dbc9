"""Primiera's rules: dealing, capturing, the Heralds, the end of a round and of the game.

Pure functions from state to state. Actions arrive here already parsed and checked legal
(see game.py); ``legal`` and ``captures`` are the one definition of what is legal.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..rng import Rng
from .rules import DECK, HERALD_MODES, HERALDS, ORDER, RULES, VALUE, PrimieraRules, herald_sides, sort_cards
from .scoring import score_round
from .state import EMPTY_LOG, PrimieraState, RoundScore, log_append, log_size


def captures(table: tuple[str, ...], card: str) -> list[tuple[str, ...]]:
    """Every capture ``card`` may make from ``table`` (canonical order), each in canonical order.

    A table card of the same rank must be taken, one of them, and then no sum may be (the
    rulebook's "the single card must be captured, not the group"); otherwise any set of two
    or more table cards adding up to the card's value. Empty: the card captures nothing.
    """
    v = VALUE[card]
    same: list[tuple[str, ...]] = [(t,) for t in table if VALUE[t] == v]
    if same:
        return same
    out: list[tuple[str, ...]] = []
    values = [VALUE[t] for t in table]  # ascending, since the table is in canonical order
    n = len(table)

    def extend(start: int, remaining: int, chosen: tuple[str, ...]) -> None:
        for i in range(start, n):
            tv = values[i]
            if tv > remaining:
                break
            if tv == remaining:
                if chosen:
                    out.append(chosen + (table[i],))
            else:
                extend(i + 1, remaining - tv, chosen + (table[i],))

    extend(0, v, ())
    return out


def play_text(card: str, captured: tuple[str, ...]) -> str:
    """Canonical action text: ``play 7D`` or ``play 7D x 3C 4H``."""
    return f"play {card} x {' '.join(captured)}" if captured else f"play {card}"


def legal(state: PrimieraState) -> list[str]:
    """The legal action texts (unsorted): picks in the pick phase, plays with every capture choice else."""
    if state.phase == "pick":
        return [f"pick {c}" for c in state.hands[state.to_act]]
    if state.phase != "play":
        return []
    out: list[str] = []
    table = state.table
    for card in state.hands[state.to_act]:
        caps = captures(table, card)
        if caps:
            out.extend(play_text(card, cap) for cap in caps)  # capturing is compulsory
        else:
            out.append(f"play {card}")
    return out


# --- dealing --------------------------------------------------------------------------


def _order(state: PrimieraState) -> list[int]:
    """Seats in deal and play order, from the dealer's right (D-PA14)."""
    n = state.players
    return [(state.dealer + 1 + i) % n for i in range(n)]


def deal_round(state: PrimieraState) -> PrimieraState:
    """A new round: shuffle, deal by the mode's rules, and clear the round's fields."""
    rules = state.rules
    n = state.players
    order = _order(state)
    rng = state.rng
    hands: list[list[str]] = [[] for _ in range(n)]
    table: list[str] = []
    stock: tuple[str, ...] = ()
    if rules.deal == "heralds":
        # The four Heralds first, one each, then the other 36 one at a time (9 each).
        heralds, rng = rng.shuffle(HERALDS)
        rest, rng = rng.shuffle([c for c in DECK if c not in HERALDS])
        for i, seat in enumerate(order):
            hands[seat].append(heralds[i])
        for i, card in enumerate(rest):
            hands[order[i % n]].append(card)
    else:
        deck, rng = rng.shuffle(DECK)
        pos = 0
        if rules.deal == "classic":
            # 3 each, 2 to the table, 3 each, 2 to the table, 3 each.
            for packet in (3, 2, 3, 2, 3):
                if packet == 2:
                    table.extend(deck[pos:pos + 2])
                    pos += 2
                    continue
                for seat in order:
                    hands[seat].extend(deck[pos:pos + packet])
                    pos += packet
        else:
            # 2p/3p: 4 face up to the table, then the hands one card at a time.
            table.extend(deck[:4])
            pos = 4
            for i in range(rules.hand_size * n):
                hands[order[i % n]].append(deck[pos + i])
            pos += rules.hand_size * n
        stock = deck[pos:]
    new_round = state.round + 1
    log = log_append(state.log, state.dealer, "primiera.deal", round=new_round,
                     table=[] if rules.deal == "heralds" else list(sort_cards(table)))
    return replace(
        state,
        rng=rng,
        round=new_round,
        phase="pick" if rules.deal == "heralds" else "play",
        to_act=order[0],
        hands=tuple(sort_cards(h) for h in hands),
        picks=(None,) * n,
        table=sort_cards(table),
        stock=stock,
        piles=((),) * n,
        sweeps=(0,) * n,
        last_capturer=-1,
        herald=None,
        sides=rules.fixed_sides if rules.fixed_sides is not None else (
            None if rules.heralds else tuple((s,) for s in range(n))),
        unclaimed=(),
        deals=1,
        log=log,
        round_log_start=log_size(log) - 1,
    )


def _redeal(state: PrimieraState) -> PrimieraState:
    """2p/3p: both (all) hands are empty and cards are left: the same dealer deals again (D-PA10)."""
    n = state.players
    k = state.rules.hand_size
    order = _order(state)
    hands: list[list[str]] = [[] for _ in range(n)]
    for i in range(k * n):
        hands[order[i % n]].append(state.stock[i])
    log = log_append(state.log, state.dealer, "primiera.redeal", deal=state.deals + 1)
    return replace(state, hands=tuple(sort_cards(h) for h in hands), stock=state.stock[k * n:],
                   deals=state.deals + 1, log=log)


# --- actions --------------------------------------------------------------------------


def apply_pick(state: PrimieraState, card: str) -> PrimieraState:
    """Kaleidos: the seat to act puts ``card`` face down for the table; the fourth pick reveals all four."""
    seat = state.to_act
    n = state.players
    hand = tuple(c for c in state.hands[seat] if c != card)
    hands = state.hands[:seat] + (hand,) + state.hands[seat + 1:]
    picks = state.picks[:seat] + (card,) + state.picks[seat + 1:]
    log = log_append(state.log, seat, "primiera.picked")
    nxt = (seat + 1) % n
    if picks[nxt] is None:
        return replace(state, hands=hands, picks=picks, to_act=nxt, log=log)
    # All four are in: turned up together; the dealer's right plays first.
    shown = [c for c in picks if c is not None]
    log = log_append(log, -1, "primiera.reveal", cards=shown)
    return replace(state, hands=hands, picks=picks, table=sort_cards(shown), phase="play",
                   to_act=(state.dealer + 1) % n, log=log)


def apply_play(state: PrimieraState, card: str, captured: tuple[str, ...]) -> PrimieraState:
    """The seat to act plays ``card``, taking ``captured`` (already checked to be a legal choice)."""
    seat = state.to_act
    n = state.players
    hand = tuple(c for c in state.hands[seat] if c != card)
    hands = state.hands[:seat] + (hand,) + state.hands[seat + 1:]
    last_card = not state.stock and not any(hands)
    log = state.log
    piles, sweeps, last_capturer = state.piles, state.sweeps, state.last_capturer
    if captured:
        gone = set(captured)
        table = tuple(t for t in state.table if t not in gone)
        piles = piles[:seat] + (piles[seat] + (card, *captured),) + piles[seat + 1:]
        last_capturer = seat
        # D-PA8: clearing the table is a sweep, except with the last card of the round.
        swept = not table and not last_card
        if swept:
            sweeps = sweeps[:seat] + (sweeps[seat] + 1,) + sweeps[seat + 1:]
        log = log_append(log, seat, "primiera.sweep" if swept else "primiera.capture", card=card,
                         captured=list(captured))
    else:
        table = tuple(sorted(state.table + (card,), key=ORDER.__getitem__))
        log = log_append(log, seat, "primiera.play", card=card)
    herald, sides = state.herald, state.sides
    if state.rules.heralds and herald is None and card in HERALD_MODES:
        # D-PA2: only a Herald played on a turn counts, captured or not; later ones are plain cards.
        herald = (seat, card)
        sides = herald_sides(HERALD_MODES[card], seat)
        log = log_append(log, seat, "primiera.herald", card=card, partnership=HERALD_MODES[card],
                         sides=[list(s) for s in sides])
    new = replace(state, hands=hands, table=table, piles=piles, sweeps=sweeps, last_capturer=last_capturer,
                  herald=herald, sides=sides, to_act=(seat + 1) % n, log=log)
    if any(hands):
        return new
    if state.stock:
        return _redeal(new)
    return end_round(new)


# --- the end of a round and of the game ----------------------------------------------


def end_round(state: PrimieraState) -> PrimieraState:
    """Give the table to the last capturer (D-PA9: nobody, if nobody captured), score, then deal or end."""
    n = state.players
    rules = state.rules
    piles, log, unclaimed = state.piles, state.log, state.unclaimed
    if state.table:
        taker = state.last_capturer
        if taker >= 0:
            piles = piles[:taker] + (piles[taker] + state.table,) + piles[taker + 1:]
            log = log_append(log, taker, "primiera.last_take", cards=list(state.table))
        else:
            unclaimed = state.table
            log = log_append(log, -1, "primiera.leftover", cards=list(state.table))
    if state.sides is not None:
        sides = state.sides
        partnership = HERALD_MODES[state.herald[1]] if state.herald else (
            "fixed" if rules.fixed_sides else "individual")
    else:
        sides = tuple((s,) for s in range(n))  # D-PA3: no Herald played, everyone alone
        partnership = "none"
    doubled = rules.double_alone and all(len(s) == 1 for s in sides)  # D-PA7
    side_piles = [tuple(c for s in side for c in piles[s]) for side in sides]
    side_sweeps = [sum(state.sweeps[s] for s in side) for side in sides]
    points_by_side = score_round(side_piles, side_sweeps, doubled)
    points = [0] * n
    for side, p in zip(sides, points_by_side, strict=True):
        for s in side:
            points[s] = p.total
    totals = tuple(t + p for t, p in zip(state.totals, points, strict=True))
    line = RoundScore(state.round, state.dealer, partnership, doubled, tuple(zip(sides, points_by_side, strict=True)),
                      tuple(points), totals, extra=why_on(state) is not None)
    log = log_append(log, -1, "primiera.round_end", round=state.round, points=list(points), totals=list(totals),
                     sides=[{"key": "primiera.side_points", "args": {"seats": list(side), **p.points()}}
                            for side, p in zip(sides, points_by_side, strict=True)])
    state = replace(state, piles=piles, table=(), unclaimed=unclaimed, totals=totals, sheet=state.sheet + (line,),
                    log=log)
    winners, extra = decide(state)
    if winners:
        log = log_append(state.log, -1, "primiera.game_end", winners=list(winners), scores=list(totals))
        return replace(state, phase="over", to_act=-1, winners=winners, extra=extra, log=log)
    if extra and not state.extra:
        state = replace(state, log=log_append(state.log, -1, "primiera.extra_round"))
    return deal_round(replace(state, extra=extra, dealer=(state.dealer + 1) % n))


def why_on(state: PrimieraState) -> dict[str, Any] | None:
    """Why the round under way is played though a player reached the target (D-PA12), as a message
    key and its args; None if no one has. Kaleidos: several reached it in the same round (an extra
    round), or the extra round left a tie for the highest total; the other modes: a tie between
    sides for the highest total at or over the target."""
    if state.over or not state.sheet or state.target <= 0:
        return None
    last = state.sheet[-1]
    totals = last.totals
    reached = [s for s, total in enumerate(totals) if total >= state.target]
    if not reached:
        return None
    if state.rules.ending == "extra_round" and not last.extra:
        return {"key": "primiera.on.extra",
                "args": {"seats": reached, "totals": [totals[s] for s in reached], "target": state.target}}
    top = max(totals)
    sides = state.rules.fixed_sides or tuple((s,) for s in range(state.players))
    tied = [list(side) for side in sides if any(totals[s] == top for s in side)]
    return {"key": "primiera.on.tie", "args": {"sides": tied, "total": top, "target": state.target}}


def decide(state: PrimieraState) -> tuple[tuple[int, ...], bool]:
    """``(winners, extra)`` after a round: winners empty while the game goes on (D-PA12, P-PA1)."""
    return decide_totals(state.rules, state.totals, state.target, state.extra, state.round, state.max_rounds)


def decide_totals(
    rules: PrimieraRules, totals: tuple[int, ...], target: int, extra: bool, rounds: int, max_rounds: int
) -> tuple[tuple[int, ...], bool]:
    """``decide`` on plain values: the mode, the totals after ``rounds`` rounds, and whether an extra round was on."""
    n = len(totals)
    top = max(totals)
    at_top = tuple(s for s in range(n) if totals[s] == top)
    if target > 0:
        reached = [s for s in range(n) if totals[s] >= target]
        if rules.ending == "extra_round":
            # Kaleidos: one player at 21 wins; several play an extra round, then the highest wins,
            # and a tie for the highest plays again.
            if extra:
                if len(at_top) == 1:
                    return at_top, extra
            elif len(reached) == 1:
                return tuple(reached), extra
            elif len(reached) > 1:
                extra = True
        elif reached:
            # The highest total at or over the target wins: one player, or one fixed team;
            # a tie between sides plays another round.
            sides = rules.fixed_sides or tuple((s,) for s in range(n))
            if any(set(at_top) <= set(side) for side in sides):
                return at_top, extra
    if max_rounds and rounds >= max_rounds:
        return at_top, extra  # P-PA1: the round limit is reached; the highest totals share the win
    return (), extra


def new_game(variant: str, players: int, target: int, max_rounds: int, seed: int) -> PrimieraState:
    """The first round of a game, its first dealer drawn at random (D-PA10)."""
    rng = Rng.from_seed(seed)
    dealer, rng = rng.randbelow(players)
    state = PrimieraState(
        rules=RULES[variant], players=players, target=target, max_rounds=max_rounds, rng=rng, round=0, dealer=dealer,
        phase="play", to_act=0, hands=((),) * players, picks=(None,) * players, table=(), stock=(),
        piles=((),) * players, sweeps=(0,) * players, last_capturer=-1, herald=None, sides=None, unclaimed=(),
        totals=(0,) * players, sheet=(), extra=False, winners=(), deals=0, log=EMPTY_LOG, round_log_start=0,
    )
    return deal_round(state)


def arrange(
    state: PrimieraState,
    hands: list[list[str]] | tuple[tuple[str, ...], ...],
    table: list[str] | tuple[str, ...],
    to_act: int | None = None,
    rest_to_pile: int | None = None,
) -> PrimieraState:
    """A play-phase state with the given hands and table (for worked examples, lessons and tests).

    The cards placed nowhere go to the stock, or to seat ``rest_to_pile``'s captured pile
    (so that a round can end after the given hands are played). Cards are checked to be
    in the deck and placed once.
    """
    placed = [c for h in hands for c in h] + list(table)
    if len(set(placed)) != len(placed) or not set(placed) <= set(DECK):
        raise ValueError(f"arrange: cards must be distinct cards of the 40: {placed}")
    rest = tuple(c for c in DECK if c not in set(placed))
    piles = tuple(rest if s == rest_to_pile else () for s in range(state.players))
    return replace(
        state, phase="play", to_act=state.to_act if to_act is None else to_act,
        hands=tuple(sort_cards(h) for h in hands), picks=(None,) * state.players, table=sort_cards(table),
        stock=() if rest_to_pile is not None else rest, piles=piles, sweeps=(0,) * state.players,
        last_capturer=-1, herald=None,
    )
