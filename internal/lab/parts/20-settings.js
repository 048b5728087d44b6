// The settings tab: the algorithm, its conventions and the toy-tree
// techniques, each a control that writes search's own flag (the settings
// are the words after "prunescope search", shown and editable as a line),
// and every other flag of search in a list with its help. A change
// searches again at once.
(function () {
  "use strict";
  var lab = window.psLab;
  var box = lab.panel("settings", window.psI18n.t("lab.tab.settings"), "lab.tab.settings");
  var kinds = {}; // flag name -> bool, int, string (from the engine)

  // The settings as entries [name, value], value "true"/"false" for a
  // switch, in the order given.
  var parse = function (words) {
    var out = [];
    for (var i = 0; i < words.length; i++) {
      var w = words[i];
      if (w.slice(0, 2) !== "--") { out.push([w, null, w]); continue; } // refused by the engine, kept to show
      var name = w.slice(2), v = null, eq = name.indexOf("=");
      if (eq >= 0) { v = name.slice(eq + 1); name = name.slice(0, eq); }
      else if (kinds[name] === "bool") v = "true";
      else if (i + 1 < words.length) v = words[++i];
      out.push([name, v]);
    }
    return out;
  };
  var unparse = function (entries) {
    var out = [];
    entries.forEach(function (e) {
      if (e[1] === null) { out.push(e[2] !== undefined ? e[2] : "--" + e[0]); return; }
      if (kinds[e[0]] === "bool") out.push(e[1] === "true" ? "--" + e[0] : "--" + e[0] + "=" + e[1]);
      else out.push("--" + e[0], e[1]);
    });
    return out;
  };
  var get = function (name) {
    var es = parse(lab.state().args), v;
    es.forEach(function (e) { if (e[0] === name) v = e[1]; });
    return v;
  };
  // put sets a flag (undefined or "": leaves it out, its default).
  var put = function (name, value) {
    var es = parse(lab.state().args).filter(function (e) { return e[0] !== name; });
    if (value !== undefined && value !== "") es.push([name, String(value)]);
    return lab.set({ args: unparse(es) });
  };

  var el = lab.el;
  var controls = [];
  // A choice among values; "" is the flag's default.
  var choice = function (name, label, options) {
    var sel = el("select", { id: "set-" + name, "data-flag": name });
    options.forEach(function (o) { sel.appendChild(el("option", { value: o[0], text: o[1] })); });
    sel.addEventListener("change", function () { put(name, sel.value); });
    controls.push(function () { var v = get(name); sel.value = v === undefined ? options[0][0] : v; });
    return el("label", {}, [label + " ", sel]);
  };
  var check = function (name, label) {
    var c = el("input", { type: "checkbox", id: "set-" + name, "data-flag": name });
    c.addEventListener("change", function () { put(name, c.checked ? "true" : undefined); });
    controls.push(function () { c.checked = get(name) === "true"; });
    return el("label", {}, [c, " " + label]);
  };
  var text = function (name, label, placeholder) {
    var t = el("input", { type: "text", id: "set-" + name, "data-flag": name, placeholder: placeholder, size: "8" });
    t.addEventListener("change", function () { put(name, t.value.trim()); });
    controls.push(function () { var v = get(name); t.value = v === undefined ? "" : v; });
    return el("label", {}, [label + " ", t]);
  };

  box.appendChild(el("h3", { text: "Algorithm" }));
  box.appendChild(choice("algo", "", [["alphabeta", "alpha-beta"], ["minimax", "minimax"], ["negamax", "negamax"],
    ["branch-bound", "branch and bound"], ["pvs", "PVS"], ["mtdf", "MTD(f)"], ["expectimax", "expectimax"],
    ["star1", "Star1"], ["star2", "Star2"]]));
  box.appendChild(el("h3", { text: "Conventions" }));
  box.appendChild(el("div", { class: "row" }, [
    choice("fail", "fail", [["hard", "hard"], ["soft", "soft"], ["f2", "F2"]]),
    choice("cutoff", "cut on", [["ge", "≥ (ties prune)"], ["gt", "> (CS188)"]])
  ]));
  box.appendChild(el("div", { class: "row" }, [
    choice("order-children", "children", [["ltr", "left to right"], ["rtl", "right to left"]]),
    choice("root", "root", [["", "as the tree says"], ["max", "MAX"], ["min", "MIN"]])
  ]));
  box.appendChild(el("div", { class: "row" }, [
    text("window", "root window", "3,8"), text("bounds", "bounds", "-2,2"), text("depth", "depth", "")
  ]));
  box.appendChild(el("div", { class: "row" }, [check("ranges", "ranges [lo, hi] instead of windows")]));
  box.appendChild(el("h3", { text: "Techniques" }));
  box.appendChild(el("div", { class: "row" }, [
    check("null-move", "null move"), check("reductions", "reductions"), check("futility", "futility"),
    check("razoring", "razoring"), check("tt", "transposition table"), check("iterative", "iterative deepening"),
    check("quiescence", "quiescence"), check("extensions", "extensions"),
    check("lmr", "late move reductions"), check("lmp", "late move pruning"),
    check("rfp", "reverse futility"), check("iid", "internal iterative deepening"), check("check-ext", "check extension")
  ]));
  box.appendChild(el("div", { class: "row" }, [text("aspiration", "aspiration ±", "")]));

  box.appendChild(el("h3", { text: "As flags" }));
  var line = el("input", { type: "text", id: "set-line", "aria-label": "the settings as prunescope search's flags", spellcheck: "false" });
  line.addEventListener("change", function () { lab.set({ args: lab.words(line.value) }); });
  box.appendChild(line);
  box.appendChild(el("p", { class: "hint", text: "The words after prunescope search: any of its flags (prunescope search --help). Enter applies them." }));
  var all = el("details", { id: "set-all" }, [el("summary", { text: "Every flag, with its help" })]);
  box.appendChild(all);

  var refresh = function () {
    controls.forEach(function (f) { f(); });
    if (document.activeElement !== line) line.value = lab.line(lab.state().args);
    all.querySelectorAll("[data-flag]").forEach(function (inp) {
      var v = get(inp.getAttribute("data-flag"));
      if (inp.type === "checkbox") inp.checked = v === undefined ? inp.defaultChecked : v === "true";
      else if (document.activeElement !== inp) inp.value = v === undefined ? "" : v;
    });
  };
  lab.on("result", refresh);
  lab.on("error", refresh);

  // What the last change of the settings changed in the search of the same
  // tree: prunescope diff's lines, and its nodes marked in the drawing.
  var changedHead = el("h3", { text: "What the last change changed" });
  var changed = el("pre", { id: "set-changes", class: "lab-diff" });
  changedHead.hidden = changed.hidden = true;
  box.appendChild(changedHead);
  box.appendChild(changed);
  var prev = null;
  lab.on("result", function (r) {
    var before = prev;
    prev = { tree: r.tree, args: r.args || [] };
    if (!before || before.tree !== r.tree || lab.line(before.args) === lab.line(prev.args)) return;
    lab.call("changes", { tree: r.tree, before: before.args, after: prev.args }).then(function (c) {
      if (c.error || lab.result() !== r) return; // a later search is shown
      changed.textContent = c.text.join("\n");
      changedHead.hidden = changed.hidden = false;
      var on = {};
      c.paths.forEach(function (p) { on[p] = true; });
      document.querySelectorAll("#tree g.node[data-path]").forEach(function (g) {
        g.classList.toggle("lab-changed", !!on[g.getAttribute("data-path")] && !g.classList.contains("unsearched"));
      });
    });
  });
  lab.ready().then(function () { return lab.call("flags", {}); }).then(function (flags) {
    if (!Array.isArray(flags)) return;
    flags.forEach(function (f) {
      kinds[f.name] = f.kind;
      var inp;
      if (f.kind === "bool") {
        inp = el("input", { type: "checkbox", "data-flag": f.name });
        inp.defaultChecked = f.default === "true";
        inp.addEventListener("change", function () { put(f.name, inp.checked === inp.defaultChecked ? undefined : String(inp.checked)); });
      } else {
        inp = el("input", { type: "text", "data-flag": f.name, placeholder: f.default, size: "10" });
        inp.addEventListener("change", function () { put(f.name, inp.value.trim()); });
      }
      all.appendChild(el("label", { title: f.usage }, [inp, " --" + f.name + " ", el("span", { class: "hint", text: f.usage })]));
    });
    refresh();
  });
  // Until the engine lists the flags, the switches the controls know.
  ["ranges", "null-move", "reductions", "futility", "razoring", "tt", "iterative", "quiescence", "extensions", "lmr", "lmp", "rfp", "iid", "check-ext"].forEach(function (n) { kinds[n] = "bool"; });
  refresh();
})();
