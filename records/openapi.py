"""The OpenAPI schema's conventions: every operation lists the error answers it can give, in
the shapes of ``records/errors.py``, so the schema is the whole contract, refusals included.

Which errors an operation can give follows from what it is, not from a list kept by hand:
any request may carry a bad token (401) or find the database away (503); a path with
parameters may name nothing visible (404); a body or a query can be malformed (400); a body
can be too large (413) or of the wrong media type (415); a write needs a role (403) and is
throttled (429); a reader may ask for a seat that is not theirs (403).
"""

from __future__ import annotations

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.plumbing import ResolvedComponent

_ERROR = ResolvedComponent(
    name="Error",
    type=ResolvedComponent.SCHEMA,
    object="Error",
    schema={
        "type": "object",
        "description": (
            "A refusal: `detail` says why; a malformed request names each field it refuses, with its "
            "messages (`{field: [message, ...]}`); a rule violation (422) lists `violations`, each with "
            "its rulebook `rule` and a `message`; a conflict (409) gives the log's `current_seq` or the "
            "`seq` an Idempotency-Key was used for."
        ),
        "properties": {
            "detail": {"type": "string"},
            "seq": {"type": "integer"},
            "current_seq": {"type": "integer"},
            "violations": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {"rule": {"type": "string"}, "message": {"type": "string"}},
                    "required": ["rule", "message"],
                },
            },
        },
        "additionalProperties": {"type": "array", "items": {"type": "string"}},
    },
)

_WHY = {
    "400": "Malformed: each refused field with its messages.",
    "401": "No valid credentials: a write needs them, and a bad token is refused anywhere.",
    "403": "Your role in the club does not allow this.",
    "404": "Nothing visible to you by that name.",
    "409": "A conflict with what is stored: a name taken, a club's address changed, or (for events) a log that moved on.",
    "413": "The body is larger than the service takes.",
    "415": "The body is not JSON.",
    "422": "Well formed, but the rulebook refuses it.",
    "429": "Too many requests; retry after Retry-After seconds.",
    "500": "The game's rules engine failed on this (a fault of Tablelog's, not a rule); nothing was stored.",
    "503": "The database cannot be reached (retry after Retry-After seconds), or a live stream was asked of a "
    "server that does not serve them (WSGI).",
}


class Schema(AutoSchema):
    """drf-spectacular's schema, with each operation's error answers (see the module doc).
    A view adds those only it knows (a conflict, a rule violation, a 403 for reading) in
    ``openapi_errors``: (method, action) -> status codes; an APIView's action is None."""

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        self.registry.register_on_missing(_ERROR)
        for code in sorted(self._error_codes()):
            responses.setdefault(
                code, {"description": _WHY[code], "content": {"application/json": {"schema": _ERROR.ref}}}
            )
        return responses

    def _get_filter_parameters(self):
        """The filters' bounds, and that a filter given with no value is refused
        (records.query.FilterSet): its text is not blank."""
        parameters = super()._get_filter_parameters()
        filters = getattr(getattr(self.view, "filterset_class", None), "base_filters", {})
        for parameter in parameters:
            schema = parameter["schema"]
            if schema.get("type") == "string":
                schema.setdefault("minLength", 1)
            extra = getattr(filters.get(parameter["name"]), "extra", {})
            for bound, key in (("min_value", "minimum"), ("max_value", "maximum")):
                if bound in extra:
                    schema[key] = extra[bound]
        return parameters

    def _error_codes(self) -> set[str]:
        codes = {"401", "503"}
        parameters = self._get_parameters()
        if any(p["in"] == "path" for p in parameters):
            codes.add("404")
        if any(p["in"] == "query" for p in parameters):
            codes.add("400")
        if self.method in ("POST", "PUT", "PATCH", "DELETE"):
            codes |= {"403", "429"}
        if self.method in ("POST", "PUT", "PATCH"):
            codes |= {"400", "409", "413", "415"}
        operation = (self.method, getattr(self.view, "action", None))
        return codes | getattr(self.view, "openapi_errors", {}).get(operation, set())
