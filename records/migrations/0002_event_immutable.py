"""The event table refuses UPDATE, DELETE and TRUNCATE, whoever asks and however."""

from django.db import migrations

FORWARD = """
CREATE FUNCTION records_event_is_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'records_event is append-only: % is not allowed', TG_OP
        USING ERRCODE = 'insufficient_privilege',
              HINT = 'Record a correction event instead.';
END;
$$;
CREATE TRIGGER records_event_no_update BEFORE UPDATE ON records_event
    FOR EACH ROW EXECUTE FUNCTION records_event_is_immutable();
CREATE TRIGGER records_event_no_delete BEFORE DELETE ON records_event
    FOR EACH ROW EXECUTE FUNCTION records_event_is_immutable();
CREATE TRIGGER records_event_no_truncate BEFORE TRUNCATE ON records_event
    FOR EACH STATEMENT EXECUTE FUNCTION records_event_is_immutable();
"""

BACKWARD = """
DROP TRIGGER records_event_no_truncate ON records_event;
DROP TRIGGER records_event_no_delete ON records_event;
DROP TRIGGER records_event_no_update ON records_event;
DROP FUNCTION records_event_is_immutable();
"""


class Migration(migrations.Migration):
    dependencies = [("records", "0001_initial")]
    operations = [migrations.RunSQL(FORWARD, BACKWARD)]
