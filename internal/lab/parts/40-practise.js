// The practise tab: the quiz (prunescope quiz, quiz check) in the page.
// The engine's call "practise" makes the quiz from quiz check's own flags
// and draws the exercise (leaves, shapes and moves: nothing of the answer);
// the student marks the leaves never evaluated by clicking them in the
// drawing, types the other answers, and Check sends them, in quiz check's
// answer syntax, to the same call, which grades them as quiz check does.
// Then the lab shows the quiz's search, so that the student sees why.
//
// The address: seed=N (a generated tree's seed) and q=FLAGS (the quiz's
// other flags: --depth 4 --ask-windows, --tree aima, …); the conventions
// (--algo, --fail, --cutoff, --order-children) are the lab's settings'.
// A teacher's link: #tab=practise&seed=4217&a=--cutoff+gt.
(function () {
  "use strict";
  var lab = window.psLab;
  var box = lab.panel("practise", window.psI18n.t("lab.tab.practise"), "lab.tab.practise");
  lab.style("practise-style", [
    "#panel-practise .prac-q { margin: 8px 0; }",
    "#panel-practise .hint { font-size: 14px; }",
    "#panel-practise .prac-q > span { display: block; font-size: 14px; }",
    "#panel-practise .prac-about { font-size: 14px; color: #333; }",
    "#panel-practise .prac-verdict { margin: 6px 0; font-size: 14px; overflow-wrap: anywhere; }",
    "#panel-practise .prac-verdict b { font-size: 15px; }",
    "#panel-practise .prac-why { margin: 2px 0 2px 12px; }",
    "#panel-practise pre { white-space: pre-wrap; overflow-wrap: anywhere; font-size: 14px; }",
    "#panel-practise code { overflow-wrap: anywhere; font-size: 14px; }",
    "#ps-svg.prac g.node { cursor: pointer; }",
    "#ps-svg.prac g.node.prac-marked polygon, #ps-svg.prac g.node.prac-marked ellipse, #ps-svg.prac g.node.prac-marked > path" +
      " { stroke: var(--ps-diff-value, #CC79A7); stroke-width: 3px; stroke-dasharray: 4 3; fill: #f7e4ee; }",
    "#ps-svg g.node.prac-was polygon, #ps-svg g.node.prac-was ellipse, #ps-svg g.node.prac-was > path" +
      " { stroke: var(--ps-diff-value, #CC79A7); stroke-width: 3px; }"
  ]);

  var el = lab.el;

  var about = el("div", { class: "prac-about", id: "prac-about" });
  var L = window.psI18n; // the page's words (i18n.js)
  var newBtn = el("button", { type: "button", id: "prac-new", "data-t": "lab.prac.new", text: L.t("lab.prac.new") });
  var seedLine = el("span", { class: "hint", id: "prac-seed" });
  var form = el("div", { id: "prac-form" });
  var checkBtn = el("button", { type: "button", id: "prac-check", "data-t": "lab.prac.check", text: L.t("lab.prac.check") });
  var againBtn = el("button", { type: "button", id: "prac-again", "data-t": "lab.prac.again", text: L.t("lab.prac.again") });
  againBtn.hidden = true;
  var err = el("p", { class: "err", id: "prac-error", role: "alert" });
  var report = el("div", { id: "prac-report", "aria-live": "polite" });
  err.hidden = true;
  box.appendChild(el("p", { class: "hint", "data-t": "lab.prac.hint", text: L.t("lab.prac.hint") }));
  box.appendChild(el("div", { class: "row" }, [newBtn, seedLine]));
  box.appendChild(about);
  box.appendChild(form);
  box.appendChild(el("div", { class: "row" }, [checkBtn, againBtn]));
  box.appendChild(err);
  box.appendChild(report);
  // The quiz's own flags (its generator's, its questions'): the words
  // after prunescope quiz, with the conventions of the settings.
  var flags = el("input", { type: "text", id: "prac-flags", spellcheck: "false", "data-ta": "lab.prac.flags.label", "aria-label": L.t("lab.prac.flags.label") });
  var again = el("code", { id: "prac-again-cmd" });
  box.appendChild(el("details", { id: "prac-more" }, [el("summary", { "data-t": "lab.prac.flags", text: L.t("lab.prac.flags") }),
    el("p", { class: "hint", "data-t": "lab.prac.flags.hint", text: L.t("lab.prac.flags.hint") }),
    flags, el("p", { class: "hint", "data-t": "lab.prac.terminal", text: L.t("lab.prac.terminal") }), again]));
  flags.value = lab.param("q") || "";
  flags.addEventListener("change", function () {
    lab.param("q", flags.value.trim() || null);
    make(false);
  });

  var quiz = null;    // the engine's answer: the quiz
  var graded = false; // Check done: the lab shows the search
  var marked = {};    // name -> true: the nodes marked never evaluated
  var inputs = {};    // question id -> its input

  var shown = function () { return lab.tab() === "practise"; };
  var showError = function (line) {
    err.textContent = line || "";
    err.hidden = !line;
  };

  // The quiz's flags: the conventions from the lab's settings, the
  // quiz's own from the address, and the seed.
  var conventions = ["algo", "fail", "cutoff", "order-children"];
  var quizArgs = function (fresh) {
    var out = [], a = lab.state().args;
    for (var i = 0; i < a.length; i++) {
      var w = a[i];
      if (w.slice(0, 2) !== "--") continue;
      var name = w.slice(2), eq = name.indexOf("="), v;
      if (eq >= 0) { v = name.slice(eq + 1); name = name.slice(0, eq); } else v = a[i + 1];
      if (conventions.indexOf(name) >= 0 && v !== undefined) {
        out.push("--" + name, v);
        if (eq < 0) i++;
      }
    }
    var q = lab.words(lab.param("q") || ""); // (the address reads + as a space)
    out = out.concat(q);
    var seed = lab.param("seed");
    if (!fresh && seed && q.indexOf("--tree") < 0 && q.indexOf("--seed") < 0) out.push("--seed", seed);
    return out;
  };

  // The exercise in the drawing's place: the lab's player stopped.
  var layout = null; // the exercise's layout chooser (top-down or left to right), stopped with it
  var drawExercise = function () {
    if (!quiz || graded) return;
    lab.hold();
    if (layout) layout.abort();
    var tree = document.getElementById("tree");
    tree.innerHTML = quiz.svg;
    var svg = document.getElementById("ps-svg");
    if (svg) svg.classList.add("prac");
    layout = new AbortController();
    window.psLayoutMount(layout.signal); // the page's: the layout that draws the tree larger
    // It zooms with the wheel, moves by dragging and is fitted whole by a
    // double click, as the search's drawing is (zoom.js; the player is
    // stopped meanwhile).
    if (svg) window.psZoom(svg, { box: tree, signal: layout.signal });
    Object.keys(marked).forEach(function (name) { mark(name, true); });
    document.getElementById("caption").textContent = L.t("lab.prac.caption");
  };
  var nodeOf = function (name) {
    var svg = document.getElementById("ps-svg");
    if (!svg || !svg.classList.contains("prac")) return null;
    var gs = svg.querySelectorAll("g.node");
    for (var i = 0; i < gs.length; i++) if (gs[i].getAttribute("data-path") === name) return gs[i];
    return null;
  };
  var mark = function (name, on) {
    var g = nodeOf(name);
    if (g) g.classList.toggle("prac-marked", on);
  };
  var markedList = function () {
    // In the drawing's order, left to right.
    var out = [];
    var svg = document.getElementById("ps-svg");
    if (svg) svg.querySelectorAll("g.node").forEach(function (g) {
      var p = g.getAttribute("data-path");
      if (marked[p]) out.push(p);
    });
    Object.keys(marked).forEach(function (p) { if (out.indexOf(p) < 0) out.push(p); });
    return out;
  };
  var neverShown = null;
  var showMarked = function () {
    if (neverShown) neverShown.textContent = markedList().length ? L.t("lab.prac.marked", { Leaves: markedList().join(" ") }) : L.t("lab.prac.marked.none");
  };

  var buildForm = function () {
    form.innerHTML = "";
    inputs = {};
    neverShown = null;
    quiz.questions.forEach(function (qu) {
      var div = el("div", { class: "prac-q", "data-q": qu.id }, [el("span", { text: qu.prompt })]);
      var inp;
      switch (qu.kind) {
        case "best":
          inp = el("select", { id: "prac-best", "aria-label": qu.id });
          inp.appendChild(el("option", { value: "", text: "—" }));
          quiz.moves.forEach(function (m) { inp.appendChild(el("option", { value: m, text: m })); });
          break;
        case "never":
          neverShown = el("span", { id: "prac-never", class: "hint" });
          div.appendChild(neverShown);
          showMarked();
          break;
        default:
          inp = el("input", { type: "text", id: "prac-" + qu.id.replace(/[^\w.-]+/g, "-"), "aria-label": qu.id, spellcheck: "false" });
      }
      if (inp) {
        inputs[qu.id] = inp;
        div.appendChild(inp);
      }
      form.appendChild(div);
    });
  };

  var answerText = function () {
    var parts = [];
    quiz.questions.forEach(function (qu) {
      if (qu.kind === "never") {
        var list = markedList();
        parts.push("never " + (list.length ? list.join(" ") : "none"));
        return;
      }
      var v = inputs[qu.id] ? inputs[qu.id].value.trim() : "";
      if (v !== "") parts.push(qu.id + (qu.node ? ": " : " ") + v);
    });
    return parts.join("; ");
  };

  var busy = false, making = false;
  var make = function (fresh) {
    if (busy) return Promise.resolve();
    busy = making = true;
    showError("");
    return lab.ready().then(function () {
      return lab.call("practise", { args: quizArgs(fresh) });
    }).then(function (p) {
      busy = making = false;
      if (p.error) {
        showError(p.error);
        if (!quiz && shown()) lab.set({}); // no exercise to show: the lab's own drawing
        return;
      }
      quiz = p;
      graded = false;
      againBtn.hidden = true;
      marked = {};
      report.innerHTML = "";
      if (p.seed) lab.param("seed", String(p.seed));
      seedLine.textContent = p.seed ? L.t("lab.prac.seed", { Seed: p.seed }) : "";
      again.textContent = p.again;
      about.innerHTML = "";
      p.about.forEach(function (l) { about.appendChild(el("p", { text: l })); });
      buildForm();
      if (shown()) drawExercise();
    }, function (e) { busy = making = false; showError(String(e && e.message || e)); });
  };

  var check = function () {
    if (!quiz || busy) return;
    busy = true;
    showError("");
    var args = quiz.args;
    lab.call("practise", { args: args, answer: answerText() }).then(function (p) {
      busy = false;
      if (p.error) { showError(p.error); return; } // the quiz's one line: the exercise stays
      showReport(p);
      graded = true;
      againBtn.hidden = false;
      var svg = document.getElementById("ps-svg");
      if (svg) svg.classList.remove("prac");
      lab.set({ tree: p.tree, args: p.search, step: 0 });
    }, function (e) { busy = false; showError(String(e && e.message || e)); });
  };

  // The report: quiz check's own lines, question by question (its ✓ or
  // ✗ line with the right answer, then each mistake's explanation, the
  // misconception named), its score line, and the command that checks
  // the same answer at a terminal.
  var showReport = function (p) {
    report.innerHTML = "";
    report.appendChild(el("h3", { id: "prac-score", text: p.score }));
    p.verdicts.forEach(function (v) {
      var d = el("div", { class: "prac-verdict", "data-q": v.id, "data-correct": String(v.correct) });
      v.lines.forEach(function (l, i) {
        d.appendChild(i === 0 ? el("b", { class: v.correct ? "ok" : "err", text: l }) : el("p", { class: "prac-why", text: l }));
      });
      report.appendChild(d);
    });
    report.appendChild(el("p", { class: "hint", text: L.t("lab.prac.drawn") }));
    report.appendChild(el("details", { id: "prac-text" }, [el("summary", { text: L.t("lab.prac.command") }),
      el("code", { text: p.command })]));
    if (report.scrollIntoView) report.scrollIntoView({ block: "nearest" });
  };

  newBtn.addEventListener("click", function () { make(true); });
  checkBtn.addEventListener("click", check);
  // The same quiz again, with the marks and answers given: the search
  // leaves the page until the next Check.
  againBtn.addEventListener("click", function () {
    if (!quiz) return;
    graded = false;
    againBtn.hidden = true;
    report.innerHTML = "";
    drawExercise();
  });
  lab.on("node", function (n) {
    if (!shown() || !quiz || graded) return;
    if (n.path === null || n.path === "" || !n.el.closest("#ps-svg.prac")) return; // the root is searched
    marked[n.path] = !marked[n.path];
    if (!marked[n.path]) delete marked[n.path];
    mark(n.path, !!marked[n.path]);
    showMarked();
  });
  lab.on("tab", function (id) {
    if (id === "practise") {
      if (!quiz) make(false);
      else drawExercise();
    } else if (quiz && !graded && document.getElementById("ps-svg") && document.getElementById("ps-svg").classList.contains("prac")) {
      lab.set({}); // the lab's own drawing again
    }
  });
  // A search drawn while the exercise is worked on (opened, or searched
  // from another tab) gives way to the exercise: nothing of the answer
  // stays in the page before Check.
  lab.on("result", function (r) {
    if (layout && !document.querySelector("#ps-svg.prac")) { layout.abort(); layout = null; } // the exercise is gone
    if (graded && quiz && r && r.tree === quiz.tree) {
      // The search of the quiz, with the student's marks outlined.
      var svg = document.getElementById("ps-svg");
      if (svg) svg.querySelectorAll("g.node").forEach(function (g) {
        if (marked[g.getAttribute("data-path")]) g.classList.add("prac-was");
      });
      return;
    }
    if (!shown() || graded) return;
    if (quiz) drawExercise();
    else if (making) lab.hold(); // the quiz is on its way
  });
  if (lab.param("tab") === "practise") { making = true; lab.hold(); } // the quiz is made once the tab shows
})();
