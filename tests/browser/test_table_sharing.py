"""The whole table on several phones: share links, live sheets, safe writes, and not a tap lost.

Each browser context is a phone of its own (its own cookies, session and storage): the
keeper's, a phone holding the keep-score link, a watcher with no account. The game is
Bugger Bridge for Ann, Ben and Cat; Ann deals round 1, so Ben bids first, then Cat, then Ann.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from games.models import GameSession, Round, ShareLink
from games.registry import GAMES

PLAYERS = ["Ann", "Ben", "Cat"]
PASSWORD = "the-whole-table-9"
LIVE_WITHIN = 3_000  # ms: a round saved on one phone shows on every other open sheet within 3 s
NOT_SAVED = "Not saved yet"


def keepers_game(make_session):
    """The keeper (a new user), and how to start a game of theirs with ``rounds`` recorded."""
    owner = User.objects.create_user("keeper", password=PASSWORD)

    def make(rounds=()):
        return make_session("bugger-bridge", players=PLAYERS, owner=owner, rounds=rounds, hook=False)

    return make


@pytest.fixture
def game(make_session):
    """A new game of the keeper's, with ``rounds`` recorded (a round of only bids is being played)."""
    return keepers_game(make_session)


def log_in(phone, username="keeper"):
    phone.go("/accounts/login/")
    phone.page.fill("#id_username", username)
    phone.page.fill("#id_password", PASSWORD)
    with phone.loading():
        phone.tap(phone.page.get_by_role("button", name="Log in"))


def open_sheet(phone, session):
    phone.go(f"/games/{session.pk}/")
    expect(phone.page.locator("#entry-panel")).to_be_visible()


def keeper_at_sheet(phone, game, rounds=()):
    """A new game with ``rounds`` recorded, open on the keeper's phone."""
    session = game(rounds=rounds)
    log_in(phone)
    open_sheet(phone, session)
    return session


def make_link(keeper, session, title: str) -> str:
    """On the Share page, make (or make anew) a link and read it off the page."""
    page = keeper.page
    if not page.url.endswith(f"/games/{session.pk}/share/"):
        open_sheet(keeper, session)
        with keeper.loading():
            keeper.tap(page.get_by_role("link", name="Share this game…"))
    kind = "watch" if title == "watch link" else "keep"
    before = page.get_by_test_id(f"{kind}-url")
    button = "New" if before.count() else "Make a"
    with keeper.loading():
        keeper.tap(page.get_by_role("button", name=f"{button} {title}"))
    url = page.get_by_test_id(f"{kind}-url").input_value()
    expect(page.locator(f"#{kind} svg[role=img]")).to_be_visible()  # its QR code
    return url


def shared_game(keeper, game, rounds=()):
    """A new game with ``rounds`` recorded, and the keeper's watch and keep-score links to it."""
    session = game(rounds=rounds)
    log_in(keeper)
    return session, make_link(keeper, session, "watch link"), make_link(keeper, session, "keep-score link")


def bid(phone, seat: int, value: int, still: int | None = None):
    """Tap a bid chip; ``still``: how many players the live line then says are still to bid."""
    phone.tap(f"label[for=bid-{seat}-{value}]")
    expect(phone.page.locator(f"#bid-{seat}-{value}")).to_be_checked()
    if still:
        expect(phone.page.get_by_test_id("bid-live")).to_contain_text(
            f"{still} player{'s' if still != 1 else ''} still to bid"
        )


def bid_round_1(phone, bids=(1, 0, 0)):
    """Round 1's bids, in the bidding order (Ben, Cat, Ann); saved with the last one."""
    bid(phone, 1, bids[1], still=2)
    bid(phone, 2, bids[2], still=1)
    phone.tap(f"label[for=bid-0-{bids[0]}]")
    expect(phone.page.locator("#entry-panel.phase-tricks")).to_be_visible()


def changes(session, kind: str, number: int) -> list[dict]:
    """The logged changes of one kind to one round: one per write the server applied."""
    session.refresh_from_db()
    return [c for c in session.changes if c["kind"] == kind and c["round"] == number]


def expect_totals(page, expected, timeout=None):
    cells = page.locator("#totals td")
    expect(cells).to_have_text([str(t) for t in expected], timeout=timeout)


def forgive_send_errors(phone):
    """A cut network is this test's doing: its failed requests are not the page's errors."""
    phone.errors[:] = [e for e in phone.errors if "htmx:sendError" not in e]


