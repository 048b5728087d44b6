// The page's words in its three languages (English, Russian, Czech), and
// the switch between them, with no reload and no network: the catalogs
// are in the page (<script id="ps-i18n">: { lang, msgs: { en: { id:
// { one, few, many, other } }, ru: …, cs: … } }, the messages of the page
// and the lab, built by trace/page from internal/i18n's catalogs), the
// plural form chosen by the browser's Intl.PluralRules (CLDR's rules, as
// the command line's go-i18n). window.psI18n:
//   lang()       the language shown
//   t(id, args)  message id, its {{.Name}}s filled from args
//   tn(id, n, args) message id in the form n takes ({{.Count}} is n)
//   set(lang)    show the page in lang: every element with data-t (its
//                content), data-tt (its title) or data-ta (its aria-label)
//                is written again, and then each listener (on) is called
//   on(f, signal) f(lang) at every switch (until signal aborts)
//   apply(root)  write root's data-t, data-tt and data-ta elements
//   hashLang()   the language the address asks for (#…lang=ru), or ""
//   relabel(text, prefix) a text written in the page's language, in the
//                one shown (a node's live label: step.live.*)
//   num(v)       a value as the data writes it ("3.5", "−∞", "#3") as the
//                language shown writes it: "3,5" in Russian and Czech
//   span(open, a, b, close) a window "(a, b)" or a range "[a, b]" of such
//                values so: "(0,5; 1,25)" when an edge has a decimal comma
//   redo(root)   write root's values (.ps-num: a never-searched leaf's,
//                written in the page's language; .ps-pnum: an edge's
//                outcome probability) in the language shown
// A node's name (1.2) is never a value: it keeps its points.
// The choice is kept in the address (lang=ru beside step=N), so that a link
// opens the page in it.
(function () {
  "use strict";
  var el = document.getElementById("ps-i18n");
  var C = el ? JSON.parse(el.textContent) : { lang: "en", msgs: { en: {} } };
  var lang = C.lang || "en";
  var built = lang;
  var listeners = [];
  var forms = function (l, id) {
    return (C.msgs[l] && C.msgs[l][id]) || (C.msgs.en && C.msgs.en[id]) || null;
  };
  var fill = function (s, args) {
    return s.replace(/\{\{\s*\.(\w+)\s*\}\}/g, function (m, k) {
      return args && args[k] !== undefined ? String(args[k]) : m;
    });
  };
  var t = function (id, args) {
    var f = forms(lang, id);
    return f ? fill(f.other, args) : id;
  };
  // Russian and Czech write a decimal comma; the data, the tree format and
  // the page's data attributes keep the point.
  var comma = { ru: true, cs: true };
  var num = function (v) {
    v = v === undefined || v === null ? "" : String(v);
    return comma[lang] ? v.replace(/(\d)\.(\d)/g, "$1,$2") : v;
  };
  var span = function (open, a, b, close) {
    var x = num(a), y = num(b);
    var sep = x !== String(a) || y !== String(b) ? "; " : ", ";
    return open + x + sep + y + close;
  };
  // renum(s): a text of values and words, no node names (a live label,
  // a never-searched leaf's value), written in any of the languages, with
  // its values as the language shown writes them: a decimal comma (3,5)
  // is never a list's, whose comma a space follows.
  var renum = function (s) { return num(s.replace(/(\d),(\d)/g, "$1.$2")); };
  var redo = function (root) {
    (root || document).querySelectorAll(".ps-num").forEach(function (e) { e.textContent = renum(e.textContent); });
    // An outcome's probability after its move's name (2.1 (0,5)).
    (root || document).querySelectorAll(".ps-pnum").forEach(function (e) {
      e.textContent = e.textContent.replace(/\((\d+)[.,](\d+)\)$/, function (m, a, b) { return "(" + num(a + "." + b) + ")"; });
    });
  };
  var rules = {};
  var tn = function (id, n, args) {
    var f = forms(lang, id);
    if (!f) return id;
    var r = rules[lang] || (rules[lang] = new Intl.PluralRules(lang));
    var a = { Count: n };
    for (var k in args || {}) a[k] = args[k];
    return fill(f[r.select(n)] || f.other, a);
  };
  var apply = function (root) {
    root = root || document;
    root.querySelectorAll("[data-t]").forEach(function (e) { e.innerHTML = t(e.getAttribute("data-t")); });
    root.querySelectorAll("[data-tt]").forEach(function (e) { e.title = t(e.getAttribute("data-tt")); });
    root.querySelectorAll("[data-ta]").forEach(function (e) { e.setAttribute("aria-label", t(e.getAttribute("data-ta"))); });
  };
  var hashLang = function () {
    var m = /(?:^#|&)lang=(en|ru|cs)\b/.exec(location.hash);
    return m ? m[1] : "";
  };
  var set = function (l) {
    if (!C.msgs[l] || l === lang) return;
    lang = l;
    document.documentElement.lang = l;
    apply(document);
    redo(document);
    var sel = document.getElementById("langs");
    if (sel) sel.value = l;
    listeners.forEach(function (f) { f(l); });
  };
  // relabel(text, prefix): a text the page was written with (in the
  // language it was built in) in the language shown, when it is one of the
  // messages whose ids start with prefix, its placeholders (values,
  // relations: no spaces) read back from it; any rest after the message
  // is kept (" · α 3"). A text no message matches is kept as it is. Its
  // values are written as the language shown writes a decimal (the texts
  // relabelled hold no node names).
  var pats = {};
  var relabel = function (text, prefix) {
    if (!text || lang === built) return text;
    var key = built + " " + prefix;
    if (!pats[key]) {
      pats[key] = Object.keys(C.msgs[built] || {}).filter(function (id) { return id.indexOf(prefix) === 0; })
        .map(function (id) {
          var src = C.msgs[built][id].other, names = [];
          var re = "^" + src.split(/(\{\{\s*\.\w+\s*\}\})/).map(function (part) {
            var m = /^\{\{\s*\.(\w+)\s*\}\}$/.exec(part);
            if (m) { names.push(m[1]); return "(\\S+)"; }
            return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
          }).join("");
          return { id: id, re: new RegExp(re), names: names, len: src.length };
        })
        .sort(function (a, b) { return b.len - a.len; }); // the longest first: the most particular
    }
    var ps = pats[key];
    for (var i = 0; i < ps.length; i++) {
      var m = ps[i].re.exec(text);
      if (!m) continue;
      var args = {};
      ps[i].names.forEach(function (n, k) { args[n] = renum(m[k + 1]); });
      var f = forms(lang, ps[i].id);
      return f ? fill(f.other, args) + renum(text.slice(m[0].length)) : text;
    }
    return text;
  };
  window.psI18n = {
    relabel: relabel,
    num: num, span: span, redo: redo,
    lang: function () { return lang; },
    built: function () { return built; },
    t: t, tn: tn, set: set, apply: apply, hashLang: hashLang,
    // on(f, signal): f(lang) at every switch, until signal aborts.
    on: function (f, signal) {
      listeners.push(f);
      if (signal) signal.addEventListener("abort", function () { listeners = listeners.filter(function (g) { return g !== f; }); });
    },
    // hash(h): the address's hash h (without the language) with the
    // language shown, when it is not the one the page was written in.
    hash: function (h) { return lang === built ? h : h + (h.length > 1 ? "&" : "") + "lang=" + lang; }
  };
  var wire = function () {
    var sel = document.getElementById("langs");
    if (sel) {
      sel.value = lang;
      sel.addEventListener("change", function () { set(sel.value); });
    }
    var h = hashLang();
    if (h) set(h);
    // A link followed in the page: its language, else the page's own.
    // (After the page's own listeners: the step first.)
    window.addEventListener("hashchange", function () {
      var l = hashLang() || built;
      setTimeout(function () { set(l); }, 0);
    });
  };
  wire(); // the script comes after the page's elements
})();
