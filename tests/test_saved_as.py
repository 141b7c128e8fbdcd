"""A content file saved in another encoding than UTF-8 (Notepad's "Unicode", a Chinese
Windows's "ANSI"): the problem names the encoding and quotes the line as written."""

from __future__ import annotations

import codecs

from generator.content.yaml_loader import load_yaml
from generator.errors import Problems

ROUND = "# 掼蛋 第 1 轮\nstage: swiss\nround: 1\ntables:\n  - table: 1\n    teams: [T01, T02]\n"


def _read(tmp_path, data: bytes) -> Problems:
    path = tmp_path / "round-1.yaml"
    path.write_bytes(data)
    problems = Problems()
    assert load_yaml(path, problems) is None
    return problems


def test_a_notepad_unicode_file_is_named_utf16_with_its_bom_and_its_line_quoted_as_written(tmp_path):
    [problem] = _read(tmp_path, ROUND.encode("utf-16-le").join([codecs.BOM_UTF16_LE, b""])).items
    assert problem.code == "file-saved-as-unicode"
    assert problem.params["encoding"] == "UTF-16 LE (BOM FF FE)"
    assert (problem.mark.line, problem.mark.column) == (1, 3)  # 掼, after "# "
    shown = problem.format("zh-Hans")
    assert "  1 | # 掼蛋 第 1 轮" in shown and "\x00" not in shown and "\ufffd" not in shown
    assert "记事本的“Unicode”" in shown and "编码”选“UTF-8”" in shown
    assert "Notepad's “Unicode”" in problem.format("en")


def test_big_endian_utf16_and_utf16_of_ascii_alone_are_named_too(tmp_path):
    [problem] = _read(tmp_path, ROUND.encode("utf-16-be").join([codecs.BOM_UTF16_BE, b""])).items
    assert problem.params["encoding"] == "UTF-16 BE (BOM FE FF)"
    # no BOM, and nothing but ASCII: UTF-8 reads it, a zero byte after each character
    [problem] = _read(tmp_path, "stage: swiss\nround: 1\n".encode("utf-16-le")).items
    assert (problem.code, problem.params["encoding"]) == ("file-saved-as-unicode", "UTF-16 LE")
    assert "  1 | stage: swiss" in problem.format("zh-Hans")


def test_a_gbk_file_is_named_gbk_and_its_first_chinese_character_pointed_at(tmp_path):
    text = "stage: swiss\nround: 1\ntables:\n  - table: 1\n    teams: [T01, T02]  # 第一桌，迟到\n"
    [problem] = _read(tmp_path, text.encode("gbk")).items
    assert problem.code == "file-saved-as-ansi" and problem.params["encoding"] == "GBK/GB18030"
    assert (problem.mark.line, problem.mark.column) == (5, 26)
    lines = problem.format("zh-Hans").splitlines()
    assert lines[0].endswith("文件以 GBK/GB18030 编码保存（Windows 的“ANSI”），不是 UTF-8；"
                             "下面是按 GBK/GB18030 读出的这一行，标出的是第一个非英文字符")
    assert lines[1] == "  5 |     teams: [T01, T02]  # 第一桌，迟到"
    assert lines[2].index("^") == lines[1].index("第")
    assert "不选“ANSI”" in lines[3]


def test_a_big5_file_is_named_big5(tmp_path):
    [problem] = _read(tmp_path, "title: 臺北市橋藝協會公開賽\nlocale: zh-Hant\n".encode("big5")).items
    assert (problem.code, problem.params["encoding"]) == ("file-saved-as-ansi", "Big5")
    assert "  1 | title: 臺北市橋藝協會公開賽" in problem.format("zh-Hant")


def test_a_utf8_file_with_a_gbk_line_pasted_in_names_no_encoding(tmp_path):
    """Read as GB18030 its UTF-8 lines are rare characters: no encoding is guessed, and the
    line is quoted as UTF-8, as before."""
    data = "title: 校园掼蛋公开赛第一轮\n".encode() + "# 第一桌\n".encode("gbk")
    [problem] = _read(tmp_path, data).items
    assert problem.code == "file-not-utf8" and problem.mark.line == 2


def test_a_few_characters_reading_as_gbk_and_big5_alike_are_said_as_gbk(tmp_path):
    """Import asks which (registration-encoding-unsure); a content file is said as GBK, the
    mainland's "ANSI", Big5 only when import is sure of it."""
    [problem] = _read(tmp_path, "stage: swiss\n# 第 1 轮\n".encode("gbk")).items
    assert (problem.code, problem.params["encoding"]) == ("file-saved-as-ansi", "GBK/GB18030")
    assert "  2 | # 第 1 轮" in problem.format("zh-Hans")
