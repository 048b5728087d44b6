// What changes beside a node's window, and the marks the events leave on a
// node. The window a node shows (ps-w) is the one it was entered with; while
// it is open, a label beside it says what is live, labelled: "best 5 · α 5"
// at MAX, "best 3 · β 3" at MIN, "closed: α 3 ≥ β 2 — cut" once α reaches
// β. Every event leaves a mark on the node it concerns (trace/step's
// marks: a glyph, the cue that needs no colour, in the colour of its
// technique), shown from the step of the event.
//
// player.js calls window.psMarks:
//   init(D, svg)   once, with the page's data and its drawing (and the
//                  marks' legend added to the help, #keys)
//   draw(g, st)    after writing the state st of the node of group g (null:
//                  not entered), its texts beside it (g.ps-beside);
//                  st[7] best so far, st[8] live label, st[9] marks
//   line(st)       the live label as the line from the root shows it
//   state(g)       { best, live, marks } as window.ps.state() reports them
//                  (marks: their names, space-separated)
window.psMarks = (function () {
  "use strict";
  var looks = {}, NS = "", edge = Infinity; // edge: the drawing's right end
  var made = new Map(); // node group -> { live, marks } text elements

  // The box of a node's shape (not its texts), in its group's units, the
  // size of its window's text, and where the shape's outline crosses a
  // level y: [left, right] (a triangle's sides, an ellipse's).
  var box = function (g) {
    var shape = g.querySelector("polygon, ellipse, path, rect, circle") || g;
    var b = shape.getBBox();
    var w = g.querySelector(".ps-w") || g.querySelector("text");
    var fs = w ? parseFloat(w.getAttribute("font-size")) || parseFloat(getComputedStyle(w).fontSize) || 12 : 12;
    var across = function (y) { return [b.x, b.x + b.width]; };
    if (shape.tagName === "polygon" && shape.points && shape.points.numberOfItems > 2) {
      var pts = [];
      for (var i = 0; i < shape.points.numberOfItems; i++) pts.push(shape.points.getItem(i));
      across = function (y) {
        var lo = Infinity, hi = -Infinity;
        for (var k = 0; k < pts.length; k++) {
          var a = pts[k], c = pts[(k + 1) % pts.length];
          if ((a.y - y) * (c.y - y) > 0 || a.y === c.y) continue;
          var x = a.x + (c.x - a.x) * (y - a.y) / (c.y - a.y);
          lo = Math.min(lo, x);
          hi = Math.max(hi, x);
        }
        return lo <= hi ? [lo, hi] : [b.x, b.x + b.width];
      };
    } else if (shape.tagName === "ellipse" || shape.tagName === "circle") {
      across = function (y) {
        var cx = b.x + b.width / 2, cy = b.y + b.height / 2, rx = b.width / 2, ry = b.height / 2;
        var d = Math.max(0, 1 - Math.pow((y - cy) / ry, 2));
        return [cx - rx * Math.sqrt(d), cx + rx * Math.sqrt(d)];
      };
    }
    return { x: b.x, y: b.y, w: b.width, h: b.height, fs: fs, across: across };
  };

  var text = function (g, cls, fs) {
    var t = document.createElementNS(NS, "text");
    t.setAttribute("class", cls);
    t.setAttribute("font-size", fs);
    g.appendChild(t);
    return t;
  };

  // A node's two texts, beside it, not in it: a group of their own after
  // the nodes (class ps-beside, data-for the node's id), so they are drawn
  // over edges and neighbours, and the node's shape holds only its own
  // texts. Its marks at the upper left of its outline (their words a
  // tooltip), its live label at the right of it, below the middle (above
  // it when the drawing ends too soon on the right).
  var slots = function (g) {
    var s = made.get(g);
    if (s) return s;
    var b = box(g);
    var wrap = document.createElementNS(NS, "g"), mg = document.createElementNS(NS, "g");
    wrap.setAttribute("class", "ps-beside");
    wrap.setAttribute("data-for", g.id);
    var title = document.createElementNS(NS, "title");
    mg.appendChild(title);
    wrap.appendChild(mg);
    (g.parentNode || g).appendChild(wrap);
    wrap.setAttribute("transform", g.getAttribute("transform") || ""); // where the node is (its layout's place)
    var bg = document.createElementNS(NS, "rect"); // a ground under the live label: an edge it crosses gives way
    bg.setAttribute("class", "ps-live-bg");
    wrap.appendChild(bg);
    s = { b: b, wrap: wrap, title: title, bg: bg, marks: text(mg, "ps-marks", b.fs * 0.9), live: text(wrap, "ps-live", b.fs) };
    var ym = b.y + b.fs * 0.9;
    // left of the outline along the whole height of the text
    s.marks.setAttribute("x", Math.min(b.across(ym - b.fs * 0.7)[0], b.across(ym)[0]) - b.fs * 0.5);
    s.marks.setAttribute("y", ym);
    s.marks.setAttribute("text-anchor", "end");
    made.set(g, s);
    return s;
  };
  var right = function (svg) {
    var v = (svg.getAttribute("viewBox") || "").split(/[\s,]+/).map(Number);
    return v.length === 4 ? v[0] + v[2] : Infinity;
  };
  var placeLive = function (s, node) {
    place(s, node);
    var t = s.live, bg = s.bg;
    if (t.textContent === "") { bg.setAttribute("width", 0); bg.setAttribute("height", 0); return; }
    var r = t.getBBox(), pad = s.b.fs * 0.15;
    bg.setAttribute("x", r.x - pad);
    bg.setAttribute("y", r.y);
    bg.setAttribute("width", r.width + 2 * pad);
    bg.setAttribute("height", r.height);
  };
  var place = function (s, node) {
    var b = s.b, y = b.y + b.h / 2 + b.fs * 0.9, top = b.across(y - b.fs * 0.7), bottom = b.across(y);
    var x = [Math.min(top[0], bottom[0]), Math.max(top[1], bottom[1])]; // clear of the outline along the text's height
    var t = s.live, g = s.wrap, svg = g.ownerSVGElement;
    var cut = node && node.querySelector(".ps-c");
    if (cut && cut.textContent !== "") {
      // ✂ right of the shape: the label after it.
      var cb = cut.getBBox();
      x = [x[0], Math.max(x[1], cb.x + cb.width)];
    }
    if (svg && svg.getAttribute("data-orientation") === "lr" && node) {
      // Left to right the node's window is at the right of its shape: the
      // label goes after the node's texts, on the shape's middle.
      var nb = node.getBBox();
      x = [nb.x, nb.x + nb.width];
      y = b.y + b.h / 2 + b.fs * 0.35;
    }
    t.setAttribute("y", y);
    t.setAttribute("x", x[1] + b.fs * 0.3);
    t.setAttribute("text-anchor", "start");
    if (t.textContent === "" || !svg || !g.getCTM() || !svg.getCTM()) return;
    // The label's right end in the drawing's units: past the drawing's
    // edge, the label goes to the left of the node.
    var end = svg.createSVGPoint();
    end.x = x[1] + b.fs * 0.3 + t.getComputedTextLength();
    end.y = y;
    var m = svg.getCTM().inverse().multiply(g.getCTM());
    var over = end.matrixTransform(m).x - edge;
    if (over > 0) {
      // No room on the right: above the node, as far right as the
      // drawing allows (to the left of its siblings there is less).
      var left = svg.createSVGPoint();
      left.x = x[1] + b.fs * 0.3;
      var scale = Math.max(end.matrixTransform(m).x - left.matrixTransform(m).x, 1e-9) / Math.max(end.x - left.x, 1e-9);
      t.setAttribute("x", end.x - over / scale - b.fs * 0.3);
      // above the node and its move's label (clear of the move)
      var above = node ? node.getBBox().y : b.y;
      t.setAttribute("y", Math.min(b.y, above) - b.fs * 0.35);
      t.setAttribute("text-anchor", "end");
    }
  };

  // shown is a live label in the language the page shows: a page written
  // in one language carries its labels in it (the lab asks its engine for
  // them in the language shown).
  var relabelled = false;
  var shown = function (live) {
    return relabelled && window.psI18n ? window.psI18n.relabel(live, "step.live.") : live;
  };
  var draw = function (g, st) {
    var best = st ? st[7] || "" : "", live = st ? st[8] || "" : "", marks = st ? st[9] || "" : "";
    g.setAttribute("data-best", best);
    g.setAttribute("data-live", live);
    g.setAttribute("data-marks", marks);
    if (!made.has(g) && live === "" && marks === "") return;
    var s = slots(g);
    live = shown(live);
    if (s.live.textContent !== live) {
      s.live.textContent = live;
      placeLive(s, g);
    }
    s.live.classList.toggle("ps-closed", live.indexOf("closed") === 0);
    s.marks.textContent = "";
    var words = [];
    marks.split(" ").forEach(function (name) {
      var look = looks[name];
      if (!name || !look || !look[0]) return;
      var t = document.createElementNS(NS, "tspan");
      t.textContent = (words.length ? " " : "") + look[0];
      t.setAttribute("style", "fill: " + look[2]);
      t.setAttribute("data-mark", name);
      s.marks.appendChild(t);
      words.push(look[0] + " " + look[1]);
    });
    s.title.textContent = words.join("\n");
  };

  return {
    init: function (D, svg) {
      var order = [];
      relabelled = !!(D.langs || D.langsLeft); // a page written once, not the lab
      looks = {};
      made = new Map(); // a new drawing (the lab searched again)
      (D.marks || []).forEach(function (m) { looks[m[0]] = m.slice(1); order.push(m[0]); });
      NS = svg.namespaceURI;
      edge = right(svg);
      // The page's layout turned (layout.js): each node's texts beside it
      // move with it.
      svg.addEventListener("ps-layout", function () {
        edge = right(svg);
        made.forEach(function (s, g) {
          s.wrap.setAttribute("transform", g.getAttribute("transform") || "");
          placeLive(s, g);
        });
      });
      // The help lists the marks, from the same table.
      var keys = document.getElementById("keys");
      if (!keys || order.length === 0 || keys.querySelector(".ps-marks-legend")) return;
      var p = document.createElement("p");
      p.className = "ps-marks-legend";
      var head = document.createElement("span");
      head.setAttribute("data-t", "page.marks.legend");
      head.textContent = window.psI18n.t("page.marks.legend");
      p.appendChild(head);
      order.forEach(function (name, k) {
        if (k > 0) p.appendChild(document.createTextNode(" · "));
        var b = document.createElement("b");
        b.textContent = looks[name][0];
        b.style.color = looks[name][2];
        p.appendChild(b);
        p.appendChild(document.createTextNode(" " + looks[name][1]));
      });
      p.appendChild(document.createTextNode("."));
      keys.appendChild(p);
    },
    draw: draw,
    line: function (st) { return st && st[8] ? " " + shown(st[8]) : ""; },
    state: function (g) {
      var a = function (k) { return g.getAttribute("data-" + k) || ""; };
      return { best: a("best"), live: a("live"), marks: a("marks") };
    }
  };
})();