# -- keeper, keep-score phone and watcher on one game ------------------------------------------------


def test_keeper_keep_score_phone_and_watcher_share_one_live_game(phone, phones, game):
    keeper = phone
    session, watch_url, keep_url = shared_game(keeper, game)
    assert watch_url != keep_url
    assert "/s/" in watch_url and "/s/" in keep_url
    # Both stay on the Share page, shown again on demand.
    keeper.page.reload()
    assert keeper.page.get_by_test_id("watch-url").input_value() == watch_url
    assert keeper.page.get_by_test_id("keep-url").input_value() == keep_url

    watcher = phones("watcher")
    watcher.page.goto(watch_url)
    expect(watcher.page.locator("#entry-panel")).to_contain_text("Round 1")
    expect(watcher.page.locator("#entry-panel")).to_contain_text("Ann deals · Ben bids and leads first")
    expect(watcher.page.locator("#entry-panel")).to_contain_text("You are watching")

    keep = phones("keep")
    keep.page.goto(keep_url)
    assert keep.page.url.endswith(f"/games/{session.pk}/")  # the game's own sheet, no account
    expect(keep.page.locator("#entry-panel.phase-bids")).to_be_visible()
    expect(keep.page.get_by_role("link", name="Share this game…")).to_have_count(0)

    # The keeper's bids show on the watcher's sheet, without a reload.
    open_sheet(keeper, session)
    bid_round_1(keeper)
    expect(watcher.page.locator("#entry-panel")).to_contain_text(
        "Bids: Ann 1, Ben 0, Cat 0", timeout=LIVE_WITHIN
    )
    expect(watcher.page.locator("#round-1 sup")).to_have_text(["1", "0", "0"])
    # The keeper's tricks and the totals.
    keeper.tap(keeper.page.get_by_role("button", name="Save round 1"))
    expect(keeper.page.locator("#entry-panel h2")).to_contain_text("Round 2 ")
    expect_totals(watcher.page, [11, 10, 10], timeout=LIVE_WITHIN)
    expect(watcher.page.locator("#entry-panel h2")).to_contain_text("Round 2")

    # The keep-score phone followed too, and enters round 2 (Ben deals; Cat, Ann, Ben bid).
    expect(keep.page.locator("#entry-panel h2")).to_contain_text("Round 2 ", timeout=LIVE_WITHIN)
    bid(keep, 2, 0, still=2)
    bid(keep, 0, 0, still=1)
    keep.tap("label[for=bid-1-2]")
    expect(keep.page.locator("#entry-panel.phase-tricks")).to_be_visible()
    keep.tap("label[for=tricks-1-1]")  # Ben bid 2, took 1
    keep.tap("label[for=tricks-2-1]")  # Cat bid 0, took 1
    expect(keep.page.get_by_test_id("tricks-live")).to_contain_text("All 2 tricks placed")
    expect(keep.page.get_by_test_id("summary")).not_to_be_empty()  # then Save stays where it is
    keep.tap(keep.page.get_by_role("button", name="Save round 2"))
    expect(keep.page.locator("#entry-panel h2")).to_contain_text("Round 3 ")
    expect_totals(keeper.page, [21, 10, 10], timeout=LIVE_WITHIN)
    expect(keeper.page.locator("#entry-panel h2")).to_contain_text("Round 3 ")
    expect_totals(watcher.page, [21, 10, 10], timeout=LIVE_WITHIN)

    # The watcher reads the sheet, and the explanation of a cell, but nothing to change and
    # nothing else of the owner's: no form, and no link but the start page and the rules.
    watcher.tap("#round-2 td >> nth=1 >> button")
    expect(watcher.page.locator("#exp-2-1")).to_contain_text("Ben: bid 2, took 1")
    # (The footer's one form is the language switcher: it changes only the language cookie.)
    expect(watcher.page.locator("main form")).to_have_count(0)
    expect(watcher.page.locator("main :is(input, select, textarea)")).to_have_count(0)
    expect(watcher.page.locator("form")).to_have_count(1)
    expect(watcher.page.locator("footer form")).to_have_attribute("action", "/i18n/setlang/")
    links = set(watcher.page.locator("a[href]").evaluate_all("els => els.map(e => e.getAttribute('href'))"))
    assert links <= {"/", "/rules/bugger-bridge/"}, links
    assert f"/games/{session.pk}/" not in watcher.page.content()  # not even a live check of the game's own
    # What the watcher's page shows is what is stored.
    watcher.page.reload()
    expect_totals(watcher.page, [21, 10, 10])


