/* paibang: the search box on every page. No framework, no server: the index is a script file
   (assets/search-index.js, built by generator/render/search.py) loaded on first use, so search
   works from a web server and from disk (file://). A record matches when it holds every
   character pair (bigram) of the query and the query's text itself: two characters of a
   Chinese name are enough. */
(function () {
  "use strict";
  var KIND_ORDER = { player: 0, entry: 1, event: 2 };
  var DROPDOWN = 8, PAGE = 200;
  var waiting = null;

  function loadIndex(form, done) {
    if (window.PAIBANG_SEARCH) { done(window.PAIBANG_SEARCH); return; }
    if (waiting) { waiting.push(done); return; }
    waiting = [done];
    var script = document.createElement("script");
    script.src = form.getAttribute("data-index");
    script.onload = function () {
      var calls = waiting; waiting = null;
      calls.forEach(function (call) { call(window.PAIBANG_SEARCH); });
    };
    document.head.appendChild(script);
  }

  // As search.py's normalise: NFKC, lower case, 繁體 folded to 简体 (the index's table).
  function normalise(text, fold) {
    var folded = Array.from(text.normalize("NFKC").toLowerCase(), function (c) { return fold[c] || c; }).join("");
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
    var found = ids.filter(function (id) {
      var text = data.records[id][4];
      return parts.every(function (run) { return text.indexOf(run) >= 0; });
    });
    function score(id) {
      var title = normalise(data.records[id][1], fold);
      return title === q ? 0 : title.indexOf(q) === 0 ? 1 : title.indexOf(parts[0]) >= 0 ? 2 : 3;
    }
    return found.map(function (id) { return [score(id), KIND_ORDER[data.records[id][0]], id]; })
      .sort(function (a, b) { return a[0] - b[0] || a[1] - b[1] || a[2] - b[2]; })
      .map(function (row) { return data.records[row[2]]; });
  }

  function words(form, name, key, value) {
    return (form.getAttribute("data-" + name) || "").replace("{" + key + "}", value);
  }

  function show(form, panel, query, limit, full) {
    loadIndex(form, function (data) {
      var found = search(data, query), root = form.getAttribute("data-root");
      panel.textContent = "";
      panel.hidden = !query.trim();
      if (panel.hidden) return;
      var head = document.createElement("p");
      head.className = "search-count";
      head.textContent = found.length ? words(form, "count", "n", found.length) : words(form, "none", "q", query.trim());
      panel.appendChild(head);
      var list = document.createElement("ul");
      found.slice(0, limit).forEach(function (record) {
        var item = document.createElement("li"), link = document.createElement("a");
        link.href = root + record[3];
        var kind = document.createElement("span");
        kind.className = "kind kind-" + record[0];
        kind.textContent = form.getAttribute("data-kind-" + record[0]);
        var title = document.createElement("strong");
        title.textContent = record[1];
        var detail = document.createElement("span");
        detail.className = "detail";
        detail.textContent = record[2];
        link.append(kind, " ", title, " ", detail);
        item.appendChild(link);
        list.appendChild(item);
      });
      panel.appendChild(list);
      if (found.length > limit) {
        var more = document.createElement(full ? "p" : "a");
        more.className = "search-more";
        more.textContent = words(form, "more", "shown", limit);
        if (!full) more.href = form.getAttribute("action") + "?q=" + encodeURIComponent(query.trim());
        panel.appendChild(more);
      }
    });
  }

  function attach(form, full) {
    var input = form.querySelector("input[name=q]"), panel = form.querySelector(".search-results");
    var limit = full ? PAGE : DROPDOWN, timer = null;
    if (full) panel.classList.add("full");
    input.addEventListener("focus", function () { loadIndex(form, function () {}); });
    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(function () { show(form, panel, input.value, limit, full); }, 80);
    });
    form.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && !full) { panel.hidden = true; input.focus(); return; }
      if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
      var links = Array.prototype.slice.call(panel.querySelectorAll("a"));
      if (panel.hidden || !links.length) return;
      var at = links.indexOf(document.activeElement), step = event.key === "ArrowDown" ? 1 : -1;
      event.preventDefault();
      if (at + step < 0) input.focus(); else links[Math.min(at + step, links.length - 1)].focus();
    });
    if (!full) {
      document.addEventListener("click", function (event) {
        if (!form.contains(event.target)) panel.hidden = true;
      });
    }
    return function (query) { input.value = query; show(form, panel, query, limit, full); };
  }

  document.addEventListener("DOMContentLoaded", function () {
    var forms = document.querySelectorAll("form.search");
    var page = document.querySelector("main form.search");
    forms.forEach(function (form) {
      var fill = attach(form, form === page);
      var query = new URLSearchParams(window.location.search).get("q");
      if (form === page && query) fill(query);
    });
  });
})();
