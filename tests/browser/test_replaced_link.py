"""A phone whose keep-score link was replaced gets back in with the keeper's new link (issue 19).

The new link leads to the same game URL that answered "This link was replaced"; a browser
that kept that answer showed it again, and only a manual reload got in.
"""

from __future__ import annotations

from playwright.sync_api import expect

from .test_table_sharing import game, make_link, shared_game  # noqa: F401 (the game fixture)

REPLACED = "This link was replaced"


def test_the_new_keep_score_link_lets_the_second_scorer_back_in(phone, phones, game):  # noqa: F811
    keeper = phone
    session, _watch, old_keep = shared_game(keeper, game)
    scorer = phones("scorer")
    scorer.page.goto(old_keep)
    expect(scorer.page.locator("#entry-panel.phase-bids")).to_be_visible()

    new_keep = make_link(keeper, session, "keep-score link")
    # The scorer's sheet says so at its next live check, and so does the game's page, loaded again.
    expect(scorer.page.get_by_role("heading", name=REPLACED)).to_be_visible()
    assert scorer.page.goto(f"{scorer.base_url}/games/{session.pk}/").status == 410
    expect(scorer.page.get_by_role("heading", name=REPLACED)).to_be_visible()

    # The keeper shows the new link's QR code; the scorer opens it: the sheet, at once.
    scorer.page.goto(new_keep)
    expect(scorer.page.locator("#entry-panel.phase-bids")).to_be_visible()
    expect(scorer.page.get_by_role("heading", name=REPLACED)).to_have_count(0)
    # Opened from the address bar again, or from a link on another page, it still works.
    scorer.page.goto(new_keep)
    expect(scorer.page.locator("#entry-panel.phase-bids")).to_be_visible()
