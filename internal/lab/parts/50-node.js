// The Node tab: a click on a node of the drawing (while the tab is shown)
// tells everything about it at the step shown, as the engine's "inspect"
// call says it (internal/lab/inspect.go: the step player's numbers and
// trace/explain's sentences; this script writes none of its own): its
// window, live α/β, value and bound (in italics a best so far), its cutoff
// or the one that left it unsearched, its children, the techniques that
// acted there, and the steps that entered and returned it, each a link to
// its step. The node stays picked from step to step, and is said again at
// each.
(function () {
  "use strict";
  var lab = window.psLab;
  var box = lab.panel("node", window.psI18n.t("lab.tab.node"), "lab.tab.node");
  lab.style("node-style", [
    "#node-facts { margin: 6px 0; display: grid; grid-template-columns: 5.6em minmax(0, 1fr); gap: 3px 6px; }",
    "#node-facts dt { font-weight: bold; color: #333; }",
    "#node-facts dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }",
    "#node-facts dd.italic { font-style: italic; }",
    "#node-facts dt.head { grid-column: 1 / -1; font-size: 16px; border-bottom: 1px solid #ccc; }",
    "#node-facts button.go { font-size: 14px; padding: 0 4px; margin-left: 4px; cursor: pointer; }"
  ]);
  var hint = document.createElement("p");
  hint.className = "hint";
  hint.id = "node-hint";
  hint.textContent = window.psI18n.t("lab.node.hint");
  hint.setAttribute("data-t", "lab.node.hint");
  box.appendChild(hint);
  var out = document.createElement("dl");
  out.id = "node-facts";
  box.appendChild(out);
  var err = document.createElement("p");
  err.className = "err";
  err.id = "node-error";
  err.hidden = true;
  box.appendChild(err);

  var picked = null; // { id, path }
  var seq = 0;
  var mark = function () {
    document.querySelectorAll("#ps-svg g.node.lab-picked").forEach(function (g) { g.classList.remove("lab-picked"); });
    if (!picked || lab.tab() !== "node") return;
    var g = document.getElementById(picked.id);
    if (g) g.classList.add("lab-picked");
  };
  var render = function (ans) {
    out.textContent = "";
    err.hidden = true;
    if (ans.error) {
      err.textContent = ans.error;
      err.hidden = false;
      return;
    }
    (ans.facts || []).forEach(function (f, i) {
      var dt = document.createElement("dt");
      dt.textContent = f.label;
      if (i === 0) {
        dt.className = "head";
        dt.textContent = f.label + " — " + f.text;
        out.appendChild(dt);
        return;
      }
      var dd = document.createElement("dd");
      dd.textContent = f.text;
      if (f.italic) dd.className = "italic";
      if (f.step > 0) {
        var b = document.createElement("button");
        b.type = "button";
        b.className = "go";
        b.setAttribute("data-step", String(f.step));
        b.title = window.psI18n.t("lab.node.go", { Step: f.step });
        b.textContent = "→ " + f.step;
        b.addEventListener("click", function () { if (window.ps) window.ps.go(f.step); });
        dd.appendChild(b);
      }
      out.appendChild(dt);
      out.appendChild(dd);
    });
    box.setAttribute("data-node", ans.id || "");
    box.setAttribute("data-step", String(ans.step));
  };
  // One call at a time: steps taken while one is under way (a key held,
  // the player playing) are asked about once it answers, the last only.
  var inflight = false, again = false;
  var ask = function () {
    if (!picked) return;
    if (inflight) { again = true; return; }
    var mine = ++seq, st = lab.state();
    inflight = true;
    box.setAttribute("data-busy", "1");
    var req = { tree: st.tree, args: st.args, step: st.step, id: picked.id, path: picked.path };
    lab.call("inspect", req).then(function (ans) {
      inflight = false;
      if (again) { again = false; ask(); return; }
      if (mine !== seq) return;
      box.removeAttribute("data-busy");
      if (!ans.error && ans.id) picked.id = ans.id;
      render(ans);
      mark();
    });
  };
  lab.on("node", function (n) {
    if (lab.tab() !== "node") return;
    picked = { id: n.id, path: n.path === null ? null : n.path };
    hint.hidden = true;
    mark();
    ask();
  });
  lab.on("step", function () { if (picked) ask(); });
  lab.on("result", function () {
    if (!picked) return;
    // After a new search: the same node by its path (its ids may differ).
    picked.id = "";
    ask();
  });
  lab.on("tab", mark);
})();
