"""Play with friends on the local network: one host's program is the authority.

``protocol`` (the versioned JSON messages), ``table`` (the authority over the
match: every action through the rules engine, each seat told only what it may
know), ``server`` (asyncio streams, the defences), ``client`` (the game window's
connection, on its own thread), ``scripted`` (a computer-driven client for tests
and club rooms), ``discovery`` (tables announced on the LAN).  Never imports
pygame: the host, join and lobby screens live in ``game.ui.netplay``.

``python -m game.net serve --variant marias --port P --seats open,open,hard`` runs
a table without a window.
"""

from .protocol import DEFAULT_PORT, PROTOCOL_VERSION
from .table import AwayPolicy, Refusal, Table

__all__ = ["DEFAULT_PORT", "PROTOCOL_VERSION", "AwayPolicy", "Refusal", "Table"]
