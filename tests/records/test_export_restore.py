"""A club's data taken out (csv, BG Stats JSON, the archive) and put back into a fresh instance
with ``manage.py restore_archive``: the same events, seqs and hashes, the same results and
ratings; a changed event or a taken id refused, with nothing stored.

Expected rows are written by hand from the plays the tests log; an engine play's result comes
from its playthrough file (the rulebook's worked example).
"""

from __future__ import annotations

import datetime as dt
import io
import json
import os
import subprocess
import sys
import uuid
from pathlib import Path

import psycopg
import pytest
from django.core.management import call_command
from django.db import connection

from analytics import services as analytics
from analytics.models import Rating
from config import database
from games.playthrough import GAMES_DIR, load
from records import chain
from records.models import Club, Event, Play
from records.restore import Refused, restore
from records.services import NewEvent, SeatSpec, append_events, create_play

ROOT = Path(__file__).resolve().parents[2]
GOVERNOR_VICTORY = GAMES_DIR / "nova_suecia" / "playthroughs" / "two_players_governor_victory.json"
#: One playthrough of each engine, for the round trip.
PLAYTHROUGHS = [
    "nova_suecia/playthroughs/two_players_governor_victory.json",
    "nouvelle_france/playthroughs/two_players_blue_yellow.json",
    "first_settlement/playthroughs/two_players.json",
    "vasa_regalis/playthroughs/four_players_examples.json",
    "pax_baltica/playthroughs/last_army_swedish_major_victory.json",
]
FILES = Path(__file__).parent / "files"
HEADER = "date,game,player,team,place,score,winner,rating_after"


def log(club, players, options, finish, on, *, teams=(), game="generic", events=None, recorder=None):
    """A play of ``players`` (teams by seat), finished with ``finish`` (or the given events)."""
    seats = [SeatSpec(player, team=team) for player, team in zip(players, [*teams, *[""] * len(players)])]
    play = create_play(club=club, game=game, seats=seats, options=options, played_on=on, user=recorder)
    events = events if events is not None else [NewEvent("finish", None, finish)]
    append_events(play_id=play.pk, events=events, user=recorder)
    return play


def log_playthrough(club, players, path: Path, on, recorder):
    playthrough = load(path)
    seats = players[: len(playthrough.seats)]
    events = [NewEvent(e["type"], e.get("seat"), e.get("data", {})) for e in playthrough.events]
    play = create_play(
        club=club,
        game=playthrough.slug,
        seats=[SeatSpec(p, s.colour, s.team) for p, s in zip(seats, playthrough.seats)],
        options=playthrough.options,
        played_on=on,
        user=recorder,
    )
    append_events(play_id=play.pk, events=events, user=recorder)
    return play


@pytest.fixture
def evening(club_setup):
    """The public club's plays, in the order they were played: a tie, a won co-op game, two
    teams, Nova Suecia (the rulebook's two-player governor victory), and a play still going."""
    setup = club_setup["public"]
    club, (ada, bo, cy, di), recorder = setup["club"], setup["players"], setup["recorder"]
    carcassonne = {"title": "Carcassonne", "bgg_id": 822}
    log(club, [ada, bo, cy], carcassonne, {"scores": [30, 25, 30]}, dt.date(2026, 1, 10), recorder=recorder)
    log(club, [ada, bo], {"title": "Hanabi", "scoring": "cooperative"}, {"result": "won"}, dt.date(2026, 1, 11))
    teams = ["red", "red", "blue", "blue"]
    log(club, [ada, bo, cy, di], {"title": "Codenames"}, {"scores": [3, 2, 4, 0]}, dt.date(2026, 1, 12), teams=teams)
    log_playthrough(club, [cy, di], GOVERNOR_VICTORY, dt.date(2026, 1, 13), recorder)
    create_play(club=club, game="generic", seats=[SeatSpec(ada), SeatSpec(bo)], options={"title": "Go"})
    return setup


def body(response) -> str:
    return b"".join(response.streaming_content).decode()


