"""The rating history is kept in the club's scopes only: a player's global changes repeated
their club's, row for row (players belong to one club). The global current ratings stay."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("analytics", "0005_one_index_each"),
        ("records", "0007_live_notifications"),
    ]

    operations = [
        migrations.RunSQL("DELETE FROM analytics_ratingchange WHERE club_id IS NULL", migrations.RunSQL.noop),
        migrations.AlterField(
            model_name="ratingchange",
            name="club",
            field=models.ForeignKey(
                db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name="+", to="records.club"
            ),
        ),
        migrations.RemoveConstraint(model_name="ratingchange", name="one_change_per_play"),
        migrations.AddConstraint(
            model_name="ratingchange",
            constraint=models.UniqueConstraint(fields=("club", "game", "player", "play"), name="one_change_per_play"),
        ),
    ]
