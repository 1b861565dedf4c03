// Run the engine tests under Pyodide (the browser's Python) in Node.
//
//   node tests/pyodide/run.mjs [pytest args...]
//
// Loads the npm `pyodide`, mounts the repository at /ludi with NODEFS, installs the pure-Python
// wheels of pytest and its dependencies from .cache/pyodide-wheels/ (downloaded by `make`), and
// runs pytest.main. Without arguments it runs every test under tests/ (except tests/pyodide);
// tests marked `cpython_only` are always deselected. LUDI_QUICK=1 is set unless the environment
// already sets LUDI_QUICK, so fuzz-style suites can run fewer games here. Exit code: pytest's.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const wheels = join(repo, ".cache", "pyodide-wheels");
const DEFAULT_ARGS = ["tests", "--ignore=tests/pyodide"];
const args = process.argv.slice(2);

const pyodide = await loadPyodide();
const raw = (stream) => ({ write: (bytes) => { stream.write(bytes); return bytes.length; } });
pyodide.setStdout(raw(process.stdout));
pyodide.setStderr(raw(process.stderr));
const version = pyodide.runPython("import sys; sys.version.split()[0]");

pyodide.FS.mkdirTree("/ludi");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: repo }, "/ludi");

const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
let names;
try {
  names = readdirSync(wheels).filter((name) => name.endsWith(".whl"));
} catch {
  names = [];
}
if (!names.length) {
  console.error(`No wheels in ${wheels}: run \`make\` (it downloads requirements-pyodide.txt).`);
  process.exit(2);
}
for (const name of names) {
  pyodide.unpackArchive(new Uint8Array(readFileSync(join(wheels, name))), "wheel", {
    extractDir: sitePackages,
  });
}

pyodide.globals.set("pytest_args", pyodide.toPy(args.length ? args : DEFAULT_ARGS));
pyodide.globals.set("quick", process.env.LUDI_QUICK ?? "1");
console.log(`Pyodide ${pyodide.version} (Python ${version}): pytest ${(args.length ? args : DEFAULT_ARGS).join(" ")}`);
const code = await pyodide.runPythonAsync(`
import os, sys
os.chdir("/ludi")
sys.path.insert(0, "/ludi")
os.environ["PYTHONDONTWRITEBYTECODE"] = "1"
os.environ["LUDI_QUICK"] = quick
os.environ["LUDI_PYODIDE"] = "1"
sys.dont_write_bytecode = True
import pytest

class SkipCPythonOnly:
    """Deselect tests marked cpython_only: they need what Pyodide lacks (sockets, processes)."""

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, config, items):
        keep = [item for item in items if item.get_closest_marker("cpython_only") is None]
        if len(keep) != len(items):
            config.hook.pytest_deselected(items=[i for i in items if i not in keep])
            items[:] = keep

int(pytest.main(["-p", "no:cacheprovider", *pytest_args], plugins=[SkipCPythonOnly()]))
`);
process.exit(code);
