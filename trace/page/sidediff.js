// A side of diff's page (trace/page/pairdiff.go): the differences of the
// two searches marked on this side's tree. It runs before the player: it
// draws its marks into the tree and widens the drawing's viewBox to hold
// them before the player reads it; the player calls window.psStepHooks
// after every step, and the marks show from the step of their difference.
//
// Each difference this side searched is marked on its node: a dotted ring
// in the difference's colour and, but for a window or a depth, a badge
// beside the node, glyph first (≠ and both searches' values, ✂ a cutoff
// only this search made, + a part only this search searched, the mark and
// word of a technique this search used there; pairdiff.go words them). A
// difference is highlighted (a thick solid ring) when the page jumps to it;
// on the side that did not search its node, the nearest node above it that
// this side searched is.
//
// In the drawing, a node with differences names them (data-diffs="0 3",
// their indices); its ring and badges name the node (data-diff-node), each
// badge its difference (data-diff).
//
// The contract with pair.js and the tests, window.psDiff:
//   count      the number of differences
//   at(i)      the step of this side where difference i is there to see
//   node(i)    the node it marks or highlights here (-1: none)
//   show(i)    highlight difference i (-1: none)
//   shown()    the difference highlighted (-1: none)
//   state()    [{ i, node, own, badge, shown, on, lit, box, nodeBox, tie }]:
//              lit when its ring is drawn, highlighting it; tie the line
//              [x1, y1, x2, y2] from a badge set apart to its node; boxes
//              in the page's pixels [left, top, width, height] (null when
//              not drawn)
(function () {
  "use strict";
  // Nothing here may stop the player that follows in the same script: a
  // failure leaves the side unmarked, and says why in window.psDiffError.
  try { drawMarks(); } catch (e) { window.psDiffError = String(e && e.stack || e); }
  function drawMarks() {
    var D = JSON.parse(document.getElementById("ps-data").textContent);
    var X = D.diff;
    var svg = document.getElementById("ps-svg");
    if (!X || !svg) return;
    var NS = svg.namespaceURI;
    var marks = X.marks;
    var parent = new Map(), inner = new Set();
    D.nodes.forEach(function (r) { parent.set(r[0], r[3]); inner.add(r[3]); });

    // The node drawn for id: its own group, else the nearest drawn above it
    // (a large search is drawn less deep).
    var drawn = function (id) {
      var g = document.getElementById("n" + id);
      return g && g.classList.contains("node") ? g : null;
    };
    var shapeOf = function (id) {
      for (var k = 0; typeof id === "number" && id >= 0 && k < 1e6; k++) {
        var g = drawn(id);
        if (g) return { id: id, g: g };
        id = parent.get(id);
      }
      return null;
    };

    // Boxes in the drawing's units (the viewBox's), whatever groups and
    // transforms the drawing nests its nodes in.
    var toRoot = function (el) {
      var m = svg.createSVGMatrix();
      for (var e = el; e && e !== svg; e = e.parentNode) {
        if (e.transform && e.transform.baseVal) {
          var t = e.transform.baseVal.consolidate();
          if (t) m = t.matrix.multiply(m);
        }
      }
      return m;
    };
    var boxOf = function (el) {
      var b;
      try { b = el.getBBox(); } catch (e) { return null; }
      var m = toRoot(el), x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
      [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height], [b.x + b.width, b.y + b.height]].forEach(function (c) {
        var p = svg.createSVGPoint();
        p.x = c[0]; p.y = c[1];
        p = p.matrixTransform(m);
        x0 = Math.min(x0, p.x); y0 = Math.min(y0, p.y); x1 = Math.max(x1, p.x); y1 = Math.max(y1, p.y);
      });
      return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
    };
    // A node's box: its outline (the triangle, the box), not its text.
    var nodeBox = function (g) {
      var s = g.querySelector("polygon, ellipse, rect, circle, path");
      return boxOf(s || g);
    };
    var meets = function (a, b) {
      return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
    };

    // The badges' text: as large as the node's value.
    var size = 14;
    var v = svg.querySelector("text.ps-v");
    if (v) size = parseFloat(v.getAttribute("font-size")) || parseFloat(getComputedStyle(v).fontSize) || size;
    size = Math.round(size * 100) / 100;
    var padX = size * 0.35, lineH = size * 1.3, gap = size * 0.3;

    var el = function (tag, attrs, text) {
      var e = document.createElementNS(NS, tag);
      for (var k in attrs) e.setAttribute(k, attrs[k]);
      if (text !== undefined) e.textContent = text;
      return e;
    };
    var layer = el("g", { id: "ps-diff", "class": "ps-diff-layer" });
    svg.appendChild(layer);

    // The marks by node: one ring and one stack of badges per node.
    var byNode = new Map(), order = [];
    marks.forEach(function (m, i) {
      if (!m.own) return;
      var s = shapeOf(m.n);
      if (!s || s.id !== m.n) return; // not drawn: the jump highlights the node above it
      if (!byNode.has(m.n)) { byNode.set(m.n, { g: s.g, items: [] }); order.push(m.n); }
      byNode.get(m.n).items.push(i);
    });
    var placed = []; // the badges' boxes so far
    var rings = new Map(); // node id -> ring
    var badges = new Array(marks.length); // i -> badge group
    // Placed from the drawing as it is laid out, and again whenever the
    // page's layout turns it (layout.js, "ps-layout"; this listener comes
    // before the player's, which then fits the grown viewBox).
    var place = function () {
      while (layer.firstChild) layer.removeChild(layer.firstChild);
      placed.length = 0;
      rings.clear();
      for (var k = 0; k < badges.length; k++) badges[k] = undefined;
      near = null;
      var lr = svg.getAttribute("data-orientation") === "lr";
      var boxes = [];
      svg.querySelectorAll("g.node").forEach(function (g) {
        var b = nodeBox(g);
        if (b && b.w > 0) boxes.push(b);
      });
      var view = (svg.getAttribute("viewBox") || "0 0 0 0").split(/[\s,]+/).map(Number);
      var inView = function (b) {
        return b.x >= view[0] && b.y >= view[1] && b.x + b.w <= view[0] + view[2] && b.y + b.h <= view[1] + view[3];
      };
      var ring = function (id, g) {
        if (rings.has(id)) return rings.get(id);
        var b = nodeBox(g);
        if (!b) return null;
        var p = size * 0.25;
        var r = el("rect", { "class": "ps-diff-ring", x: b.x - p, y: b.y - p, width: b.w + 2 * p, height: b.h + 2 * p, rx: p });
        layer.insertBefore(r, layer.firstChild);
        rings.set(id, r);
        return r;
      };
      order.forEach(function (id) {
        var nd = byNode.get(id);
        var b = nodeBox(nd.g);
        if (!b) return;
        var r = ring(id, nd.g), tone = "value";
        nd.g.setAttribute("data-diffs", nd.items.join(" ")); // the differences at this node
        if (r) r.setAttribute("data-diff-node", id);
        var lines = nd.items.filter(function (i) { return marks[i].b; });
        nd.items.forEach(function (i) { if (marks[i].t && marks[i].t !== "value") tone = marks[i].t; });
        if (r) r.classList.add("ps-diff-" + tone);
        if (!lines.length) return;
        var w = 0;
        lines.forEach(function (i) { w = Math.max(w, marks[i].w * size + 2 * padX); });
        var h = lines.length * lineH;
        var cx = b.x + b.w / 2, cy = b.y + b.h / 2;
        var spots = [
          { x: b.x + b.w + gap, y: cy - h / 2 }, // right
          { x: b.x - gap - w, y: cy - h / 2 }, // left
          { x: cx - w / 2, y: b.y - gap - h }, // above
          { x: cx - w / 2, y: b.y + b.h + gap }, // below
          { x: b.x + b.w + gap, y: b.y - h }, // above right
          { x: b.x - gap - w, y: b.y - h }, // above left
          { x: b.x + b.w + gap, y: b.y + b.h }, // below right
          { x: b.x - gap - w, y: b.y + b.h } // below left
        ];
        // Farther out, when a crowded row leaves no room beside the node.
        for (var far = 1; far <= 3; far++) {
          var step = far * (h + gap);
          if (lr) spots.push({ x: b.x + b.w + gap + far * (w + gap), y: cy - h / 2 });
          spots.push({ x: cx - w / 2, y: b.y - gap - h - step }, { x: cx - w / 2, y: b.y + b.h + gap + step },
            { x: b.x + b.w + gap, y: cy - h / 2 - step }, { x: b.x - gap - w, y: cy - h / 2 - step },
            { x: b.x + b.w + gap, y: cy - h / 2 + step }, { x: b.x - gap - w, y: cy - h / 2 + step });
        }
        // Below a leaf nothing is drawn: its badges go there first, nearest
        // first.
        var leaf = !inner.has(id) && !svg.querySelector('[data-cut="' + id + '"]');
        if (leaf) {
          var rank = function (s) {
            // top-down the leaves end the drawing below, left to right on the right
            var below = (lr ? s.x >= b.x + b.w : s.y >= b.y + b.h) ? 0 : 1;
            return below * 1e9 + Math.hypot(s.x + w / 2 - cx, s.y + h / 2 - cy);
          };
          spots.sort(function (p, q) { return rank(p) - rank(q); });
        }
        // The first spot that covers nothing and stays in the drawing's
        // box (below a leaf, the box grows); else that covers nothing; else
        // that covers no node.
        var free = function (s, needView, badgesToo) {
          var bx = { x: s.x, y: s.y, w: w, h: h };
          if (needView && !inView(bx)) return false;
          for (var k = 0; k < boxes.length; k++) if (meets(bx, boxes[k])) return false;
          for (k = 0; badgesToo && k < placed.length; k++) if (meets(bx, placed[k])) return false;
          return true;
        };
        var at = spots.find(function (s) { return free(s, !leaf, true); }) || spots.find(function (s) { return free(s, false, true); }) ||
          spots.find(function (s) { return free(s, false, false); }) || spots[0];
        placed.push({ x: at.x, y: at.y, w: w, h: h });
        // A badge set apart from its node is tied to it by a line, from the
        // nearest points of the two.
        var clamp = function (v, lo, hi) { return Math.max(lo, Math.min(hi, v)); };
        lines.forEach(function (i, k) {
          var m = marks[i];
          var bg = el("g", { "class": "ps-diff-badge ps-diff-" + (m.t || "value"), "data-diff": i, "data-diff-node": m.n });
          var ry = at.y + k * lineH, rh = lineH - size * 0.1;
          var x1 = clamp(cx, at.x, at.x + w), y1 = clamp(cy, ry, ry + rh);
          var x2 = clamp(x1, b.x, b.x + b.w), y2 = clamp(y1, b.y, b.y + b.h);
          if (Math.hypot(x2 - x1, y2 - y1) > 2 * gap) {
            bg.appendChild(el("line", { "class": "ps-diff-tie", x1: x1, y1: y1, x2: x2, y2: y2 }));
          }
          bg.appendChild(el("rect", { x: at.x, y: at.y + k * lineH, width: w, height: lineH - size * 0.1, rx: size * 0.2 }));
          // Centred: a glyph the page's font lacks is measured wide.
          bg.appendChild(el("text", { x: at.x + w / 2, y: at.y + k * lineH + size * 0.98, "font-size": size, "text-anchor": "middle" }, m.b));
          layer.appendChild(bg);
          badges[i] = bg;
        });
      });
      // The viewBox grows to hold every badge.
      if (placed.length && view[2] > 0) {
        var x0 = view[0], y0 = view[1], x1 = view[0] + view[2], y1 = view[1] + view[3];
        placed.forEach(function (p) {
          x0 = Math.min(x0, p.x - gap); y0 = Math.min(y0, p.y - gap);
          x1 = Math.max(x1, p.x + p.w + gap); y1 = Math.max(y1, p.y + p.h + gap);
        });
        svg.setAttribute("viewBox", [x0, y0, x1 - x0, y1 - y0].map(function (n) { return Math.round(n * 100) / 100; }).join(" "));
      }
    };
    var near = null;
    place();
    svg.addEventListener("ps-layout", function () {
      place();
      if (on >= 0) show(on); else update(pos);
    });

    // At every step: a badge shows once its node is and its difference is
    // there to see; a ring once one of its node's badges is, or while its
    // node, shown, is the difference highlighted.
    var pos = 0, on = -1;
    var hidden = function (g) { return g.classList.contains("ps-hidden"); };
    var update = function (step) {
      pos = step;
      byNode.forEach(function (nd, id) {
        var r = rings.get(id), vis = !hidden(nd.g), any = false;
        nd.items.forEach(function (i) {
          var shown = vis && pos >= marks[i].at;
          any = any || shown;
          if (badges[i]) badges[i].classList.toggle("ps-diff-off", !shown);
        });
        if (r) r.classList.toggle("ps-diff-off", !vis || !any && !(on >= 0 && marks[on].own && marks[on].n === id));
      });
      if (near) near.classList.toggle("ps-diff-off", hidden(near.__g));
    };
    window.psStepHooks = (window.psStepHooks || []).concat([update]);

    var show = function (i) {
      rings.forEach(function (r) { r.classList.remove("ps-diff-on"); });
      if (near) { near.remove(); near = null; }
      on = i >= 0 && i < marks.length ? i : -1;
      if (on >= 0) {
        var s = shapeOf(marks[on].n);
        if (s) {
          // The difference's own node, or the node above it (a ring of its own).
          var r = marks[on].own ? rings.get(s.id) : null;
          if (!r) {
            var b = nodeBox(s.g), p = size * 0.25;
            r = el("rect", { "class": "ps-diff-ring ps-diff-near", x: b.x - p, y: b.y - p, width: b.w + 2 * p, height: b.h + 2 * p, rx: p });
            r.__g = s.g;
            layer.insertBefore(r, layer.firstChild);
            near = r;
          }
          r.classList.add("ps-diff-on");
        }
      }
      update(pos);
      return on;
    };

    // The ring that highlights the difference shown.
    var lit = function () {
      if (on < 0) return null;
      if (near) return near;
      var s = shapeOf(marks[on].n);
      return s ? rings.get(s.id) || null : null;
    };
    var client = function (e) {
      if (!e) return null;
      var r = e.getBoundingClientRect();
      return [r.left, r.top, r.width, r.height];
    };
    window.psDiff = {
      count: marks.length,
      at: function (i) { return marks[i] ? marks[i].at : 0; },
      node: function (i) { var s = marks[i] && shapeOf(marks[i].n); return s ? s.id : -1; },
      show: show,
      shown: function () { return on; },
      state: function () {
        return marks.map(function (m, i) {
          var s = shapeOf(m.n), b = badges[i];
          return {
            i: i, node: s ? s.id : -1, own: m.own, badge: m.b || "",
            shown: !!b && !b.classList.contains("ps-diff-off"),
            on: on === i,
            lit: on === i && !!lit() && !lit().classList.contains("ps-diff-off") && lit().classList.contains("ps-diff-on"),
            box: b ? client(b.querySelector("rect")) : null,
            nodeBox: s ? client(s.g.querySelector("polygon, ellipse, rect, circle, path") || s.g) : null,
          tie: b && b.querySelector("line") ? (function (l) {
            var m = l.getScreenCTM(), p = function (x, y) { var q = svg.createSVGPoint(); q.x = x; q.y = y; return q.matrixTransform(m); };
            var a = p(+l.getAttribute("x1"), +l.getAttribute("y1")), z = p(+l.getAttribute("x2"), +l.getAttribute("y2"));
            return [a.x, a.y, z.x, z.y];
          })(b.querySelector("line")) : null
          };
        });
      }
    };

    // The help says what a side does: the tree stays whole, d jumps.
    // (Its words in the page's language, data-t: its switch writes them again.)
    var keys = document.getElementById("keys"), L = window.psI18n;
    var said = function (td, text, id) { td.textContent = text; td.setAttribute("data-t", id); };
    if (keys) {
      keys.querySelectorAll("td").forEach(function (td) {
        if (td.getAttribute("data-t") === "page.keys.zoom") said(td, L.t("page.side.zoom"), "page.side.zoom");
      });
      var table = keys.querySelector("table");
      if (table) {
        var tr = document.createElement("tr");
        tr.appendChild(document.createElement("td")).textContent = "d, Shift+D";
        said(tr.appendChild(document.createElement("td")), L.t("page.side.diff"), "page.side.diff");
        table.appendChild(tr);
        tr = document.createElement("tr");
        tr.appendChild(document.createElement("td")).textContent = "z";
        said(tr.appendChild(document.createElement("td")), L.t("page.side.follow"), "page.side.follow");
        table.appendChild(tr);
      }
    }

    // d and Shift+D inside this side jump as they do above it: the pair page
    // moves both sides; z makes this side follow its current node, or not.
    document.addEventListener("keydown", function (ev) {
      if (ev.ctrlKey || ev.metaKey || ev.altKey || window.parent === window) return;
      if (ev.key === "z" && window.ps && window.ps.follow) {
        window.ps.follow(!window.ps.follow());
        ev.preventDefault();
        return;
      }
      if (ev.key !== "d" && ev.key !== "D") return;
      try { window.parent.postMessage({ ps: "diff", by: ev.key === "d" ? 1 : -1 }, "*"); } catch (e) { /* no parent */ }
      ev.preventDefault();
    });
  }
})();
