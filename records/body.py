"""Request bodies: JSON, bounded before they are read.

A body larger than ``DATA_UPLOAD_MAX_MEMORY_SIZE`` is a 413 before a byte of it is parsed
(by its Content-Length, or while reading one sent without it); JSON nested so deep that
parsing it would exhaust the stack is a 400. Values the database cannot store (a NUL, an
infinite number, nesting past ``records.storable.MAX_DEPTH``) parse, and are then refused by
the field that holds them, which the answer names.
"""

from __future__ import annotations

import json

from django.conf import settings
from rest_framework import parsers, status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.utils.json import strict_constant


class BodyTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "body_too_large"

    def __init__(self, limit: int):
        super().__init__(f"The body is larger than {limit:,} bytes. Send a large batch of events in parts.")


class JSONParser(parsers.JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        request = (parser_context or {}).get("request")
        declared = request.META.get("CONTENT_LENGTH") if request is not None else None
        if declared and declared.isdigit() and int(declared) > limit:
            raise BodyTooLarge(limit)
        raw = stream.read(limit + 1)
        if len(raw) > limit:
            raise BodyTooLarge(limit)
        try:
            text = raw.decode(parsers.get_encoding(parser_context or {}))
            return json.loads(text, parse_constant=strict_constant)
        except RecursionError:
            raise ParseError("JSON parse error - the body nests too deeply.") from None
        except ValueError as exc:  # UnicodeDecodeError included
            raise ParseError(f"JSON parse error - {exc}") from None
