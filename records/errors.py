"""Placeholder until the records API lands."""

from rest_framework.views import exception_handler  # noqa: F401
