"""The worker bridge's saved games (call_async with a store in memory, as IndexedDB is in the
browser: the ``store`` fixture): every action saved, resumed, set aside when damaged, exported and
imported, deleted, listed."""

from __future__ import annotations

import json
from typing import Any

import pytest
from bridge import saves as bridge_saves

from pygame_core.records import Record, replay
from tests.worker import kit
from tests.worker.kit import CARD, SEED, aok, araw, arefused, assert_no_leak, ok, play, refused, saved


def test_every_action_is_saved_and_the_list_shows_metadata_only(store: Any) -> None:
    start = aok({"op": "new_game", "game": "toy", "options": {"rounds": 2}, "seats": ["human", "greedy"],
                 "names": ["You", "Bianca"]})
    sid = start["session"]
    data = saved(store)
    assert data["v"] == 1 and data["record"]["actions"] == [] and data["seats"] == ["human", "greedy"]
    assert data["names"] == ["You", "Bianca"] and data["undo"] is True and data["id"] == start["save"]
    aok({"op": "act", "session": sid, "seat": 0, "action": "pass"})
    aok({"op": "ai_step", "session": sid})
    data = saved(store)
    assert data["record"]["actions"][0] == "pass" and len(data["record"]["actions"]) == 2
    assert data["record"]["seed"] == SEED
    text = araw({"op": "saves"})
    listing = json.loads(text)["result"]
    assert listing["storage"] is True
    (entry,) = listing["saves"]
    assert entry == {"id": start["save"], "status": "ok", "problem": None, "game": "toy", "variant": "standard",
                     "players": 2, "seats": ["human", "greedy"], "names": ["You", "Bianca"],
                     "updated": data["updated"], "turn": 0, "actions": 2, "kept": None, "net": False}
    assert listing["more"] == 0
    # no seed, no card, no action in the list
    assert str(SEED) not in text and not CARD.findall(text) and "pass" not in text
    # `call` (no storage) saves nothing and refuses the saves' ops
    refused({"op": "saves"}, "StorageError", "err.storage")


def test_a_save_resumes_the_exact_game_and_a_finished_game_leaves_the_list(store: Any) -> None:
    start = aok({"op": "new_game", "game": "toy", "options": {"rounds": 2}, "seats": ["human", "greedy"]})
    sid = start["session"]
    aok({"op": "act", "session": sid, "seat": 0, "action": "pass"})
    view = aok({"op": "ai_step", "session": sid})
    kit.WORKER.sessions.open.clear()  # the tab was closed: a new worker knows only the store
    text = araw({"op": "resume", "save": start["save"]})
    back = json.loads(text)["result"]
    assert back["view"]["observation"] == view["observation"] and back["view"]["legal"] == view["legal"]
    assert back["seats"] == ["human", "greedy"] and back["game"] == "toy" and back["options"]["rounds"] == 2
    assert back["view"]["seed"] is None and str(SEED) not in text and back["view"]["undo"] is True
    assert_no_leak(back["session"], text, seed_known=False)
    sid = back["session"]
    # resuming a game open in this worker gives that session again
    assert aok({"op": "resume", "save": start["save"]})["session"] == sid
    while True:
        view = aok({"op": "view", "session": sid})
        if view["terminal"]:
            break
        if view["current"] == 0:
            aok({"op": "act", "session": sid, "seat": 0, "action": view["legal"][0]})
        else:
            aok({"op": "ai_step", "session": sid})
    assert store.data == {}
    assert aok({"op": "saves"})["saves"] == []


def test_a_hot_seat_game_resumes_with_no_hand_shown(store: Any) -> None:
    start = aok({"op": "new_game", "game": "toy", "options": {"rounds": 2}, "seats": ["human", "human"]})
    sid = start["session"]
    aok({"op": "show", "session": sid, "seat": 0})
    aok({"op": "act", "session": sid, "seat": 0, "action": "pass", "show": -1})
    kit.WORKER.sessions.open.clear()
    back = aok({"op": "resume", "save": start["save"]})
    assert back["view"]["seat"] == -1 and back["view"]["current"] == 1 and back["view"]["legal"] == []


def test_undo_is_saved_and_a_game_without_undo_keeps_it_off(store: Any) -> None:
    start = aok({"op": "new_game", "game": "toy", "seats": ["human", "greedy"], "undo": False})
    aok({"op": "act", "session": start["session"], "seat": 0, "action": "pass"})
    assert saved(store)["undo"] is False
    kit.WORKER.sessions.open.clear()
    assert aok({"op": "resume", "save": start["save"]})["view"]["undo"] is False
    store.data.clear()
    start = aok({"op": "new_game", "game": "toy", "options": {"rounds": 2}, "seats": ["human", "greedy"]})
    aok({"op": "act", "session": start["session"], "seat": 0, "action": "pass"})
    aok({"op": "ai_step", "session": start["session"]})
    aok({"op": "undo", "session": start["session"], "seat": 0})
    assert saved(store)["record"]["actions"] == []


