"""The companion's web server: phones, the table screen and spectators.

``create_app(session)`` builds the FastAPI app for one ``TableSession``;
``serve(session, host, port)`` runs it with uvicorn (what the CLI calls);
``start_server`` runs it in a background thread. See ``app`` for the routes,
``hub`` for the WebSocket protocol, ``guard`` for tokens and the PIN limit,
``gate`` for the Host/Origin/body checks, ``doorman`` for connection limits.
"""

from companion.server.app import create_app
from companion.server.doorman import Doorman
from companion.server.guard import PinGuard, WriteLimit
from companion.server.run import RunningServer, announce, serve, start_server

__all__ = [
    "Doorman",
    "PinGuard",
    "RunningServer",
    "WriteLimit",
    "announce",
    "create_app",
    "serve",
    "start_server",
]
