// The Tree tab's drag in the drawing: in the Tree tab, a node pressed and
// moved goes among its siblings. It follows the pointer; a bar shows where
// it would go, from where the siblings are drawn along their row (side by
// side top-down, one above the other left to right); the release moves it
// there with the edit the tab's list of children makes (psLab.moveNode,
// 10-tree.js: the moved node picked at its new place, undone as any edit);
// Esc, or a release where it was, leaves the tree as it was. A press that
// moves no more than a few pixels is a click (lab.js: the node is picked);
// a press on the root, on a node without siblings, on the background, or in
// another tab moves the drawing (zoom.js). The mouse, a pen and a finger
// alike: pointer events.
//
// Who the siblings are is the engine's: the call "families" (drag.go),
// asked once for each search drawn.
(function () {
  "use strict";
  var lab = window.psLab;
  var tree = document.getElementById("tree");
  var slop = 4; // px a press may move and still be a click (lab.js's)

  lab.style("drag-style", [
    "#ps-svg g.node.lab-dragged { cursor: grabbing; filter: drop-shadow(0 0 3px var(--ps-current, #0072B2)); }",
    "#lab-drop { position: absolute; pointer-events: none; background: var(--ps-current, #0072B2); border-radius: 2px; }"
  ]);

  // The families of the tree drawn: a child's name → its family.
  var families = null, familiesOf = null;
  lab.on("result", function (r) {
    if (drag) tree.classList.remove("drag"); // a new drawing: a drag under way is over
    press = null;
    drag = null;
    families = null;
    familiesOf = r.tree;
    lab.call("families", { tree: r.tree }).then(function (fs) {
      if (fs.error || familiesOf !== r.tree) return;
      var m = new Map();
      fs.forEach(function (f) { f.children.forEach(function (c) { m.set(c, f); }); });
      families = m;
    });
  });

  // A drawn node's group by its name, and the centre of its shape on the
  // screen (a group's box may hold labels far from it).
  var groupOf = function (name) {
    var gs = tree.querySelectorAll("g.node");
    for (var i = 0; i < gs.length; i++) if ((gs[i].getAttribute("data-path") || "") === name) return gs[i];
    return null;
  };
  var shapeBox = function (g) {
    return (g.querySelector("polygon, rect, ellipse, path") || g).getBoundingClientRect();
  };

  var press = null, drag = null;
  // The press: a node with siblings, all of them drawn, in the Tree tab,
  // on the tree the drawing is of.
  tree.addEventListener("pointerdown", function (ev) {
    if (press || lab.tab() !== "tree" || ev.button > 0 || !families) return;
    var r = lab.result();
    if (!r || lab.busy() || lab.error() || r.tree !== familiesOf || lab.state().tree !== r.tree) return;
    var g = ev.target && ev.target.closest ? ev.target.closest("g.node") : null;
    if (!g || !tree.contains(g)) return;
    var name = g.getAttribute("data-path") || "";
    var f = families.get(name);
    if (!f || f.children.length < 2) return;
    var sibs = f.children.map(groupOf);
    if (sibs.indexOf(null) >= 0) return; // a summarised drawing: not every sibling drawn
    ev.preventDefault(); // the press is the drag's: zoom.js leaves the drawing where it is
    press = { id: ev.pointerId, x: ev.clientX, y: ev.clientY, g: g, name: name, family: f, sibs: sibs };
  }, true);

  // Where the node would go: 1 + how many of its siblings are drawn before
  // its centre as it is now, along the row.
  var placeAt = function (d, dx, dy) {
    var at = d.along === "x" ? d.centres[d.index - 1] + dx : d.centres[d.index - 1] + dy;
    var to = 1;
    d.centres.forEach(function (c, i) { if (i !== d.index - 1 && c < at) to++; });
    return to;
  };
  var begin = function () {
    var svg = document.getElementById("ps-svg");
    var lr = svg && svg.getAttribute("data-orientation") === "lr";
    var boxes = press.sibs.map(shapeBox);
    var ctm = svg.getScreenCTM();
    drag = {
      along: lr ? "y" : "x",
      index: press.family.children.indexOf(press.name) + 1,
      boxes: boxes,
      centres: boxes.map(function (b) { return lr ? b.top + b.height / 2 : b.left + b.width / 2; }),
      transform: press.g.getAttribute("transform") || "",
      next: press.g.nextSibling, // its place among the drawing's groups, kept
      k: ctm ? 1 / ctm.a : 1,
      to: 0
    };
    drag.to = drag.index;
    press.g.classList.add("lab-dragged");
    press.g.parentNode.appendChild(press.g); // drawn above its siblings
    tree.classList.add("drag");
    var bar = document.createElement("div");
    bar.id = "lab-drop";
    bar.hidden = true;
    tree.appendChild(bar);
    drag.bar = bar;
  };
  // The bar in the gap the node would go to: between the siblings that
  // would be on each side of it, or past the first or the last.
  var showBar = function () {
    var d = drag, bar = d.bar;
    if (d.to === d.index) { bar.hidden = true; return; }
    var others = [];
    d.boxes.forEach(function (b, i) { if (i !== d.index - 1) others.push(b); });
    others.sort(function (a, b) { return d.along === "x" ? a.left - b.left : a.top - b.top; });
    var before = others[d.to - 2], after = others[d.to - 1], one = before || after;
    var t = tree.getBoundingClientRect(), gap;
    if (d.along === "x") {
      gap = before && after ? (before.right + after.left) / 2 : before ? before.right + 6 : after.left - 6;
      bar.style.left = (gap - 2 - t.left) + "px";
      bar.style.top = (one.top - 6 - t.top) + "px";
      bar.style.width = "4px";
      bar.style.height = (one.height + 12) + "px";
    } else {
      gap = before && after ? (before.bottom + after.top) / 2 : before ? before.bottom + 6 : after.top - 6;
      bar.style.top = (gap - 2 - t.top) + "px";
      bar.style.left = (one.left - 6 - t.left) + "px";
      bar.style.height = "4px";
      bar.style.width = (one.width + 12) + "px";
    }
    bar.hidden = false;
  };
  // The end of a press: the node back in its place (the new drawing comes
  // with the search of the moved tree).
  var end = function () {
    if (drag) {
      press.g.classList.remove("lab-dragged");
      press.g.setAttribute("transform", drag.transform);
      if (press.g.parentNode) press.g.parentNode.insertBefore(press.g, drag.next);
      if (drag.bar.parentNode) drag.bar.parentNode.removeChild(drag.bar);
      tree.classList.remove("drag");
    }
    press = null;
    drag = null;
  };

  window.addEventListener("pointermove", function (ev) {
    if (!press || ev.pointerId !== press.id) return;
    var dx = ev.clientX - press.x, dy = ev.clientY - press.y;
    if (!drag) {
      if (Math.abs(dx) <= slop && Math.abs(dy) <= slop) return;
      begin();
    }
    // The node follows the pointer (its group is placed by a translate,
    // in the drawing's units).
    var m = /translate\(\s*([-\d.e]+)[\s,]+([-\d.e]+)\s*\)/.exec(drag.transform);
    if (m) press.g.setAttribute("transform", "translate(" + (+m[1] + dx * drag.k) + " " + (+m[2] + dy * drag.k) + ")");
    drag.to = placeAt(drag, dx, dy);
    showBar();
  });
  window.addEventListener("pointerup", function (ev) {
    if (!press || ev.pointerId !== press.id) return;
    var name = press.name, d = drag;
    if (d) d.to = placeAt(d, ev.clientX - press.x, ev.clientY - press.y); // where it is let go
    end();
    if (d && d.to !== d.index && lab.moveNode) lab.moveNode(name, d.to);
  });
  window.addEventListener("pointercancel", function (ev) {
    if (press && ev.pointerId === press.id) end();
  });
  document.addEventListener("keydown", function (ev) {
    if (ev.key !== "Escape" || !press) return;
    end();
    ev.preventDefault();
    ev.stopPropagation();
  }, true);
  // Another tab: the drag is over.
  lab.on("tab", function () { if (press) end(); });
})();
