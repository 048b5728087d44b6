// The page of two searches side by side (prunescope diff --html): each side
// is a projector page in a frame of its own (srcdoc, so the file stays
// self-contained). Keys pressed outside the frames step both searches;
// inside a frame they step that one alone. The address says where each side
// is: #a=N&b=M (and #step=N opens both at step N).
//
// The contract with the tests, window.ps: { a, b } — each side's own
// window.ps once its page has loaded.
(function () {
  "use strict";
  var frames = { a: document.getElementById("a"), b: document.getElementById("b") };
  var head = document.getElementById("pair-head");
  var ps = function (k) { var w = frames[k].contentWindow; return w && w.ps; };
  var opened = false; // both sides loaded and placed where the address says
  var ready = function () { return opened && !!(ps("a") && ps("b")); };

  var writeHash = function () {
    if (!ready() || !history.replaceState) return;
    history.replaceState(null, "", "#a=" + ps("a").step() + "&b=" + ps("b").step());
  };
  var fromHash = function () {
    var h = location.hash, at = { a: 0, b: 0 }, m;
    if ((m = /step=(\d+)/.exec(h))) at.a = at.b = +m[1];
    if ((m = /a=(\d+)/.exec(h))) at.a = +m[1];
    if ((m = /b=(\d+)/.exec(h))) at.b = +m[1];
    return at;
  };
  var open = function (at) {
    ps("a").go(at.a);
    ps("b").go(at.b);
    writeHash();
  };
  // The address is read before the sides load: they tell their first step
  // (0) as they open.
  var first = fromHash();
  // Each side tells its step when it changes (see player.js).
  window.addEventListener("message", function (ev) {
    if (ev.data && ev.data.ps === "step") writeHash();
  });
  var loaded = 0;
  ["a", "b"].forEach(function (k) {
    frames[k].addEventListener("load", function () {
      if (++loaded === 2) {
        opened = true;
        window.ps = { a: ps("a"), b: ps("b") };
        open(first);
        head.focus();
      }
    });
  });
  window.addEventListener("hashchange", function () { if (ready()) open(fromHash()); });

  // Keys outside the frames go to both sides.
  document.addEventListener("keydown", function (ev) {
    if (!ready() || ev.ctrlKey || ev.metaKey || ev.altKey) return;
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
