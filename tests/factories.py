"""Plain helpers the tests share."""

from records import services
from records.models import Club


def new_play(club: Club, players, *, game="generic", options=None, mode="strict", user=None):
    return services.create_play(
        club=club,
        game=game,
        seats=[services.SeatSpec(p) for p in players],
        options={"title": "Test game"} if options is None else options,
        mode=mode,
        user=user,
    )
