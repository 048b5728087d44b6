// The Code tab: the pseudocode of the algorithm shown, in the conventions
// chosen, with the line the current step executes lit and the variables
// there beside it. The engine's "code" call gives the listing and the
// table step → line with the variables, once per search (internal/lab/
// code.go: from the step player); this script only lights what it says.
(function () {
  "use strict";
  var lab = window.psLab;
  var box = lab.panel("code", window.psI18n.t("lab.tab.code"), "lab.tab.code");
  lab.style("code-style", [
    "#code-title { font-size: 14px; margin: 4px 0 6px; }",
    "#code-lines { margin: 0; padding: 0; list-style: none; font-family: inherit; font-size: 14px; line-height: 1.35; }",
    "#code-lines li { padding: 1px 4px 1px calc(4px + var(--indent, 0) * 1.1em); border-left: 4px solid transparent; overflow-wrap: anywhere; }",
    "#code-lines li.fn { font-weight: bold; margin-top: 6px; }",
    "#code-lines li.on { background: #e3f0fa; border-left-color: var(--ps-current, #0072B2); }",
    "#code-lines li#code-vars { margin: 2px 0 4px 1.2em; padding: 4px 6px; border: 1px solid var(--ps-current, #0072B2); background: #fff; font-size: 14px; }",
    "#code-lines li#code-vars[hidden] { display: none; }",
    "#code-note { font-size: 14px; color: #333; }"
  ]);
  var title = document.createElement("p");
  title.id = "code-title";
  box.appendChild(title);
  var list = document.createElement("ol");
  list.id = "code-lines";
  box.appendChild(list);
  var vars = document.createElement("li");
  vars.id = "code-vars";
  vars.hidden = true;
  var note = document.createElement("p");
  note.id = "code-note";
  box.appendChild(note);

  var code = null, seq = 0;
  var light = function (n) {
    list.querySelectorAll("li.on").forEach(function (li) { li.classList.remove("on"); });
    vars.hidden = true;
    note.textContent = "";
    box.setAttribute("data-step", String(n));
    if (!code || !code.steps || n < 0 || n >= code.steps.length) return;
    var s = code.steps[n];
    box.setAttribute("data-line", String(s.line));
    note.textContent = s.note || "";
    if (s.line < 0) return;
    var li = list.querySelector('li[data-line="' + s.line + '"]');
    if (!li) return;
    li.classList.add("on");
    vars.textContent = (s.vars || []).join(" · ");
    vars.hidden = !(s.vars && s.vars.length);
    li.parentNode.insertBefore(vars, li.nextSibling);
    if (lab.tab() === "code" && li.scrollIntoView) li.scrollIntoView({ block: "nearest" });
  };
  var load = function () {
    var mine = ++seq, st = lab.state();
    box.setAttribute("data-busy", "1");
    lab.call("code", { tree: st.tree, args: st.args }).then(function (ans) {
      if (mine !== seq) return;
      box.removeAttribute("data-busy");
      list.textContent = "";
      if (ans.error) {
        code = null;
        title.textContent = "";
        note.textContent = ans.error;
        return;
      }
      code = ans;
      title.textContent = ans.title;
      (ans.lines || []).forEach(function (l, i) {
        var li = document.createElement("li");
        li.textContent = l.text;
        li.style.setProperty("--indent", String(l.indent));
        li.setAttribute("data-role", l.role || "");
        li.setAttribute("data-line", String(i));
        if (l.role === "function") li.className = "fn";
        list.appendChild(li);
      });
      light(lab.state().step);
    });
  };
  // Asked of the engine when the tab is shown (and at each new search while
  // it is): a hidden tab leaves the engine to the searches.
  var stale = true;
  var loadShown = function () {
    if (lab.tab() !== "code") return;
    stale = false;
    load();
  };
  lab.on("result", function () { stale = true; loadShown(); });
  lab.on("step", function (n) { light(n); });
  lab.on("tab", function (id) {
    if (id !== "code") return;
    if (stale) loadShown();
    else light(lab.state().step);
  });
})();
