"""Where a file content names may lie: inside content/, and, for a file an event's event.yaml
names (a notice, an entries file, bridge's `hands:`), in the event's own folder. One rule for
every such file, here, so that the game reading `hands:` judges a path as the loader judges a
notice's (games may read content/, not the loader)."""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from generator.errors import Mark, Problems


def inside_content(path: Path, root: Path, problems: Problems, folder: Path | None = None) -> bool:
    """Refuse files that resolve outside content/ (a symlink to /etc/passwd, a ../ notice).
    `folder`: the folder `path` was listed in, resolved, from a caller that looks at every file
    of one folder (an event's results): a file there that is no link is that folder's, and
    only a link is resolved (each of the folder's parents was looked at again for every file)."""
    try:
        (folder / path.name if folder is not None and not os.path.islink(path) else path.resolve()).relative_to(root)
    except ValueError:
        problems.add("file-outside-content", Mark(path), path=path.name)
        return False
    return True


def within(path: str, folder: str) -> bool:
    """Whether the real path `path` is `folder` or lies in it (both as os.path.realpath gives
    them): the one test of "inside content/" for the build's walk and the desk's saves, so that
    what one reads as content/'s the other does too."""
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def is_special(path: Path) -> bool:
    """Whether `path` leads to something there that is neither a regular file nor a folder (a named
    pipe, a device, a socket; through a link or not): a content file's name that must be said
    (file-not-regular), not taken for a file missing (is_file is False for it) nor read (reading a
    pipe or a terminal waits for ever, /dev/zero never ends)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:  # not there, or a link leading nowhere: missing
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def regular(path: Path, root: Path, problems: Problems, mark: Mark | None = None) -> bool:
    """A file content/ names that is there and no folder (is_special, or a regular file): inside
    content/ (inside_content) and a regular file, each refusal reported; a link out of content/
    is said to be that, whatever it leads to."""
    if not inside_content(path, root, problems):
        return False
    if is_special(path):
        problems.add("file-not-regular", mark or Mark(path), path=path.name)
        return False
    return True


def of_the_event(path: Path, folder: Path, mark: Mark, value: str, problems: Problems) -> bool:
    """Refuse a file an event names (a notice, its entries file, bridge's hands) that lies
    outside the event's own folder, though inside content/ (`../other/rules.md`, or a folder of
    it linked to another). An event's reading and pages are kept by its folder's files alone
    (the event cache and the record of output/ look at its files, and at a linked folder's only
    when it is the event's own, as results/ may be: render/incremental.py's _files):
    such a file's later edits would not be read again, and a private key written into it later
    would be published from the kept reading, never checked. Judged by the folder the path lies
    in, not by where a link leads: a file of the folder linked to another file of content/ is
    its own (its stats and bytes are the other's, and looked at so)."""
    try:
        path.parent.resolve().relative_to(folder.resolve())
    except ValueError:
        problems.add("file-outside-event", mark, path=value, slug=folder.name)
        return False
    return True


@dataclass
class EventFiles:
    """The event whose event.yaml is being read, for the files it names: content/ (`root`), the
    event's folder, and `looked`, every file read for event.yaml (load.py's Kept.looked: serve
    takes that reading again only while each of them is as it was)."""

    root: Path
    folder: Path
    looked: list[Path] = field(default_factory=list)

    def named(self, value: str, mark: Mark, problems: Problems) -> Path | None:
        """The file `value` names (relative to the event's folder), noted as looked at; None,
        reported, when it is not a file (file-missing), leads outside content/ or lies outside
        the event's folder."""
        path = self.folder / value
        self.looked.append(path)
        if not path.is_file() and not is_special(path):
            problems.add("file-missing", mark, path=value)
            return None
        if not (regular(path, self.root, problems, mark) and of_the_event(path, self.folder, mark, value, problems)):
            return None
        return path
