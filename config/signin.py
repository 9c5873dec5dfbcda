"""What a client locked out of signing in is told (django-axes): a 429 with Retry-After, as
JSON to the API, and on the sign-in page to a person (the username kept)."""

from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render


def locked_out(request, original_response=None, credentials=None) -> HttpResponse:
    seconds = int(settings.AXES_COOLOFF_TIME.total_seconds())
    if request.path.startswith("/api/"):
        response = JsonResponse(
            {"detail": f"Too many failed sign-ins. Try again in {seconds // 60} minutes."}, status=429
        )
    else:
        username = request.POST.get("username", "")
        context = {
            "form": AuthenticationForm(request, initial={"username": username}),
            "next": request.POST.get("next", ""),
            "refused": f"Too many failed sign-ins for {username}. Try again in {seconds // 60} minutes.",
        }
        response = render(request, "registration/login.html", context, status=429)
    response["Retry-After"] = str(seconds)
    return response
