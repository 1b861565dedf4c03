/* The interpreter module named by pyscript.toml: the runtime's own loadPyodide, started from a
 * memory snapshot when this browser keeps one for this runtime and this version of the app.
 *
 * A snapshot is the interpreter's whole memory just after Python started and imported our
 * engine/ and ui/ modules (ui/snapshot.py). Starting from one skips the interpreter's start-up
 * and every import: a returning visitor's page is ready in about half the time of a bare
 * PyScript page (README, "Boot benchmark").
 *
 * - Where: Cache Storage "ludi-snapshot-<app version>" (the content hash of every precached
 *   file, from precache.js), entry "snapshot-<runtime version>.bin", with the bytes' SHA-256 in
 *   the header x-ludi-sha256.
 * - When made: after a normal boot, once the page is ready and idle, by a worker
 *   (snapshot-worker.mjs) that boots a second interpreter with the runtime's _makeSnapshot
 *   option, so the page's own interpreter (which holds the page's JavaScript objects) is never
 *   the one saved. One tab at a time (a Web Lock named after the cache). Saving one deletes
 *   the snapshots of other app versions; the service worker deletes them too when a new
 *   version activates (sw.js).
 * - Fallback: a missing, unreadable, stale (another runtime build) or damaged (wrong digest)
 *   snapshot, or any failure while starting from it, is dropped with a console warning and the
 *   page boots normally, then saves a new one.
 * - A failed save is not tried again for the same version (localStorage "ludi.snapshot-failed").
 * - Markers: <html data-boot="snapshot|normal"> once the interpreter is up;
 *   <html data-snapshot="saved|failed"> when this page tried to save one.
 * - Off switch (benchmarks, tests): window.LUDI_SNAPSHOT = false before this module runs, or
 *   localStorage "ludi.snapshot" = "off": never read nor made.
 *
 * index.html loads this module early (before PyScript asks for it), so reading and checking
 * the snapshot overlaps with PyScript's own start; PyScript then imports the same instance.
 * The runtime marks _makeSnapshot/_loadSnapshot experimental; every failure mode above ends in
 * a normal boot.
 */
import { loadPyodide as loadRuntime, version } from "../../vendor/pyodide/pyodide.mjs";
import { sha256 } from "./sha256.mjs";

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
/** The snapshot being read (a promise of its bytes or null), dropped once used: 31 MB the page
 * should not keep. */
let stored = enabled ? readSnapshot() : null;
/** localStorage: the cache name of a version whose snapshot could not be saved here (e.g. no
 * storage quota), so later visits of that version do not start a second interpreter again. */
const FAILED_KEY = "ludi.snapshot-failed";

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
  const config = { ...options, indexURL: INDEX_URL };
  let snapshot = stored && (await stored);
  stored = null;
  if (snapshot) {
    // The runtime keeps its options for the page's lifetime: hand it the bytes through a
    // thenable that lets go of them, so the 31 MB are freed once copied into the memory.
    const once = { then(resolve) { resolve(snapshot); snapshot = null; } };
    try {
      const pyodide = await loadRuntime({ ...config, _loadSnapshot: once });
      // The snapshot froze the random generator's state: give each start its own.
      pyodide.runPython("import random\nrandom.seed()");
      root.dataset.boot = "snapshot";
      return pyodide;
    } catch (error) {
      await drop(error);
    }
  }
  const pyodide = await loadRuntime(config);
  root.dataset.boot = "normal";
  if (enabled) whenReadyAndIdle(saveSnapshot);
  return pyodide;
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
  let ok = false;
  let reason = null;
  try {
    if (remembered() === cacheName || await caches.match(KEY, { cacheName })) return;
    const answer = await runWorker();
    ok = answer.ok;
    reason = answer.error;
    if (ok) await forgetOthers();
  } catch (error) {
    ok = false;
    reason = error;
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

function runWorker() {
  return new Promise((resolve) => {
    const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" });
    const finish = (answer) => {
      worker.terminate();
      resolve(answer);
    };
    worker.onmessage = (event) => finish(event.data);
    worker.onerror = (event) => finish({ ok: false, error: event.message || "worker error" });
    worker.postMessage({ indexURL: INDEX_URL, bundle: BUNDLE_URL, key: KEY, cacheName });
  });
}

async function forgetOthers() {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== cacheName)
    .map((name) => caches.delete(name)));
}
