"""What the desk keeps on disk: tokens (beside content/, never in it), the audit log, and the
round-trip writes of a round's results file.

Every write of a results file happens under one lock per file (threads of this process) and an
advisory file lock (another desk on the same content), re-reads the file under that lock, and
replaces it (seals.write_durably): two tables saving at the same moment both land, a reader (a
build, `check`) sees the old file or the new one, never half of one, and a save the desk said
was saved is still there after a power cut.
"""

from __future__ import annotations

import base64
import contextlib
import datetime as dt
import fcntl
import hashlib
import io
import json
import os
import re
import secrets
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import CommentMark
from ruamel.yaml.resolver import VersionedResolver
from ruamel.yaml.tokens import CommentToken

from generator.content.yaml_loader import _CORE_BY_FIRST
from generator.games.common.rooms import ROOMS
from generator.seals import (
    NotOwnFile, Unsealed, key_folder, key_is_kept, open_own, seal, seal_of, sync_folder, unseal, why_not_own,
    write_durably,
)

AUDIT_NAME = "desk-audit.jsonl"
LOCK_NAME = "write.lock"  # (write_lock)
TOKEN_BYTES = 16  # secrets.token_urlsafe(16): 128 random bits
SECRET_BYTES = 32  # the CSRF tokens' key
MAX_TOKENS_FILE = 64 * 1024 * 1024  # far above any event's (held entries included): a planted giant is not read whole


def desk_folder(content: Path) -> Path:
    """`.paibang-desk/` beside content/: never inside content/ or output/, so no build or
    upload can carry a token."""
    return content.resolve().parent / ".paibang-desk"


def tokens_folder(content: Path) -> Path:
    """Where the tokens of one content folder's desk live: `.paibang-desk/<content folder's
    name>/`. Two content folders under one parent share `.paibang-desk/`; one file a slug there
    gave both the same admin token and table links (and an event of one slug in each, one
    desk's tokens to the other's tables). By the folder's name, not its whole path: a project
    moved or renamed above content/ keeps its links."""
    return desk_folder(content) / content.resolve().name


def tokens_path(content: Path, slug: str) -> Path:
    """The tokens file of `slug`'s desk on `content`."""
    return tokens_folder(content) / f"{slug}.json"


def own_desk_folder(content: Path) -> Path:
    """desk_folder, made if missing (0700), and only when it is a folder of the user's own that
    no one else may write into: a link there (planted in a shared project folder) once put the
    admin token into output/ and chmod-ed the folder it led to. UnsafeDeskFile otherwise."""
    return _own_folder(desk_folder(content))


def _own_folder(folder: Path) -> Path:
    """`folder` made if missing (0700), and only when it is a folder of the user's own that no
    one else may write into (own_desk_folder); UnsafeDeskFile otherwise."""
    with contextlib.suppress(FileExistsError):
        os.mkdir(folder, 0o700)
    found = os.lstat(folder)
    if (why := why_not_own(found, folder=True)) is not None:
        raise UnsafeDeskFile(folder, why)
    if found.st_mode & 0o077:  # readable by others (an older folder, a umask): closed, never through a link
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
        try:
            os.fchmod(fd, 0o700)
        finally:
            os.close(fd)
    return folder


def table_key(stage: str, number: int, table: int) -> str:
    return f"{stage}/{number}/{table}"


def match_digest(sides: list[str]) -> str:
    """What a table's token is minted for (Tokens.ensure): the match drawn there, its entries,
    not the table's number alone. In any order: the same two entries with their sides swapped by
    hand are the match the slip was printed for, its captains the ones holding it; the form
    labels each field with the sides as the file has them when it is opened, and one opened
    before the swap is refused at its save (forms.as_filed: desk_changed_since)."""
    return hashlib.sha256("\x1f".join(sorted(sides)).encode("utf-8")).hexdigest()[:16]


