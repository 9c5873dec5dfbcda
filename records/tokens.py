"""API tokens: DRF's token authentication, with the token and its user read by one query
written out. Every request a script sends asks it, and the ORM took longer to compile
``Token.objects.select_related("user").get(key=...)`` than PostgreSQL to answer it (#21)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.utils.translation import gettext_lazy as _
from rest_framework import authentication, exceptions
from rest_framework.authtoken.models import Token

#: The user a token belongs to, with the token's creation time.
_USER_OF_TOKEN = (
    "SELECT u.*, t.created AS token_created FROM authtoken_token t JOIN auth_user u ON u.id = t.user_id "
    "WHERE t.key = %s"
)


class TokenAuthentication(authentication.TokenAuthentication):
    """``Authorization: Token <key>``; the same answers as DRF's for an unknown key or an
    inactive user."""

    def authenticate_credentials(self, key: str) -> tuple[User, Token]:
        user = next(iter(User.objects.raw(_USER_OF_TOKEN, [key])), None)
        if user is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        return user, Token(key=key, user=user, created=user.token_created)
