/* The interpreter module named by pyscript.toml: the runtime's own loadPyodide, started from a
 * memory snapshot, so that the interpreter's own start never runs on the page's thread.
 *
 * A snapshot is the interpreter's whole memory just after Python started and imported our
 * modules (ui/snapshot.py). Starting from one skips the interpreter's start-up and the imports:
 * a task of about 0.1 s on the page's thread instead of one of 2-4 s (the page could not answer
 * a tap meanwhile), and a returning visitor's page is ready in about half the time of a bare
 * PyScript page (docs/performance.md).
 *
 * - A returning visit starts from the snapshot this browser keeps for this runtime and this
 *   version of the app: Cache Storage "ludi-snapshot-<app version>" (the content hash of every
 *   precached file, from precache.js), entry "snapshot-<runtime version>.bin", with the bytes'
 *   SHA-256 in the header x-ludi-sha256. It holds every module of engine/ and ui/ but the AI's.
 * - A first visit (no snapshot kept) starts a worker at once (snapshot-worker.mjs) that boots
 *   an interpreter with the runtime's _makeSnapshot option, imports what the page's entry point
 *   needs and hands the page that memory; the page starts from it while the worker goes on to
 *   import the rest and save the full snapshot for the next visits. The page's thread fetches
 *   and compiles the runtime meanwhile, in parallel.
 * - The page's own interpreter (which holds the page's JavaScript objects) is never the one
 *   saved. Saving deletes the snapshots of other app versions; the service worker deletes them
 *   too when a new version activates (sw.js).
 * - Fallback: a missing, unreadable, stale (another runtime build) or damaged (wrong digest)
 *   snapshot, a worker that fails, or any failure while starting from the snapshot, is dropped
 *   with a console warning and the page boots normally on its own thread, then (when ready and
 *   idle) saves a snapshot from a worker, one tab at a time (a Web Lock named after the cache).
 * - A failed save is not tried again for the same version (localStorage "ludi.snapshot-failed"):
 *   such a browser boots normally.
 * - Markers: <html data-boot="snapshot|worker|normal"> once the interpreter is up (a kept
 *   snapshot, a first visit's worker, the page's own thread); <html data-snapshot="saved|failed">
 *   when this page tried to save one.
 * - Timings: window.ludiWorkerTimes, on the page's clock (ms since navigation): when the worker
 *   began, booted the runtime, unpacked the bundle, made the first snapshot ("started") and
 *   the full one ("preloaded"); bench/boot.py reports them.
 * - Off switch (benchmarks, tests): window.LUDI_SNAPSHOT = false before this module runs, or
 *   localStorage "ludi.snapshot" = "off": never read nor made; the page boots normally.
 *
 * index.html loads this module early (before PyScript asks for it), so reading the snapshot or
 * starting the worker overlaps with PyScript's own start; PyScript then imports the same
 * instance. The runtime marks _makeSnapshot/_loadSnapshot experimental; every failure mode
 * above ends in a normal boot.
 */
import { loadPyodide as loadRuntime, version } from "../../vendor/pyodide/pyodide.mjs";
import { sha256 } from "./sha256.mjs";
import { unpackArchiveWith } from "./unzip.mjs";

export { version };

const INDEX_URL = new URL("../../vendor/pyodide/", import.meta.url).href;
const BUNDLE_URL = new URL("../../build/ludi-app.zip", import.meta.url).href;
const KEY = new URL(`../../snapshot-${version}.bin`, import.meta.url).href;
const PREFIX = "ludi-snapshot-";
const DIGEST_HEADER = "x-ludi-sha256";
/** How long after the page is ready the snapshot worker may start (then when the page idles). */
const IDLE_DELAY_MS = 2000;

const root = document.documentElement;
const appVersion = (self.LUDI_PRECACHE || {}).version;
const enabled = Boolean(appVersion) && switchedOn() && "caches" in self &&
  Boolean(self.crypto && crypto.subtle) && typeof Worker === "function";
const cacheName = PREFIX + appVersion;
/** localStorage: the cache name of a version whose snapshot could not be saved here (e.g. no
 * storage quota), so later visits of that version boot normally without a second interpreter. */