class Tokens:
    """The admin token and one token per drawn table, kept across restarts (mode 0600), and
    which table tokens have been used (a table writes its result once).

    The file is sealed with the user's key (seals.py): owned by the user and unreadable by
    others is no proof that the user's desk wrote it, since an archive the user unpacks keeps
    its owner-only modes, and whoever made it knows its admin token."""

    def __init__(self, content: Path, slug: str) -> None:
        if not key_is_kept():
            # A key of this run alone: the next start could not unseal what this one writes, and
            # would set it aside and mint new links under the QR codes already printed. Refused
            # before the desk's folder is made or a token minted.
            raise NoKeptKey(key_folder())
        desk = own_desk_folder(content)
        sync_folder(desk.parent)  # its name on the disk too, or a power cut could lose every token with it
        folder = _own_folder(tokens_folder(content))  # (this content folder's own: tokens_folder)
        sync_folder(desk)
        self.path = folder / f"{slug}.json"
        self.used_log = folder / f"{slug}.used.log"  # (mark_used's marks since the file was last written)
        self._logged = True  # (whether the log may be there: the start's save removes any)
        _hold_event(folder / f"{slug}.desk.lock", self.path)
        self._slug = slug
        self._adopt(desk / f"{slug}.json")
        self._lock = threading.Lock()
        self.data: dict[str, Any] = {"admin": "", "tables": {}, "used": {}, "clock": {}}
        # A tokens file the user's desk did not write (a link, another's, one others could read or
        # write, one without the user's seal: planted by an archive, its admin token known to
        # whoever made it) is set aside, and new tokens minted: `set_aside` names where it went
        # and `set_aside_why` why ("unsafe", "unsealed", "unreadable": sealed, but not what this
        # version writes), for the console to say. (With no key kept between runs every start
        # would find its last file unsealed: the desk does not start then, NoKeptKey.)
        self.set_aside: Path | None = None
        self.set_aside_why = ""
        why = ""  # (why the file there is to be set aside: done once the new one is written, _put_aside)
        try:
            fd = open_own(self.path, os.O_RDONLY, private=True)
        except FileNotFoundError:
            fd = None
        except UnsafeDeskFile:
            fd, why = None, "unsafe"
        if fd is not None:
            with os.fdopen(fd, "rb") as handle:
                found = self._unsealed(handle.read(MAX_TOKENS_FILE + 1))
            if found is None:
                why = "unsealed"
            elif (kept := _well_formed(found)) is None:
                why = "unreadable"
            else:
                self.data.update(kept)
                self._fold_used_log()  # (written into the file by the start's save below)
        if not self.data["admin"]:
            self.data["admin"] = secrets.token_urlsafe(TOKEN_BYTES)
            self.data["secret"] = secrets.token_urlsafe(SECRET_BYTES)
        if why:
            self._put_aside(why)
            return
        try:
            # Written at every start, a file read as it was too: the one sure test that this run
            # can keep what it notes. A desk that cannot (its folder read-only, the disk full or
            # read-only) refuses to start, as with no key kept (NoKeptKey), rather than run and say
            # so: what it could not keep is lost at the first restart, in the midst of the day and
            # unseen, namely the links of every round drawn while it runs (the QR codes printed for
            # them stop opening), which phone saved (a table's later save then reads as the
            # desk's), what a table typed into a file being mended, the round's clock. Refused at
            # start, the fix (a folder made writable, space freed) takes a minute, before any
            # sheet is printed.
            self._save()
        except OSError as error:
            raise TokensUnwritable(self.path, error) from error

    def _adopt(self, old: Path) -> None:
        """A tokens file where an older paibang kept it (`.paibang-desk/<slug>.json`, one for
        every content folder beside it), moved to this content folder's place when that has none
        yet: the links printed for the event still open. Read then as any tokens file is (a link
        or a file without the user's seal set aside). The first content folder whose desk starts
        for the slug takes it; another one's desk mints its own."""
        if os.path.lexists(self.path) or not os.path.lexists(old):
            return
        with contextlib.suppress(OSError):
            os.replace(old, self.path)  # (a rename moves a link itself, never what it leads to)
            sync_folder(self.path.parent)
            sync_folder(old.parent)

    def _unsealed(self, data: bytes) -> bytes | None:
        """The JSON of a tokens file this user's desk wrote for this event, else None (no seal:
        a file of an older paibang, or of someone else's making; a seal of another key; a
        sealed file of another kind, or another event's)."""
        if len(data) > MAX_TOKENS_FILE:
            return None
        try:
            payload = unseal(data)
        except Unsealed:
            return None
        head = _tokens_head(self._slug)
        return payload[len(head):] if payload.startswith(head) else None

    def _put_aside(self, why: str) -> None:
        """The file there set aside (`why`: set_aside_why) and the new tokens put in its place,
        written first beside it: a desk that cannot write them (a full disk, a read-only folder)
        refuses to start with the file where it was, and says it is to be set aside
        (TokensUnwritable.set_aside_why). Set aside first, it was left renamed by a start then
        refused, and the next start, finding no file, minted new links without a word."""
        aside = self.path.with_name(f"{self.path.name}.set-aside-{dt.datetime.now():%Y%m%d-%H%M%S}")
        new = self.path.with_name(f"{self.path.name}.new")
        try:
            self._save(new)  # (written at every start: the one sure test that this run can keep what it notes)
            os.replace(self.path, aside)  # (a rename moves a link itself, never what it leads to)
            os.replace(new, self.path)
            sync_folder(self.path.parent)
            self._drop_used_log()  # (the marks of the file set aside: none of its tokens is one now)
        except OSError as error:
            with contextlib.suppress(OSError):
                new.unlink(missing_ok=True)
            raise TokensUnwritable(self.path, error, why) from error
        self.set_aside, self.set_aside_why = aside, why

    @property
    def admin(self) -> str:
        return self.data["admin"]

    def new_admin(self) -> None:
        """A new admin token (`paibang desk --new-admin-link`), kept as every token is: the link
        printed or shown before (on the venue's screen as a QR code, with --lan) opens nothing
        from now on. The tables' links, which table saved, what is held and the clock stay as
        they were: the score sheets printed still work."""
        with self._lock:
            self.data["admin"] = secrets.token_urlsafe(TOKEN_BYTES)
            self._save()

    @property
    def secret(self) -> bytes:
        return self.data["secret"].encode()

    def ensure(self, drawn: dict[str, str], rounds: frozenset[str] | set[str] = frozenset(),
               unread: frozenset[str] | set[str] | None = None, recorded: frozenset[str] | set[str] | None = None) -> None:
        """A token for every drawn table ("stage/round/table" -> match_digest of the match drawn
        there): one for a table that has none yet (a round drawn while the desk runs), a new one
        for a table whose match is another than the one its token was minted for. A round drawn
        again (its file deleted and `pair` run again, a knockout correction) or tables swapped by
        hand put another match at table 1: keyed by the table alone, the slip printed for the
        old match at table 1 opened and saved the new one, and the table where the match that had
        saved now sits was "sent already". The old token is retired (kept, with its used-marker,
        so that its link says it is of an earlier draw: retired_table), and the new match has a
        fresh link and no used-marker; its match drawn back there (an edit undone) gives its old
        link back, used-marker and all, so the slip printed for it opens again.

        `rounds` ("stage/round") are the rounds read whole: a table of theirs that is no drawn
        match now (a bye since a team withdrew and the round was drawn again, or no such table
        any more) has its token retired too. Kept, its old slip answered "no access" and counted
        against the address's misses, where the README promises desk-link-redrawn. A round not
        read (unreadable: a hand edit half done) keeps its tokens as they are.

        `unread` ("stage/round"): the rounds whose file is there but cannot be read now. Given,
        a round neither read nor unread (its file deleted and not drawn again yet) has no table:
        its tokens are retired as a redraw's are, and its slips answer desk-link-redrawn rather
        than open a form of a round the file no longer has; its file back (the same draw), each
        link opens again.

        `recorded` ("stage/round/table"): the tables whose result the file holds now. Given, a
        token given back keeps its used-marker only where the file holds that table's result:
        the round deleted and drawn again, a table that saved in the deleted round read "sent
        already" over a file holding nothing of it.

        A held entry (typed, the file could not take it) goes with its match: retired with the
        table's token, it is carried to the table of the same round where that match now sits
        (the same match_digest), when that table holds none of its own; the secretary finds it
        on the admin page at the match's table and its captains' new slip shows what they typed.
        (The form labels each field with the sides as the file has them, match_digest says why;
        the entry keeps the sides' order it was typed in, so that where the file has them the
        other way round each side's values go to that side: forms.held_typed.)"""
        with self._lock:
            tables, matches = self.data["tables"], self.data.setdefault("matches", {})
            retired, used = self.data.setdefault("retired", {}), self.data["used"]
            changed = False
            gone = set() if unread is None else {k for k in tables if k not in drawn
                                                 and k.rsplit("/", 1)[0] not in rounds | set(unread)}
            for key in [k for k in tables if k not in drawn and (k.rsplit("/", 1)[0] in rounds or k in gone)]:
                self._retire(key, matches.pop(key, ""))
                del tables[key]
                changed = True
            for key, match in drawn.items():
                if key in tables and matches.get(key, match) == match:
                    if key not in matches:  # a file of an older desk: the match there now is the token's
                        matches[key] = match
                        changed = True
                    continue
                if key in tables:
                    self._retire(key, matches[key])
                back = next((token for token, item in retired.items()
                             if item["table"] == key and item["match"] == match and "renewed" not in item), None)
                if back is None:
                    tables[key] = secrets.token_urlsafe(TOKEN_BYTES)
                else:
                    item = retired.pop(back)
                    tables[key] = back
                    if item["used"] and (recorded is None or key in recorded):
                        used[key] = item["used"]
                    if "held" in item:
                        self.data.setdefault("held", {})[key] = item["held"]
                matches[key] = match
                changed = True
            changed = self._carry_held(drawn) or changed
            if changed:
                self._save()

    def _retire(self, key: str, match: str) -> None:
        """Table `key`'s token kept as of `match`, no longer drawn there (ensure; the lock held)."""
        old = {"table": key, "match": match, "used": self.data["used"].pop(key, "")}
        if (held := self.data.get("held", {}).pop(key, None)) is not None:
            old["held"] = held  # (typed for that match: shown on no other's form, but its own: _carry_held)
        self.data["retired"][self.data["tables"][key]] = old

    def _carry_held(self, drawn: dict[str, str]) -> bool:
        """Each retired token's held entry moved to the table of its round where its match is
        drawn now, if that table holds none (ensure says why). Whether any was."""
        carried = False
        held = self.data.setdefault("held", {})
        for item in self.data["retired"].values():
            if "held" not in item:
                continue
            round_key = item["table"].rsplit("/", 1)[0]
            now = next((key for key, match in drawn.items()
                        if match == item["match"] and key.rsplit("/", 1)[0] == round_key and key not in held), None)
            if now is not None:
                held[now] = item.pop("held")
                carried = True
        return carried

    def renew_table(self, key: str) -> str | None:
        """A new token for table `key` (a slip lost, or photographed by the next table's players):
        the old one retired as renewed, its link answering desk-link-renewed from now on, and never
        given back (ensure). What the table has done stays the table's: its used-marker and what
        it typed that the desk holds go with the new link. The new token, or None for a table that
        has none (not drawn)."""
        with self._lock:
            tables = self.data["tables"]
            if key not in tables:
                return None
            match = self.data.setdefault("matches", {}).get(key, "")
            self.data.setdefault("retired", {})[tables[key]] = {"table": key, "match": match, "used": "",
                                                               "renewed": _now()}
            tables[key] = secrets.token_urlsafe(TOKEN_BYTES)
            self._save()
            return tables[key]

    def renewed(self, token: str) -> bool:
        """Whether `token` is a table's link the secretary renewed (renew_table)."""
        return "renewed" in self.data.get("retired", {}).get(token, {})

    def retired_table(self, key: str, token: str) -> bool:
        """Whether `token` is table `key`'s for a match no longer drawn there (ensure): its link
        is refused with why, not "no access"."""
        item = self.data.get("retired", {}).get(token)
        return item is not None and item["table"] == key

    def table(self, key: str) -> str | None:
        return self.data["tables"].get(key)

    def used(self, key: str) -> str | None:
        return self.data["used"].get(key)

    def mark_used(self, keys: list[str]) -> None:
        """The tables whose write has just landed: a second write by them is refused. All the
        tables of one write (the Writer's batch) in one call.

        Appended to the used log (a sealed line per table, then one fsync), not the whole file
        rewritten: at a mass event the file holds every round's tokens (1 MB by round 9 of a
        2,000-team Swiss), and its rewrite at every save (JSON, seal, temporary, fsync, rename,
        the folder's fsync) took 12 ms at round 1 and about 50 ms by round 5, inside the round
        file's lock, so that every save waited on it. The mark is as durable as before: the line
        is on the disk (fsync; the log's name too, the folder synced when it is made) before this
        returns, and the next start folds it into the file (_fold_used_log). The file itself is
        written as ever, whole and sealed, by every other change (a round drawn, the clock, a
        renewal, a held entry), which takes the marks logged so far and empties the log."""
        with self._lock:
            used, tables = self.data["used"], self.data["tables"]
            new = [key for key in dict.fromkeys(keys) if key not in used]
            at = _now()
            for key in new:
                used[key] = at
            if not new:
                return
            if any(key not in tables for key in new):
                self._save()  # (a table with no token has no line to log: the file as before)
                return
            head = _used_head(self._slug)
            lines = []
            for key in new:
                payload = json.dumps({"at": at, "table": key, "token": tables[key]}, sort_keys=True).encode()
                lines.append(seal_of(head + payload).hex().encode() + b" " + payload + b"\n")
            self._append_used(b"".join(lines))

    def _append_used(self, lines: bytes) -> None:
        """`lines` appended to the used log and synced (the lock held). A line a power cut left
        cut short stays a line of its own (its seal fails, it is skipped): the next begins on a
        new line, or a whole mark after it would be read as part of that one and lost."""
        fd = open_own(self.used_log, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o600, private=True)
        try:
            size = os.fstat(fd).st_size
            if size and os.pread(fd, 1, size - 1) != b"\n":
                lines = b"\n" + lines
            view = memoryview(lines)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
        self._logged = True
        if not size:
            sync_folder(self.used_log.parent)  # (a new log: its name on the disk too)

    def _fold_used_log(self) -> None:
        """The marks of the used log (mark_used) taken into `data`, at start: each line sealed with
        the user's key for this event, of a table whose token is still the one it names; any
        other line (cut short by a power cut, not the user's desk's) is skipped."""
        try:
            fd = open_own(self.used_log, os.O_RDONLY, private=True)
        except OSError:  # none (the usual), or not the user's own: no mark is taken from it
            return
        with os.fdopen(fd, "rb") as handle:
            data = handle.read(MAX_TOKENS_FILE)
        head, tables, used = _used_head(self._slug), self.data["tables"], self.data["used"]
        for line in data.split(b"\n"):
            sealed, _, payload = line.partition(b" ")
            try:
                unseal(bytes.fromhex(sealed.decode("ascii")) + head + payload)
                item = json.loads(payload)
            except ValueError:  # (Unsealed, a line cut short, not hex)
                continue
            if (isinstance(item, dict) and all(isinstance(item.get(k), str) for k in ("at", "table", "token"))
                    and tables.get(item["table"]) == item["token"]):
                used.setdefault(item["table"], item["at"])

    def _drop_used_log(self) -> None:
        """The used log emptied, its marks now in the file (the lock held). Durably: a log back
        after a power cut could mark a table whose token was retired and given back since, its
        result no longer in the file (ensure)."""
        if not self._logged:
            return
        try:
            os.unlink(self.used_log)  # (a link planted there: the link itself)
        except FileNotFoundError:
            pass
        else:
            sync_folder(self.used_log.parent)
        self._logged = False

    def set_clock(self, stage: str, number: int, started: str | None) -> None:
        with self._lock:
            if started is None:
                self.data["clock"].pop(f"{stage}/{number}", None)
            else:
                self.data["clock"][f"{stage}/{number}"] = started
            self._save()

    def clock(self, stage: str, number: int) -> str | None:
        return self.data["clock"].get(f"{stage}/{number}")

    # Entries the desk could not write (the round's file does not parse: a hand edit half
    # done). Kept here, beside the tokens and as durably, so what a table typed outlives the
    # phone's page and a restart of the desk; the save that lands for the table drops it.
    def hold(self, key: str, who: str, typed: dict[str, str], problem: str, sides: list[str] | None = None) -> None:
        """`sides`: the table's sides in the order its form labelled them when typed, kept with the
        entry: moved with its match to a table where the file has them the other way round (or
        swapped at its own), the form gives each side's values to that side (forms.held_typed)."""
        with self._lock:
            self.data.setdefault("held", {})[key] = {"at": _now(), "who": who, "typed": dict(typed),
                                                     "problem": problem, **({"sides": list(sides)} if sides else {})}
            # The disk that refused the save (full, read-only) may refuse this too: then it is held
            # for this run of the desk (shown, said on the terminal), written with the store's next save.
            with contextlib.suppress(OSError):
                self._save()

    def held(self, key: str) -> dict[str, Any] | None:
        return self.data.get("held", {}).get(key)

    def all_held(self) -> dict[str, dict[str, Any]]:
        return dict(self.data.get("held", {}))

    def release(self, keys: list[str]) -> None:
        with self._lock:
            held = self.data.get("held", {})
            gone = [k for k in keys if k in held]
            for key in gone:
                del held[key]
            if gone:
                self._save()

    def _save(self, path: Path | None = None) -> None:
        """The tokens written to their file (`path`: elsewhere, _put_aside's new file)."""
        text = json.dumps(self.data, ensure_ascii=False, indent=1, sort_keys=True)
        # a table's token lost is a table locked out: durably; sealed, or the next start sets it aside
        write_durably(path or self.path, seal_tokens(self._slug, text.encode("utf-8")), mode=0o600)
        if path is None:
            self._drop_used_log()  # (its marks are in the file now)


