"""The system's refusals (a full disk, no permission) said in the site's words wherever a command
says them, not in the C library's English inside a Chinese line (errors.system_reason)."""

from __future__ import annotations

import errno
import os
import socket
from pathlib import Path

import pytest

from generator import catalogues


def test_a_command_failing_on_a_full_disk_says_so_in_the_sites_language() -> None:
    from generator.commands.console import os_error_text

    full = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), "/srv/site/output/x.pdf")
    said = os_error_text(full, "zh-Hans")
    assert "磁盘已满" in said and os.strerror(errno.ENOSPC) not in said, said
    assert said.count("磁盘已满") == 1  # the reason once, the fix only what to do
    assert "the disk is full" in os_error_text(full, "en")
    refused = PermissionError(errno.EACCES, os.strerror(errno.EACCES), "/srv/site/output")
    assert os.strerror(errno.EACCES) not in os_error_text(refused, "zh-Hant")
    broken = OSError(errno.EIO, os.strerror(errno.EIO), "/srv/site/output")  # any other: the system's
    assert os.strerror(errno.EIO) in os_error_text(broken, "zh-Hans")


def test_a_schema_init_cannot_write_is_left_with_the_reason_in_the_sites_words(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.commands import init

    def refuse(path: Path, data: bytes) -> None:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))

    monkeypatch.setattr(init, "write_durably", refuse)
    (tmp_path / "content").mkdir()
    left = init.keep_schemas(tmp_path / "content").left
    assert left and all(item.why == "unwritable" for item in left)
    said = catalogues.text("schema_left_unwritable", "zh-Hans", reason=left[0].reason)
    assert "没有写入权限" in said and os.strerror(errno.EACCES) not in said, said


@pytest.mark.parametrize(("failure", "words"), [
    (PermissionError(errno.EACCES, os.strerror(errno.EACCES)), "1024"),
    (OSError(errno.EADDRNOTAVAIL, os.strerror(errno.EADDRNOTAVAIL)), "这台电脑没有这个地址"),
    (socket.gaierror(socket.EAI_NONAME, "Name or service not known"), "找不到这个主机名"),
])
def test_serve_that_cannot_listen_says_why_in_the_sites_language(failure: OSError, words: str,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.commands import serve

    class Refusing:
        def __init__(self, *args: object) -> None:
            pass

        def setsockopt(self, *args: object) -> None:
            pass

        def bind(self, address: object) -> None:
            raise failure

        def close(self) -> None:
            pass

    monkeypatch.setattr(serve.socket, "socket", Refusing)
    with pytest.raises(serve.ListenRefused) as refused:
        serve.listen("127.0.0.1", 80, "zh-Hans")
    said = str(refused.value)
    assert words in said and (failure.strerror or "") not in said, said


def test_a_cache_folder_that_cannot_be_looked_at_is_said_in_the_sites_words(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from generator import caches

    def refuse(path: object) -> os.stat_result:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))

    monkeypatch.setattr(caches.os, "lstat", refuse)
    why = caches.unsafe(tmp_path / ".cache")
    assert why is not None and "没有读取权限" in why["zh-Hans"] and os.strerror(errno.EACCES) not in why["zh-Hans"]
