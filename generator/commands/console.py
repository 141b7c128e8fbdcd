"""What commands print on the terminal: problems, summaries and their words in three locales."""

from __future__ import annotations

import sys
from pathlib import Path

from generator.errors import ContentError
from generator.messages import LOCALES

WORDS: dict[str, tuple[str, str, str]] = {
    "build_failed": ("paibang: 发现 {errors} 处错误，未生成网站（output/ 保持不变）。",
                     "paibang: 發現 {errors} 處錯誤，未生成網站（output/ 保持不變）。",
                     "paibang: {errors} error(s); nothing was built (output/ is unchanged)."),
    "checked": ("paibang: {events} 个赛事检查通过（{warnings} 条警告）。", "paibang: {events} 個賽事檢查通過（{warnings} 條警告）。",
                "paibang: {events} event(s) OK ({warnings} warning(s))."),
    "built": ("paibang: {events} 个赛事，{pages} 个页面，{pdfs} 份 PDF（新印 {printed}，缓存 {cached}）→ {output}（{seconds:.1f} 秒）",
              "paibang: {events} 個賽事，{pages} 個頁面，{pdfs} 份 PDF（新印 {printed}，快取 {cached}）→ {output}（{seconds:.1f} 秒）",
              "paibang: {events} event(s), {pages} page(s), {pdfs} PDF(s) ({printed} printed, {cached} cached) -> {output} ({seconds:.1f} s)"),
    "up_to_date": ("paibang: 内容、程序都没有变化，{output} 已是最新（{events} 个赛事，{pages} 个页面，{pdfs} 份 PDF；{seconds:.1f} 秒）",
                   "paibang: 內容、程式都沒有變化，{output} 已是最新（{events} 個賽事，{pages} 個頁面，{pdfs} 份 PDF；{seconds:.1f} 秒）",
                   "paibang: nothing changed, {output} is up to date ({events} event(s), {pages} page(s), {pdfs} PDF(s); {seconds:.1f} s)"),
    "progress_events": ("检查完毕：{done} 个赛事", "檢查完畢：{done} 個賽事", "checked: {done} event(s)"),
    "progress_pdfs": ("打印公告 {done}/{total}", "列印公告 {done}/{total}", "printing bulletins {done}/{total}"),
    "progress_pages": ("页面 {done} 个", "頁面 {done} 個", "{done} page(s)"),
    "no_content": ("paibang: 找不到内容目录 {path}", "paibang: 找不到內容目錄 {path}", "paibang: no content folder at {path}"),
    "new_written": ("paibang: 已创建 {path}，按注释填写后运行 paibang check。", "paibang: 已建立 {path}，按註解填寫後執行 paibang check。",
                    "paibang: created {path}; fill it in, then run paibang check."),
    "import_done": ("paibang: 导入 {entries} 个参赛队（新增 {new}，更新 {kept}）→ {path}",
                    "paibang: 匯入 {entries} 個參賽隊（新增 {new}，更新 {kept}）→ {path}",
                    "paibang: {entries} entries ({new} new, {kept} updated) -> {path}"),
    "schema_written": ("paibang: 已写入 {path}", "paibang: 已寫入 {path}", "paibang: wrote {path}"),
    "doctor_ok": ("✓ {what}", "✓ {what}", "✓ {what}"),
    "doctor_missing": ("✗ {what}：{fix}", "✗ {what}：{fix}", "✗ {what}: {fix}"),

        "refused_errors": ("paibang: 内容有 {errors} 处错误，未编排。", "paibang: 內容有 {errors} 處錯誤，未編排。",
                           "paibang: {errors} content error(s); nothing was drawn."),
        "written": ("paibang: 第 {n} 轮对阵（{tables} 桌）已写入 {path}", "paibang: 第 {n} 輪對陣（{tables} 桌）已寫入 {path}",
                    "paibang: round {n} ({tables} tables) written to {path}"),
        "dry_run": ("paibang: 试排，未写入 {path}（第 {n} 轮）", "paibang: 試排，未寫入 {path}（第 {n} 輪）",
                    "paibang: dry run, round {n} not written to {path}"),
    "init_written": ("paibang: 已创建 {path} 和 {events}/；填写 site.yaml，再用 paibang new 建立赛事。",
                     "paibang: 已建立 {path} 和 {events}/；填寫 site.yaml，再用 paibang new 建立賽事。",
                     "paibang: created {path} and {events}/; fill in site.yaml, then create an event with paibang new."),
    "print_written": ("paibang: 第 {n} 轮的对阵表和记分表 → {path}", "paibang: 第 {n} 輪的對陣表和記分表 → {path}",
                      "paibang: round {n} draw and score sheets -> {path}"),
    "print_no_rounds": ("paibang: {stage} 还没有编排任何一轮；先运行 paibang pair {slug} {stage}",
                        "paibang: {stage} 還沒有編排任何一輪；先執行 paibang pair {slug} {stage}",
                        "paibang: no round of {stage} is drawn yet; run paibang pair {slug} {stage} first"),
    "print_no_round": ("paibang: {stage} 没有第 {n} 轮（已编排：第 {rounds} 轮）", "paibang: {stage} 沒有第 {n} 輪（已編排：第 {rounds} 輪）",
                       "paibang: {stage} has no round {n} (drawn: {rounds})"),
}


def words(key: str, locale: str, **params: object) -> str:
    return WORDS[key][LOCALES.index(locale)].format(**params)


def print_problems(problems: list[ContentError], locale: str, content: Path) -> None:
    for problem in problems:
        print(problem.format(locale, content.resolve()), file=sys.stderr)


def site_locale(content: Path) -> str:
    """The site's locale for messages even when site.yaml itself is broken."""
    try:
        text = (content / "site.yaml").read_text(encoding="utf-8")
    except OSError:
        return "zh-Hans"
    for line in text.splitlines():
        key, _, value = line.partition(":")
        value = value.split("#", 1)[0].strip().strip("'\"")
        if key.strip() == "locale" and value in LOCALES:
            return value
    return "zh-Hans"
