"""Jinja, made faster for paibang's pages, with the same bytes out.

A 200-event archive is some 9,000 pages, and Jinja's generality costs there: every call from a
template asks the callee twice whether it wants the context, every `{{ }}` builds a Markup
object, every include passes each of its pieces up through every template above it, and every
UI word is looked up again on every page. What is here removes that work and nothing else:

- FixedWords: UI words whose text cannot change (`_("key")`, literal parameters, a word chosen
  by a suffix) are compiled into the template of each locale's environment;
- _Context: a shorter `call` for plain functions, methods, macros and the translator, made
  without the set of its globals' names (an import without context alone reads it), and an
  include's context sharing the page's variables instead of a copy of them;
- _CodeGenerator: `{{ value }}` as escaped text without a Markup object, includes and blocks
  yielded whole;
- _DirectCodeGenerator: `a.b` and `a[b]` as Python's attribute access and subscript, plain
  functions and methods called straight away, `loop` stepped by a generator (_Loop) or, for a
  loop reading only its count, a loop over enumerate (_counted_loop), `a ~ b` of
  strs joined as strs, Jinja's fallbacks (an item for a missing attribute, an attribute for a
  failed subscript, undefined for a StopIteration) taken by
  rendering the page again with _CodeGenerator's code (Environment.exact);
- Environment: all of these, templates found again in a plain dict, and template globals in a
  plain dict instead of a ChainMap (copied into a new context at every page and include).

It leans on Jinja 3.1's compiler and Macro internals, so jinja2 is pinned below 3.2, and
tests/test_site.py renders the demo both with it and with stock Jinja (`stock=True` of
html.environment) and requires the same bytes, text that must be escaped included.
"""

from __future__ import annotations

import functools
import hashlib
import io
import keyword
import os
import re
import stat
import sys
import threading
import types
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jinja2
import jinja2.compiler
import jinja2.ext
import jinja2.nodes
import jinja2.runtime
import jinja2.visitor
from jinja2.utils import internalcode, missing
from markupsafe import Markup, escape

from generator import caches
from generator.render.i18n import Translator


class FixedWords(jinja2.ext.Extension):
    """UI words looked up when a template is compiled, not at every render (a call from a
    template is slow, and pages make hundreds of thousands). Either quote works; an unknown key is
    left as a call, to fail as before.

    - `_("key")`, and `_('key', n='{n}')` whose parameters are all string literals: the same
      text on every page of a locale, written into the template as a string literal.
    - `_("table_n", n=score.table.number)`, other parameters: the filter
      `"第 {n} 桌"|format_word(n=score.table.number)`, the text formatted as `_` formats it.
    - `_("seat_" ~ row.dealer)`, a key ending in a name's value: the filter
      `(row.dealer|joined_word("seat_"))`, the same lookup without a call through the context
      and Jinja's `~` (seats, vulnerabilities, outcomes: tens of thousands a build)."""

    CALL = re.compile(r"""(?<![\w.])_\((["'])([A-Za-z0-9_]+)\1((?:\s*,\s*[A-Za-z_]\w*=(?:"[^"\\]*"|'[^'\\]*'))*)\)""")
    PARAM = re.compile(r"""([A-Za-z_]\w*)=(?:"([^"\\]*)"|'([^'\\]*)')""")
    # Only `_("key", ` is replaced: the call's own closing bracket then closes the filter's.
    WITH_PARAMETERS = re.compile(r"""(?<![\w.])_\((["'])([A-Za-z0-9_]+)\1,\s*(?=[A-Za-z_]\w*=)""")
    JOINED = re.compile(r"""(?<![\w.])_\((["'])([A-Za-z0-9_]+)\1 ~ ([A-Za-z_][\w.]*)\)""")

    def preprocess(self, source: str, name: str | None, filename: str | None = None) -> str:
        translate: Translator = self.environment.globals["_"]

        def quoted(text: str) -> str:  # a Jinja string literal
            return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'

        def literal(match: re.Match[str]) -> str:
            params = {p.group(1): p.group(2) if p.group(2) is not None else p.group(3)
                      for p in self.PARAM.finditer(match.group(3))}
            try:
                text = translate(match.group(2), **params)
            except (KeyError, IndexError, ValueError):  # unknown key, or a parameter it lacks
                return match.group(0)
            return quoted(text)

        def formatted(match: re.Match[str]) -> str:
            try:
                text = translate.unformatted(match.group(2))
            except KeyError:
                return match.group(0)
            return quoted(text) + "|format_word("

        source = self.CALL.sub(literal, source)
        source = self.WITH_PARAMETERS.sub(formatted, source)
        return self.JOINED.sub(r'(\3|joined_word("\2"))', source)


