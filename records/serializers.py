"""Shapes in and out of the records API. Validation of shape only; rules live in engines."""

from __future__ import annotations

import copy

from django.contrib.auth.models import User
from drf_spectacular.utils import extend_schema_field
from jsonschema import Draft202012Validator
from rest_framework import serializers

from games import registry
from records import selectors, storable
from records.models import Club, Event, Import, ImportSource, Membership, Mode, Play, Player, PlaySeat, Status
from records.replay import as_move

#: The JSON type each kind of field takes, checked before DRF would coerce (a number given
#: for a name, "yes" for a boolean): first match wins, so the subclasses come first.
_JSON_TYPES = [
    (serializers.BooleanField, (bool,), "true or false"),
    (serializers.IntegerField, (int,), "a whole number"),
    (serializers.PrimaryKeyRelatedField, (int,), "a whole number (an id)"),
    ((serializers.FloatField, serializers.DecimalField), (int, float), "a number"),
    (
        (serializers.CharField, serializers.ChoiceField, serializers.DateField, serializers.DateTimeField),
        (str,),
        "text",
    ),
    (serializers.SlugRelatedField, (str,), "text"),
    ((serializers.ListField, serializers.ListSerializer), (list,), "a list"),
    ((serializers.DictField, serializers.Serializer), (dict,), "an object"),
]


class Strict:
    """A serializer mixin: each field's value must already be of its JSON type. DRF would take
    ``"name": 0`` as the text "0" and ``"is_public": "no"`` as false; the schema promises
    otherwise, so such a value is a 400 naming the field."""

    def to_internal_value(self, data):
        if isinstance(data, dict):
            errors = {}
            for field in self._writable_fields:
                value = data.get(field.field_name)
                expected = _expected_json_type(field)
                if value == "" and isinstance(field, serializers.RelatedField):
                    errors[field.field_name] = ["Name one, or give null."]  # DRF reads "" as null
                    continue
                if value is None or expected is None:
                    continue
                types, name = expected
                if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
                    errors[field.field_name] = [f"Must be {name}, not {type(value).__name__} {value!r}."]
            if errors:
                raise serializers.ValidationError(errors)
        return super().to_internal_value(data)


def _expected_json_type(field) -> tuple[tuple[type, ...], str] | None:
    for kinds, types, name in _JSON_TYPES:
        if isinstance(field, kinds):
            return types, name
    return None


class FieldsBuiltOnce:
    """A serializer mixin for the serializers of every append and every line of a log: the
    fields are built once per class, and each serializer binds copies of its own. DRF builds
    them for each serializer (a ModelSerializer's from its model) and deep-copies each field
    by constructing it again: for the two serializers of an append, 0.3 ms of the 14 its web
    process spent on it (#21). A shallow copy is enough for fields that hold no serializer:
    what binding sets, it sets on the copy, and nothing else of a field changes once built."""

    def get_fields(self) -> dict:
        built = type(self).__dict__.get("_built_fields")
        if built is None:
            built = type(self)._built_fields = super().get_fields()
        return {name: copy.copy(field) for name, field in built.items()}


class ClubSerializer(Strict, serializers.ModelSerializer):
    """A club. Its ``slug`` is its address, fixed once the club exists (as its settings page
    says): an update may repeat it but not change it, so links and bookmarks keep working."""

    class Meta:
        model = Club
        fields = ["name", "slug", "is_public", "keeps_secrets", "created_at"]
        read_only_fields = ["created_at"]

    def validate_slug(self, slug: str) -> str:
        if self.instance is not None and slug != self.instance.slug:
            raise serializers.ValidationError(
                f"The club's address stays /clubs/{self.instance.slug}/: links and bookmarks to it keep working.",
                code="fixed",
            )
        return slug


class MembershipSerializer(Strict, serializers.ModelSerializer):
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