def test_export_club_writes_what_the_api_streams(evening, client_for, tmp_path):
    """The command line's export, with its progress bar on stderr, is the API's."""
    for format in ("csv", "bgstats", "archive"):
        written = tmp_path / f"public.{format}"
        call_command("export_club", "public", format=format, output=written, stderr=io.StringIO())
        streamed = body(client_for(evening["owner"]).get(f"/api/v1/clubs/public/export/?format={format}"))
        if format == "archive":  # the header says when it was exported
            written_lines, streamed_lines = written.read_bytes().decode().splitlines(), streamed.splitlines()
            assert written_lines[1:] == streamed_lines[1:]
        else:
            assert written.read_bytes().decode() == streamed


def test_the_csv_has_a_row_per_seat_of_each_finished_play(evening, client_for):
    response = client_for(evening["member"]).get("/api/v1/clubs/public/export/?format=csv")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="public.csv"'
    assert body(response).splitlines() == [
        HEADER,
        "2026-01-10,Carcassonne,Ada,,1,30,true,",
        "2026-01-10,Carcassonne,Bo,,3,25,false,",
        "2026-01-10,Carcassonne,Cy,,1,30,true,",
        "2026-01-11,Hanabi,Ada,,1,,true,",
        "2026-01-11,Hanabi,Bo,,1,,true,",
        "2026-01-12,Codenames,Ada,red,1,3,true,",
        "2026-01-12,Codenames,Bo,red,1,2,true,",
        "2026-01-12,Codenames,Cy,blue,2,4,false,",
        "2026-01-12,Codenames,Di,blue,2,0,false,",
        "2026-01-13,nova_suecia,Cy,,1,2,true,",
        "2026-01-13,nova_suecia,Di,,2,0,false,",
    ]


def test_the_csv_gives_each_rating_after_the_play_once_projected(evening, client_for):
    """After one play of a game, the rating after it is the player's current conservative
    rating in that game and club; a co-op play changes no rating."""
    analytics.rebuild()
    rows = [line.split(",") for line in body(client_for(evening["member"]).get("/api/v1/clubs/public/export/")).split()]
    club = evening["club"]
    current = {
        (r.game, r.player.display_name): r.conservative for r in Rating.objects.filter(club=club).exclude(game="")
    }
    assert len(current) == 9  # three seats of Carcassonne, four of Codenames, two of Nova Suecia
    for _date, game, player, *_, rating in rows[1:]:
        key = "nova_suecia" if game == "nova_suecia" else f"generic:{game.lower()}"
        if game == "Hanabi":
            assert rating == ""
        else:
            assert float(rating) == pytest.approx(current[key, player], abs=1e-6), (game, player)


def test_bgstats_names_games_players_locations_and_plays_as_bg_stats_does(evening, client_for):
    response = client_for(evening["member"]).get("/api/v1/clubs/public/export/?format=bgstats")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    document = json.loads(body(response))
    ada, bo, cy, di = (p.pk for p in evening["players"])
    assert document["games"] == [
        {"id": 1, "name": "Carcassonne", "bggId": 822, "cooperative": False, "highestWins": True, "noPoints": False},
        {"id": 2, "name": "Hanabi", "bggId": 0, "cooperative": True, "highestWins": True, "noPoints": True},
        {"id": 3, "name": "Codenames", "bggId": 0, "cooperative": False, "highestWins": True, "noPoints": False},
        {"id": 4, "name": "nova_suecia", "bggId": 0, "cooperative": False, "highestWins": True, "noPoints": False},
    ]
    assert [(p["id"], p["name"]) for p in document["players"]] == [(ada, "Ada"), (bo, "Bo"), (cy, "Cy"), (di, "Di")]
    assert document["locations"] == []
    plays = document["plays"]
    assert [(p["playDate"], p["gameRefId"], p["usesTeams"]) for p in plays] == [
        ("2026-01-10 00:00:00", 1, False),
        ("2026-01-11 00:00:00", 2, False),
        ("2026-01-12 00:00:00", 3, True),
        ("2026-01-13 00:00:00", 4, False),
    ]
    assert len({uuid.UUID(p["uuid"]) for p in plays}) == 4
    assert plays[0]["playerScores"] == [
        {"playerRefId": ada, "score": "30", "winner": True, "newPlayer": True, "startPlayer": True}
        | {"rank": 1, "team": None, "seatOrder": 0},
        {"playerRefId": bo, "score": "25", "winner": False, "newPlayer": True, "startPlayer": False}
        | {"rank": 3, "team": None, "seatOrder": 1},
        {"playerRefId": cy, "score": "30", "winner": True, "newPlayer": True, "startPlayer": False}
        | {"rank": 1, "team": None, "seatOrder": 2},
    ]
    codenames = plays[2]["playerScores"]
    assert [(s["team"], s["rank"], s["winner"]) for s in codenames] == [
        ("red", 1, True),
        ("red", 1, True),
        ("blue", 2, False),
        ("blue", 2, False),
    ]
    assert [s["score"] for s in plays[1]["playerScores"]] == ["", ""]