# -- a replaced link stops working -------------------------------------------------------------------


def test_a_replaced_link_stops_working_at_once(phone, phones, game):
    keeper = phone
    session, old_watch, old_keep = shared_game(keeper, game)
    watcher = phones("watcher")
    watcher.page.goto(old_watch)
    expect(watcher.page.locator("#entry-panel")).to_contain_text("You are watching")
    keep = phones("keep")
    keep.page.goto(old_keep)
    expect(keep.page.locator("#entry-panel.phase-bids")).to_be_visible()

    new_watch = make_link(keeper, session, "watch link")
    new_keep = make_link(keeper, session, "keep-score link")
    assert new_watch != old_watch and new_keep != old_keep

    # The pages still open say so by themselves, at their next live check.
    expect(watcher.page.get_by_role("heading", name="This link was replaced")).to_be_visible()
    expect(keep.page.get_by_role("heading", name="This link was replaced")).to_be_visible()
    # And a fresh load of either, or of the big screen, says the same (410 Gone).
    for page, url in ((watcher.page, old_watch), (keep.page, old_keep), (watcher.page, old_watch + "big/")):
        response = page.goto(url)
        assert response.status == 410, url
        expect(page.get_by_role("heading", name="This link was replaced")).to_be_visible()
    # The keep phone's grant went with its link: the game's own URL says so too.
    response = keep.page.goto(f"{keep.base_url}/games/{session.pk}/")
    assert response.status == 410
    # The new links work.
    watcher.page.goto(new_watch)
    expect(watcher.page.locator("#entry-panel")).to_contain_text("You are watching")
    keep.page.goto(new_keep)
    expect(keep.page.locator("#entry-panel.phase-bids")).to_be_visible()


# -- a watcher cannot write ---------------------------------------------------------------------------


@pytest.mark.parametrize("who", ["no account", "another account"])
def test_a_watcher_cannot_write(phone, phones, game, who):
    # Round 1 played, round 2's bids in: every kind of write has something to act on.
    keeper = phone
    session, watch_url, _ = shared_game(
        keeper, game, [{"bids": [1, 0, 0], "tricks": [1, 0, 0]}, {"bids": [0, 2, 0]}]
    )
    watcher = phones("watcher")
    if who == "another account":
        User.objects.create_user("stranger", password=PASSWORD)
        log_in(watcher, "stranger")
    watcher.page.goto(watch_url)
    expect(watcher.page.locator("#entry-panel")).to_contain_text("You are watching")

    session.refresh_from_db()
    version, links = session.version, list(ShareLink.objects.values_list("pk", "replaced_at"))
    stored = list(Round.objects.filter(session=session).values())
    token = next(c["value"] for c in watcher.context.cookies() if c["name"] == "csrftoken")
    # What the keeper's own page would send: valid fields, so only the access check can refuse.
    fields = {"version": str(version), "key": "watcher-try", "save": "1", "round": "2", "kind": "watch"}
    fields |= {f"bid_{s}": "0" for s in range(3)} | {f"tricks_{s}": "0" for s in range(3)}
    fields |= {"player": "0", "reason": "revoke"}
    pk = session.pk
    writes = [f"/games/{pk}/round/{n}/{action}/" for n in (1, 2) for action in ("bids", "tricks", "penalty")]
    writes += [f"/games/{pk}/round/{n}/edit/" for n in (1, 2)]
    writes += [f"/games/{pk}/round/2/no-such-action/"]
    writes += [f"/games/{pk}/{what}/" for what in ("undo", "end", "reopen", "share", "delete")]
    writes += [watch_url.removeprefix(watcher.base_url) + tail for tail in ("", "live/", "big/")]
    for path in writes:
        for htmx in (False, True):
            headers = {"X-CSRFToken": token, "Referer": watch_url} | ({"HX-Request": "true"} if htmx else {})
            response = watcher.page.request.post(
                watcher.base_url + path, form=fields, headers=headers, max_redirects=0
            )
            to_login = response.status == 302 and response.headers["location"].startswith("/accounts/login/")
            if htmx and response.status == 200:  # htmx is told to send the whole page to log in
                to_login = response.headers.get("hx-redirect", "").startswith("/accounts/login/")
                assert response.body() == b"", path
            assert to_login or 400 <= response.status < 500, (path, htmx, response.status)
            assert "CSRF verification failed" not in response.text(), path

    session.refresh_from_db()
    assert session.version == version
    assert list(Round.objects.filter(session=session).values()) == stored
    assert list(ShareLink.objects.values_list("pk", "replaced_at")) == links
    assert GameSession.objects.filter(pk=pk).exists()
    # The same request from the keeper's phone is a valid one: it saves round 2.
    keeper_token = next(c["value"] for c in keeper.context.cookies() if c["name"] == "csrftoken")
    response = keeper.page.request.post(
        f"{keeper.base_url}/games/{pk}/round/2/tricks/",
        form=fields | {"tricks_1": "2"},
        headers={"X-CSRFToken": keeper_token, "HX-Request": "true"},
    )
    assert response.status == 200
    session.refresh_from_db()
    assert session.version == version + 1


