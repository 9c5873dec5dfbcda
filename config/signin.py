"""What a client locked out of signing in is told: a JSON 429 with Retry-After (django-axes)."""

from django.conf import settings
from django.http import JsonResponse


def locked_out(request, original_response=None, credentials=None) -> JsonResponse:
    seconds = int(settings.AXES_COOLOFF_TIME.total_seconds())
    response = JsonResponse({"detail": f"Too many failed sign-ins. Try again in {seconds // 60} minutes."}, status=429)
    response["Retry-After"] = str(seconds)
    return response