def test_a_players_second_play_of_a_game_is_not_new(evening, client_for):
    setup = evening
    ada, bo = setup["players"][:2]
    log(setup["club"], [bo, ada], {"title": "Carcassonne"}, {"scores": [1, 2]}, dt.date(2026, 2, 1))
    plays = json.loads(body(client_for(setup["member"]).get("/api/v1/clubs/public/export/?format=bgstats")))["plays"]
    assert [(s["playerRefId"], s["newPlayer"]) for s in plays[-1]["playerScores"]] == [(bo.pk, False), (ada.pk, False)]


@pytest.mark.parametrize(
    "kind, role, csv, archive",
    [
        ("public", "anonymous", 401, 401),
        ("public", "outsider", 403, 403),
        ("public", "member", 200, 403),
        ("public", "recorder", 200, 403),
        ("public", "owner", 200, 200),
        ("private", "anonymous", 401, 401),
        ("private", "outsider", 404, 404),
        ("private", "member", 200, 403),
        ("private", "owner", 200, 200),
    ],
)
def test_members_take_the_results_and_owners_the_archive(club_setup, client_for, kind, role, csv, archive):
    user = {"anonymous": None, "outsider": club_setup["outsider"]}.get(role) or club_setup[kind].get(role)
    client = client_for(user)
    assert client.get(f"/api/v1/clubs/{kind}/export/?format=csv").status_code == csv
    assert client.get(f"/api/v1/clubs/{kind}/export/?format=bgstats").status_code == csv
    assert client.get(f"/api/v1/clubs/{kind}/export/?format=archive").status_code == archive


@pytest.mark.parametrize("query", ["?format=", "?format=csv&format=archive", "?format=xlsx"])
def test_an_export_names_one_known_format(club_setup, client_for, query):
    response = client_for(club_setup["public"]["owner"]).get(f"/api/v1/clubs/public/export/{query}")
    assert response.status_code == 400
    assert response.json() == {"format": ["Name one format: csv, bgstats, archive."]}


def archive_of(setup, client_for) -> str:
    response = client_for(setup["owner"]).get(f"/api/v1/clubs/{setup['club'].slug}/export/?format=archive")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/x-ndjson"
    return body(response)


def test_the_archive_holds_the_club_and_every_event_as_stored(evening, client_for):
    lines = [json.loads(line) for line in archive_of(evening, client_for).splitlines()]
    kinds = [line["kind"] for line in lines]
    club = evening["club"]
    events = list(Event.objects.filter(play__club=club).order_by("position"))
    assert kinds == (
        ["tablelog-archive", "club"]
        + ["user"] * 3  # the owner, the recorder and the member (the recorder logged and created plays)
        + ["player"] * 4
        + ["membership"] * 3
        + ["play"] * 5
        + ["seat"] * (3 + 2 + 4 + 2 + 2)
        + ["event"] * len(events)
    )
    assert lines[0]["club"] == "public" and lines[0]["version"] == 1
    assert lines[1]["slug"] == "public"
    assert {line["username"] for line in lines if line["kind"] == "user"} == {
        "public-owner",
        "public-recorder",
        "public-member",
    }
    assert all(set(line) == {"kind", "id", "username"} for line in lines if line["kind"] == "user")
    assert not any("state" in line or "last_hash" in line for line in lines if line["kind"] == "play")
    archived = [line for line in lines if line["kind"] == "event"]
    assert [(e["play_id"], e["seq"], e["hash"], e["prev_hash"]) for e in archived] == [
        (e.play_id, e.seq, e.hash, e.prev_hash) for e in events
    ]
    assert archived[0]["recorded_at"] == events[0].recorded_at.isoformat()


