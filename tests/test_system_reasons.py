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


def refusals(tmp_path: Path) -> dict[str, OSError]:
    """The refusals a path in the way gets from the system itself: a folder opened as a file,
    a folder made under a file, a folder made where a file is."""
    (tmp_path / "folder").mkdir()
    (tmp_path / "file").write_text("x", encoding="utf-8")
    found: dict[str, OSError] = {}
    for name, act in (("EISDIR", lambda: open(tmp_path / "folder", "w")),  # noqa: SIM115 - it never opens
                      ("ENOTDIR", lambda: (tmp_path / "file" / "out").mkdir()),
                      ("EEXIST", lambda: (tmp_path / "file").mkdir())):
        with pytest.raises(OSError) as raised:
            act()
        found[name] = raised.value
    return found


@pytest.mark.parametrize(("name", "words"), [
    ("EISDIR", ("这是文件夹，不是文件", "這是資料夾，不是檔案", "it is a folder, not a file")),
    ("ENOTDIR", ("路径中有一段是文件而不是文件夹", "路徑中有一段是檔案而不是資料夾", "part of the path is a file, not a folder")),
    ("EEXIST", ("已有同名的文件或文件夹", "已有同名的檔案或資料夾", "a file or folder of that name is already there")),
])
def test_a_path_in_the_way_is_said_in_the_sites_words_once(tmp_path: Path, name: str, words: tuple[str, ...]) -> None:
    """"Is a directory", "Not a directory", "File exists" were the C library's English inside a
    Chinese line; the fix said the reason again (part of the path is a file) and now says only
    what to do."""
    from generator.commands.console import os_error_text

    error = refusals(tmp_path)[name]
    assert errno.errorcode[error.errno or 0] == name
    for locale, said_as in zip(catalogues.LOCALES, words):
        said = os_error_text(error, locale)
        assert said.count(said_as) == 1 and (error.strerror or "") not in said, said
        assert said.endswith(catalogues.text("os_fix_not_folder", locale)), said


def test_a_build_into_a_folder_under_a_file_says_why_in_the_sites_language(tmp_path: Path, capsys) -> None:
    """`--output` under a file: the refusal said "File exists" in a Chinese line."""
    from generator.cli import main
    from tests.support import demo_content

    content = demo_content(tmp_path, "tumu-guandan-2020")
    (tmp_path / "afile").write_text("x", encoding="utf-8")
    for lang, words in (("zh-Hans", "已有同名的文件或文件夹。把挡路的文件或文件夹移走"),
                        ("en", "a file or folder of that name is already there. move what is in the way")):
        assert main(["build", "--lang", lang, "--no-pdf", "--content", str(content), "--output", str(tmp_path / "afile/out")]) != 0
        err = capsys.readouterr().err
        assert f"{tmp_path / 'afile'}" in err and words in err, err
        assert os.strerror(errno.ENOTDIR) not in err and os.strerror(errno.EEXIST) not in err, err


@pytest.mark.parametrize(("locale", "words"), [("zh-Hans", "磁盘配额已用完"), ("zh-Hant", "磁碟配額已用完"),
                                               ("en", "the disk quota is used up")])
def test_a_write_over_the_disk_quota_says_so_in_the_sites_language(locale: str, words: str) -> None:
    """A shared server's quota (EDQUOT) stops a write as a full disk does: said in the site's
    words, not the C library's English."""
    from generator.commands.console import os_error_text

    over = OSError(errno.EDQUOT, os.strerror(errno.EDQUOT), "/srv/site/output/x.pdf")
    said = os_error_text(over, locale)
    assert words in said and os.strerror(errno.EDQUOT) not in said, said


def test_the_systems_reasons_have_their_own_words_not_the_desks() -> None:
    """A build's or an import's full disk is the system's reason, not the desk's: its words are
    the os_reason_* keys, and none is left as a desk_reason_* key in any catalogue (the desk's
    own reasons, desk_reason_unread, stay the desk's)."""
    from generator import errors

    keys = set(errors.SYSTEM_REASONS.values()) | set(errors.READ_REASONS.values())
    assert keys and all(key.startswith("os_reason_") for key in keys), keys
    for locale in ("zh-Hans", "zh-Hant", "en"):
        assert catalogues.text("os_reason_disk_full", locale) != "os_reason_disk_full"
    for po in Path(catalogues.__file__).parent.glob("locales/*/LC_MESSAGES/paibang.po"):
        text = po.read_text(encoding="utf-8")
        assert not [key for key in keys if f'"{key.replace("os_", "desk_", 1)}"' in text], po
