"""The transport for playing together (issue 22), in the built site, one browser context per player:
the host's page makes an invite (web/shell/net/peer.js), the test carries its link to the guest's page
as a person would, carries the answer back, and the data channel opens with nothing contacted outside
this machine (no ICE server); messages flow both ways; a damaged message is set aside with a notice;
a used, foreign or damaged text is refused with its key; a guest whose page dies is reported lost
through the heartbeats' silence, and one whose tab closes through its channel closing (how soon,
within 10 s, is tests/js/net_peer.test.mjs's, on a clock of its own). And the page's guard: installed at startup, it refuses ICE servers while Settings ›
"Play across the internet" is off, as conftest's watcher (on every context of the suite) checks too.

No page of its own: each context opens the site's icon (its origin, no script) and imports the
modules from the built site with ``import()``; the host's then opens the site to check the guard
app.js installs."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Any

import pytest
from kit import ICE_UNASKED, ROOT, STEP_TIMEOUT, foreign
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

PEER = "shell/net/peer.js"
GUARD_MESSAGE = "Primi: an RTCPeerConnection with ICE servers while Settings › Play across the internet is off"

# Loads peer.js into the page and keeps what its handlers report in window.net (messages, states, notices).
# And in window.net.events, in order, as they happen: each state reported ("state lost"), and for each
# connection this page makes (the n-th: n = window.net.made just after), "n ice <its connection state>"
# at each change (before peer.js hears of it) and "n channel closed" as its data channel closes (a
# channel the page made: the host's side). window.net.lostAt: the connection whose channel was closing
# (the same task) when a link was reported lost, else 0; to tell what made a link lost.
LOAD = """async (path) => {
  const net = {got: [], states: [], notices: [], events: [], made: 0, closing: 0, lostAt: 0};
  // On the connections' own prototype, before peer.js loads (its guard makes them through a subclass).
  const proto = RTCPeerConnection.prototype, add = EventTarget.prototype.addEventListener;
  const watch = (pc) => {
    if (pc.__n) return pc.__n;
    pc.__n = ++net.made;
    add.call(pc, 'connectionstatechange', () => net.events.push(pc.__n + ' ice ' + pc.connectionState));
    return pc.__n;
  };
  proto.addEventListener = function (type, ...rest) { watch(this); return add.call(this, type, ...rest); };
  const make = proto.createDataChannel;
  proto.createDataChannel = function (...args) {
    const n = watch(this), channel = make.apply(this, args);
    channel.addEventListener('close', () => {
      net.events.push(n + ' channel closed');
      net.closing = n;
      setTimeout(() => { net.closing = 0; });
    });
    return channel;
  };
  net.peer = await import(new URL(path, location.href).href);
  net.handlers = {onMessage: (m) => net.got.push(m), onNotice: (k) => net.notices.push(k), onState: (s) => {
    net.states.push(s);
    net.events.push('state ' + s);
    if (s === 'lost') net.lostAt = net.closing;
  }};
  window.net = net;
  return true;
}"""


def before_lost(player: Player, n: int) -> list[str]:
    """What happened to the host's n-th connection before its link was reported lost (once)."""
    events: list[str] = player.run("() => window.net.events")
    assert events.count("state lost") == 1, events
    return [e.split(" ", 1)[1] for e in events[:events.index("state lost")] if e.startswith(f"{n} ")]
# What a NetError says: its key ("" for no error, the message for any other error).
KEY_OF = """(e) => (e && e.name === 'NetError' ? e.key : String(e))"""


class Player:
    def __init__(self, browser: Any, server: str) -> None:
        self.browser = browser
        self.context = browser.new_context(seed_snapshot=False)
        self.page: Page = self.context.new_page()
        self.requests: list[str] = []
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.goto(server + "icon.svg")
        self.page.evaluate(LOAD, PEER)

    def run(self, script: str, arg: Any = None) -> Any:
        return self.page.evaluate(script, arg)


@pytest.fixture(scope="module")
def players(browser: Any, server: str) -> Iterator[tuple[Player, Player, str]]:
    host, guest = Player(browser, server), Player(browser, server)
    yield host, guest, server
    for p in (host, guest):
        p.context.close()


