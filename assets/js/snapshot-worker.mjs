/* Makes the memory snapshot that assets/js/interpreter.mjs starts from (see there).
 *
 * Message in: {indexURL, bundle, key, cacheName}. Boots the runtime with _makeSnapshot, unpacks
 * the app bundle, runs ui/snapshot.py's preload() (imports engine/ and ui/, touching no
 * JavaScript object), saves the interpreter's memory into Cache Storage under `key` with its
 * SHA-256, and answers {ok: true} or {ok: false, error}.
 */
import { loadPyodide } from "../../vendor/pyodide/pyodide.mjs";
import { sha256 } from "./sha256.mjs";

self.onmessage = async (event) => {
  const { indexURL, bundle, key, cacheName } = event.data;
  try {
    const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
    const response = await fetch(bundle);
    if (!response.ok) throw new Error(`${bundle}: ${response.status}`);
    pyodide.unpackArchive(await response.arrayBuffer(), "zip");
    pyodide.runPython("from ui.snapshot import preload\npreload()");
    const bytes = pyodide.makeMemorySnapshot();
    const cache = await caches.open(cacheName);
    await cache.put(key, new Response(bytes, {
      headers: { "content-type": "application/octet-stream", "x-ludi-sha256": await sha256(bytes) },
    }));
    self.postMessage({ ok: true, bytes: bytes.length });
  } catch (error) {
    self.postMessage({ ok: false, error: String((error && error.stack) || error) });
  }
};
