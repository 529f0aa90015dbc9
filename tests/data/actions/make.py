"""Write tests/data/actions/<game>.json: canonical action texts of every game, from seeded random play.

Each file holds short records (``{variant, players, seed, actions}``: the first ``MAX_ACTIONS``
actions of a random game of every variant, at its fewest and most players) and ``texts``, every
legal action text met in the positions those records pass through (sorted, each once). Both
sides of the page read them: ``tests/test_action_texts.py`` replays each record through the core
(every action legal and applied) and checks that ``texts`` is exactly what the core offers there;
``tests/js/*.test.mjs`` check that the page's parsers and composers give each text back unchanged.

Deterministic (the core's seeded RNG for the deal and for the choices) and stdlib + pygame_core
only. Run from the repository root: ``python3 tests/data/actions/make.py`` (``--check`` only says
whether the files are up to date).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))  # run as a script from anywhere: the worktree's pygame_core

from pygame_core.registry import game_names, load  # noqa: E402
from pygame_core.rng import AgentRandom  # noqa: E402

# The shape of every action text, by verb, as the page's code reads and composes it (a regex over the
# whole text). Written into each file, so that pytest checks the core keeps to them and the node tests
# check the page does: Primero's composers (web/games/primero/actions.js), Primiera's parse
# (web/games/primiera/actions.js) and Primo's model (web/games/primo/model.js).
_SUITED = r"(?:10|[2-9AJQK])[SHDC]"
_CLAIM = r"(?:numerus|primero|supremus|punto|fluxus|chorus) \d+"
_PRIMO = r"(?:1[0-3]|[1-9])[YB]"
SHAPES: dict[str, dict[str, str]] = {
    "primero": {
        "discard": rf"discard(?: {_SUITED})*",  # the cards let go (none: keep all), in the core's card order
        "trade": rf"trade(?: {_SUITED})+",
        "draw": r"draw \d+",
        "vie": rf"vie \d+(?: {_CLAIM})?",  # an amount, and the hand claimed (Italian vies)
        "bet": rf"bet \d+(?: {_CLAIM})?",
        "revie": r"revie \d+",
        "raise": r"raise \d+",
        **{verb: verb for verb in ("fold", "match", "pass", "refuse", "see", "stay", "vada")},
    },
    "primiera": {
        "play": rf"play {_SUITED}(?: x(?: {_SUITED})+)?",  # the card, then " x " and what it captures
        "pick": rf"pick {_SUITED}",
    },
    "primo": {
        "add": rf"add {_PRIMO} [A-F]",
        "open": rf"open {_PRIMO} [A-F]",
        "head": rf"head {_PRIMO} [A-F]",
        "move": r"move [A-F]:(?:1[0-3]|[1-9]) [A-F]",  # the run from that row's card of that value
        "top": r"top [A-F]",
        "take": r"take [A-F]",
        "exchange": rf"exchange(?: {_PRIMO})*(?: TAKE)*(?: TOP)*",  # value, colour (Y before B), TAKE, TOP
        "pass": "pass",
        "end": "end",
    },
}

MAX_ACTIONS = 120  # per record: enough to pass a deal's every phase, short enough to read
SEEDS = (1, 2)  # one random game per seed, variant and player count


def play(game_name: str, variant: str, players: int, seed: int) -> tuple[list[str], set[str]]:
    """The first MAX_ACTIONS actions of a random game, and every legal text of the positions it passes through."""
    game = load(game_name)
    opts = game.info.variant(variant).resolve_options({"players": players})
    state = game.initial_state(opts, seed, variant)
    rng = AgentRandom(seed ^ 0xAC7)
    actions: list[str] = []
    texts: set[str] = set()
    while len(actions) < MAX_ACTIONS and not game.is_terminal(state):
        legal = game.legal_actions(state)
        texts.update(legal)
        # A verb first, then one of its texts: a uniform pick over texts would almost always take
        # one of Primo's many exchanges (or Primero's claims) and end the game before rows fill.
        verb = rng.choice(sorted({a.split(" ")[0] for a in legal}))
        action = rng.choice([a for a in legal if a.split(" ")[0] == verb])
        state = game.apply(state, action)
        actions.append(action)
    if not game.is_terminal(state):
        texts.update(game.legal_actions(state))  # the position the record stops in, too
    return actions, texts


def records(game_name: str) -> dict[str, Any]:
    """The file's data for one game."""
    game = load(game_name)
    out: list[dict[str, Any]] = []
    texts: set[str] = set()
    for v in game.info.variants:
        for players in sorted({v.min_players, v.max_players}):
            for seed in SEEDS:
                actions, seen = play(game_name, v.name, players, seed)
                out.append({"variant": v.name, "players": players, "seed": seed, "actions": actions})
                texts |= seen
    return {
        "game": game_name,
        "about": "Made by tests/data/actions/make.py (do not edit): records are the first actions of seeded "
                 "random games; texts are every legal action text of the positions they pass through.",
        "shapes": SHAPES[game_name],
        "records": out,
        "texts": sorted(texts),
    }


def dump(data: dict[str, Any]) -> str:
    """Stable JSON text: one record or text a line, so a diff shows what changed."""
    lines = ["{", f'  "game": {json.dumps(data["game"])},', f'  "about": {json.dumps(data["about"])},',
             f'  "shapes": {json.dumps(data["shapes"], indent=4)},'.replace("\n}", "\n  }"), '  "records": [']
    recs = [f"    {json.dumps(r, separators=(', ', ': '))}" for r in data["records"]]
    lines.append(",\n".join(recs))
    lines += ["  ],", '  "texts": [']
    lines.append(",\n".join(f"    {json.dumps(t)}" for t in data["texts"]))
    lines += ["  ]", "}"]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    stale = []
    for name in game_names():
        path = HERE / f"{name}.json"
        text = dump(records(name))
        if "--check" in argv:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(path.name)
        else:
            path.write_text(text, encoding="utf-8")
    if stale:
        print("out of date:", ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
