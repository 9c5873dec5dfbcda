"""Clubs, players, plays and the immutable event store.

An :class:`Event` row is never changed or removed: the database refuses UPDATE, DELETE and
TRUNCATE on its table (migration 0002). Everything on :class:`Play` below "caches", and every
:class:`Snapshot`, is derived from events and can be rebuilt (``rebuild_caches``).

No index twice: a foreign key whose column leads a composite index or constraint goes without
an index of its own (``db_index=False``). The composite serves its lookups and its cascades,
and every append writes one index fewer.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Lower


class Club(models.Model):
    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=100, unique=True)
    is_public = models.BooleanField(default=True)
    #: Hidden information stays hidden after a play ends (by default the table turns its
    #: cards over: a finished play is shown whole to every reader).
    keeps_secrets = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["slug"]

    def __str__(self) -> str:
        return self.name


class Role(models.TextChoices):
    MEMBER = "member"
    RECORDER = "recorder"
    OWNER = "owner"


#: Each role may do what the roles before it may.
ROLE_RANK = {Role.MEMBER: 1, Role.RECORDER: 2, Role.OWNER: 3}


class Membership(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships", db_index=False)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.MEMBER)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="one_membership_per_club")]
        ordering = ["club", "user"]


class Player(models.Model):
    """A person as a club knows them; linked to a user account only if they have one."""

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="players", db_index=False)
    display_name = models.CharField(max_length=100)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="players"
    )
    #: Their BoardGameGeek username, by which imported plays find them (records/imports).
    bgg_username = models.CharField(max_length=100, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "display_name"], name="unique_player_name_per_club"),
            models.UniqueConstraint(
                F("club"), Lower("bgg_username"), condition=~Q(bgg_username=""), name="unique_bgg_username_per_club"
            ),
        ]
        ordering = ["club", "display_name"]

    def __str__(self) -> str:
        return self.display_name


class Mode(models.TextChoices):
    STRICT = "strict"
    RECORD = "record"


class Status(models.TextChoices):
    IN_PROGRESS = "in_progress"
    FINISHED = "finished"
    ABANDONED = "abandoned"


class Play(models.Model):
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="plays", db_index=False)
    game = models.CharField(max_length=50, db_index=True)
    edition = models.CharField(max_length=100, blank=True)
    options = models.JSONField(default=dict, blank=True)
    mode = models.CharField(max_length=6, choices=Mode.choices, default=Mode.STRICT)
    played_on = models.DateField()
    location = models.CharField(max_length=200, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    #: False for a play that counts for results but not for ratings (imported as "not in stats").
    rated = models.BooleanField(default=True)
    #: Where an imported play comes from ("bgg", "bgstats"; blank for a play logged here), and
    #: its id there: a second import of the same file finds it and skips it.
    source = models.CharField(max_length=20, blank=True)
    source_id = models.CharField(max_length=100, blank=True)

    # Caches, derived from the events (rebuild_caches recomputes them).
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.IN_PROGRESS, db_index=True)
    last_seq = models.PositiveIntegerField(default=0)
    last_hash = models.CharField(max_length=64, default="")
    state = models.JSONField()
    outcome = models.JSONField(null=True, blank=True)
    finished_position = models.BigIntegerField(null=True, blank=True)
    #: The engine's fingerprint the caches were computed with; another one makes them stale.
    engine_fingerprint = models.CharField(max_length=64, blank=True)

    class Meta:
        ordering = ["-played_on", "-id"]
        indexes = [models.Index(fields=["club", "played_on"])]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "source", "source_id"], condition=~Q(source=""), name="unique_play_source_id_per_club"
            )
        ]


class PlaySeat(models.Model):
    play = models.ForeignKey(Play, on_delete=models.PROTECT, related_name="seats", db_index=False)
    position = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    colour = models.CharField(max_length=30, blank=True)
    team = models.CharField(max_length=30, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["play", "position"], name="unique_seat_position"),
            models.UniqueConstraint(fields=["play", "player"], name="player_seated_once"),
        ]
        ordering = ["play", "position"]


class TransactionIdField(models.Field):
    """PostgreSQL ``xid8``: the id of the transaction that wrote the row (for projectors)."""

    def db_type(self, connection) -> str:
        return "xid8"

    def from_db_value(self, value, expression, connection):
        return None if value is None else int(value)


#: The version of an event row's fields, which its hash covers.
SCHEMA_VERSION = 1


class Event(models.Model):
    """One immutable entry of a play's log. ``position`` orders all events globally."""

    position = models.BigAutoField(primary_key=True)
    play = models.ForeignKey(Play, on_delete=models.PROTECT, related_name="events", db_index=False)
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=50)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    data = models.JSONField(default=dict)
    occurred_at = models.DateTimeField(null=True, blank=True)
    recorded_at = models.DateTimeField()
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+")
    idempotency_key = models.CharField(max_length=200, null=True, blank=True)  # noqa: DJ001 (unique when given)
    schema_version = models.PositiveSmallIntegerField(default=SCHEMA_VERSION)
    prev_hash = models.CharField(max_length=64)
    hash = models.CharField(max_length=64)
    tx_id = TransactionIdField(db_default=models.Func(function="pg_current_xact_id"), editable=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["play", "seq"], name="unique_event_seq"),
            models.UniqueConstraint(
                fields=["play", "idempotency_key"],
                condition=Q(idempotency_key__isnull=False),
                name="unique_idempotency_key",
            ),
        ]
        ordering = ["play", "seq"]


