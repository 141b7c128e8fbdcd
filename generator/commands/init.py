"""`paibang init [DIR]`: a new site to fill in — DIR/site.yaml, every key explained in the
site's language, and an empty DIR/events/ for `paibang new`. Refuses a DIR that is not empty,
so that nobody's content is ever overwritten or mixed with a fresh site."""

from __future__ import annotations

from pathlib import Path

_INDEX = {"zh-Hans": 0, "zh-Hant": 1, "en": 2}

# (comment, key line) per key, in the three locales. base_url is written commented out: a site
# without it is complete, and a wrong address would go into the feed, the sitemap and every QR code.
SITE_LINES: list[tuple[tuple[str, str, str], tuple[str, str, str]]] = [
    (("站点设置：按说明填写，保存后运行 paibang check 检查。",
      "站點設定：按說明填寫，儲存後執行 paibang check 檢查。",
      "Site settings: fill them in, then run paibang check."), ("", "", "")),
    (("网站标题，显示在每个页面顶部（必填）", "網站標題，顯示在每個頁面頂部（必填）",
      "site title, at the top of every page (required)"),
     ("title: 牌类赛事成绩公告", "title: 牌類賽事成績公告", "title: Card tournament results")),
    (("主办机构，显示在首页", "主辦機構，顯示在首頁", "organisation running the site, shown on the home page"),
     ("organization: 主办机构", "organization: 主辦機構", "organization: Our club")),
    (("页面和公告的语言：zh-Hans 简体中文、zh-Hant 繁體中文、en 英文",
      "頁面和公告的語言：zh-Hans 簡體中文、zh-Hant 繁體中文、en 英文",
      "language of pages and bulletins: zh-Hans (简体), zh-Hant (繁體), en"), ("locale: {locale}",) * 3),
    (("网站发布的地址（可不填）：订阅源、站点地图和公告上的二维码要用它；填写时去掉行首的 #",
      "網站發布的地址（可不填）：訂閱源、網站地圖和公告上的 QR 碼要用它；填寫時去掉行首的 #",
      "address the site is published at (optional): the feed, the sitemap and the QR code on every bulletin "
      "need it; remove the leading # to set it"),
     ("# base_url: https://example.org/paibang/",) * 3),
    (("另外不公开的字段：报名表里的这些键只留在 content 中，不出现在任何页面、公告和 results.json（phone、student_id 总是不公开）",
      "另外不公開的欄位：報名表裡的這些鍵只留在 content 中，不出現在任何頁面、公告和 results.json（phone、student_id 總是不公開）",
      "more private fields: these keys of the entries stay in content and appear on no page, bulletin or "
      "results.json (phone and student_id are always private)"),
     ("private: []",) * 3),
]
NEXT = ("赛事放在 events/ 下，每个赛事一个目录：paibang new 赛事目录名 --game guandan",
        "賽事放在 events/ 下，每個賽事一個目錄：paibang new 賽事目錄名 --game guandan",
        "each event is a folder under events/: paibang new SLUG --game guandan")


class InitRefused(Exception):
    """The site cannot be created there: the message says why, in the chosen language."""


def site_text(locale: str) -> str:
    index = _INDEX[locale]
    lines = ["# yaml-language-server: $schema=../schema/site.schema.json"]
    for comment, line in SITE_LINES:
        lines.append(f"# {comment[index]}")
        if line[index]:
            lines.append(line[index].format(locale=locale))
    lines.append(f"# {NEXT[index]}")
    return "\n".join(lines) + "\n"


def init_site(folder: Path, locale: str = "zh-Hans") -> list[Path]:
    """Write folder/site.yaml and folder/events/; returns what was written."""
    index = _INDEX[locale]
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise InitRefused((f"{folder} 不是空目录，不会在其中创建站点（请换一个新目录名）",
                           f"{folder} 不是空目錄，不會在其中建立網站（請換一個新目錄名）",
                           f"{folder} is not an empty folder; no site was created there (choose a new folder)")[index])
    (folder / "events").mkdir(parents=True)
    site = folder / "site.yaml"
    site.write_text(site_text(locale), encoding="utf-8")
    return [site, folder / "events"]
