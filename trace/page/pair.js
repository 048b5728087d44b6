// The page of two searches side by side (prunescope diff --html): each side
// is a projector page in a frame of its own (srcdoc, so the file stays
// self-contained), its tree fitted to its half and the differences marked
// (sidediff.js). Keys pressed outside the frames step both searches;
// inside a frame they step that one alone. d and Shift+D (and the buttons)
// jump to the next and previous difference: both sides go to the step where
// it is there to see, its node highlighted, and the caption says what
// differs in trace/diff's words. z makes both sides follow their current
// node, enlarged, as a page of its own does with a tree too large to read
// whole (z again: the whole trees). The address says where each side is:
// #a=N&b=M (and #step=N opens both at step N; &diff=K at difference K).
// An address that names none of them opens at the difference the page
// data-open names, if any (check --html: where the searches part).
//
// The contract with the tests, window.ps: { a, b, diff } — each side's own
// window.ps once its page has loaded, and diff: { count, index() (-1: none
// yet), go(i), next(), prev(), caption() }.
(function () {
  "use strict";
  var frames = { a: document.getElementById("a"), b: document.getElementById("b") };
  var head = document.getElementById("pair-head");
  var caption = document.getElementById("diff-caption");
  var P = JSON.parse(document.getElementById("pair-data").textContent);
  var openAt = +(document.getElementById("pair-data").getAttribute("data-open") || 0);
  var summary = caption.textContent;
  var ps = function (k) { var w = frames[k].contentWindow; return w && w.ps; };
  var marks = function (k) { var w = frames[k].contentWindow; return w && w.psDiff; };
  var opened = false; // both sides loaded and placed where the address says
  var ready = function () { return opened && !!(ps("a") && ps("b")); };
  var cur = -1; // the difference shown
  var L = window.psI18n; // the page's words (i18n.js), the sides' with them

  var writeHash = function () {
    if (!ready() || !history.replaceState) return;
    history.replaceState(null, "", L.hash("#a=" + ps("a").step() + "&b=" + ps("b").step() + (cur >= 0 ? "&diff=" + (cur + 1) : "")));
  };
  var fromHash = function () {
    var h = location.hash, at = { a: 0, b: 0, diff: 0 }, m;
    if ((m = /step=(\d+)/.exec(h))) at.a = at.b = +m[1];
    if ((m = /[#&]a=(\d+)/.exec(h))) at.a = +m[1];
    if ((m = /[#&]b=(\d+)/.exec(h))) at.b = +m[1];
    if ((m = /[#&]diff=(\d+)/.exec(h))) at.diff = +m[1];
    if (!/(step|[#&]a|[#&]b|[#&]diff)=\d/.test(h)) at.diff = openAt;
    return at;
  };

  var say = function () {
    caption.textContent = "";
    if (cur < 0) { caption.textContent = summary + (P.length ? L.t("page.pair.first") : ""); return; }
    var e = P[cur];
    var mark = document.createElement("span");
    mark.className = "mark";
    mark.textContent = L.t("page.pair.at", { Mark: e.mark, Word: e.word, Node: e.label });
    caption.appendChild(document.createTextNode(L.t("page.pair.which", { N: cur + 1, Count: P.length })));
    caption.appendChild(mark);
    caption.appendChild(document.createTextNode(": " + e.says));
  };
  // Show difference i on both sides.
  var jump = function (i) {
    if (!ready() || !P.length) return cur;
    cur = Math.max(0, Math.min(P.length - 1, i));
    ["a", "b"].forEach(function (k) {
      var m = marks(k);
      if (!m) return;
      ps(k).go(m.at(cur));
      m.show(cur);
    });
    say();
    writeHash();
    return cur;
  };

  var open = function (at) {
    ps("a").go(at.a);
    ps("b").go(at.b);
    if (at.diff > 0) jump(at.diff - 1);
    writeHash();
  };
  // The address is read before the sides load: they tell their first step
  // (0) as they open.
  var first = fromHash();
  // Each side tells its step when it changes (see player.js), and a d
  // pressed inside it (sidediff.js).
  window.addEventListener("message", function (ev) {
    if (!ev.data) return;
    if (ev.data.ps === "step") writeHash();
    if (ev.data.ps === "diff" && ready()) jump(cur + ev.data.by);
  });
  // The language: the page's, and both sides' with it (their own lists
  // are hidden: one switch for the page).
  var sidesIn = function (l) {
    ["a", "b"].forEach(function (k) {
      var w = frames[k].contentWindow;
      try { if (w && w.psI18n) w.psI18n.set(l); } catch (e) { /* a side not yet there */ }
    });
  };
  L.on(function (l) { sidesIn(l); say(); writeHash(); });
  var loaded = 0;
  ["a", "b"].forEach(function (k) {
    frames[k].addEventListener("load", function () {
      sidesIn(L.lang());
      if (++loaded === 2) {
        opened = true;
        window.ps = {
          a: ps("a"), b: ps("b"),
          diff: {
            count: P.length,
            index: function () { return cur; },
            go: jump,
            next: function () { return jump(cur + 1); },
            prev: function () { return jump(cur - 1); },
            caption: function () { return caption.textContent; }
          }
        };
        open(first);
        say();
        head.focus();
      }
    });
  });
  window.addEventListener("hashchange", function () { if (ready()) open(fromHash()); });
  ["diff-next", "diff-prev"].forEach(function (id, k) {
    var b = document.getElementById(id);
    b.disabled = !P.length; // nothing to jump to
    b.addEventListener("click", function () { jump(k === 0 ? cur + 1 : cur - 1); });
  });

  // Keys outside the frames go to both sides; d and Shift+D jump, f puts
  // the whole page in full screen (the sides have no button of their own).
  document.addEventListener("keydown", function (ev) {
    if (!ready() || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.key === "d" || ev.key === "D") {
      jump(ev.key === "d" ? cur + 1 : cur - 1);
      ev.preventDefault();
      return;
    }
    if (ev.key === "z") {
      // Asked: both sides follow their current node, enlarged, or show
      // their whole trees again.
      var on = !ps("a").follow();
      ps("a").follow(on);
      ps("b").follow(on);
      ev.preventDefault();
      return;
    }
    if (ev.key === "f") {
      if (document.fullscreenElement) document.exitFullscreen();
      else if (document.documentElement.requestFullscreen) document.documentElement.requestFullscreen();
      ev.preventDefault();
      return;
    }
    ["a", "b"].forEach(function (k) {
      var doc = frames[k].contentDocument;
      if (doc) doc.dispatchEvent(new KeyboardEvent("keydown", { key: ev.key, bubbles: true, cancelable: true }));
    });
    writeHash();
    ev.preventDefault();
  });
  var both = function (on) { head.classList.toggle("both", on); };
  head.addEventListener("click", function () { head.focus(); both(true); });
  window.addEventListener("blur", function () { setTimeout(function () { both(document.activeElement === document.body || document.activeElement === head); }, 0); });
  window.addEventListener("focus", function () { both(true); });
})();
