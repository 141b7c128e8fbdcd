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
    # output/ and the caches: paibang replaces only folders it made (render/output.py)
    "output_system": ("paibang: 不能把网站写到 {path}（系统根目录或主目录），那里的文件会被整个替换。请用 --output 指定一个新的或空的目录，例如 output。",
                      "paibang: 不能把網站寫到 {path}（系統根目錄或主目錄），那裡的檔案會被整個替換。請用 --output 指定一個新的或空的目錄，例如 output。",
                      "paibang: refusing to build into {path} (the system's root or the home folder): the site replaces its folder whole. Give --output a new or empty folder, such as output."),
    "output_content": ("paibang: 输出目录 {path} 与内容目录重叠（是它、在它里面或包含它），构建会替换掉内容。请用 --output 指定内容目录之外的一个新目录，例如 output。",
                       "paibang: 輸出目錄 {path} 與內容目錄重疊（是它、在它裡面或包含它），建置會替換掉內容。請用 --output 指定內容目錄之外的一個新目錄，例如 output。",
                       "paibang: the output folder {path} overlaps the content folder (is it, is inside it, or holds it): building would replace your content. Give --output a new folder outside content/, such as output."),
    "output_not_folder": ("paibang: {path} 是文件，不是目录，未做任何改动。请用 --output 指定一个目录。",
                          "paibang: {path} 是檔案，不是目錄，未做任何改動。請用 --output 指定一個目錄。",
                          "paibang: {path} is a file, not a folder; nothing was changed. Give --output a folder."),
    "output_not_ours": ("paibang: {path} 里已有不是 paibang 生成的文件，构建会整个替换它，所以未做任何改动。请用 --output 指定新的或空的目录；若它确是旧网站，请自己删除后再构建。",
                        "paibang: {path} 裡已有不是 paibang 產生的檔案，建置會整個替換它，所以未做任何改動。請用 --output 指定新的或空的目錄；若它確是舊網站，請自行刪除後再建置。",
                        "paibang: {path} holds files paibang did not make, and a build replaces its folder whole; nothing was changed. Give --output a new or empty folder; if it is an old site, delete it yourself first."),
    "cache_ignored": ("paibang: 注意：缓存目录 {path} 不安全（{why}），本次不使用它，改用临时缓存。",
                      "paibang: 注意：快取目錄 {path} 不安全（{why}），本次不使用它，改用暫存快取。",
                      "paibang: note: the cache folder {path} is not safe to use ({why}); a temporary cache is used instead."),
    "cleaned": ("paibang: 已删除 {path}", "paibang: 已刪除 {path}", "paibang: removed {path}"),
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
    # paibang desk (issue 20): what it prints at start and when it cannot start
    "desk_started": ("paibang desk: {event} 的成绩录入台已启动：{url}\n记录台（管理）链接，勿外传：\n  {admin}\n各桌链接与带二维码的记分表在记录台页面打印。按 Ctrl+C 停止。",
                     "paibang desk: {event} 的成績錄入台已啟動：{url}\n記錄台（管理）連結，勿外傳：\n  {admin}\n各桌連結與帶二維碼的記分表在記錄台頁面列印。按 Ctrl+C 停止。",
                     "paibang desk: the results desk of {event} is running at {url}\nThe secretary's link (keep it private):\n  {admin}\nPrint each table's link, as a QR code on its score sheet, from that page. Ctrl+C stops."),
    "desk_lan": ("局域网模式：同一 Wi-Fi 上的手机可以访问。用手机扫描下面的二维码打开记录台：",
                 "區域網路模式：同一 Wi-Fi 上的手機可以存取。用手機掃描下面的二維碼開啟記錄台：",
                 "LAN mode: phones on the same Wi-Fi can reach the desk. Scan this QR code to open the secretary's page:"),
    "desk_no_event": ("paibang desk: 没有赛事 {event}（{path} 下没有这个文件夹或它无法读取）",
                      "paibang desk: 沒有賽事 {event}（{path} 下沒有這個資料夾或它無法讀取）",
                      "paibang desk: no event {event} (no such folder under {path}, or it cannot be read)"),
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
