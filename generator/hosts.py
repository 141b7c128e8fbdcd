"""Which Host a request to one of paibang's own servers (`paibang serve`, `paibang desk` without
--lan) may name: this machine's loopback names, with the port the server listens on.

Why: a web page elsewhere can point its own name at 127.0.0.1 (DNS rebinding) and then read
whatever a server on 127.0.0.1 answers, as pages of its own origin: serve's preview, unpublished
drafts and the error overlay, which quotes content lines. The browser still sends the page's own
name in Host (`attacker.example:8000`), so a server that answers only requests naming
127.0.0.1, localhost or [::1] cannot be read that way. The port must be the server's own too: a
browser names it whenever it is not 80, and no page of another port of this machine has any
business here. (A port forwarded to another number, `ssh -L 9000:127.0.0.1:8000`, is therefore
refused: forward to the same number.) One function, used by both servers, so that they answer
alike (421 Misdirected Request).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]")


def host_allowed(scope: Mapping[str, Any], names: Collection[str] = LOCAL_HOSTS) -> bool:
    """Whether the ASGI request `scope` names one of `names` (case aside) with the port it came
    in on (scope["server"]; no port: 80). A request without a Host, with two, or with an unknown
    listening port is refused."""
    hosts = [value for key, value in scope.get("headers") or () if key.lower() == b"host"]
    server = scope.get("server")
    if len(hosts) != 1 or not server or not isinstance(server[1], int):
        return False
    try:
        text = hosts[0].decode("ascii").strip().lower()
    except UnicodeDecodeError:
        return False
    name, port = text, "80"
    if not text.endswith("]") and ":" in text:  # [::1] alone has colons but no port
        name, _, port = text.rpartition(":")
    return name in names and port == str(server[1])
