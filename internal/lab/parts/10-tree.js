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

  box.appendChild(el("h3", { text: "The tree" }));
  var text = el("textarea", { id: "tree-text", spellcheck: "false", "aria-label": "the tree in prunescope's text form", rows: "9" });
  text.value = current;
  box.appendChild(text);
  var apply = el("button", { type: "button", id: "tree-apply", title: "search this tree (Ctrl+Enter)", text: "Apply" });
  var undoB = el("button", { type: "button", id: "tree-undo", title: "undo (Ctrl+Z)", text: "↶ Undo" });
  var redoB = el("button", { type: "button", id: "tree-redo", title: "redo (Ctrl+Shift+Z, Ctrl+Y)", text: "↷ Redo" });
  box.appendChild(el("div", { class: "row" }, [apply, undoB, redoB]));
  var msg = el("p", { id: "tree-msg", class: "err", role: "alert" });
  msg.hidden = true;
  box.appendChild(msg);
  box.appendChild(el("p", { class: "hint", text: "Nested lists, a number (or inf, -inf) a leaf: ((3 12 8) (2 4 6)). Marks in brackets: [min] [max] [chance] [p=0.5] [eval=3]. Or a built-in tree's name (aima, wikipedia)." }));
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
  box.appendChild(el("h3", { text: "Node" }));
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
    form.appendChild(el("p", { id: "node-title" }, [el("b", { text: "Node " + info.label }), info.leaf ? " · a leaf" : " · " + info.children.length + (info.children.length === 1 ? " child" : " children")]));
    var field = function (id, label, value, op, title) {
      var inp = el("input", { type: "text", id: id, value: value, size: "7", spellcheck: "false", title: title });
      inp.addEventListener("change", function () { edit(op, inp.value.trim()); }); // Enter, or leaving the box
      return el("label", {}, [label + " ", inp]);
    };
    var number = "a number with at most two decimals, from MAX's point of view: 3, -2, 0.75 ; or inf, -inf (also ∞, −∞)";
    if (info.leaf) form.appendChild(field("node-value", "value", info.value, "value", number));
    else form.appendChild(field("node-eval", "eval", info.eval, "eval", "its static evaluation, " + number + "; empty: none"));
    var who = el("select", { id: "node-player" });
    (info.root ? [["max", "MAX"], ["min", "MIN"]] : [["", "by turn"], ["max", "MAX"], ["min", "MIN"], ["chance", "chance"]]).forEach(function (o) {
      who.appendChild(el("option", { value: o[0], text: o[1] }));
    });
    who.value = info.player;
    who.addEventListener("change", function () { edit("player", who.value); });
    if (!info.leaf || info.root) form.appendChild(el("label", {}, [info.root ? "the root is " : "moves here: ", who])); // nobody moves at a leaf
    if (info.inChance) form.appendChild(field("node-p", "probability", info.p, "p", "above 0 and at most 1: 0.25 or 1/3; give every child of the chance node one, adding up to 1, or none (equally likely)"));
    var b = function (id, label, f, off, title) {
      var x = el("button", { type: "button", id: id, text: label, title: title, "aria-label": title });
      x.disabled = !!off;
      x.addEventListener("click", f);
      return x;
    };
    form.appendChild(el("div", { class: "row" }, [
      b("node-add", "+ child", function () { edit("add"); }, false, "add a child (a leaf 0) after the last"),
      b("node-remove", "remove", function () { edit("remove"); }, info.root, "remove this node and all below it"),
      b("node-left", "◀", function () { edit("move", "", info.index - 1); }, info.root || info.index <= 1, "move left, before its sibling"),
      b("node-right", "▶", function () { edit("move", "", info.index + 1); }, info.root || info.index >= info.siblings, "move right, after its sibling")
    ]));
    if (info.children.length > 1) {
      form.appendChild(el("p", { class: "hint", text: "Drag a child to its new place:" }));
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
      form.appendChild(el("p", { class: "hint", id: "node-none", text: "Click a node in the drawing to change it: its value, who moves there, its children; drag it past a sibling to move it there. At the last step (End) every node is drawn, the never-searched ones in grey." }));
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
        say("The drawing is of the last tree that searched, and the tree in the box has other nodes: correct the tree (or undo) before picking a node in the drawing.");
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
  box.appendChild(el("h3", { text: "Random tree" }));
  var num = function (id, label, value, title) {
    var inp = el("input", { type: "text", class: "num", id: id, value: value, title: title || "", inputmode: "numeric" });
    return [el("label", {}, [label + " ", inp]), inp];
  };
  var seed = num("rnd-seed", "seed", "1"), depth = num("rnd-depth", "depth", "3"), br = num("rnd-branching", "branching", "3");
  var lo = num("rnd-min", "values", "-9"), hi = num("rnd-max", "to", "9");
  var cuts = num("rnd-cutoffs", "at least", "0", "cutoffs the search with the lab's settings makes");
  var deep = el("input", { type: "checkbox", id: "rnd-deep" });
  var make = el("button", { type: "button", id: "rnd-make", text: "Draw" });
  var fresh = el("button", { type: "button", id: "rnd-new", text: "New seed" });
  var rmsg = el("p", { id: "rnd-msg", class: "err", role: "alert" });
  rmsg.hidden = true;
  box.appendChild(el("div", { class: "row" }, [seed[0], fresh]));
  box.appendChild(el("div", { class: "row" }, [depth[0], br[0]]));
  box.appendChild(el("div", { class: "row" }, [lo[0], hi[0]]));
  box.appendChild(el("div", { class: "row" }, [cuts[0], el("span", { text: "cutoffs" })]));
  box.appendChild(el("label", {}, [deep, " one above the leaves (a deep cutoff)"]));
  box.appendChild(el("div", { class: "row" }, [make]));
  box.appendChild(rmsg);
  box.appendChild(el("p", { class: "hint", text: "As prunescope tree random draws it; with cutoffs asked for, as prunescope quiz does (the first of the seed's trees whose search has them)." }));
  var whole = function (name, inp, most) {
    var s = inp.value.trim();
    if (!/^-?\d+$/.test(s) || Math.abs(+s) > most) throw name + ": " + JSON.stringify(s) + " is not a whole number" + (most < 1e15 ? " up to " + most : "");
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
      if (req.seed < 0) throw "--seed: " + req.seed + " is negative";
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