class _Context(jinja2.runtime.Context):
    """Jinja's context, with a shorter way through `call`: every call a template makes (globals
    such as `entry_url(...)` and `_("round_n", n=…)`, macros, methods) goes through it, and
    Jinja's own `call` asks each callable, twice, whether it wants the context passed in. Plain
    functions and methods and the translator never do, a macro always wants the evaluation
    context: they are called straight away, as Jinja would call them. Anything else (a function
    marked `pass_context`) takes Jinja's way.

    Each context made while a page renders is noted (_PAGE), to be emptied once the page is
    done (_Template.render)."""

    def __init__(self, environment: jinja2.Environment, parent: dict[str, Any], name: str | None,
                 blocks: dict[str, Any], globals: Any = None) -> None:
        # Jinja's, but for the set of the globals' names, made when asked (only an import without
        # context asks): a context is made for every page and every include, 60,000 at 200 events.
        self.parent = parent
        self.vars = {}
        self.environment = environment
        self.eval_ctx = jinja2.nodes.EvalContext(environment, name)
        self.exported_vars = set()
        self.name = name
        self._globals = globals
        self.blocks = {k: [v] for k, v in blocks.items()} if blocks else {}
        made = getattr(_PAGE, "contexts", None)
        if made is not None:
            made.append(self)

    def resolve_or_missing(self, key: str) -> Any:
        # Jinja's, with two lookups where it made three for a name of the parent's (a template's
        # functions begin by resolving every name they use: a table's some twenty, at every include).
        own = self.vars
        if key in own:
            return own[key]
        return self.parent.get(key, missing)

    @property
    def globals_keys(self) -> set[str]:  # type: ignore[override]
        """Jinja's `globals_keys`: the names of the template's globals (fixed once it is loaded:
        Environment.make_globals copies them)."""
        keys = self.__dict__.get("_globals_keys")
        if keys is None:
            keys = self.__dict__["_globals_keys"] = set() if self._globals is None else set(self._globals)
        return keys

    @globals_keys.setter
    def globals_keys(self, keys: set[str]) -> None:
        self.__dict__["_globals_keys"] = keys

    @internalcode
    def call(__self, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805 (Jinja's names)
        kind = type(__obj)
        if kind is jinja2.runtime.Macro:
            if kwargs:
                kwargs.pop("_block_vars", None)
                kwargs.pop("_loop_vars", None)
            if not kwargs and len(args) == __obj._argument_count and not (
                    __obj.caller or __obj.catch_kwargs or __obj.catch_varargs):
                # A macro given all its arguments, in order: what Macro.__call__ comes down to.
                try:
                    html = __obj._func(*args)
                except StopIteration:
                    return __self.environment.undefined(
                        "value was undefined because a callable raised a StopIteration exception")
                return _markup_str(html) if __self.eval_ctx.autoescape else html
            args = (__self.eval_ctx, *args)  # Macro.__call__ is pass_eval_context
        elif kind in _MAY_BE_PASSED:
            # A method's marks are its function's: each function is asked once (hasattr of a
            # name it lacks costs an exception inside, at every call of every page).
            function = __obj.__func__ if kind is types.MethodType else __obj
            if id(function) not in PLAIN_CALLS:
                if hasattr(function, "jinja_pass_arg"):
                    return super().call(__obj, *args, **kwargs)
                _call_plainly(function)
        elif kind not in _NEVER_PASSED:
            return super().call(__obj, *args, **kwargs)
        elif kind is Translator and id(__obj) not in PLAIN_CALLS:
            _call_plainly(__obj)
        if kwargs:  # Jinja adds these inside blocks and loops, for pass_context functions only
            kwargs.pop("_block_vars", None)
            kwargs.pop("_loop_vars", None)
        try:
            return __obj(*args, **kwargs)
        except StopIteration:
            return __self.environment.undefined(
                "value was undefined because a callable raised a StopIteration exception")


# Callables that can carry no `jinja_pass_arg` (builtin methods such as dict.get, our
# translator), and those that might (a function or method marked with @pass_context).
_NEVER_PASSED = {types.BuiltinFunctionType, types.BuiltinMethodType, Translator}
_MAY_BE_PASSED = {types.FunctionType, types.MethodType}
# The ids of functions and translators that _Context.call found plain (no `jinja_pass_arg`):
# called straight away from then on, a named one by the template itself, without going through
# the context (_CodeGenerator.visit_Call). A method is made anew at each use: its function is
# here, never the method itself, which the context calls as before; macros are never here.
PLAIN_CALLS: dict[int, None] = {}


def _call_plainly(function: Any) -> None:
    """Into PLAIN_CALLS, until the function is freed (its id then names nothing of it: the
    entry goes as it dies, before the id can be another object's). Nothing is kept alive, so
    `paibang serve` rebuilding for hours holds no old build's functions."""
    try:
        weakref.finalize(function, PLAIN_CALLS.pop, id(function), None)
    except TypeError:  # no weak references to it: asked again at every call, as before
        return
    PLAIN_CALLS[id(function)] = None


def _plain_caller(environment: jinja2.Environment) -> Any:
    """How a template calls a plain function straight away (_CodeGenerator.visit_Call), as
    Context.call would call it: Jinja's loop and block variables, which the call is given for
    the context's sake, are dropped, and a StopIteration the function raises is an undefined
    value, not an exception (inside the template's generator it would become a RuntimeError).
    One for each template's module, made with its environment as it loads."""

    def plain_call(function: Any, /, *args: Any, _loop_vars: Any = None, _block_vars: Any = None, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except StopIteration:
            return environment.undefined("value was undefined because a callable raised a StopIteration exception")

    return plain_call


def _include_context(template: jinja2.Template, context: jinja2.runtime.Context, locals: dict[str, Any],
                     ) -> jinja2.runtime.Context:
    """An included template's context, holding what `template.new_context(context.get_all(),
    True, locals)` holds (the including context's variables, its own over its parent's, then
    the locals that are set), with no copy of the parent: it is the including context's parent
    (the page's variables and the globals, some fifty, never written to), and the including
    context's own variables and the locals are the new context's own, which a name is looked up
    in first, as Jinja looks up the copy. A table is included on a round's page and on each of
    its entries' pages, with some fifteen locals each time: the fifty were copied for each."""
    made = template.environment.context_class(template.environment, context.parent, template.name, template.blocks,
                                              globals=template.globals)
    own = made.vars
    if context.vars:
        own.update(context.vars)
    for key, value in locals.items():
        if value is not missing:
            own[key] = value
    return made


def html_text(value: Any) -> str:
    """What `{{ value }}` writes: the text of markupsafe's escape(value), without making it a
    Markup object first. The pieces a page is made of are joined into one str anyway, and
    Markup's constructor was a tenth of the rendering time."""
    kind = type(value)
    if kind is str:
        return _escape_inner(value)
    if kind is int:  # digits and a minus sign: nothing to escape
        return str(value)
    if hasattr(value, "__html__"):
        return str(value.__html__())
    return _escape_inner(str(value))


try:  # MarkupSafe 3: the function inside escape(), str in, escaped str out
    from markupsafe._speedups import _escape_inner
except ImportError:  # pragma: no cover

    def _escape_inner(text: str) -> str:
        return str(escape(text))


class _CodeGenerator(jinja2.compiler.CodeGenerator):
    """Jinja's compiler, writing `{{ value }}` as `html_text(value)` instead of `escape(value)`
    (see html_text). Only there: where Jinja needs Markup (macro results, `{% set %}` blocks)
    it makes it itself, from the escaped text."""

    def _output_child_pre(self, node: Any, frame: Any, finalize: Any) -> None:
        # A str (most values) escaped right here, Markup (a macro's text, shared rows) and an int
        # taken as html_text takes them, anything else by html_text: a call fewer for each.
        if frame.eval_ctx.autoescape and not frame.eval_ctx.volatile and finalize.src is None:
            self.write("(escape_inner(_ht_v) if (_ht_t := type(_ht_v := (")
        else:
            super()._output_child_pre(node, frame, finalize)

    def _output_child_post(self, node: Any, frame: Any, finalize: Any) -> None:
        if frame.eval_ctx.autoescape and not frame.eval_ctx.volatile and finalize.src is None:
            self.write("))) is str else _ht_v if _ht_t is Markup else str(_ht_v) if _ht_t is int else html_text(_ht_v))")
        else:
            super()._output_child_post(node, frame, finalize)

    def visit_Output(self, node: Any, frame: Any) -> None:
        """A run of text and `{{ }}` between two tags yielded as one joined piece, not piece by
        piece (`<td data-label="{{ a }}">{{ b }}</td>` was five yields, each a resumption of the
        template's generator and an item more for the page's final join). The pieces and their
        order are Jinja's own (the same code, written inside one `"".join((…))`)."""
        if frame.buffer is not None or self.environment.is_async:
            return super().visit_Output(node, frame)
        if frame.require_output_check:
            if self.has_known_extends:
                return
            self.writeline("if parent_template is None:")
            self.indent()
        finalize = self._make_finalize()
        body: list[Any] = []
        for child in node.nodes:  # as Jinja: constants folded at compile time, the rest at run time
            try:
                if not (finalize.const or isinstance(child, jinja2.nodes.TemplateData)):
                    raise jinja2.nodes.Impossible()
                const = self._output_child_to_const(child, frame, finalize)
            except (jinja2.nodes.Impossible, Exception):
                body.append(child)
                continue
            if body and isinstance(body[-1], list):
                body[-1].append(const)
            else:
                body.append([const])
        if len(body) == 1 and isinstance(body[0], list):
            self.writeline("yield " + self._output_const_repr(body[0]))
        elif len(body) == 1:
            self.writeline("yield ", body[0])
            self._output_child_pre(body[0], frame, finalize)
            self.visit(body[0], frame)
            self._output_child_post(body[0], frame, finalize)
        elif body:
            self.writeline('yield "".join((')
            self.indent()
            for item in body:
                if isinstance(item, list):
                    self.writeline(self._output_const_repr(item) + ",")
                else:
                    self.newline(item)
                    self._output_child_pre(item, frame, finalize)
                    self.visit(item, frame)
                    self._output_child_post(item, frame, finalize)
                    self.write(",")
            self.outdent()
            self.writeline("))")
        if frame.require_output_check:
            self.outdent()

    @jinja2.compiler.optimizeconst
    def visit_Getattr(self, node: Any, frame: Any) -> None:
        """`a.b` as Python's own getattr with a default, and Jinja's `environment.getattr`
        (an item of that name, else undefined) only when there is no such attribute: the same
        value, without a call into Python code for every attribute a page reads (a tenth of the
        rendering). The object is evaluated once; the two names are the enclosing function's."""
        if self.environment.is_async:
            return super().visit_Getattr(node, frame)
        self.write("(_ga_v if (_ga_v := getattr((_ga_o := ")
        self.visit(node.node, frame)
        self.write(f"), {node.attr!r}, missing)) is not missing else environment.getattr(_ga_o, {node.attr!r}))")

    @jinja2.compiler.optimizeconst
    def visit_Call(self, node: Any, frame: Any, forward_caller: bool = False) -> None:
        """`f(x)`, `f` a name, called straight away when `f` is a function (or translator) the
        context has already found plain (PLAIN_CALLS), else through `context.call` as Jinja
        writes it, which also builds a dict of Jinja's loop and block variables for every call
        in a loop or block (for functions that take the context, none of paibang's). The callee
        is evaluated once, before its arguments, and chooses which of the two is called; the
        arguments are written once, for whichever it is (so `f(g(h(x)))` is code in proportion
        to its depth). A plain function raising StopIteration gives undefined, as context.call
        makes it (plain_call, which also drops the loop and block variables)."""
        if self.environment.is_async or self.environment.sandboxed or not isinstance(node.node, jinja2.nodes.Name):
            return super().visit_Call(node, frame, forward_caller=forward_caller)  # methods: made anew at each use
        self.write("(plain_call if id(_cf := ")
        self.visit(node.node, frame)
        self.write(") in plain_calls else context.call)(_cf")
        extra_kwargs = {"caller": "caller"} if forward_caller else None
        loop_kwargs = {"_loop_vars": "_loop_vars"} if frame.loop_frame else {}
        block_kwargs = {"_block_vars": "_block_vars"} if frame.block_frame else {}
        if extra_kwargs:
            extra_kwargs.update(loop_kwargs, **block_kwargs)
        elif loop_kwargs or block_kwargs:
            extra_kwargs = dict(loop_kwargs, **block_kwargs)
        self.signature(node, frame, extra_kwargs)
        self.write(")")

    def visit_Include(self, node: Any, frame: Any) -> None:
        """`{% include %}` yields the included template's text as one piece, joined where it is
        made, instead of passing each of its pieces (a table has a thousand) one by one up
        through every template and block above it."""
        if not node.with_context or node.ignore_missing or self.environment.is_async:
            return super().visit_Include(node, frame)
        # Which template: as Jinja finds it (a name, a list of names, or either at run time).
        func_name = "get_or_select_template"
        if isinstance(node.template, jinja2.nodes.Const) and isinstance(node.template.value, str):
            func_name = "get_template"
        elif isinstance(node.template, (jinja2.nodes.Tuple, jinja2.nodes.List)) or (
                isinstance(node.template, jinja2.nodes.Const) and isinstance(node.template.value, (tuple, list))):
            func_name = "select_template"
        self.writeline(f"template = environment.{func_name}(", node)
        self.visit(node.template, frame)
        self.write(f", {self.name!r})")
        self.simple_write("environment.concat(template.root_render_func(include_context(template, context, "
                          f"{self.dump_local_context(frame)})))", frame)

    def writeline(self, x: str, node: Any = None, extra: int = 0) -> None:
        # The same for blocks and the parent template: `yield from` passed each piece up.
        if x.startswith("yield from "):
            x = f"yield environment.concat({x.removeprefix('yield from ')})"
        super().writeline(x, node, extra)

    def visit_Template(self, node: Any, frame: Any = None) -> None:
        super().visit_Template(node, frame)
        # At the end of the template's module: its functions run only once it is all loaded.
        self.writeline("from generator.render.fast_jinja import PLAIN_CALLS as plain_calls, _escape_inner as escape_inner, "
                       "html_text, _plain_caller, _include_context as include_context")
        self.writeline("plain_call = _plain_caller(environment)")


class _DirectCodeGenerator(_CodeGenerator):
    """The compiler of Environment's own templates: `a.b` as Python's attribute access and a
    call of a plain function or method (PLAIN_CALLS) straight away, without the fallbacks
    _CodeGenerator writes around each for what Jinja does differently from Python there: an
    attribute missing (Jinja then reads the item of that name, or gives undefined), a subscript
    failing (Jinja then reads the attribute of that name, or gives undefined) and a callee
    raising StopIteration (Jinja gives undefined; inside a template's generator Python makes it
    a RuntimeError). Each then stops the page with an exception, and _Template.render renders
    the page again with those fallbacks (Environment.exact): the same text, whatever happens,
    and paibang's pages never take that way (their attributes and items are all there, and a
    dict's attributes are read as Jinja reads them: tests/test_site.py renders the demo with the
    twin refused). Rendered again, a page reads its values and calls its functions again: an
    iterator in its context fails the page instead (_Template._render); a function with a side
    effect would have it twice, and the pages' globals have none (their memos keep what a second
    call would make again)."""

    @jinja2.compiler.optimizeconst
    def visit_Getattr(self, node: Any, frame: Any) -> None:
        if self.environment.is_async or not node.attr.isidentifier() or keyword.iskeyword(node.attr):
            return super().visit_Getattr(node, frame)
        # A dict's (a printed form's page, a TypedDict) as Jinja reads it: the attribute, else
        # the item; anything else's straight away.
        self.write(f"(environment.getattr(_ga_o, {node.attr!r}) if type(_ga_o := (")
        self.visit(node.node, frame)
        self.write(f")) is dict else _ga_o.{node.attr})")

    @jinja2.compiler.optimizeconst
    def visit_Getitem(self, node: Any, frame: Any) -> None:
        """`a[b]` as Python's subscript, not through `environment.getitem` (a call into Python
        code for each of the 700,000 subscripts of a 200-event build: an entry's opponents'
        labels, a row's running total, a team's score). Jinja's getitem falls back where the
        subscript fails (LookupError, TypeError, AttributeError: the attribute of that name, else
        undefined); here the page then stops, and is rendered again by its exact twin
        (_Template.render), which does as Jinja does. A slice is written so by Jinja already."""
        if self.environment.is_async or isinstance(node.arg, jinja2.nodes.Slice):
            return super().visit_Getitem(node, frame)
        self.write("(")
        self.visit(node.node, frame)
        self.write(")[")
        self.visit(node.arg, frame)
        self.write("]")

    @jinja2.compiler.optimizeconst
    def visit_Call(self, node: Any, frame: Any, forward_caller: bool = False) -> None:
        """`f(x)` or `a.f(x)`: the callee evaluated once, before its arguments, and called
        straight away when it is a function, translator or method found plain (PLAIN_CALLS:
        _Context.call put it there); else `context.call` as Jinja calls it, with Jinja's loop
        and block variables (through a partial: the arguments are written once)."""
        if self.environment.is_async or self.environment.sandboxed or forward_caller:
            return super().visit_Call(node, frame, forward_caller=forward_caller)
        if (isinstance(node.node, jinja2.nodes.Name) and node.node.name in self._macro_names and not node.kwargs
                and node.dyn_args is None and node.dyn_kwargs is None and frame.eval_ctx.autoescape
                and not frame.eval_ctx.volatile):
            # A macro's name given all its arguments, in order: its function called and its text
            # made Markup, as _Context.call does it (the Markup chosen first, before the arguments).
            self.write("(markup_str if (_mf := (_ct := type(_cf := ")
            self.visit(node.node, frame)
            self.write(f")) is macro_type and _cf._argument_count == {len(node.args)} and not (_cf.caller or "
                       "_cf.catch_kwargs or _cf.catch_varargs)) else same)((_cf._func if _mf else _cf if ("
                       "id(_cf.__func__) if _ct is method_type else id(_cf)) in plain_calls or _ct is builtin_type else ")
            self._call_rest(node, frame)
            self.write(")")
            return
        self.write("(_cf if (id(_cf.__func__) if (_ct := type(_cf := ")
        self.visit(node.node, frame)
        self.write(")) is method_type else id(_cf)) in plain_calls or _ct is builtin_type else ")
        self._call_rest(node, frame)

    def visit_Concat(self, node: Any, frame: Any) -> None:
        # `a ~ b` in an autoescaped template: joined_text, markup_join's text made quicker.
        if frame.eval_ctx.volatile or not frame.eval_ctx.autoescape:
            return super().visit_Concat(node, frame)
        self.write("joined_text((")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("))")

    def _call_rest(self, node: Any, frame: Any) -> None:
        """The way through the context, and the arguments (visit_Call)."""
        if frame.loop_frame or frame.block_frame:  # a macro wants none of them
            self.write("partial(context.call, _cf) if _ct is macro_type else partial(context.call, _cf")
            if frame.loop_frame:
                self.write(", _loop_vars=_loop_vars")
            if frame.block_frame:
                self.write(", _block_vars=_block_vars")
            self.write(")")
        else:
            self.write("partial(context.call, _cf)")
        self.write(")(")
        stream, self.stream = self.stream, io.StringIO()
        try:
            self.signature(node, frame)
            arguments = self.stream.getvalue()
        finally:
            self.stream = stream
        self.write(arguments.removeprefix(", ") + ")")

    def pull_dependencies(self, nodes: Any) -> None:
        """The filters and tests the template uses, each looked up once, when the template's
        module is loaded (visit_Template writes them at its end), not at the start of its
        function at every page and every include (a table's template looked up sixteen at each):
        the same functions, the environment's filters and tests being all there before its
        first template is loaded. One it lacks fails where it is used, as Jinja's does."""
        if self.environment.is_async:
            return super().pull_dependencies(nodes)
        visitor = jinja2.compiler.DependencyFinderVisitor()
        for node in nodes:
            visitor.visit(node)
        for id_map, names in ((self.filters, visitor.filters), (self.tests, visitor.tests)):
            for name in sorted(names):
                if name not in id_map:
                    id_map[name] = self.temporary_identifier()

    def _module_dependencies(self) -> None:
        """pull_dependencies' lookups, as Jinja writes them, at the module's top level."""
        for id_map, dependency in ((self.filters, "filters"), (self.tests, "tests")):
            for name, identifier in id_map.items():
                self.writeline("try:")
                self.indent()
                self.writeline(f"{identifier} = environment.{dependency}[{name!r}]")
                self.outdent()
                self.writeline("except KeyError:")
                self.indent()
                self.writeline("@internalcode")
                self.writeline(f"def {identifier}(*unused):")
                self.indent()
                self.writeline(f'raise TemplateRuntimeError("No {dependency[:-1]} named {name!r} found.")')
                self.outdent()
                self.outdent()

    def write_commons(self) -> None:
        super().write_commons()
        # _Context.resolve_or_missing's two lookups, for enter_frame to write in place of the call:
        # the context's own variables and its parent are the same dicts for the function's life.
        self.writeline("_rv, _rp = context.vars, context.parent.get")

    def visit_For(self, node: Any, frame: Any) -> None:
        """Jinja's loop, but the names of the context its body reads and never sets are looked up
        once, before the loop, not at every step (an entry's opponents: `entry_url` and `_` for
        each). Nothing a loop's body does changes them: only a template's top level sets the
        context's variables, and a loop's body is not its top level (what it sets is its own).
        A function given the context (@pass_context) could write them from inside the body:
        the site's environment has none that does (test_site's
        test_no_global_or_filter_of_the_site_is_given_the_context keeps it so)."""
        self._hoisted = None
        if self.environment.is_async or node.recursive or node.test or self.get_resolve_func() != "resolve":
            return super().visit_For(node, frame)
        # The body's symbols as Jinja's visit_For finds them (the same names: l_<depth>_<name>).
        probe = frame.inner()
        probe.loop_frame = True
        if "loop" in jinja2.compiler.find_undeclared(node.iter_child_nodes(only=("body",)), ("loop",)) or any(
                block.scoped for block in node.find_all(jinja2.nodes.Block)):
            probe.symbols.declare_parameter("loop")
        probe.symbols.analyze_node(node, for_branch="body")
        hoisted = {target: param for target, (action, param) in probe.symbols.loads.items()
                   if action == jinja2.compiler.VAR_LOAD_RESOLVE and param not in probe.symbols.stores}
        for target, param in hoisted.items():
            self._resolve(target, param)
        self._hoisted = set(hoisted)
        super().visit_For(node, frame)

    def _resolve(self, target: str, param: str) -> None:
        """`target` given the context's `param` where it is resolved (_rv, _rp: write_commons)."""
        self.writeline(f"{target} = _rv[{param!r}] if {param!r} in _rv else _rp({param!r}, missing)")

    def enter_frame(self, frame: Any) -> None:
        """Jinja's, but a name of the context is looked up where it is resolved (`_rv`, `_rp`:
        write_commons), not by a call of resolve_or_missing: a function resolves every name it
        uses as it starts, and a loop's body at every step (1.3 million calls at 200 events,
        most of them in the tables an entry's and a round's pages include); those a loop's body
        never sets, once before the loop (visit_For)."""
        hoisted, self._hoisted = (getattr(self, "_hoisted", None) or ()) if frame.loop_frame else (), None
        if self.environment.is_async or self.get_resolve_func() != "resolve":
            return super().enter_frame(frame)
        undefs = []
        for target, (action, param) in frame.symbols.loads.items():
            if action == jinja2.compiler.VAR_LOAD_PARAMETER:
                pass
            elif target in hoisted:
                pass
            elif action == jinja2.compiler.VAR_LOAD_RESOLVE:
                self._resolve(target, param)
            elif action == jinja2.compiler.VAR_LOAD_ALIAS:
                self.writeline(f"{target} = {param}")
            elif action == jinja2.compiler.VAR_LOAD_UNDEFINED:
                undefs.append(target)
            else:
                raise NotImplementedError("unknown load instruction")
        if undefs:
            self.writeline(f"{' = '.join(undefs)} = missing")

    def visit_Template(self, node: Any, frame: Any = None) -> None:
        # Loops reading only their count, counted (before any frame is made), unless the template
        # has names of its own that the counted loops' code would take.
        if not self.environment.is_async and not any(n.name in (_COUNT, "_fj_enumerate")
                                                     for n in node.find_all(jinja2.nodes.Name)):
            node = _CountedLoops().visit(node)
        # The names of its macros and of those it imports by name: calls of these are written for
        # a macro (visit_Call), whatever they turn out to be.
        self._macro_names = {m.name for m in node.find_all(jinja2.nodes.Macro)}
        for imported in node.find_all(jinja2.nodes.FromImport):
            self._macro_names.update(n if isinstance(n, str) else n[1] for n in imported.names)
        super().visit_Template(node, frame)
        self.writeline("from generator.render.fast_jinja import _same as same, _Loop as LoopContext, "
                       "_markup_str as markup_str, _joined_text as joined_text")
        self.writeline("from functools import partial")
        self.writeline("from types import BuiltinFunctionType as builtin_type, MethodType as method_type")
        self.writeline("macro_type = Macro")
        if not self.environment.is_async:
            self._module_dependencies()


# What a loop's body may read of `loop` for the loop to be counted by enumerate (_counted_loop),
# and the count's name in the compiled code (a name no template gives: a leading underscore).
_COUNTED = {"index0", "index", "first"}
_COUNT = "_fj_index0"
# Nodes inside which `loop` may be seen otherwise than as an attribute read here: an include's or
# a call block's view of the loop's variables, a macro's, a block's.
_OPAQUE = (jinja2.nodes.Include, jinja2.nodes.Import, jinja2.nodes.FromImport, jinja2.nodes.CallBlock,
           jinja2.nodes.Macro, jinja2.nodes.Block, jinja2.nodes.FilterBlock, jinja2.nodes.Scope,
           jinja2.nodes.ScopedEvalContextModifier, jinja2.nodes.OverlayScope)


class _CountLoop(jinja2.visitor.NodeTransformer):
    """`loop.index0`, `loop.index` and `loop.first` as the count enumerate gives."""

    def visit_Getattr(self, node: Any) -> Any:
        if isinstance(node.node, jinja2.nodes.Name) and node.node.name == "loop" and node.attr in _COUNTED:
            count = jinja2.nodes.Name(_COUNT, "load", lineno=node.lineno)
            if node.attr == "index0":
                return count
            if node.attr == "index":
                return jinja2.nodes.Add(count, jinja2.nodes.Const(1, lineno=node.lineno), lineno=node.lineno)
            return jinja2.nodes.Compare(count, [jinja2.nodes.Operand("eq", jinja2.nodes.Const(0, lineno=node.lineno))],
                                        lineno=node.lineno)
        return self.generic_visit(node)


class _CountedLoops(jinja2.visitor.NodeTransformer):
    """Every loop of a template as _counted_loop makes it, the loops inside first."""

    def visit_For(self, node: Any) -> Any:
        return _counted_loop(self.generic_visit(node))


def _counted_loop(node: Any) -> Any:
    """A loop whose body reads nothing of `loop` but its count (index0, index, first), as a loop
    over enumerate(…) reading the count: the same items and values, without Jinja's LoopContext
    (an object made for each loop and stepped as a generator: 1 µs for a loop of three items,
    against 0.2 µs; a table's rows on an entry's page, its rooms, an entry's matches' figures).
    Any other reading of `loop` (last, length, previtem, …, `loop` itself, or anything that
    might see it: an include, a macro, a call block, a loop inside that reads a `loop`) keeps
    Jinja's loop, as does an `else` (it asks whether the loop ran). The template's tree is
    changed in place: it is parsed for this compilation alone."""
    if node.else_ or node.recursive or node.test or not node.body:
        return node
    names = [n for child in node.body for n in child.find_all(jinja2.nodes.Name) if n.name == "loop"]
    if not names:
        return node  # Jinja's own plain loop already
    if any(isinstance(child, _OPAQUE) or child.find(_OPAQUE) is not None for child in node.body):
        return node
    inner = [n for child in node.body for loop in (child, *child.find_all(jinja2.nodes.For))
             if isinstance(loop, jinja2.nodes.For) for n in loop.find_all(jinja2.nodes.Name) if n.name == "loop"]
    reads = [g for child in node.body for g in child.find_all(jinja2.nodes.Getattr)
             if isinstance(g.node, jinja2.nodes.Name) and g.node.name == "loop" and g.attr in _COUNTED]
    if inner or len(reads) != len(names):
        return node
    body = [_CountLoop().visit(child) for child in node.body]
    target = jinja2.nodes.Tuple([jinja2.nodes.Name(_COUNT, "store", lineno=node.lineno), node.target], "store",
                                lineno=node.lineno)
    counted = jinja2.nodes.Call(jinja2.nodes.Name("_fj_enumerate", "load", lineno=node.lineno), [node.iter], [], None, None,
                                lineno=node.lineno)
    return jinja2.nodes.For(target, counted, body, [], None, False, lineno=node.lineno)


def _enumerate(items: Any) -> Any:
    """enumerate(items), a plain function (a class is called through the context, a function
    found plain straight away: _Context.call)."""
    return enumerate(items)


def _same(value: Any) -> Any:
    return value


# A macro's text (a str, its pieces joined) as Markup: what Markup(text) makes of a str, without
# Markup.__new__ asking the str for an __html__ it never has (a failed lookup at every call of a
# macro: a table's sides, each standings row's players).
_markup_str = functools.partial(str.__new__, Markup)
# The same for render/html.py's helpers, which write their pieces as escaped strs (html_text)
# and hand the joined text back as Markup: some 400,000 a build at 200 events, where
# Markup.__new__, a Python function, was 1.4% of rendering.
markup_of = _markup_str


def escaped(value: Any) -> Markup:
    """markupsafe's escape(value), the same Markup, without Markup.__new__ (see markup_of)."""
    return _markup_str(html_text(value))


def _joined_text(pieces: tuple[Any, ...]) -> str:
    """`a ~ b ~ c` as Jinja's markup_join makes it (Markup when a piece is, else str), plain
    strs joined straight away: markup_join asks each piece for an __html__ (a table's caption on
    every round and entry page, three pieces and two words)."""
    for piece in pieces:
        if type(piece) is not str:
            return jinja2.runtime.markup_join(pieces)
    return "".join(pieces)


def one_argument(macro: Any) -> Any:
    """A macro of one parameter, as Python calls it (render/html.py's shared_rows: a row's
    cells, thousands of rows): its function, which is what Macro.__call__ comes down to given
    that one argument (the text, made Markup by the caller); anything else as it is."""
    if type(macro) is jinja2.runtime.Macro and macro._argument_count == 1 and not (
            macro.caller or macro.catch_kwargs or macro.catch_varargs):
        return macro._func
    return macro


class _Loop(jinja2.runtime.LoopContext):
    """Jinja's `loop`, stepped by a generator instead of a `__next__` method: the same items and
    the same `loop` (index, first, last, previtem, …), a resumption where each step was a call,
    and no StopIteration raised through Python at each loop's end (a table's rows, an entry's
    matches and their opponents: some 140,000 loops at 200 events). `loop.last` and
    `loop.nextitem` peek ahead as Jinja's do (`_after`), and `loop.length` may read the rest
    into a list (`_iterator` replaced): both are read again at every step."""

    def __iter__(self) -> Any:  # type: ignore[override]
        while True:
            item = self._after
            if item is missing:
                for item in self._iterator:
                    break
                else:
                    return
            else:
                self._after = missing
            self.index0 += 1
            self._before = self._current
            self._current = item
            yield item, self


# The contexts made while the page being rendered in this thread renders (_Context), by
# _Template.render: its own, its includes' and its imports'.
_PAGE = threading.local()


class _Template(jinja2.Template):
    """A page of Environment's: rendered again by its exact twin (Environment.exact) when the
    direct code stopped where Jinja would have gone on (_DirectCodeGenerator).

    Once the page is done, the variables of every context made for it are let go: a context
    holds the macros its template defined or imported, each macro's function holds the context,
    and so every page left cycles (a few dozen objects each, and the page's values they reach)
    that only the cycle collector freed: the render workers spent a twelfth of their time
    collecting them. Emptied, they are freed as soon as the page is done. The text, made by
    then, is the same."""

    def render(self, *args: Any, **kwargs: Any) -> str:
        outer = getattr(_PAGE, "contexts", None)
        _PAGE.contexts = made = []
        try:
            return self._render(*args, **kwargs)
        finally:
            _PAGE.contexts = outer
            for context in made:
                context.vars.clear()

    def _get_default_module(self, ctx: Any = None) -> Any:
        # The module `{% import "x" as y %}` (without context) takes is kept by its template for
        # every page: its context is not one to empty.
        outer = getattr(_PAGE, "contexts", None)
        _PAGE.contexts = None
        try:
            return super()._get_default_module(ctx)
        finally:
            _PAGE.contexts = outer

    def _render(self, *args: Any, **kwargs: Any) -> str:
        try:
            return super().render(*args, **kwargs)
        except (AttributeError, RuntimeError, LookupError, TypeError) as error:
            exact = self.environment.exact()
            source = getattr(self, "paibang_source", None)
            if exact is self.environment or (self.name is None and source is None) or (
                    isinstance(error, RuntimeError) and not isinstance(error.__cause__, StopIteration)):
                raise
            # Rendered again, a page reads its values again: an iterator handed to it (a
            # generator) was used up, partly or whole, by the rendering that stopped, and the twin
            # would show what is left of it as if it were all. The page fails instead.
            used = [name for name, value in dict(*args, **kwargs).items() if isinstance(value, Iterator)]
            if used:
                error.add_note(f"fast_jinja: {self.name or 'the page'} stopped where Jinja goes on, and is not "
                               f"rendered again the exact way: {', '.join(used)} can be read once only "
                               "(hand it a list)")
                raise
            twin = exact.get_template(self.name) if source is None else exact.from_string(*source)
            return twin.render(*args, **kwargs)


class Environment(jinja2.Environment):
    """Jinja's environment for one build, where the templates and the globals do not change once
    the first page is rendered: with the shorter context and the compiler below (FixedWords is
    an extension, given when the environment is made), templates found again in a plain dict,
    and each template's globals one plain dict instead of a ChainMap over the environment's
    (Jinja copies a template's globals into a new context at every page and every include, and
    walking a ChainMap's keys was a twentieth of the rendering)."""

    context_class = _Context
    code_generator_class = _DirectCodeGenerator
    template_class = _Template

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Jinja's filters that have an async twin (join, sum, map, selectattr, first, list, …)
        # are wrappers that ask at every call whether the environment is async, then call the
        # plain function: this one never is, so the plain function is the filter (the same
        # function, the same argument it is passed; templates are compiled for what it asks).
        for name, function in list(self.filters.items()):
            if getattr(function, "jinja_async_variant", False) and not self.is_async:
                self.filters[name] = function.__wrapped__
        self.auto_reload = False
        self._found: dict[str, jinja2.Template] = {}
        # (the compiled code's own: a loop counted by enumerate, _counted_loop)
        self.globals["_fj_enumerate"] = _enumerate
        # Names looked for and not found: an event's game's own part of a page is included
        # `ignore missing`, and most games have none (the loader looked in every folder again
        # at every event, and at every rebuild of serve, which keeps its environments).
        self._missing: set[str] = set()
        self._exact: Environment | None = None

    def exact(self) -> Environment:
        """This environment's twin for a page whose direct code stopped (_Template.render): the
        same loader, globals, filters and words, its templates compiled with Jinja's fallbacks
        (_CodeGenerator), when first asked for; kept as long as this environment (serve keeps it between
        builds while the code is the same: render/html.py's _environment_for)."""
        if self._exact is None:
            twin = object.__new__(type(self))
            twin.__dict__.update(self.__dict__)
            twin.code_generator_class = _CodeGenerator
            twin.template_class = jinja2.Template
            twin.cache = jinja2.environment.create_cache(400)
            twin.bytecode_cache = None
            twin._found, twin._missing = {}, set()
            twin._exact = twin
            self._exact = twin
        return self._exact

    def make_globals(self, d: Any = None) -> Any:
        if self.auto_reload:
            return super().make_globals(d)
        return {**self.globals, **d} if d else dict(self.globals)

    def from_string(self, source: Any, globals: Any = None, template_class: Any = None) -> jinja2.Template:
        template = super().from_string(source, globals, template_class)
        if isinstance(template, _Template):  # for its exact twin, should it be rendered again
            template.paibang_source = (source, globals)
        return template

    def get_template(self, name: Any, parent: str | None = None, globals: Any = None) -> jinja2.Template:
        if type(name) is not str or globals or self.auto_reload:
            return super().get_template(name, parent, globals)
        found = self._found.get(name)
        if found is None:  # paibang's templates name their includes from the top: no parent to join
            if name in self._missing:
                raise jinja2.TemplateNotFound(name)
            try:
                found = self._found[name] = super().get_template(name, parent)
            except jinja2.TemplateNotFound:
                self._missing.add(name)
                raise
        return found


class CompiledTemplates(jinja2.FileSystemBytecodeCache):
    """Templates' compiled code kept between builds, as Python keeps a module's in __pycache__
    (compiling paibang's templates took 0.2 s in every process of every build). One folder per
    `version` of the code (the others' are removed), one file per template and locale (FixedWords
    writes each locale's words into the code); Jinja itself checks each template's source
    against its checksum. The files are marshalled code: each is sealed with the user's key
    (generator/caches.py) and one whose seal does not verify is compiled anew, never loaded.
    Where the folder cannot be written, templates are compiled at every build, as without it."""

    def __init__(self, folder: Path, version: str, locale: str) -> None:
        self.folder = folder / hashlib.sha256(f"{version}\0{jinja2.__version__}\0{sys.version}".encode()).hexdigest()[:16]
        self.locale = locale
        super().__init__(str(self.folder), "%s.jinja")

    def get_cache_key(self, name: str, filename: str | None = None) -> str:
        return hashlib.sha256(f"{self.locale}\0{name}\0{filename}".encode()).hexdigest()[:32]

    def load_bytecode(self, bucket: Any) -> None:
        try:
            with open(self._get_cache_filename(bucket), "rb") as handle:
                bucket.bytecode_from_string(caches.unseal(handle.read()))
        except (OSError, caches.Unsealed):
            return  # none, or not sealed by this user: compiled from the source instead

    def dump_bytecode(self, bucket: Any) -> None:
        try:
            if not self.folder.is_dir():
                self.folder.mkdir(parents=True)
                self._remove_other_versions()
            caches.write_sealed(Path(self._get_cache_filename(bucket)), bucket.bytecode_to_string())
        except OSError:
            pass

    def _remove_other_versions(self) -> None:
        """The folders other versions of the code left beside this one's, each removed only when
        it is one of ours: a real folder (never a link followed: rev34 found a link among them, or
        a linked parent, led rmtree into the user's files) named as `__init__` names them, holding
        nothing but regular files named as `get_cache_key` names them (or their temporaries, left
        by a killed build). Anything else beside them is left alone."""
        parent = os.fspath(self.folder.parent)
        if os.path.islink(parent):
            return  # (whatever it leads to is not ours to tidy)
        with os.scandir(parent) as found:
            others = [entry.path for entry in found
                      if entry.name != self.folder.name and entry.is_dir(follow_symlinks=False)
                      and _VERSION_FOLDER.fullmatch(entry.name)]
        for other in others:
            try:
                with os.scandir(other) as found:
                    files = [(entry.path, entry.name) for entry in found]
                if not all(_COMPILED_FILE.fullmatch(name) and stat.S_ISREG(os.lstat(path).st_mode)
                           for path, name in files):
                    continue
                for path, _ in files:
                    os.unlink(path)
                os.rmdir(other)
            except OSError:
                continue


_VERSION_FOLDER = re.compile(r"[0-9a-f]{16}")  # CompiledTemplates' folder of one version of the code
_COMPILED_FILE = re.compile(r"[0-9a-f]{32}\.jinja(\.tmp-[0-9]+-[0-9]+)?")  # its files, and a killed write's
