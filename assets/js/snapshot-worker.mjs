/* Makes the memory snapshots that assets/js/interpreter.mjs starts from (see there).
 *
 * Message in: {indexURL, bundle, key, cacheName, boot}. Boots the runtime with _makeSnapshot
 * and unpacks the app bundle (in JavaScript: unzip.mjs). With `boot` (a first visit: the page
 * starts from this worker's work, not on its own thread), it then imports what the page's
 * start needs (ui/snapshot.py's START), answers {snapshot: bytes} at once, the bytes
 * transferred, and waits for a second message, {save: true}. Either way it then runs
 * preload() (every module of engine/ and ui/ that touches no JavaScript object), saves that
 * memory into Cache Storage under `key` with its SHA-256 for the next visits, and answers
 * {ok: true} or {ok: false, error}. `times` in each answer: when (ms since 1970,
 * performance.timeOrigin + now) the worker began, booted the runtime, unpacked the bundle, made
 * the first visit's snapshot (started) and the full one (preloaded).
 * With `boot`, it also reports its downloads as they arrive, {download: [url, bytes]} (the
 * page's load progress: on a first visit this worker fetches the runtime before the page).
 */
import { loadPyodide } from "../../vendor/pyodide/pyodide.mjs";
import { sha256 } from "./sha256.mjs";
import { unpackStored } from "./unzip.mjs";

const PRELOAD = "from ui.snapshot import preload\npreload()";
const START = "from ui.snapshot import preload, START\npreload(START)";

/** With `boot`, the rest waits for the page's word ({save: true}): once it is ready and idle,
 * so that importing the rest does not compete with the page's own start for the processor. */
let saveWhenAsked = null;
let asked = null;

self.onmessage = (event) => {
  if (event.data.save) asked();
  else work(event.data);
};

/** Report each download's bytes to the page as they arrive (a reader on a copy of the body;
 * the runtime reads the response itself as usual). */
function reportDownloads() {
  const fetchFirst = self.fetch.bind(self);
  self.fetch = async (input, init) => {
    const response = await fetchFirst(input, init);
    if (response.ok && response.body) report(response.clone().body.getReader(), response.url);
    return response;
  };
}

async function report(reader, url) {
  try {
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      self.postMessage({ download: [url, part.value.byteLength] });
    }
  } catch (e) { /* the runtime's own read of the response meets the same failure */ }
}

async function work({ indexURL, bundle, key, cacheName, boot }) {
  saveWhenAsked = new Promise((resolve) => { asked = resolve; });
  if (boot) reportDownloads();
  const times = {};
  const mark = (name) => { times[name] = Math.round(performance.timeOrigin + performance.now()); };
  mark("began");
  try {
    const bundleBytes = fetch(bundle).then((response) => {
      if (!response.ok) throw new Error(`${bundle}: ${response.status}`);
      return response.arrayBuffer();
    });
    const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
    mark("booted");
    const archive = new Uint8Array(await bundleBytes);
    if (!unpackStored(pyodide.FS, archive)) pyodide.unpackArchive(archive, "zip");
    mark("unpacked");
    if (boot) {
      pyodide.runPython(START);
      const bytes = pyodide.makeMemorySnapshot();
      mark("started");
      self.postMessage({ snapshot: bytes, times }, [bytes.buffer]);
      await saveWhenAsked;
    }
    pyodide.runPython(PRELOAD);
    const bytes = pyodide.makeMemorySnapshot();
    mark("preloaded");
    const cache = await caches.open(cacheName);
    await cache.put(key, new Response(bytes, {
      headers: { "content-type": "application/octet-stream", "x-ludi-sha256": await sha256(bytes) },
    }));
    self.postMessage({ ok: true, bytes: bytes.length, times });
  } catch (error) {
    self.postMessage({ ok: false, error: String((error && error.stack) || error), times });
  }
}