def _good_save(store: Any, seed: int) -> str:
    start = aok({"op": "new_game", "game": "toy", "options": {"rounds": 2}, "seats": ["human", "greedy"], "seed": seed})
    aok({"op": "act", "session": start["session"], "seat": 0, "action": "pass"})
    save: str = start["save"]
    return save


@pytest.mark.parametrize(("bad", "problem"), [
    ("truncated", "save.bad.json"),
    ("notext", "save.bad.type"),
    ("types", "save.bad.type"),
    ("future", "save.bad.version"),
    ("game", "save.bad.record"),
    ("kept", "save.bad.type"),
    ("level", "save.bad.record"),
])
def test_a_corrupt_save_is_set_aside_and_the_others_survive(store: Any, bad: str, problem: str) -> None:
    keep = _good_save(store, 1)
    spoil = _good_save(store, 2)
    text = store.data[spoil]
    data = json.loads(text)
    if bad == "truncated":
        store.data[spoil] = text[: len(text) // 2]
    elif bad == "notext":
        store.data[spoil] = bridge_saves.NotText('{"v": 1}')
    elif bad == "types":
        data["seats"] = "human"
        store.data[spoil] = json.dumps(data)
    elif bad == "future":
        data["v"] = 2
        store.data[spoil] = json.dumps(data)
    elif bad == "level":  # a computer level this version does not have
        data["seats"] = ["human", "grandmaster"]
        store.data[spoil] = json.dumps(data)
    elif bad == "kept":
        data["kept"] = {"record": data["record"], "n": "two", "total": 1}
        store.data[spoil] = json.dumps(data)
    else:
        data["record"]["game"] = "nosuchgame"
        store.data[spoil] = json.dumps(data)
    listing = aok({"op": "saves"})["saves"]
    assert [e["id"] for e in listing] == [keep, spoil]
    assert listing[0]["status"] == "ok" and listing[1]["status"] == "corrupt"
    assert listing[1]["problem"]["key"] == problem
    if bad == "future":
        assert listing[1]["problem"]["args"] == {"version": 2}
    kit.WORKER.sessions.open.clear()
    arefused({"op": "resume", "save": spoil}, "err.save.damaged")
    assert aok({"op": "resume", "save": keep})["view"]["actions"] == 1
    # set aside, not lost: it stays in the store and exports as it is
    exported = aok({"op": "export_save", "save": spoil})
    if bad in ("game", "level"):  # a well-formed record that does not open: it exports as a record
        assert exported["kind"] == "record" and json.loads(exported["text"]) == dict(data["record"], seats=data["seats"])
    else:
        assert exported["kind"] == "raw"
        assert exported["text"] == (store.data[spoil].text if bad == "notext" else store.data[spoil])
    assert spoil in store.data


def test_export_gives_the_record_and_import_checks_it_like_the_cli(store: Any) -> None:
    save = _good_save(store, 3)
    exported = aok({"op": "export_save", "save": save})
    assert exported["kind"] == "record"
    rec = json.loads(exported["text"])
    assert rec["seed"] == 3 and rec["actions"] == ["pass"]
    replay(rec)  # what `python -m pygame_core replay` accepts
    store.data.clear()
    opened = aok({"op": "import_record", "record": exported["text"]})
    assert opened["view"]["actions"] == 1 and opened["seats"] == ["human", "greedy"]
    assert opened["save"] in store.data and not opened["view"]["terminal"]
    # a finished game opens at its end, and is not saved
    sid, end, _ = play("toy", None, {"players": 2}, ["human", "greedy"], seed=5)
    store.data.clear()
    done = aok({"op": "import_record", "record": json.dumps(end["record"])})
    assert done["view"]["terminal"] and done["save"] is None and store.data == {}
    # the CLI's checks: bad JSON, an action that does not apply, a final check that fails
    assert arefused({"op": "import_record", "record": exported["text"][:30]})["kind"] == "RecordError"  # not JSON
    bad = dict(rec, actions=["pass", "fly"])
    arefused({"op": "import_record", "record": json.dumps(bad)}, "err.record.action", n=2)
    passes = Record.from_json(rec)  # passes apply under any seed: only the final check sees the seed changed
    checked = passes.with_final(*replay(passes)).to_json()
    checked["seed"] = 6
    assert arefused({"op": "import_record", "record": json.dumps(checked)})["kind"] == "RecordError"  # the digest


def test_delete_one_save_or_all(store: Any) -> None:
    one, two, three = (_good_save(store, s) for s in (1, 2, 3))
    assert aok({"op": "delete_save", "save": two}) is True
    assert {e["id"] for e in aok({"op": "saves"})["saves"]} == {one, three}
    aok({"op": "delete_save", "all": True})
    assert store.data == {} and aok({"op": "saves"})["saves"] == []
    # a game open in this tab whose save was deleted is no longer saved
    sid = next(iter(kit.WORKER.sessions.open))
    view = aok({"op": "view", "session": sid})
    if not view["terminal"] and view["current"] == 0:
        aok({"op": "act", "session": sid, "seat": 0, "action": view["legal"][0]})
    assert store.data == {}


def test_storage_refused_the_game_goes_on_and_the_answer_says_unsaved(store: Any) -> None:
    store.refuse = True
    answer = json.loads(araw({"op": "new_game", "game": "toy", "seats": ["human", "greedy"]}))
    assert answer["ok"] and answer["unsaved"] is True
    sid = answer["result"]["session"]
    answer = json.loads(araw({"op": "act", "session": sid, "seat": 0, "action": "pass"}))
    assert answer["ok"] and answer["unsaved"] is True and answer["result"]["actions"] == 1
    assert aok({"op": "saves"}) == {"storage": False, "saves": [], "more": 0}
    assert arefused({"op": "delete_save", "all": True})["kind"] == "StorageError"


def test_a_save_the_rules_now_refuse_goes_on_from_before_the_refused_move_and_keeps_its_original(store: Any) -> None:
    keep = _good_save(store, 1)
    save = _good_save(store, 2)
    data = json.loads(store.data[save])
    sid = next(s for s, sess in kit.WORKER.sessions.open.items() if sess.save_id == save)
    aok({"op": "ai_step", "session": sid})
    data = json.loads(store.data[save])
    assert data["record"]["actions"][:1] == ["pass"] and len(data["record"]["actions"]) == 2
    # as if a new version's rules refused move 2 (and so the moves after it)
    original = dict(data["record"], actions=[data["record"]["actions"][0], "swap QS", "pass"])
    store.data[save] = json.dumps(dict(data, record=original))
    kit.WORKER.sessions.open.clear()
    listing = aok({"op": "saves"})["saves"]
    entry = next(e for e in listing if e["id"] == save)
    assert entry["status"] == "ok" and entry["kept"] == {"n": 2, "total": 3} and entry["actions"] == 1
    assert next(e for e in listing if e["id"] == keep)["kept"] is None
    back = aok({"op": "resume", "save": save})
    assert back["kept"] == {"n": 2, "total": 3} and back["view"]["actions"] == 1
    assert back["view"]["current"] == 1  # the game goes on from just before the refused move
    stored = json.loads(store.data[save])  # saved at once: the game as it goes on, the original kept
    assert stored["record"]["actions"] == ["pass"] and stored["kept"] == {"record": original, "n": 2, "total": 3}
    view = aok({"op": "ai_step", "session": back["session"]})
    assert view["actions"] == 2
    stored = json.loads(store.data[save])
    assert len(stored["record"]["actions"]) == 2 and stored["kept"]["record"] == original
    # the original exports as it was; the game exports as it goes on
    assert json.loads(aok({"op": "export_save", "save": save, "original": True})["text"]) == original
    assert json.loads(aok({"op": "export_save", "save": save})["text"])["actions"] == stored["record"]["actions"]
    kit.WORKER.sessions.open.clear()
    again = aok({"op": "resume", "save": save})
    assert again["kept"] == {"n": 2, "total": 3} and again["view"]["actions"] == 2
    # refused at the very first move: it opens at the start
    first = dict(data, record=dict(data["record"], actions=["swap QS"]))
    store.data["first"] = json.dumps(first)
    kit.WORKER.sessions.open.clear()
    opened = aok({"op": "resume", "save": "first"})
    assert opened["kept"] == {"n": 1, "total": 1} and opened["view"]["actions"] == 0


def test_every_save_can_be_listed_fifty_at_a_time(store: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    template = json.loads(store.data[_good_save(store, 1)])
    store.data.clear()
    for i in range(57):
        store.data[f"g{i:03}"] = json.dumps(dict(template, id=f"g{i:03}", updated=1000 + i))
    store.data["bad"] = "{"
    first = aok({"op": "saves"})
    good = [e for e in first["saves"] if e["status"] == "ok"]
    assert len(good) == bridge_saves.MAX_SAVES == 50 and first["more"] == 7
    assert [e["id"] for e in good[:2]] == ["g056", "g055"]  # the most recent first
    assert [e["id"] for e in first["saves"] if e["status"] != "ok"] == ["bad"]  # set aside: always listed
    every = aok({"op": "saves", "limit": 100})
    assert len([e for e in every["saves"] if e["status"] == "ok"]) == 57 and every["more"] == 0
    assert every["saves"][56]["id"] == "g000"
    arefused({"op": "saves", "limit": 0}, "err.request")


def test_an_imported_record_is_checked_first_and_opens_with_the_seats_chosen(store: Any) -> None:
    save = _good_save(store, 3)
    text = aok({"op": "export_save", "save": save})["text"]
    store.data.clear()
    open_before = len(kit.WORKER.sessions.open)
    checked = ok({"op": "check_record", "record": text})  # works without storage too
    assert checked == {"game": "toy", "variant": "standard", "players": 2, "actions": 1, "terminal": False,
                       "seats": ["human", "greedy"]}
    assert len(kit.WORKER.sessions.open) == open_before and store.data == {}  # nothing opened, nothing saved
    opened = aok({"op": "import_record", "record": text, "seats": ["greedy", "human"]})
    assert opened["seats"] == ["greedy", "human"] and opened["view"]["seat"] == 1
    assert json.loads(store.data[opened["save"]])["seats"] == ["greedy", "human"]
    bad = dict(json.loads(text), actions=["pass", "fly"])
    refused({"op": "check_record", "record": json.dumps(bad)}, "RecordError")  # action 2 does not apply
    arefused({"op": "import_record", "record": text, "seats": ["human"]}, "err.seats")


def test_exported_records_keep_the_seat_kinds_and_an_import_offers_them_again(store: Any) -> None:
    start = aok({"op": "new_game", "game": "toy", "options": {"rounds": 2}, "seats": ["greedy", "human"], "seed": 4})
    sid = start["session"]
    aok({"op": "ai_step", "session": sid})
    exported = aok({"op": "export_save", "save": start["save"]})["text"]
    assert json.loads(exported)["seats"] == ["greedy", "human"]
    assert aok({"op": "record", "session": sid, "export": True})["seats"] == ["greedy", "human"]
    replay(exported)  # `python -m pygame_core replay` accepts it
    store.data.clear()
    assert ok({"op": "check_record", "record": exported})["seats"] == ["greedy", "human"]
    opened = aok({"op": "import_record", "record": exported})  # without a choice: the record's own
    assert opened["seats"] == ["greedy", "human"] and opened["view"]["seat"] == 1
    # an older record (without them) keeps the default; a level this version lacks becomes its default level
    older = {k: v for k, v in json.loads(exported).items() if k != "seats"}
    assert ok({"op": "check_record", "record": json.dumps(older)})["seats"] == ["human", "greedy"]
    assert aok({"op": "import_record", "record": json.dumps(older)})["seats"] == ["human", "greedy"]
    future = dict(older, seats=["grandmaster", "human"])
    assert ok({"op": "check_record", "record": json.dumps(future)})["seats"] == ["greedy", "human"]
    # an older save's record has no seat kinds: its export takes the save's
    store.data.clear()
    save = _good_save(store, 6)
    data = json.loads(store.data[save])
    data["record"].pop("seats")
    store.data[save] = json.dumps(data)
    kit.WORKER.sessions.open.clear()
    assert json.loads(aok({"op": "export_save", "save": save})["text"])["seats"] == ["human", "greedy"]
    # a finished game's record (the end screen's file and replay link) carries them too
    _, end, _ = play("toy", None, {"players": 2}, ["human", "greedy"], seed=5)
    assert end["record"]["seats"] == ["human", "greedy"]


def test_a_game_that_kept_its_refused_original_stays_listed_once_over_until_deleted(store: Any) -> None:
    save = _good_save(store, 2)
    data = json.loads(store.data[save])
    original = dict(data["record"], actions=["pass", "swap QS"])  # a new version's rules refuse move 2
    store.data[save] = json.dumps(dict(data, record=original))
    kit.WORKER.sessions.open.clear()
    sid = aok({"op": "resume", "save": save})["session"]
    while not (view := aok({"op": "view", "session": sid}))["terminal"]:
        if view["current"] == 0:
            aok({"op": "act", "session": sid, "seat": 0, "action": view["legal"][0]})
        else:
            aok({"op": "ai_step", "session": sid})
    stored = json.loads(store.data[save])  # over, and still kept: nothing lost
    assert stored["kept"]["record"] == original and len(stored["record"]["actions"]) == view["actions"]
    (entry,) = aok({"op": "saves"})["saves"]
    assert entry["id"] == save and entry["turn"] == -1 and entry["kept"] == {"n": 2, "total": 2}
    assert json.loads(aok({"op": "export_save", "save": save, "original": True})["text"])["actions"] == original["actions"]
    kit.WORKER.sessions.open.clear()
    assert aok({"op": "resume", "save": save})["view"]["terminal"] is True  # opens at its end
    aok({"op": "delete_save", "save": save})
    assert store.data == {} and aok({"op": "saves"})["saves"] == []
    # an ordinary game still leaves the list once over (test_a_save_resumes_the_exact_game...)