def _token_pattern(size: int) -> re.Pattern[str]:
    """What secrets.token_urlsafe(size) makes: base64url, unpadded."""
    return re.compile(f"[A-Za-z0-9_-]{{{len(base64.urlsafe_b64encode(bytes(size)).rstrip(b'='))}}}")


_TOKEN = _token_pattern(TOKEN_BYTES)
_SECRET = _token_pattern(SECRET_BYTES)


def _well_formed(text: bytes) -> dict[str, Any] | None:
    """The tokens file's data if it is what this desk writes, else None: a token of another
    type or length would break the desk later (a number has no .encode(), a missing secret no
    CSRF token) or be weaker than the desk mints, so the file is set aside instead. A sealed file
    can still be of another version."""
    try:
        data = json.loads(text.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None

    def strings(value: Any, pattern: re.Pattern[str] | None = None) -> bool:
        return isinstance(value, dict) and all(
            isinstance(k, str) and isinstance(v, str) and (pattern is None or pattern.fullmatch(v))
            for k, v in value.items())

    def held(value: Any) -> bool:
        return isinstance(value, dict) and {"at", "who", "typed", "problem"} <= set(value) \
            <= {"at", "who", "typed", "problem", "sides"} and strings(value["typed"]) \
            and ("sides" not in value or (isinstance(value["sides"], list)
                                          and all(isinstance(side, str) for side in value["sides"]))) \
            and all(isinstance(value[k], str) for k in ("at", "who", "problem"))

    def retired(value: Any) -> bool:
        return isinstance(value, dict) and {"table", "match", "used"} <= set(value) \
            <= {"table", "match", "used", "held", "renewed"} \
            and all(isinstance(value[k], str) for k in ("table", "match", "used", "renewed") if k in value) \
            and ("held" not in value or held(value["held"]))

    if not (isinstance(data, dict) and {"admin", "secret", "tables", "used", "clock"} <= set(data) <= {
            "admin", "secret", "tables", "used", "clock", "held", "matches", "retired"}):
        return None
    if "matches" in data and not strings(data["matches"]):
        return None
    if "retired" in data and not (isinstance(data["retired"], dict) and all(
            isinstance(k, str) and _TOKEN.fullmatch(k) and retired(v) for k, v in data["retired"].items())):
        return None
    if not (isinstance(data["admin"], str) and _TOKEN.fullmatch(data["admin"])
            and isinstance(data["secret"], str) and _SECRET.fullmatch(data["secret"])
            and strings(data["tables"], _TOKEN) and strings(data["used"]) and strings(data["clock"])):
        return None
    if "held" in data and not (isinstance(data["held"], dict) and all(held(v) for v in data["held"].values())):
        return None
    return data


def _tokens_head(slug: str) -> bytes:
    """What a tokens file's sealed payload starts with: its kind and event, so that nothing else
    sealed with the user's key (a cache) nor another event's tokens is read as these."""
    return f"paibang-desk-tokens-1 {slug}\n".encode()


def _used_head(slug: str) -> bytes:
    """What each sealed line of `slug`'s used log is sealed after (Tokens.mark_used): its kind and
    event, so that no other sealed text, nor another event's mark, is read as one."""
    return f"paibang-desk-used-1 {slug}\n".encode()


def seal_tokens(slug: str, text: bytes) -> bytes:
    """The tokens file of `slug` holding the JSON `text`, sealed with the user's key."""
    return seal(_tokens_head(slug) + text)


def _now() -> str:
    return dt.datetime.now(dt.timezone.utc).isoformat(timespec="milliseconds")


_audit_lock = threading.Lock()


def audit_line(who: str, stage: str, number: int, table: int, path: Path, old: Any, new: Any,
               written: str = "") -> dict[str, Any]:
    """One line of events/<slug>/desk-audit.jsonl: when, who, what, old and new. The loader reads
    only event.yaml, its entries and notice files and results/*.yaml, so `check` ignores the log
    and `build` never copies it. `written`: the file written, its path in content/, when the
    round's file (`path`) is a link to it (app.Writer.audit_logs)."""
    line = {"at": _now(), "who": who, "stage": stage, "round": number, "table": table, "file": path.name,
            "old": old, "new": new}
    if written:
        line["written"] = written
    return line


# What the admin page reads of the audit log. The log is the desk's, but the event folder is
# the content author's: one from elsewhere (received, unpacked) may hold anything.
MAX_AUDIT_READ = 8 * 1024 * 1024  # the log's last 8 MiB at most: an event day's saves are lines of about 250 bytes
MAX_AUDIT_LINE = 256 * 1024  # a save's old and new record: each from a form of at most 64 KiB
MAX_RECORD_DEPTH = 8  # a record's nesting (rooms: open: levels: T01): 4 deep
_AUDIT_KEYS = {"at", "who", "stage", "round", "table", "file", "old", "new"}
_TAIL = 64  # bytes before where the log was read to, read again to tell it is the same log


class Corrections:
    """The tables whose result the secretary changed after it was in, read from the event's
    audit log: "stage/round/table" -> when (the last such change, as the log writes it). A save
    that only adds to what was in (a match's second room after its first) corrects nothing.

    The admin page asks at every rendering, all day, and the log only grows: what was read is
    kept, and only what was appended since is read (whole lines: one being written waits). A
    log replaced or cut short (another file where it was read, or its last bytes read no longer
    the same) is read anew, its last MAX_AUDIT_READ bytes at most. A line that is not one the
    desk writes (audit_line) is skipped: one nested too deep for the JSON reader raised
    RecursionError, and the admin page answered 500."""

    def __init__(self, event_folder: Path) -> None:
        self.path = event_folder / AUDIT_NAME
        self._lock = threading.Lock()
        self._found: dict[str, str] = {}
        self._file: tuple[int, int] | None = None  # (device, inode) of the log read
        self._offset = 0  # read to here: the end of its last whole line
        self._tail = b""  # the _TAIL bytes before _offset, as read

    def read(self) -> dict[str, str]:
        with self._lock:
            try:
                fd = open_own(self.path, os.O_RDONLY)
            except OSError:  # no log yet; or not a regular file of the user's own (check says so)
                self._found, self._file, self._offset, self._tail = {}, None, 0, b""
                return {}
            try:
                lines = self._appended(fd)
            finally:
                os.close(fd)
            for line in lines:
                if (item := _audit_item(line)) is not None and item["who"] == "secretary" \
                        and _takes_back(item["old"], item["new"]):
                    self._found[f"{item['stage']}/{item['round']}/{item['table']}"] = item["at"]
            return dict(self._found)

    def _appended(self, fd: int) -> list[bytes]:
        """The whole lines of the log open at `fd` not read yet, the place read to moved past
        them; all of it again (its last MAX_AUDIT_READ bytes) when it is not the log read."""
        found = os.fstat(fd)
        size, begin = found.st_size, self._offset
        if (found.st_dev, found.st_ino) != self._file or size < begin \
                or os.pread(fd, len(self._tail), begin - len(self._tail)) != self._tail:
            self._found, self._file, self._tail, begin = {}, (found.st_dev, found.st_ino), b"", 0
        if size - begin > MAX_AUDIT_READ:  # (a planted giant, or appended all at once)
            # from the first line that starts in its last MAX_AUDIT_READ bytes (the byte before
            # them read too: a line may start right there)
            data = os.pread(fd, MAX_AUDIT_READ + 1, size - MAX_AUDIT_READ - 1)
            data = data[data.find(b"\n") + 1:] if b"\n" in data else b""
            begin, kept = size - len(data), b""
        else:
            data, kept = os.pread(fd, size - begin, begin), self._tail
        whole = data[:data.rfind(b"\n") + 1]  # a line being written waits for its end
        self._offset = begin + len(whole)
        self._tail = (kept + whole)[-_TAIL:]
        if len(self._tail) < min(_TAIL, self._offset):  # (after a jump, few bytes read)
            self._tail = os.pread(fd, min(_TAIL, self._offset), self._offset - min(_TAIL, self._offset))
        return whole[:-1].split(b"\n") if whole else []


def _audit_item(line: bytes) -> dict[str, Any] | None:
    """A line of the audit log as audit_line wrote it, else None (not JSON, not UTF-8, too long
    or too deep, another shape)."""
    if len(line) > MAX_AUDIT_LINE:
        return None
    try:
        item = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    # (`written` beside them for a save through a link; a line with `event`, another event's
    # desk's save into this event's file, names that event's table, not one of this one's)
    if not (isinstance(item, dict) and set(item) - {"written"} == _AUDIT_KEYS
            and all(isinstance(item[k], str) for k in ("at", "who", "stage", "file"))
            and isinstance(item.get("written", ""), str)
            and all(type(item[k]) is int for k in ("round", "table"))
            and _record(item["old"]) and _record(item["new"])):
        return None
    try:
        dt.datetime.fromisoformat(item["at"])  # shown as its time of day (the admin page's HH:MM)
    except ValueError:
        return None
    return item


def _record(value: Any, depth: int = MAX_RECORD_DEPTH) -> bool:
    """Whether `value` is JSON data nested no deeper than a record is (_takes_back walks it)."""
    if isinstance(value, dict):
        return depth > 0 and all(_record(v, depth - 1) for v in value.values())
    if isinstance(value, list):
        return depth > 0 and all(_record(v, depth - 1) for v in value)
    return True


def _takes_back(old: Any, new: Any) -> bool:
    """Whether `new` changes or drops anything `old` had (a mapping may gain keys)."""
    if isinstance(old, dict):
        return any(key not in new or _takes_back(value, new[key]) for key, value in old.items()) \
            if isinstance(new, dict) else bool(old)
    return old not in (None, "", []) and old != new


# Each event's desk lock held by this process, for its life (path -> descriptor): two desks on one
# event, two processes, each kept the tokens in memory and wrote the whole file at every change,
# so a round's links minted by one were dropped by the other's next save (rev57). One desk per
# event: a second, in another process, refused (DeskBusy). Desks of one process share it.
_EVENT_LOCKS: dict[str, int] = {}
_EVENT_LOCKS_GUARD = threading.Lock()


def _hold_event(path: Path, tokens: Path) -> None:
    """The event's desk lock, `path`, taken for this process's life, or DeskBusy when another
    process holds it (TokensUnwritable, naming the event's `tokens` file, when the folder will
    not take it). A filesystem without locks: started as before, without."""
    with _EVENT_LOCKS_GUARD:
        if os.fspath(path) in _EVENT_LOCKS:
            return
        try:
            fd = open_own(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600, private=True)
        except UnsafeDeskFile as unsafe:
            # it holds nothing: one not private, another's copy, a link planted there is removed
            # (a link itself, never what it leads to) and made anew, as a tokens file is set aside
            # rather than stop the desk for good (rev59); one that will not go is refused as before
            try:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(path)
                fd = open_own(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_EXCL, 0o600, private=True)
            except OSError:
                raise unsafe from None
        except OSError as error:  # a read-only or full disk: the desk's own refusal, with the fix (rev59)
            raise TokensUnwritable(tokens, error) from error
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise DeskBusy(path) from None
        except OSError:  # (no locks there: ENOLCK, EOPNOTSUPP)
            pass
        _EVENT_LOCKS[os.fspath(path)] = fd


def _close_event_locks() -> None:
    """In a forked child (the build's workers): its copies closed, or a desk killed would stay
    locked until each of them ended; the parent's lock stays held."""
    for fd in _EVENT_LOCKS.values():
        with contextlib.suppress(OSError):
            os.close(fd)
    _EVENT_LOCKS.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_close_event_locks)


