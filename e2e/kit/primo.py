"""Playing Primo through the page, as e2e/primo/test_primo.py does and the other files that need a
Primo game (saves, the turns test, motion, together): a game started from its setup screen, one
action played through the controls, a simple player; the checks of every reply and of the DOM
against the game's record replayed in CPython; and seeds that give a situation, found at test time
from the same core the page runs (web/worker.py in this process)."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
import types
from collections import Counter
from functools import cache
from typing import Any

from playwright.sync_api import Page

from kit import ROOT, STEP_TIMEOUT, tables
from kit.hidden import replies, strings_in, views_in
from kit.tables import start_game, table_info
from pygame_core.primo.game import GAME
from pygame_core.records import Record
from pygame_core.records import start as record_start

PRIMO_CARD = re.compile(r"^(?:1[0-3]|[1-9])[YB]$|^TOP$|^TAKE$")


# ---------------------------------------------------------------- the table
def start(page: Page, server: str, variant: str, seats: list[str], seed: int | None = None, **opts: int) -> None:
    """A Primo game from its setup screen (tables.start_game)."""
    start_game(page, server, "primo", variant, seats, seed, **opts)


def settle(page: Page) -> None:
    tables.settle(page, "primo")


def last_view(page: Page) -> dict[str, Any]:
    views = [v for ex in replies(page) for v in views_in(ex["reply"])]
    return views[-1]


def wait_actions(page: Page, before: int) -> None:
    """Until the game has moved on from ``before`` actions (an act's reply has been drawn)."""
    page.wait_for_function("(a) => window.primi.tableInfo().actions !== a", arg=before, timeout=STEP_TIMEOUT)


def row_card(page: Page, row: str, value: int) -> Any:
    return page.locator(f'#po-rows .po-card[data-row="{row}"][data-value="{value}"]')


def do(page: Page, action: str) -> None:
    """Play one action through the page's controls (tap a card or run, then its target; a hand
    card with one place to go plays on its tap)."""
    before = table_info(page)["actions"]
    verb, *rest = action.split()
    if verb in ("add", "open", "head", "top", "take"):
        card = {"top": "TOP", "take": "TAKE"}.get(verb, rest[0])
        button = page.locator(f'#my-hand button[data-card="{card}"]').first
        one_tap = button.get_attribute("data-action") == action  # its only place: one tap plays it
        button.click()
        if not one_tap:
            page.locator(f'#po-rows [data-action="{action}"]').first.click()
    elif verb == "move":
        row, value = rest[0].split(":")
        row_card(page, row, int(value)).click(position={"x": 6, "y": 12})  # the card's visible strip
        page.locator(f'#po-rows [data-action="{action}"]').first.click()
    else:
        page.locator(f'#actions [data-action="{action}"]').click()
    wait_actions(page, before)


def policy(view: dict[str, Any]) -> str:
    """A simple player: the first card that fits, else end the turn, else pass."""
    legal: list[str] = view["legal"]
    for a in legal:
        if a.split()[0] in ("add", "open", "head"):
            return a
    return "end" if "end" in legal else "pass"


# ---------------------------------------------------------------- hidden information
def primo_tokens(data: Any) -> set[str]:
    return {tok for s in strings_in(data) for tok in re.split(r"[\s,;:]+", s) if PRIMO_CARD.match(tok)}


def states_of(record_json: dict[str, Any]) -> list[Any]:
    record = Record.from_json(record_json)
    _game, state = record_start(record)
    out = [state]
    for a in record.actions:
        out.append(GAME.apply(out[-1], a))
    return out


def check_replies(exchanges: list[dict[str, Any]], record_json: dict[str, Any]) -> list[Any]:
    """Each View holds exactly its seat's observation (and legal actions only on its turn); no reply
    names a card hidden from the seat on screen. A human action later undone is followed on its own
    branch (its state is the action applied to the one before). Returns the states after each action."""
    states = states_of(record_json)
    actions = Record.from_json(record_json).actions
    branch: dict[int, Any] = {}
    seat, n = -1, 0

    def state_at(k: int) -> Any:
        return branch.get(k, states[k] if k < len(states) else None)

    for i, ex in enumerate(exchanges):
        request, reply = ex["request"], ex["reply"]
        if request.get("op") == "record":
            break
        views = list(views_in(reply))
        if any(v["terminal"] for v in views):
            break
        if request.get("op") == "act" and reply.get("ok"):
            before = state_at(n)
            if n in branch or n >= len(actions) or actions[n] != request["action"]:
                branch[n + 1] = GAME.apply(before, request["action"])
        if request.get("op") == "undo" and reply.get("ok"):
            branch = {k: v for k, v in branch.items() if k <= reply["result"]["actions"]}
        for v in views:
            seat, n = v["seat"], v["actions"]
            assert request.get("op") != "ai_step" or n not in branch, "a computer move on an undone branch"
            state = state_at(n)
            want = json.loads(json.dumps(GAME.observation(state, seat)))
            assert v["observation"] == want, f"reply {i}: the observation is not seat {seat}'s"
            if seat < 0 or GAME.current_player(state) != seat:
                assert v["legal"] == [], f"reply {i}: legal actions of a seat not on screen"
            assert v["record"] is None, f"reply {i} carries the record"
        leaked = primo_tokens(reply) & set(GAME.hidden_cards(state_at(n), seat))
        assert not leaked, f"reply {i} ({request.get('op')}): seat {seat} after {n} actions got {sorted(leaked)}"
    return states


def check_dom(snapshots: list[tuple[int, int, str]], states: list[Any]) -> None:
    """The only card faces in the DOM are the rows' and the shown seat's hand."""
    for seat, n, html in snapshots:
        obs = GAME.observation(states[n], seat)
        want = Counter(c for r in obs["rows"] for c in r["cards"]) + Counter(obs["hand"])
        got = Counter(re.findall(r'data-card="([^"]+)"', html))
        assert got == want, f"DOM at seat {seat}, {n} actions: {sorted((got - want).elements())} more than the view"


# ---------------------------------------------------------------- seeds, found from the core
@cache
def worker() -> Any:
    """web/worker.py in this process (a stub pyscript), to find seeds by playing as the page will."""
    stub = types.ModuleType("pyscript")
    stub.sync = types.SimpleNamespace()  # type: ignore[attr-defined]
    saved = sys.modules.get("pyscript")
    sys.modules["pyscript"] = stub
    try:
        spec = importlib.util.spec_from_file_location("primo_e2e_worker", ROOT / "web" / "worker.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        if saved is None:
            sys.modules.pop("pyscript", None)
        else:
            sys.modules["pyscript"] = saved
    return module


def wcall(req: dict[str, Any]) -> Any:
    answer = json.loads(worker().call(json.dumps(req)))
    assert answer["ok"], answer
    return answer["result"]


@cache
def turn_seed() -> int:
    """A 2-player deal whose first turn can drop a card illegally, move a run, then play a Top card
    and a card above that row's head, then a Take card on row A (checked by playing it)."""
    for seed in range(1, 5000):
        state = GAME.initial_state({"players": 2}, seed, "base")
        obs = GAME.observation(state, 0)
        legal = GAME.legal_actions(state)
        moves = [a for a in legal if a.startswith("move ")]
        if not moves or "TAKE" not in obs["hand"] or not illegal_drop(obs, legal):
            continue
        state = GAME.apply(state, moves[0])
        plan = top_plan(GAME.observation(state, 0), GAME.legal_actions(state))
        if not plan:
            continue
        state = GAME.apply(GAME.apply(state, f"top {plan[0]}"), f"head {plan[1]} {plan[0]}")
        if GAME.current_player(state) == 0 and "take A" in GAME.legal_actions(state):
            return seed
    raise AssertionError("no deal with a run move, a Top card and a Take card")


def top_plan(obs: dict[str, Any], legal: list[str] | tuple[str, ...]) -> tuple[str, str] | None:
    """(row, card): a Top card on that row lets that hand card go above its head."""
    if "TOP" not in obs["hand"]:
        return None
    for row in obs["rows"]:
        if not row["cards"] or f"top {row['name']}" not in legal:
            continue
        head = int(row["cards"][0][:-1])
        for card in obs["hand"]:
            if card not in ("TOP", "TAKE") and int(card[:-1]) == head + 1:
                return row["name"], card
    return None


def illegal_drop(obs: dict[str, Any], legal: list[str] | tuple[str, ...]) -> tuple[str, str] | None:
    """(card, row): a number card of the hand that does not fit that non-empty row."""
    for card in obs["hand"]:
        if card in ("TOP", "TAKE"):
            continue
        for row in obs["rows"]:
            if row["cards"] and f"add {card} {row['name']}" not in legal and int(row["cards"][-1][:-1]) - 1 != int(card[:-1]):
                return card, row["name"]
    return None


def steps_to(seed: int, players: int, stop: Any, cap: int = 20) -> tuple[int, int] | None:
    """Play the page's game in-process (human seat 0 by ``policy``, easy computers): the human
    and computer actions until ``stop(view)``, or None if the game ends (or ``cap`` human actions) first."""
    seats = ["human"] + ["easy"] * (players - 1)
    game = wcall({"op": "new_game", "game": "primo", "variant": "base", "options": {"players": players},
                  "seats": seats, "seed": seed})
    sid, view, human, ai = game["session"], game["view"], 0, 0
    try:
        while not view["terminal"] and human < cap:
            if stop(view):
                return human, ai
            if seats[view["current"]] == "human":
                view = wcall({"op": "act", "session": sid, "seat": 0, "action": policy(view)})
                human += 1
            else:
                view = wcall({"op": "ai_step", "session": sid})
                ai += 1
        return None
    finally:
        wcall({"op": "close", "session": sid})


@cache
def clear_seed() -> tuple[int, int]:
    """A deal (seed, players) where a row is cleared after few actions (a human one costs more)."""
    best: tuple[float, int, int] | None = None
    for players in (5, 6, 3):
        for seed in range(1, 100):
            n = steps_to(seed, players, lambda v: any(d["key"] == "primo.clear" for d in v["say"]), cap=10)
            if n is None:
                continue
            cost = n[0] * 0.5 + n[1] * 0.12
            if best is None or cost < best[0]:
                best = (cost, seed, players)
            if cost <= 6:
                return seed, players
    assert best, "no deal clears a row"
    return best[1], best[2]
