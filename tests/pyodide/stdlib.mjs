// Run tests/pyodide/stdlib_probe.py under Pyodide in Node: what the browser's Python imports from
// the standard library, printed as a JSON list on the last line of stdout.
//
//   node tests/pyodide/stdlib.mjs                    # the runtime's whole standard library
//   node tests/pyodide/stdlib.mjs --stdlib ZIP       # another zip (the trimmed one in vendor/)
//
// With the trimmed zip a module it lacks fails the run (ModuleNotFoundError, exit code 1): that
// is the Pyodide half of the guard on tools/stdlib_keep.txt (`make test-pyodide` runs it).
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const at = process.argv.indexOf("--stdlib");
const options = at > 0 ? { stdLibURL: resolve(process.argv[at + 1]) } : {};

const pyodide = await loadPyodide(options);
const raw = (stream) => ({ write: (bytes) => { stream.write(bytes); return bytes.length; } });
pyodide.setStdout(raw(process.stdout));
pyodide.setStderr(raw(process.stderr));
pyodide.FS.mkdirTree("/ludi");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: repo }, "/ludi");
pyodide.globals.set("probe", readFileSync(resolve(repo, "tests/pyodide/stdlib_probe.py"), "utf8"));
try {
  await pyodide.runPythonAsync(`
import os, sys
os.chdir("/ludi")
sys.path.insert(0, "/ludi")
sys.dont_write_bytecode = True
exec(compile(probe, "tests/pyodide/stdlib_probe.py", "exec"), {"__name__": "__main__"})
`);
} catch (error) {
  console.error(String(error.message || error));
  process.exit(1);
}