class DeskBusy(Exception):
    """Another desk (another process) runs the same event on the same content folder: this one
    does not start. `path`: the event's desk lock."""

    def __init__(self, path: Path) -> None:
        super().__init__(str(path))
        self.path = path

    def problem(self, event: str) -> Any:
        """The refusal as a content error (desk-event-busy), printed as `check` prints one."""
        from generator.errors import ContentError, Mark

        return ContentError("desk-event-busy", Mark(self.path), {"event": event})


class NoKeptKey(Exception):
    """No place to keep the user's key (seals.key_is_kept): the tokens file is sealed with it, so
    a key of one run alone makes every start set the last file aside and mint new links, and the
    QR codes printed on the score sheets stop working. `folder`: where the key would be kept."""

    def __init__(self, folder: Path) -> None:
        super().__init__(str(folder))
        self.folder = folder

    def problem(self) -> Any:
        """The refusal as a content error (desk-no-key), printed as `check` prints one."""
        from generator.errors import ContentError, Mark

        return ContentError("desk-no-key", Mark(self.folder), {"folder": self.folder})


class TokensUnwritable(Exception):
    """The tokens file cannot be written (Tokens: its folder read-only, the disk full or
    read-only): the desk does not start. `error`: the system's refusal; `set_aside_why`: why the
    file there is to be set aside (Tokens.set_aside_why), left where it was, "" for none."""

    def __init__(self, path: Path, error: OSError, set_aside_why: str = "") -> None:
        super().__init__(str(path))
        self.path = path
        self.error = error
        self.set_aside_why = set_aside_why


# A file the desk writes (the audit log, the write lock, the tokens and their folder) that is not
# a regular file (a folder) of the user's own: seals' NotOwnFile, under the desk's name for it.
UnsafeDeskFile = NotOwnFile


def desk_file_problem(path: Path) -> str | None:
    """Why the desk would refuse to write `path` (UnsafeDeskFile's `why`), or None: not there
    yet, or a regular file of the user's own. For `check` and the desk's start."""
    try:
        found = os.lstat(path)
    except OSError:
        return None
    return why_not_own(found)


def unsafe_desk_files(content: Path) -> list[tuple[Path, str]]:
    """Each audit log of an event folder, and the desk's write lock, that the desk would refuse
    to write (desk_file_problem), with why."""
    found = []
    events = content / "events"
    try:
        folders = sorted(events.iterdir()) if events.is_dir() else []
    except OSError:
        folders = []
    for folder in folders:
        if (why := desk_file_problem(folder / AUDIT_NAME)) is not None:
            found.append((folder / AUDIT_NAME, why))
    lock = write_lock(content)
    if (why := desk_file_problem(lock)) is not None:
        found.append((lock, why))
    return found


def open_audit(event_folder: Path) -> int:
    """The event's audit log opened to append (os.close it): only a regular file of the user's
    own, made if missing; UnsafeDeskFile otherwise, before anything is saved (the desk holds the
    save and says why)."""
    return open_own(event_folder / AUDIT_NAME, os.O_RDWR | os.O_APPEND | os.O_CREAT)  # (read: its last byte, append_audit)


def desk_file_problems(content: Path) -> list[Any]:
    """unsafe_desk_files as content errors (desk-file-unsafe), for `check` and the desk's start."""
    from generator.errors import ContentError, Mark

    return [ContentError("desk-file-unsafe", Mark(path), {"path": path.name}) for path, _ in unsafe_desk_files(content)]


