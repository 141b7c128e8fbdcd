/* paibang: search in a large site's sharded index (version 2, generator/render/search.py
   index_files), loaded by site.js only when the site has one. assets/search-index.js is then a
   small manifest; a query loads only the shards of its own character pairs
   (assets/search/g-<k>.js) and the chunks of records its best and first results are in
   (assets/search/r-<k>.js). Each file is a script calling PAIBANG_SEARCH_PART: it loads from
   disk (file://) as from a server. */
(function () {
  "use strict";
  // READ_ROUNDS: the most rounds of MAX_CHUNKS a query of a longer word reads for its first 200
  // results (site.js's PAGE), as many again for each 200 more asked ("show more"); then no count
  // is said, only that more may match (_search_form.html's data-least): "at least 14" was read
  // as a player's 14 entries where 570 matched, and the count of candidates unread is no better
  // (a word of three characters may be held apart by them). Unbounded, a word whose character
  // pairs many records hold apart, and few whole, read the whole index on a keystroke (6 MB for
  // 2,000 events).
  var MAX_CHUNKS = 4, READ_ROUNDS = 3, loadedParts = {}, partWaiting = {};

  // A sharded index's files: each calls this with its name and its data when loaded.
  function partLoaded(name, data) {
    loadedParts[name] = data;
    var calls = partWaiting[name] || [];
    delete partWaiting[name];
    calls.forEach(function (call) { call(); });
  }
  window.PAIBANG_SEARCH_PART = partLoaded;

  function loadParts(form, names, done) {
    var left = names.length, base = form.getAttribute("data-index").replace(/search-index\.js$/, "search/");
    if (!left) { done(); return; }
    function one() { if (--left === 0) done(); }
    names.forEach(function (name) {
      if (loadedParts[name]) { one(); return; }
      if (partWaiting[name]) { partWaiting[name].push(one); return; }
      partWaiting[name] = [one];
      var script = document.createElement("script");
      script.src = base + name + ".js";
      script.onerror = function () { partLoaded(name, name.charAt(0) === "g" ? {} : []); };
      document.head.appendChild(script);
    });
  }

  // As search.py's shard_of: code points, the number kept below the shards' count.
  function shardOf(gram, shards) {
    var n = 0;
    Array.from(gram).forEach(function (c) { n = (n * 31 + c.codePointAt(0)) % shards; });
    return n;
  }

  // The query's grams in a sharded index: each run's character pairs, a lone character itself.
  function queryGrams(tools, q) {
    var grams = [];
    tools.runs(q).forEach(function (run) {
      var chars = Array.from(run);
      if (chars.length === 1) grams.push(chars[0]);
      for (var i = 0; i + 1 < chars.length; i++) grams.push(chars[i] + chars[i + 1]);
    });
    return grams;
  }

  // The chunks `ids` (sorted) are in, in order, and how many of them each holds.
  function grouped(ids, size) {
    var chunks = [], held = [];
    ids.forEach(function (id) {
      var chunk = Math.floor(id / size);
      if (chunks[chunks.length - 1] !== chunk) { chunks.push(chunk); held.push(0); }
      held[held.length - 1]++;
    });
    return { chunks: chunks, held: held };
  }

  // The record chunks to load for `ids` (sorted): all of them when few, else, so that a name typed
  // whole is listed first however many records hold it (their group's name, 江海商会, holding its
  // characters), the chunks of the records of that very title (`exact`, search.py's "=" marks),
  // then of those whose title begins as the query does (`prefix`, its "^" lists) until they hold
  // `limit`, then the first chunks of the others until all taken hold `limit` candidates (a
  // one-letter query does not load the whole index).
  function chunksFor(ids, exact, prefix, size, limit) {
    var all = grouped(ids, size);
    if (all.chunks.length <= MAX_CHUNKS) return all.chunks;
    var taken = [], count = 0;
    function take(list, enough) {
      for (var i = 0; i < list.chunks.length && (count < enough || !taken.length); i++) {
        if (taken.indexOf(list.chunks[i]) >= 0) continue;
        taken.push(list.chunks[i]);
        count += all.held[all.chunks.indexOf(list.chunks[i])];
      }
    }
    take(grouped(exact, size), limit);  // (enough: an id such as T01 is a title in every event)
    take(grouped(prefix, size), limit);
    take(all, limit);
    return taken.sort(function (a, b) { return a - b; });
  }

  // The ids (sorted) within `runs`: the first and last of each run of record numbers, flat
  // (search.py's _runs_of).
  function within(ids, runs) {
    var r = 0;
    return ids.filter(function (id) {
      while (r < runs.length && runs[r + 1] < id) r += 2;
      return r < runs.length && runs[r] <= id;
    });
  }

  // The records a shard's "=" list gives `mark` (search.py's title_start): the list is each
  // record's step from the one before and its title's mark, flat.
  function marked(list, mark) {
    var found = [];
    for (var i = 0, id = 0; i < list.length; i += 2) {
      id += list[i];
      if (list[i + 1] === mark) found.push(id);
    }
    return found;
  }

  // A sharded index (version 2): done(records found, best first; how many match in all; true when
  // that is how many at least). A candidate in a chunk not loaded holds each character pair of the
  // query, so each of its words of one or two characters: when every word is so short, it is
  // counted as found. A longer word it may hold apart (江海 and 海商 in 海商江海, not 江海商): then
  // only the records read count, more chunks are read while the list is not full, and while some
  // are left unread no count is said (it said 40 where 10 matched; then "at least" 14 of 570).
  function searchSharded(tools, form, meta, query, limit, done) {
    var fold = meta.fold || {}, q = tools.normalise(query, fold), parts = tools.runs(q), grams = queryGrams(tools, q);
    if (!grams.length) { done([], 0); return; }
    var shardNames = grams.map(function (g) { return "g-" + shardOf(g, meta.shards); });
    loadParts(form, shardNames.filter(function (name, i) { return shardNames.indexOf(name) === i; }), function () {
      var ids = null;
      grams.forEach(function (g, i) { ids = tools.intersect(ids, loadedParts[shardNames[i]][g] || []); });
      var first = loadedParts[shardNames[0]];  // the shard of the query's first gram: its title lists (search.py's title_start)
      var exact = tools.intersect(ids, marked(first["="] || [], shardOf(q, meta.marks))), prefix = within(ids, first["^" + grams[0]] || []);
      var chunks = chunksFor(ids, exact, prefix, meta.chunk, limit), all = grouped(ids, meta.chunk).chunks;
      var sure = parts.every(function (run) { return Array.from(run).length < 3; });
      var most = MAX_CHUNKS * READ_ROUNDS * Math.max(1, Math.ceil(limit / 200));
      (function read() {
        loadParts(form, chunks.map(function (c) { return "r-" + c; }), function () {
          var loaded = ids.filter(function (id) { return chunks.indexOf(Math.floor(id / meta.chunk)) >= 0; });
          var record = function (id) { return loadedParts["r-" + Math.floor(id / meta.chunk)][id % meta.chunk]; };
          var found = tools.ranked(loaded, record, q, parts, fold), unread = ids.length - loaded.length;
          if (!sure && unread && found.length < limit && chunks.length < most) {
            chunks = chunks.concat(all.filter(function (c) { return chunks.indexOf(c) < 0; })
              .slice(0, Math.min(MAX_CHUNKS, most - chunks.length)));
            read();
          } else done(found, sure ? found.length + unread : found.length, !sure && unread > 0);
        });
      })();
    });
  }

  window.PAIBANG_SEARCH_SHARDED = searchSharded;
})();
