"""`paibang pair EVENT STAGE`: check the content, draw the next round (a pairs stage: the
movement's next round; `--all`: every remaining round of a round robin or pairs stage), write its
results file (never over an existing one), check it again, print the draw. The only command that writes to
content/ besides `new` and `import`."""

from __future__ import annotations

import argparse
import datetime as dt
import gc
from typing import TYPE_CHECKING

from generator import catalogues
from generator.commands.console import print_event_problems, site_locale, terminal, unknown_event
from generator.errors import ContentErrors, Refusal

if TYPE_CHECKING:
    from generator.content.model import Site
    from generator.tournament.results import EventResult


# A pairs stage's late pairs pair will not draw for (tournament.pairing.late_refusal): check warns
# of each as pair then refuses with it, so pair says it once, as its refusal (the drawn round to
# take back and the pairs seated by hand were said twice).
LATE_REFUSALS = ("pair-late-several", "pair-late-no-seat", "pair-late-redraw", "pair-late-off-movement")

# The tables a draw lists on the terminal, past which it counts the rest (`--every-table` lists all):
# a screen or two, where a mass event's 1,000 tables hid what pair said before them.
LISTED_TABLES = 40


def event_stage(site: Site, results: list[EventResult], slug: str, stage: str) -> EventResult:
    """The event named on the command line, checked to have the stage named; Refusal (with the
    names it could have meant) otherwise. `pair` and `print` ask the same way."""
    from generator.content.reader import suggestion

    result = next((r for r in results if r.event.slug == slug), None)
    if result is None:
        raise unknown_event(slug, [e.slug for e in site.events])
    stage_ids = [s.id for s in result.event.stages]
    if stage not in stage_ids:
        raise Refusal("pair-stage-unknown", slug=slug, stage=stage, suggestion=suggestion(stage, stage_ids),
                      allowed=", ".join(stage_ids))
    return result


def run(args: argparse.Namespace) -> int:
    """`paibang pair EVENT STAGE`: check the content, draw the next round, write its results file
    (never over an existing one), check again, print the draw. The only command that writes to
    content/."""
    # What the first check reads is kept to the end (the draw and the second check use it): with
    # the cycle collector on, it would walk that heap again and again for nothing, as in a build
    # (build._no_cycle_collection) — at 5,000 teams, more than the draw itself.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _pair(args)
    finally:
        if was_enabled:
            gc.enable()


def _pair(args: argparse.Namespace) -> int:
    from generator.build import Reading, validate, validate_again
    from generator.content.load import SLUG
    from generator.tournament.pairing import (
        bye_after_forfeit, describe, plan_rounds, play_day, results_path, results_text, write_round,
    )

    if not SLUG.fullmatch(args.event):  # "../x": the results file would be written outside content/
        terminal(f"paibang: {Refusal('slug-invalid', slug=args.event).text(args.lang or site_locale(args.content))}", error=True)
        return 2
    reading = Reading(keep=args.event)  # the event the round is written into: checked again below
    try:
        site, results, warnings = validate(args.content, reading=reading)
    except ContentErrors as failure:
        locale = args.lang or site_locale(args.content)
        print_event_problems(failure.problems, locale, args.content, args.event)
        terminal(catalogues.text("pair_refused_errors", locale, errors=sum(1 for p in failure.problems if not p.warning)), error=True)
        return 1
    locale = args.lang or site.locale
    # Another stage's stale draw is that stage's to decide (check lists it): repeated on every
    # draw of a later stage, it buried what this draw is about.
    # A late pair this stage has no seat for: check's warning is the refusal pair then says.
    warnings = [w for w in warnings if not (w.code == "draw-standings-changed"
                                            and w.params.get("stage", args.stage) != args.stage)
                and not (w.code in LATE_REFUSALS and w.params.get("stage") == args.stage)]
    print_event_problems(warnings, locale, args.content, args.event)
    try:
        result = event_stage(site, results, args.event, args.stage)
    except Refusal as usage:
        terminal(f"paibang: {usage.text(locale)}", error=True)
        return 2
    stage_format = result.event.stage(args.stage).format
    if args.all and stage_format not in ("round_robin", "pairs"):
        usage = Refusal("pair-all-format", stage=args.stage, format=stage_format)
        terminal(f"paibang: {usage.text(locale)}", error=True)
        return 2
    locale = args.lang or result.event.locale or site.locale
    try:
        plans = plan_rounds(result, args.stage, every=args.all)
        for plan in plans:
            # the day of play, from today's date: the one place the clock is read (play_day);
            # not for a whole schedule drawn at once (--all), whose rounds are played on days to come
            plan.day = None if args.all else play_day(plan.event, plan.stage, dt.date.today())
            if args.dry_run:
                terminal(results_text(plan, locale), end="")
                path = results_path(plan.event, plan)
                terminal(catalogues.text("pair_dry_run", locale, n=plan.number, path=path))
            else:
                path = write_round(plan, locale)
                try:
                    # The content checked again as `paibang check` would, but reading and scoring
                    # again only the event written into (build.validate_again).
                    validate_again(reading)
                except ContentErrors as failure:
                    new = [p for p in failure.problems if p.mark.file.resolve() == path.resolve()]
                    print_event_problems(new or failure.problems, locale, args.content, args.event)
                    if new:
                        path.unlink()
                        raise Refusal("pair-written-invalid") from None
                    raise
                # the tables played at: a sit-out or a bye is none (a 9-pair Howell: 4; a Swiss of 5: 2)
                played = [t for t in plan.draw.tables if len(t) != 1]
                terminal(catalogues.text("pair_written", locale, n=plan.number, path=path, tables=len(played)))
            terminal("\n".join(describe(plan, locale, listed=None if args.every_table else LISTED_TABLES)), flush=True)
            # said after the draw, last on the screen: the one thing in it to act on before play
            warned = bye_after_forfeit(result, plan)
            if warned is not None:
                print_event_problems([warned], locale, args.content, args.event)
    except Refusal as refusal:
        terminal(f"paibang: {refusal.text(locale)}", error=True)
        return 1
    except ContentErrors:
        return 1
    return 0
