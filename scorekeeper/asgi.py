"""The ASGI callable, ``application`` (https://docs.djangoproject.com/en/6.1/howto/deployment/asgi/)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

application = get_asgi_application()
