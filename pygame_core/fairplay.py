"""A fair deal between devices that do not trust each other (issue 22: playing together, no server).

The host's device runs the game, so it could deal itself good cards. It cannot, because the seed is
fixed by every player together before anyone sees a card, and checked by every guest at the end:

1. the host draws a secret (``new_secret``) and sends only its ``commitment`` (a hash of it);
2. each guest draws its own secret and sends it;
3. the seed is ``derive_seed(host secret, guests' secrets in seat order)``: no one can choose it, since
   the host committed to its secret before it saw the guests', and the guests cannot see the host's;
4. at the end the host reveals its secret and the game record; each guest ``verify``s: the commitment,
   the seed, the record (replayed with the checks of ``python -m pygame_core replay``), and that every
   observation it was shown during the game is the one the rules give its seat at that point.

Secrets are 32 random bytes written as 64 lowercase hex digits (the page draws guests' secrets with
``crypto.getRandomValues``, in the same format). Pure and stdlib only: it runs in the guest's own worker.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from .errors import PrimiError, RecordError
from .records import Record, replay

SECRET_BYTES = 32
COMMIT_PREFIX = b"primi-commit/1\n"
SEED_PREFIX = b"primi-seed/1\n"
SEED_BOUND = 2**53
"""A seed is below this: a JavaScript number holds it exactly (the same bound as a drawn seed)."""
MAX_GUESTS = 64
MAX_SEEN = 20_000
"""A guest's ``seen`` list holds one item per View it was shown; more than this is not a real game's
(and would only make verification slow): refused."""
_HEX = re.compile(r"[0-9a-f]{64}")

COMMITMENT = "net.verify.commitment"
"""The host's secret does not match the commitment it sent before the deal (or either is malformed)."""
SEED = "net.verify.seed"
"""The record's seed is not the one every player's secret gives: the host dealt another game."""
RECORD = "net.verify.record"
"""The record does not replay (a changed move, a record of another game, not a finished game)."""
MOVES = "net.verify.moves"
"""Something the guest was shown during the game is not what the record gives its seat at that point."""


class FairPlayError(PrimiError):
    """A secret or commitment that is not 64 lowercase hex digits."""

    default_key = "net.refused.secret"


def new_secret() -> str:
    """A fresh secret: 32 random bytes as 64 lowercase hex digits."""
    return secrets.token_hex(SECRET_BYTES)


def _secret(text: Any) -> bytes:
    """A secret's bytes; FairPlayError unless it is 64 lowercase hex digits."""
    if not isinstance(text, str) or not _HEX.fullmatch(text):
        raise FairPlayError("a secret is 64 lowercase hexadecimal digits")
    return bytes.fromhex(text)


def commitment(secret_hex: str) -> str:
    """The commitment to a secret: sha256(b"primi-commit/1\\n" + secret bytes), as hex."""
    return hashlib.sha256(COMMIT_PREFIX + _secret(secret_hex)).hexdigest()


def derive_seed(host_secret_hex: str, guest_secrets_hex: Sequence[str]) -> int:
    """The game's seed from the host's secret and the guests' (in the seat order of the remote seats):
    the first 8 bytes of sha256(b"primi-seed/1\\n" + host + guests...), big-endian, modulo 2**53."""
    if isinstance(guest_secrets_hex, str) or len(guest_secrets_hex) > MAX_GUESTS:
        raise FairPlayError("the guests' secrets are a short list of secrets")
    data = SEED_PREFIX + _secret(host_secret_hex) + b"".join(_secret(s) for s in guest_secrets_hex)
    return int.from_bytes(hashlib.sha256(data).digest()[:8], "big") % SEED_BOUND


def _plain(data: Any) -> Any:
    """Data as JSON gives it back (tuples as lists): an observation as the guest received it."""
    return json.loads(json.dumps(data))


def _seen_items(seen: Any, actions: int) -> dict[int, list[Any]] | None:
    """The guest's observations by the number of actions they follow; None if the list is malformed."""
    if not isinstance(seen, Sequence) or isinstance(seen, str) or len(seen) > MAX_SEEN:
        return None
    wanted: dict[int, list[Any]] = {}
    for item in seen:
        if not isinstance(item, Mapping) or set(item) != {"actions", "observation"}:
            return None
        n = item["actions"]
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= actions:
            return None
        wanted.setdefault(n, []).append(item["observation"])
    return wanted


def verify(record_json: Any, host_secret: Any, commitment_hex: Any, guest_secrets: Any, seat: Any,
           seen: Any, *, game: str | None = None) -> tuple[bool, str | None]:
    """Check a finished game dealt between devices: ``(True, None)``, or ``(False, problem)`` with the
    first problem's key (``net.verify.commitment|seed|record|moves``). Never raises on bad input.

    ``record_json``: the record (JSON text or data) the host revealed; ``host_secret``: the host's
    revealed secret; ``commitment_hex``: what it sent before the deal; ``guest_secrets``: every
    guest's secret in seat order; ``seat``: the guest's own seat; ``seen``: what it was shown, a list
    of ``{"actions": n, "observation": obs}``, each checked against ``game.observation`` of the
    replay after ``n`` actions; ``game`` (optional): the game the guest joined (a record of another
    game is refused).
    """
    try:
        if not isinstance(commitment_hex, str) or commitment(host_secret) != commitment_hex:
            return False, COMMITMENT
    except FairPlayError:
        return False, COMMITMENT
    try:
        seed = derive_seed(host_secret, guest_secrets)
    except (FairPlayError, TypeError):
        return False, SEED
    try:
        record = Record.from_json(record_json)
    except RecordError:
        return False, RECORD
    if game is not None and record.game != game:
        return False, RECORD
    if record.seed != seed:
        return False, SEED
    players = dict(record.options).get("players")
    if isinstance(seat, bool) or not isinstance(seat, int) or not isinstance(players, int) or not 0 <= seat < players:
        return False, RECORD
    wanted = _seen_items(seen, len(record.actions))
    if wanted is None:
        return False, MOVES
    differ: list[int] = []

    def check(game_: Any, n: int, state: Any) -> None:
        observations = wanted.get(n)
        if observations and not differ:
            truth = _plain(game_.observation(state, seat))
            if any(obs != truth for obs in observations):
                differ.append(n)

    try:  # the checks of `python -m pygame_core replay`: every action applies, the final digest if any
        game_, state = replay(record, check)
        if not game_.is_terminal(state):
            return False, RECORD
    except PrimiError:
        return False, RECORD
    return (False, MOVES) if differ else (True, None)
