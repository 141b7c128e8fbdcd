"""`paibang new SLUG --game G`: a complete event folder to fill in, every key explained.

The folder is written from the game's example (`Game.example`) with comments in the site's language,
a notice.md skeleton and an empty results/ folder. It has no entries and no results file: the
example entries and table are comments only, so that `paibang import` adds the real entries
(its block replaces the commented examples) and the first `paibang pair` draws round 1 into
results/round-1.yaml. Nothing that exists is ever overwritten.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from generator.content.load import SLUG
from generator.games import GAMES

# Comment lines, by key, in the three site locales.
COMMENTS: dict[str, tuple[str, str, str]] = {
    "head": ("赛事定义：按说明填写，保存后运行 paibang check 检查。", "賽事定義：按說明填寫，儲存後執行 paibang check 檢查。",
             "Event definition: fill it in, then run paibang check."),
    "title": ("赛事名称（必填）", "賽事名稱（必填）", "event title (required)"),
    "game": ("项目：{games}", "項目：{games}", "game: {games}"),  # each game's `choice`, by " / "
    "organizer": ("主办单位，印在公告右下角", "主辦單位，印在公告右下角", "organiser, printed bottom right on bulletins"),
    "venue": ("地点（数字请加引号）", "地點（數字請加引號）", "venue (quote numbers)"),
    "dates": ("比赛日期，如 [2015-05-15, 2015-05-22]", "比賽日期，如 [2015-05-15, 2015-05-22]", "dates, e.g. [2015-05-15, 2015-05-22]"),
    "notice": ("通知/规程（Markdown 文件）", "通知/規程（Markdown 檔案）", "notice / rules page (Markdown file)"),
    "draw_seed": ("抽签种子：同一种子，抽签结果相同", "抽籤種子：同一種子，抽籤結果相同", "seed of every draw: same seed, same draw"),
    "entries": ("参赛队：用 paibang import 从报名表导入，或按下面注释中的格式逐行填写；id 为短编号；phone、student_id 不会公开",
                "參賽隊：用 paibang import 從報名表匯入，或按下面註解中的格式逐行填寫；id 為短編號；phone、student_id 不會公開",
                "entries: import them from the registration sheet with paibang import, or write them one a line "
                "as the comments below show; id is a short code; phone and student_id are never published"),
    "officials": ("裁判和主持人（用于操行分），格式见下面的注释", "裁判和主持人（用於操行分），格式見下面的註解",
                  "referees and hosts (for credits), as the comment below shows"),
    "stages": ("比赛阶段；rank_by 为排名指标，依次比较", "比賽階段；rank_by 為排名指標，依次比較",
               "stages; rank_by lists the ranking metrics, compared in turn"),
    "results": ("成绩：paibang pair {slug} {stage} 编排下一轮，写入 results/round-<n>.yaml；每桌写双方编号和记录，例如：",
                "成績：paibang pair {slug} {stage} 編排下一輪，寫入 results/round-<n>.yaml；每桌寫雙方編號和記錄，例如：",
                "results: paibang pair {slug} {stage} draws the next round into results/round-<n>.yaml; each table "
                "has its sides and record, e.g.:"),
}


_LOCALE_INDEX = {"zh-Hans": 0, "zh-Hant": 1, "en": 2}


class ScaffoldRefused(Exception):
    """The event cannot be created: the message says why, in the site's language."""


def scaffold_event(content: Path, slug: str, game: str, locale: str = "zh-Hans", today: dt.date | None = None) -> list[Path]:
    """Write events/<slug>/ for `game`; returns the files written."""
    index = _LOCALE_INDEX[locale]
    if not SLUG.match(slug):
        raise ScaffoldRefused(("目录名只能用小写字母、数字和连字符，例如 dongke-bridge-2025",
                               "目錄名只能用小寫字母、數字和連字號，例如 dongke-bridge-2025",
                               "use lower-case letters, digits and hyphens, e.g. dongke-bridge-2025")[index])
    examples = {name: rules.example for name, rules in GAMES.items() if rules.example is not None}
    if game not in examples:
        raise ScaffoldRefused(f"game: {game}? ({', '.join(examples)})")
    folder = content / "events" / slug
    if folder.exists():
        raise ScaffoldRefused((f"{folder} 已存在，不会覆盖", f"{folder} 已存在，不會覆蓋", f"{folder} exists; nothing was overwritten")[index])
    day = (today or dt.date.today()).isoformat()
    example = examples[game]
    first_stage = example.stages.split("\n")[0].split("id:")[1].strip()
    rounds = "round: 1\n" if "rounds:" in example.stages.split("  - id:")[1] else ""

    def note(key: str) -> str:
        games = " / ".join(rules.choice[index] for rules in GAMES.values())
        return f"# {COMMENTS[key][index].format(games=games) if key == 'game' else COMMENTS[key][index]}\n"

    def commented(text: str, prefix: str) -> str:
        return "".join(f"{prefix}{line}\n" for line in text.splitlines())

    event = (
        "# yaml-language-server: $schema=../../../schema/event.schema.json\n" + note("head")
        + note("title") + "title: 新赛事\n" + note("game") + f"game: {game}\n"
        + note("organizer") + "organizer: 主办单位\n" + note("venue") + 'venue: "7201"\n'
        + note("dates") + f"dates: [{day}]\n" + note("notice") + "notice: notice.md\n"
        + note("draw_seed") + f"draw_seed: {day.replace('-', '')}\n"
        # Indented, the examples belong to the `entries:` block that `paibang import` replaces.
        + note("entries") + "entries: []\n" + commented(example.entries.replace("  - ", "- "), "  # ")
        + note("officials") + "officials: []\n"
        + commented("- {name: 赵敏, role: referee, stages: [" + first_stage + "]}", "  # ")
        + note("stages") + "stages:\n" + example.stages
        + f"# {COMMENTS['results'][index].format(slug=slug, stage=first_stage)}\n"
        + commented(f"stage: {first_stage}\n" + rounds + "tables:\n" + example.table, "#   ")
    )
    notice = "# 比赛通知\n\n## 比赛时间和地点\n\n## 参赛方式\n\n## 比赛办法\n\n## 奖励\n"
    (folder / "results").mkdir(parents=True)
    written = []
    for path, text in ((folder / "event.yaml", event), (folder / "notice.md", notice)):
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
