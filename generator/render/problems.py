"""A content problem as HTML: what `paibang serve` shows instead of the site while the content
has errors, and what the results desk's admin page lists. One renderer, so the two say a problem
alike: the heading (file:line, what is wrong), the source line as it is in the file, its faulty
value marked, and the fix, each made visible (`errors.visible`: no control character reaches
the page).
"""

from __future__ import annotations

import html
from collections.abc import Collection
from pathlib import Path

from generator import catalogues
from generator.errors import ALWAYS_PRIVATE, ContentError, visible

# The line and its caret on a phone. A source line is often wider than a phone (a flow entry, a
# deal log), and a caret line only means something while it stays under the same characters, so:
# - the line and the caret line are one <pre> that never wraps and scrolls sideways by itself
#   (a named region the keyboard reaches), while what is wrong and the fix wrap as any text;
#   the page opens each such line scrolled to its faulty value (SCROLL_TO_VALUE). A <pre> keeps
#   the line's leading spaces too: YAML's indentation is often the very mistake;
# - the caret is placed by the very text it stands under: the caret line begins with a hidden
#   copy of everything before the value, so it lines up in any font. Counting characters, as a
#   terminal does by East Asian width (errors.columns), would not: a browser draws a CJK
#   character neither one nor two Latin characters wide, and the line may fall back to a font
#   other than the monospace one;
# - the faulty value is also a <mark>, which screen readers announce as highlighted ("备注",
#   highlighted), and which shows its whole extent to the eye; the caret line, a row of spaces
#   and a ^ to a listener, is hidden from screen readers.
STYLE = ('pre.excerpt{white-space:pre;overflow-x:auto;background:#fff;padding:.5rem;margin:0;font-size:14px}'
         'pre.excerpt .under{visibility:hidden}'
         'pre.excerpt .sign{color:#c00;font-weight:bold}'
         'mark{background:#ffe066;color:inherit;outline:1px solid #c00}')

# Each line opened where its faulty value is: on a phone the value may lie eighty characters in.
SCROLL_TO_VALUE = """<script>
for (const line of document.querySelectorAll("pre.excerpt")) {
  const value = line.querySelector("mark"), box = line.getBoundingClientRect();
  if (!value) continue;
  const at = value.getBoundingClientRect().left - box.left + line.scrollLeft;
  if (at + value.offsetWidth > line.clientWidth) line.scrollLeft = at - line.clientWidth / 4;
}
</script>"""


def problem_block(problem: ContentError, locale: str, root: Path, private: Collection[str] = ALWAYS_PRIVATE) -> str:
    """One problem as a <section>: its heading, the line with the faulty value marked and a
    caret under it, the fix. The values of the `private` keys (the site's: load.private_keys)
    on the line are masked (errors.masked): serve's overlay and the desk's admin page are pages."""
    kind = "warning" if problem.warning else "error"
    parts = [f'<p class="heading">{html.escape(problem.heading(locale, root))}</p>']
    shown = problem.excerpt(private)
    if shown is not None:
        gutter = f"  {shown.number} | "
        if not shown.pointed:
            line = html.escape(gutter + shown.before + shown.value + shown.after)
        else:
            line = (f"{html.escape(gutter + shown.before)}<mark>{html.escape(shown.value)}</mark>"
                    f"{html.escape(shown.after)}")
            line += (f'\n<span class="caret" aria-hidden="true"><span class="under">{html.escape(gutter + shown.before)}'
                     '</span><span class="sign">^</span></span>')
        label = catalogues.text("serve-overlay-line", locale, file=str(problem.file_shown(root)), line=shown.number)
        parts.append(f'<pre class="excerpt" tabindex="0" role="region" aria-label="{html.escape(label)}">{line}</pre>')
    hint = problem.hint(locale)
    if hint:
        parts.append(f'<p class="fix">→ {html.escape(visible(hint))}</p>')
    return f'<section class="problem {kind}">{"".join(parts)}</section>'