# -- never lose a tap ---------------------------------------------------------------------------------


def test_a_draft_survives_a_reload(phone, game):
    session = keeper_at_sheet(phone, game)
    page = phone.page
    bid(phone, 1, 0, still=2)
    bid(phone, 2, 1, still=1)
    page.reload()
    expect(page.locator("#bid-1-0")).to_be_checked()
    expect(page.locator("#bid-2-1")).to_be_checked()
    # The server worked out the line for the taps put back.
    expect(page.get_by_test_id("bid-live")).to_have_text("Bids total 1 for 1 trick, 1 player still to bid")
    session.refresh_from_db()
    assert session.version == 0 and not session.rounds.exists()
    # The last bid saves them all, and the draft is dropped once saved.
    phone.tap("label[for=bid-0-1]")
    expect(page.locator("#entry-panel.phase-tricks")).to_be_visible()
    assert page.evaluate(f"localStorage.getItem('draft:/games/{session.pk}/round/1/bids/')") is None
    assert [c["what"] for c in changes(session, "bids", 1)] == ["Ann 1, Ben 0, Cat 1"]


def test_a_cut_network_keeps_the_taps_and_saves_once_when_it_returns(phone, game):
    session = keeper_at_sheet(phone, game)
    page = phone.page
    bid(phone, 1, 0, still=2)
    bid(phone, 2, 0, still=1)

    def cut(route):
        route.abort()

    phone.context.route("**/games/**", cut)
    phone.tap("label[for=bid-0-1]")  # the last bid: it would save the round's bids
    note = page.locator("#offline-note")
    expect(note).to_contain_text(NOT_SAVED)
    for seat, value in ((1, 0), (2, 0), (0, 1)):
        expect(page.locator(f"#bid-{seat}-{value}")).to_be_checked()
    # A retry comes (every 3 s) and fails: still not saved, still kept.
    page.wait_for_event("requestfailed", lambda r: r.method == "POST", timeout=10_000)
    expect(note).to_contain_text(NOT_SAVED)
    expect(page.locator("#bid-0-1")).to_be_checked()
    assert changes(session, "bids", 1) == []

    phone.context.unroute("**/games/**", cut)
    expect(page.locator("#entry-panel.phase-tricks")).to_be_visible()
    expect(note).to_have_count(0)
    assert [c["what"] for c in changes(session, "bids", 1)] == ["Ann 1, Ben 0, Cat 0"]
    assert session.version == 1

    # The same with Save round: Ann bid 1 and took none, Ben took the trick.
    phone.tap("label[for=tricks-0-0]")
    phone.tap("label[for=tricks-1-1]")
    expect(page.get_by_test_id("tricks-live")).to_contain_text("1 trick placed")
    phone.context.route("**/games/**", cut)
    phone.tap(page.get_by_role("button", name="Save round 1"))
    expect(note).to_contain_text(NOT_SAVED)
    expect(page.locator("#tricks-0-0")).to_be_checked()
    expect(page.locator("#tricks-1-1")).to_be_checked()
    assert changes(session, "saved", 1) == []
    phone.context.unroute("**/games/**", cut)
    expect(page.locator("#entry-panel h2")).to_contain_text("Round 2 ")
    expect(note).to_have_count(0)
    expect_totals(page, [0, 0, 10])
    assert [c["what"] for c in changes(session, "saved", 1)] == ["Ann ±0, Ben ±0, Cat +10"]
    assert session.version == 2
    forgive_send_errors(phone)


