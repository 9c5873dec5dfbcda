"""PostgreSQL tells the live streams what committed (records/live.py): each notification on the
channel ``tablelog`` is ``<topic> <news>``, delivered when its transaction commits.

- ``play:<id> <seq>``: events were appended to a play, up to ``seq``. One statement-level
  trigger: an append of a batch of 10,000 events tells once.
- ``club:<id> started <play>`` and ``club:<id> <status> <play>``: a play began or ended.
- ``access:<id>``: who may read what in a club may have changed (a membership, the club's
  privacy, a player's account, a play's status: the table turns its cards over at the end).
  Each stream in that club checks its reader again.
"""

from django.db import migrations

FORWARD = """
CREATE FUNCTION records_tell_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('tablelog', 'play:' || play_id || ' ' || max(seq)) FROM added GROUP BY play_id;
    RETURN NULL;
END;
$$;
CREATE TRIGGER records_event_tell AFTER INSERT ON records_event
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION records_tell_events();

CREATE FUNCTION records_tell_play() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM pg_notify('tablelog', 'club:' || NEW.club_id || ' started ' || NEW.id);
    ELSE
        PERFORM pg_notify('tablelog', 'club:' || NEW.club_id || ' ' || NEW.status || ' ' || NEW.id);
        PERFORM pg_notify('tablelog', 'access:' || NEW.club_id);
    END IF;
    RETURN NULL;
END;
$$;
CREATE TRIGGER records_play_tell_start AFTER INSERT ON records_play
    FOR EACH ROW EXECUTE FUNCTION records_tell_play();
CREATE TRIGGER records_play_tell_status AFTER UPDATE ON records_play
    FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION records_tell_play();

CREATE FUNCTION records_tell_access() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_TABLE_NAME = 'records_club' THEN  -- a branch not taken is never read: OLD has no club_id there
        PERFORM pg_notify('tablelog', 'access:' || OLD.id);
    ELSE
        PERFORM pg_notify('tablelog', 'access:' || OLD.club_id);
    END IF;
    RETURN NULL;
END;
$$;
CREATE TRIGGER records_membership_tell AFTER UPDATE OR DELETE ON records_membership
    FOR EACH ROW EXECUTE FUNCTION records_tell_access();
CREATE TRIGGER records_club_tell AFTER UPDATE ON records_club
    FOR EACH ROW WHEN (OLD.is_public IS DISTINCT FROM NEW.is_public OR OLD.keeps_secrets IS DISTINCT FROM NEW.keeps_secrets)
    EXECUTE FUNCTION records_tell_access();
CREATE TRIGGER records_player_tell AFTER UPDATE ON records_player
    FOR EACH ROW WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id) EXECUTE FUNCTION records_tell_access();
"""

BACKWARD = """
DROP TRIGGER records_player_tell ON records_player;
DROP TRIGGER records_club_tell ON records_club;
DROP TRIGGER records_membership_tell ON records_membership;
DROP FUNCTION records_tell_access();
DROP TRIGGER records_play_tell_status ON records_play;
DROP TRIGGER records_play_tell_start ON records_play;
DROP FUNCTION records_tell_play();
DROP TRIGGER records_event_tell ON records_event;
DROP FUNCTION records_tell_events();
"""


class Migration(migrations.Migration):
    dependencies = [("records", "0006_invitation")]
    operations = [migrations.RunSQL(FORWARD, BACKWARD)]
