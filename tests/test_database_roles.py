"""The service's own database role cannot change history, whatever it tries: it is no
superuser, owns nothing, and may only SELECT and INSERT on the event table."""

import psycopg
import pytest
from django.db import connection

from config import database

ATTEMPTS = [
    "UPDATE records_event SET data = '{}'",
    "DELETE FROM records_event",
    "TRUNCATE records_event CASCADE",
    "ALTER TABLE records_event DISABLE TRIGGER USER",
    "ALTER TABLE records_event DISABLE TRIGGER records_event_no_update",
    "DROP TRIGGER records_event_no_update ON records_event",
    "SET session_replication_role = replica",
    "ALTER TABLE records_event OWNER TO tablelog_service",
    "CREATE OR REPLACE FUNCTION records_event_is_immutable() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$",
    "ALTER ROLE tablelog_service SUPERUSER",
    "CREATE TRIGGER sneak BEFORE INSERT ON records_event FOR EACH ROW EXECUTE FUNCTION records_event_is_immutable()",
]


@pytest.fixture
def as_service(db):
    params = connection.get_connection_params()
    with psycopg.connect(
        host=params.get("host"),
        port=params.get("port"),
        dbname=params["dbname"],
        user=database.SERVICE,
        password=database._password("SERVICE"),
        autocommit=True,
    ) as service:
        yield service


@pytest.mark.parametrize("statement", ATTEMPTS)
def test_the_service_role_is_refused(as_service, statement):
    with pytest.raises(psycopg.errors.InsufficientPrivilege):
        as_service.execute(statement)


def test_a_grant_to_itself_changes_nothing(as_service):
    as_service.execute("GRANT UPDATE, DELETE ON records_event TO tablelog_service")  # a warning, no grant
    with pytest.raises(psycopg.errors.InsufficientPrivilege):
        as_service.execute("UPDATE records_event SET data = '{}'")


def test_the_service_role_reads_and_appends_but_owns_nothing(as_service):
    role = as_service.execute("SELECT rolsuper, rolcreaterole, rolbypassrls FROM pg_roles WHERE rolname = current_user")
    assert role.fetchone() == (False, False, False)
    privileges = as_service.execute(
        "SELECT has_table_privilege('records_event', p) FROM unnest(ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'TRIGGER']) p"
    )
    assert [row[0] for row in privileges] == [True, True, False, False, False, False]
    owned = as_service.execute("SELECT count(*) FROM pg_tables WHERE tableowner = current_user").fetchone()[0]
    assert owned == 0
    assert as_service.execute("SELECT count(*) FROM records_event").fetchone() is not None
    assert as_service.execute("SELECT has_table_privilege('records_play', 'UPDATE')").fetchone() == (True,)
