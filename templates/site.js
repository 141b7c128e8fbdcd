/* paibang: the search box of every page, no framework, no server. The index is a script
   (assets/search-index.js, by generator/render/search.py) loaded on first use: it loads from disk
   (file://) too. A record matches when it holds each character pair of the query and its text:
   two characters of a name are enough. A large site's index is sharded (search-shards.js). */
(function () {
  "use strict";
  var KIND_ORDER = { player: 0, entry: 1, event: 2 };
  var DROPDOWN = 8, PAGE = 200;
  var waiting = null;

  function loadIndex(form, done) {
    if (waiting) { waiting.push(done); return; }
    if (window.PAIBANG_SEARCH) { done(window.PAIBANG_SEARCH); return; }
    waiting = [done];
    function ready() {
      var calls = waiting; waiting = null;
      calls.forEach(function (call) { call(window.PAIBANG_SEARCH); });
    }
    var script = document.createElement("script");
    script.src = form.getAttribute("data-index");
    script.onerror = ready;
    script.onload = function () {
      if (window.PAIBANG_SEARCH.version !== 2) { ready(); return; }
      var more = document.createElement("script");  // a sharded index: its search comes next
      more.src = script.src.replace(/search-index\.js$/, "search-shards.js");
      more.onload = more.onerror = ready;  // failed: ready all the same (find answers nothing)
      document.head.appendChild(more);
    };
    document.head.appendChild(script);
  }

  // As search.py's normalise: NFKC, lower case, its _MARKS dropped (not a Cyrillic letter's),
  // its LETTERS and 繁體 folded by the index's table.
  function normalise(text, fold) {
    var lowered = text.normalize("NFKC").toLowerCase();
    if (/[^\0-\x7f]/.test(lowered)) lowered = lowered.normalize("NFKD").replace(/([\u0400-\u04ff][\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]+)|[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]+/g, function (mark, kept) { return kept || ""; }).normalize("NFC");
    var folded = Array.from(lowered, function (c) { return fold[c] || c; }).join("");
    return folded.split(/\s+/).filter(Boolean).join(" ");
  }

  function runs(text) {
    return text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  }

  function intersect(a, b) {
    if (a === null) return b.slice();
    var out = [], i = 0, j = 0;
    while (i < a.length && j < b.length) {
      if (a[i] === b[j]) { out.push(a[i]); i++; j++; } else if (a[i] < b[j]) i++; else j++;
    }
    return out;
  }

  function search(data, query) {
    var fold = data.fold || {}, q = normalise(query, fold), parts = runs(q);
    if (!parts.length) return [];
    var ids = null;
    parts.forEach(function (run) {
      var chars = Array.from(run);
      for (var i = 0; i + 1 < chars.length; i++) ids = intersect(ids, data.grams[chars[i] + chars[i + 1]] || []);
    });
    if (ids === null) ids = data.records.map(function (_, i) { return i; });
    return ranked(ids, function (id) { return data.records[id]; }, q, parts, fold);
  }

  // The records of `ids` (record(id) gives one) that hold every run of the query, best first.
  function ranked(ids, record, q, parts, fold) {
    var found = ids.filter(function (id) {
      var text = record(id)[4];
      return parts.every(function (run) { return text.indexOf(run) >= 0; });
    });
    // first a title or a team's number typed whole (T1 before T10)
    function score(id) {
      var title = normalise(record(id)[1], fold);
      return title === q || !title.indexOf(q + " ") ? 0 : !title.indexOf(q) ? 1 : title.indexOf(parts[0]) >= 0 ? 2 : 3;
    }
    return found.map(function (id) { return [score(id), KIND_ORDER[record(id)[0]], id]; })
      .sort(function (a, b) { return a[0] - b[0] || a[1] - b[1] || a[2] - b[2]; })
      .map(function (row) { return record(row[2]); });
  }

  // Every search, whatever the index: done(records found, best first; how many; whether at least).
  function find(form, data, query, limit, done) {
    var tools = { normalise: normalise, runs: runs, intersect: intersect, ranked: ranked };
    if (!data || data.version === 2 && !window.PAIBANG_SEARCH_SHARDED) { done([], 0); return; }
    if (data.version === 2) { window.PAIBANG_SEARCH_SHARDED(tools, form, data, query, limit, done); return; }
    var found = search(data, query);
    done(found, found.length);
  }

  function tag(name, className, text, lang) {
    var made = document.createElement(name);
    if (className) made.className = className;
    if (lang && /[\u3400-\u9fff]/.test(text)) made.lang = lang;
    made.textContent = text;
    return made;
  }

  function words(form, name, key, value) {
    return (form.getAttribute("data-" + name) || "").replace("{" + key + "}", value);
  }

  // The list is in the page from the start (the header's: a listbox, its options the links); the
  // count is said by the status, a live region outside the hidden results (one unhidden and filled
  // at once is not heard). The search page: a button for PAGE more (`from`: the first it added,
  // focused); its address holds the query and how many are shown, for a reload or back to show.
  function show(form, panel, query, limit, full, done, from) {
    var ask = form.asked = (form.asked || 0) + 1;  // a sharded index answers later: the latest query's answer only
    if (full) history.replaceState(null, "", "?q=" + encodeURIComponent(query) + (limit > PAGE ? "&n=" + limit : ""));
    loadIndex(form, function (data) { find(form, data, query, limit, function (found, count, least) {
      if (ask !== form.asked) return;
      var root = form.getAttribute("data-root"), zh = form.getAttribute("data-lang"), status = form.querySelector(".search-status");
      var head = panel.querySelector(".search-count"), list = panel.querySelector("ul"), more = panel.querySelector(".search-more");
      if (more) more.remove();
      list.textContent = "";
      panel.hidden = !query.trim();
      if (done) done(!panel.hidden);
      if (panel.hidden) { head.textContent = status.textContent = ""; return; }
      head.textContent = status.textContent = count ? words(form, least ? "least" : "count", "n", count) : words(form, "none", "q", query.trim());
      found.slice(0, limit).forEach(function (record, i) {
        var item = document.createElement("li"), link = document.createElement("a");
        link.href = root + record[3];
        if (!full) {
          item.setAttribute("role", "presentation");
          link.setAttribute("role", "option");
          link.id = list.id + "-" + i;
          link.tabIndex = -1;
        }
        link.append(tag("span", "kind kind-" + record[0], form.getAttribute("data-kind-" + record[0])), " ",
                    tag("strong", null, record[1], zh), " ", tag("span", "detail", record[2], zh));
        item.appendChild(link);
        list.appendChild(item);
      });
      var shown = Math.min(limit, found.length);  // (a sharded index counts records not read)
      if (least || count > (full ? shown : limit)) {
        more = document.createElement(full ? "button" : "a");
        more.className = "search-more";
        more.textContent = words(form, full ? "show-more" : least ? "more-least" : "more", "shown", shown);
        if (full) {
          more.type = "button";
          more.onclick = function () { show(form, panel, query, limit + PAGE, full, null, shown); };
        } else more.href = form.getAttribute("action") + "?q=" + encodeURIComponent(query.trim());
        panel.appendChild(more);
      }
      if (list.children[from]) list.children[from].firstChild.focus();
    }); });
  }

  function attach(form, full) {
    var input = form.querySelector("input[name=q]"), panel = form.querySelector(".search-results");
    var limit = full ? PAGE : DROPDOWN, timer = null;
    if (full) panel.classList.add("full");
    // Header combobox: focus stays in the box; aria-activedescendant marks the option reached.
    function options() { return Array.prototype.slice.call(panel.querySelectorAll(full ? "a" : "[role=option]")); }
    function activate(option) {
      options().forEach(function (o) { o.setAttribute("aria-selected", o === option); o.classList.toggle("active", o === option); });
      if (option) { input.setAttribute("aria-activedescendant", option.id); option.scrollIntoView({ block: "nearest" }); }
      else input.removeAttribute("aria-activedescendant");
    }
    function expand(open) {
      if (full) return;
      input.setAttribute("aria-expanded", open);
      if (!open) activate(null);
    }
    function close() { panel.hidden = true; expand(false); }
    input.addEventListener("focus", function () { loadIndex(form, function () {}); });
    input.addEventListener("input", function () {
      clearTimeout(timer);
      activate(null);
      timer = setTimeout(function () { show(form, panel, input.value, limit, full, expand); }, 80);
    });
    form.addEventListener("keydown", function (event) {
      var arrow = event.key === "ArrowDown" ? 1 : event.key === "ArrowUp" ? -1 : 0;
      // (the search page: a plain list of links, the arrow keys move the focus)
      var all = options(), at = all.indexOf(full ? document.activeElement : document.getElementById(input.getAttribute("aria-activedescendant")));
      if (arrow && !panel.hidden && all.length) {
        event.preventDefault();
        var next = at + arrow < 0 ? null : all[Math.min(at + arrow, all.length - 1)];
        if (full) (next || input).focus(); else activate(next);
      } else if (!full && event.key === "Escape") {
        if (panel.hidden) input.value = "";
        close();
      } else if (!full && event.key === "Enter" && at >= 0) {
        event.preventDefault();
        window.location.href = all[at].href;
      }
    });
    if (!full) {
      document.addEventListener("click", function (event) {
        if (!form.contains(event.target)) close();
      });
    }
    return function (query, n) { input.value = query; show(form, panel, query, Math.max(limit, n | 0), full); };
  }

  // A table's box is a named region in the tab order only while it scrolls sideways (a round's
  // page had 44 regions that did not); its name (aria-label, or aria-labelledby a notice's
  // heading) is kept in data-label / data-labelledby meanwhile.
  var NAMES = [["aria-label", "label"], ["aria-labelledby", "labelledby"]];
  function regions() {
    document.querySelectorAll(".scroll[tabindex]").forEach(function (box) {
      var more = box.scrollWidth > box.clientWidth + 1;
      box.tabIndex = more ? 0 : -1;
      var hint = box.previousElementSibling;  // a hint in words, shown while it scrolls
      if (hint && hint.matches(".scroll-hint")) hint.hidden = !more;
      if (more) box.setAttribute("role", "region"); else box.removeAttribute("role");
      NAMES.forEach(function (name) {
        if (box.hasAttribute(name[0])) box.dataset[name[1]] = box.getAttribute(name[0]);
        if (more && box.dataset[name[1]] !== undefined) box.setAttribute(name[0], box.dataset[name[1]]);
        else box.removeAttribute(name[0]);
      });
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    regions();
    window.addEventListener("resize", regions);
    // a box in a closed <details> (a Guandan deal log) has no width until it opens (Safari,
    // Firefox; Chromium lays it out hidden): checked again when one opens or closes, or once open
    // and scrolling it stayed out of the tab order and unnamed
    document.addEventListener("toggle", regions, true);
    var forms = document.querySelectorAll("form.search");
    var page = document.querySelector("main form.search");
    forms.forEach(function (form) {
      var fill = attach(form, form === page);
      var asked = new URLSearchParams(location.search), query = asked.get("q");
      if (form === page && query) fill(query, Math.min(asked.get("n"), 5e3));
    });
  });
})();
