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
  var L = window.psI18n; // the page's words (i18n.js)
  // A word of the panel that the language switch writes again (data-t).
  var word = function (text, id) { return el("span", { "data-t": id, text: text }); };
  var controls = [];
  // A choice among values; "" is the flag's default.
  var choice = function (name, label, options) {
    var sel = el("select", { id: "set-" + name, "data-flag": name });
    // [value, words, the words' message: the switch writes them again]
    options.forEach(function (o) { sel.appendChild(el("option", o[2] ? { value: o[0], text: o[1], "data-t": o[2] } : { value: o[0], text: o[1] })); });
    sel.addEventListener("change", function () { put(name, sel.value); });
    controls.push(function () { var v = get(name); sel.value = v === undefined ? options[0][0] : v; });
    return el("label", {}, label === "" ? [sel] : [label, " ", sel]);
  };
  var check = function (name, label) {
    var c = el("input", { type: "checkbox", id: "set-" + name, "data-flag": name });
    c.addEventListener("change", function () { put(name, c.checked ? "true" : undefined); });
    controls.push(function () { c.checked = get(name) === "true"; });
    return el("label", {}, [c, " ", label]);
  };
  var text = function (name, label, placeholder) {
    var t = el("input", { type: "text", id: "set-" + name, "data-flag": name, placeholder: placeholder, size: "8" });
    t.addEventListener("change", function () { put(name, t.value.trim()); });
    controls.push(function () { var v = get(name); t.value = v === undefined ? "" : v; });
    return el("label", {}, [label, " ", t]);
  };

  var h3 = function (text, id) { return el("h3", { "data-t": id, text: text }); };
  box.appendChild(h3(L.t("lab.set.algo"), "lab.set.algo"));
  box.appendChild(choice("algo", "", [["alphabeta", L.t("lab.set.alphabeta"), "lab.set.alphabeta"], ["minimax", "minimax"], ["negamax", "negamax"],
    ["branch-bound", L.t("lab.set.branchbound"), "lab.set.branchbound"], ["pvs", "PVS"], ["mtdf", "MTD(f)"], ["expectimax", "expectimax"],
    ["star1", "Star1"], ["star2", "Star2"]]));
  box.appendChild(h3(L.t("lab.set.conventions"), "lab.set.conventions"));
  box.appendChild(el("div", { class: "row" }, [
    choice("fail", "fail", [["hard", "hard"], ["soft", "soft"], ["f2", "F2"]]),
    choice("cutoff", word(L.t("lab.set.cutoff"), "lab.set.cutoff"), [["ge", L.t("lab.set.ge"), "lab.set.ge"], ["gt", "> (CS188)"]])
  ]));
  box.appendChild(el("div", { class: "row" }, [
    choice("order-children", word(L.t("lab.set.children"), "lab.set.children"), [["ltr", L.t("lab.set.ltr"), "lab.set.ltr"], ["rtl", L.t("lab.set.rtl"), "lab.set.rtl"]]),
    choice("root", word(L.t("lab.set.root"), "lab.set.root"), [["", L.t("lab.set.astree"), "lab.set.astree"], ["max", "MAX"], ["min", "MIN"]])
  ]));
  box.appendChild(el("div", { class: "row" }, [
    text("window", word(L.t("lab.set.window"), "lab.set.window"), "3,8"), text("bounds", word(L.t("lab.set.bounds"), "lab.set.bounds"), "-2,2"),
    text("depth", word(L.t("lab.set.depth"), "lab.set.depth"), "")
  ]));
  box.appendChild(el("div", { class: "row" }, [check("ranges", word(L.t("lab.set.ranges"), "lab.set.ranges"))]));
  box.appendChild(h3(L.t("lab.set.techniques"), "lab.set.techniques"));
  box.appendChild(el("div", { class: "row" }, [
    check("null-move", word(L.t("lab.set.nullmove"), "lab.set.nullmove")), check("reductions", word(L.t("lab.set.reductions"), "lab.set.reductions")),
    check("futility", word(L.t("lab.set.futility"), "lab.set.futility")), check("razoring", word(L.t("lab.set.razoring"), "lab.set.razoring")),
    check("tt", word(L.t("lab.set.tt"), "lab.set.tt")), check("iterative", word(L.t("lab.set.iterative"), "lab.set.iterative")),
    check("quiescence", word(L.t("lab.set.quiescence"), "lab.set.quiescence")), check("extensions", word(L.t("lab.set.extensions"), "lab.set.extensions")),
    check("lmr", word(L.t("lab.set.lmr"), "lab.set.lmr")), check("lmp", word(L.t("lab.set.lmp"), "lab.set.lmp")),
    check("rfp", word(L.t("lab.set.rfp"), "lab.set.rfp")), check("iid", word(L.t("lab.set.iid"), "lab.set.iid")),
    check("check-ext", word(L.t("lab.set.checkext"), "lab.set.checkext"))
  ]));
  box.appendChild(el("div", { class: "row" }, [text("aspiration", word(L.t("lab.set.aspiration"), "lab.set.aspiration"), "")]));

  box.appendChild(h3(L.t("lab.set.flags"), "lab.set.flags"));
  var line = el("input", { type: "text", id: "set-line", "data-ta": "lab.set.line", "aria-label": L.t("lab.set.line"), spellcheck: "false" });
  line.addEventListener("change", function () { lab.set({ args: lab.words(line.value) }); });
  box.appendChild(line);
  box.appendChild(el("p", { class: "hint", "data-t": "lab.set.line.hint", text: L.t("lab.set.line.hint") }));
  var all = el("details", { id: "set-all" }, [el("summary", { "data-t": "lab.set.all", text: L.t("lab.set.all") })]);
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
  var changedHead = h3(L.t("lab.set.changed"), "lab.set.changed");
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
  // Each flag's help in the language shown: the engine's English, else
  // the commands' own translation the page carries (#lab-flag-help).
  var helpData = document.getElementById("lab-flag-help");
  var flagHelp = helpData ? JSON.parse(helpData.textContent) : {};
  var helps = [];
  var usage = function (f) {
    var l = window.psI18n ? window.psI18n.lang() : "en";
    return (flagHelp[l] && flagHelp[l][f.name]) || f.usage;
  };
  if (window.psI18n) window.psI18n.on(function () {
    helps.forEach(function (h) { h.label.title = h.hint.textContent = usage(h.f); });
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
      var hint = el("span", { class: "hint", text: usage(f) });
      var label = el("label", { title: usage(f) }, [inp, " --" + f.name + " ", hint]);
      helps.push({ f: f, label: label, hint: hint });
      all.appendChild(label);
    });
    refresh();
  });
  // Until the engine lists the flags, the switches the controls know.
  ["ranges", "null-move", "reductions", "futility", "razoring", "tt", "iterative", "quiescence", "extensions", "lmr", "lmp", "rfp", "iid", "check-ext"].forEach(function (n) { kinds[n] = "bool"; });
  refresh();
})();
