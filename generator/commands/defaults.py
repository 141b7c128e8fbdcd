"""The command line's defaults that more than one module reads: cli.py's arguments, and the desk's
command for phones (commands/desk.lan_words), which leaves out a flag left at its default. One home,
below both: cli imports commands/desk, so desk could not import them from cli (an import loop), and
wrote them out again instead, to drift apart from cli's at the first change of either."""

from __future__ import annotations

from pathlib import Path

# Where build, serve, desk and clean put the site unless --output says otherwise: one default, so
# that a secretary's desk rebuilds the site build writes and clean removes. It is under the folder
# the command runs in, not beside --content (clean has no --content to be beside, and a desk
# writing elsewhere than build would leave two sites); the desk says the path it writes at start.
OUTPUT = Path("output")
CONTENT = Path("content")  # --content's default, every command's
SERVE_PORT = 8000
DESK_PORT = 8001  # (not serve's: a secretary previewing the site while the desk runs)
