// The predict tab: predict, then see. Before a step of the search — every
// step that has a question ("all"), or only where a node may cut off
// ("cuts") — the page asks what comes next, takes the answer, then shows
// the step and says whether the prediction was right and why. The
// questions, the grades, the misconceptions and the score all come from
// the engine (internal/lab/predict.go: predict.questions, predict,
// predict.score), which grades with the quiz's own checks. The mode is in
// the address (#…&predict=cuts), so a teacher's link opens it.
(function () {
  "use strict";
  var lab = window.psLab;
  var box = lab.panel("predict", window.psI18n.t("lab.tab.predict"), "lab.tab.predict");
  var el = lab.el;
  var L = window.psI18n; // the page's words (i18n.js)
  lab.style("predict-style", [
    "#panel-predict .pr-prompt { font-weight: bold; margin: 8px 0 4px; }",
    "#panel-predict .pr-right { color: var(--ps-current, #0072B2); font-weight: bold; }",
    "#panel-predict .pr-wrong { color: var(--ps-cut, #D55E00); font-weight: bold; }",
    "#panel-predict .pr-mis { font-style: italic; }",
    "#panel-predict .pr-box { border-top: 1px solid #ccc; margin-top: 8px; padding-top: 4px; overflow-wrap: anywhere; }",
    "#panel-predict button { margin: 2px 4px 2px 0; }",
    "#panel-predict .hint { font-size: 14px; }",
    "#panel-predict ul { padding-left: 1.2em; margin: 4px 0; }"
  ]);

  var mode = el("select", { id: "predict-mode" }, [
    el("option", { value: "cuts", "data-t": "lab.predict.cuts", text: L.t("lab.predict.cuts") }),
    el("option", { value: "all", "data-t": "lab.predict.all", text: L.t("lab.predict.all") })
  ]);
  var start = el("button", { type: "button", id: "predict-start", "data-t": "lab.predict.start", text: L.t("lab.predict.start") });
  var stop = el("button", { type: "button", id: "predict-stop", "data-t": "lab.predict.stop", text: L.t("lab.predict.stop") });
  box.appendChild(el("label", {}, [el("span", { "data-t": "lab.predict.ask", text: L.t("lab.predict.ask") }), " ", mode]));
  box.appendChild(el("div", { class: "row" }, [start, stop]));
  var progress = el("p", { id: "predict-progress", class: "hint" });
  var err = el("p", { id: "predict-error", class: "err" });
  var ask = el("div", { id: "predict-ask", class: "pr-box" });
  var verdict = el("div", { id: "predict-verdict", class: "pr-box" });
  var score = el("div", { id: "predict-score", class: "pr-box" });
  [progress, err, ask, verdict, score].forEach(function (e) { e.hidden = true; box.appendChild(e); });

  var run = null; // {mode, tree, args, questions, i, answers, waiting}
  var show = function (e, on) { e.hidden = !on; };
  var setErr = function (line) { err.textContent = line || ""; show(err, !!line); };
  var player = function () { return window.ps; };
  var goTo = function (n) {
    if (!player()) return;
    run.moving = true;
    player().go(Math.max(0, n));
    run.moving = false;
  };

  var current = function () { return run && run.i < run.questions.length ? run.questions[run.i] : null; };

  var askNext = function () {
    ask.innerHTML = "";
    var x = current();
    if (!x) { finish(); return; }
    show(progress, true);
    progress.textContent = L.t("lab.predict.progress", { Question: run.i + 1, Questions: run.questions.length, Step: x.step });
    if (player() && player().step() !== x.step - 1) goTo(x.step - 1);
    ask.appendChild(el("p", { class: "pr-prompt", id: "predict-prompt", text: x.prompt }));
    var row = el("div", { class: "row" });
    if (x.kind === "cut") {
      ["yes", "no"].forEach(function (a) {
        var b = el("button", { type: "button", id: "predict-" + a, text: a });
        b.addEventListener("click", function () { answer(a); });
        row.appendChild(b);
      });
    } else {
      var inp = el("input", { type: "text", id: "predict-answer", "aria-label": L.t("lab.predict.answer.label"), spellcheck: "false", placeholder: x.kind === "window" ? "(3, inf)" : "3, <=3, >=5" });
      inp.addEventListener("keydown", function (ev) { if (ev.key === "Enter") { ev.preventDefault(); answer(inp.value); } });
      var ok = el("button", { type: "button", id: "predict-submit", text: L.t("lab.predict.answer") });
      ok.addEventListener("click", function () { answer(inp.value); });
      ask.appendChild(inp);
      row.appendChild(ok);
      setTimeout(function () { inp.focus(); }, 0);
    }
    var skip = el("button", { type: "button", id: "predict-skip", text: L.t("lab.predict.skip") });
    skip.addEventListener("click", function () { next(null); });
    row.appendChild(skip);
    ask.appendChild(row);
    show(ask, true);
  };

  // answer sends the answer to the engine: a bad one shows its line and
  // the question stays; else the verdict, and the step is shown.
  var answer = function (text) {
    var x = current(), mine = run;
    if (!x || mine.waiting) return;
    mine.waiting = true;
    lab.call("predict", { tree: mine.tree, args: mine.args, mode: mine.mode, index: mine.i, answer: text }).then(function (v) {
      mine.waiting = false;
      if (run !== mine) return;
      if (v.error) { setErr(v.error); return; }
      setErr("");
      mine.answers[mine.i] = text;
      var y = mine.questions[mine.i + 1];
      say(v, !(y && y.step === x.step)); // the step's sentence once the step is shown
      next(v);
    });
  };

  var say = function (v, shown) {
    verdict.innerHTML = "";
    verdict.appendChild(el("p", { id: "predict-result", class: v.right ? "pr-right" : "pr-wrong", text: v.right ? L.t("lab.predict.right", { Given: v.given }) : L.t("lab.predict.wrong", { Given: v.given, Expected: v.expected }) }));
    if (v.misconception) verdict.appendChild(el("p", { id: "predict-misconception", class: "pr-mis", text: v.misconception.name }));
    if (v.explanation) verdict.appendChild(el("p", { id: "predict-explanation", text: v.explanation }));
    if (shown) verdict.appendChild(el("p", { id: "predict-sentence", class: "hint", text: L.t("lab.predict.sentence", { Step: v.step, Sentence: v.sentence }) }));
    show(verdict, true);
  };

  // next goes on: to the step asked about once its questions are all
  // answered (or skipped), then to the next question.
  var next = function (v) {
    var x = current();
    if (!v) { verdict.innerHTML = ""; show(verdict, false); }
    run.i++;
    var y = current();
    if (!y || y.step !== x.step) goTo(x.step);
    if (!y) { finish(); return; }
    if (y.step === x.step) { askNext(); return; }
    ask.innerHTML = "";
    var go = el("button", { type: "button", id: "predict-next", text: L.t("lab.predict.next") });
    go.addEventListener("click", askNext);
    ask.appendChild(go);
    go.focus();
  };

  var finish = function () {
    var mine = run;
    ask.innerHTML = "";
    show(ask, false);
    progress.textContent = L.t("lab.predict.done");
    lab.call("predict.score", { tree: mine.tree, args: mine.args, mode: mine.mode, answers: mine.answers }).then(function (s) {
      if (run !== mine) return;
      if (s.error) { setErr(s.error); return; }
      score.innerHTML = "";
      score.appendChild(el("p", { id: "predict-line", class: "pr-prompt", text: s.line }));
      var ul = el("ul", { id: "predict-wrong" });
      (s.wrong || []).forEach(function (w) {
        // The line names each wrong answer and its misconception; here
        // why, step by step.
        ul.appendChild(el("li", {}, [L.t("lab.predict.step", { Step: w.step }), el("span", { class: "hint", text: w.explanation || "" })]));
      });
      score.appendChild(ul);
      show(score, true);
    });
  };

  var begin = function (fromHere) {
    var st = lab.state(), m = mode.value;
    lab.param("predict", m);
    var mine = { mode: m, tree: st.tree, args: st.args, questions: [], i: 0, answers: {}, waiting: true };
    run = mine;
    setErr("");
    [verdict, score, ask].forEach(function (e) { e.innerHTML = ""; show(e, false); });
    show(progress, true);
    progress.textContent = L.t("lab.predict.asking");
    return lab.call("predict.questions", { tree: st.tree, args: st.args, mode: m }).then(function (r) {
      if (run !== mine) return;
      mine.waiting = false;
      if (r.error) { progress.textContent = ""; setErr(r.error); return; }
      mine.questions = r.questions || [];
      // From the step shown (the start button), else from the start.
      var at = fromHere && player() ? player().step() : 0;
      while (mine.i < mine.questions.length && mine.questions[mine.i].step <= at) mine.i++;
      if (mine.i >= mine.questions.length) mine.i = 0;
      askNext();
    });
  };
  var end = function () {
    run = null;
    lab.param("predict", null);
    [progress, ask, verdict, score].forEach(function (e) { e.innerHTML = ""; show(e, false); });
    setErr("");
  };
  start.addEventListener("click", function () { lab.ready().then(function () { begin(true); }); });
  stop.addEventListener("click", end);
  mode.addEventListener("change", function () { if (run) lab.ready().then(begin); });

  // The step asked about is shown only after the answer: moving past it
  // (keys, buttons) goes back to the step before it.
  lab.on("step", function (n) {
    var x = current();
    if (!run || run.moving || !x || n < x.step) return;
    if (ask.querySelector("#predict-prompt")) setTimeout(function () { if (run && current() === x) goTo(x.step - 1); }, 0);
  });
  // A new search (another tree or setting) has other answers: start again.
  lab.on("result", function () {
    if (!run) return;
    var st = lab.state();
    if (st.tree !== run.tree || lab.line(st.args) !== lab.line(run.args)) lab.ready().then(begin);
  });

  // A teacher's link: #…&predict=cuts opens the tab predicting.
  var p = lab.param("predict");
  if (p === "cuts" || p === "all") {
    mode.value = p;
    setTimeout(function () { lab.show("predict"); }, 0);
    lab.ready().then(begin);
  }
})();
