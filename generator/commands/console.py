"""What commands print on the terminal: problems, summaries and their words in three locales."""

from __future__ import annotations

import sys
from pathlib import Path

from generator.errors import ContentError, visible
from generator.messages import LOCALES

WORDS: dict[str, tuple[str, str, str]] = {
    "build_failed": ("paibang: 发现 {errors} 处错误，未生成网站（output/ 保持不变）。",
                     "paibang: 發現 {errors} 處錯誤，未生成網站（output/ 保持不變）。",
                     "paibang: {errors} error(s); nothing was built (output/ is unchanged)."),
    "check_failed": ("paibang: 发现 {errors} 处错误。", "paibang: 發現 {errors} 處錯誤。", "paibang: {errors} error(s) found."),
    "import_failed": ("paibang: 发现 {errors} 处错误，未导入（报名名单保持不变）。",
                      "paibang: 發現 {errors} 處錯誤，未匯入（報名名單保持不變）。",
                      "paibang: {errors} error(s); nothing was imported (the entry list is unchanged)."),
    "os_error": ("paibang: 无法{doing} {path}：{reason}。{fix}", "paibang: 無法{doing} {path}：{reason}。{fix}",
                 "paibang: cannot {doing} {path}: {reason}. {fix}"),
    "os_error_plain": ("paibang: {reason}。{fix}", "paibang: {reason}。{fix}", "paibang: {reason}. {fix}"),
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


# What was being done, and the fix, by what the system said (errno): a folder that cannot be
# written (output/ under a file, a read-only disk, no permission) is the user's to fix, and is
# said in one line, never as a traceback.
_OS_FIXES: dict[str, tuple[str, str, str]] = {
    "ENOTDIR": ("路径中有一段是文件而不是文件夹：移走这个文件，或用 --output 选另一个位置。",
                "路徑中有一段是檔案而不是資料夾：移走這個檔案，或用 --output 選另一個位置。",
                "part of the path is a file, not a folder: move that file away, or choose another place with --output."),
    "EEXIST": ("路径中有一段是文件而不是文件夹：移走这个文件，或用 --output 选另一个位置。",
               "路徑中有一段是檔案而不是資料夾：移走這個檔案，或用 --output 選另一個位置。",
               "part of the path is a file, not a folder: move that file away, or choose another place with --output."),
    "EACCES": ("没有写入权限：换一个你能写入的位置（--output），或请管理员开放权限。",
               "沒有寫入權限：換一個你能寫入的位置（--output），或請管理員開放權限。",
               "no permission: choose a place you may write to (--output), or ask for the permission."),
    "EROFS": ("磁盘是只读的：用 --output 选另一个位置。", "磁碟是唯讀的：用 --output 選另一個位置。",
              "the disk is read-only: choose another place with --output."),
    "EADDRINUSE": ("这个端口已被别的程序占用：用 --port 换一个端口。", "這個連接埠已被別的程式占用：用 --port 換一個連接埠。",
                   "another program uses this port: choose another with --port."),
    "ENOENT": ("检查路径是否写对：它不存在。", "檢查路徑是否寫對：它不存在。", "check the path: it does not exist."),
    "ENOSPC": ("磁盘已满：腾出空间后再试。", "磁碟已滿：騰出空間後再試。", "the disk is full: free some space and try again."),
}
_OS_FIXES["EPERM"] = _OS_FIXES["EACCES"]
_OS_FIXES["EISDIR"] = _OS_FIXES["ENOTDIR"]
_OS_DOING = {"zh-Hans": "写入或读取", "zh-Hant": "寫入或讀取", "en": "write or read"}
_OS_OTHER = ("检查这个位置是否存在、是文件夹、可以写入。", "檢查這個位置是否存在、是資料夾、可以寫入。",
             "check that this place exists, is a folder, and may be written to.")


def os_error_text(error: OSError, locale: str) -> str:
    """One line for a file system error, in the site's language: the path, what the system
    said, and what to do about it."""
    import errno

    name = errno.errorcode.get(error.errno or 0, "")
    reason = error.strerror or str(error) or error.__class__.__name__
    if error.filename is None:  # not about a path (a port in use)
        fix = _OS_FIXES.get(name, ("", "", ""))[LOCALES.index(locale)]
        return visible(words("os_error_plain", locale, reason=reason, fix=fix).rstrip())
    fix = _OS_FIXES.get(name, _OS_OTHER)[LOCALES.index(locale)]
    return visible(words("os_error", locale, doing=_OS_DOING[locale], path=error.filename, reason=reason, fix=fix))


def print_problems(problems: list[ContentError], locale: str, content: Path) -> None:
    for problem in problems:
        print(problem.format(locale, content.resolve()), file=sys.stderr)


def site_locale(content: Path) -> str:
    """The site's locale for messages even when site.yaml itself is broken."""
    try:
        with open(content / "site.yaml", encoding="utf-8", errors="replace") as handle:
            text = handle.read(64 * 1024)  # the locale is near the top; the file may be anything
    except OSError:
        return "zh-Hans"
    for line in text.splitlines():
        key, _, value = line.partition(":")
        value = value.split("#", 1)[0].strip().strip("'\"")
        if key.strip() == "locale" and value in LOCALES:
            return value
    return "zh-Hans"
