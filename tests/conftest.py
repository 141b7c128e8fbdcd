"""Shared test setup: one cache folder for the whole run, so each build of the demo site in a
fresh folder does not print every bulletin again, and nothing of another run's is read; and the
user's key in a folder of the tests' own, not the tester's ~/.config."""

from __future__ import annotations

import atexit
import hashlib
import os
import shutil
import stat
import tempfile
from pathlib import Path

import pytest


def _key_home() -> str:
    """The folder the tests keep the user's key in (generator/seals.py: XDG_CONFIG_HOME/paibang):
    one for this repository, under the system's temporary folder, the same for the whole run
    and every xdist worker of it, since each derives it alike (the repository's path and the
    user), and kept between runs. A folder of that name that is not the user's own private one
    (another user's, a link) is never used: then one made for this process, its workers told of
    it through the environment (they are started after this runs, and inherit it)."""
    made = os.environ.get("PAIBANG_TESTS_KEY_HOME")
    if made and _private(Path(made)):  # (told by the run's first process; checked all the same)
        return made
    root = Path(__file__).resolve().parents[1]
    name = f"paibang-tests-{os.getuid() if hasattr(os, 'getuid') else 0}-" \
           f"{hashlib.sha256(os.fsencode(root)).hexdigest()[:16]}"
    folder = Path(tempfile.gettempdir()) / name
    try:
        folder.mkdir(mode=0o700)
    except OSError:
        pass
    if not _private(folder):
        folder = Path(tempfile.mkdtemp(prefix="paibang-tests-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)  # this run's alone: not left behind
    os.environ["PAIBANG_TESTS_KEY_HOME"] = str(folder)
    return str(folder)


def _private(folder: Path) -> bool:
    """Whether `folder` is a folder (not a link) of the user's own that nobody else can enter."""
    try:
        found = os.lstat(folder)
    except OSError:
        return False
    return stat.S_ISDIR(found.st_mode) and not found.st_mode & 0o077 \
        and (not hasattr(os, "getuid") or found.st_uid == os.getuid())


# At import, not in a fixture: conftest.py is imported before any test module, and so before
# anything reads the key (the catalogues' sealed cache reads it as a test module imports
# generator). Set by a session fixture, the variable came after a worker had read the user's
# key, while the builds that worker started read the new one: the output marker it sealed was
# refused as not made here (14 tests failed in a fresh clone). The desk's tests need the key's
# folder writable (the desk refuses to start without a key it can keep: desk-no-key).
os.environ["XDG_CONFIG_HOME"] = _key_home()


@pytest.fixture(scope="session", autouse=True)
def shared_pdf_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    """PAIBANG_CACHE (unless the tester set it): the `pdf` folder of a cache folder of this run's
    own, as a build keeps `.paibang-cache/pdf` beside output/. Besides the PDFs, that folder holds
    what builds, `check` and `pair` keep in it: the events read, the records of builds, the
    draws (tournament/redraws.py). It was the base temp's parent, which outside xdist is the
    system's pytest folder, shared by every such run of every worktree: another run's draws were
    read back, and a test counting them could see them; per run, each starts from none. The
    run's xdist workers share it (each has a base temp of its own inside the run's; the cache's
    writes are atomic), which saves most of the printing."""
    run = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        run = run.parent
    root = run / "paibang-cache"
    # made here, as a build makes it: `check` and `pair` keep their draws only in a cache folder
    # that is there (build.keep_redraws_beside)
    root.mkdir(mode=0o700, exist_ok=True)
    os.environ.setdefault("PAIBANG_CACHE", str(root / "pdf"))


@pytest.fixture(scope="module")
def browser():  # noqa: ANN201 - Playwright's types are optional
    """Debian's Chromium, headless, one a module (test_browser.chromium_browser: skipped, with why,
    where Chromium or Playwright is missing, never in CI), for the tests that open pages of their
    own sizes (`browser.new_page(viewport=...)`). A module that browses in one context of a
    profile of its own (test_browser.py, test_desk.py) defines a `browser` of its own instead."""
    from test_browser import chromium_browser

    with chromium_browser() as instance:
        yield instance


@pytest.fixture
def high_card():  # noqa: ANN201
    """The toy high-card game of tests/toygame/, registered for the test only: a fifth game
    (test_fifth_game.py), and one whose knockout ties a rule of its own settles (test_knockout.py)."""
    from generator.games import GAMES
    from tests.toygame import RULES

    GAMES.register(RULES)
    try:
        yield RULES
    finally:
        del GAMES[RULES.name]