const FAILED_KEY = "ludi.snapshot-failed";
/** The snapshot being read (a promise of its bytes or null), dropped once used: 31 MB the page
 * should not keep. */
let stored = enabled ? readSnapshot() : null;
/** A first visit's worker (a promise of bootWorker()'s answer, or of null when a snapshot is
 * kept), started as soon as the read finds none. */
let fresh = offThread() ? stored.then((bytes) => (bytes ? null : bootWorker())) : null;

function switchedOn() {
  if (self.LUDI_SNAPSHOT === false) return false;
  try {
    return localStorage.getItem("ludi.snapshot") !== "off";
  } catch (e) {
    return true;
  }
}

async function drop(reason) {
  console.warn("Ludi: starting without the memory snapshot:", reason);
  try {
    await caches.delete(cacheName);
  } catch (e) { /* nothing more to do: the next save replaces it */ }
}

async function readSnapshot() {
  try {
    const hit = await caches.match(KEY, { cacheName });
    if (!hit) return null;
    const bytes = new Uint8Array(await hit.arrayBuffer());
    if (await sha256(bytes) !== hit.headers.get(DIGEST_HEADER)) {
      await drop("the snapshot is damaged (its digest does not match)");
      return null;
    }
    return bytes;
  } catch (error) {
    await drop(error);
    return null;
  }
}

export async function loadPyodide(options = {}) {
  return ownUnpack(await startInterpreter(options));
}

/** The page's interpreter, ready for PyScript's [files]: the app bundle's unpacking (the
 * runtime's ``unpackArchive``, which PyScript calls) done in JavaScript (unzip.mjs), a few
 * milliseconds instead of a task of about 60 ms in Python. */
function ownUnpack(pyodide) {
  pyodide.unpackArchive = unpackArchiveWith(pyodide.FS, pyodide.unpackArchive.bind(pyodide));
  return pyodide;
}

async function startInterpreter(options) {
  const config = { ...options, indexURL: INDEX_URL };
  const snapshot = stored && (await stored);
  stored = null;
  if (snapshot) {
    const pyodide = await startFrom(config, Promise.resolve(snapshot), "snapshot");
    if (pyodide) return pyodide;
  }
  let worker = fresh && (await fresh);
  fresh = null;
  if (!worker && snapshot && offThread()) worker = bootWorker(); // the kept one was stale
  if (worker) {
    const pyodide = await startFrom(config, worker.snapshot, "worker");
    if (pyodide) return pyodide;
  }
  const pyodide = await loadRuntime(config);
  root.dataset.boot = "normal";
  // A worker that made a snapshot the page could not start from still saves its full one.
  if (enabled && !worker) whenReadyAndIdle(saveSnapshot);
  return pyodide;
}

/** Start the page's interpreter from the snapshot ``bytes`` will give (``how``: "snapshot" for
 * a kept one, "worker" for a first visit's); null, with a console warning, if that fails (a
 * kept snapshot is then deleted). */
async function startFrom(config, bytes, how) {
  try {
    // The runtime keeps its options for the page's lifetime: hand it the bytes through a
    // thenable that lets go of them, so they are freed once copied into the memory.
    const pyodide = await loadRuntime({
      ...config, _loadSnapshot: once(bytes), fsInit: yieldFirst(config.fsInit),
    });
    // The snapshot froze the random generator's state: give each start its own.
    pyodide.runPython("import random\nrandom.seed()");
    root.dataset.boot = how;
    return pyodide;
  } catch (error) {
    if (how === "snapshot") await drop(error);
    else console.warn("Ludi: starting on the page's thread after all:", error);
    return null;
  }
}

/** A first visit's page starts from a worker's snapshot, unless this snapshot feature is off or
 * this browser could not save one for this version (it then boots as before: a normal start). */
function offThread() {
  return enabled && remembered() !== cacheName;
}

/** The runtime's file-system hook (``fsInit``), run while the runtime sets itself up, with a
 * pause first: the runtime's start from a snapshot is then two tasks on the page's thread (the
 * wasm instance's linking, then the restore), not one of about 0.2 s. */
function yieldFirst(hook) {
  return async (fs, info) => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (hook) await hook(fs, info);
  };
}