def test_a_save_whose_answer_was_lost_is_sent_again_and_stored_once(phone, game):
    """The server stored the round but the phone never heard: the resend is answered as saved."""
    session = keeper_at_sheet(phone, game, rounds=[{"bids": [1, 0, 0]}])
    page = phone.page
    phone.tap("label[for=tricks-0-0]")  # Ann bid 1, took 0
    phone.tap("label[for=tricks-1-1]")  # Ben bid 0, took 1
    expect(page.get_by_test_id("tricks-live")).to_contain_text("1 trick placed")
    session.refresh_from_db()
    version = session.version

    def answer_lost(route):
        if route.request.method == "POST":
            route.fetch()  # it reaches the server...
            route.abort()  # ...but its answer never reaches the phone
        else:
            route.abort()

    phone.context.route("**/games/**", answer_lost)
    phone.tap(page.get_by_role("button", name="Save round 1"))
    expect(page.locator("#offline-note")).to_contain_text(NOT_SAVED)
    expect(page.locator("#tricks-0-0")).to_be_checked()
    expect(page.locator("#tricks-1-1")).to_be_checked()
    assert len(changes(session, "saved", 1)) == 1  # the server has it already

    phone.context.unroute("**/games/**", answer_lost)
    expect(page.locator("#entry-panel h2")).to_contain_text("Round 2 ")
    expect(page.locator("#offline-note")).to_have_count(0)
    expect(page.locator("#entry-panel .error")).to_have_count(0)
    expect_totals(page, [0, 0, 10])
    assert len(changes(session, "saved", 1)) == 1
    assert session.version == version + 1
    forgive_send_errors(phone)


# -- several writers ----------------------------------------------------------------------------------


def test_two_phones_of_the_keeper_racing_on_one_rounds_bids(phone, phones, game):
    session = game()
    a = phone
    b = phones("keeper's second phone")
    for each in (a, b):
        log_in(each)
        open_sheet(each, session)
    # B's live check has not come round yet when it taps (it would otherwise show A's bids).
    b.context.route(lambda url: "/live/" in url, lambda route: route.fulfill(status=204))
    bid(b, 1, 1, still=2)
    bid(b, 2, 1, still=1)
    bid_round_1(a)  # A: Ann 1, Ben 0, Cat 0, saved
    b.tap("label[for=bid-0-0]")
    error = b.page.locator("#entry-panel .error")
    expect(error).to_have_text("Round 1's bids were saved on another phone: Ann 1, Ben 0, Cat 0.")
    # B shows A's bids: the tricks to enter start at them.
    expect(b.page.locator("#entry-panel.phase-tricks")).to_be_visible()
    expect(b.page.locator("#entry-panel .bidtag")).to_have_text(["bid 0", "bid 0", "bid 1"])
    expect(b.page.locator("#round-1 sup")).to_have_text(["1", "0", "0"])
    assert [c["what"] for c in changes(session, "bids", 1)] == ["Ann 1, Ben 0, Cat 0"]
    # B's refused taps are not kept to come back later.
    assert b.page.evaluate(f"localStorage.getItem('draft:/games/{session.pk}/round/1/bids/')") is None

    # A double tap on Save: stored once, the next round on screen, no word of another phone.
    a.tap("label[for=tricks-0-0]")
    a.tap("label[for=tricks-1-1]")
    expect(a.page.get_by_test_id("tricks-live")).to_contain_text("1 trick placed")
    # The page counts the tricks at once; the server's summary comes after and moves Save down.
    expect(a.page.get_by_test_id("summary")).to_contain_text("Made: Cat")
    save = a.page.get_by_role("button", name="Save round 1").bounding_box()
    x, y = save["x"] + save["width"] / 2, save["y"] + save["height"] / 2
    a.page.touchscreen.tap(x, y)
    a.page.touchscreen.tap(x, y)
    expect(a.page.locator("#entry-panel h2")).to_contain_text("Round 2 ")
    a.settled()  # the second tap's answer, if any, is in
    expect(a.page.locator("#entry-panel h2")).to_contain_text("Round 2 ")
    expect(a.page.locator("#entry-panel .error")).to_have_count(0)
    expect_totals(a.page, [0, 0, 10])
    assert len(changes(session, "saved", 1)) == 1

    # The same again with both taps reaching the server (the button not yet disabled): one key, one save.
    bid(a, 2, 0, still=2)
    bid(a, 0, 0, still=1)
    a.tap("label[for=bid-1-2]")
    expect(a.page.locator("#entry-panel.phase-tricks")).to_be_visible()
    a.page.locator("#entry-panel button[name=save]").evaluate(
        "save => { save.click(); save.disabled = false; save.click(); }"
    )
    expect(a.page.locator("#entry-panel h2")).to_contain_text("Round 3 ")
    a.settled()
    expect(a.page.locator("#entry-panel .error")).to_have_count(0)
    expect_totals(a.page, [10, 13, 20])
    assert len(changes(session, "saved", 2)) == 1


