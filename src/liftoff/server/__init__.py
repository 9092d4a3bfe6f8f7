"""The multiplayer server: tables, seats, persistence and the browser front end.

Needs the ``server`` extra (``pip install 'liftoff[server]'``). Start it with
``liftoff serve``; build the ASGI app with :func:`liftoff.server.app.create_app`.
"""

from __future__ import annotations

__all__: list[str] = []
