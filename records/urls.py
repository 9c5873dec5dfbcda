from django.urls import path
from rest_framework.routers import DefaultRouter

from records import views

router = DefaultRouter()
router.register("clubs", views.ClubViewSet, basename="club")
router.register(r"clubs/(?P<club_slug>[-\w]+)/members", views.MemberViewSet, basename="member")
router.register(r"clubs/(?P<club_slug>[-\w]+)/players", views.PlayerViewSet, basename="player")
router.register(r"clubs/(?P<club_slug>[-\w]+)/imports", views.ImportViewSet, basename="import")
router.register("games", views.GameViewSet, basename="game")
router.register("plays", views.PlayViewSet, basename="play")

urlpatterns = [path("auth/token/", views.SignIn.as_view(), name="auth-token"), *router.urls]