def test_taps_overtaken_by_another_phone_do_not_come_back_later(phone, phones, game):
    """B's half-entered bids, overtaken by A's saved ones, are not put back when B changes the bids."""
    a = phone
    session = keeper_at_sheet(a, game)
    b = phones("keeper's second phone")
    log_in(b)
    open_sheet(b, session)
    bid(b, 1, 1, still=2)
    bid(b, 2, 1, still=1)
    bid_round_1(a)  # A: Ann 1, Ben 0, Cat 0, saved
    expect(b.page.locator("#entry-panel.phase-tricks")).to_be_visible(timeout=LIVE_WITHIN)
    b.tap(b.page.get_by_role("link", name="Change bids"))
    for seat, value in ((0, 1), (1, 0), (2, 0)):
        expect(b.page.locator(f"#bid-{seat}-{value}")).to_be_checked()
    b.settled()  # a draft put back would have been sent, and answered
    expect(b.page.locator("#bid-1-0")).to_be_checked()
    assert [c["what"] for c in changes(session, "bids", 1)] == ["Ann 1, Ben 0, Cat 0"]


# -- a live check and a tap at once ------------------------------------------------------------------


def test_a_live_check_still_on_its_way_when_a_tap_is_sent_is_dropped(phone, game):
    """The tap's answer brings the game as it stands; the check's, drawn from before or after the
    tap, must not be swapped in after it. It would come to a page that has moved on: htmx looks
    for its out-of-band parts under the tools box the check was sent from, which the tap's
    answer has swapped out, and finds none (``htmx:oobErrorNoTarget`` four times)."""
    page = phone.page
    held = []

    def hold_the_first(route):
        if held:
            route.continue_()
        else:
            held.append(route)

    page.route(lambda url: "/live/" in url, hold_the_first)
    session = keeper_at_sheet(phone, game)
    page.locator("#game-tools.htmx-request").wait_for(state="attached")  # the first check is on its way
    bid_round_1(phone)  # Ann 1, Ben 0, Cat 0: the last tap saves them
    assert len(held) == 1
    session.refresh_from_db()
    assert f"?v={session.version - 1}" in held[0].request.url  # asked before the bids were saved
    held[0].continue_()  # the server has the bids: the check would be answered with the sheet
    phone.settled()
    assert phone.errors == []
    expect(page.locator("#entry-panel.phase-tricks h2")).to_contain_text("Round 1 ")
    expect(page.locator("#round-1 sup")).to_have_text(["1", "0", "0"])
    expect(page.locator("#game-tools")).to_have_attribute("data-version", str(session.version))
    assert [c["what"] for c in changes(session, "bids", 1)] == ["Ann 1, Ben 0, Cat 0"]


# -- the screen stays awake over plain HTTP ----------------------------------------------------------

