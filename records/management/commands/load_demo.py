"""Demo data: a public club, its players, finished plays of every engine's playthroughs and
a season of generic plays. Idempotent: a second run changes nothing."""

import random
from datetime import date, timedelta

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand
from rest_framework.authtoken.models import Token

from games.playthrough import all_playthroughs, load
from records import services
from records.models import Club, Player

NAMES = ["Astrid", "Bengt", "Cecilia", "Dag", "Elin", "Frans", "Greta", "Hugo"]
TITLES = [("Carcassonne", 822, "highest_wins"), ("Hanabi", 98778, "cooperative"), ("Golf", None, "lowest_wins")]


class Command(BaseCommand):
    help = "Load the demo club (user demo / password demo) with players and finished plays."

    def handle(self, *args, **options):
        user, created = User.objects.get_or_create(username="demo")
        if created:
            user.set_password("demo")
            user.save()
        token, _ = Token.objects.get_or_create(user=user)
        if not Club.objects.filter(slug="demo").exists():
            self._load(user)
        self.stdout.write(f"demo user: demo / demo, token: {token.key}")

    def _load(self, user: User) -> None:
        club = services.create_club(name="Tablelog Demo Club", slug="demo", is_public=True, owner=user)
        players = [Player.objects.create(club=club, display_name=name) for name in NAMES]
        start = date(2026, 9, 1)
        for day, path in enumerate(all_playthroughs()):
            playthrough = load(path)
            play = services.create_play(
                club=club,
                game=playthrough.slug,
                seats=[services.SeatSpec(p, s.colour, s.team) for p, s in zip(players, playthrough.seats)],
                options=playthrough.options,
                played_on=start + timedelta(days=day),
                location="Club room",
                user=user,
            )
            events = [services.NewEvent(e["type"], e.get("seat"), e.get("data", {})) for e in playthrough.events]
            services.append_events(play_id=play.pk, events=events, user=user)
        rng = random.Random(1638)
        for week in range(12):
            title, bgg_id, scoring = TITLES[week % len(TITLES)]
            seated = rng.sample(players, rng.randint(2, 5))
            options = {"title": title, "scoring": scoring, **({"bgg_id": bgg_id} if bgg_id else {})}
            play = services.create_play(
                club=club,
                game="generic",
                seats=[services.SeatSpec(p) for p in seated],
                options=options,
                played_on=start + timedelta(weeks=week),
                location="Club room",
                user=user,
            )
            if scoring == "cooperative":
                finish = {"result": rng.choice(["won", "lost"])}
            else:
                finish = {"scores": [rng.randint(20, 90) for _ in seated]}
            services.append_events(play_id=play.pk, events=[services.NewEvent("finish", None, finish)], user=user)
