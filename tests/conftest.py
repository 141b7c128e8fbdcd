"""Shared test setup: one PDF cache for the whole run, so each build of the demo site in a
fresh folder does not print every bulletin again."""

from __future__ import annotations

import os

import pytest


@pytest.fixture(scope="session", autouse=True)
def shared_pdf_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    # xdist workers each get their own base temp; the cache writes are atomic, so sharing the
    # parent folder across workers is safe and saves most of the printing.
    root = tmp_path_factory.getbasetemp().parent / "pdf-cache"
    os.environ.setdefault("PAIBANG_CACHE", str(root))