def append_audit(event_folder: Path, lines: list[dict[str, Any]], fd: int | None = None) -> tuple[int, int]:
    """The lines appended to the event's audit log (`fd`: opened by open_audit, closed here);
    where they lie in it, from and to (take_back_audit). The results file's name is the content
    author's to choose; as JSON a line stays one line (a newline in it is written \\n), and the
    log is never written through a link (open_audit): a log planted as a link to ~/.bashrc once
    ran `$(…)` in such a name. Whole or not at all: a disk filling up takes part of a write and
    refuses the rest (os.write returns short, then ENOSPC), and a line cut short, taken for the
    save's, was a save standing with half a line (the log cut back then, and the refusal raised)."""
    text = "".join(json.dumps(line, ensure_ascii=False, sort_keys=True) + "\n" for line in lines).encode("utf-8")
    with _audit_lock:
        if fd is None:
            fd = open_audit(event_folder)
        try:
            start = os.fstat(fd).st_size
            if start and os.pread(fd, 1, start - 1) != b"\n":
                # a line cut short by a kill or a power cut (the clean-up below is this
                # process's only): the next line joined to it was unreadable too (rev101), so
                # the new lines start on a line of their own
                text = b"\n" + text
            try:
                # O_APPEND: each line lands whole at the end, whatever else appends
                written = 0
                while written < len(text):
                    written += os.write(fd, text[written:])
                os.fsync(fd)
            except OSError:
                with contextlib.suppress(OSError):
                    if os.fstat(fd).st_size > start:
                        os.ftruncate(fd, start)
                raise
        finally:
            os.close(fd)
        if start == 0:  # the log's name too, or a power cut could lose the whole of it
            sync_folder(event_folder)
    return start, start + len(text)


def take_back_audit(event_folder: Path, extent: tuple[int, int]) -> None:
    """The lines append_audit put at `extent` of the event's log taken out again: a save held
    after they were appended (another event's log refused its own: app.Writer._apply_once) has
    no line for it, in any log. Only while the log ends with them (nothing appended since: the
    desks' saves are one at a time, under the content folder's lock); a log that cannot be
    opened or cut keeps them (the save is held all the same, and said so)."""
    start, end = extent
    with _audit_lock, contextlib.suppress(OSError):
        fd = open_own(event_folder / AUDIT_NAME, os.O_WRONLY)
        try:
            if os.fstat(fd).st_size == end:
                os.ftruncate(fd, start)
                os.fsync(fd)
        finally:
            os.close(fd)


# --- round-trip writes --------------------------------------------------------------------

_file_locks: dict[Path, threading.Lock] = {}
_file_locks_guard = threading.Lock()


class CoreResolver(VersionedResolver):
    """The round trip's plain scalars typed as the content loader types them: YAML 1.2's core
    schema (yaml_loader's resolvers), where ruamel's own also reads a date, `1_000`, `0b11` or a
    lone `=` as other than the text every reader of paibang's reads. The writer's one reading of
    a round's file, under its lock, is then the loader's too, value for value: what a form was
    filled from (forms.as_filed) is told from it, with no reading of the file by the loader
    besides (each was one more parse of the whole file under the lock). And a text the desk
    writes is quoted exactly when the loader would read it as something else."""

    @property
    def versioned_resolver(self) -> Any:
        return _CORE_RESOLVERS


# (by a scalar's first character, as ruamel looks them up; lists of their own: ruamel adds to them)
_CORE_RESOLVERS = {first: list(found) for first, found in _CORE_BY_FIRST.items()}


def _yaml() -> YAML:
    yaml = YAML(typ="rt")
    yaml.Resolver = CoreResolver
    yaml.preserve_quotes = True
    yaml.width = 4096  # never re-wrap a long deal log
    # the layout `paibang pair` writes and the demo files use: "  - table: 1\n    teams: …"
    yaml.indent(mapping=2, sequence=4, offset=2)
    return yaml


def load_round_trip(text: str) -> Any:
    return _yaml().load(text)


def dump_round_trip(data: Any) -> str:
    out = io.StringIO()
    _yaml().dump(data, out)
    return out.getvalue()


# --- a save's edit of a round's file ------------------------------------------------------
#
# A save once loaded and dumped the whole round file through ruamel: at a mass event's size (a
# 2,000-team Swiss, 1,000 tables a round, a file of 160 kB) that took about 1.9 s under load,
# and saves run one after another under the file's lock, so phones saving together waited tens
# of seconds. The options weighed:
#   (a) splice: round-trip only the saved table's item (its lines in the text) and put the new
#       lines in its place; the rest of the text is copied, so the cost is the table's, not the
#       round's (bar a copy of the text, a digest, and the fast reader's check of the result);
#   (b) keep the parsed document between saves, parsed again when the file's digest changed:
#       the load is saved, but the dump of the whole document (a third of the round trip's
#       cost, about 0.4 s for 1,000 tables) is still paid at every save, and the document kept
#       (4 MB for a round of 1,000 tables as drawn) must be exactly the file, or a save writes
#       back what the secretary has since changed;
#   (c) coalesce the saves waiting for the lock into one load and dump (Writer in app.py does
#       already): it shares the cost among those waiting, but a phone still waits one whole
#       round trip or two, however few tables save at once.
# (a) is taken, with (b)'s digest to know when it is safe and (c) kept around it. A splice writes
# what the whole round trip would write only when the text outside the table is written back by
# the round trip as it is (ruamel normalises a hand edit's layout: `{T01: Q,T02: 9}` written
# `{T01: Q, T02: 9}`). That holds for a text the round trip itself wrote (its dump read and
# dumped again is the same text: tests/test_desk_splice.py), and the desk knows such a text by
# its digest (Known): the text it last wrote. Any other text (`paibang pair`'s before the first
# save, a hand edit since, another desk's write) was saved by the whole round trip (4.7 s of a
# first save after a hand edit at 1,000 tables); it is now spliced too, against its fast reading
# (app.Writer.known_of): the hand's lines outside the saved tables' items stay as typed (the
# item after each is read with it, for the comments above its dash, and copied, not written:
# RoundEdit._splice), where the whole round trip would have laid them out as ruamel writes and
# dropped the comments it drops (inside a flow list), the values the same either way, which
# the check below makes sure of. A splice is checked before it is written: the
# whole new text read by the fast reader (yaml_loader's, tens of ms for 1,000 tables) must be
# the text before with the saved tables' items, as their own lines read, in their places, every
# other value as it was; else the save is made by the whole round trip (Writer). That reading
# is kept with the digest, and the next save's form is filled from it (Desk.filed_table): a save
# reads the whole file with the fast reader once, as it did before, and round-trips its tables
# alone. (bench/desk_saves.py: 1,000 tables against 10.)


def line_starts(text: str) -> list[int]:
    """Each line's offset in `text` (a mark's line L starts at [L - 1])."""
    return [0] + [found.end() for found in re.finditer("\n", text)]


# YAML's document end marker, `...` alone at the start of a line (a comment may follow it), and
# what may come after it in a round's file: more markers, comments and blank lines only
_DOCUMENT_END = re.compile(r"^\.\.\.(?=[ \t\n]|\Z)", re.M)
_AFTER_THE_END = re.compile(r"(?:(?:\.\.\.(?=[ \t\n]|\Z))?[ \t]*(?:#[^\n]*)?(?:\n|\Z))*")


def document_end(text: str, start: int = 0) -> int:
    """Where a round's document ends in `text` (from `start` on): at its document end marker `...`
    when the file has one and only comments and blank lines after it (a referee's `# checked by
    the referee`), else at the text's end. ruamel reads nothing after the marker and writes no
    marker: the lines from it on are kept by being copied (RoundEdit), not round-tripped, which
    dropped them all at a save of the round's last table, or at any save made whole."""
    if "\n..." not in text and not text.startswith("..."):  # (the common case, found at memchr's speed)
        return len(text)
    found = _DOCUMENT_END.search(text, start)
    if found is None or _AFTER_THE_END.fullmatch(text, found.start()) is None:
        return len(text)
    return found.start()


# What may come before a round's document start marker `---`: directives (`%YAML 1.2`), comments
# and blank lines; the marker then alone on its line, or with a comment after it (`--- # round 4`)
_DOCUMENT_START = re.compile(r"(?:(?:%[^\n]*|[ \t]*(?:#[^\n]*)?)\n)*---[ \t]*(?:#[^\n]*)?(?:\n|\Z)")


def document_start(text: str) -> int:
    """Where a round's document starts in `text`: after its document start marker `---` when the
    file has one (with only directives, comments and blank lines before it), else at 0. ruamel
    reads the marker and writes none: a save by the whole round trip dropped it, the comments
    above it and any directive (`%YAML 1.2`), and wrote a comment after it (`--- # round 4`)
    indented as if it were a value's. The lines up to it are kept by being copied (RoundEdit),
    as the lines from the end marker `...` on are (document_end)."""
    # (a byte order mark, which an editor on Windows may write, kept before it so: ruamel drops it too)
    bom = 1 if text.startswith("\ufeff") else 0
    found = _DOCUMENT_START.match(text, bom)  # (anchored: it reads no further than the file's first line of data)
    return found.end() if found is not None else bom


