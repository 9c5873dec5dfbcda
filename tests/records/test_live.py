"""Live streams (#20), with a real ASGI server process: the web server as docker runs it
(gunicorn with a uvicorn worker, tests/workers.py), on the test database, whose triggers tell
it what commits. The readers are real HTTP clients (httpx); the appender posts to the same
server, or commits through the services in this process: either way PostgreSQL tells.

What a message must hold comes from the API's own answers, which the rest of the suite checks
against the rulebooks and the hiding rules: each streamed event is the event list's for that
reader, and each view is ``state/?at=seq`` for that reader. The server's heartbeat is one
second (tests/conftest.py), so a quiet stream shows it within the bound.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import httpx
import pytest
from rest_framework.authtoken.models import Token

from analytics import services as analytics
from records import live, services
from records.models import Membership, Play
from tests.factories import new_play
from tests.records.test_hidden_information import shortest_playthrough

BOUND = 30  # seconds a read may wait before the test fails


@pytest.fixture(scope="module")
def server(asgi_server) -> str:
    return asgi_server


@dataclass
class Message:
    """One Server-Sent Event: its fields, and the comments (heartbeats) read before it."""

    id: str | None = None
    event: str = "message"
    data: str = ""
    retry: str | None = None
    comments: list[str] = field(default_factory=list)

    def json(self):
        return json.loads(self.data)


class Reader:
    """A client reading a stream, message by message."""

    def __init__(self, response: httpx.Response):
        self.response = response
        self.lines = response.iter_lines()

    def message(self) -> Message | None:
        """The next message, or heartbeat (a message of comments only); None once the server
        ends the stream."""
        message = Message()
        for line in self.lines:
            if line == "":
                if message != Message():
                    return message
                continue
            name, _, value = line.partition(":")
            value = value.removeprefix(" ")
            if name == "":
                message.comments.append(value)
            elif name == "data":
                message.data += value
            else:
                setattr(message, name, value)
        return None

    def event(self) -> Message | None:
        """The next message that is not a heartbeat."""
        while (message := self.message()) is not None and message.data == "" and message.event == "message":
            pass
        return message

    def events(self, count: int) -> list[Message]:
        return [self.event() for _ in range(count)]


@contextmanager
def stream(url: str, token: str | None = None, **headers: str) -> Iterator[Reader]:
    """A stream, once the server listens for it: its first message (``retry``) is read."""
    if token is not None:
        headers["Authorization"] = f"Token {token}"
    with httpx.Client(timeout=BOUND) as client, client.stream("GET", url, headers=headers) as response:
        reader = Reader(response)
        if response.status_code == 200 and response.headers["content-type"].startswith("text/event-stream"):
            assert reader.message().retry == "2000"
        yield reader


def token(user) -> str:
    return Token.objects.get_or_create(user=user)[0].key


def post(server: str, play: Play, body, user) -> httpx.Response:
    answer = httpx.post(
        f"{server}/api/v1/plays/{play.pk}/events/",
        json=body,
        headers={"Authorization": f"Token {token(user)}"},
        timeout=BOUND,
    )
    assert answer.status_code == 201, answer.text
    return answer


def api(server: str, path: str, user=None):
    headers = {} if user is None else {"Authorization": f"Token {token(user)}"}
    answer = httpx.get(f"{server}/api/v1/{path}", headers=headers, timeout=BOUND)
    assert answer.status_code == 200, answer.text
    return answer.json()


def scored(seat: int, points: int) -> dict:
    return {"type": "score", "seat": seat, "data": {"points": points}}


def test_two_readers_get_every_event_once_in_order_as_it_commits(server, committed_db, club_setup):
    """Both readers subscribe before the first append; a single event, a batch of three and
    one more follow. Each reader gets seqs 1..5, once each and in order, each with its
    sentence and the running scores (counted by hand: 3, 3+4, ...), then only heartbeats."""
    club = club_setup["public"]
    play = new_play(club["club"], club["players"][:2])
    url = f"{server}/api/v1/plays/{play.pk}/stream/"
    with stream(url) as spectator, stream(url, token(club["member"])) as member:
        post(server, play, scored(0, 3), club["recorder"])
        post(server, play, [scored(1, 4), scored(0, 5), scored(1, -2)], club["recorder"])
        post(server, play, scored(0, 1), club["recorder"])
        for reader in (spectator, member):
            messages = reader.events(5)
            assert [m.id for m in messages] == ["1", "2", "3", "4", "5"]
            told = [m.json() for m in messages]
            assert [t["event"]["seq"] for t in told] == [1, 2, 3, 4, 5]
            assert [t["view"]["scores"] for t in told] == [[3, 0], [3, 4], [8, 4], [8, 2], [9, 2]]
            assert told[0]["event"]["text"] == "Ada scores 3 points."
            assert told[3]["event"]["text"] == "Bo loses 2 points."
            assert reader.message().comments == ["heartbeat"]  # nothing more is appended
    listed = api(server, f"plays/{play.pk}/events/")["results"]
    assert [t["event"] for t in told] == listed  # the stream tells what the event list tells


def test_a_quiet_stream_sends_heartbeats(server, committed_db, club_setup):
    club = club_setup["public"]
    play = new_play(club["club"], club["players"][:2])
    with stream(f"{server}/api/v1/plays/{play.pk}/stream/") as reader:
        post(server, play, scored(0, 3), club["recorder"])
        assert reader.message().id == "1"
        assert reader.message() == Message(comments=["heartbeat"])  # a second later


def test_a_reader_who_reconnects_with_last_event_id_gets_exactly_what_it_missed(server, committed_db, club_setup):
    club = club_setup["public"]
    play = new_play(club["club"], club["players"][:2])
    url = f"{server}/api/v1/plays/{play.pk}/stream/"
    with stream(url) as reader:
        post(server, play, [scored(0, 1), scored(1, 2)], club["recorder"])
        assert [m.id for m in reader.events(2)] == ["1", "2"]
    post(server, play, [scored(0, 3), scored(1, 4), scored(0, 5)], club["recorder"])  # while away
    with stream(url, **{"Last-Event-ID": "2"}) as reader:
        post(server, play, scored(1, 6), club["recorder"])
        messages = reader.events(4)
        assert [m.id for m in messages] == ["3", "4", "5", "6"]
        assert messages[-1].json()["view"]["scores"] == [9, 12]
    with stream(f"{url}?after=5") as reader:  # a first connection says where to start with ?after=
        assert reader.event().id == "6"


def test_each_seat_sees_the_stream_with_its_own_eyes(server, committed_db, club_setup):
    """A Vasa Regalis play in progress, whose hands are secret (rulebook section 2): each
    message for seat 0, seat 1 and a spectator equals that reader's event list entry and
    ``state/?at=seq&seat=``, the one redaction path the hidden-information tests check."""
    club = club_setup["public"]
    playthrough = shortest_playthrough("vasa_regalis")
    players = club["players"][: len(playthrough.seats)]
    users = [club["member"], club["owner"]]
    for player, user in zip(players, users, strict=False):
        player.user = user
        player.save()
    play = services.create_play(
        club=club["club"],
        game="vasa_regalis",
        seats=[services.SeatSpec(p, s.colour, s.team) for p, s in zip(players, playthrough.seats, strict=True)],
        options=playthrough.options,
        mode="strict",
        user=club["recorder"],
    )
    moves = [{"type": e["type"], "seat": e.get("seat"), "data": e.get("data", {})} for e in playthrough.events[:12]]
    url = f"{server}/api/v1/plays/{play.pk}/stream/"
    readers = [(None, None), (users[0], 0)]
    with stream(url) as spectator, stream(f"{url}?seat=0", token(users[0])) as seat0:
        post(server, play, moves, club["recorder"])
        for (user, seat), reader in zip(readers, (spectator, seat0), strict=True):
            told = [m.json() for m in reader.events(len(moves))]
            eyes = "" if seat is None else f"&seat={seat}"
            listed = api(server, f"plays/{play.pk}/events/?limit=100{eyes}", user)["results"]
            assert [t["event"] for t in told] == listed
            for t in told:
                seq = t["event"]["seq"]
                assert t["view"] == api(server, f"plays/{play.pk}/state/?at={seq}{eyes}", user)["view"]
    assert told[-1]["view"] != api(server, f"plays/{play.pk}/state/", club["recorder"])["view"]  # a hand kept


def test_who_may_not_read_a_play_may_not_follow_it(server, committed_db, club_setup):
    club = club_setup["private"]
    play = new_play(club["club"], club["players"][:2])
    url = f"{server}/api/v1/plays/{play.pk}/stream/"
    for who in (None, club_setup["outsider"]):
        with stream(url, None if who is None else token(who)) as reader:
            assert reader.response.status_code == 404
            reader.response.read()
            assert reader.response.json()["detail"]
    with stream(f"{url}?seat=1", token(club["member"])) as reader:  # not their seat
        assert reader.response.status_code == 403
    with stream(f"{server}/api/v1/clubs/{club['club'].slug}/stream/", token(club_setup["outsider"])) as reader:
        assert reader.response.status_code == 404
    with stream(url, token(club["member"]), **{"Last-Event-ID": "soon"}) as reader:
        assert reader.response.status_code == 400
        reader.response.read()
        assert "Last-Event-ID" in reader.response.json()


def test_a_reader_whose_access_is_revoked_is_cut_off(server, committed_db, club_setup):
    club = club_setup["private"]
    play = new_play(club["club"], club["players"][:2])
    with stream(f"{server}/api/v1/plays/{play.pk}/stream/", token(club["member"])) as reader:
        post(server, play, scored(0, 3), club["recorder"])
        assert reader.event().id == "1"
        Membership.objects.filter(club=club["club"], user=club["member"]).delete()
        ending = reader.event()
        assert ending.event == "refused"
        assert "no longer" in ending.json()["detail"]
        assert reader.event() is None  # the server ended the stream


def test_a_reader_whose_eyes_change_is_asked_to_reconnect_and_then_reads_with_the_new_ones(
    server, committed_db, club_setup
):
    """A spectator reads a play with no secret shown; when it ends, the table turns its
    cards over (README, "Hidden information"): the stream asks them to reconnect before it
    tells the last move, and the reconnected stream tells it, with the arbiter's eyes."""
    club = club_setup["public"]
    play = new_play(club["club"], club["players"][:2])
    url = f"{server}/api/v1/plays/{play.pk}/stream/"
    with stream(url) as reader:
        post(server, play, scored(0, 3), club["recorder"])
        assert reader.event().id == "1"
        post(server, play, {"type": "finish", "data": {}}, club["recorder"])
        assert reader.event().event == "reconnect"
        assert reader.event() is None
    with stream(url, **{"Last-Event-ID": "1"}) as reader:
        finish = reader.event()
        assert finish.id == "2"
        assert finish.json()["view"]["outcome"]["winners"] == [0]


