/* paibang: search in a large site's sharded index (version 2, generator/render/search.py
   index_files), loaded by site.js only when the site has one. assets/search-index.js is then a
   small manifest; a query loads only the shards of its own character pairs
   (assets/search/g-<k>.js) and the chunks of records its first results are in
   (assets/search/r-<k>.js). Each file is a script calling PAIBANG_SEARCH_PART: it loads from
   disk (file://) as from a server. */
(function () {
  "use strict";
  var MAX_CHUNKS = 4, loadedParts = {}, partWaiting = {};

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

  // The record chunks to load for `ids` (sorted): all of them when few, else the first ones, in
  // order, until they hold `limit` candidates (a one-letter query does not load the whole index).
  function chunksFor(ids, size, limit) {
    var chunks = [], held = [];
    ids.forEach(function (id) {
      var chunk = Math.floor(id / size);
      if (chunks[chunks.length - 1] !== chunk) { chunks.push(chunk); held.push(0); }
      held[held.length - 1]++;
    });
    if (chunks.length <= MAX_CHUNKS) return chunks;
    var taken = [], count = 0;
    for (var i = 0; i < chunks.length && (count < limit || !taken.length); i++) { taken.push(chunks[i]); count += held[i]; }
    return taken;
  }

  // A sharded index (version 2): done(records found, best first; how many match in all, the
  // candidates in chunks not loaded counted as found: their character pairs all match).
  function searchSharded(tools, form, meta, query, limit, done) {
    var fold = meta.fold || {}, q = tools.normalise(query, fold), parts = tools.runs(q), grams = queryGrams(tools, q);
    if (!grams.length) { done([], 0); return; }
    var shardNames = grams.map(function (g) { return "g-" + shardOf(g, meta.shards); });
    loadParts(form, shardNames.filter(function (name, i) { return shardNames.indexOf(name) === i; }), function () {
      var ids = null;
      grams.forEach(function (g, i) { ids = tools.intersect(ids, loadedParts[shardNames[i]][g] || []); });
      var chunks = chunksFor(ids, meta.chunk, limit);
      loadParts(form, chunks.map(function (c) { return "r-" + c; }), function () {
        var loaded = ids.filter(function (id) { return chunks.indexOf(Math.floor(id / meta.chunk)) >= 0; });
        var record = function (id) { return loadedParts["r-" + Math.floor(id / meta.chunk)][id % meta.chunk]; };
        var found = tools.ranked(loaded, record, q, parts, fold);
        done(found, found.length + ids.length - loaded.length);
      });
    });
  }

  window.PAIBANG_SEARCH_SHARDED = searchSharded;
})();