def text_digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Known:
    """A round file's text as the desk's last save wrote it (its "\\n" form): its digest, and the
    fast reader's reading of it (what a splice of it is checked against). Only the digest is kept
    of the text: the file is read anew at each save, and a splice is made only if it is still
    this text."""

    def __init__(self, text: str, reading: Any) -> None:
        self.digest = text_digest(text)
        self.reading = reading


def loader_reading(text: str, path: Path) -> tuple[Any, bool]:
    """The content loader's reading of a round's text whatever it finds wrong in it (None when it
    reads nothing), and whether it found nothing wrong (fast_reading's)."""
    from generator.content.yaml_loader import load_yaml_text
    from generator.errors import Problems

    problems = Problems()
    try:
        data = load_yaml_text(text, path, problems)
    except Exception:  # noqa: BLE001 - read as nothing, which nothing else reads as
        return None, False
    return data, not problems.items


def fast_reading(text: str, path: Path) -> Any:
    """The content loader's reading of a round's text (its fast readers: no ruamel), None when it
    finds anything wrong."""
    data, problems = loader_verdict(text, path)
    return None if problems else data


def loader_verdict(text: str, path: Path) -> tuple[Any, list[Any]]:
    """The content loader's reading of a round's text (None when it reads nothing of it) and the
    problems it finds: fast_reading's one reading, its problems kept (app.Writer.known_of tells a
    whole file refused from them, with no reading of its own)."""
    from generator.content.yaml_loader import load_yaml_text
    from generator.errors import Problems

    problems = Problems()
    data = load_yaml_text(text, path, problems)
    return data, problems.items


def _alike(one: Any, other: Any) -> bool:
    """Read as the same value: `==`, but a NaN (`.nan`, a hand may write it in a note) alike to a
    NaN, which `==` never holds, so a file with one in it refused every save as not reading back."""
    if isinstance(one, float) and isinstance(other, float) and one != one and other != other:
        return True
    if isinstance(one, dict) and isinstance(other, dict):
        return one.keys() == other.keys() and all(_alike(value, other[key]) for key, value in one.items())
    if isinstance(one, list) and isinstance(other, list):
        return len(one) == len(other) and all(map(_alike, one, other))
    return bool(one == other)


def _next_item_uncommented(text: str, mini: Any, index: int) -> str | None:
    """A splice's lines (`text`, read as `mini`) with the comment at the end of item `index`'s
    line taken out, when that item is one ruamel loses the comment lines above for (None for
    any other): a flow mapping (`- {table: 3, teams: [T05, T06]}  # by hand`) whose line ends
    in a comment, which takes the item's comment slot as ruamel reads, the lines above its dash
    dropped (`# the far end of the hall`, or the saved table's own lines after its last value).
    The item after a run is read only for those lines and copied, not written: read without
    its end-of-line comment, they are kept, and the comment stays in the file as typed."""
    tables = mini.get("tables") if isinstance(mini, dict) else None
    slot = tables.ca.items.get(index) if isinstance(tables, CommentedSeq) else None
    token = slot[0] if slot else None
    if not isinstance(token, CommentToken) or not token.value.startswith("#"):
        return None
    mark, starts = token.start_mark, line_starts(text)
    line = getattr(mark, "line", None)
    if not isinstance(line, int) or not 0 <= line < len(starts):
        return None
    at = starts[line] + mark.column
    if not text.startswith("#", at) or at == starts[line] or text[at - 1] not in " \t":
        return None
    line_end = text.find("\n", at)
    return text[:at].rstrip(" \t") + (text[line_end:] if line_end >= 0 else "")


class RoundEdit:
    """One save's edit of a round file's text (the tables of `numbers`): spliced when the text is
    `known` (the desk's last write, or the file's fast reading: app.Writer.known_of) and laid out
    as the round trip writes it, else (or with `splice` False) the whole document round-tripped,
    as every save once was. `table(n)` is the table's node to change (None when the file has none
    of that number), `tables(n)` the list it is in (drop_comment_lines looks at the next item),
    `render()` the new text, read back before it is given: None when it does not read as it
    should (a splice: made again whole, RoundEdit(text, numbers, known, splice=False); the whole
    round trip: the save cannot be written)."""

    def __init__(self, text: str, numbers: list[int] | tuple[int, ...] = (), known: Known | None = None,
                 path: Path = Path("round.yaml"), splice: bool = True) -> None:
        self.text, self.path = text, path
        self.reading: Any = None  # the new text's fast reading, once render() has checked it
        self.spliced = False
        self._numbers = list(numbers)
        self._runs: list[tuple[int, int, int, Any]] = []  # (first item, item after the last, text offset, mini document)
        self._where: dict[int, tuple[Any, int]] = {}  # table number -> (mini document, its index there)
        # the text's fast reading (known's), which the new text's is checked against
        self._before = known.reading if known is not None and known.digest == text_digest(text) else None
        self._end = document_end(text)  # (the marker `...` and what follows it: copied as it is)
        self._start = document_start(text)  # (the marker `---` and what comes before it: so too)
        if splice and self._before is not None and self._splice(numbers, self._before):
            self.spliced = True
            self.data = None
        else:
            self.data = load_round_trip(text[self._start:self._end])

    def _splice(self, numbers: Any, reading: Any) -> bool:
        """The mini documents of the saved tables' items, adjacent ones in one, each run read with
        the item after it (ruamel keeps the comment lines above that item's dash as that item's,
        or as the last value's of the item before: drop_comment_lines looks there) but written
        only up to that item's dash (read without the comment at its line's end when ruamel
        would drop those lines for it: _next_item_uncommented): the item itself is copied as it
        is in the text. Written whole with them, it was laid out anew (`{T05: J,T06: 4}` written
        `{T05: J, T06: 4}`) and the comments the round trip drops (inside a flow list) lost,
        though no save of it was made. The last item's lines end at the file's document end
        marker `...`, if it has one (document_end). False when the text is not laid out as the
        round trip writes a round (the whole then)."""
        from generator.content.yaml_loader import mark_of_key

        if not isinstance(reading, dict) or not isinstance(tables := reading.get("tables"), list) or not tables:
            return False
        marks = getattr(tables, "item_marks", None)
        lines = line_starts(self.text)
        key_lines = [mark_of_key(reading, key).line for key in reading]
        if marks is None or len(marks) != len(tables) or mark_of_key(reading, "tables").line != max(key_lines):
            return False  # (`tables:` not the last key: its last item's lines would run into the next key's)
        if not self.text.startswith("tables:", lines[mark_of_key(reading, "tables").line - 1]):
            return False
        starts = []
        for mark in marks:  # each item a block mapping on its own "  - " line, in order
            if mark.column != 5 or not 0 < mark.line <= len(lines) or (starts and lines[mark.line - 1] <= starts[-1]) \
                    or not self.text.startswith("  - ", lines[mark.line - 1]):
                return False
            starts.append(lines[mark.line - 1])
        if self._end < starts[-1]:
            return False  # (a marker before the last item: not a round's one document, read whole)
        starts.append(self._end)  # (the last item's lines end at the marker `...`, if the file has one)
        indices = {}
        for number in numbers:  # (find_table's: the first mapping of that number)
            index = next((i for i, item in enumerate(tables) if isinstance(item, dict) and item.get("table") == number), None)
            if index is not None:
                indices[number] = index
        spans: list[list[int]] = []  # [first saved item, last saved item], items side by side in one
        for index in sorted(set(indices.values())):
            # (but a flow mapping `- {table: 3, …}`: a run of its own, read as the item after the
            # run before it too, so that the lines above its dash are read as _next_item_uncommented
            # reads them; in the run, ruamel dropped them when its line ends in a comment)
            if spans and index == spans[-1][1] + 1 and not self.text.startswith("  - {", starts[index]):
                spans[-1][1] = index
            else:
                spans.append([index, index])
        for first, last in spans:
            end = min(last + 2, len(tables))  # (with the item after, read and not written)
            read = "tables:\n" + self.text[starts[first]:starts[end]]
            try:
                mini = load_round_trip(read)
                if end > last + 1 and (uncommented := _next_item_uncommented(read, mini, end - 1 - first)):
                    mini = load_round_trip(uncommented)
            except Exception:  # noqa: BLE001 - read whole instead, which says what is wrong
                return False
            if not isinstance(mini, dict) or not isinstance(mini.get("tables"), list) \
                    or len(mini["tables"]) != end - first:
                return False
            self._runs.append((first, last + 1, starts[first], mini))
        for number, index in indices.items():
            run = next(run for run in self._runs if run[0] <= index < run[1])
            node = run[3]["tables"][index - run[0]]
            if not isinstance(node, CommentedMap) or node.get("table") != number:
                return False
            self._where[number] = (run[3], index - run[0])
        self._starts, self._reading = starts, reading
        return True

    def _reads_back(self, new: str) -> bool:
        """Whether the whole round trip's text reads as the text before, bar the saved tables,
        which read as they were edited, as a splice's is checked (render): the round trip reads
        a hand's text otherwise than the content loader at times, and writes what it read. (It
        wrote its text unread, the fallback of every splice the check refused.) Its reading kept."""
        if self._before is not None:
            found = fast_reading(new, self.path)
            if found is None:
                return False
            before, after = plain(self._before), plain(found)
        else:
            # a text the fast reader finds a problem in (a key written twice): the content loader's
            # reading of it all the same, and of the new text, which is the next save's known
            # reading if the save mended that problem
            before, _ = loader_reading(self.text, self.path)
            found, ok = loader_reading(new, self.path)
            before, after, found = plain(before), plain(found), found if ok else None
            if not isinstance(before, dict):
                # one the loader reads nothing of (an alias): the round trip's own readings, the
                # text before read again (its reading is the edit's now)
                try:
                    before, after = plain(load_round_trip(self.text)), plain(load_round_trip(new))
                except Exception:  # noqa: BLE001 - not read back at all
                    return False
        if not isinstance(before, dict) or not isinstance(after, dict) or list(before) != list(after) \
                or any(not _alike(after[key], value) for key, value in before.items() if key != "tables") \
                or not isinstance(before.get("tables"), list) or not isinstance(after.get("tables"), list) \
                or len(before["tables"]) != len(after["tables"]):
            return False
        edited = {number: plain(node) for number in self._numbers if (node := find_table(self.data, number)) is not None}
        seen: set[Any] = set()
        for item, now in zip(before["tables"], after["tables"]):
            number = item.get("table") if isinstance(item, dict) else None
            wanted = item
            if number in edited and number not in seen:  # (find_table's: the first mapping of that number)
                seen.add(number)
                wanted = edited[number]
            if not _alike(now, wanted):
                return False
        self.reading = found
        return True

    def table(self, number: int) -> CommentedMap | None:
        if self.data is not None:
            return find_table(self.data, number)
        found = self._where.get(number)
        return found[0]["tables"][found[1]] if found else None

    def tables(self, number: int) -> Any:
        if self.data is not None:
            return self.data.get("tables")
        found = self._where.get(number)
        return found[0]["tables"] if found else None

    def render(self) -> str | None:
        if self.data is not None:
            whole = self.text[:self._start] + dump_round_trip(self.data) + self.text[self._end:]
            return whole if self._reads_back(whole) else None
        pieces, at, items = [], 0, list(self._reading["tables"])
        for first, after, offset, mini in self._runs:
            written = dump_round_trip(mini)
            if not written.startswith("tables:\n"):
                return None
            read = fast_reading(written, self.path)
            read_with = len(mini["tables"])  # (the saved items and the one after them, if any)
            if not isinstance(read, dict) or not isinstance(read.get("tables"), list) \
                    or len(read["tables"]) != read_with or len(getattr(read["tables"], "item_marks", ())) != read_with:
                return None
            if read_with > after - first:  # written up to the dash of the item after, which stays as it is
                cut = line_starts(written)[read["tables"].item_marks[-1].line - 1]
                if not written.startswith("  - ", cut):
                    return None
                written = written[:cut]
            items[first:after] = read["tables"][:after - first]
            pieces += [self.text[at:offset], written[len("tables:\n"):]]
            at = self._starts[after]
        pieces.append(self.text[at:])
        new = "".join(pieces)
        # the check: the whole new text read as the file will be read, the saved tables' items as
        # their own lines read, every other value as it was
        found = fast_reading(new, self.path)
        if not isinstance(found, dict) or list(found) != list(self._reading) \
                or any(not _alike(found[key], value) for key, value in self._reading.items() if key != "tables") \
                or not _alike(list(found["tables"]), items):
            return None
        self.reading = found
        return new