def test_ndjson_follow_goes_on_with_each_event_as_it_commits(server, committed_db, club_setup):
    club = club_setup["public"]
    play = new_play(club["club"], club["players"][:2])
    post(server, play, scored(0, 3), club["recorder"])
    url = f"{server}/api/v1/plays/{play.pk}/events/?format=ndjson&follow=1"
    with httpx.Client(timeout=BOUND) as client, client.stream("GET", url) as response:
        assert response.headers["content-type"] == "application/x-ndjson"
        lines = (line for line in response.iter_lines() if line)
        assert json.loads(next(lines))["seq"] == 1
        post(server, play, scored(1, 4), club["recorder"])
        assert json.loads(next(lines))["text"] == "Bo scores 4 points."


def test_the_club_stream_tells_plays_started_and_finished_and_their_results_once_projected(
    server, committed_db, club_setup
):
    club = club_setup["public"]
    with stream(f"{server}/api/v1/clubs/{club['club'].slug}/stream/") as reader:
        play = new_play(club["club"], club["players"][:2])
        started = reader.event()
        assert started.event == "play"
        assert started.json()["id"] == play.pk
        assert started.json()["status"] == "in_progress"
        post(server, play, [scored(0, 3), scored(1, 5), {"type": "finish", "data": {}}], club["recorder"])
        finished = reader.event()
        assert (finished.event, finished.json()["status"]) == ("play", "finished")
        assert finished.json()["outcome"]["winners"] == [1]
        analytics.project_pending()
        projected = reader.event()
        assert projected.event == "results"
        (result,) = projected.json()["results"]
        assert result["play"] == play.pk
        assert [(s["seat"], s["place"], s["score"]) for s in result["seats"]] == [(0, 2, 3), (1, 1, 5)]
        assert {c["player"] for c in result["ratings"]} == {p.pk for p in club["players"][:2]}


def test_a_wsgi_server_refuses_live_streams_with_a_json_503(client, db, club_setup):
    club = club_setup["public"]
    play = new_play(club["club"], club["players"][:2])
    for path in (f"plays/{play.pk}/stream/", f"plays/{play.pk}/events/?format=ndjson&follow=1"):
        answer = client.get(f"/api/v1/{path}")
        assert answer.status_code == 503
        assert "ASGI" in answer.json()["detail"]


def test_a_mailbox_that_overflows_says_so_instead_of_losing_news_silently():
    """A reader too busy to take its news keeps MAILBOX_SIZE of them, then DROPPED: on it a
    stream reads everything again from the database and checks the reader's access."""

    async def overflowing():
        box = live.Mailbox()
        for seq in range(live.MAILBOX_SIZE + 5):
            box.put("play:1", str(seq))
        return await box.take(1), await box.take(0.01)

    news, then = asyncio.run(overflowing())
    assert len(news) == live.MAILBOX_SIZE + 1
    assert news[-1] == live.DROPPED
    assert then is None  # taken once; nothing arrived since
