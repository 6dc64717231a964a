from django.urls import path

from .views import accounts, home, records, sheet

app_name = "games"

urlpatterns = [
    path("", home.home, name="home"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("games/new/bugger-bridge/", home.new_bugger, name="new-bugger"),
    path("games/<int:pk>/", sheet.sheet, name="sheet"),
    path("games/<int:pk>/round/<int:number>/bids/", sheet.save_bids, name="bids"),
    path("games/<int:pk>/round/<int:number>/tricks/", sheet.save_tricks, name="tricks"),
    path("games/<int:pk>/round/<int:number>/penalty/", sheet.add_penalty, name="penalty"),
    path("games/<int:pk>/round/<int:number>/edit/", sheet.edit_round, name="edit-round"),
    path("games/<int:pk>/undo/", sheet.undo, name="undo"),
    path("games/<int:pk>/end/", sheet.end_game, name="end"),
    path("games/<int:pk>/record.json", records.download, name="record-download"),
    path("games/import/", records.upload, name="record-upload"),
]
