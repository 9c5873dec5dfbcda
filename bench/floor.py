"""The floor of a single append over HTTP (#21): the least any authenticated DRF write costs on
this stack. The same server, middleware, token authentication and JSON body as an append, and
one plain row inserted into the same event table (its triggers and indexes), without the
service's checks, chain or caches. Served by the bench's server only (bench/settings.py)."""

import json

from django.db import connection
from django.urls import include, path
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

INSERT = """
INSERT INTO records_event (play_id, seq, type, seat, data, recorded_at, recorded_by_id, schema_version, prev_hash, hash)
SELECT %(play)s, coalesce(max(seq), 0) + 1, %(type)s, %(seat)s, %(data)s, now(), %(user)s, 1, '', ''
FROM records_event WHERE play_id = %(play)s
RETURNING position, seq
"""


class Floor(APIView):
    permission_classes = [IsAuthenticated]

    def post(self, request, play_id: int) -> Response:
        body = request.data
        row = {"play": play_id, "type": body["type"], "seat": body["seat"], "data": json.dumps(body["data"])}
        with connection.cursor() as cursor:
            cursor.execute(INSERT, {**row, "user": request.user.pk})
            position, seq = cursor.fetchone()
        return Response({"position": position, "seq": seq}, status=201)


urlpatterns = [path("bench/floor/<int:play_id>/", Floor.as_view()), path("", include("config.urls"))]