def test_an_invite_carried_by_hand_opens_a_channel_both_ways(players: tuple[Player, Player, str]) -> None:
    host, guest, server = players
    invite = host.run("async () => { window.net.host = await window.net.peer.hostInvite(window.net.handlers); return window.net.host.invite; }")
    assert host.run("() => window.net.made") == 1  # the link test_a_guest_whose_page_dies… watches
    assert 100 < len(invite) < 200, invite  # the compact form: a small QR code
    link = f"{server}#/join?i={invite}"  # what the host's lobby shows and the guest opens
    answer = guest.run("""async (link) => {
      const g = window.net.guest = await window.net.peer.guestJoin(link, window.net.handlers);
      return g.answer; }""", link)
    host.run("(a) => window.net.host.accept(a)", f"{server}#/answer?a={answer}")
    for p in (host, guest):
        p.page.wait_for_function("() => window.net.states.includes('open')")
    host.run("() => window.net.host.send({t: 'welcome', v: 1, seat: 1, names: ['Ada', 'Bea']})")
    guest.page.wait_for_function("() => window.net.got.some((m) => m.t === 'welcome')")
    assert guest.run("() => window.net.got.find((m) => m.t === 'welcome').names") == ["Ada", "Bea"]
    guest.run("() => window.net.guest.send({t: 'secret', secret: 'ab'.repeat(32)})")
    host.page.wait_for_function("() => window.net.got.some((m) => m.t === 'secret')")
    # No ICE server was asked for, and none of either page's requests left this origin.
    for p in (host, guest):
        made = p.run("() => window.__primiRtc")
        assert made and all(m["servers"] == 0 and m["given"] for m in made), made
        assert foreign(p.requests, server) == []


def test_a_damaged_message_is_set_aside_and_the_next_one_arrives(players: tuple[Player, Player, str]) -> None:
    host, guest, _ = players
    # The guest's channel, as peer.js sends on it (a data channel's messages arrive whole or not at all;
    # a broken text or a binary one is what a faulty or hostile page could send).
    guest.run("""() => {
      const send = RTCDataChannel.prototype.send;
      RTCDataChannel.prototype.send = function (data) { window.net.channel = this; return send.call(this, data); };
      window.net.guest.send({t: 'rematch'});
      RTCDataChannel.prototype.send = send;
      window.net.channel.send('{"t":"act","action":"play');
      window.net.channel.send(new Uint8Array([1, 2, 3]));
      window.net.channel.send('[1, 2]');
      window.net.guest.send({t: 'act', action: 'pass', at: 4});
    }""")
    host.page.wait_for_function("() => window.net.got.some((m) => m.t === 'act')")
    assert host.run("() => window.net.notices") == ["net.garbled"] * 3
    assert [m["t"] for m in host.run("() => window.net.got")] == ["secret", "rematch", "act"]
    assert host.run("() => window.net.host.state") == "open"


def test_used_foreign_and_damaged_texts_are_refused_with_their_keys(players: tuple[Player, Player, str]) -> None:
    host, guest, server = players
    invite, answer = host.run("() => window.net.host.invite"), guest.run("() => window.net.guest.answer")
    # The same invite opened again in the guest's browser (a reload): ask the host for a new link.
    assert guest.run(f"(i) => window.net.peer.guestJoin(i, {{}}).then(() => '', {KEY_OF})", invite) == "net.used"
    # The answer accepted twice; the answer pasted at another seat's invite; damaged texts.
    assert host.run(f"(a) => window.net.host.accept(a).then(() => '', {KEY_OF})", answer) == "net.used"
    other = host.run("async () => { window.net.other = await window.net.peer.hostInvite({}); return window.net.other.invite; }")
    assert other != invite
    assert host.run(f"(a) => window.net.other.accept(a).then(() => '', {KEY_OF})", answer) == "net.bad.other"
    assert host.run(f"(a) => window.net.other.accept(a).then(() => '', {KEY_OF})", answer[:40]) == "net.bad.answer"
    assert host.run(f"(a) => window.net.other.accept(a).then(() => '', {KEY_OF})", other) == "net.bad.answer"
    assert guest.run(f"(i) => window.net.peer.guestJoin(i, {{}}).then(() => '', {KEY_OF})", f"{server}#/join?i=2{other[1:]}") == "net.bad.version"
    assert guest.run(f"(i) => window.net.peer.guestJoin(i, {{}}).then(() => '', {KEY_OF})", other[:-9]) == "net.bad.invite"
    host.run("() => window.net.other.close()")
    assert host.run("() => window.net.host.state") == "open"  # none of it touched the open link


def test_chromium_takes_the_rebuilt_descriptions(players: tuple[Player, Player, str]) -> None:
    """Each compact text of a real Chromium description (addresses shown, and hidden behind mDNS names
    as on a phone) is rebuilt into an SDP this Chromium takes: an offer as a remote description that
    it answers, an answer as the remote description of an offer it made."""
    host, _, _ = players
    fixture = json.loads((ROOT / "tests" / "js" / "sdp_chromium.json").read_text())
    took = host.run("""async (fixture) => {
      const {encodeSdp, decodeSdp} = await import(new URL('shell/net/sdp.js', location.href).href);
      const out = [];
      for (const form of ['ip', 'mdns']) {
        const {offer, answer} = fixture[form];
        const a = new RTCPeerConnection({iceServers: []});
        await a.setRemoteDescription(decodeSdp(encodeSdp(offer), 'offer'));
        await a.setLocalDescription(await a.createAnswer());
        const b = new RTCPeerConnection({iceServers: []});
        b.createDataChannel('primi');
        await b.setLocalDescription(await b.createOffer());
        await b.setRemoteDescription(decodeSdp(encodeSdp(answer), 'answer'));
        out.push(a.signalingState, b.signalingState);
        a.close(); b.close();
      }
      return out;
    }""", fixture)
    assert took == ["stable"] * 4


