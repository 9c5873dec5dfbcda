"""With nothing installed, Tablelog runs on an embedded PostgreSQL and Redis whose data
lives in a local folder and survives a restart."""

import psycopg
import pytest
import redis

from config import embedded


def test_embedded_postgres_starts_in_the_data_folder(tmp_path, monkeypatch):
    monkeypatch.setattr(embedded, "DATA_DIR", tmp_path)
    url = embedded.database_url()
    try:
        with psycopg.connect(url) as connection:
            assert connection.execute("SELECT 1 + 1").fetchone() == (2,)
        assert (tmp_path / "pg" / "PG_VERSION").exists()
    finally:
        embedded.stop(["postgresql"])
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(url, connect_timeout=2)


def test_embedded_redis_keeps_its_data_across_a_restart(tmp_path, monkeypatch):
    monkeypatch.setattr(embedded, "DATA_DIR", tmp_path)
    url = embedded.redis_url()
    client = redis.Redis.from_url(url.replace("redis+socket://", "unix://"))
    try:
        client.set("tablelog", "kept")
        client.shutdown(save=True)
        again = redis.Redis.from_url(embedded.redis_url().replace("redis+socket://", "unix://"))
        assert again.get("tablelog") == b"kept"
    finally:
        embedded.stop(["redis"])
