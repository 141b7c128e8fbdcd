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
    for command in (build_cmd, check_cmd):
        command.add_argument("--lang", choices=LOCALES, help="language of messages (default: the site's locale)")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0)

    if not (args.content / "site.yaml").is_file() and not args.content.is_dir():
        print(f"paibang: no content folder at {args.content}", file=sys.stderr)
        return 2
    started = time.monotonic()
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
