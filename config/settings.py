"""Settings, all from the environment. Importing them starts nothing: without DATABASE_URL and
REDIS_URL they refuse to load (``python -m config.embedded COMMAND`` provides embedded ones).

Production is the default: DEBUG is off unless ``DEBUG=1``, and outside development the
service refuses to start without its own ``SECRET_KEY`` and ``CHAIN_KEY``.
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = os.environ.get("DEBUG") == "1"


def _key(name: str) -> str:
    """A secret from the environment; in development (DEBUG=1) a fixed, public stand-in."""
    value = os.environ.get(name)
    if value:
        return value
    if DEBUG:
        return f"tablelog-development-only-{name.lower()}-never-use-it-in-production"
    raise ImproperlyConfigured(f"{name} is not set. Set it in the environment (see README: Running it for real).")


SECRET_KEY = _key("SECRET_KEY")
#: The key of the events' hash chain (records/chain.py). Kept out of the database, so write
#: access to the database alone cannot forge a history that verifies. Changing it makes every
#: stored chain fail verification: keep it as long as the data.
CHAIN_KEY = _key("CHAIN_KEY")
ALLOWED_HOSTS = os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost").split(",")

#: Served over HTTPS (behind a proxy that terminates TLS and sets X-Forwarded-Proto): the
#: default outside development.
HTTPS = os.environ.get("HTTPS", "0" if DEBUG else "1") == "1"
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = HTTPS
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = HTTPS
SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365 if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = HTTPS
CSRF_TRUSTED_ORIGINS = [origin for origin in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if origin]


def _server_url(name: str) -> str:
    """A server's URL from the environment. Settings start no server: ``make run``, ``make
    test`` and ``python -m config.embedded COMMAND`` fill in embedded ones where unset."""
    value = os.environ.get(name)
    if value:
        return value
    raise ImproperlyConfigured(
        f"{name} is not set. Point it at a server, or run the command with the embedded PostgreSQL "
        "and Redis: `make run`, `make test`, or `.venv/bin/python -m config.embedded COMMAND...`."
    )


REDIS_URL = _server_url("REDIS_URL")

INSTALLED_APPS = [
    # First: their templates (the sign-in and password pages) stand in for the admin's.
    "records",
    "analytics",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    "django_htmx",
]

# Under ASGI (config/asgi.py) Django runs a middleware in async mode when all below it can be,
# and its own middleware (MiddlewareMixin) then hands each hook to a thread: about a dozen
# crossings between the event loop and threads a request. WhiteNoise can only be sync, so it comes
# last, not first as its guide suggests: the whole chain then runs in sync mode in one thread, a
# millisecond of CPU less a request (#21). Static files pass through the middleware above it,
# which leaves them as they are but for headers.
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
]

# Sign-in throttling (django-axes): after AXES_FAILURE_LIMIT wrong passwords for one user from
# one address, that pair is refused with a 429 and Retry-After until the cool-off ends.
AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend", "django.contrib.auth.backends.ModelBackend"]
AXES_FAILURE_LIMIT = int(os.environ.get("SIGN_IN_FAILURE_LIMIT", "10"))
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "config.signin.locked_out"
AXES_VERBOSE = False

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ]
        },
    }
]

# A connection is kept for the next request of its thread (a worker's, a management command's).
DATABASES = {"default": dj_database_url.parse(_server_url("DATABASE_URL"), conn_max_age=60)}
# No JIT: the queries here are short, and when the planner misjudges one as costly (fresh
# tables not yet analyzed), compiling it took 170 ms where running it took 10.
DATABASES["default"].setdefault("OPTIONS", {})["options"] = "-c jit=off"
# A connection kept across requests is checked before a request uses it, so a server restarted
# meanwhile costs no request an error once it is back (while it is down: a 503, records/errors.py).
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
# Parameters are bound by the server, so a statement a connection runs again and again (the
# token's user, the play an append locks, the event it inserts) is parsed and planned once, from
# its fifth run on, not on every run: prepared statements, which Django's default (binding on the
# client) never uses (#21). A connection pooler between here and PostgreSQL must then keep a
# connection's prepared statements: PgBouncer in transaction mode does so from 1.21 on
# (max_prepared_statements); none is needed, the web processes keep pools of their own.
DATABASES["default"]["OPTIONS"].update(server_side_binding=True, prepare_threshold=5)
if os.environ.get("DATABASE_POOL") == "1":
    # The ASGI server (config/asgi.py) runs each request in a thread of its own, so a connection
    # kept by its thread would be kept for nobody: a request borrows one from the process's pool
    # instead (checked before it is lent, as above), and connecting, a third of a small
    # request's time, is done once.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"]["OPTIONS"]["pool"] = {
        "min_size": 1,
        "max_size": int(os.environ.get("DATABASE_POOL_SIZE", "8")),
        # While PostgreSQL is away, a request waits this long for a connection, then is a 503.
        "timeout": 5,
        # A failed attempt to connect is tried again a second later and given up after two;
        # the next request starts another. The default, doubling delays for five minutes,
        # left requests waiting long after PostgreSQL was back.
        "reconnect_timeout": 2,
    }

#: The largest request body taken (a batch of 10,000 events fits); a larger one is a 413.
DATA_UPLOAD_MAX_MEMORY_SIZE = 8 * 1024 * 1024
#: Uploaded files (imports of plays) are kept here until their import has run; the web server
#: and the workers must share it (docker/compose.yaml mounts one volume for both).
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", BASE_DIR / "var" / "media"))
#: The largest file of plays an import takes; a larger upload is a 413. Files above
#: FILE_UPLOAD_MAX_MEMORY_SIZE (Django's 2.5 MB) stream to a temporary file, never into memory.
IMPORT_MAX_BYTES = int(os.environ.get("IMPORT_MAX_BYTES", 100 * 1024 * 1024))

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": f"django.contrib.auth.password_validation.{name}"}
    for name in (
        "UserAttributeSimilarityValidator",
        "MinimumLengthValidator",
        "CommonPasswordValidator",
        "NumericPasswordValidator",
    )
]
LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True
STATIC_URL = "static/"
#: Where ``collectstatic`` gathers the static files for production (docker's build runs it).
STATIC_ROOT = os.environ.get("STATIC_ROOT") or None
# WhiteNoise serves the static files (the pages' htmx from django-htmx, the API docs' Swagger
# UI and Redoc from drf-spectacular-sidecar): no CDN. In development it finds them where the
# packages installed them; in production from STATIC_ROOT.
WHITENOISE_USE_FINDERS = True
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The web app's accounts: sign-in pages, and the mail of a password reset or an invitation.
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = LOGOUT_REDIRECT_URL = "home"
#: In development a mail is printed on the console; in production it goes through SMTP.
EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.console.EmailBackend" if DEBUG else "django.core.mail.backends.smtp.EmailBackend",
)
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "tablelog@localhost")

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "records.tokens.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "records.query.Pagination",
    "DEFAULT_CONTENT_NEGOTIATION_CLASS": "records.query.ContentNegotiation",
    # The API speaks JSON: a form-encoded body is a 415, not a second way to write.
    "DEFAULT_PARSER_CLASSES": ["records.body.JSONParser"],
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "records.openapi.Schema",
    "EXCEPTION_HANDLER": "records.errors.exception_handler",
    "DEFAULT_THROTTLE_CLASSES": [],
    "DEFAULT_THROTTLE_RATES": {"writes": os.environ.get("WRITE_THROTTLE", "6000/min")},
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Tablelog API",
    "DESCRIPTION": "Event-sourced records of physical table games.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # Two choice sets share the field name "status": each gets its own name in the schema.
    "ENUM_NAME_OVERRIDES": {
        "PlayStatusEnum": "records.models.Status",
        "ImportStatusEnum": "records.models.ImportStatus",
    },
    # Request bodies as components of their own, so a required text says it may not be blank.
    "COMPONENT_SPLIT_REQUEST": True,
    # Swagger UI and Redoc from the drf-spectacular-sidecar package: the docs work offline.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

CELERY_BROKER_URL = REDIS_URL
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
#: A pool process killed while it runs a task (``kill -9``, out of memory): its worker puts the
#: message back on the queue and runs it again (acks late; the tasks are idempotent).
CELERY_TASK_REJECT_ON_WORKER_LOST = True
#: A broker that hangs (no answer, no refusal) costs an append's wake-up two seconds at most,
#: not forever; then the appends leave it alone for a while (analytics/tasks.py).
CELERY_BROKER_TRANSPORT_OPTIONS = {"socket_connect_timeout": 1, "socket_timeout": 2}
#: Beat's period for the projector's catch-up: how long at most a lost wake-up (the broker
#: down at commit, a worker killed mid-projection) delays a projection.
PROJECTOR_CATCH_UP_SECONDS = float(os.environ.get("PROJECTOR_CATCH_UP_SECONDS", "60"))
CELERY_BEAT_SCHEDULE = {
    "catch-up-projections": {"task": "analytics.tasks.project_all", "schedule": PROJECTOR_CATCH_UP_SECONDS},
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
