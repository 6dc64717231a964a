"""The WSGI callable, ``application`` (https://docs.djangoproject.com/en/6.1/howto/deployment/wsgi/)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

application = get_wsgi_application()
