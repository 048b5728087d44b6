// The lab's core. The engine (package lab compiled to WebAssembly, gzip'd
// and base64'd in <script id="lab-engine">) runs in a worker, unpacked by
// the browser's DecompressionStream, so that a long search never freezes
// the page: a call that takes longer than callLimit ms is stopped (the
// worker is replaced) and said so. Every search draws with the projector
// page's own player (psLayoutMount, psPlay), put in place again for each
// result; the step the reader was on is kept where it still exists.
//
// The address holds the lab's state: #t=TREE&a=SETTINGS&step=N (and what
// the parts add with psLab.param), so a link opens the same tree, settings
// and moment.
//
// window.psLab, for the parts (settings.js, …) and the tests:
//   call(name, request) → Promise of the engine's answer (an object; an
//                         error is {error: "…"}, the line prunescope prints)
//   state()             → { tree, args, step }
//   set({tree, args, step}) → Promise of the search's result: searches
//                         again with what changed (a bad tree or setting
//                         leaves the last drawing and shows the error)
//   result()            → the last result drawn (summary, command, data, …)
//   error()             → the error shown ("" when none)
//   on(event, f)        → "result" (each result drawn), "step" (n),
//                         "error" (line), "ready" (the engine), "address"
//                         (the address written: a link to this moment)
//   panel(id, title, titleID) → the element of a tab of the side panel
//                         (titleID: the title's message, for the switch)
//   show(id)            → show a tab
//   param(key[, value]) → read or set a parameter of the address
//   ready()             → Promise resolved once the engine runs
//   running()           → whether the engine runs (ready resolved)
//   tab()               → the tab shown
//   on("node", f)       → a click on a node of the drawing (not a drag):
//                         f({ el, id, path, node, unsearched }) — el the
//                         node's group, id its SVG id (n5, u2), path its
//                         trace path (a toy tree's node name, "" at the
//                         root), node its trace id (null if never
//                         searched); the part whose tab is shown acts on it
//   busy()              → whether a search is under way
//   idle()              → whether the engine has nothing to answer (no
//                         search, no call under way)
//   el(tag, attrs, kids) → a new element: attributes (text: its text),
//                         children (strings become text), for the parts
//   style(id, rules)    → a part's CSS rules added to the page (a style
//                         element of that id)
//   hold()              → stop the player and empty the drawing (a part
//                         draws its own; the next result draws again)
(function () {
  "use strict";
  var $ = function (id) { return document.getElementById(id); };
  var L = window.psI18n; // the page's words (trace/page's i18n.js)
  var first = JSON.parse($("lab-first").textContent);
  var callLimit = 10000; // ms: a call longer than this is stopped

  // The address: t, a, step and the parts' own keys.
  var params = {};
  var readHash = function () {
    params = {};
    location.hash.replace(/^#/, "").split("&").forEach(function (kv) {
      if (!kv) return;
      var i = kv.indexOf("="), k = i < 0 ? kv : kv.slice(0, i), v = i < 0 ? "" : kv.slice(i + 1);
      // A + is a space (as the lab writes it), %2B a plus (alphabeta+tt).
      try { params[decodeURIComponent(k)] = decodeURIComponent(v.replace(/\+/g, " ")); } catch (e) { /* a broken link: ignored */ }
    });
  };
  var writeHash = function () {
    // An address changed by hand (a link typed or followed in this page)
    // that the hashchange listener below has not read yet wins: written
    // over now, with this moment's address, it would be lost, the listener
    // finding the lab's own address when its turn came (a step's write
    // falls due while the page is busy, and runs first).
    if (location.hash !== written) return;
    var out = [];
    Object.keys(params).forEach(function (k) {
      if (params[k] === undefined || params[k] === null) return;
      out.push(encodeURIComponent(k) + "=" + encodeURIComponent(params[k]).replace(/%20/g, "+"));
    });
    if (history.replaceState) history.replaceState(null, "", "#" + out.join("&"));
    written = location.hash;
    emit("address", location.href);
  };
  var written = ""; // the address the lab read or wrote last (a change by hand is a link to open)
  // Stepping writes the address once the steps pause (a frame later), not
  // at every step: the address holds the whole tree.
  var hashTimer = 0;
  var laterHash = function () {
    if (hashTimer) return;
    hashTimer = setTimeout(function () { hashTimer = 0; writeHash(); }, 50);
  };
  // Settings travel as words: "--fail soft --cutoff gt".
  var wordsOf = function (s) {
    var out = [], re = /"([^"]*)"|'([^']*)'|(\S+)/g, m;
    while ((m = re.exec(s || "")) !== null) out.push(m[1] !== undefined ? m[1] : m[2] !== undefined ? m[2] : m[3]);
    return out;
  };
  var lineOf = function (words) {
    return words.map(function (w) { return /^[\w.,\/+=:@%-]+$/.test(w) ? w : "'" + w.replace(/'/g, "'\\''") + "'"; }).join(" ");
  };
  readHash();
  written = location.hash;
  // The page's own parameters (a part's, e.g. practise's) where the link
  // gives none.
  Object.keys(first.params || {}).forEach(function (k) { if (params[k] === undefined) params[k] = first.params[k]; });
  var state = {
    tree: params.t !== undefined ? params.t : first.tree,
    args: params.a !== undefined ? wordsOf(params.a) : (first.args || []),
    step: params.step !== undefined ? Math.max(0, parseInt(params.step, 10) || 0) : first.step || 0
  };

  // Listeners.
  var listeners = {};
  var on = function (ev, f) { (listeners[ev] = listeners[ev] || []).push(f); };
  var emit = function (ev, x) { (listeners[ev] || []).forEach(function (f) { try { f(x); } catch (e) { console.error(e); } }); };

  var status = function (s) { $("lab-status").textContent = s; };

  // The engine's worker.
  var worker = null, pending = {}, nextID = 1, readyP = null, readyAt = 0;
  // The engine's bytes, from the page's base64 (made again when a worker
  // is replaced: the worker takes them).
  var engineBytes = function () {
    var b64 = $("lab-engine").textContent;
    if (Uint8Array.fromBase64) return Uint8Array.fromBase64(b64);
    var bin = atob(b64), bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return bytes;
  };
  var boot = [
    "var psGo = new Go();",
    "onmessage = function (e) {",
    "  var m = e.data;",
    "  if (m.gz) {",
    "    var s = new Blob([m.gz]).stream().pipeThrough(new DecompressionStream('gzip'));",
    "    new Response(s).arrayBuffer().then(function (buf) { return WebAssembly.instantiate(buf, psGo.importObject); })",
    "      .then(function (r) { psGo.run(r.instance); postMessage({ ready: true }); })",
    "      .catch(function (err) { postMessage({ failed: String(err) }); });",
    "    return;",
    "  }",
    "  var ans;",
    "  try { ans = self.psLabCall(m.name, m.req); } catch (err) { ans = JSON.stringify({ error: 'the engine stopped: ' + err }); }",
    "  postMessage({ id: m.id, ans: ans });",
    "};"
  ].join("\n");
  var start = function () {
    var t0 = performance.now();
    var url = URL.createObjectURL(new Blob([window.psLabLoader + "\n" + boot], { type: "text/javascript" }));
    worker = new Worker(url);
    readyP = new Promise(function (resolve, reject) {
      worker.onmessage = function (e) {
        var m = e.data;
        if (m.ready) {
          readyAt = performance.now() - t0;
          URL.revokeObjectURL(url);
          resolve();
          return;
        }
        if (m.failed) { reject(new Error(m.failed)); return; }
        var p = pending[m.id];
        if (!p) return;
        delete pending[m.id];
        clearTimeout(p.timer);
        var ans;
        try { ans = JSON.parse(m.ans); } catch (err) { ans = { error: L.t("lab.engine.unreadable") }; }
        p.resolve(ans);
      };
      worker.onerror = function (e) { reject(new Error(e.message || L.t("lab.engine.nostart"))); };
    });
    var gz = engineBytes();
    worker.postMessage({ gz: gz }, [gz.buffer]);
    readyP.then(function () { emit("ready", readyAt); }, function (err) { fail(L.t("lab.engine.failed", { Error: err.message })); });
  };
  var restart = function (why) {
    if (worker) worker.terminate();
    Object.keys(pending).forEach(function (id) {
      clearTimeout(pending[id].timer);
      pending[id].resolve({ error: why });
    });
    pending = {};
    start();
  };
  var call = function (name, req) {
    return readyP.then(function () {
      return new Promise(function (resolve) {
        var id = nextID++;
        var p = { resolve: resolve };
        p.timer = setTimeout(function () {
          restart(L.t("lab.engine.stopped", { Call: name, Seconds: callLimit / 1000 }));
        }, callLimit);
        pending[id] = p;
        // Every request names the page's language: the engine's words are in it.
        if (req && typeof req === "object" && !Array.isArray(req) && req.lang === undefined) {
          var r = { lang: L.lang() };
          Object.keys(req).forEach(function (k) { r[k] = req[k]; });
          req = r;
        }
        worker.postMessage({ id: id, name: name, req: JSON.stringify(req) });
      });
    });
  };

  // The side panel's tabs.
  var tabs = [];
  var shownTab = "";
  var show = function (id) {
    shownTab = id;
    tabs.forEach(function (t) {
      var on = t.id === id;
      t.button.setAttribute("aria-selected", on ? "true" : "false");
      t.section.hidden = !on;
    });
    params.tab = id;
    writeHash();
    emit("tab", id);
  };
  var panel = function (id, title, titleID) {
    var b = document.createElement("button");
    b.type = "button";
    b.id = "tab-" + id;
    b.setAttribute("role", "tab");
    b.textContent = title;
    if (titleID) b.setAttribute("data-t", titleID);
    var sec = document.createElement("section");
    sec.id = "panel-" + id;
    sec.setAttribute("role", "tabpanel");
    sec.hidden = true;
    $("tabs").appendChild(b);
    $("panels").appendChild(sec);
    tabs.push({ id: id, button: b, section: sec });
    b.addEventListener("click", function () { show(id); });
    if (tabs.length === 1 || params.tab === id) setTimeout(function () { show(params.tab && tabs.some(function (t) { return t.id === params.tab; }) ? params.tab : tabs[0].id); }, 0);
    return sec;
  };

  // Errors: the engine's one line, above the caption; the last drawing stays.
  var errorLine = "";
  var fail = function (line) {
    errorLine = line;
    var box = $("lab-error");
    box.textContent = line;
    box.hidden = !line;
    if (line) emit("error", line);
  };

  // Drawing a result: the projector page's player, started again.
  var last = null, ctrl = null, player = null;
  var stepKey = function (D, n) {
    if (!D || n <= 0 || n > D.steps.length) return null;
    var s = D.steps[n - 1], name = "";
    for (var i = 0; i < D.nodes.length; i++) if (D.nodes[i][0] === s.n) { name = D.nodes[i][3] === -1 ? "" : D.nodes[i][1]; break; }
    return name + "\u0000" + s.k;
  };
  // The step of the new search that is the old one's (the same node and
  // event, the nearest such step), else the same number within bounds.
  var keepStep = function (oldD, oldStep, D) {
    var N = D.steps.length;
    var key = stepKey(oldD, oldStep);
    if (key !== null) {
      var best = -1;
      for (var i = 1; i <= N; i++) {
        if (stepKey(D, i) === key && (best < 0 || Math.abs(i - oldStep) < Math.abs(best - oldStep))) best = i;
      }
      if (best > 0) return best;
    }
    return Math.min(oldStep, N);
  };
  var draw = function (r, step) {
    if (ctrl) ctrl.abort();
    ctrl = new AbortController();
    $("tree").innerHTML = r.svg;
    $("algo").textContent = r.algo;
    $("input").textContent = r.input;
    document.title = L.t("lab.title.input", { Input: r.input });
    last = r;
    window.psLayoutMount(ctrl.signal);
    player = window.psPlay(r.data, {
      signal: ctrl.signal, step: step,
      onStep: function (n) {
        state.step = n;
        params.step = String(n);
        laterHash();
        emit("step", n);
      }
    });
    emit("result", r);
  };

  // hold() stops the player and empties the drawing and its lines, for a
  // part that shows a picture of its own there (practise's exercise); the
  // next result is drawn again.
  var hold = function () {
    if (ctrl) ctrl.abort();
    ctrl = null;
    ["tree", "caption", "line", "where", "counters", "algo", "input"].forEach(function (id) { if ($(id)) $(id).textContent = ""; });
    if ($("scrub")) { $("scrub").max = "0"; $("scrub").value = "0"; } // the search's length too
  };

  var seq = 0, searching = 0;
  var search = function () {
    var mine = ++seq;
    searching++;
    status(L.t("lab.status.searching"));
    var t0 = performance.now();
    var req = { tree: state.tree, args: state.args };
    return call("search", req).then(function (r) {
      searching--;
      if (mine !== seq) return r; // a later change supersedes it
      if (r.error) {
        status("");
        fail(r.error);
        return r;
      }
      fail("");
      state.tree = r.tree;
      params.t = r.tree;
      params.a = lineOf(state.args);
      var step = last ? keepStep(last.data, state.step, r.data) : state.step;
      draw(r, step);
      status(L.t("lab.status.searched", { Ms: Math.round(performance.now() - t0) }));
      return r;
    });
  };
  var set = function (what) {
    if (what.tree !== undefined) state.tree = what.tree;
    if (what.args !== undefined) state.args = what.args.slice();
    if (what.step !== undefined) state.step = what.step;
    return search();
  };

  window.psLab = {
    call: call,
    state: function () { return { tree: state.tree, args: state.args.slice(), step: state.step }; },
    set: set,
    result: function () { return last; },
    error: function () { return errorLine; },
    on: on,
    panel: panel,
    show: show,
    param: function (k, v) {
      if (arguments.length > 1) { params[k] = v === null ? undefined : String(v); writeHash(); }
      return params[k];
    },
    ready: function () { return readyP; },
    running: function () { return readyAt > 0; },
    tab: function () { return shownTab; },
    busy: function () { return searching > 0; },
    idle: function () { return searching === 0 && Object.keys(pending).length === 0; },
    hold: hold,
    words: wordsOf,
    line: lineOf,
    // style adds a part's rules to the page, in a style element of id.
    style: function (id, rules) {
      var e = document.createElement("style");
      e.id = id;
      e.textContent = rules.join("\n");
      document.head.appendChild(e);
      return e;
    },
    el: function (tag, attrs, kids) {
      var e = document.createElement(tag);
      Object.keys(attrs || {}).forEach(function (k) {
        if (k === "text") e.textContent = attrs[k];
        else e.setAttribute(k, attrs[k]);
      });
      (kids || []).forEach(function (k) { e.appendChild(typeof k === "string" ? document.createTextNode(k) : k); });
      return e;
    }
  };

  // A click on a node (pressed and released within a few pixels: the
  // player drags the tree otherwise).
  var down = null;
  $("tree").addEventListener("pointerdown", function (ev) {
    var g = ev.target && ev.target.closest ? ev.target.closest("g.node") : null;
    down = g ? { g: g, x: ev.clientX, y: ev.clientY } : null;
  }, true);
  $("tree").addEventListener("pointerup", function (ev) {
    var d = down;
    down = null;
    if (!d || Math.abs(ev.clientX - d.x) > 4 || Math.abs(ev.clientY - d.y) > 4) return;
    var g = d.g, id = g.id;
    emit("node", {
      el: g, id: id, path: g.getAttribute("data-path"),
      node: /^n\d+$/.test(id) ? +id.slice(1) : null, unsearched: g.classList.contains("unsearched")
    });
  }, true);

  // A link opened in this page (the address changed by hand, not by the
  // lab): its tree, settings and step.
  window.addEventListener("hashchange", function () {
    if (location.hash === written) return;
    readHash();
    written = location.hash;
    if (L.hashLang() && L.hashLang() !== L.lang()) L.set(L.hashLang()); // searches again, below
    var t = params.t !== undefined ? params.t : state.tree;
    var a = params.a !== undefined ? wordsOf(params.a) : state.args;
    var n = params.step !== undefined ? Math.max(0, parseInt(params.step, 10) || 0) : state.step;
    if (t === state.tree && lineOf(a) === lineOf(state.args)) {
      if (player && n !== state.step) player.go(n);
      return;
    }
    last = null; // the step is the link's, not kept from this search
    set({ tree: t, args: a, step: n });
  });

  // Opened: the search the page was made with is drawn at once, before the
  // engine runs; a link to another tree or settings is searched as soon
  // as it does.
  // (The parts' scripts follow this one in the page: they are set up
  // before the first result is drawn, so that they hear of it.)
  start();
  // Another language chosen (the switch, or lang= in the address): the
  // search again in it (its sentences, its summary), at the same step,
  // the choice kept in the address.
  L.on(function (l) {
    params.lang = l === L.built() ? undefined : l;
    writeHash();
    if (last) search();
  });
  if (L.lang() !== L.built()) params.lang = L.lang();
  // The search the page holds is in the page's language: another one
  // asked for by the link is searched again once the engine runs.
  var sameSearch = state.tree === first.tree && lineOf(state.args) === lineOf(first.args || []);
  var same = sameSearch && L.lang() === L.built();
  setTimeout(function () {
    if (same && first.result) {
      params.t = first.tree;
      params.a = lineOf(state.args);
      draw(first.result, Math.min(state.step, first.result.data.steps.length));
      status(L.t("lab.status.starting"));
      readyP.then(function () { if (!searching) status(L.t("lab.status.ready", { Ms: Math.round(readyAt) })); });
    } else if (first.hold && sameSearch) {
      status(""); // a part draws first (practise: nothing of the answer before Check)
    } else {
      search();
    }
  }, 0);
})();
