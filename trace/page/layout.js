// The page's two layouts (trace/page draw.go): the tree drawn top-down or
// left to right, every shape, text and edge holding its place in both
// (data-td, data-lr, and the viewBox of each on the SVG). The one that
// draws the tree larger in its container is shown (top-down unless left to
// right is 15 % larger), at load and whenever
// the window changes size; the player (player.js) is told by the event
// "ps-layout" on the SVG, and fits the tree anew.
//
// psLayoutMount(signal) sets it up for the drawing in place (the lab calls
// it again for each new drawing, signal stopping the last one's).
window.psLayoutMount = function (signal) {
  "use strict";
  var svg = document.getElementById("ps-svg");
  if (!svg || !svg.hasAttribute("data-td")) return;
  var placed = svg.querySelectorAll("[data-td]");
  var view = function (o) { return svg.getAttribute("data-" + o).split(/[\s,]+/).map(Number); };
  var fits = function (o) {
    var r = svg.getBoundingClientRect(), v = view(o);
    if (r.width < 1 || r.height < 1) return 0;
    return Math.min(r.width / v[2], r.height / v[3]);
  };
  // The drawing is written top-down (draw.go: every placed element's
  // attributes are its data-td): shown first that way, it needs no
  // rewriting.
  var shown = svg.hasAttribute("data-orientation") ? null : "td", size = "";
  if (shown) svg.setAttribute("data-orientation", shown);
  var orient = function (o) {
    var r = svg.getBoundingClientRect(), now = o + " " + r.width + " " + r.height;
    if (now === size) return;
    size = now;
    svg.setAttribute("viewBox", svg.getAttribute("data-" + o)); // the whole tree: the player fits or follows from it
    if (o === shown) return svg.dispatchEvent(new Event("ps-layout"));
    shown = o;
    svg.setAttribute("data-orientation", o);
    for (var i = 0; i < placed.length; i++) {
      var el = placed[i], v = el.getAttribute("data-" + o);
      if (el === svg) continue;
      if (el.tagName === "g") el.setAttribute("transform", "translate(" + v + ")");
      else if (el.tagName === "path") el.setAttribute("d", v);
      else {
        var xy = v.split(" ");
        el.setAttribute("x", xy[0]);
        el.setAttribute("y", xy[1]);
      }
    }
    svg.dispatchEvent(new Event("ps-layout"));
  };
  // Top-down, as textbooks draw trees, unless left to right draws the tree
  // this much larger.
  var turn = 1.15;
  var choose = function () {
    orient(fits("lr") > fits("td") * turn ? "lr" : "td");
  };
  // The contract with the tests: the layout shown ("td", "lr"), the scale
  // at which each fits, and whether the layout has seen the tree's box as
  // it is now (a resize is handled).
  window.psLayout = {
    orientation: function () { return shown; },
    scale: fits,
    turn: turn,
    settled: function () { var r = svg.getBoundingClientRect(); return size === shown + " " + r.width + " " + r.height; }
  };
  choose();
  window.addEventListener("resize", choose, signal ? { signal: signal } : {});
  if (window.ResizeObserver) {
    var ro = new ResizeObserver(choose);
    ro.observe(svg);
    if (signal) signal.addEventListener("abort", function () { ro.disconnect(); });
  }
};
