"""Query parameters held to what the schema says of them: a value the schema would refuse is a
400 naming the parameter, never silently read as something else (DRF's pagination takes
``limit=abc`` as no limit; django-filter takes ``player=`` as no filter and ``player=0.5`` as
player 0)."""

from __future__ import annotations

from django import forms
from django_filters import rest_framework as filters
from rest_framework.exceptions import ValidationError
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.pagination import LimitOffsetPagination

#: The largest offset a page may start at (PostgreSQL's OFFSET is a 64-bit integer; no list
#: here comes near a 32-bit one).
MAX_OFFSET = 2**31 - 1


class ContentNegotiation(DefaultContentNegotiation):
    """``?format=`` names one of the answer's formats; any other is a 400 naming them (DRF's
    answer is a bare 404, as if the resource did not exist). A format suffix of the path
    (``games/0.5/`` read as ``games/0`` in format ``5``) names no resource: still a 404."""

    def select_renderer(self, request, renderers, format_suffix=None):
        named = request.query_params.get(self.settings.URL_FORMAT_OVERRIDE)
        if not format_suffix and named and all(renderer.format != named for renderer in renderers):
            raise ValidationError({"format": [f"Name one format: {', '.join(r.format for r in renderers)}."]})
        return super().select_renderer(request, renderers, format_suffix)


class Pagination(LimitOffsetPagination):
    """``limit`` from 1 to ``max_limit``, ``offset`` from 0; anything else is a 400."""

    max_limit = 1000

    def get_limit(self, request) -> int:
        return self._whole(request, self.limit_query_param, 1, self.max_limit, self.default_limit)

    def get_offset(self, request) -> int:
        return self._whole(request, self.offset_query_param, 0, MAX_OFFSET, 0)

    @staticmethod
    def _whole(request, name: str, low: int, high: int, default: int) -> int:
        values = request.query_params.getlist(name)
        if not values:
            return default
        if len(values) > 1:
            raise ValidationError({name: [f"Give {name} once."]})
        try:
            value = int(values[0])
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            raise ValidationError({name: [f"{name} must be a whole number from {low} to {high}."]})
        return value

    def get_schema_operation_parameters(self, view):
        parameters = super().get_schema_operation_parameters(view)
        bounds = {self.limit_query_param: (1, self.max_limit), self.offset_query_param: (0, MAX_OFFSET)}
        for parameter in parameters:
            low, high = bounds[parameter["name"]]
            parameter["schema"].update(minimum=low, maximum=high)
        return parameters


class IntegerFilter(filters.NumberFilter):
    """A whole number (an id): ``0.5`` is refused, where NumberFilter reads any decimal."""

    field_class = forms.IntegerField


class FilterSet(filters.FilterSet):
    """A filter given with no value is refused: leaving it out is how to not filter."""

    def is_valid(self) -> bool:
        valid = super().is_valid()
        for name in self.filters:
            if name in self.data and any(value == "" for value in self.data.getlist(name)):
                self.form.add_error(name, f"{name} is empty: give a value, or leave {name} out.")
                valid = False
        return valid
