/* Ludi page boot: everything that must work before Python is up.
 *
 * 1. Language: picks en/ja (URL fragment `lang=`, else localStorage `ludi.lang`, else the
 *    browser language) and applies assets/i18n/<lang>/page.json to every element carrying
 *    data-i18n="key" (text) or data-i18n-attr="attr:key[;attr:key]" (attributes).
 *    The #lang-select also works before Python is ready. API for the Python UI:
 *    window.ludiPage.lang, window.ludiPage.setLanguage(lang) -> Promise,
 *    window.ludiPage.apply(catalogue, root?); a "ludi:lang" event (detail.lang) fires on window
 *    after each change.
 * 2. Load progress: counts the bytes of the runtime downloads (sizes from precache.js) and shows
 *    "downloading", "starting Python", "ready" in #load-bar / #load-status. On a first visit
 *    the snapshot worker fetches the runtime before the page does: assets/js/interpreter.mjs
 *    passes on what it reports, window.ludiPage.countDownload(url, bytes); a file counts once,
 *    the larger of the page's and the worker's counts.
 *    One number drives both the bar and the percent in the text (the download counts for the
 *    first 80 of 100; starting Python 90; ready 100), so they never disagree.
 * 3. Ready: when Python sets <html data-ready="true">, the [data-new-game] buttons are enabled.
 *    Before that they only look unavailable (aria-disabled): a press on one, or on a "Learn to
 *    play" link, is answered at once in #load-queued (the action waits for the engine) and is
 *    carried out when Python is ready (the lesson's address is routed by Python at its start;
 *    the last New game pressed is pressed again for it).
 * 4. Offline: registers sw.js after PyScript's py:all-done and offers #update-prompt when a new
 *    version is waiting. Sets <html data-sw="active"> once a service worker controls the page.
 *
 * Loaded as a classic script in <head> (before PyScript) so it can watch the runtime downloads.
 */