def written(tmp_path: Path, text: str, name: str = "archive_public.ndjson") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_an_archive_is_refused_where_its_club_slug_is_taken(evening, client_for, tmp_path):
    with pytest.raises(Refused, match="A club named 'public' exists here already"):
        restore(written(tmp_path, archive_of(evening, client_for)))


def test_an_archive_is_refused_where_a_play_id_is_taken(evening, client_for, tmp_path):
    text = archive_of(evening, client_for).replace('"slug": "public"', '"slug": "elsewhere"')
    first = Play.objects.filter(club=evening["club"]).order_by("id").first()
    with pytest.raises(Refused, match=f"Play id {first.pk} is taken here"):
        restore(written(tmp_path, text))
    assert not Club.objects.filter(slug="elsewhere").exists()


def test_an_archive_is_refused_where_a_user_id_is_another_persons(evening, client_for, tmp_path):
    text = archive_of(evening, client_for).replace('"slug": "public"', '"slug": "elsewhere"')
    text = text.replace('"username": "public-member"', '"username": "someone-else"')
    member = evening["member"]
    with pytest.raises(Refused, match=f"User id {member.pk} \\(someone-else\\) is taken here by public-member"):
        restore(written(tmp_path, text))


def test_an_archive_file_is_restored_with_its_ids_hashes_and_results(db):
    """A real archive, kept in the repository (a small club: a generic play and a short game
    of Nova Suecia, written with the tests' CHAIN_KEY), restored into an empty database."""
    path = FILES / "archive_small_club.ndjson"
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    club = restore(path)
    assert (club.slug, club.name) == ("small", "Small")
    assert sorted(club.players.values_list("display_name", flat=True)) == ["Ada", "Bo"]
    archived = [(e["play_id"], e["seq"], e["hash"]) for e in lines if e["kind"] == "event"]
    stored = Event.objects.filter(play__club=club).order_by("position")
    assert [(e.play_id, e.seq, e.hash) for e in stored] == archived
    for play in Play.objects.filter(club=club):
        assert chain.first_broken_seq(play.events.order_by("seq")) is None
        assert (play.status, play.last_hash) == ("finished", [h for p, _, h in archived if p == play.pk][-1])
    generic = Play.objects.get(club=club, game="generic")
    assert generic.outcome["places"] == [2, 1]
    assert generic.seats.get(position=1).player.display_name == "Bo"


# The round trip: a fresh database on the same server, restored and projected by the commands.


RATINGS = """
    SELECT r.club_id IS NULL, r.game, p.display_name, r.mu, r.sigma, r.plays
    FROM analytics_rating r JOIN records_player p ON p.id = r.player_id ORDER BY 1, 2, 3
"""
RESULTS = """
    SELECT pr.play_id, pr.game, pr.played_on, pr.won, pr.rated, s.seat, p.display_name, s.place, s.rank,
           s.score, s.winner, s.first_play
    FROM analytics_playresult pr JOIN analytics_seatresult s ON s.result_id = pr.play_id
    JOIN records_player p ON p.id = s.player_id ORDER BY pr.play_id, s.seat
"""
EVENTS = "SELECT play_id, seq, type, data::text, hash FROM records_event ORDER BY play_id, seq"
PLAYS = "SELECT id, status, last_seq, last_hash, outcome::text, played_on FROM records_play ORDER BY id"


