"""Sign-in is throttled: wrong passwords for one account from one address end in a 429 with
Retry-After, and the right password is refused too until the cool-off ends."""

from django.conf import settings


def test_repeated_wrong_passwords_are_refused_with_429_and_retry_after(client_for, make_user):
    make_user("astrid")
    client = client_for(None)
    statuses = [
        client.post("/api/v1/auth/token/", {"username": "astrid", "password": "wrong"}).status_code
        for _ in range(settings.AXES_FAILURE_LIMIT + 2)
    ]
    assert statuses[: settings.AXES_FAILURE_LIMIT - 1] == [401] * (settings.AXES_FAILURE_LIMIT - 1)
    assert statuses[-1] == 429
    locked = client.post("/api/v1/auth/token/", {"username": "astrid", "password": "astrid-password"})
    assert locked.status_code == 429
    assert int(locked["Retry-After"]) == settings.AXES_COOLOFF_TIME.total_seconds()
    assert locked.json()["detail"].startswith("Too many failed sign-ins")


def test_a_right_password_before_the_limit_signs_in(client_for, make_user):
    make_user("bengt")
    client = client_for(None)
    for _ in range(3):
        client.post("/api/v1/auth/token/", {"username": "bengt", "password": "wrong"})
    assert client.post("/api/v1/auth/token/", {"username": "bengt", "password": "bengt-password"}).status_code == 200
