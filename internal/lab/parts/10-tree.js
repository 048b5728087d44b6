// The tree tab: the tree's text in a box (the indented form; Apply or
// Ctrl+Enter searches it, and a malformed tree's error is marked at its
// line and column), a form for the node picked in the drawing (its value
// or eval, who moves there, its probability, a child added, the node
// removed or moved, its children reordered by dragging them in a list),
// undo and redo over every change of the tree and the settings, and a
// random tree drawn as prunescope tree random and the quiz draw it. Every
// change is the engine's (the calls edit, node, indent, random): the rules
// and the errors are the tree package's.
(function () {
  "use strict";
  var lab = window.psLab;
  var box = lab.panel("tree", window.psI18n.t("lab.tab.tree"), "lab.tab.tree");

  var el = lab.el;
  var L = window.psI18n; // the page's words (i18n.js)
  // A word of the panel that the language switch writes again (data-t).
  var word = function (text, id) { return el("span", { "data-t": id, text: text }); };
  lab.style("tree-style", [
    "#tree-text { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 14px; min-height: 9em; white-space: pre; overflow-x: auto; }",
    "#panel-tree .row button { padding: 2px 6px; }",
    "#tree-node { border: 1px solid #ccc; border-radius: 4px; padding: 4px 6px; background: #fff; }",
    "#tree-node input[type=text] { width: 7em; }",
    "#node-kids { list-style: none; margin: 4px 0; padding: 0; }",
    "#node-kids li { border: 1px solid #aaa; border-radius: 3px; margin: 2px 0; padding: 2px 6px; background: #f3f3f3; cursor: grab; user-select: none; touch-action: none; }",
    "#node-kids li.dragging { opacity: 0.5; }",
    "#node-kids li.drop-here { border-color: var(--ps-current, #0072B2); border-width: 2px; }",
    "#panel-tree input.num { width: 4.5em; }",
    "#panel-tree .hint { font-size: 14px; }"
  ]);

  // The tree as the box and the edits hold it (the indented form; it may
  // break a rule for a moment, which the search then says), and the node
  // picked, by its name.
  var current = lab.state().tree;
  var picked = null;

  box.appendChild(el("h3", { "data-t": "lab.tree.head", text: L.t("lab.tree.head") }));
  var text = el("textarea", { id: "tree-text", spellcheck: "false", "data-ta": "lab.tree.text", "aria-label": L.t("lab.tree.text"), rows: "9" });
  text.value = current;
  box.appendChild(text);
  var apply = el("button", { type: "button", id: "tree-apply", "data-tt": "lab.tree.apply.title", title: L.t("lab.tree.apply.title"), "data-t": "lab.tree.apply", text: L.t("lab.tree.apply") });
  var undoB = el("button", { type: "button", id: "tree-undo", "data-tt": "lab.tree.undo.title", title: L.t("lab.tree.undo.title"), "data-t": "lab.tree.undo", text: L.t("lab.tree.undo") });
  var redoB = el("button", { type: "button", id: "tree-redo", "data-tt": "lab.tree.redo.title", title: L.t("lab.tree.redo.title"), "data-t": "lab.tree.redo", text: L.t("lab.tree.redo") });
  box.appendChild(el("div", { class: "row" }, [apply, undoB, redoB]));
  var msg = el("p", { id: "tree-msg", class: "err", role: "alert" });
  msg.hidden = true;
  box.appendChild(msg);
  box.appendChild(el("p", { class: "hint", "data-t": "lab.tree.hint", text: L.t("lab.tree.hint") }));
  var say = function (line) { msg.textContent = line; msg.hidden = !line; };

  // Searching a tree: the box shows it, the lab searches it.
  // line: the tree on one line, searched when it reads (the command and
  // the caption show it so); else the box's text, so that the error's line
  // and column are the box's.
  var searchTree = function (t, line) {
    current = t;
    if (text.value !== t) text.value = t;
    return lab.set({ tree: line || t });
  };
  apply.addEventListener("click", function () { say(""); searchTree(text.value); });
  text.addEventListener("keydown", function (ev) {
    if (ev.key === "Enter" && (ev.ctrlKey || ev.metaKey)) {
      ev.preventDefault();
      say("");
      searchTree(text.value);
    }
  });

  // A malformed tree: the error's line and column selected in the box.
  var mark = function (line, col) {
    var lines = text.value.split("\n");
    if (line < 1 || line > lines.length) return;
    var off = 0;
    for (var i = 0; i < line - 1; i++) off += lines[i].length + 1;
    var chars = Array.from(lines[line - 1]), a = off, k;
    for (k = 0; k < col - 1 && k < chars.length; k++) a += chars[k].length;
    var b = a;
    while (k < chars.length && !/[\s()\[\],]/.test(chars[k])) { b += chars[k].length; k++; }
    if (b === a && a < off + lines[line - 1].length) b = a + 1;
    text.focus();
    text.setSelectionRange(a, b);
    var lh = parseFloat(getComputedStyle(text).lineHeight) || 18;
    text.scrollTop = Math.max(0, (line - 3) * lh);
  };
  lab.on("error", function (line) {
    var m = /^tree:(\d+):(\d+): /.exec(line);
    if (m && lab.state().tree === text.value) mark(+m[1], +m[2]);
  });

  // Undo and redo: every state of the tree and the settings searched, or
  // refused, in order.
  var history = [lab.state()], at = 0;
  var same = function (a, b) { return a.tree === b.tree && a.args.join("\u0000") === b.args.join("\u0000"); };
  var remember = function () {
    var s = lab.state();
    if (same(s, history[at])) return;
    history = history.slice(0, at + 1);
    history.push(s);
    at = history.length - 1;
    buttons();
  };
  var buttons = function () { undoB.disabled = at <= 0; redoB.disabled = at >= history.length - 1; };
  var go = function (i) {
    if (i < 0 || i >= history.length || i === at) return;
    at = i;
    buttons();
    say("");
    var s = history[i];
    current = s.tree;
    text.value = s.tree;
    lab.set({ tree: s.tree, args: s.args });
  };
  var undo = function () { go(at - 1); };
  var redo = function () { go(at + 1); };
  undoB.addEventListener("click", undo);
  redoB.addEventListener("click", redo);
  buttons();
  document.addEventListener("keydown", function (ev) {
    if (!(ev.ctrlKey || ev.metaKey) || ev.altKey) return;
    if (ev.target && /^(SELECT|INPUT|TEXTAREA)$/.test(ev.target.tagName)) return; // the box's own undo
    var k = ev.key.toLowerCase();
    if (k === "z" && !ev.shiftKey) undo();
    else if ((k === "z" && ev.shiftKey) || k === "y") redo();
    else return;
    ev.preventDefault();
    ev.stopPropagation();
  }, true);

  // The picked node: marked in the drawing, described in the form.
  box.appendChild(el("h3", { "data-t": "lab.tree.node", text: L.t("lab.tree.node") }));
  var form = el("div", { id: "tree-node" });
  box.appendChild(form);
  var markPicked = function () {
    var svg = document.getElementById("tree");
    if (!svg) return;
    svg.querySelectorAll("g.node.lab-picked").forEach(function (g) { g.classList.remove("lab-picked"); });
    if (picked === null) return;
    svg.querySelectorAll("g.node").forEach(function (g) {
      if ((g.getAttribute("data-path") || "") === picked) g.classList.add("lab-picked");
    });
  };
  var edit = function (op, value, to, path, keep) {
    var req = { tree: current, op: op, path: path === undefined ? picked : path, value: value || "", to: to || 0 };
    return lab.call("edit", req).then(function (r) {
      if (r.error) { say(r.error); return; }
      say("");
      picked = keep ? picked : r.picked;
      searchTree(r.tree, r.line);
      showForm();
    });
  };
  // A node dragged among its siblings in the drawing (12-drag.js) moves as
  // in the list below, the moved node picked at its new place.
  lab.moveNode = function (name, to) { return edit("move", "", to, name); };
  var formFor = function (info) {
    form.textContent = "";
    form.appendChild(el("p", { id: "node-title" }, [el("b", { text: L.t("lab.tree.node.name", { Node: info.label }) }), info.leaf ? L.t("lab.tree.node.leaf") : L.tn("lab.tree.node.children", info.children.length)]));
    var field = function (id, label, value, op, title) {
      var inp = el("input", { type: "text", id: id, value: value, size: "7", spellcheck: "false", title: title });
      inp.addEventListener("change", function () { edit(op, inp.value.trim()); }); // Enter, or leaving the box
      return el("label", {}, [label + " ", inp]);
    };
    if (info.leaf) form.appendChild(field("node-value", L.t("lab.tree.value"), info.value, "value", L.t("lab.tree.value.title")));
    else form.appendChild(field("node-eval", L.t("lab.tree.eval"), info.eval, "eval", L.t("lab.tree.eval.title")));
    var who = el("select", { id: "node-player" });
    (info.root ? [["max", "MAX"], ["min", "MIN"]] : [["", L.t("lab.tree.byturn")], ["max", "MAX"], ["min", "MIN"], ["chance", L.t("lab.tree.chance")]]).forEach(function (o) {
      who.appendChild(el("option", { value: o[0], text: o[1] }));
    });
    who.value = info.player;
    who.addEventListener("change", function () { edit("player", who.value); });
    if (!info.leaf || info.root) form.appendChild(el("label", {}, [info.root ? L.t("lab.tree.root") : L.t("lab.tree.moves"), who])); // nobody moves at a leaf
    if (info.inChance) form.appendChild(field("node-p", L.t("lab.tree.p"), info.p, "p", L.t("lab.tree.p.title")));
    var b = function (id, label, f, off, title) {
      var x = el("button", { type: "button", id: id, text: label, title: title, "aria-label": title });
      x.disabled = !!off;
      x.addEventListener("click", f);
      return x;
    };
    form.appendChild(el("div", { class: "row" }, [
      b("node-add", L.t("lab.tree.add"), function () { edit("add"); }, false, L.t("lab.tree.add.title")),
      b("node-remove", L.t("lab.tree.remove"), function () { edit("remove"); }, info.root, L.t("lab.tree.remove.title")),
      b("node-left", "◀", function () { edit("move", "", info.index - 1); }, info.root || info.index <= 1, L.t("lab.tree.left")),
      b("node-right", "▶", function () { edit("move", "", info.index + 1); }, info.root || info.index >= info.siblings, L.t("lab.tree.right"))
    ]));
    if (info.children.length > 1) {
      form.appendChild(el("p", { class: "hint", text: L.t("lab.tree.drag") }));
      var list = el("ol", { id: "node-kids" });
      info.children.forEach(function (name, i) {
        list.appendChild(el("li", { "data-name": name, "data-index": String(i + 1), text: "≡ " + name }));
      });
      form.appendChild(list);
      dragList(list);
    }
  };
  // Reordering the picked node's children: press on one, release on the
  // place it goes to.
  var dragList = function (list) {
    var from = null;
    var over = function (ev) {
      var t = document.elementFromPoint(ev.clientX, ev.clientY);
      return t && t.closest ? t.closest("#node-kids li") : null;
    };
    list.addEventListener("pointerdown", function (ev) {
      var li = ev.target.closest("li");
      if (!li || ev.button !== 0) return;
      from = li;
      li.classList.add("dragging");
      ev.preventDefault();
    });
    var move = function (ev) {
      if (!from) return;
      var li = over(ev);
      list.querySelectorAll("li").forEach(function (x) { x.classList.toggle("drop-here", x === li && x !== from); });
    };
    var up = function (ev) {
      if (!from) return;
      var li = over(ev), f = from;
      from = null;
      list.querySelectorAll("li").forEach(function (x) { x.classList.remove("drop-here", "dragging"); });
      if (!li || li === f || !list.contains(li)) return;
      edit("move", "", +li.getAttribute("data-index"), f.getAttribute("data-name"), true);
    };
    document.addEventListener("pointermove", move);
    document.addEventListener("pointerup", up);
    // The form is made again for each node: the old list's listeners go.
    var stop = new MutationObserver(function () {
      if (!document.body.contains(list)) {
        document.removeEventListener("pointermove", move);
        document.removeEventListener("pointerup", up);
        stop.disconnect();
      }
    });
    stop.observe(form, { childList: true });
  };
  var showForm = function () {
    markPicked();
    if (picked === null) {
      form.textContent = "";
      form.appendChild(el("p", { class: "hint", id: "node-none", "data-t": "lab.tree.none", text: L.t("lab.tree.none") }));
      return;
    }
    var want = picked, tree = current;
    lab.call("node", { tree: tree, path: want }).then(function (info) {
      if (want !== picked || tree !== current) return; // a later pick or edit
      if (info.error) { picked = null; showForm(); return; }
      formFor(info);
    });
  };
  // While the tree in the box does not search (its error is shown), the
  // drawing is of the last tree that did: a click picks by the drawn
  // node's name only while the box's tree has the same nodes.
  var drawnNames = function () {
    return Array.from(document.querySelectorAll("#tree g.node")).map(function (g) { return g.getAttribute("data-path") || ""; }).sort().join("\u0000");
  };
  lab.on("node", function (x) {
    if (lab.tab() !== "tree") return;
    var name = x.path || "";
    if (!lab.error()) {
      picked = name;
      say("");
      showForm();
      return;
    }
    var tree = current;
    lab.call("names", { tree: tree }).then(function (r) {
      if (tree !== current) return;
      if (r.error || r.slice().sort().join("\u0000") !== drawnNames()) {
        say(L.t("lab.tree.othernodes"));
        return;
      }
      picked = name;
      say("");
      showForm();
    });
  });

  // A new result: the box shows its tree in the indented form (a change of
  // the settings, an undo, a link), the picked node is marked again.
  lab.on("result", function (r) {
    remember();
    markPicked();
    var typed = text.value; // the box as it was: a tree typed since is the student's
    lab.call("indent", { tree: r.tree }).then(function (a) {
      if (a.error || lab.result() !== r || text.value !== typed || lab.error() !== "") return;
      current = a.tree;
      if (text.value !== a.tree) text.value = a.tree;
      showForm();
    });
  });
  lab.on("error", remember);

  // A random tree.
  box.appendChild(el("h3", { "data-t": "lab.tree.random", text: L.t("lab.tree.random") }));
  var num = function (id, label, value, title, titleID) {
    var inp = el("input", { type: "text", class: "num", id: id, value: value, title: title || "", inputmode: "numeric" });
    if (titleID) inp.setAttribute("data-tt", titleID);
    return [el("label", {}, [label, " ", inp]), inp];
  };
  var seed = num("rnd-seed", word(L.t("lab.tree.seed"), "lab.tree.seed"), "1"), depth = num("rnd-depth", word(L.t("lab.tree.depth"), "lab.tree.depth"), "3");
  var br = num("rnd-branching", word(L.t("lab.tree.branching"), "lab.tree.branching"), "3");
  var lo = num("rnd-min", word(L.t("lab.tree.values"), "lab.tree.values"), "-9"), hi = num("rnd-max", word(L.t("lab.tree.to"), "lab.tree.to"), "9");
  var cuts = num("rnd-cutoffs", word(L.t("lab.tree.atleast"), "lab.tree.atleast"), "0", L.t("lab.tree.cutoffs.title"), "lab.tree.cutoffs.title");
  var deep = el("input", { type: "checkbox", id: "rnd-deep" });
  var make = el("button", { type: "button", id: "rnd-make", "data-t": "lab.tree.make", text: L.t("lab.tree.make") });
  var fresh = el("button", { type: "button", id: "rnd-new", "data-t": "lab.tree.newseed", text: L.t("lab.tree.newseed") });
  var rmsg = el("p", { id: "rnd-msg", class: "err", role: "alert" });
  rmsg.hidden = true;
  box.appendChild(el("div", { class: "row" }, [seed[0], fresh]));
  box.appendChild(el("div", { class: "row" }, [depth[0], br[0]]));
  box.appendChild(el("div", { class: "row" }, [lo[0], hi[0]]));
  box.appendChild(el("div", { class: "row" }, [cuts[0], word(L.t("lab.tree.cutoffs"), "lab.tree.cutoffs")]));
  box.appendChild(el("label", {}, [deep, word(L.t("lab.tree.deep"), "lab.tree.deep")]));
  box.appendChild(el("div", { class: "row" }, [make]));
  box.appendChild(rmsg);
  box.appendChild(el("p", { class: "hint", "data-t": "lab.tree.random.hint", text: L.t("lab.tree.random.hint") }));
  var whole = function (name, inp, most) {
    var s = inp.value.trim();
    if (!/^-?\d+$/.test(s) || Math.abs(+s) > most) throw most < 1e15 ? L.t("lab.tree.notwhole.most", { Flag: name, Value: JSON.stringify(s), Most: most }) : L.t("lab.tree.notwhole", { Flag: name, Value: JSON.stringify(s) });
    return +s;
  };
  var draw = function () {
    var req;
    try {
      req = {
        seed: whole("--seed", seed[1], Number.MAX_SAFE_INTEGER), depth: whole("--depth", depth[1], 1e6), branching: whole("--branching", br[1], 1e6),
        min: whole("--min", lo[1], 1e9), max: whole("--max", hi[1], 1e9), cutoffs: whole("--min-cutoffs", cuts[1], 1e6),
        deep: deep.checked, args: lab.state().args
      };
      if (req.seed < 0) throw L.t("lab.tree.negative", { Flag: "--seed", Value: req.seed });
    } catch (e) {
      rmsg.textContent = String(e);
      rmsg.hidden = false;
      return Promise.resolve();
    }
    rmsg.hidden = true;
    return lab.call("random", req).then(function (r) {
      if (r.error) { rmsg.textContent = r.error; rmsg.hidden = false; return; }
      picked = null;
      say("");
      showForm();
      return searchTree(r.tree, r.line);
    });
  };
  make.addEventListener("click", draw);
  fresh.addEventListener("click", function () {
    seed[1].value = String(1 + Math.floor(Math.random() * 999999999));
    draw();
  });

  showForm();
  // The tree the page opened on, in the indented form once the engine runs.
  lab.ready().then(function () {
    var r = lab.result();
    if (!r) return;
    return lab.call("indent", { tree: r.tree }).then(function (a) {
      if (a.error || lab.result() !== r || text.value !== r.tree) return;
      current = a.tree;
      text.value = a.tree;
    });
  });
})();
