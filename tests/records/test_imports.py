"""Importing plays from BoardGameGeek's XML and BG Stats' JSON (records/imports).

The files under ``files/`` are written by hand from each format's documented shape; every
expected play, place, winner and score below is worked out by hand from those files."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest
from django.core.files import File
from django.core.management import call_command
from django.core.management.base import CommandError

from analytics import services as analytics
from analytics.models import PlayResult, RatingChange
from records.imports import read_plays
from records.imports.service import run_import, start_import
from records.models import Import, Play, Player, Status
from tests.workers import wait_for

FILES = Path(__file__).parent / "files"


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def club(club_setup):
    """The public club: players Ada, Bo, Cy, Di; Cy is known by the BGG username "cybgg"."""
    setup = club_setup["public"]
    Player.objects.filter(club=setup["club"], display_name="Cy").update(bgg_username="cybgg")
    return setup


def do_import(club, name: str, *, dry_run: bool = False) -> Import:
    with open(FILES / name, "rb") as raw:
        imported = start_import(club=club["club"], user=club["recorder"], file=File(raw), name=name, dry_run=dry_run)
    return run_import(imported.pk)


def imported_plays(club, source: str) -> dict[str, Play]:
    return {p.source_id: p for p in Play.objects.filter(club=club["club"], source=source)}


def seated(play: Play) -> list[str]:
    return [seat.player.display_name for seat in play.seats.order_by("position")]


def test_a_bgg_file_becomes_generic_plays_with_their_results(club):
    imported = do_import(club, "bgg_plays.xml")
    assert imported.status == "done", imported.errors
    # 9 <play> elements, one with quantity 2: 10 plays; 1009 seats Ada twice.
    assert (imported.plays_found, imported.plays_created, imported.plays_refused) == (10, 9, 1)
    # Ada (by name: no player has her username), Bo (by name), Cy (by username, any case); Eve is new.
    assert (imported.players_matched, imported.players_created) == (3, 1)
    eve = Player.objects.get(club=club["club"], display_name="Eve")
    assert eve.bgg_username == "eve42"
    plays = imported_plays(club, "bgg")
    assert set(plays) == {"1001", "1002", "1003", "1004", "1004:2", "1005", "1006", "1007", "1008"}

    azul = plays["1001"]  # seats by startposition: Bo 1, Ada 2, Cy 3
    assert seated(azul) == ["Bo", "Ada", "Cy"]
    assert azul.options == {"title": "Azul", "bgg_id": 230802, "scoring": "highest_wins"}
    assert (azul.outcome["places"], azul.outcome["winners"], azul.outcome["scores"]) == ([3, 1, 2], [1], [48, 61, 55])
    assert azul.location == "Club house" and str(azul.played_on) == "2024-03-01"
    note, finish = azul.events.order_by("seq")
    assert note.data["text"] == "Imported from BoardGameGeek play 1001. Close game."
    assert (finish.occurred_at - note.occurred_at).total_seconds() == 45 * 60

    assert plays["1002"].outcome["places"] == [1, 1, 3]  # a tie for first at 80
    assert plays["1002"].outcome["winners"] == [0, 1]
    assert plays["1003"].options["scoring"] == "lowest_wins"  # Bo won with 5 against 20
    assert plays["1003"].outcome["places"] == [2, 1]
    for copy in ("1004", "1004:2"):  # no scores: places from the win flags
        assert plays[copy].outcome["places"] == [1, 2] and plays[copy].status == Status.FINISHED
    assert plays["1005"].status == Status.ABANDONED  # incomplete
    assert plays["1005"].events.order_by("seq").last().type == "abandon"
    assert plays["1006"].rated is False and plays["1006"].outcome["winners"] == [1]  # nowinstats
    assert plays["1007"].outcome["cooperative"] is True and plays["1007"].outcome["winners"] == [0, 1, 2]
    # Ada won with 30 between 35 and 20: neither highest nor lowest wins, so places by the flags.
    assert plays["1008"].options["scoring"] == "places"
    assert plays["1008"].outcome["places"] == [1, 2, 2]
    refused = [p for p in imported.report["plays"] if p["action"] == "refused"]
    assert [p["source_id"] for p in refused] == ["1009"]
    assert "Ada is seated twice" in refused[0]["reason"] and "line 68" in refused[0]["reason"]


def test_a_bgstats_export_with_teams_cooperation_and_ignored_plays(club):
    imported = do_import(club, "bgstats_export.json")  # its plays come before its games and players
    assert imported.status == "done", imported.errors
    assert (imported.plays_found, imported.plays_created, imported.plays_refused) == (4, 4, 0)
    assert (imported.players_matched, imported.players_created) == (3, 1)  # Finn is new
    assert Player.objects.get(club=club["club"], display_name="Finn").bgg_username == "finn_plays"
    plays = imported_plays(club, "bgstats")

    codenames = plays["5b1d7a10-0001"]  # seatOrder 0..3, Ada starts: Ada, Cy, Bo, Finn
    assert seated(codenames) == ["Ada", "Cy", "Bo", "Finn"]
    assert [s.team for s in codenames.seats.order_by("position")] == ["Red", "Blue", "Red", "Blue"]
    assert codenames.outcome["places"] == [1, 3, 1, 3] and codenames.outcome["winners"] == [0, 2]
    assert codenames.location == "Café Meeple"

    pandemic = plays["5b1d7a10-0002"]
    assert pandemic.outcome["cooperative"] is True and pandemic.outcome["winners"] == []

    wingspan = plays["5b1d7a10-0003"]  # ignored in BG Stats: not rated; Bo and Cy tie at 92
    assert wingspan.rated is False
    assert wingspan.outcome["places"] == [3, 1, 1] and wingspan.outcome["scores"] == [87, 92, 92]

    ranked = plays["5b1d7a10-0004"]  # no points: by rank; Bo starts
    assert seated(ranked) == ["Bo", "Ada"] and ranked.outcome["places"] == [1, 2]


def test_players_are_matched_by_bgg_username_before_their_name(club):
    Player.objects.create(club=club["club"], display_name="Ada Lovelace", bgg_username="ADA_bgg")
    imported = do_import(club, "bgg_plays.xml")
    azul = imported_plays(club, "bgg")["1001"]
    assert seated(azul) == ["Bo", "Ada Lovelace", "Cy"]
    assert imported.players_created == 1  # Eve


def test_a_preview_writes_nothing_and_lists_what_it_would_do(club):
    before = (Play.objects.count(), Player.objects.count())
    imported = do_import(club, "bgg_plays.xml", dry_run=True)
    assert imported.status == "done"
    assert (Play.objects.count(), Player.objects.count()) == before
    assert (imported.plays_created, imported.plays_refused, imported.players_created) == (9, 1, 1)
    players = {p["name"]: (p["action"], p["player"]) for p in imported.report["players"]}
    ada = Player.objects.get(club=club["club"], display_name="Ada").pk
    assert players["Ada"] == ("matched", ada) and players["Eve"] == ("created", None)
    assert [p["action"] for p in imported.report["plays"]].count("created") == 9


def test_importing_the_same_file_twice_creates_nothing_the_second_time(club):
    do_import(club, "bgg_plays.xml")
    counts = (Play.objects.count(), Player.objects.count())
    again = do_import(club, "bgg_plays.xml")
    assert (again.plays_created, again.plays_skipped, again.plays_refused) == (0, 9, 1)
    assert (again.players_created, (Play.objects.count(), Player.objects.count())) == (0, counts)


@pytest.mark.parametrize(
    "name, message",
    [
        ("bgg_bomb.xml", "EntitiesForbidden(name='lol'"),
        ("bgg_truncated.xml", "no element found: line 19"),
        ("bgg_undated.xml", "play 2002 at line 7: date '' is not a date"),
    ],
)
def test_a_malformed_file_stores_nothing_and_says_where(club, name, message):
    before = (Play.objects.count(), Player.objects.count())
    imported = do_import(club, name)
    assert imported.status == "failed"
    assert len(imported.errors) == 1 and message in imported.errors[0]
    assert (Play.objects.count(), Player.objects.count()) == before
    assert imported.plays_created == 0


def test_a_truncated_bgstats_file_names_the_play_it_broke_in(club, tmp_path):
    whole = (FILES / "bgstats_export.json").read_bytes()
    broken = tmp_path / "broken.json"
    broken.write_bytes(whole[: whole.index(b'"5b1d7a10-0003"')])
    with open(broken, "rb") as raw:
        imported = start_import(club=club["club"], user=None, file=File(raw), name="broken.json", dry_run=False)
    imported = run_import(imported.pk)
    assert imported.status == "failed" and "plays[2]" in imported.errors[0], imported.errors
    assert not Play.objects.filter(source="bgstats").exists()


def test_an_unrated_play_changes_no_rating(club):
    do_import(club, "bgstats_export.json")
    plays = imported_plays(club, "bgstats")
    ignored, counted = plays["5b1d7a10-0003"], plays["5b1d7a10-0004"]
    analytics.project_plays(play_ids=[ignored.pk, counted.pk])
    assert PlayResult.objects.get(play=ignored).rated is False
    assert PlayResult.objects.get(play=counted).rated is True
    assert not RatingChange.objects.filter(play=ignored).exists()
    assert RatingChange.objects.filter(play=counted).exists()


def test_the_command_imports_with_a_progress_bar(club, capsys):
    call_command("import_plays", str(FILES / "bgg_plays.xml"), "--club", "public")
    out, err = capsys.readouterr()
    assert "plays created: 9" in out and "100%" in err
    call_command("import_plays", str(FILES / "bgstats_export.json"), "--club", "public", "--dry-run")
    out, _ = capsys.readouterr()
    assert '"action": "created"' in out and "plays created: 4" in out
    assert not Play.objects.filter(source="bgstats").exists()
    with pytest.raises(CommandError, match="EntitiesForbidden"):
        call_command("import_plays", str(FILES / "bgg_bomb.xml"), "--club", "public")


def big_bgg_file(path: Path, plays: int) -> None:
    with open(path, "w") as out:
        out.write('<?xml version="1.0" encoding="utf-8"?>\n<plays username="x" userid="1" total="0" page="1">\n')
        for n in range(plays):
            out.write(
                f'<play id="{n + 1}" date="2020-01-01" quantity="1" length="30" incomplete="0" nowinstats="0" '
                f'location="Somewhere rather long to fill the file"><item name="Azul" objecttype="thing" '
                f'objectid="230802"><subtypes><subtype value="boardgame" /></subtypes></item>'
                f"<comments>{'A fine evening. ' * 20}</comments><players>"
                '<player username="" userid="0" name="Ada" startposition="1" color="blue" score="61" new="0" '
                'rating="0" win="1" /><player username="" userid="0" name="Bo" startposition="2" color="red" '
                'score="48" new="0" rating="0" win="0" /></players></play>\n'
            )
        out.write("</plays>\n")


def test_a_50_mb_file_is_read_as_a_stream(tmp_path):
    path = tmp_path / "big.xml"
    big_bgg_file(path, 63_000)
    size = path.stat().st_size
    assert size > 50 * 1024 * 1024
    read = [0]
    tracemalloc.start()
    try:
        count = sum(1 for _ in read_plays(path, "bgg", lambda n: read.__setitem__(0, read[0] + n)))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert count == 63_000 and read[0] == size
    assert peak < 5 * 1024 * 1024, f"peak {peak:,} bytes for a file of {size:,}"


def test_an_upload_is_imported_by_a_real_worker(start_worker, club_setup, client_for, monkeypatch, media):
    monkeypatch.setenv("MEDIA_ROOT", str(media))
    setup = club_setup["private"]
    start_worker()
    with open(FILES / "bgg_plays.xml", "rb") as raw:
        response = client_for(setup["recorder"]).post(
            "/api/v1/clubs/private/imports/", {"file": raw, "dry_run": "false"}, format="multipart"
        )
    assert response.status_code == 202, response.content
    location = response["Location"]
    assert location.endswith(f"/api/v1/clubs/private/imports/{response.json()['id']}/")
    reader = client_for(setup["member"])
    wait_for(lambda: reader.get(location).json()["status"] == "done", "the worker to import")
    body = reader.get(location).json()
    assert (body["percentage"], body["plays_created"], body["plays_refused"]) == (100, 9, 1)
    assert Play.objects.filter(club=setup["club"], source="bgg").count() == 9
    assert client_for(setup["member"]).get("/api/v1/clubs/private/imports/").json()["count"] == 1
    assert client_for(club_setup["outsider"]).get(location).status_code == 404


def test_an_upload_over_the_limit_is_a_413(club, client_for, settings):
    settings.IMPORT_MAX_BYTES = 1000
    with open(FILES / "bgg_plays.xml", "rb") as raw:
        response = client_for(club["owner"]).post("/api/v1/clubs/public/imports/", {"file": raw}, format="multipart")
    assert response.status_code == 413 and "1,000 bytes" in response.json()["detail"]
    assert not Import.objects.exists()


def test_members_may_not_upload(club, client_for):
    with open(FILES / "bgg_plays.xml", "rb") as raw:
        response = client_for(club["member"]).post("/api/v1/clubs/public/imports/", {"file": raw}, format="multipart")
    assert response.status_code == 403


def test_a_players_bgg_username_is_set_through_the_api_once_per_club(club, client_for):
    """The username imports match by (any case) belongs to one player of the club: a second
    is a conflict with what is stored, and the first player keeps it."""
    recorder = client_for(club["recorder"])
    ada, bo = club["players"][:2]
    url = "/api/v1/clubs/{}/players/{}/"
    assert recorder.patch(url.format("public", ada.pk), {"bgg_username": "ada_bgg"}).json()["bgg_username"] == "ada_bgg"
    clash = recorder.patch(url.format("public", bo.pk), {"bgg_username": "ADA_BGG"})
    assert clash.status_code == 409 and "bgg_username" in clash.json()
    assert Player.objects.get(pk=bo.pk).bgg_username == ""