def test_a_guest_whose_page_dies_is_lost_within_ten_seconds(players: tuple[Player, Player, str]) -> None:
    """The guest's page crashes (as a phone that loses the network: nothing is closed, the other side
    just stops hearing it): the host reports it lost, found by the heartbeats' silence (ICE says
    "disconnected" at about 6 s), not told by a closing channel or a failed connection. That the
    silence is found within 10 s of the last word is tests/js/net_peer.test.mjs's, on a clock of its
    own: here the wait is on the state, however loaded the machine."""
    host, guest, _ = players
    assert host.run("() => window.net.states") == ["open"]
    with contextlib.suppress(PlaywrightError):  # the navigation ends in the crash
        guest.page.goto("chrome://crash", timeout=5_000)
    host.page.wait_for_function("() => window.net.states.includes('lost')", timeout=STEP_TIMEOUT)
    assert host.run("() => window.net.states") == ["open", "lost"]
    told = [e for e in before_lost(host, 1) if e in ("channel closed", "ice failed", "ice closed")]
    assert told == [], f"the host was told the guest left ({told}): the heartbeats did not find it"
    assert host.run("() => window.net.host.send({t: 'view'})") is False  # a lost link sends nothing
    guest.context.close()


def test_a_guest_who_closes_the_tab_is_lost_at_once(players: tuple[Player, Player, str]) -> None:
    """A new invite for the seat, a new guest; the guest's tab closes (pagehide ends its links): the
    host's channel closes, and that (not the heartbeats' silence, 8 s) is what reports the guest lost,
    at once."""
    host, _, server = players
    guest = Player(host.browser, server)
    try:
        n = host.run("""async () => { window.net.states = []; window.net.events = []; window.net.lostAt = 0;
          window.net.host = await window.net.peer.hostInvite(window.net.handlers); return window.net.made; }""")
        invite = host.run("() => window.net.host.invite")
        answer = guest.run("(i) => window.net.peer.guestJoin(i, window.net.handlers).then((g) => g.answer)", invite)
        host.run("(a) => window.net.host.accept(a)", answer)
        host.page.wait_for_function("() => window.net.states.includes('open')")
        guest.page.close(run_before_unload=True)
        host.page.wait_for_function("() => window.net.states.includes('lost')", timeout=STEP_TIMEOUT)
        assert host.run("() => window.net.states") == ["open", "lost"]
        # Its channel's close made it lost, as it came (the silence would take 8 s, or ICE's "disconnected").
        assert before_lost(host, n)[-1:] == ["channel closed"], host.run("() => window.net.events")
        assert host.run("() => window.net.lostAt") == n, host.run("() => window.net.events")
    finally:
        guest.context.close()


def test_the_guard_refuses_ice_servers_while_the_setting_is_off(players: tuple[Player, Player, str]) -> None:
    host, _, server = players
    page = host.page
    page.goto(server + "#/")  # the site itself: app.js installs the guard as it starts (the engine need not be up)
    page.wait_for_function("() => window.RTCPeerConnection.primiGuarded === true")
    make = """() => { try { new RTCPeerConnection({iceServers: [{urls: 'stun:127.0.0.1:9'}]}).close(); return 'made'; }
                      catch (e) { return e.message; } }"""
    assert page.evaluate(make) == GUARD_MESSAGE
    assert page.evaluate("() => { const pc = new RTCPeerConnection(); const c = pc.getConfiguration(); pc.close(); return c.iceServers; }") == []
    settings = page.evaluate("() => localStorage.getItem('primi.settings.v1')")
    page.evaluate("(s) => localStorage.setItem('primi.settings.v1', JSON.stringify({...JSON.parse(s || '{}'), internet: true}))", settings)
    assert page.evaluate(make) == "made"  # the player opted in: allowed (nothing gathered, nothing sent)
    page.evaluate("(s) => s === null ? localStorage.removeItem('primi.settings.v1') : localStorage.setItem('primi.settings.v1', s)", settings)
    assert page.evaluate(make) == GUARD_MESSAGE  # read at each connection: off again holds at once
    # And conftest's watcher, under the guard, reports a connection with servers made behind its back.
    mark = len(ICE_UNASKED)
    page.evaluate("() => new window.__primiRtcWatched({iceServers: [{urls: 'stun:127.0.0.1:9'}]}).close()")
    page.wait_for_function("() => true")  # a round trip: the report has been delivered
    assert len(ICE_UNASKED) == mark + 1 and "stun:127.0.0.1:9" in ICE_UNASKED[mark]
    del ICE_UNASKED[mark:]  # seen: this test made it on purpose