/** A thenable of ``promise``'s value that keeps no reference to it once asked. */
function once(promise) {
  return {
    then(resolve, reject) {
      const held = promise;
      promise = null;
      held.then(resolve, reject);
    },
  };
}

/** A first visit: start the worker that boots an interpreter for this page. Returns
 * {snapshot}: a promise of the first snapshot's bytes (rejected if the worker fails first).
 * Once the page is ready and idle, the worker imports the rest and saves the full snapshot;
 * then (or when it fails) the page's markers follow. */
function bootWorker() {
  let handOver = null;
  const snapshot = new Promise((resolve, reject) => { handOver = { resolve, reject }; });
  snapshot.catch(() => {}); // a failure may come before the page asks: loadPyodide handles it
  const onSnapshot = (answer, worker) => {
    handOver.resolve(answer.snapshot);
    whenReadyAndIdle(() => worker.postMessage({ save: true }));
  };
  runWorker(true, onSnapshot).then((answer) => {
    if (!answer.ok) handOver.reject(new Error(answer.error));
    return settleSave(answer);
  });
  return { snapshot };
}

function whenReadyAndIdle(task) {
  const later = () => setTimeout(() => {
    if (self.requestIdleCallback) requestIdleCallback(task, { timeout: 10000 });
    else task();
  }, IDLE_DELAY_MS);
  if (root.dataset.ready === "true") return later();
  const observer = new MutationObserver(() => {
    if (root.dataset.ready !== "true") return;
    observer.disconnect();
    later();
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
}

/** Save a snapshot from a worker, unless another tab of this site is saving one (a Web Lock)
 * or has saved one meanwhile. */
function saveSnapshot() {
  const locks = navigator.locks;
  if (!locks) return saveOnce();
  return locks.request(cacheName, { ifAvailable: true }, (lock) => (lock ? saveOnce() : null));
}

async function saveOnce() {
  try {
    if (remembered() === cacheName || await caches.match(KEY, { cacheName })) return;
  } catch (error) {
    await settleSave({ ok: false, error });
    return;
  }
  await settleSave(await runWorker(false));
}

/** After a worker's save: the page's marker; the other versions' snapshots deleted, or this
 * version remembered as one that cannot be saved here. */
async function settleSave(answer) {
  let ok = answer.ok;
  let reason = answer.error;
  if (ok) {
    try {
      await forgetOthers();
    } catch (error) {
      ok = false;
      reason = error;
    }
  }
  root.dataset.snapshot = ok ? "saved" : "failed";
  if (!ok) {
    console.warn("Ludi: could not save a memory snapshot:", reason);
    remember(cacheName);
  }
}

function remembered() {
  try {
    return localStorage.getItem(FAILED_KEY);
  } catch (e) {
    return null;
  }
}

function remember(name) {
  try {
    localStorage.setItem(FAILED_KEY, name);
  } catch (e) { /* then it is tried again next time */ }
}

/** Run snapshot-worker.mjs (``boot``: for a first visit's page, see bootWorker); resolves with
 * its last answer ({ok, error}); ``onSnapshot`` gets the boot snapshot's answer first. */
function runWorker(boot, onSnapshot = null) {
  return new Promise((resolve) => {
    const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" });
    const finish = (answer) => {
      worker.terminate();
      resolve(answer);
    };
    worker.onmessage = (event) => {
      const answer = event.data;
      if (answer.download) { // a chunk of the worker's downloads: the page's load progress
        const progress = self.ludiPage && self.ludiPage.countDownload;
        if (progress) progress(...answer.download);
        return;
      }
      self.ludiWorkerTimes = Object.fromEntries(Object.entries(answer.times || {})
        .map(([name, at]) => [name, Math.round(at - performance.timeOrigin)]));
      if (answer.snapshot) onSnapshot(answer, worker);
      else finish(answer);
    };
    worker.onerror = (event) => finish({ ok: false, error: event.message || "worker error" });
    worker.postMessage({ indexURL: INDEX_URL, bundle: BUNDLE_URL, key: KEY, cacheName, boot });
  });
}

async function forgetOthers() {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== cacheName)
    .map((name) => caches.delete(name)));
}
