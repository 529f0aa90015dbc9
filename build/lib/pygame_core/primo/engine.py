"""Primo's rules over the whole state: the deal, turns, Take cards, refills and round ends.

Pure functions from state to state. Actions arrive here already parsed and checked legal
(see game.py); ``legal`` (with board.py) is the one definition of what is legal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..rng import Rng
from .board import exchanges, place, play_actions, resolve_take
from .rules import HAND_SIZE, NUMBER_CARDS, ROWS, RULES, SPECIAL_COUNT, TAKE, TOP, TURN_ACTION_CAP, sort_cards
from .state import EMPTY_LOG, PrimoState, RoundResult, log_append


def deal_sizes(players: int, cards: int = 108) -> list[int]:
    """Cards per seat in turn order from the starting player: all dealt; with 5 players the first
    three get one more (D-PO3, G002, G003)."""
    base, extra = divmod(cards, players)
    return [base + (1 if i < extra else 0) for i in range(players)]


def new_game(variant: str, players: int, tops: int, rounds: int, seed: int) -> PrimoState:
    """The first round, dealt from ``seed``; seat 0 (the oldest player) starts."""
    state = PrimoState(
        rules=RULES[variant], players=players, tops_option=tops, rounds=rounds, rng=Rng.from_seed(seed),
        round=0, starter=0, rows=((),) * 6, hands=((),) * players, piles=((),) * players, out=0,
        to_act=0, phase="start", tops=(), played=0, turn_actions=0, idle=0, scores=(0,) * players,
        round_results=(), winners=(), log=EMPTY_LOG, round_log_start=0,
    )
    return deal_round(state, 0)


def deal_round(state: PrimoState, starter: int) -> PrimoState:
    """A new round: one number card on each base, the other 98 and the 10 specials dealt out as
    draw piles from the starting player on, and 6 drawn into each hand."""
    rng = state.rng
    numbers, rng = rng.shuffle(NUMBER_CARDS)
    specials = [TOP] * state.tops_option + [TAKE] * (SPECIAL_COUNT - state.tops_option)
    rest, rng = rng.shuffle(list(numbers[6:]) + specials)
    n = state.players
    hands: list[tuple[str, ...]] = [()] * n
    piles: list[tuple[str, ...]] = [()] * n
    pos = 0
    for i, size in enumerate(deal_sizes(n, len(rest))):
        seat = (starter + i) % n
        dealt = rest[pos:pos + size]
        pos += size
        hands[seat] = sort_cards(dealt[:HAND_SIZE])
        piles[seat] = tuple(dealt[HAND_SIZE:])
    return replace(
        state, rng=rng, round=state.round + 1, starter=starter, rows=tuple((c,) for c in numbers[:6]),
        hands=tuple(hands), piles=tuple(piles), out=0, to_act=starter, phase="start", tops=(), played=0,
        turn_actions=0, idle=0, round_log_start=len(state.log),
    )


def legal(state: PrimoState) -> list[str]:
    """The legal action texts (unsorted)."""
    if state.over:
        return []
    hand = state.hands[state.to_act]
    out = play_actions(state.rows, hand, state.tops, state.colour)
    if state.phase == "start":
        out.extend(exchanges(hand))
    else:
        out.append("end")
    return out


def _with(tup: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return tup[:i] + (value,) + tup[i + 1:]


def takers(state: PrimoState) -> list[tuple[int, bool]]:
    """The other seats clockwise from the player to act, each with whether it has a draw pile."""
    n = state.players
    return [((state.to_act + k) % n, bool(state.piles[(state.to_act + k) % n])) for k in range(1, n)]


def apply_action(state: PrimoState, action: str) -> PrimoState:
    """The state after a legal, canonical ``action`` by the seat to act."""
    seat = state.to_act
    verb = action.split()[0]
    hand = state.hands[seat]
    if verb in ("pass", "exchange"):
        given = action.split()[1:]
        rest = list(hand)
        for c in given:
            rest.remove(c)
        pile = state.piles[seat] + tuple(given)  # under the own draw pile
        state = replace(state, hands=_with(state.hands, seat, tuple(rest)), piles=_with(state.piles, seat, pile))
        log = (log_append(state.log, seat, "primo.exchange", n=len(given)) if given
               else log_append(state.log, seat, "primo.pass"))
        return finish_turn(replace(state, log=log))
    if verb == "end":
        return finish_turn(replace(state, log=log_append(state.log, seat, "primo.end", reason="end")))
    return _play(state, action)


def _play(state: PrimoState, action: str) -> PrimoState:
    seat = state.to_act
    parts = action.split()
    verb = parts[0]
    hand = state.hands[seat]
    log = state.log
    out = state.out
    piles = state.piles
    cleared: tuple[str, ...] = ()
    if verb == "take":
        rows, takes = resolve_take(state.rows, parts[1], takers(state))
        for taker, card, _row, opened in takes:
            if opened is None:  # onto the top of the own draw pile, or a new one-card pile (D-PO9)
                piles = _with(piles, taker, (card, *piles[taker]))
        hand = hand[:hand.index(TAKE)] + hand[hand.index(TAKE) + 1:]
        out += 1  # the Take card leaves the game
        took = [{"key": "primo.took", "seat": t, "args": {"card": c, "row": r, "opened": o}} for t, c, r, o in takes]
        log = log_append(log, seat, "primo.take", row=parts[1], takes=took)
        tops = state.tops
    else:
        rows, hand, tops, cleared = place(state.rows, hand, state.tops, action, state.colour)
        if verb == "top":
            out += 1  # the Top card leaves the game (at the end of the turn; it is never used again)
            log = log_append(log, seat, "primo.top", row=parts[1])
        elif verb == "move":
            src, value = parts[1].split(":")
            run = state.rows[ROWS.index(src)]
            moved = list(run[[int(c[:-1]) for c in run].index(int(value)):])
            log = log_append(log, seat, "primo.move", row=src, value=int(value), to=parts[2], cards=moved)
        else:
            log = log_append(log, seat, "primo." + verb, card=parts[1], row=parts[2])
        for r in cleared:  # D-PO12: a complete row is cleared at once
            out += 13
            log = log_append(log, seat, "primo.clear", row=r)
    played = state.played + (1 if verb != "move" else 0)
    state = replace(state, rows=rows, hands=_with(state.hands, seat, hand), piles=piles, out=out, tops=tops,
                    played=played, turn_actions=state.turn_actions + 1, phase="play", log=log)
    if not hand:
        if not state.piles[seat]:  # the last card of an empty pile: the round is won
            return end_round(state, seat)
        return finish_turn(state, reason="empty")  # D-PO10
    if state.turn_actions >= TURN_ACTION_CAP:
        return finish_turn(state, reason="cap")  # D-PO13
    return state


def finish_turn(state: PrimoState, reason: str | None = None) -> PrimoState:
    """Refill the hand to 6 from the own pile, and pass the turn on (or end a stalled round, D-PO13)."""
    seat = state.to_act
    log = state.log
    if reason is not None:
        log = log_append(log, seat, "primo.end", reason=reason)
    hand, pile = state.hands[seat], state.piles[seat]
    n = max(0, min(HAND_SIZE - len(hand), len(pile)))
    if n:
        hand, pile = sort_cards(hand + pile[:n]), pile[n:]
        log = log_append(log, seat, "primo.refill", n=n)
    idle = 0 if state.played else state.idle + 1
    state = replace(state, hands=_with(state.hands, seat, hand), piles=_with(state.piles, seat, pile), log=log,
                    tops=(), played=0, turn_actions=0, idle=idle, phase="start",
                    to_act=(seat + 1) % state.players)
    if idle >= state.players * state.rules.stall_laps:  # D-PO13: full cycles of turns with no card placed
        return end_round(replace(state, log=log_append(state.log, -1, "primo.stall", round=state.round)), -1)
    return state


def end_round(state: PrimoState, ender: int) -> PrimoState:
    """Score the round (D-PO14: 3 for ending it, minus 1 per card left), then deal the next or end the game."""
    n = state.players
    left = tuple(len(state.hands[s]) + len(state.piles[s]) for s in range(n))
    points = tuple((3 if s == ender else 0) - left[s] for s in range(n))
    scores = tuple(a + b for a, b in zip(state.scores, points, strict=True))
    result = RoundResult(ender, left, points)
    log = log_append(state.log, ender, "primo.roundend", round=state.round, ender=ender, left=list(left),
                     points=list(points), scores=list(scores))
    state = replace(state, scores=scores, round_results=(*state.round_results, result), log=log, tops=(),
                    played=0, turn_actions=0)
    if state.round < state.rounds:
        if ender >= 0:
            starter = ender
        else:  # P-PO2: after a stalled round, the round's best starts (first of them from its starter)
            best = max(points)
            starter = next(s for s in ((state.starter + k) % n for k in range(n)) if points[s] == best)
        return deal_round(state, starter)
    top = max(scores)
    winners = tuple(s for s in range(n) if scores[s] == top)
    log = log_append(state.log, -1, "primo.win", winners=list(winners), scores=list(scores))
    return replace(state, winners=winners, phase="over", to_act=-1, log=log)


def full_deck(tops: int = 5) -> list[str]:
    """All 114 cards of a game with ``tops`` Top cards (D-PO1, D-PO2)."""
    return list(NUMBER_CARDS) + [TOP] * tops + [TAKE] * (SPECIAL_COUNT - tops)


def arrange(variant: str, players: int, rows: Mapping[str, Sequence[str]], hands: Sequence[Sequence[str]],
            pile_tops: Sequence[Sequence[str]] = (), to_act: int = 0, tops: int = 5, seed: int = 0,
            empty_piles: Sequence[int] = (), rounds: int = 1) -> PrimoState:
    """A state laid out by hand (lessons, golden tests): the given rows and hands, each pile starting
    with its ``pile_tops``, and every other card of the 114 dealt into the piles (except
    ``empty_piles``), so that the cards are conserved. ValueError if the cards are not in the deck."""
    left = full_deck(tops)
    placed = [c for r in rows.values() for c in r] + [c for h in hands for c in h] + [c for p in pile_tops for c in p]
    for c in placed:
        if c not in left:
            raise ValueError(f"{c} is not left in the deck")
        left.remove(c)
    rest, _ = Rng.from_seed(seed).shuffle(left)
    fill = [s for s in range(players) if s not in empty_piles]
    piles: list[tuple[str, ...]] = []
    for s in range(players):
        top = tuple(pile_tops[s]) if s < len(pile_tops) else ()
        extra = tuple(rest[fill.index(s)::len(fill)]) if s in fill else ()
        piles.append(top + extra)
    state = new_game(variant, players, tops, rounds, seed)
    return replace(state, rows=tuple(tuple(rows.get(name, ())) for name in ROWS),
                   hands=tuple(sort_cards(h) for h in hands), piles=tuple(piles), to_act=to_act, starter=to_act)