class PlayerSerializer(Strict, serializers.ModelSerializer):
    #: The account of a member of the club (``context["club"]``): the player's own plays and
    #: numbers are then theirs. Anyone else's, or a name no one has, is refused alike.
    username = serializers.SlugRelatedField(
        source="user", slug_field="username", queryset=User.objects.none(), required=False, allow_null=True
    )

    class Meta:
        model = Player
        fields = ["id", "display_name", "username", "bgg_username", "created_at"]
        read_only_fields = ["created_at"]

    def get_fields(self):
        fields = super().get_fields()
        club = self.context.get("club")
        if club is not None:
            field = fields["username"]
            field.queryset = User.objects.filter(memberships__club=club)
            field.error_messages = {  # a dict of its own: the copy shares the built field's
                **field.error_messages,
                "does_not_exist": f"No member of {club.slug} is called {{value}}: a player's account is a member's.",
            }
        return fields

    def validate_bgg_username(self, name: str) -> str:
        """One player a BoardGameGeek account in a club (any case): imports find them by it."""
        club = self.context["club"]
        clash = Player.objects.filter(club=club, bgg_username__iexact=name) if name else Player.objects.none()
        if self.instance is not None:
            clash = clash.exclude(pk=self.instance.pk)
        if clash.exists():
            raise serializers.ValidationError(
                f"{club.slug} has a player with BGG username {name!r} already.", code="unique"
            )
        return name

    def validate_display_name(self, name: str) -> str:
        club = self.context["club"]
        clash = Player.objects.filter(club=club, display_name=name)
        if self.instance is not None:
            clash = clash.exclude(pk=self.instance.pk)
        if clash.exists():
            raise serializers.ValidationError(f"{club.slug} has a player called {name!r} already.", code="unique")
        return name


class SeatSerializer(Strict, serializers.ModelSerializer):
    player = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all())
    player_name = serializers.CharField(source="player.display_name", read_only=True)

    class Meta:
        model = PlaySeat
        fields = ["position", "player", "player_name", "colour", "team"]
        read_only_fields = ["position"]


class PlaySerializer(Strict, serializers.ModelSerializer):
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
        request = self.context.get("request")
        if request is not None:  # a club or player the reader cannot see is one that does not exist
            clubs = selectors.visible_clubs(request.user)
            self.fields["club"].queryset = clubs
            self.fields["seats"].child.fields["player"].queryset = Player.objects.filter(club__in=clubs)

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
        first_seat: dict = {}
        repeated = {
            f"seats[{n}].player": [
                f"{player.display_name} sits in an earlier seat already: a player takes one seat only."
            ]
            for n, player in enumerate(players)
            if first_seat.setdefault(player, n) != n
        }
        if repeated:
            raise serializers.ValidationError(repeated)
        option_errors = {
            "options." + ".".join(map(str, e.absolute_path)) if e.absolute_path else "options": e.message
            for e in Draft202012Validator(engine.options_schema).iter_errors(attrs.get("options", {}))
        }
        option_errors.update(storable.problems(attrs.get("options", {}), "options"))
        if option_errors:
            raise serializers.ValidationError(option_errors)
        return attrs


