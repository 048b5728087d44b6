// The neighbourhood of the current node: what a page whose drawing is
// summarised (a chess or tic-tac-toe search, a large search without
// --focus: D.hood, the drawing leaves out nodes the page enters) shows in
// its place. At
// every step it draws, from the page's data alone, the current node's line
// from the root, beside each node of the line a few plies around the
// current node the moves entered so far, and the current node's children;
// the line above those plies is one row of moves. Each node shows the move
// into it, its side (▲ MAX, ▼ MIN, ◆ chance), its value (≤v an upper bound,
// ≥v a lower bound, in italics the best so far of a node still searched,
// "?" before any), the window it was entered with "(α, β)", ✂ where a
// cutoff happened, Ø where a null move pruned it, and under it what has
// been searched below it so far ("+12 ✂1": nodes entered and cutoffs or
// prunes at it or below) — counts that grow with the steps, never totals
// from steps not shown yet. The moves a cutoff left are one grey dashed box.
// Beside the current node, while it is open, the live numbers, labelled:
// "best 5 · α 5" at MAX (α is the entry α raised to the best so far),
// "best 3 · β 3" at MIN, and "closed: α 3 ≥ β 2 — cut" when they cross.
//
// It is laid out at every step in the pixels of its box (text at its size
// in px, larger on a large screen), so a 1024×768 screen reads moves and
// values at 18 px and more: the siblings that do not fit are one box "+n
// more". The wheel zooms, a
// drag moves, a double click fits it again.
//
// A hook of player.js (window.psHooks); window.ps.hood() is the drawing's
// model, for the tests: its nodes with their counts.
(function () {
  "use strict";
  var hooks = window.psHooks = window.psHooks || [];
  var L = window.psI18n; // the page's words (i18n.js)

  var A, D, N, box, svg, NS, content, measureEl;
  var info, kids, enteredAt, entry, leaves, cutAt, newAt, cutsAt;
  var below = new Map(), cutsBelow = new Map(), at = 0, model = null;
  var zoom = null, follow = true, last = -1;

  // Sizes in px: the text of moves and values at 18 and 20, windows and
  // counts at 16 and 15.
  var F = { move: 18, value: 20, window: 16, count: 15, live: 16, chain: 16, note: 15 };
  var ROW = { move: 20, main: 28, window: 19, count: 18 };
  var NODE_H = ROW.move + ROW.main + ROW.window + ROW.count; // 85
  var GAP_Y = 44, GAP_X = 18, SHAPE = 22, CHAIN_H = 30, PAD = 14;

  var el = function (tag, attrs, text) {
    var e = document.createElementNS(NS, tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  };

  // Widths of texts in the page's font, measured once each.
  var widths = new Map();
  var width = function (text, size, bold) {
    var key = size + (bold ? "b" : "") + text;
    if (widths.has(key)) return widths.get(key);
    measureEl.setAttribute("font-size", size);
    measureEl.setAttribute("font-weight", bold ? "bold" : "normal");
    measureEl.textContent = text;
    var w = measureEl.getComputedTextLength();
    if (!(w > 0)) w = text.length * size * 0.6;
    widths.set(key, w);
    return w;
  };

  // Numbers as the page writes them, to compare: ±∞, mates (#3, #-2),
  // integers and decimals, with − or -.
  var num = function (s) {
    if (s === undefined || s === null || s === "") return NaN;
    s = String(s).replace(/−/g, "-");
    if (s === "+∞" || s === "∞") return Infinity;
    if (s === "-∞") return -Infinity;
    var m = /^#(-?)(\d+)$/.exec(s);
    if (m) return m[1] ? -1e12 + +m[2] : 1e12 - +m[2];
    return parseFloat(s);
  };

  var init = function (api) {
    A = api;
    D = api.data;
    N = D.steps.length;
    if (!D.hood) return; // the drawing shows every node: nothing to replace
    info = api.info;
    kids = new Map();
    D.nodes.forEach(function (r) {
      if (r[3] === -1) return;
      if (!kids.has(r[3])) kids.set(r[3], []);
      kids.get(r[3]).push(r[0]);
    });
    // When each node is first seen (0: before the page's first step), the
    // window it was entered with (its first), which nodes are leaves, and
    // where the cutoffs and prunes happen.
    enteredAt = new Map();
    entry = new Map();
    newAt = [];
    var see = function (chs, i) {
      chs.forEach(function (c) {
        if (enteredAt.has(c[0])) return;
        enteredAt.set(c[0], i);
        entry.set(c[0], [c[1], c[2]]);
        if (i > 0) newAt[i].push(c[0]);
      });
    };
    see(D.init.d || [], 0);
    for (var i = 1; i <= N; i++) {
      newAt[i] = [];
      see(D.steps[i - 1].d, i);
    }
    leaves = new Set();
    D.steps.forEach(function (s) { if (s.k === "leaf") leaves.add(s.n); });
    cutAt = new Map();
    cutsAt = [];
    (D.cuts || []).forEach(function (c) {
      if (!cutAt.has(c[1])) cutAt.set(c[1], { step: c[0], kind: c[2], moves: c[3] || [] });
      (cutsAt[c[0]] = cutsAt[c[0]] || []).push(c[1]);
    });

    var tree = document.getElementById("tree"), main = document.getElementById("main");
    NS = document.getElementById("ps-svg").namespaceURI; // the page names no address
    box = document.createElement("div");
    box.id = "ps-hood";
    box.setAttribute("aria-label", L.t("page.hood.label"));
    box.setAttribute("data-ta", "page.hood.label");
    main.insertBefore(box, tree.nextSibling);
    document.body.classList.add("ps-hood-on");
    svg = el("svg", { id: "ps-hood-svg", width: "100%", height: "100%", preserveAspectRatio: "xMidYMid meet", role: "img" });
    measureEl = el("text", { x: -1000, y: -1000, "class": "ps-measure" });
    svg.appendChild(measureEl);
    content = el("g", { "class": "ps-hood-content" });
    svg.appendChild(content);
    box.appendChild(svg);

    // The wheel, a drag, a double click (zoom.js): the first two stop
    // following the search, the third follows it again.
    zoom = window.psZoom(svg, {
      box: box,
      onGesture: function (kind) {
        if (kind === "wheel" || kind === "drag") follow = false;
        if (kind === "fit") { follow = true; last = -1; render(); }
      }
    });
    if (window.ResizeObserver) new ResizeObserver(function () { last = -1; render(); }).observe(box);
    if (document.fonts && document.fonts.ready) document.fonts.ready.then(function () { widths.clear(); last = -1; render(); });

    L.on(function () { last = -1; later(); }); // another language: its words
    window.ps.hood = function () { flush(); return model; };
  };

  // Move the counts to step pos: a node first seen at a step counts below
  // each of its ancestors; a cutoff or prune counts at its node and above.
  var up = function (id, f) {
    for (var n = info.get(id); n && n.parent !== -1; n = info.get(n.parent)) f(n.parent);
  };
  var add = function (m, id, d) { m.set(id, (m.get(id) || 0) + d); };
  var moveTo = function (pos) {
    var step = function (i, d) {
      (newAt[i] || []).forEach(function (id) { up(id, function (a) { add(below, a, d); }); });
      (cutsAt[i] || []).forEach(function (id) {
        add(cutsBelow, id, d);
        up(id, function (a) { add(cutsBelow, a, d); });
      });
    };
    while (at < pos) step(++at, 1);
    while (at > pos) step(at--, -1);
  };

  var entered = function (id, pos) {
    var e = enteredAt.get(id);
    return e !== undefined && e <= pos;
  };
  var counted = function (id) { return D.first <= 1 || enteredAt.get(id) > 0; };

  // What a node shows at step pos.
  var nodeOf = function (id, pos, pv) {
    var n = info.get(id) || { move: "", max: true, chance: false, parent: -1 };
    var st = A.state(id);
    var w = entry.get(id) || ["", ""];
    var cut = cutAt.get(id);
    var cutNow = cut && cut.step <= pos;
    var out = {
      id: id, move: n.parent === -1 ? "root" : n.move, root: n.parent === -1, max: n.max, chance: n.chance,
      value: st ? st[2] : "", bound: st ? st[3] : "", open: !!st && st[3] === "",
      alpha: w[0], beta: w[1], range: D.ranges && st && st[5] ? L.span("[", st[5], st[6], "]") : "", leaf: leaves.has(id) && !(kids.get(id) || []).some(function (k) { return entered(k, pos); }),
      cut: cutNow && cut.kind !== "null_prune", pruned: cutNow && cut.kind === "null_prune",
      below: counted(id) ? below.get(id) || 0 : null, cuts: counted(id) ? cutsBelow.get(id) || 0 : null,
      pv: pv, current: false, line: false,
      marks: ((D.hoodMarks || {})[String(id)] || []).filter(function (m) { return m[0] <= pos; })
    };
    return out;
  };

  // The move into a node as the tree shows it; the root named in the
  // language shown (its data-move stays "root").
  var moveText = function (n) { return n.root ? L.t("page.root") : n.move; };

  var valueText = function (n) {
    if (n.value === "") return "?";
    return ({ lower: "≥", upper: "≤" }[n.bound] || "") + L.num(n.value);
  };
  // The window a node was entered with, or its range on a page drawn with
  // ranges (--ranges), as the tree shows them.
  var windowText = function (n) {
    if (D.ranges) return n.range;
    return n.leaf || n.alpha === "" ? "" : L.span("(", n.alpha, n.beta, ")");
  };
  var side = function (n) { return n.chance ? "◆" : n.max ? "▲" : "▼"; };
  var countText = function (n) {
    if (n.below === null || (!n.below && !n.cuts)) return "";
    var s = "+" + n.below;
    if (n.cuts) s += " ✂" + n.cuts;
    return s;
  };
  // The live numbers of the current node while it is open: its best so far
  // and the bound that moves with it.
  // The window closes when α reaches β, or passes it where ties do not cut
  // (--cutoff gt).
  var liveText = function (n) {
    if (!n.open || n.value === "" || n.alpha === "" || n.chance) return "";
    var best = num(n.value), a = num(n.alpha), b = num(n.beta);
    var strict = D.cutoff === "gt";
    var closed = function (x, y) { return strict ? L.t("page.live.closed.gt", { Alpha: L.num(x), Beta: L.num(y) }) : L.t("page.live.closed.ge", { Alpha: L.num(x), Beta: L.num(y) }); };
    var closes = function (x, y) { return strict ? x > y : x >= y; };
    if (n.max) {
      var la = best > a ? n.value : n.alpha;
      if (closes(Math.max(best, a), b)) return closed(la, n.beta);
      return L.t("page.live.best.alpha", { Best: L.num(n.value), Alpha: L.num(la) });
    }
    var lb = best < b ? n.value : n.beta;
    if (closes(a, Math.min(best, b))) return closed(n.alpha, lb);
    return L.t("page.live.best.beta", { Best: L.num(n.value), Beta: L.num(lb) });
  };

  // A node's mark beside its value: ✂ cut, Ø pruned by a null move.
  var markOf = function (n) { return n.cut ? "✂" : n.pruned ? "Ø" : ""; };
  // The width of a node's main row: its shape, its value and its mark.
  var mainWidth = function (n) {
    var m = markOf(n);
    return SHAPE + 4 + width(valueText(n), F.value, true) + (m ? 4 + width(m, F.value, false) : 0);
  };
  // The techniques' lines of a node of the line, shown so far.
  var noteText = function (n) {
    if (!n.line || n.compact || !n.marks.length) return "";
    var t = n.marks.map(function (m) { return m[2]; }).join(" · ");
    if (n.marks.length > 1 && width(t, F.note, false) > 360) t = n.marks[n.marks.length - 1][2] + " (+" + (n.marks.length - 1) + ")";
    return t;
  };
  // The width of what is centred on a node, and of what is beside it on
  // its right: the live numbers, the techniques' lines.
  var baseWidth = function (n) {
    var w = Math.max(width(moveText(n), F.move, false), mainWidth(n));
    if (windowText(n)) w = Math.max(w, width(windowText(n), F.window, false));
    return Math.max(w, width(countText(n), F.count, false));
  };
  var sideWidth = function (n) {
    var lw = n.live && !n.compact && liveText(n) ? width(liveText(n), F.live, true) : 0;
    var nw = noteText(n) ? width(noteText(n), F.note, false) : 0;
    return lw || nw ? 12 + Math.max(lw, nw) : 0;
  };
  var slotWidth = function (n) { return baseWidth(n) + sideWidth(n) + GAP_X; };

  // The model of the drawing at step pos in a box w×h: layers of nodes
  // (the line's node in each, its siblings entered so far, the moves a
  // cutoff left, "+n more"), the row of the line above them.
  var build = function (pos, w, h) {
    var s = pos > 0 ? D.steps[pos - 1] : D.init;
    var end = pos === N && D.end && D.pv.length > 0;
    // Before the first step, the line of nodes open then (a page from a
    // later step), or nothing.
    var cur = end ? D.pv[D.pv.length - 1] : pos > 0 ? s.n : s.l && s.l.length ? s.l[s.l.length - 1] : null;
    if (cur === null || cur === undefined) return { nodes: [], edges: [], chain: [], current: null, step: pos };
    var path = [];
    for (var x = cur; x !== undefined && x !== -1 && path.length < 10000; x = info.has(x) ? info.get(x).parent : undefined) path.unshift(x);
    var onPV = new Set(end ? D.pv : []);
    // The live numbers are those of the innermost open node of the line.
    var liveAt = s.l && s.l.length ? s.l[s.l.length - 1] : cur;
    var d = path.length - 1;
    var open = function (id) { return (kids.get(id) || []).filter(function (k) { return entered(k, pos); }); };
    var left = function (id) { var c = cutAt.get(id); return c && c.step <= pos && c.moves.length ? c.moves : null; };
    var curKids = open(cur), curLeft = left(cur);
    var bottom = curKids.length || curLeft ? d + 1 : d;
    var fit = Math.max(2, Math.floor((h - CHAIN_H - 2 * PAD + GAP_Y) / (NODE_H + GAP_Y)));
    var top = Math.max(0, bottom - Math.min(fit, 4) + 1);
    var layers = [];
    for (var k = top; k <= bottom; k++) {
      var ids, leftMoves, mark = null;
      if (k === top) { ids = [path[top]]; leftMoves = null; } else { ids = open(path[k - 1]); leftMoves = left(path[k - 1]); }
      if (k <= d) mark = path[k];
      var nodes = ids.map(function (id) { var n = nodeOf(id, pos, onPV.has(id)); n.current = id === cur && !end; n.live = id === liveAt && !end; n.line = id === mark; return n; });
      var room = w - 2 * PAD;
      var extra = leftMoves ? { kind: "left", count: leftMoves.length, moves: leftMoves, parent: path[k - 1] } : null;
      var need = function (list) {
        var t = 0;
        list.forEach(function (n) { t += n.kind ? boxWidth(n) : slotWidth(n); });
        return t;
      };
      // Too many for the width: the earliest siblings, not the line's
      // node, become one box that says how many and what is below them.
      var shown = nodes.slice(), more = null;
      var tail = extra ? [extra] : [];
      while (shown.length > 1 && need((more ? [more] : []).concat(shown, tail)) > room) {
        var i0 = 0;
        if (shown[0].id === mark) i0 = 1;
        if (i0 >= shown.length) break;
        var gone = shown.splice(i0, 1)[0];
        if (!more) more = { kind: "more", count: 0, below: 0, cuts: 0, counted: true, ids: [] };
        more.count++;
        more.ids.push(gone.id);
        if (gone.below === null) more.counted = false; else { more.below += gone.below; more.cuts += gone.cuts; }
      }
      var row = (more ? [more] : []).concat(shown, tail);
      // Still too wide (a narrow box): the line's node drops its
      // techniques' lines and writes its live numbers under itself.
      if (need(row) > room) shown.forEach(function (n) { if (n.id === mark) n.compact = true; });
      layers.push({ ply: k, items: row, line: mark, width: need(row) });
    }
    // Positions: each layer centred under its line node above, kept in the box.
    var y = PAD + (top > 0 ? CHAIN_H : 0);
    var cx = w / 2, all = [], edges = [];
    layers.forEach(function (L, li) {
      // The line's node under the line's node above it where the box
      // allows, so that the line reads straight down; else centred.
      var offset = L.width / 2, o = 0;
      L.items.forEach(function (n) {
        if (!n.kind && n.id === L.line) offset = o + GAP_X / 2 + baseWidth(n) / 2;
        o += n.kind ? boxWidth(n) : slotWidth(n);
      });
      var x0 = Math.max(PAD, Math.min(w - PAD - L.width, cx - offset));
      if (L.width > w - 2 * PAD) x0 = PAD;
      var x = x0, next = cx;
      L.items.forEach(function (n) {
        var sw = n.kind ? boxWidth(n) : slotWidth(n);
        n.x = n.kind ? x + sw / 2 : x + GAP_X / 2 + baseWidth(n) / 2;
        n.y = y;
        n.w = sw;
        x += sw;
        if (n.id === L.line) next = n.x;
        all.push(n);
        if (li > 0) edges.push({ from: layers[li - 1].lineNode, to: n });
      });
      L.lineNode = L.items.filter(function (n) { return n.id === L.line; })[0] || null;
      if (li > 0 && !layers[li - 1].lineNode) edges = edges.filter(function (e) { return e.from; });
      cx = next;
      y += NODE_H + GAP_Y;
    });
    edges = edges.filter(function (e) { return e.from; });
    var chain = [];
    for (var c = 0; c < top; c++) chain.push(nodeOf(path[c], pos, onPV.has(path[c])));
    return { nodes: all, edges: edges, chain: chain, top: layers.length ? layers[0].items[0] : null, current: cur, step: pos, height: y - GAP_Y + PAD };
  };

  var boxWidth = function (b) {
    if (b.kind === "more") return Math.max(width(L.tn("page.hood.more", b.count), F.move, false), width(b.counted ? "+" + b.below + (b.cuts ? " ✂" + b.cuts : "") : "", F.count, false)) + 16 + GAP_X;
    return Math.max(width(L.tn("page.hood.never", b.count), F.window, false), width(moveList(b.moves), F.window, false)) + 16 + GAP_X;
  };
  var moveList = function (moves) {
    var s = moves.slice(0, 4).join(" ");
    return moves.length > 4 ? s + " …" : s;
  };

  // Drawing.
  var shapePoints = function (n, x, y) {
    var r = SHAPE / 2, t = y + ROW.move + (ROW.main - SHAPE) / 2 + 2;
    if (n.max) return [x - r, t + SHAPE - 4, x + r, t + SHAPE - 4, x, t].join(" ");
    return [x - r, t, x + r, t, x, t + SHAPE - 4].join(" ");
  };
  var drawNode = function (n, g) {
    var cls = "ps-hn" + (n.current ? " ps-cur" : "") + (n.cut ? " ps-cutnode" : "") + (n.pruned ? " ps-nullnode" : "") + (n.pv ? " ps-pv" : "") + (n.open ? " ps-open" : "");
    var grp = el("g", { "class": cls, "data-id": n.id, "data-move": n.move, "data-value": n.value, "data-bound": n.bound, "data-alpha": n.alpha, "data-beta": n.beta });
    if (n.below !== null) { grp.setAttribute("data-below", n.below); grp.setAttribute("data-cuts", n.cuts); }
    var x = n.x, y = n.y;
    grp.appendChild(el("text", { x: x, y: y + ROW.move - 4, "text-anchor": "middle", "font-size": F.move, "class": "ps-hmove" }, moveText(n)));
    var v = valueText(n), mark = markOf(n);
    var sx = x - mainWidth(n) / 2 + SHAPE / 2;
    var cy = y + ROW.move + ROW.main / 2;
    if (n.chance) {
      grp.appendChild(el("circle", { cx: sx, cy: cy, r: SHAPE / 2 - 2, "class": "ps-hshape" }));
    } else {
      grp.appendChild(el("polygon", { points: shapePoints(n, sx, y), "class": "ps-hshape" }));
      if (n.cut) grp.appendChild(el("polygon", { points: shapePoints(n, sx, y), "class": "ps-hshape2" }));
    }
    grp.appendChild(el("text", { x: sx + SHAPE / 2 + 4, y: cy + 7, "font-size": F.value, "class": "ps-hv" }, v));
    var vx = sx + SHAPE / 2 + 4 + width(v, F.value, true) + 4;
    if (mark) grp.appendChild(el("text", { x: vx, y: cy + 7, "font-size": F.value, "class": n.cut ? "ps-hc" : "ps-hnull" }, mark));
    var ly = y + ROW.move + ROW.main;
    if (windowText(n)) {
      grp.appendChild(el("text", { x: x, y: ly + ROW.window - 4, "text-anchor": "middle", "font-size": F.window, "class": "ps-hw" }, windowText(n)));
    }
    var ct = countText(n);
    if (ct) grp.appendChild(el("text", { x: x, y: ly + ROW.window + ROW.count - 4, "text-anchor": "middle", "font-size": F.count, "class": "ps-hcount" }, ct));
    var side = x + baseWidth(n) / 2 + 12;
    var lt = n.live ? liveText(n) : "";
    var liveAt = n.compact ? { x: x, y: ly + ROW.window + ROW.count + 14, "text-anchor": "middle" } : { x: side, y: cy + 6 };
    liveAt["font-size"] = F.live;
    liveAt["class"] = "ps-hlive" + (/^closed/.test(lt) ? " ps-closed" : "");
    if (lt) grp.appendChild(el("text", liveAt, lt));
    var nt = noteText(n);
    if (nt) grp.appendChild(el("text", { x: side, y: ly + ROW.window - 4, "font-size": F.note, "class": "ps-hnote ps-note-" + n.marks[0][1] }, nt));
    g.appendChild(grp);
  };
  var drawBox = function (b, g) {
    var w = b.w - GAP_X, x = b.x - w / 2, y = b.y + 2, h = NODE_H - 8;
    var grp = el("g", { "class": b.kind === "more" ? "ps-hmore" : "ps-hleft", "data-count": b.count });
    grp.appendChild(el("rect", { x: x, y: y, width: w, height: h, rx: 6 }));
    if (b.kind === "more") {
      grp.setAttribute("data-ids", b.ids.join(" "));
      grp.appendChild(el("text", { x: b.x, y: y + 30, "text-anchor": "middle", "font-size": F.move }, L.tn("page.hood.more", b.count)));
      if (b.counted && (b.below || b.cuts)) grp.appendChild(el("text", { x: b.x, y: y + 54, "text-anchor": "middle", "font-size": F.count }, "+" + b.below + (b.cuts ? " ✂" + b.cuts : "")));
    } else {
      grp.setAttribute("data-cut", b.parent);
      grp.appendChild(el("text", { x: b.x, y: y + 30, "text-anchor": "middle", "font-size": F.window }, L.tn("page.hood.never", b.count)));
      grp.appendChild(el("text", { x: b.x, y: y + 54, "text-anchor": "middle", "font-size": F.window }, moveList(b.moves)));
      var t = el("title", {}, b.moves.join(" "));
      grp.appendChild(t);
    }
    g.appendChild(grp);
  };

  var render = function () {
    if (!D || !D.hood || !box) return;
    var pos = A.step();
    // A large screen draws everything larger, by one factor for every
    // step (up to 1.5), so that the drawing does not change size as it grows.
    var r = box.getBoundingClientRect();
    var u = Math.max(1, Math.min(1.5, r.width / 850, r.height / 520));
    var w = Math.max(200, r.width / u), h = Math.max(200, r.height / u);
    if (pos === last && model && model.w === w && model.h === h) return;
    last = pos;
    moveTo(pos);
    model = build(pos, w, h);
    model.w = w;
    model.h = h;
    content.textContent = "";
    var edges = el("g", { "class": "ps-hedges" });
    content.appendChild(edges);
    model.edges.forEach(function (e) {
      var y1 = e.from.y + NODE_H - 2 + (e.from.compact && e.from.live && liveText(e.from) ? 18 : 0), y2 = e.to.y + 2;
      var dashed = e.to.kind === "left";
      edges.appendChild(el("line", { x1: e.from.x, y1: y1, x2: e.to.x, y2: y2, "class": dashed ? "ps-hedge ps-hedge-left" : e.from.pv && e.to.pv ? "ps-hedge ps-pv" : "ps-hedge" }));
    });
    if (model.chain.length && model.top) {
      var parts = model.chain.map(function (n) { return moveText(n) + " " + side(n); });
      var text = parts.join(" › ") + " ›";
      while (parts.length > 1 && width(text, F.chain, false) > w - 2 * PAD) {
        parts.shift();
        text = "… › " + parts.join(" › ") + " ›";
      }
      var tw = width(text, F.chain, false);
      var tx = Math.max(PAD, Math.min(w - PAD - tw, model.top.x - tw / 2));
      content.appendChild(el("text", { x: tx, y: PAD + 16, "font-size": F.chain, "class": "ps-hchain" }, text));
      edges.appendChild(el("line", { x1: model.top.x, y1: PAD + 22, x2: model.top.x, y2: model.top.y + 2, "class": "ps-hedge ps-hedge-chain" }));
    }
    var nodes = el("g", { "class": "ps-hnodes" });
    content.appendChild(nodes);
    model.nodes.forEach(function (n) { if (n.kind) drawBox(n, nodes); else drawNode(n, nodes); });
    // Fitted: the drawing in the middle of its box (scaled down only if it
    // is larger than the box).
    var bb = content.getBBox();
    var dy = Math.max(0, (h - bb.height) / 2 - bb.y);
    content.setAttribute("transform", "translate(0," + Math.round(dy) + ")");
    var x0 = Math.min(0, bb.x - PAD), y0 = Math.min(0, bb.y + dy - PAD);
    var x1 = Math.max(w, bb.x + bb.width + PAD), y1 = Math.max(h, bb.y + dy + bb.height + PAD);
    model.fit = [x0, y0, x1 - x0, y1 - y0];
    zoom.setWhole(model.fit);
    if (follow || !zoom.view()) zoom.fit();
  };

  // Drawn once a frame: steps taken faster than the screen shows them (a
  // key held down, the scrubber dragged, a test walking every step) draw
  // only the last; hood() draws what is pending at once.
  var pending = false;
  var flush = function () {
    if (!pending) return;
    pending = false;
    render();
  };
  var later = function () {
    if (pending) return;
    pending = true;
    requestAnimationFrame(flush);
  };
  hooks.push({ init: init, render: later });
})();
