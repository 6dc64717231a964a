"""Call Bridge at the table: four players, spades trumps, first alone at the target wins.

The flow (bids, then tricks, corrections) is the bidding games' (``bidding.py``)
and what Call Bridge shows is its screen's (games/screen/call_bridge.py); this
module adds only its new-game page.
"""

from __future__ import annotations

from games.forms import NewCallBridgeForm
from games.screen.call_bridge import CallBridgeScreen

from .bidding import BiddingTable
from .common import HtmxHttpRequest
from .table import new_game_form, new_game_page


class CallBridgeTable(CallBridgeScreen, BiddingTable):
    pass


TABLE = CallBridgeTable()
sheet = TABLE.sheet
ACTIONS = TABLE.actions()


def new_game(request: HtmxHttpRequest):
    """Seat the four players, choose the first dealer and the target."""
    form = new_game_form(request, NewCallBridgeForm, game=TABLE.slug)
    return new_game_page(request, form, game=TABLE.slug, template=f"{TABLE.template_dir}/new.html")