class EventSerializer(FieldsBuiltOnce, serializers.ModelSerializer):
    """An event as its reader may see it: the data passes through the engine's secrets for
    the reader (context: ``engine`` and ``viewer``, from :func:`records.selectors.viewer_of`),
    and its sentence is the one :mod:`records.narration` said for that reader (context
    ``texts``: seq -> sentence)."""

    recorded_by = serializers.SlugRelatedField(slug_field="username", read_only=True)
    text = serializers.SerializerMethodField(help_text="The event in one sentence, as the reader may read it.")

    class Meta:
        model = Event
        fields = [
            "seq",
            "position",
            "type",
            "seat",
            "data",
            "text",
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

    def get_text(self, event: Event) -> str:
        return self.context["texts"][event.seq]


class NewEventSerializer(FieldsBuiltOnce, Strict, serializers.Serializer):
    type = serializers.CharField(max_length=50)
    seat = serializers.IntegerField(min_value=0, max_value=1000, required=False, allow_null=True, default=None)
    data = serializers.DictField(required=False, default=dict)
    expected_seq = serializers.IntegerField(
        min_value=0, max_value=2**31 - 1, required=False, allow_null=True, default=None
    )
    occurred_at = serializers.DateTimeField(required=False, allow_null=True, default=None)

    def validate(self, attrs: dict) -> dict:
        unstorable = storable.problems(attrs["data"], "data")
        if unstorable:
            raise serializers.ValidationError(unstorable)
        return attrs


# Shapes of answers that are not one model: they document the API (records/openapi.py) and
# some also build the answer.


class EventTypeSerializer(serializers.Serializer):
    description = serializers.CharField()
    seated = serializers.BooleanField(
        help_text="Whether the event names the seat that makes it (else it names none: made by no seat)."
    )
    schema = serializers.JSONField(help_text="The JSON Schema of the event's data.")
    example = serializers.JSONField(help_text="An example of the event's data.")


class GameSerializer(serializers.Serializer):
    """A game of the catalogue, with the vocabulary its events are written in."""

    slug = serializers.CharField()
    title = serializers.CharField()
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    options_schema = serializers.JSONField(help_text="The JSON Schema of a play's options.")
    event_types = serializers.DictField(child=EventTypeSerializer())
    meta_event_types = serializers.DictField(
        child=EventTypeSerializer(), help_text="Events of every game: notes, corrections, disputes, rulings."
    )


class ViolationSerializer(serializers.Serializer):
    rule = serializers.CharField(help_text="The rulebook section (or the service's rule) that refuses it.")
    message = serializers.CharField()


class StateSerializer(serializers.Serializer):
    play = serializers.IntegerField()
    seq = serializers.IntegerField(help_text="The table as of this event.")
    seat = serializers.IntegerField(allow_null=True, help_text="Whose eyes the view is seen with; null for none.")
    arbiter = serializers.BooleanField(help_text="True when the view shows every secret.")
    view = serializers.JSONField(help_text="The engine's view of the table, hiding what the reader may not see.")


class VerifySerializer(serializers.Serializer):
    play = serializers.IntegerField()
    events = serializers.IntegerField()
    ok = serializers.BooleanField(help_text="Whether every event's hash links to the one before it.")
    first_broken_seq = serializers.IntegerField(allow_null=True)


class LegalMoveSerializer(serializers.Serializer):
    """A move the rules allow now: ``type``, ``seat`` and ``data`` are POSTed to the log as
    they are."""

    type = serializers.CharField()
    seat = serializers.IntegerField(allow_null=True)
    data = serializers.DictField()
    text = serializers.CharField(help_text="The move in one sentence.")


class AppendedEventSerializer(EventSerializer):
    """An event just appended, with the rules it breaks (context ``flags``: seq -> violations)."""

    violations = serializers.SerializerMethodField(
        help_text="In a record play, the rules the event breaks although it was stored."
    )

    class Meta(EventSerializer.Meta):
        # No sentence: saying it would fold the table again on every append; the log has it.
        fields = [*(f for f in EventSerializer.Meta.fields if f != "text"), "violations"]

    @extend_schema_field(ViolationSerializer(many=True))
    def get_violations(self, event: Event) -> list[dict]:
        return [v.as_dict() for v in self.context["flags"].get(event.seq, [])]


class VoidSerializer(serializers.Serializer):
    seq = serializers.IntegerField(help_text="A game event voided...")
    voided_by = serializers.IntegerField(help_text="...by this correction or ruling.")


class AppendedSerializer(serializers.Serializer):
    """The answer to an append: the events as stored, and the play after them."""

    events = AppendedEventSerializer(many=True)
    voided = VoidSerializer(
        many=True,
        help_text="The game events these events voided: a correction's or ruling's target and, in a strict "
        "play, each later move the rules then refuse on the corrected table.",
    )
    status = serializers.ChoiceField(choices=Status.choices)
    view = serializers.JSONField(help_text="The table after the events, as the arbiter sees it.")


@extend_schema_field({"type": "string", "format": "binary", "minLength": 1})
class NonEmptyFileField(serializers.FileField):
    """A file of at least one byte: Django's multipart parser drops an empty one."""


class ImportUploadSerializer(serializers.Serializer):
    """A file of plays to import. Sent as a multipart form, whose fields are text: hence no
    ``Strict`` (which checks JSON types), and ``dry_run`` is the text "true" or "false"."""

    file = NonEmptyFileField(help_text="A BoardGameGeek plays XML or a BG Stats JSON export.")
    dry_run = serializers.ChoiceField(
        choices=["true", "false"],
        default="false",
        help_text='"true": only preview what would be created, skipped, refused and matched.',
    )
    source = serializers.ChoiceField(
        choices=ImportSource.choices, required=False, help_text="The file's format; by default told from its content."
    )


class ImportSerializer(serializers.ModelSerializer):
    """An import, its progress and counts; its report lists each player matched or created and
    the plays created, skipped or refused (every refused one, with its reason; the others up
    to 500)."""

    created_by = serializers.SlugRelatedField(slug_field="username", read_only=True)
    source = serializers.CharField(
        read_only=True, help_text="bgg or bgstats; blank when the file is neither (the import then fails)."
    )
    percentage = serializers.IntegerField(read_only=True, help_text="How much of the file is read, 0 to 100.")
    report = serializers.JSONField(read_only=True)
    errors = serializers.ListField(
        child=serializers.CharField(), read_only=True, help_text="Why the file was refused, naming the element or line."
    )

    class Meta:
        model = Import
        fields = [
            "id",
            "source",
            "dry_run",
            "size",
            "status",
            "percentage",
            *Import.COUNTS,
            "report",
            "errors",
            "created_by",
            "created_at",
            "started_at",
            "finished_at",
        ]
        read_only_fields = fields
