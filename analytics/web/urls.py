"""The web app's pages of numbers: the home page, a club's home, a player's and a game's pages
(see :mod:`records.web` for the rest of the web app)."""

from django.urls import path

from analytics.web import views

urlpatterns = [
    path("", views.home, name="home"),
    path("clubs/<slug:slug>/", views.club, name="club"),
    path("players/<int:player_id>/", views.player, name="player"),
    path("players/<int:player_id>/vs/", views.player_vs_pick, name="player-vs-pick"),
    path("players/<int:player_id>/vs/<int:other_id>/", views.player_vs, name="player-vs"),
    path("games/<str:key>/", views.game, name="game"),
]