class Snapshot(models.Model):
    """The state as of ``seq``: a derived checkpoint so a replay never folds from the start."""

    play = models.ForeignKey(Play, on_delete=models.CASCADE, related_name="snapshots", db_index=False)
    seq = models.PositiveIntegerField()
    state = models.JSONField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["play", "seq"], name="unique_snapshot_seq")]


class ImportSource(models.TextChoices):
    BGG = "bgg", "BoardGameGeek plays XML"
    BGSTATS = "bgstats", "BG Stats JSON export"


class ImportStatus(models.TextChoices):
    PENDING = "pending"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"


class Import(models.Model):
    """A file of plays from elsewhere, brought into a club (records/imports): its progress,
    its counts, and a report of each play and player (a preview, for a dry run)."""

    #: The counts it keeps, in the order they are told.
    COUNTS = ("plays_found", "plays_created", "plays_skipped", "plays_refused", "players_matched", "players_created")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="imports")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    #: Blank when the file is neither: its import fails and says so.
    source = models.CharField(max_length=10, choices=ImportSource.choices, blank=True)
    file = models.FileField(upload_to="imports/%Y/%m/", max_length=300)
    size = models.BigIntegerField()
    dry_run = models.BooleanField(default=False)
    status = models.CharField(max_length=10, choices=ImportStatus.choices, default=ImportStatus.PENDING)
    #: Progress: bytes read of the file, over every pass the import makes over it.
    bytes_read = models.BigIntegerField(default=0)
    bytes_total = models.BigIntegerField(default=0)
    plays_found = models.PositiveIntegerField(default=0)
    plays_created = models.PositiveIntegerField(default=0)
    plays_skipped = models.PositiveIntegerField(default=0)
    plays_refused = models.PositiveIntegerField(default=0)
    players_matched = models.PositiveIntegerField(default=0)
    players_created = models.PositiveIntegerField(default=0)
    #: {"players": [...], "plays": [...], "plays_not_listed": n}: see records.imports.service.
    report = models.JSONField(default=dict, blank=True)
    #: Why the file was refused, each message naming the element or line.
    errors = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    @property
    def percentage(self) -> int:
        if self.status == ImportStatus.DONE:
            return 100
        return 0 if not self.bytes_total else min(99, self.bytes_read * 100 // self.bytes_total)


class Invitation(models.Model):
    """A link by which one person joins a club in a role (records/invitations).

    Its token is the link: unguessable (``secrets.token_urlsafe``), good for one person once,
    until it expires or an owner revokes it. It is kept as it is, not hashed, so that the
    owners can copy an open link again from the members' page.
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invitations")
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.MEMBER)
    token = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    accepted_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(role__in=[Role.MEMBER, Role.RECORDER]), name="invitation_role_member_or_recorder"
            ),
            models.CheckConstraint(
                condition=Q(accepted_at__isnull=True) | Q(revoked_at__isnull=True), name="invitation_used_or_revoked"
            ),
        ]
