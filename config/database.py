"""The database's two roles, and migrations run as the one that owns the tables.

- The **owner** (``tablelog_owner``) owns every table and runs the migrations.
- The **service** (``tablelog_service``), which the web server and the workers connect as,
  is no superuser and owns nothing. It may read and write the derived tables, but on the
  event table only SELECT and INSERT: it cannot UPDATE, DELETE or TRUNCATE an event, ALTER
  the table, drop or disable its triggers, or set ``session_replication_role``.

``python -m config.database`` (``DATABASE_ADMIN_URL``: a user that may create roles and
databases) creates both roles and the database when they are missing, migrates as the owner,
and prints the service's URL. ``make run``, the tests and docker's ``migrate`` service do it.
Passwords come from ``TABLELOG_OWNER_PASSWORD`` / ``TABLELOG_SERVICE_PASSWORD`` where the
server asks for them.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote, urlsplit, urlunsplit

import psycopg
from psycopg import sql

OWNER = "tablelog_owner"
SERVICE = os.environ.get("DATABASE_SERVICE_ROLE", "tablelog_service")
ROOT = Path(__file__).resolve().parent.parent


#: The service's database, unless DATABASE_NAME names another.
NAME = os.environ.get("DATABASE_NAME", "tablelog")


def url_for(url: str, database: str, role: str | None = None, password: str | None = None) -> str:
    """``url`` pointed at another database, and signed in as another role where one is given."""
    parts = urlsplit(url)
    netloc = parts.netloc
    if role is not None:
        login = quote(role) + (f":{quote(password)}" if password else "")
        netloc = f"{login}@{netloc.rpartition('@')[2]}"
    return urlunsplit((parts.scheme, netloc, f"/{database}", parts.query, parts.fragment))


def ensure_roles(admin_url: str) -> None:
    """Create the owner and the service roles where they are missing (passwords kept in step).

    Roles are the cluster's, not a database's: processes doing this at once (the test suite's
    workers, each with a database of its own) take turns under an advisory lock, which lasts
    as long as the connection, on the one database they all connect to."""
    with psycopg.connect(url_for(admin_url, "postgres"), autocommit=True) as connection:
        connection.execute("SELECT pg_advisory_lock(hashtext('tablelog roles'))")
        for role, password in ((OWNER, _password("OWNER")), (SERVICE, _password("SERVICE"))):
            exists = connection.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", [role]).fetchone()
            verb = "ALTER" if exists else "CREATE"
            connection.execute(
                sql.SQL("{} ROLE {} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS PASSWORD {}").format(
                    sql.SQL(verb), sql.Identifier(role), sql.Literal(password)
                )
            )


def create(admin_url: str, database: str) -> str:
    """``database`` on the server of ``admin_url``, created if missing; its URL as the admin."""
    with psycopg.connect(url_for(admin_url, "postgres"), autocommit=True) as connection:
        if not connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", [database]).fetchone():
            connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(database)))
    return url_for(admin_url, database)


def prepare(admin_url: str, database: str, env: dict[str, str]) -> str:
    """Roles, the database (owned by the owner), migrations as the owner; the service's URL."""
    ensure_roles(admin_url)
    with psycopg.connect(create(admin_url, database), autocommit=True) as connection:
        connection.execute(
            sql.SQL("ALTER DATABASE {} OWNER TO {}").format(sql.Identifier(database), sql.Identifier(OWNER))
        )
        connection.execute(sql.SQL("ALTER SCHEMA public OWNER TO {}").format(sql.Identifier(OWNER)))
    owner_url = url_for(admin_url, database, OWNER, _password("OWNER"))
    migrate = [sys.executable, "manage.py", "migrate", "--no-input", "-v", "0"]
    subprocess.run(migrate, cwd=ROOT, env=dict(env, DATABASE_URL=owner_url), check=True)
    return url_for(admin_url, database, SERVICE, _password("SERVICE"))


def grant(connection) -> None:
    """What the service may do, granted after every migration (``post_migrate``): everything
    on the derived tables, only SELECT and INSERT on the event table."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", [SERVICE])
        if cursor.fetchone() is None or connection.get_connection_params().get("user") == SERVICE:
            return
        role = connection.ops.quote_name(SERVICE)
        cursor.execute(f"GRANT USAGE ON SCHEMA public TO {role}")
        cursor.execute(f"GRANT SELECT, INSERT, UPDATE, DELETE, TRUNCATE ON ALL TABLES IN SCHEMA public TO {role}")
        cursor.execute(f"GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO {role}")
        cursor.execute(f"REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON records_event FROM {role}")


def _password(which: str) -> str:
    return os.environ.get(f"TABLELOG_{which}_PASSWORD", f"tablelog-{which.lower()}")


if __name__ == "__main__":
    print(prepare(os.environ["DATABASE_ADMIN_URL"], NAME, dict(os.environ)))
