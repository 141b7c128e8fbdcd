"""An entry's page's own parts, written in Python: its heading and facts (who plays, its group, a
bye, a substitute, a withdrawal) and each stage's heading (the stage, its rank linked to the
entry's row of the standings, "after round N", the standings' remarks). entry.html keeps the
page's order and the matches' tables.

An entry's page is a third of an archive's pages (1,100 of 2,400 at 50 events) and a third of
rendering's processor time; through the template these parts were two dozen `{{ }}`, `{% if %}`s
and calls a page and a dozen a stage. Here each is one f-string, the fixed words looked up once
for the locale. The markup is the template's as it was, whitespace included (the pages are
byte-identical): each content value escaped as `{{ }}` escapes it (fast_jinja.html_text), the
filters' and globals' own markup (zh, zh_lang, zh_runs, player_links_of, rank_shown) as they give
it.

`install(env, translate)` adds `entry_facts` and `stage_heading` to a locale's environment
(render/html.py's `environment`), taking the globals they share with the templates from it."""

from __future__ import annotations

from typing import Any, Callable

import jinja2
from markupsafe import Markup

from generator.render import fast_jinja
from generator.render.fast_jinja import markup_of
from generator.render.i18n import Translator
from generator.render.rows_tables import words_by

text = fast_jinja.html_text  # (escaped as `{{ }}` escapes, as str: no Markup made for each piece)


def install(env: jinja2.Environment, translate: Translator) -> None:
    """An entry's page's heading and facts and its stages' headings, of one locale."""
    g, filters = env.globals, env.filters
    zh_lang: Callable[..., Markup] = g["zh_lang"]
    zh: Callable[[Any], Markup] = filters["zh"]
    zh_runs: Callable[[Any], Markup] = filters["zh_runs"]
    player_links_of = g["player_links_of"]
    rank_shown = g["rank_shown"]
    remarks_of = g["remarks_of"]
    standing_url = g["standing_url"]
    stage_url = g["stage_url"]
    word = words_by(translate, "")  # (its fixed words, escaped, each looked up once for the locale)
    group_term = f"<dt>{word('group')}</dt>"
    bye = f"<dt>{word('bye')}</dt><dd>{word('bye_advances')}</dd>"
    substitute = f"<dt>{word('substitute')}</dt><dd>{word('substitute_note')}</dd>"

    def withdrawal(event: Any, entry: Any) -> str:
        # (event-day.md: `withdrawn: 3` plays no round from round 3 on; `withdrawn: true`, read as
        # 1, none.) The stage by its name, not its id. (A round past the stage's last, a warning,
        # entry-withdrawn-past, is read while loading as what it means: no withdrawal, or from the
        # next stage's round 1.)
        if entry.withdrawn_stage:
            said = translate("withdrawn_from_stage_round", n=entry.withdrawn,
                             stage=event.stage(entry.withdrawn_stage).name)
        elif entry.withdrawn == 1:
            return f"<dt>{word('withdrawn')}</dt><dd>{word('withdrawn_all')}</dd>"
        else:
            said = translate("withdrawn_from_round", n=entry.withdrawn)
        return f"<dt>{word('withdrawn')}</dt><dd>{text(said)}</dd>"

    def entry_facts(event: Any, entry: Any, root: str) -> Markup:
        """`<h1>` and the facts' list."""
        label = entry.label_beside_id
        group = entry.group
        return markup_of(
            f"<h1>{text(entry.id)}{f' · {zh(label)}' if label else ''}</h1>\n"
            f'<dl class="facts">\n'
            f"  <dt>{word('players')}</dt><dd{zh_lang(entry.player_names)}>{player_links_of(event, entry, root)}</dd>\n"
            f"{f'{group_term}<dd{zh_lang(group)}>{text(group)}</dd>' if group else ''}"
            f"{bye if entry.bye else ''}{substitute if entry.substitute else ''}"
            f"{withdrawal(event, entry) if entry.withdrawn else ''}</dl>\n")

    def stage_heading(event: Any, stage_result: Any, standing: Any, entry_id: str, root: str,
                      row_positions: dict[str, Any]) -> Markup:
        """The stage's `<h2>`. The rank links to the entry's row, on the standings' page holding it
        (html.py, standing_url): the link reads as that rank ("名次 483="), not as the stage's name
        it was (heard as a link to the stage); without a rank the stage's name links to the
        stage's page. A two-winner Mitchell's rank says its direction ("南北名次 1"): NS and EW
        each have a rank 1."""
        stage = stage_result.stage
        stage_id = stage.id
        root_text = text(root)
        if not standing:
            return markup_of(f'<h2 id="stage-{text(stage_id)}"><a href="{root_text}{text(stage_url(event, stage_id))}"'
                             f"{zh_lang(stage.name)}>{text(stage.name)}</a></h2>\n")
        rank = text(translate("rank_in_field", field=translate(standing.field.lower()))) if standing.field else word("rank")
        url = text(standing_url(event, stage_id, row_positions.get(stage_id), entry_id))
        after = (f" · {text(translate('after_round', n=stage_result.rounds_played))}"
                 if stage_result.status == "in_progress" and stage_result.rounds_played else "")
        remarks = "".join([f" · {zh_runs(said)}" for said in remarks_of(standing, stage_id)])
        return markup_of(f'<h2 id="stage-{text(stage_id)}">{zh(stage.name)} · <a href="{root_text}{url}">{rank} '
                         f"{rank_shown(standing)}</a>{after}{remarks}</h2>\n")

    env.globals.update(entry_facts=entry_facts, stage_heading=stage_heading)
