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
