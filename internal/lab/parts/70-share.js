// The share tab: the link to this moment (the address holds the tree, the
// settings and the step), the commands that make the same search and the
// same lab, and files to save: the tree as text or JSON, the picture of
// this step as SVG.
(function () {
  "use strict";
  var lab = window.psLab;
  var box = lab.panel("share", window.psI18n.t("lab.tab.share"), "lab.tab.share");
  var el = function (tag, attrs, text) { return lab.el(tag, attrs, text === undefined ? [] : [text]); };
  var L = window.psI18n; // the page's words (i18n.js)
  // title and hint: [words, their message] (the language switch writes
  // them again).
  var field = function (id, title, hint) {
    box.appendChild(el("h3", { "data-t": title[1] }, title[0]));
    var t = el("textarea", { id: id, readonly: "", rows: "3", spellcheck: "false" });
    box.appendChild(t);
    var copy = el("button", { type: "button", id: id + "-copy", "data-t": "lab.share.copy" }, L.t("lab.share.copy"));
    copy.addEventListener("click", function () {
      t.select();
      var done = function () { copy.textContent = L.t("lab.share.copied"); setTimeout(function () { copy.textContent = L.t("lab.share.copy"); }, 1500); };
      if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(t.value).then(done, function () { document.execCommand("copy"); done(); });
      else { document.execCommand("copy"); done(); }
    });
    box.appendChild(copy);
    if (hint) box.appendChild(el("p", { class: "hint", "data-t": hint[1] }, hint[0]));
    return t;
  };
  var link = field("share-link", [L.t("lab.share.link"), "lab.share.link"], [L.t("lab.share.link.hint"), "lab.share.link.hint"]);
  var search = field("share-search", [L.t("lab.share.search"), "lab.share.search"]);
  var again = field("share-lab", [L.t("lab.share.lab"), "lab.share.lab"]);
  box.appendChild(el("h3", { "data-t": "lab.share.save" }, L.t("lab.share.save")));
  var row = el("div", { class: "row" });
  box.appendChild(row);
  var save = function (name, type, text) {
    var a = el("a", { download: name, href: URL.createObjectURL(new Blob([text], { type: type })) });
    document.body.appendChild(a);
    a.click();
    setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  };
  var exp = null;
  var button = function (id, label, f) {
    var b = el("button", { type: "button", id: id, "data-t": label[1] }, label[0]);
    b.addEventListener("click", f);
    row.appendChild(b);
  };
  button("share-text", [L.t("lab.share.text"), "lab.share.text"], function () { if (exp) save("tree.txt", "text/plain", exp.indented); });
  button("share-json", [L.t("lab.share.json"), "lab.share.json"], function () { if (exp) save("tree.json", "application/json", exp.json); });
  button("share-svg", [L.t("lab.share.svg"), "lab.share.svg"], function () { save("step-" + lab.state().step + ".svg", "image/svg+xml", window.psLab.svg()); });

  // The picture of this step as a file of its own: the drawing as shown
  // (what the player wrote into it), without what is hidden, with the
  // page's style inside it.
  window.psLab.svg = function () {
    var svg = document.getElementById("ps-svg").cloneNode(true);
    svg.querySelectorAll(".ps-hidden, .ps-later").forEach(function (e) { e.remove(); });
    var css = "";
    for (var i = 0; i < document.styleSheets.length; i++) {
      try {
        Array.prototype.forEach.call(document.styleSheets[i].cssRules, function (r) {
          if (r.cssText.indexOf("@font-face") === 0) return; // the page's font stays in the page
          if (/#ps-svg|:root|--ps-/.test(r.cssText)) css += r.cssText + "\n";
        });
      } catch (e) { /* a sheet the page cannot read */ }
    }
    var style = document.createElementNS("http://www.w3.org/2000/svg", "style");
    style.textContent = css.replace(/#ps-svg/g, "svg") + "svg text { font-family: \"Go\", \"prunescope Go\", sans-serif; }";
    svg.insertBefore(style, svg.firstChild);
    svg.setAttribute("xmlns", "http://www.w3.org/2000/svg");
    // The whole tree, in the layout shown, at its own size.
    var whole = svg.getAttribute("data-" + (svg.getAttribute("data-orientation") || "td"));
    if (whole) {
      var v = whole.split(/[\s,]+/).map(Number);
      svg.setAttribute("viewBox", whole);
      svg.setAttribute("width", Math.round(v[2]));
      svg.setAttribute("height", Math.round(v[3]));
    }
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(svg);
  };

  var refresh = function () {
    link.value = location.href;
    var st = lab.state();
    lab.call("export", { tree: st.tree, args: st.args }).then(function (e) {
      if (e.error) return;
      exp = e;
      search.value = e.search;
      again.value = e.lab + (st.step > 0 ? " --step " + st.step : "");
    });
  };
  // The exports are asked of the engine when the tab is shown (and at each
  // new search while it is).
  var stale = true;
  lab.on("result", function () {
    stale = true;
    if (lab.tab() === "share") { stale = false; refresh(); }
  });
  lab.on("tab", function (id) {
    if (id === "share" && stale && lab.result()) { stale = false; refresh(); }
  });
  lab.on("address", function (href) { link.value = href; });
  lab.on("step", function () {
    if (exp) again.value = exp.lab + (lab.state().step > 0 ? " --step " + lab.state().step : "");
  });
})();
