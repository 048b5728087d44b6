// The player of the projector page. It reads the steps from the JSON in
// <script id="ps-data"> (built by prunescope's trace/page package) and
// writes, at every step, each node's window (the one it was entered with),
// its live best so far and bound (marks.js), value and bound into
// the tree drawn once (laid out by trace/page, layout.js), the step's sentence, the line from the
// root and the counters. Going forward applies a step's node changes; going
// back undoes them, with the values they replaced, recorded once at load.
//
// The contract with the tests, window.ps:
//   steps     the number of steps
//   step()    the current step (0: before the first)
//   go(n)     show step n
//   follow(on) follow the current node or not (no argument: whether it does)
//   state()   { step, node, caption, nodes: { "<id>": { alpha, beta, value,
//             bound, cut, grey, visible, current, pv, best, live, marks } } },
//             alpha and beta the window the node was entered with, best,
//             live and marks as marks.js shows them, read from the
//             page: searched nodes by trace id, never-searched shapes by
//             their SVG id (u1, u2, …).
//   hood()    on a page whose drawing is summarised, the neighbourhood of
//             the current node drawn in its place (neighbourhood.js): its
//             nodes with their counts so far; undefined elsewhere.
//
// psPlay(D, opt) starts the player on the data D and the drawing in #tree
// (the static page once, from its JSON; the lab at every search, after it
// put the new drawing in place). opt, all optional: signal, an AbortSignal
// that stops this player (its listeners, its timer) when the lab replaces
// it; step, the step to open on (else the address's #step=N); onStep(n),
// called at every step in place of writing #step=N into the address (the
// lab keeps its own address).
window.psPlay = function (D, opt) {
  "use strict";
  opt = opt || {};
  var signal = opt.signal;
  var on = function (el, type, f, o) {
    o = o || {};
    if (signal) o.signal = signal;
    el.addEventListener(type, f, o);
  };
  var N = D.steps.length;
  var svg = document.getElementById("ps-svg");
  var $ = function (id) { return document.getElementById(id); };
  var marks = window.psMarks || null; // the live labels and the events' marks (marks.js)
  if (marks) marks.init(D, svg);
  var hooks = window.psHooks || []; // see api below
  // The page's words (i18n.js): its controls' and, where the page carries
  // them (D.langs), the steps' sentences in the language shown.
  var L = window.psI18n;

  // The nodes entered: move, side, parent.
  var info = new Map();
  D.nodes.forEach(function (r) { info.set(r[0], { move: r[1], max: r[2] === 1, chance: r[2] === 2, parent: r[3] }); });

  // The shapes: a searched node's group, its text slots and the edge into it;
  // what hangs from a node; what a cutoff left unsearched.
  var shapes = new Map();
  svg.querySelectorAll("g.node").forEach(function (g) {
    if (!/^n\d+$/.test(g.id)) return;
    var id = +g.id.slice(1);
    shapes.set(id, { g: g, v: g.querySelector(".ps-v"), w: g.querySelector(".ps-w"), c: g.querySelector(".ps-c"), e: document.getElementById("e" + id) });
  });
  var group = function (attr) {
    var m = new Map();
    svg.querySelectorAll("[" + attr + "]").forEach(function (el) {
      var k = +el.getAttribute(attr);
      if (!m.has(k)) m.set(k, []);
      m.get(k).push(el);
    });
    return m;
  };
  var hanging = group("data-of");
  var pruned = group("data-cut");
  var unsearchedNodes = [];
  svg.querySelectorAll("g.node.unsearched").forEach(function (g) { unsearchedNodes.push(g); });

  // The lines of the selective techniques: each shown from the step of its
  // event (D.notes: the steps, in the order of a node's lines).
  var notes = [];
  shapes.forEach(function (sh, id) {
    var at = (D.notes || {})[String(id)] || [];
    sh.g.querySelectorAll("text.ps-note").forEach(function (el, k) {
      notes.push({ el: el, step: k < at.length ? at[k] : N + 1, on: null });
    });
  });
  var showNotes = function () {
    notes.forEach(function (n) {
      var on = pos >= n.step;
      if (on !== n.on) { n.on = on; n.el.classList.toggle("ps-later", !on); }
    });
  };

  // State: id -> [α, β, value, bound, cut, range lo, range hi]; undo[i]:
  // what step i replaced.
  var S = new Map();
  var apply = function (chs, undo) {
    for (var i = 0; i < chs.length; i++) {
      var c = chs[i];
      if (undo) undo.push([c[0], S.has(c[0]) ? S.get(c[0]) : null]);
      S.set(c[0], c.slice(1));
    }
  };
  apply(D.init.d || [], null);
  var base = new Map(S);
  var undos = new Array(N);
  for (var i = 0; i < N; i++) {
    undos[i] = [];
    apply(D.steps[i].d, undos[i]);
  }
  S = base;

  var pos = 0;
  var touched = new Set();
  var framed = window.parent !== window;
  var forward = function () {
    apply(D.steps[pos].d, null);
    D.steps[pos].d.forEach(function (c) { touched.add(c[0]); });
    pos++;
  };
  var backward = function () {
    pos--;
    var u = undos[pos];
    for (var i = u.length - 1; i >= 0; i--) {
      if (u[i][1] === null) S.delete(u[i][0]); else S.set(u[i][0], u[i][1]);
      touched.add(u[i][0]);
    }
  };

  var show = function (els, on) {
    if (!els) return;
    for (var i = 0; i < els.length; i++) els[i].classList.toggle("ps-hidden", !on);
  };
  var prefix = { lower: "≥", upper: "≤" };

  // Write a node's state into its shape.
  var draw = function (id) {
    var sh = shapes.get(id), st = S.get(id);
    var cut = !!(st && st[4]);
    show(pruned.get(id), cut);
    if (!sh) return;
    var g = sh.g;
    g.classList.toggle("ps-hidden", !st);
    if (sh.e) sh.e.classList.toggle("ps-hidden", !st);
    show(hanging.get(id), !!st);
    g.classList.toggle("ps-cutnode", cut);
    if (!st) {
      ["alpha", "beta", "value", "bound", "range"].forEach(function (k) { g.removeAttribute("data-" + k); });
      if (sh.v) sh.v.textContent = "";
      if (sh.w) sh.w.textContent = "";
      if (sh.c) sh.c.textContent = "";
      if (marks) marks.draw(g, null);
      return;
    }
    g.setAttribute("data-alpha", st[0]);
    g.setAttribute("data-beta", st[1]);
    g.setAttribute("data-value", st[2]);
    g.setAttribute("data-bound", st[3]);
    if (sh.v) {
      sh.v.textContent = st[2] === "" ? "?" : (prefix[st[3]] || "") + L.num(st[2]); // as the language shown writes a decimal
      sh.v.classList.toggle("ps-open", st[3] === "");
    }
    if (sh.w) {
      if (D.ranges) {
        sh.w.textContent = st[5] ? L.span("[", st[5], st[6], "]") : "";
        g.setAttribute("data-range", st[5] ? "[" + st[5] + ", " + st[6] + "]" : ""); // data: the point
      } else {
        sh.w.textContent = st[0] === "" ? "" : L.span("(", st[0], st[1], ")");
      }
    }
    if (sh.c) sh.c.textContent = cut ? "✂" : "";
    if (marks) marks.draw(g, st);
  };

  // The current node is highlighted; when it is below what the drawing
  // shows (a large search drawn a few plies deep), its deepest drawn
  // ancestor on the line is marked instead (ps-under), so the class still
  // sees where the search is.
  var cur = null, under = null, pvOn = false;
  var setCurrent = function (id, ids) {
    if (cur !== null && shapes.has(cur)) shapes.get(cur).g.classList.remove("ps-cur");
    if (under !== null) shapes.get(under).g.classList.remove("ps-under");
    cur = id;
    under = null;
    if (cur === null) return;
    if (shapes.has(cur)) {
      shapes.get(cur).g.classList.add("ps-cur");
      return;
    }
    for (var k = ids.length - 1; k >= 0; k--) {
      if (shapes.has(ids[k])) {
        under = ids[k];
        shapes.get(under).g.classList.add("ps-under");
        return;
      }
    }
  };
  var setPV = function (on) {
    if (on === pvOn) return;
    pvOn = on;
    D.pv.forEach(function (id, k) {
      var sh = shapes.get(id);
      if (!sh) return;
      sh.g.classList.toggle("ps-pv", on);
      if (sh.e && k > 0) sh.e.classList.toggle("ps-pv", on);
    });
  };

  var name = function (id) {
    var n = info.get(id);
    return !n || n.parent === -1 ? L.t("page.root") : n.move;
  };
  var lineText = function (ids, node) {
    var box = $("line");
    box.textContent = "";
    ids.forEach(function (id, k) {
      if (k > 0) box.appendChild(document.createTextNode(" › "));
      var n = info.get(id), st = S.get(id);
      var s = name(id) + " " + (n && n.chance ? "◆" : n && n.max ? "▲" : "▼");
      if (st && st[0] !== "") s += " " + L.span("(", st[0], st[1], ")");
      if (marks) s += marks.line(st);
      var span = document.createElement("span");
      span.textContent = s;
      if (id === node) span.className = "cur";
      box.appendChild(span);
    });
  };

  // The sentence of step i (from 0) in the language shown: the page's own,
  // or one it carries for the others (D.langs: { ru: { s: [...], algo,
  // input }, ... }, built by trace/page).
  var sentence = function (i) {
    var o = D.langs && D.langs[L.lang()];
    return o && o.s ? o.s[i] : D.steps[i].s;
  };
  // The header in the language shown, and, on a page too long to carry
  // the sentences in every language (D.langsLeft), a note saying so.
  var header = function () {
    var l = L.lang(), o = (D.langs && D.langs[l]) || (l === L.built() ? D : null);
    if (o && $("algo") && !opt.onStep) { $("algo").textContent = o.algo; $("input").textContent = o.input; }
    if (o && D.title === "prunescope · " + D.input && !opt.onStep) document.title = "prunescope · " + o.input; // the tab's title, when it is the input's
    var note = $("lang-note");
    if (!note) return;
    note.hidden = !D.langsLeft || l === L.built();
    switch (L.built()) {
      case "ru": note.textContent = L.t("page.lang.kept.ru"); break;
      case "cs": note.textContent = L.t("page.lang.kept.cs"); break;
      default: note.textContent = L.t("page.lang.kept.en");
    }
  };
  var render = function () {
    touched.forEach(draw);
    touched.clear();
    showNotes();
    var s = pos > 0 ? D.steps[pos - 1] : D.init;
    setCurrent(pos > 0 ? s.n : null, s.l || []);
    if (typeof focus === "function") focus();
    setPV(pos === N && D.end);
    var cap = $("caption");
    cap.textContent = pos > 0 ? sentence(pos - 1) : "";
    cap.classList.toggle("cut", pos > 0 && !!s.x);
    lineText(s.l || [], pos > 0 ? s.n : null);
    var c = s.c || [0, 0, 0];
    // A trace that tells no cutoffs (a student's search) has none counted.
    $("counters").textContent = D.nodesOnly ? L.t("page.counters.nocuts", { Nodes: c[0], Leaves: c[1] }) : L.t("page.counters", { Nodes: c[0], Leaves: c[1], Cuts: c[2] });
    $("where").textContent = pos === 0 ? L.tn("page.where.before", N) : L.t("page.where.step", { Step: pos, Steps: N });
    $("scrub").value = pos;
    // Hooks: what other scripts of the page (a side of diff's page,
    // sidediff.js) draw at every step.
    (window.psStepHooks || []).forEach(function (f) { f(pos); });
    hooks.forEach(function (h) { if (h.render) h.render(api); });
  };

  var go = function (n) {
    n = Math.max(0, Math.min(N, Math.floor(Number(n)) || 0));
    while (pos < n) forward();
    while (pos > n) backward();
    render();
    if (opt.onStep) {
      opt.onStep(pos);
    } else if (framed) {
      // A side of the two-search page: that page keeps the address.
      try { window.parent.postMessage({ ps: "step", step: pos }, "*"); } catch (e) { /* no parent to tell */ }
    } else if (history.replaceState) {
      history.replaceState(null, "", L.hash("#step=" + pos));
    }
  };
  var nextCut = function () {
    for (var i = pos; i < N; i++) if (D.steps[i].x) return go(i + 1);
    go(N);
  };

  // Zoom with the wheel, move by dragging, fit with a double click
  // (zoom.js); the reader's gesture stops following the current node, a
  // fit of the whole tree follows it again (below).
  var zoom = window.psZoom(svg, {
    box: $("tree"), signal: signal,
    onGesture: function (kind, whole) {
      if (kind !== "fit") { follow = false; return; }
      follow = whole && !D.fit;
      if (follow) focus();
    }
  });
  // The tree turned (layout.js): fitted anew in its new layout (zoom.js),
  // followed from there.
  on(svg, "ps-layout", function () {
    if (typeof focus === "function") focus();
  });
  // Fit: the whole tree. On the whole tree of a search too large to read
  // whole, fit follows the current node again.
  var fit = function () {
    follow = zoom.fit() && !D.fit; // D.fit: the whole tree stays in view (a side of diff's page)
    if (follow) focus();
  };

  // Follow the search: when the whole tree, fitted to the window, is too
  // small to read (its values under 12 px: a chess search, a wide tree on
  // a small screen), the view moves with the current node, enlarged, until
  // the reader zooms, drags or fits (z or a double click: the whole tree;
  // again: following once more).
  var follow = !D.fit;
  var valueSlot = svg.querySelector(".ps-v");
  var valueSize = valueSlot ? parseFloat(valueSlot.getAttribute("font-size")) || 14 : 14;
  var focus = function () {
    var id = cur !== null && shapes.has(cur) ? cur : under;
    if (!follow || id === null) return;
    var r = svg.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return;
    // Readable as a whole: the values, fitted, 12 px or more.
    var vb0 = zoom.whole();
    if (valueSize / Math.max(vb0[2] / r.width, vb0[3] / r.height) >= 12) return;
    // The node's centre in the drawing's units (each node's group is
    // translated to its place), then a view 0.6 units a pixel (its text at
    // about 1.7 times its size in points) with the node in the upper third.
    var nr = shapes.get(id).g.getBoundingClientRect();
    var pt = svg.createSVGPoint();
    pt.x = nr.left + nr.width / 2;
    pt.y = nr.top + nr.height / 2;
    var c = pt.matrixTransform(svg.getScreenCTM().inverse());
    var u = 0.6;
    var vb = [c.x - r.width * u / 2, c.y - r.height * u / 3, r.width * u, r.height * u];
    // Kept on the tree: no empty band past its edges (centred where the
    // view is larger than the tree).
    for (var k = 0; k < 2; k++) {
      var lo = vb0[k], room = vb0[k + 2] - vb[k + 2];
      vb[k] = room < 0 ? lo + room / 2 : Math.min(Math.max(vb[k], lo), lo + room);
    }
    zoom.show(vb);
  };

  // Play, full screen, help.
  var timer = null;
  var play = function (on) {
    if (timer) { clearInterval(timer); timer = null; }
    if (on && pos >= N) go(0);
    if (on) {
      timer = setInterval(function () {
        if (pos >= N) return play(false);
        go(pos + 1);
      }, 1000 / Number($("speed").value));
    }
    $("play").textContent = timer ? L.t("page.bar.pause") : L.t("page.bar.play");
  };
  on($("speed"), "change", function () { if (timer) play(true); });
  var full = function () {
    if (document.fullscreenElement) document.exitFullscreen();
    else if (document.documentElement.requestFullscreen) document.documentElement.requestFullscreen();
  };
  var help = function (on) { $("keys").hidden = !on; };

  on($("first"), "click", function () { go(0); });
  on($("prev"), "click", function () { go(pos - 1); });
  on($("next"), "click", function () { go(pos + 1); });
  on($("cut"), "click", nextCut);
  on($("last"), "click", function () { go(N); });
  on($("play"), "click", function () { play(!timer); });
  on($("full"), "click", full);
  on($("help"), "click", function () { help($("keys").hidden); });
  var scrub = $("scrub");
  scrub.max = N;
  on(scrub, "input", function () { go(scrub.value); });

  var digits = "";
  on(document, "keydown", function (ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.target && /^(SELECT|INPUT|TEXTAREA)$/.test(ev.target.tagName)) return; // typing in the lab's boxes
    if (!$("keys").hidden) { help(false); ev.preventDefault(); return; }
    var k = ev.key;
    if (k >= "0" && k <= "9") { digits += k; $("where").textContent = L.t("page.where.goto", { Digits: digits }); ev.preventDefault(); return; }
    if (k === "Enter" && digits !== "") { var d = digits; digits = ""; go(d); ev.preventDefault(); return; }
    if (digits !== "" && k !== "Shift") { digits = ""; render(); }
    switch (k) {
      case "ArrowRight": case " ": case "n": go(pos + 1); break;
      case "ArrowLeft": case "b": go(pos - 1); break;
      case "c": nextCut(); break;
      case "Home": go(0); break;
      case "End": go(N); break;
      case "p": play(!timer); break;
      case "f": full(); break;
      case "z": fit(); break;
      case "?": help(true); break;
      case "Escape": digits = ""; render(); break;
      default: return;
    }
    ev.preventDefault();
  });

  var fromHash = function () {
    var m = /step=(\d+)/.exec(location.hash);
    return m ? +m[1] : 0;
  };
  if (!opt.onStep) {
    on(window, "hashchange", function () {
      var n = fromHash();
      if (n !== pos) go(n);
    });
  }
  if (signal) signal.addEventListener("abort", function () { play(false); });
  // Another language chosen: the page's words and the sentences in it,
  // at the same step (the lab searches again in it, and starts a new
  // player).
  var switched = function () {
    if (signal && signal.aborted) return;
    $("play").textContent = timer ? L.t("page.bar.pause") : L.t("page.bar.play");
    header();
    S.forEach(function (st, id) { touched.add(id); }); // the labels beside the nodes, in the language shown
    render();
    if (!opt.onStep && !framed && history.replaceState) history.replaceState(null, "", L.hash("#step=" + pos));
  };
  L.on(switched, signal);
  header();
  // A page opened in another language (lang= in its address) was switched
  // before the player was here to hear it.
  $("play").textContent = timer ? L.t("page.bar.pause") : L.t("page.bar.play");

  window.ps = {
    steps: N,
    step: function () { return pos; },
    go: function (n) { go(n); return pos; },
    // follow(on): the view follows the current node (on) or shows the whole
    // tree (off); follow() tells which. A hook for a side of diff's page.
    follow: function (on) {
      if (on !== undefined) {
        follow = !!on;
        if (!follow) zoom.fit();
        focus();
      }
      return follow;
    },
    state: function () {
      var nodes = {};
      shapes.forEach(function (sh, id) {
        var g = sh.g, a = function (k) { return g.getAttribute("data-" + k) || ""; };
        var m = marks ? marks.state(g) : { best: "", live: "", marks: "" };
        nodes[String(id)] = {
          best: m.best, live: m.live, marks: m.marks,
          alpha: a("alpha"), beta: a("beta"), range: a("range"), value: a("value"), bound: a("bound"),
          cut: g.classList.contains("ps-cutnode"), grey: false,
          visible: !g.classList.contains("ps-hidden"), current: g.classList.contains("ps-cur"),
          pv: g.classList.contains("ps-pv"),
          notes: g.classList.contains("ps-hidden") ? 0 : g.querySelectorAll("text.ps-note:not(.ps-later)").length
        };
      });
      unsearchedNodes.forEach(function (g) {
        var on = !g.classList.contains("ps-hidden");
        nodes[g.id] = { best: "", live: "", marks: "", alpha: "", beta: "", range: "", value: "", bound: "", cut: false, grey: on, visible: on, current: false, pv: false, notes: 0 };
      });
      return { step: pos, node: pos > 0 ? D.steps[pos - 1].n : null, caption: $("caption").textContent, nodes: nodes };
    }
  };

  // The embedded files that draw beside the player (board.js,
  // neighbourhood.js) are hooks: set up once, drawn at every step, through
  // api.
  var api = {
    data: D, info: info,
    step: function () { return pos; },
    state: function (id) { return S.get(id); }
  };
  hooks.forEach(function (h) { if (h.init) h.init(api); });

  // Everything starts hidden; then the step of the address.
  shapes.forEach(function (sh, id) { touched.add(id); });
  pruned.forEach(function (els, id) { touched.add(id); });
  go(opt.step !== undefined ? opt.step : fromHash());
  requestAnimationFrame(function () { svg.classList.add("ps-ready"); });
  return window.ps;
};
