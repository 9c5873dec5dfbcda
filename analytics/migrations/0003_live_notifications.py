"""PostgreSQL tells the club streams (analytics/live.py) when plays' results are projected:
``club:<id> projected <play>,<play>,...`` on the channel ``tablelog`` at commit, once per club
and statement; a statement of more than 100 results (a rebuild) names none: ``projected`` alone."""

from django.db import migrations

FORWARD = """
CREATE FUNCTION analytics_tell_results() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify(
        'tablelog',
        'club:' || club_id || ' projected'
            || CASE WHEN count(*) <= 100 THEN ' ' || string_agg(play_id::text, ',' ORDER BY play_id) ELSE '' END
    ) FROM added GROUP BY club_id;
    RETURN NULL;
END;
$$;
CREATE TRIGGER analytics_playresult_tell AFTER INSERT ON analytics_playresult
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION analytics_tell_results();
"""

BACKWARD = """
DROP TRIGGER analytics_playresult_tell ON analytics_playresult;
DROP FUNCTION analytics_tell_results();
"""


class Migration(migrations.Migration):
    dependencies = [("analytics", "0002_game_tally")]
    operations = [migrations.RunSQL(FORWARD, BACKWARD)]
