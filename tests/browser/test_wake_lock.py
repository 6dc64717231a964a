"""The screen stays awake while a score sheet is open (Screen Wake Lock), and only then."""

from __future__ import annotations

from django.contrib.auth.models import User

# Stands in for the browser's wake lock so the test can see what the page asked for.
RECORDER = """
window.__wakeRequests = [];
Object.defineProperty(navigator, "wakeLock", {
  configurable: true,
  value: {
    request(type) {
      window.__wakeRequests.push(type);
      return Promise.resolve({ addEventListener() {}, release() { return Promise.resolve(); } });
    },
  },
});
"""


def test_sheet_asks_to_keep_the_screen_awake(phone, make_session):
    owner = User.objects.create_user("awake", password="keep-the-lights-on-1")
    session = make_session("bugger-bridge", players=["Ann", "Ben", "Cat"], owner=owner)
    phone.page.add_init_script(RECORDER)
    phone.go("/accounts/login/")
    phone.page.fill("#id_username", "awake")
    phone.page.fill("#id_password", "keep-the-lights-on-1")
    with phone.loading():
        phone.page.get_by_role("button", name="Log in").click()
    assert phone.page.evaluate("window.__wakeRequests") == []  # the start page does not
    phone.go(f"/games/{session.pk}/")
    # Asked for once the page is drawn (at idle): a function, since the page's CSP refuses the
    # string expression Playwright would evaluate while it polls.
    phone.page.wait_for_function("() => window.__wakeRequests.length > 0")
    assert phone.page.evaluate("window.__wakeRequests") == ["screen"]