(function () {
  "use strict";

  var root = document.documentElement;
  var LANGS = ["en", "ja"];
  var STORE_KEY = "ludi.lang";
  var catalogues = {};
  var state = { phase: "waiting", total: 0, page: {}, worker: {} };
  var page = (window.ludiPage = { lang: "en" });

  /* ---- Language ---------------------------------------------------------------------- */

  function fragmentLang() {
    var params = new URLSearchParams(location.hash.replace(/^#/, ""));
    var lang = params.get("lang");
    return LANGS.indexOf(lang) >= 0 ? lang : null;
  }

  function storedLang() {
    try {
      var lang = localStorage.getItem(STORE_KEY);
      return LANGS.indexOf(lang) >= 0 ? lang : null;
    } catch (e) {
      return null;
    }
  }

  function chooseLang() {
    var nav = (navigator.language || "").toLowerCase();
    return fragmentLang() || storedLang() || (nav.indexOf("ja") === 0 ? "ja" : "en");
  }

  function loadCatalogue(lang) {
    if (!catalogues[lang]) {
      catalogues[lang] = fetch("./assets/i18n/" + lang + "/page.json").then(function (r) {
        if (!r.ok) throw new Error("page.json " + lang + ": " + r.status);
        return r.json();
      });
    }
    return catalogues[lang];
  }

  function apply(catalogue, scope) {
    var base = scope || document;
    base.querySelectorAll("[data-i18n]").forEach(function (el) {
      var text = catalogue[el.getAttribute("data-i18n")];
      if (typeof text === "string") el.textContent = text;
    });
    base.querySelectorAll("[data-i18n-attr]").forEach(function (el) {
      el.getAttribute("data-i18n-attr").split(";").forEach(function (pair) {
        var cut = pair.indexOf(":");
        var text = catalogue[pair.slice(cut + 1).trim()];
        if (cut > 0 && typeof text === "string") el.setAttribute(pair.slice(0, cut).trim(), text);
      });
    });
  }

  function setLanguage(lang) {
    if (LANGS.indexOf(lang) < 0) lang = "en";
    page.lang = lang;
    root.setAttribute("lang", lang);
    var select = document.getElementById("lang-select");
    if (select) select.value = lang;
    return loadCatalogue(lang).then(function (catalogue) {
      page.catalogue = catalogue;
      apply(catalogue);
      renderProgress();
      window.dispatchEvent(new CustomEvent("ludi:lang", { detail: { lang: lang } }));
      return lang;
    });
  }

  page.setLanguage = setLanguage;
  page.apply = apply;
  page.lang = chooseLang();
  root.setAttribute("lang", page.lang);

  function t(key, args) {
    var text = (page.catalogue && page.catalogue[key]) || key;
    return text.replace(/\{(\w+)\}/g, function (m, name) {
      return args && name in args ? args[name] : m;
    });
  }

  /* ---- Load progress ------------------------------------------------------------------- */

  var manifest = window.LUDI_PRECACHE || { files: [] };
  var expected = {};
  manifest.files.forEach(function (entry) {
    var path = entry[0];
    if (path.indexOf("vendor/pyodide/") >= 0 && !/\.mjs$/.test(path)) {
      expected[path.replace(/^\.\//, "")] = entry[1];
      state.total += entry[1];
    }
  });

  function runtimePath(url) {
    try {
      var path = new URL(url, location.href).pathname;
    } catch (e) {
      return null;
    }
    var at = path.indexOf("vendor/pyodide/");
    if (at < 0) return null;
    var rel = path.slice(at);
    return rel in expected ? rel : null;
  }

  /* Megabytes with one decimal. Both of the page's languages write "12.3" (a point, and no
   * grouping below a thousand), so no Intl.NumberFormat: the first one a page makes loads the
   * locale's number data, a main-thread task of about 50 ms on a first visit's busy start. */
  function megabytes(n) {
    return (n / 1e6).toFixed(1);
  }

  function renderProgress() {
    var bar = document.getElementById("load-bar");
    var status = document.getElementById("load-status");
    if (!bar || !status || !page.catalogue) return;
    var value = 0;
    var text;
    if (state.phase === "download") {
      var done = doneBytes();
      var fraction = state.total ? Math.min(1, done / state.total) : 0;
      value = Math.round(fraction * 80);
      text = t("load.download", {
        done: megabytes(done),
        total: megabytes(state.total),
        percent: value,
      });
    } else if (state.phase === "python") {
      value = 90;
      text = t("load.python");
    } else if (state.phase === "ready") {
      value = 100;
      text = t("load.ready");
    } else {
      text = t("load.waiting");
    }
    bar.value = value;
    status.textContent = text;
    status.removeAttribute("data-i18n");
    var queued = document.getElementById("load-queued");
    if (queued) {
      queued.hidden = !state.queued;
      queued.textContent = state.queued ? t("load.queued." + state.queued.kind) : "";
    }
  }

  function setPhase(phase) {
    var order = ["waiting", "download", "python", "ready"];
    if (order.indexOf(phase) > order.indexOf(state.phase)) {
      state.phase = phase;
      renderProgress();
    }
  }

  /* Bytes arrived so far: per file, the larger of the page's and the worker's counts. */
  function doneBytes() {
    var done = 0;
    Object.keys(expected).forEach(function (rel) {
      done += Math.max(state.page[rel] || 0, state.worker[rel] || 0);
    });
    return done;
  }

  function countBytes(rel, bytes, by) {
    state[by][rel] = (state[by][rel] || 0) + bytes;
    if (state.phase === "waiting") setPhase("download");
    else renderProgress();
    if (state.total && doneBytes() >= state.total) setPhase("python");
  }

  page.countDownload = function (url, bytes) {
    var rel = runtimePath(url);
    if (rel) countBytes(rel, bytes, "worker");
  };

  // Watch the runtime downloads by passing their bodies through a counting stream. The Response
  // keeps status and headers (application/wasm), so streaming compilation still works.
  var nativeFetch = window.fetch;
  if (nativeFetch && window.ReadableStream && window.TransformStream) {
    window.fetch = function (input, init) {
      var url = typeof input === "string" ? input : input && input.url;
      var rel = url ? runtimePath(url) : null;
      var pending = nativeFetch.apply(this, arguments);
      if (!rel) return pending;
      return pending.then(function (response) {
        if (!response.ok || !response.body) return response;
        var counter = new TransformStream({
          transform: function (chunk, controller) {
            countBytes(rel, chunk.byteLength, "page");
            controller.enqueue(chunk);
          },
        });
        return new Response(response.body.pipeThrough(counter), {
          status: response.status,
          statusText: response.statusText,
          headers: response.headers,
        });
      });
    };
  }

  /* ---- Ready ------------------------------------------------------------------------------ */

  function onReady() {
    setPhase("ready");
    document.querySelectorAll("[data-new-game]").forEach(function (button) {
      button.disabled = false;
      button.removeAttribute("aria-disabled");
    });
    var queued = state.queued;
    state.queued = null;
    if (queued && queued.button && queued.button.isConnected) queued.button.click();
  }

  /* A press before Python is ready: said at once, done when ready. */
  function onEarlyClick(event) {
    if (root.getAttribute("data-ready") === "true" || !event.target.closest) return;
    var target = event.target.closest("[data-new-game], [data-learn]");
    if (!target) return;
    if (target.hasAttribute("data-new-game")) {
      event.preventDefault();
      state.queued = { kind: "new", button: target };
    } else {
      state.queued = { kind: "learn" };  // the link changes the address: Python routes it
    }
    renderProgress();
  }

  new MutationObserver(function () {
    if (root.getAttribute("data-ready") === "true") onReady();
  }).observe(root, { attributes: true, attributeFilter: ["data-ready"] });

  /* ---- Service worker and update prompt --------------------------------------------------- */

  function showUpdatePrompt(worker) {
    var prompt = document.getElementById("update-prompt");
    var button = document.getElementById("update-reload");
    var later = document.getElementById("update-later");
    if (!prompt || !button) return;
    prompt.hidden = false;
    if (later) later.onclick = function () { prompt.hidden = true; };  /* the next visit has it */
    button.onclick = function () {
      page.updateAccepted = true;
      if (worker) worker.postMessage({ type: "skip-waiting" });
      else location.reload();
    };
  }

  function registerServiceWorker() {
    if (!("serviceWorker" in navigator)) return;
    var sw = navigator.serviceWorker;
    var hadController = !!sw.controller;
    if (hadController) root.setAttribute("data-sw", "active");
    sw.addEventListener("controllerchange", function () {
      root.setAttribute("data-sw", "active");
      if (page.updateAccepted) location.reload();
      else if (hadController) showUpdatePrompt(null);
    });
    sw.register("./sw.js", { updateViaCache: "none" }).then(function (registration) {
      page.registration = registration;
      function offer(worker) {
        if (worker && sw.controller) showUpdatePrompt(worker);
      }
      offer(registration.waiting);
      registration.addEventListener("updatefound", function () {
        var worker = registration.installing;
        if (!worker) return;
        worker.addEventListener("statechange", function () {
          if (worker.state === "installed") offer(worker);
        });
      });
    }).catch(function (error) {
      console.warn("Ludi: offline support unavailable:", error);
    });
  }

  window.addEventListener("py:all-done", registerServiceWorker, { once: true });

  /* ---- Start ------------------------------------------------------------------------------ */

  document.addEventListener("click", onEarlyClick);

  document.addEventListener("DOMContentLoaded", function () {
    var select = document.getElementById("lang-select");
    if (select) {
      select.value = page.lang;
      select.addEventListener("change", function () {
        try {
          localStorage.setItem(STORE_KEY, select.value);
        } catch (e) { /* private mode: the choice lasts for this page only */ }
        setLanguage(select.value);
      });
    }
    if (root.getAttribute("data-ready") === "true") onReady();
    setLanguage(page.lang).catch(function (error) {
      console.warn("Ludi: could not load page texts:", error);
    });
  });

  // PyScript signals: the interpreter is up (py:ready) -> Python is starting our code.
  window.addEventListener("py:ready", function () { setPhase("python"); });
})();