@contextmanager
def locked(path: Path, content: Path) -> Iterator[None]:
    """A save of the results file `path` of `content`, alone: one lock per file among this
    process's threads, and the advisory lock of the content folder's own lock file (write_lock)
    among desks, so that two saves to one round file never interleave, whichever desk makes them."""
    path = path.resolve()
    with _file_locks_guard:
        lock = _file_locks.setdefault(path, threading.Lock())
    with lock:
        fd = open_own(own_lock_folder(content) / LOCK_NAME, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(fd, fcntl.LOCK_UN)
        finally:
            os.close(fd)


def write_lock(content: Path) -> Path:
    """The lock file of the desks on `content`: beside its tokens, in its own folder of
    `.paibang-desk/` (tokens_folder). One lock file for every content folder under a parent
    made two desks on two content folders wait for each other's saves, and, as any one folder's
    lock, guarded another's files for nothing: each content folder's desks share their own."""
    return tokens_folder(content) / LOCK_NAME


def own_lock_folder(content: Path) -> Path:
    """The folder of write_lock, made if missing (0700), and only when it and `.paibang-desk/`
    are folders of the user's own (UnsafeDeskFile otherwise)."""
    own_desk_folder(content)
    return _own_folder(tokens_folder(content))


def find_table(data: Any, number: int) -> CommentedMap | None:
    for item in data.get("tables") or []:
        if isinstance(item, dict) and item.get("table") == number:
            return item
    return None


def plain(value: Any) -> Any:
    """A round-trip value as plain JSON data (for the audit log and comparisons)."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, (bool, int, float)) or value is None:
        return value
    return str(value)


def to_round_trip(value: Any, block: bool = False) -> Any:
    """A record value as ruamel nodes: lists and mappings in flow style, as secretaries type
    them on one line (`deals: [T45+3, T50+1]`, `levels: {T01: Q, T17: 9}`); `boards` (block)
    one board a line, as the demo files and `paibang pair` write them, and so a mapping of
    mappings of mappings (Guandan's `rooms`: one room a line)."""
    if isinstance(value, dict):
        node = CommentedMap()
        # `rooms: {open: {levels: {…}}}` (or `{deals: […]}`) one room a line, each room in flow style
        nested = any(isinstance(v, dict) and any(isinstance(w, (dict, list)) for w in v.values()) for v in value.values())
        for k, v in value.items():
            node[k] = to_round_trip(v)
        if not nested and not block:
            node.fa.set_flow_style()
        return node
    if isinstance(value, list):
        seq = CommentedSeq(to_round_trip(v) for v in value)
        seq.fa.set_flow_style()
        return seq
    return value


def apply_record(text: str, number: int, record: dict[str, Any], record_keys: tuple[str, ...],
                 known: Known | None = None, examples: list[re.Pattern[str]] | None = None) -> tuple[str, Any]:
    """The file's new text with table `number`'s record keys replaced by `record`, every other
    line (comments included) as it was; and the old record (plain data) for the audit log. The
    text's line ends "\n", as read_results gives it (the Writer's save puts the file's own back:
    write_results). With `known` (the text as the desk last wrote it), spliced (RoundEdit);
    `examples`: the example lines the record stands for (drop_comment_lines), as the Writer's."""
    edit = RoundEdit(text, [number], known)
    table = edit.table(number)
    if table is None:
        raise KeyError(number)
    old = set_record(table, with_board_keys_kept(table, record), record_keys)
    if examples:
        drop_comment_lines(table, examples, edit.tables(number))
    new = edit.render()
    if new is None and edit.spliced:  # (the splice failed its check: the whole round trip, as the Writer does)
        return apply_record(text, number, record, record_keys, None, examples)
    if new is None:
        raise NotReadBack(number)
    return new, old


class NotReadBack(ValueError):
    """The whole round trip's text for a save does not read as the text before, bar the saved
    tables (RoundEdit.render): not written."""


def line_end(text: str) -> str:
    """The line end a file's text uses: its first line's (an editor on Windows writes CRLF)."""
    found = re.search(r"\r\n|\r|\n", text)
    return found.group() if found else "\n"


def with_newlines(text: str) -> str:
    """`text` with every line end "\n", as the YAML round trip works on it: ruamel keeps a "\r"
    of a CRLF file in the comments it carries, which it then wrote back as stray "\r"s."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def read_results(path: Path) -> tuple[str, str]:
    """A round's results file's text, its line ends "\n", and the line end the file uses, so
    that a save writes the file back in its own (write_results)."""
    from generator.content import snapshot

    # as the loader reads it: a regular file (a pipe or device there is NotRegular, an OSError, and
    # not waited on), no larger than any content file (TooLarge)
    text = snapshot.read_text(path, newlines=True)
    return with_newlines(text), line_end(text)


def with_board_keys_kept(table: CommentedMap, record: dict[str, Any], shown: frozenset[str] | set[str] = frozenset()
                         ) -> dict[str, Any]:
    """`record` with each two-room board keeping what the form does not show of it: a board's
    own keys beside its rooms (80分's `penalty:` and `note:`) that the form has no field for
    (`shown`: the board keys it has, forms.board_parts), so that a save of the rooms never drops
    what the secretary wrote by hand; what the form shows is the record's, and left empty it
    goes. A board the save leaves out (both rooms cleared) goes, with them."""
    boards, before = record.get("boards"), table.get("boards")
    if not isinstance(boards, dict) or not isinstance(before, dict):
        return record
    by_number = {str(number): board for number, board in before.items()}
    kept = {}
    for number, board in boards.items():
        old = by_number.get(str(number))
        if isinstance(board, dict) and isinstance(old, dict) and set(board) <= set(ROOMS) | set(shown):
            board = {**board, **{key: plain(value) for key, value in old.items()
                                 if key not in ROOMS and key not in shown and key not in board}}
        kept[number] = board
    return {**record, "boards": kept}


def set_record(table: CommentedMap, record: dict[str, Any], record_keys: tuple[str, ...]) -> Any:
    """Replace a loaded table's record keys by `record`; the old record as plain data."""
    old = {k: plain(table[k]) for k in record_keys if k in table}
    keys = list(table.keys())
    # The whole comment lines after the table's last line (the next table's heading above its
    # dash, pair's example lines) are, to ruamel, the last value's: the table's last key's, or
    # the last board's (its last room's, a board written one room a line). Taken off before the
    # record changes and put after the table's new last line: left where they were, they went
    # with a board or key taken out (lost), or printed between `boards:` and a board put in,
    # between a board and its rooms, or above a `forfeit:` added after `boards:`.
    trailing = _lines_after(table, keys[-1]) if keys else ""
    for key in record_keys:
        if key in table and key not in record:
            del table[key]
    position = None
    for key, value in record.items():
        if key == "boards" and isinstance(table.get(key), CommentedMap) and isinstance(value, dict) and value:
            update_boards(table[key], value)  # (emptied in place, `boards:` printed the lines after it, then `{}`)
        elif key in table:
            table[key] = to_round_trip(value, block=key == "boards")
        else:
            if position is None:
                position = len([k for k in keys if k in table])  # after the sides, before referee etc.
                after = [k for k in ("referee",) if k in table]
                if after:
                    position = list(table.keys()).index(after[0])
            table.insert(position, key, to_round_trip(value, block=key == "boards"))
            position += 1  # the record's keys in the record's order
    if trailing and len(table):
        _add_lines_after(table, list(table.keys())[-1], trailing)
    return old


def update_boards(boards: CommentedMap, record: dict[Any, Any]) -> None:
    """The file's `boards:` made `record`'s in place: a board whose value is unchanged keeps its
    node, so its line is written as it was, comment and all; a changed board gets its new value
    on its own line, its line's comment kept (a board written one room a line keeps that layout,
    each room's line and comment: only the rooms that changed are written anew); a board the
    record lacks goes; a new one goes in among the others by its number. Replaced whole, the
    block lost every comment in it (a secretary's `# checked with the captain` beside board 3)
    at any save of the table.

    A comment on the lines after a board (ruamel keeps it on that board: the next board's own
    heading) stays above what came after it: handed to the board put in after that board, or to
    the board before one taken out."""
    wanted = {str(number) for number in record}
    for key in [key for key in boards if str(key) not in wanted]:
        _delete_keeping_lines(boards, key)
    filed = {str(key): key for key in boards}
    for number, value in record.items():
        key = filed.get(str(number))
        if key is None:
            keys = list(boards)
            position = next((index for index, found in enumerate(keys) if _board_order(found) > _board_order(number)),
                            len(keys))
            lines = _lines_after(boards, keys[position - 1]) if position else ""
            boards.insert(position, number, to_round_trip(value))
            if lines:
                _add_lines_after(boards, number, lines)
        elif plain(boards[key]) != plain(value):
            _replace_keeping_lines(boards, key, value)


def _delete_keeping_lines(node: CommentedMap, key: Any) -> None:
    """`key` taken out of a mapping, the comment lines after it put after what was before it."""
    keys = list(node)
    position = keys.index(key)
    lines = _lines_after(node, key)
    del node[key]
    if lines and position:
        _add_lines_after(node, keys[position - 1], lines)
    elif lines:  # the first key's: above the block's first key now
        _add_lines_before(node, lines)


def _replace_keeping_lines(node: CommentedMap, key: Any, value: Any) -> None:
    """`key`'s value made `value`: a mapping written one key a line (a board one room a line)
    changed key by key, so that its lines' comments stay; else a new value on the key's line
    (its slot, and the comment on its line, stay the key's), the comment lines after it kept."""
    before = node[key]
    if _is_block_map(before) and isinstance(value, dict):
        for inner in [inner for inner in before if inner not in value]:
            _delete_keeping_lines(before, inner)
        for inner, wanted in value.items():
            if inner not in before:
                lines = _lines_after(before, list(before)[-1]) if len(before) else ""
                before[inner] = to_round_trip(wanted)
                if lines:
                    _add_lines_after(before, inner, lines)
            elif plain(before[inner]) != plain(wanted):
                _replace_keeping_lines(before, inner, wanted)
        return
    lines = _lines_after(node, key)
    node[key] = to_round_trip(value)
    if lines:
        _add_lines_after(node, key, lines)


def _is_block_map(value: Any) -> bool:
    """A mapping written one key a line, under its key (`1:` then `open: 85`, `closed: 40`)."""
    return isinstance(value, CommentedMap) and len(value) > 0 and not value.fa.flow_style()


def _board_order(number: Any) -> tuple[int, int, str]:
    text = str(number)
    return (0, int(text), "") if text.isdecimal() else (1, 0, text)


def _lines_after(node: CommentedMap, key: Any) -> str:
    """The whole comment lines after `key`'s value that ruamel keeps with it, taken off it (the
    comment at the end of a line stays): "" when there are none. A value written one key a line
    under `key` (a board one room a line) ends at its own last key's line: ruamel keeps them there."""
    value = node[key]
    inner = _lines_after(value, list(value)[-1]) if _is_block_map(value) else ""
    slot = node.ca.items.get(key)
    token = slot[2] if slot and len(slot) > 2 else None
    if not isinstance(token, CommentToken):
        return inner
    if token.value.startswith("#"):  # its own line's comment first
        own, _, after = token.value.partition("\n")
        if after:
            token.value = own + "\n"
        return after + inner
    slot[2] = None
    return (token.value[1:] if token.value.startswith("\n") else token.value) + inner


def _add_lines_after(node: CommentedMap, key: Any, lines: str) -> None:
    """Comment lines put after `key`'s value: after its last line (a block mapping's last key's)."""
    while _is_block_map(node[key]):
        node = node[key]
        key = list(node)[-1]
    slot = node.ca.items.setdefault(key, [None, None, None, None])
    while len(slot) < 4:
        slot.append(None)
    if isinstance(slot[2], CommentToken):
        slot[2].value = slot[2].value + lines
    else:
        slot[2] = CommentToken("\n" + lines, CommentMark(0), None)


def _add_lines_before(node: CommentedMap, lines: str) -> None:
    """Comment lines above a block mapping's first key (written with their own indentation)."""
    text = lines.lstrip(" ")
    if node.ca.comment is None:
        node.ca.comment = [None, None]
    if node.ca.comment[1] is None:
        node.ca.comment[1] = []
    node.ca.comment[1].append(CommentToken(text, CommentMark(len(lines) - len(text)), None))


def drop_comment_lines(table: CommentedMap, lines: list[re.Pattern[str]], tables: Any = None) -> None:
    """Take out of a table's comments the lines whose text (after `#`) one of `lines` matches,
    every other comment line kept as it was: the commented example of the record `paibang pair`
    wrote under the table (`# boards:` / `#   1: {open: 85, closed: 40}`), once the desk writes
    the record itself. Else the example stayed above the real one, as if it were part of it.
    With `tables` (the list the table is in), the comments after the table's last value too:
    under a key with no value (a pairs round's `boards:` and its `# 13:` lines) they are the
    next table's, or the list's end, to ruamel, though written inside this table (indented as
    its keys, which the next table's own comments, above its dash, are not: each line's own
    indentation is looked at, as one comment of ruamel's holds both)."""
    inside = getattr(table.lc, "col", 0) or 0  # the column of the table's keys

    def kept(token: CommentToken) -> str:
        out = []
        for index, line in enumerate(token.value.split("\n")):
            # the first line starts at the token's column, each other line with its own indentation
            column = token.column if index == 0 else len(line) - len(line.lstrip())
            found = re.fullmatch(r"\s*#\s?(.*?)\s*", line)
            if found and column >= inside and any(p.fullmatch(found.group(1).strip()) for p in lines):
                continue
            out.append(line)
        return "\n".join(out)

    def maps(node: CommentedMap) -> list[CommentedMap]:
        # the table and the mappings in it: the comments after its last value go with the record
        # written after it (set_record), to the last board of `boards:`
        return [node] + [found for value in node.values() if isinstance(value, CommentedMap) for found in maps(value)]

    def left(token: object) -> bool:
        """A comment token holds only the lines it keeps; False when nothing is left, for the
        caller to drop it (a token of line ends only would print blank lines)."""
        if not isinstance(token, CommentToken):
            return True
        value = kept(token)
        if value != token.value and value.strip():
            token.value = value
        return bool(value.strip()) or value == token.value

    for key, tokens in [item for node in maps(table) for item in list(node.ca.items.items())]:
        for index, token in enumerate(tokens):
            if not left(token):
                tokens[index] = None
    if tables is None:
        return
    position = next((index for index, item in enumerate(tables) if item is table), None)
    if position is None:
        return
    if position + 1 < len(tables):
        slot = tables.ca.items.get(position + 1)
        after = slot[1] if slot and isinstance(slot[1], list) else None
    else:
        after = tables.ca.end if isinstance(tables.ca.end, list) else None
    for token in list(after or []):
        if not left(token):
            after.remove(token)


def write_results(path: Path, text: str, newline: str = "\n") -> None:
    """A round's results file as the desk saves it: durably, readable by all as the secretary's
    editor would leave it (0644), its lines ended by `newline`, the file's own (read_results)."""
    write_durably(path, text.replace("\n", newline).encode("utf-8"), mode=0o644)
