"""axe-core (bundled in axe-playwright-python, no CDN) finds no serious or critical problem on any page."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.contrib.auth.models import User

from games.registry import GAMES

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]
GRAVE = {"serious", "critical"}
TABLES = {slug: game.table for slug, game in GAMES.items() if game.table}  # the games with screens


def grave_violations(page) -> list[str]:
    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v["impact"] in GRAVE
    ]


def log_in(phone, username="reader"):
    User.objects.create_user(username, password="lots-of-cards-42")
    phone.go("/accounts/login/")
    phone.page.fill("#id_username", username)
    phone.page.fill("#id_password", "lots-of-cards-42")
    with phone.loading():
        phone.page.get_by_role("button", name="Log in").click()


@pytest.mark.parametrize("path", ["/", "/accounts/login/", "/accounts/signup/", "/rules/bugger-bridge/"])
def test_public_pages(phone, path):
    phone.go(path)
    assert grave_violations(phone.page) == []


@pytest.mark.parametrize("dark", [False, True])
def test_start_and_new_game_pages(phone, dark):
    phone.page.emulate_media(color_scheme="dark" if dark else "light")
    log_in(phone)
    assert grave_violations(phone.page) == []
    for slug in TABLES:
        phone.go(f"/games/new/{slug}/")
        assert grave_violations(phone.page) == [], slug


@pytest.mark.parametrize("slug", sorted(TABLES))
@pytest.mark.parametrize("dark", [False, True])
def test_every_sheet(phone, make_session, slug, dark):
    phone.page.emulate_media(color_scheme="dark" if dark else "light")
    log_in(phone)
    rules = GAMES[slug].rules
    players = NAMES[: max(rules.min_players, min(5, rules.max_players or 5))]
    session = make_session(slug, players=players, owner=User.objects.get(username="reader"))
    phone.go(f"/games/{session.pk}/")
    assert grave_violations(phone.page) == [], slug
    phone.go(f"/rules/{slug}/")
    assert grave_violations(phone.page) == [], slug


def test_bugger_sheet_in_every_phase(phone, make_session):
    log_in(phone)
    owner = User.objects.get(username="reader")
    session = make_session(
        "bugger-bridge",
        players=NAMES[:5],
        hook=True,
        owner=owner,
        rounds=[{"bids": [1, 0, 0, 1, 0], "tricks": [0, 0, 0, 1, 0]}, {"bids": [0, 0, 0, 1, 0]}],
    )
    phone.go(f"/games/{session.pk}/")  # tricks phase, with a finished round above
    assert grave_violations(phone.page) == []
    phone.go(f"/games/{session.pk}/?phase=bids")
    assert grave_violations(phone.page) == []
    phone.go(f"/games/{session.pk}/round/1/edit/")
    assert grave_violations(phone.page) == []


def test_the_checker_itself_catches_a_bad_page(browser):
    # Guards the tests above against passing because axe never ran.
    page = browser.new_page()
    page.set_content('<html lang="en"><body><main><img src="data:,"><button></button></main></body></html>')
    found = grave_violations(page)
    page.close()
    assert any(v.startswith("image-alt") for v in found)
    assert any(v.startswith("button-name") for v in found)


# Every target 44 px high, and 44 px wide too, except: a <summary> (a line of text), and a player's
# chips, all on one line, which may be narrower if their centres stay 24 px apart or more (WCAG 2.2's
# target spacing, 2.5.8): nine bids on a 360 px phone.
TAP_TARGETS = """() => {
  const centre = el => { const r = el.getBoundingClientRect(); return r.left + r.width / 2; };
  const targets = Array.from(document.querySelectorAll(
    "label.chip, button, a.button, summary, input[type=text], input[type=password], select"
  )).filter(el => el.offsetParent !== null).map(el => {
    const r = el.getBoundingClientRect();
    const row = el.matches(".seat-row label.chip") ? Array.from(el.parentElement.querySelectorAll("label.chip")) : [];
    const spacing = row.length > 1 ? Math.min(...row.filter(o => o !== el).map(o => Math.abs(centre(o) - centre(el)))) : 0;
    return {what: el.outerHTML.slice(0, 80), width: r.width, height: r.height, spacing: spacing};
  });
  const narrow = t => t.width < 44 && !t.what.startsWith("<summary") && t.spacing < 24;
  return {count: targets.length, small: targets.filter(t => t.height < 44 || narrow(t))};
}"""


@pytest.mark.parametrize("slug", sorted(TABLES))
def test_every_tap_target_on_a_sheet_is_at_least_44px(phone, make_session, slug):
    log_in(phone)
    rules = GAMES[slug].rules
    players = NAMES[: max(rules.min_players, min(5, rules.max_players or 5))]
    session = make_session(slug, players=players, owner=User.objects.get(username="reader"))
    for path in (f"/games/{session.pk}/", f"/games/new/{slug}/"):
        phone.go(path)
        phone.page.wait_for_load_state("load")
        found = phone.page.evaluate(TAP_TARGETS)
        assert found["count"] >= 3, path  # the check really looked at the page's controls
        assert found["small"] == [], path


# Every page of the app past the table screens, in both themes (issue 13).


def every_page_paths(owner, make_session) -> list[str]:
    """A finished or started game of each kind, a player, the group link: the paths of every page."""
    from games.accounts import group_link
    from games.models import Player
    from tests.test_history_helpers import CALL_DEAL, ELIMINATION_ROUNDS, MINIBRIDGE_ROUNDS

    sessions = [
        make_session(
            "call-bridge", players=["Ann", "Ben", "Cat", "Dan"], rounds=[CALL_DEAL] * 8, owner=owner
        ),
        make_session(
            "minibridge", players=["Ann", "Ben", "Cat", "Dan"], rounds=MINIBRIDGE_ROUNDS, deals=2, owner=owner
        ),
        make_session(
            "mormon-bridge",
            players=["Ann", "Ben", "Cat", "Dan"],
            rounds=ELIMINATION_ROUNDS,
            mode="elimination",
            owner=owner,
        ),
        make_session(
            "bugger-bridge",
            players=NAMES[:5],
            rounds=[{"bids": [1, 0, 0, 0, 0], "tricks": [1, 0, 0, 0, 0]}],
            hook=False,
            owner=owner,
        ),
        make_session("memory-bridge", players=["Ann", "Ben"], owner=owner),
    ]
    ann, ben = Player.objects.get(owner=owner, name="Ann"), Player.objects.get(owner=owner, name="Ben")
    token = group_link.token_for(group_link.make_link(owner))
    paths = ["/games/", "/players/", f"/players/{ann.pk}/", "/games/trash/", "/group-link/", "/print/"]
    paths += [f"/standings/?game={slug}&minimum=1" for slug in GAMES]
    paths += [f"/head-to-head/?first={ann.pk}&second={ben.pk}", "/head-to-head/"]
    for s in sessions:
        paths += [f"/games/{s.pk}/summary/", f"/games/{s.pk}/print/", f"/g/{token}/games/{s.pk}/"]
    paths += [f"/print/{slug}/" for slug in GAMES] + [f"/rules/{slug}/" for slug in GAMES]
    paths += [
        f"/g/{token}/?game=call-bridge&minimum=1",
        f"/g/{token}/games/",
        f"/g/{token}/head-to-head/?first={ann.pk}&second={ben.pk}",
    ]
    return paths + ["/offline/"]


@pytest.mark.parametrize("dark", [False, True])
def test_every_page_of_the_app(phone, make_session, dark):
    phone.page.emulate_media(color_scheme="dark" if dark else "light")
    log_in(phone)
    found = {}
    for path in every_page_paths(User.objects.get(username="reader"), make_session):
        phone.go(path)
        problems = grave_violations(phone.page)
        if problems:
            found[path] = problems
    assert found == {}, "\n".join(f"{path}: {problems}" for path, problems in found.items())
