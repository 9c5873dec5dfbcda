"""The ASGI application: what ``make run`` and docker serve, the live streams with the rest
(records/live.py).

Under ASGI each request's view runs in a thread of its own, so a connection kept by its thread
would be kept for nobody: here each request opens its own and closes it when it ends
(``CONN_MAX_AGE``, config/settings.py). A pool would save the connect, a few ms; but
psycopg's pool, after PostgreSQL has been away, waits longer and longer between its attempts
to connect again (1 s, 2 s, 4 s, ...), while requests that connect themselves are served again
from the first one after PostgreSQL is back.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ["CONN_MAX_AGE"] = "0"
application = get_asgi_application()
