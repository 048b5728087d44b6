// The gestures on a drawing, one code for every page that shows a tree
// (the projector page's player, the neighbourhood of a summarised search,
// the lab's exercise): the wheel zooms about the pointer, a drag moves the
// drawing with the pointer, a double click fits it whole.
//
// psZoom(svg, opt) sets them up on svg. The whole drawing is svg's viewBox
// when psZoom is called and again after each "ps-layout" event on svg
// (layout.js turned the tree), or what setWhole gives; without a viewBox
// the gestures wait for one. opt, all optional:
//   box        the element that takes the gestures (default: svg's parent)
//   signal     an AbortSignal that removes the listeners
//   onGesture(kind, whole)  told of each gesture the reader makes: "wheel",
//              "press" (a press that will move the drawing), "drag" (its
//              first move of more than 2 px), "fit" (a double click; whole:
//              whether the whole drawing was shown already)
// A press another script has taken (its pointerdown's default prevented:
// the lab's Tree tab dragging a node among its siblings) does not move the
// drawing.
//
// It returns:
//   fit()      shows the whole drawing; says whether it was shown already
//   view()     the viewBox shown, [x, y, width, height] (null: none yet)
//   whole()    the whole drawing's viewBox
//   show(vb)   shows the viewBox vb
//   setWhole(vb)  makes vb the whole drawing (a drawing made anew)
window.psZoom = function (svg, opt) {
  "use strict";
  opt = opt || {};
  var box = opt.box || svg.parentNode;
  var on = function (type, f, o) {
    o = o || {};
    if (opt.signal) o.signal = opt.signal;
    box.addEventListener(type, f, o);
  };
  var told = function (kind, whole) { if (opt.onGesture) opt.onGesture(kind, whole); };
  var read = function () {
    var v = svg.getAttribute("viewBox");
    return v ? v.split(/[\s,]+/).map(Number) : null;
  };
  var vb0 = read(), vb = vb0 && vb0.slice();
  var set = function () { svg.setAttribute("viewBox", vb.join(" ")); };
  svg.addEventListener("ps-layout", function () { vb0 = read(); vb = vb0 && vb0.slice(); }, opt.signal ? { signal: opt.signal } : {});
  // Drawing units a screen pixel (the drawing is fitted, aspect kept).
  var scale = function () {
    var r = svg.getBoundingClientRect();
    return Math.max(vb[2] / Math.max(r.width, 1), vb[3] / Math.max(r.height, 1));
  };

  on("wheel", function (ev) {
    ev.preventDefault();
    if (!vb) return;
    var r = svg.getBoundingClientRect(), k = scale();
    var cx = vb[0] + vb[2] / 2 + (ev.clientX - r.left - r.width / 2) * k;
    var cy = vb[1] + vb[3] / 2 + (ev.clientY - r.top - r.height / 2) * k;
    var z = ev.deltaY < 0 ? 0.85 : 1 / 0.85;
    vb = [cx - (cx - vb[0]) * z, cy - (cy - vb[1]) * z, vb[2] * z, vb[3] * z];
    set();
    told("wheel");
  }, { passive: false });

  var drag = null;
  on("pointerdown", function (ev) {
    if (ev.defaultPrevented || ev.button > 0 || !vb) return;
    drag = { id: ev.pointerId, x: ev.clientX, y: ev.clientY, vb: vb.slice(), k: scale(), moved: false };
    box.classList.add("drag");
    if (box.setPointerCapture) box.setPointerCapture(ev.pointerId);
    told("press");
  });
  on("pointermove", function (ev) {
    if (!drag || ev.pointerId !== drag.id) return;
    if (!drag.moved && Math.abs(ev.clientX - drag.x) + Math.abs(ev.clientY - drag.y) > 2) {
      drag.moved = true;
      told("drag");
    }
    vb[0] = drag.vb[0] - (ev.clientX - drag.x) * drag.k;
    vb[1] = drag.vb[1] - (ev.clientY - drag.y) * drag.k;
    set();
  });
  var stop = function () { drag = null; box.classList.remove("drag"); };
  on("pointerup", stop);
  on("pointercancel", stop);

  var fit = function () {
    if (!vb0) return true;
    var was = !!vb && vb.join(" ") === vb0.join(" ");
    vb = vb0.slice();
    set();
    return was;
  };
  on("dblclick", function () { told("fit", fit()); });

  return {
    fit: fit,
    view: function () { return vb && vb.slice(); },
    whole: function () { return vb0 && vb0.slice(); },
    show: function (v) { vb = v.slice(); set(); },
    setWhole: function (v) { vb0 = v.slice(); }
  };
};