NO_WAKE_LOCK = "delete Navigator.prototype.wakeLock;"
VIDEO = """() => {
  const video = document.querySelector("video.awake");
  if (!video) return null;
  const box = video.getBoundingClientRect();
  return {paused: video.paused, muted: video.muted, loop: video.loop, area: box.width * box.height};
}"""
VISIBILITY = """state => {
  Object.defineProperty(document, "visibilityState", {value: state, configurable: true});
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def test_without_the_wake_lock_api_a_muted_video_keeps_the_screen_on(phone, game):
    rules = GAMES["bugger-bridge"].rules
    last = rules.schedule(3, 0)[-1]
    rounds = []
    for info in rules.schedule(3, 0)[:-1]:
        bids = [0, 0, 0]
        bids[info.leader] = info.cards
        rounds.append({"bids": bids, "tricks": bids})
    session = game(rounds=rounds)
    page = phone.page
    page.add_init_script(NO_WAKE_LOCK)
    log_in(phone)
    assert page.evaluate("'wakeLock' in navigator") is False
    assert page.evaluate(VIDEO) is None  # the start page does not keep the screen on
    open_sheet(phone, session)
    phone.tap("h1")
    page.wait_for_function(
        "() => { const v = document.querySelector('video.awake'); return v && !v.paused; }"
    )
    video = page.evaluate(VIDEO)
    assert video["muted"] and video["loop"] and video["area"] <= 4, video  # heard and seen by nobody

    page.evaluate(VISIBILITY, "hidden")
    assert page.evaluate(VIDEO)["paused"] is True
    page.evaluate(VISIBILITY, "visible")
    page.wait_for_function("() => !document.querySelector('video.awake').paused")

    # The last round: once the game is over, the screen may sleep again.
    order = [(last.dealer + 1 + i) % 3 for i in range(3)]
    for seat in order:
        phone.tap(f"label[for=bid-{seat}-0]")
        if seat != order[-1]:  # the last bid sends them: its answer may replace the chips at once
            expect(page.locator(f"#bid-{seat}-0")).to_be_checked()
    expect(page.locator("#entry-panel.phase-tricks")).to_be_visible()
    phone.tap(f"label[for=tricks-{order[0]}-1]")
    expect(page.get_by_test_id("summary")).not_to_be_empty()  # then Save stays where it is
    phone.tap(page.get_by_role("button", name=f"Save round {last.number}"))
    expect(page.locator("#entry-panel h2")).to_have_text("Game over")
    page.wait_for_function("() => document.querySelector('video.awake').paused")
    # A tap no longer starts it (the tap's click is handled once the page has logged it).
    with page.expect_console_message(lambda m: m.text.startswith("[click]")):
        phone.tap("h1")
    assert page.evaluate(VIDEO)["paused"] is True


def test_a_phone_overtaken_part_way_through_the_bids_says_so(phone, phones, game):
    """B has tapped two bids when A saves the round's bids: B's next live check shows A's bids, and
    says so, as a refused save would; a phone with nothing tapped just follows."""
    a = phone
    session = keeper_at_sheet(a, game)
    b = phones("keeper's second phone")
    log_in(b)
    open_sheet(b, session)
    c = phones("keeper's third phone")
    log_in(c)
    open_sheet(c, session)
    bid(b, 1, 1, still=2)
    bid(b, 2, 1, still=1)
    bid_round_1(a)  # A: Ann 1, Ben 0, Cat 0, saved

    error = b.page.locator("#entry-panel .error")
    expect(error).to_have_text("Round 1's bids were saved on another phone: Ann 1, Ben 0, Cat 0.")
    expect(error).to_have_attribute("role", "alert")
    expect(b.page.locator("#entry-panel.phase-tricks")).to_be_visible()
    expect(b.page.locator("#entry-panel .bidtag")).to_have_text(["bid 0", "bid 0", "bid 1"])
    expect(c.page.locator("#entry-panel.phase-tricks")).to_be_visible(timeout=LIVE_WITHIN)
    expect(c.page.locator("#entry-panel .error")).to_have_count(0)
    assert [ch["what"] for ch in changes(session, "bids", 1)] == ["Ann 1, Ben 0, Cat 0"]

    # Tricks tapped on B, overtaken by A's Save: said too.
    b.tap("label[for=tricks-2-1]")  # Cat bid 0, took 1 (B's guess)
    a.tap("label[for=tricks-0-0]")
    a.tap("label[for=tricks-1-1]")
    expect(a.page.get_by_test_id("summary")).to_contain_text("Made: Cat")
    a.tap(a.page.get_by_role("button", name="Save round 1"))
    expect(a.page.locator("#entry-panel h2")).to_contain_text("Round 2 ")
    expect(error).to_have_text("Round 1 was saved on another phone: Ann ±0, Ben ±0, Cat +10.")
    expect(b.page.locator("#entry-panel.phase-bids h2")).to_contain_text("Round 2 ")


def cut_posts(route):
    """No connection for a write (the page's GETs still load): a tap's POST never leaves."""
    if route.request.method == "POST":
        route.abort()
    else:
        route.continue_()


def tricks_tapped_round_1(phone):
    """Round 1's bids are in (Ann 1, Ben 0, Cat 0); Ann took none, Ben the trick: ready to save."""
    phone.tap("label[for=tricks-0-0]")
    phone.tap("label[for=tricks-1-1]")
    expect(phone.page.get_by_test_id("summary")).to_contain_text("Made: Cat")


def test_a_save_that_never_left_is_kept_after_a_reload_and_sent_once(phone, game):
    session = keeper_at_sheet(phone, game, rounds=[{"bids": [1, 0, 0]}])
    page = phone.page
    tricks_tapped_round_1(phone)
    phone.context.route("**/games/**", cut_posts)
    phone.tap(page.get_by_role("button", name="Save round 1"))
    note = page.locator("#offline-note")
    expect(note).to_contain_text(NOT_SAVED)

    page.reload()  # the page loads; the save still cannot leave
    expect(note).to_contain_text(NOT_SAVED)
    expect(page.locator("#tricks-0-0")).to_be_checked()
    expect(page.locator("#tricks-1-1")).to_be_checked()
    page.wait_for_event("requestfailed", lambda r: r.method == "POST")  # sent again, and lost again
    assert changes(session, "saved", 1) == []

    phone.context.unroute("**/games/**", cut_posts)  # the connection is back: sent again, saved once
    expect(page.locator("#entry-panel h2")).to_contain_text("Round 2 ")
    expect(note).to_have_count(0)
    expect(page.locator("#entry-panel .error")).to_have_count(0)
    expect_totals(page, [0, 0, 10])
    assert [c["what"] for c in changes(session, "saved", 1)] == ["Ann ±0, Ben ±0, Cat +10"]
    page.reload()  # and nothing is left to send
    expect(page.locator("#entry-panel h2")).to_contain_text("Round 2 ")
    phone.settled()
    assert len(changes(session, "saved", 1)) == 1
    forgive_send_errors(phone)


def test_a_save_whose_answer_was_lost_is_answered_as_saved_after_a_reload(phone, game):
    session = keeper_at_sheet(phone, game, rounds=[{"bids": [1, 0, 0]}])
    page = phone.page
    tricks_tapped_round_1(phone)

    def answer_lost(route):
        if route.request.method == "POST":
            route.fetch()  # it reaches the server...
        route.abort()  # ...but no answer reaches the phone (nor any check)

    phone.context.route("**/games/**/tricks/", answer_lost)
    phone.tap(page.get_by_role("button", name="Save round 1"))
    expect(page.locator("#offline-note")).to_contain_text(NOT_SAVED)
    assert len(changes(session, "saved", 1)) == 1
    phone.context.unroute("**/games/**/tricks/", answer_lost)
    page.reload()
    expect(page.locator("#entry-panel h2")).to_contain_text("Round 2 ")
    phone.settled()
    expect(page.locator("#offline-note")).to_have_count(0)
    expect(page.locator("#entry-panel .error")).to_have_count(0)
    expect_totals(page, [0, 0, 10])
    assert len(changes(session, "saved", 1)) == 1
    forgive_send_errors(phone)


def test_a_save_that_never_left_and_was_overtaken_says_what_changed_after_a_reload(phone, phones, game):
    a = phone
    session = keeper_at_sheet(a, game, rounds=[{"bids": [1, 0, 0]}])
    page = a.page
    tricks_tapped_round_1(a)
    a.context.route("**/games/**", cut_posts)
    a.tap(page.get_by_role("button", name="Save round 1"))
    expect(page.locator("#offline-note")).to_contain_text(NOT_SAVED)
    # Meanwhile another phone saves round 1 otherwise: everyone made their bid.
    b = phones("keeper's second phone")
    log_in(b)
    open_sheet(b, session)
    b.tap(b.page.get_by_role("button", name="Save round 1"))
    expect(b.page.locator("#entry-panel h2")).to_contain_text("Round 2 ")

    a.context.unroute("**/games/**", cut_posts)
    page.reload()
    expect(page.locator("#entry-panel .error")).to_have_text(
        "Round 1 was saved on another phone: Ann +11, Ben +10, Cat +10."
    )
    expect(page.locator("#entry-panel h2")).to_contain_text("Round 2 ")
    expect(page.locator("#offline-note")).to_have_count(0)
    expect_totals(page, [11, 10, 10])
    assert [c["what"] for c in changes(session, "saved", 1)] == ["Ann +11, Ben +10, Cat +10"]
    forgive_send_errors(a)
