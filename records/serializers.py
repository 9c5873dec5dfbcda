"""Shapes in and out of the records API. Validation of shape only; rules live in engines."""

from __future__ import annotations

from django.contrib.auth.models import User
from jsonschema import Draft202012Validator
from rest_framework import serializers

from games import registry
from records import storable
from records.models import Club, Event, Membership, Mode, Play, Player, PlaySeat
from records.replay import as_move


class ClubSerializer(serializers.ModelSerializer):
    class Meta:
        model = Club
        fields = ["name", "slug", "is_public", "keeps_secrets", "created_at"]
        read_only_fields = ["created_at"]


class MembershipSerializer(serializers.ModelSerializer):
    """A person's role in a club. The person is fixed once the membership exists: giving it to
    someone else would be removing one member and adding another, so an update may repeat the
    username but not change it. The writes themselves are :mod:`records.memberships`'s."""

    username = serializers.SlugRelatedField(source="user", slug_field="username", queryset=User.objects.all())

    class Meta:
        model = Membership
        fields = ["id", "username", "role"]

    def validate_username(self, user: User) -> User:
        if self.instance is not None and user != self.instance.user:
            raise serializers.ValidationError(
                f"This membership is {self.instance.user.username}'s: remove it and add {user.username} instead."
            )
        return user


class PlayerSerializer(serializers.ModelSerializer):
    username = serializers.SlugRelatedField(
        source="user", slug_field="username", queryset=User.objects.all(), required=False, allow_null=True
    )

    class Meta:
        model = Player
        fields = ["id", "display_name", "username", "created_at"]
        read_only_fields = ["created_at"]

    def validate_display_name(self, name: str) -> str:
        club = self.context["club"]
        clash = Player.objects.filter(club=club, display_name=name)
        if self.instance is not None:
            clash = clash.exclude(pk=self.instance.pk)
        if clash.exists():
            raise serializers.ValidationError(f"{club.slug} has a player called {name!r} already.")
        return name


class SeatSerializer(serializers.ModelSerializer):
    player = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all())
    player_name = serializers.CharField(source="player.display_name", read_only=True)

    class Meta:
        model = PlaySeat
        fields = ["position", "player", "player_name", "colour", "team"]
        read_only_fields = ["position"]


class PlaySerializer(serializers.ModelSerializer):
    club = serializers.SlugRelatedField(slug_field="slug", queryset=Club.objects.all())
    game = serializers.ChoiceField(choices=[])
    seats = SeatSerializer(many=True)
    mode = serializers.ChoiceField(choices=Mode.choices, default=Mode.STRICT)

    class Meta:
        model = Play
        fields = [
            "id",
            "club",
            "game",
            "edition",
            "options",
            "mode",
            "played_on",
            "location",
            "seats",
            "status",
            "last_seq",
            "outcome",
            "created_at",
        ]
        read_only_fields = ["status", "last_seq", "outcome", "created_at"]
        extra_kwargs = {"played_on": {"required": False}}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = list(registry.engines())

    def validate(self, attrs):
        engine = registry.get(attrs["game"])
        seats = attrs["seats"]
        if not engine.min_players <= len(seats) <= engine.max_players:
            raise serializers.ValidationError(
                {
                    "seats": [
                        f"{engine.title} takes {engine.min_players} to {engine.max_players} seats, not {len(seats)}."
                    ]
                }
            )
        players = [seat["player"] for seat in seats]
        if any(player.club_id != attrs["club"].pk for player in players):
            raise serializers.ValidationError({"seats": ["Every seated player must be a player of the play's club."]})
        if len(set(players)) != len(players):
            raise serializers.ValidationError({"seats": ["A player takes one seat only."]})
        option_errors = {
            "options." + ".".join(map(str, e.absolute_path)) if e.absolute_path else "options": e.message
            for e in Draft202012Validator(engine.options_schema).iter_errors(attrs.get("options", {}))
        }
        option_errors.update(storable.problems(attrs.get("options", {}), "options"))
        if option_errors:
            raise serializers.ValidationError(option_errors)
        return attrs


class EventSerializer(serializers.ModelSerializer):
    """An event as its reader may see it: the data passes through the engine's secrets for
    the reader (context: ``engine`` and ``viewer``, from :func:`records.selectors.viewer_of`)."""

    recorded_by = serializers.SlugRelatedField(slug_field="username", read_only=True)

    class Meta:
        model = Event
        fields = [
            "seq",
            "position",
            "type",
            "seat",
            "data",
            "occurred_at",
            "recorded_at",
            "recorded_by",
            "idempotency_key",
            "schema_version",
            "prev_hash",
            "hash",
        ]

    def to_representation(self, event: Event) -> dict:
        shown = super().to_representation(event)
        shown["data"] = self.context["engine"].seen_data(as_move(event), self.context["viewer"])
        return shown


class NewEventSerializer(serializers.Serializer):
    type = serializers.CharField(max_length=50)
    seat = serializers.IntegerField(min_value=0, max_value=1000, required=False, allow_null=True, default=None)
    data = serializers.DictField(required=False, default=dict)
    expected_seq = serializers.IntegerField(min_value=0, required=False, allow_null=True, default=None)
    occurred_at = serializers.DateTimeField(required=False, allow_null=True, default=None)

    def validate(self, attrs: dict) -> dict:
        unstorable = storable.problems(attrs["data"], "data")
        if unstorable:
            raise serializers.ValidationError(unstorable)
        return attrs
