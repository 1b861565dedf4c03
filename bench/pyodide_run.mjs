// Run a Python benchmark script of this repository under Pyodide (the browser's Python) in Node.
//
//   node bench/pyodide_run.mjs bench/municipium_bench.py [script args...]
//
// The repository is mounted at /ludi with NODEFS and becomes the working directory, so the
// script runs exactly as `python3 bench/<script>.py` does in CPython; compare the two figures
// (in one run, on the same machine) for the browser-to-CPython speed ratio.
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error("usage: node bench/pyodide_run.mjs <script.py> [args...]");
  process.exit(2);
}
const pyodide = await loadPyodide();
const raw = (stream) => ({ write: (bytes) => { stream.write(bytes); return bytes.length; } });
pyodide.setStdout(raw(process.stdout));
pyodide.setStderr(raw(process.stderr));
pyodide.FS.mkdirTree("/ludi");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: repo }, "/ludi");
pyodide.globals.set("script", script);
pyodide.globals.set("argv", pyodide.toPy([script, ...args]));
const code = await pyodide.runPythonAsync(`
import os, runpy, sys
os.chdir("/ludi")
sys.path.insert(0, "/ludi")
sys.dont_write_bytecode = True
sys.argv = list(argv)
print(f"[Pyodide {sys.version.split()[0]}] {' '.join(sys.argv)}")
status = 0
try:
    runpy.run_path(script, run_name="__main__")
except SystemExit as exit:
    status = exit.code if isinstance(exit.code, int) else (0 if exit.code is None else 1)
status
`);
process.exit(code);
