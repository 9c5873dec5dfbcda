from django.urls import path

from analytics import views

urlpatterns = [
    path("players/<int:player_id>/stats/", views.PlayerStatsView.as_view(), name="player-stats"),
    path("players/<int:player_id>/ratings/", views.PlayerRatingsView.as_view(), name="player-ratings"),
    path(
        "players/<int:player_id>/head-to-head/<int:other_id>/",
        views.HeadToHeadView.as_view(),
        name="player-head-to-head",
    ),
    path("leaderboards/", views.LeaderboardView.as_view(), name="leaderboards"),
    path("games/<str:game>/stats/", views.GameStatsView.as_view(), name="game-stats"),
    path("clubs/<slug:slug>/export/", views.ClubExportView.as_view(), name="club-export"),
    path("clubs/<slug:slug>/stream/", views.ClubStreamView.as_view(), name="club-stream"),
]
