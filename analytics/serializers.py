from rest_framework import serializers

from analytics.models import Rating, RatingChange


class RatingSerializer(serializers.ModelSerializer):
    player = serializers.IntegerField(source="player_id")
    player_name = serializers.CharField(source="player.display_name")
    club = serializers.CharField(source="player.club.slug")

    class Meta:
        model = Rating
        fields = ["player", "player_name", "club", "mu", "sigma", "conservative", "plays", "last_played_on"]


class CurrentRatingSerializer(serializers.ModelSerializer):
    class Meta:
        model = Rating
        fields = ["mu", "sigma", "conservative", "plays", "last_played_on"]


class RatingChangeSerializer(serializers.ModelSerializer):
    class Meta:
        model = RatingChange
        fields = ["play", "played_on", "finished_position", "mu_before", "sigma_before", "mu_after", "sigma_after"]


# The statistics answers, documented for the schema (the selectors build them).


class PlayerRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    club = serializers.CharField()


class RecordSerializer(serializers.Serializer):
    plays = serializers.IntegerField()
    wins = serializers.IntegerField()
    win_rate = serializers.FloatField(allow_null=True, help_text="wins / plays; null without plays.")


class RivalSerializer(PlayerRefSerializer):
    beat_you = serializers.IntegerField()
    you_beat = serializers.IntegerField()


class PlayerStatsSerializer(RecordSerializer):
    as_of = serializers.IntegerField(help_text="Every event at or below this position is projected.")
    player = PlayerRefSerializer()
    by_game = serializers.ListField(
        child=serializers.DictField(), help_text="game, plays, wins, average and best score."
    )
    by_player_count = serializers.ListField(child=serializers.DictField(), help_text="player_count with a record.")
    by_seat = serializers.ListField(child=serializers.DictField(), help_text="seat with a record.")
    streaks = serializers.DictField(child=serializers.IntegerField(), help_text="current and longest run of wins.")
    h_index = serializers.IntegerField()
    nemesis = RivalSerializer(allow_null=True)
    minion = RivalSerializer(allow_null=True)
    cooperative = RecordSerializer()


class HeadToHeadSerializer(serializers.Serializer):
    as_of = serializers.IntegerField(help_text="Every event at or below this position is projected.")
    player = PlayerRefSerializer()
    other = PlayerRefSerializer()
    plays = serializers.IntegerField()
    player_ahead = serializers.IntegerField()
    other_ahead = serializers.IntegerField()
    tied = serializers.IntegerField()
    cooperative_plays = serializers.IntegerField()
    cooperative_wins = serializers.IntegerField()
    by_game = serializers.ListField(child=serializers.DictField(), help_text="The same counts, game by game.")


class GameStatsSerializer(serializers.Serializer):
    as_of = serializers.IntegerField(help_text="Every event at or below this position is projected.")
    game = serializers.CharField()
    club = serializers.CharField(allow_null=True)
    plays = serializers.IntegerField()
    cooperative = RecordSerializer()
    player_counts = serializers.ListField(child=serializers.DictField())
    seat_advantage = serializers.ListField(child=serializers.DictField())
    scores = serializers.DictField(help_text="count, min, max, mean, median and a histogram.")
    average_length_seconds = serializers.FloatField(allow_null=True)
    end_reasons = serializers.ListField(child=serializers.DictField())
    champions = serializers.JSONField(allow_null=True, help_text="With ?club=: its best players of the game.")
