// The board of a chess search, drawn in the page: the position of the
// deepest open node of the step's line (before the first step, the root's), its pieces as pictures (Colin M.L.
// Burnett's set, window.psPieces, put in by trace/page for a chess page),
// the ranks and files on its edges, the last move's squares, and the move
// being tried from it — the move into the step's node, when that node is a
// child of the open node (a leaf evaluated, a child returning) — as an
// arrow. Under it: the side to move, the last move and the move tried.
//
// A hook of player.js (window.psHooks); data: D.boards, by node id:
// [FEN, from, to] of the move into the node.
(function () {
  "use strict";
  var hooks = window.psHooks = window.psHooks || [];
  var A, D, box, NS, shown;
  var SQ = 45, M = 22; // a square (the pieces' own size), the margin for the labels

  var el = function (tag, attrs, text) {
    var e = document.createElementNS(NS, tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  };
  // A piece's picture, parsed once and cloned for each square it stands on.
  var parsed = {};
  var piece = function (ch) {
    if (!parsed[ch]) {
      var g = el("svg", { width: SQ, height: SQ, viewBox: "0 0 45 45", "class": "ps-piece", "data-piece": ch });
      g.innerHTML = (window.psPieces || {})[ch] || "";
      parsed[ch] = g;
    }
    return parsed[ch];
  };
  var at = function (sq) { // a square's column and row on the board, White below
    return [sq.charCodeAt(0) - 97, 8 - +sq[1]];
  };

  // What the board shows at a step: the position of the open node, the
  // last move into it and the move tried from it (its id), if any.
  var choose = function (pos) {
    var s = pos > 0 ? D.steps[pos - 1] : D.init;
    var line = s.l || [];
    var open = line.length ? line[line.length - 1] : null;
    var node = pos > 0 ? s.n : open;
    if (node === null || node === undefined) {
      // Before the first step: the position searched, at the root.
      var root = D.nodes.length ? D.nodes[0][0] : null;
      return root !== null && D.boards[String(root)] ? { at: root, tried: null } : null;
    }
    var n = A.info.get(node);
    if (open !== null && node !== open && n && n.parent === open && D.boards[String(open)] && D.boards[String(node)]) {
      return { at: open, tried: node };
    }
    return D.boards[String(node)] ? { at: node, tried: null } : null;
  };

  var draw = function (c) {
    var key = c ? c.at + "/" + c.tried : "";
    if (key === shown) return;
    shown = key;
    box.textContent = "";
    if (!c) return;
    var b = D.boards[String(c.at)];
    var fen = b[0], size = 8 * SQ;
    var s = el("svg", { viewBox: "0 0 " + (M + size + 4) + " " + (size + M + 4), role: "img", "aria-label": "position " + fen, "data-fen": fen });
    for (var r = 0; r < 8; r++) {
      for (var f = 0; f < 8; f++) {
        s.appendChild(el("rect", { x: M + f * SQ, y: r * SQ + 2, width: SQ, height: SQ, "class": (r + f) % 2 ? "ps-sq-dark" : "ps-sq-light" }));
      }
    }
    [b[1], b[2]].forEach(function (sq) {
      if (!sq) return;
      var p = at(sq);
      s.appendChild(el("rect", { x: M + p[0] * SQ, y: p[1] * SQ + 2, width: SQ, height: SQ, "class": "ps-last", "data-square": sq }));
    });
    var t = c.tried !== null ? D.boards[String(c.tried)] : null;
    if (t && t[1]) {
      [t[1], t[2]].forEach(function (sq) {
        var p = at(sq);
        s.appendChild(el("rect", { x: M + p[0] * SQ + 2, y: p[1] * SQ + 4, width: SQ - 4, height: SQ - 4, "class": "ps-try-sq", "data-square": sq }));
      });
    }
    var rows = fen.split(" ")[0].split("/");
    rows.forEach(function (row, r) {
      var f = 0;
      for (var k = 0; k < row.length && f < 8; k++) {
        var ch = row[k];
        if (ch >= "1" && ch <= "8") { f += +ch; continue; }
        var sq = "abcdefgh"[f] + (8 - r);
        var g = piece(ch).cloneNode(true);
        g.setAttribute("x", M + f * SQ);
        g.setAttribute("y", r * SQ + 2);
        g.setAttribute("data-square", sq);
        s.appendChild(g);
        f++;
      }
    });
    if (t && t[1]) {
      // The arrow of the move tried, from the middle of its square to the
      // edge of the other.
      var p0 = at(t[1]), p1 = at(t[2]);
      var x0 = M + p0[0] * SQ + SQ / 2, y0 = p0[1] * SQ + 2 + SQ / 2, x1 = M + p1[0] * SQ + SQ / 2, y1 = p1[1] * SQ + 2 + SQ / 2;
      var dx = x1 - x0, dy = y1 - y0, len = Math.sqrt(dx * dx + dy * dy) || 1;
      var ux = dx / len, uy = dy / len, head = 16, half = 5, wing = 12;
      var ex = x1 - ux * 8, ey = y1 - uy * 8, bx = ex - ux * head, by = ey - uy * head;
      var pts = [
        [x0 - uy * half, y0 + ux * half], [bx - uy * half, by + ux * half], [bx - uy * wing, by + ux * wing], [ex, ey],
        [bx + uy * wing, by - ux * wing], [bx + uy * half, by - ux * half], [x0 + uy * half, y0 - ux * half]
      ];
      s.appendChild(el("polygon", { points: pts.map(function (p) { return p[0].toFixed(1) + "," + p[1].toFixed(1); }).join(" "), "class": "ps-arrow", "data-from": t[1], "data-to": t[2] }));
    }
    for (var i = 0; i < 8; i++) {
      s.appendChild(el("text", { x: M + i * SQ + SQ / 2, y: size + M - 4, "text-anchor": "middle", "class": "ps-coord ps-file" }, "abcdefgh"[i]));
      s.appendChild(el("text", { x: M / 2, y: i * SQ + 2 + SQ / 2 + 5, "text-anchor": "middle", "class": "ps-coord ps-rank" }, String(8 - i)));
    }
    box.appendChild(s);
    var black = fen.split(" ")[1] === "b";
    var p = document.createElement("div");
    p.className = "ps-board-text";
    var sideMark = document.createElement("span");
    sideMark.className = "ps-side " + (black ? "ps-side-b" : "ps-side-w");
    sideMark.setAttribute("aria-hidden", "true");
    p.appendChild(sideMark);
    var L = window.psI18n;
    var words = (black ? L.t("page.board.black") : L.t("page.board.white")) + (b[1] ? L.t("page.board.last", { From: b[1], To: b[2] }) : "");
    p.appendChild(document.createTextNode(words));
    if (t) {
      var m = A.info.get(c.tried);
      var tr = document.createElement("div");
      tr.className = "ps-tried";
      tr.textContent = m && m.move === "--" ? L.t("page.board.null") : t[1] ? L.t("page.board.trying.squares", { Move: m ? m.move : "", From: t[1], To: t[2] }) : L.t("page.board.trying", { Move: m ? m.move : "" });
      p.appendChild(tr);
    }
    box.appendChild(p);
  };

  hooks.push({
    init: function (api) {
      A = api;
      D = api.data;
      box = document.getElementById("board");
      NS = document.getElementById("ps-svg").namespaceURI; // the page names no address
    },
    render: function () {
      if (!box || !D.boards) return;
      draw(choose(A.step()));
    }
  });
})();