@pytest.fixture
def fresh_database():
    """A database of its own on the test server, migrated by the owner as ``make run`` does;
    yields (the owner's URL, the service's URL), and is dropped afterwards."""
    admin = os.environ["DATABASE_URL"]
    name = f"{connection.settings_dict['NAME']}_restore"
    service = database.prepare(admin, name, dict(os.environ))
    yield database.url_for(admin, name, database.OWNER), service
    with psycopg.connect(database.url_for(admin, "postgres"), autocommit=True) as server:
        server.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def manage(url: str, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, DATABASE_URL=url, DJANGO_SETTINGS_MODULE="tests.settings")
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


def rows(url: str | None, query: str) -> list[tuple]:
    if url is None:
        with connection.cursor() as cursor:
            cursor.execute(query)
            return cursor.fetchall()
    with psycopg.connect(url) as other:
        return other.execute(query).fetchall()


@pytest.fixture
def season(club_setup):
    """A club with a play of every engine (their rulebook playthroughs), generic plays, a
    corrected move, and ratings projected."""
    setup = club_setup["public"]
    club, players, recorder = setup["club"], setup["players"], setup["recorder"]
    for day, path in enumerate(PLAYTHROUGHS, start=1):
        log_playthrough(club, players, GAMES_DIR / path, dt.date(2026, 3, day), recorder)
    ada, bo, cy, di = players
    for day, scores in enumerate([[10, 20, 30], [30, 20, 10], [15, 15, 5]], start=10):
        log(club, [ada, bo, cy], {"title": "Carcassonne"}, {"scores": scores}, dt.date(2026, 3, day), recorder=recorder)
    corrected = [
        NewEvent("score", 0, {"points": 7}),
        NewEvent("score", 1, {"points": 5}),
        NewEvent("correction", None, {"seq": 1, "reason": "Ada scored Bo's points"}),
        NewEvent("finish", None, {}),
    ]
    log(club, [di, ada], {"title": "Carcassonne"}, None, dt.date(2026, 3, 10), events=corrected, recorder=recorder)
    analytics.rebuild()
    return setup


def test_a_club_comes_back_whole_in_a_fresh_instance(season, client_for, tmp_path, fresh_database):
    owner_url, service_url = fresh_database
    text = archive_of(season, client_for)
    changed = text.replace('"points": 5', '"points": 6', 1)
    assert changed != text
    tampered = next(json.loads(line) for line in changed.splitlines() if '"points": 6' in line)

    refused = manage(owner_url, "restore_archive", str(written(tmp_path, changed, "archive_changed.ndjson")))
    assert refused.returncode != 0
    assert f"Play {tampered['play_id']}, seq {tampered['seq']}: the event does not verify" in refused.stderr
    assert rows(owner_url, "SELECT count(*) FROM records_club") == [(0,)]
    assert rows(owner_url, "SELECT count(*) FROM auth_user") == [(0,)]

    restored = manage(owner_url, "restore_archive", str(written(tmp_path, text)))
    assert restored.returncode == 0, restored.stderr
    assert "restored club public: 4 players, 9 plays" in restored.stdout
    assert "restoring" in restored.stderr  # the progress bar
    projected = manage(service_url, "rebuild_projections")
    assert projected.returncode == 0, projected.stderr
    verified = manage(service_url, "verify_chain")
    assert verified.returncode == 0 and verified.stdout.count(": ok (") == 9, verified.stdout

    for query in (EVENTS, PLAYS, RESULTS):
        assert rows(service_url, query) == rows(None, query), query
    source_ratings = rows(None, RATINGS)
    assert len(source_ratings) > 20
    assert rows(service_url, RATINGS) == source_ratings
    users = rows(service_url, "SELECT id, username, password LIKE '!%%' FROM auth_user ORDER BY id")
    assert users == [
        (u.pk, u.username, True)
        for u in sorted([season["owner"], season["recorder"], season["member"]], key=lambda u: u.pk)
    ]
