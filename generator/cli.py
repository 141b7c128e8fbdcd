"""`paibang`: thin commands over the build. Exit codes: 0 ok, 1 content errors, 2 usage."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from generator.errors import ContentError, ContentErrors
from generator.messages import LOCALES


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="paibang", description="Card-game tournament results: YAML in, site out.")
    commands = parser.add_subparsers(dest="command", required=True)
    build_cmd = commands.add_parser("build", help="validate content/ and build the site into output/")
    build_cmd.add_argument("--content", type=Path, default=Path("content"))
    build_cmd.add_argument("--output", type=Path, default=Path("output"))
    build_cmd.add_argument("--strict", action="store_true", help="treat warnings as errors")
    check_cmd = commands.add_parser("check", help="validate content/ only; report every problem")
    check_cmd.add_argument("--content", type=Path, default=Path("content"))
    check_cmd.add_argument("--strict", action="store_true", help="treat warnings as errors")
    pair_cmd = commands.add_parser("pair", help="draw the next round of a stage into content/ (swiss, round_robin, matches)")
    pair_cmd.add_argument("event", help="the event's folder name, e.g. tumu-guandan-2020")
    pair_cmd.add_argument("stage", help="the stage id, e.g. main")
    pair_cmd.add_argument("--content", type=Path, default=Path("content"))
    pair_cmd.add_argument("--all", action="store_true", help="round robin: write every remaining round")
    pair_cmd.add_argument("--dry-run", action="store_true", help="print the draw, write nothing")
    for command in (build_cmd, check_cmd, pair_cmd):
        command.add_argument("--lang", choices=LOCALES, help="language of messages (default: the site's locale)")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0)

    if not (args.content / "site.yaml").is_file() and not args.content.is_dir():
        print(f"paibang: no content folder at {args.content}", file=sys.stderr)
        return 2
    started = time.monotonic()
    if args.command == "pair":
        return _pair(args)
    try:
        if args.command == "check":
            from generator.build import validate

            site, results, warnings = validate(args.content, args.strict)
            _print_problems(warnings, args.lang or site.locale, args.content)
            print(_summary_checked(len(site.events), len(warnings), args.lang or site.locale))
            return 0
        from generator.build import build

        report = build(args.content, args.output, args.strict)
    except ContentErrors as failure:
        locale = args.lang or _site_locale(args.content)
        _print_problems(failure.problems, locale, args.content)
        errors = sum(1 for p in failure.problems if not p.warning)
        print(_summary_failed(errors, locale), file=sys.stderr)
        return 1
    locale = args.lang or report.site.locale
    _print_problems(report.warnings, locale, args.content)
    seconds = time.monotonic() - started
    print(f"paibang: {len(report.results)} event(s), {report.pages} page(s), {report.pdfs} PDF(s) -> "
          f"{args.output} ({seconds:.1f} s)")
    return 0


def _pair(args: argparse.Namespace) -> int:
    """`paibang pair EVENT STAGE`: check the content, draw the next round, write its results file
    (never over an existing one), check again, print the draw. The only command that writes to
    content/."""
    from generator.build import validate
    from generator.content.reader import suggestion
    from generator.tournament.pairing import Refusal, describe, plan_rounds, results_path, results_text, write_round

    try:
        site, results, warnings = validate(args.content)
    except ContentErrors as failure:
        locale = args.lang or _site_locale(args.content)
        _print_problems(failure.problems, locale, args.content)
        print(_pair_words("refused_errors", locale, errors=sum(1 for p in failure.problems if not p.warning)),
              file=sys.stderr)
        return 1
    locale = args.lang or site.locale
    _print_problems(warnings, locale, args.content)
    result = next((r for r in results if r.event.slug == args.event), None)
    if result is None:
        slugs = [e.slug for e in site.events]
        usage = Refusal("pair-event-unknown", slug=args.event, suggestion=suggestion(args.event, slugs), allowed=", ".join(slugs))
        print(f"paibang: {usage.text(locale)}", file=sys.stderr)
        return 2
    stage_ids = [s.id for s in result.event.stages]
    if args.stage not in stage_ids:
        usage = Refusal("pair-stage-unknown", slug=args.event, stage=args.stage,
                        suggestion=suggestion(args.stage, stage_ids), allowed=", ".join(stage_ids))
        print(f"paibang: {usage.text(locale)}", file=sys.stderr)
        return 2
    if args.all and result.event.stage(args.stage).format != "round_robin":
        print(_pair_words("all_round_robin_only", locale), file=sys.stderr)
        return 2
    locale = args.lang or result.event.locale or site.locale
    try:
        plans = plan_rounds(result, args.stage, every=args.all)
        for plan in plans:
            if args.dry_run:
                print(results_text(plan, locale), end="")
                path = results_path(plan.event, plan)
                print(_pair_words("dry_run", locale, n=plan.number, path=path))
            else:
                path = write_round(plan, locale)
                try:
                    validate(args.content)
                except ContentErrors as failure:
                    new = [p for p in failure.problems if p.mark.file.resolve() == path.resolve()]
                    _print_problems(new or failure.problems, locale, args.content)
                    if new:
                        path.unlink()
                        raise Refusal("pair-written-invalid") from None
                    raise
                print(_pair_words("written", locale, n=plan.number, path=path, tables=len(plan.draw.tables)))
            print("\n".join(describe(plan, locale)))
    except Refusal as refusal:
        print(f"paibang: {refusal.text(locale)}", file=sys.stderr)
        return 1
    except ContentErrors:
        return 1
    return 0


def _pair_words(key: str, locale: str, **params: object) -> str:
    words = {
        "refused_errors": ("paibang: 内容有 {errors} 处错误，未编排。", "paibang: 內容有 {errors} 處錯誤，未編排。",
                           "paibang: {errors} content error(s); nothing was drawn."),
        "all_round_robin_only": ("paibang: --all 只用于循环赛（round_robin）。", "paibang: --all 只用於循環賽（round_robin）。",
                                 "paibang: --all is for round robin stages only."),
        "written": ("paibang: 第 {n} 轮对阵（{tables} 桌）已写入 {path}", "paibang: 第 {n} 輪對陣（{tables} 桌）已寫入 {path}",
                    "paibang: round {n} ({tables} tables) written to {path}"),
        "dry_run": ("paibang: 试排，未写入 {path}（第 {n} 轮）", "paibang: 試排，未寫入 {path}（第 {n} 輪）",
                    "paibang: dry run, round {n} not written to {path}"),
    }[key]
    return words[LOCALES.index(locale)].format(**params)


def _print_problems(problems: list[ContentError], locale: str, content: Path) -> None:
    for problem in problems:
        print(problem.format(locale, content.resolve()), file=sys.stderr)


def _site_locale(content: Path) -> str:
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


def _summary_failed(errors: int, locale: str) -> str:
    return {
        "zh-Hans": f"paibang: 发现 {errors} 处错误，未生成网站（output/ 保持不变）。",
        "zh-Hant": f"paibang: 發現 {errors} 處錯誤，未生成網站（output/ 保持不變）。",
        "en": f"paibang: {errors} error(s); nothing was built (output/ is unchanged).",
    }[locale]


def _summary_checked(events: int, warnings: int, locale: str) -> str:
    return {
        "zh-Hans": f"paibang: {events} 个赛事检查通过（{warnings} 条警告）。",
        "zh-Hant": f"paibang: {events} 個賽事檢查通過（{warnings} 條警告）。",
        "en": f"paibang: {events} event(s) OK ({warnings} warning(s)).",
    }[locale]


if __name__ == "__main__":
    sys.exit(main())
