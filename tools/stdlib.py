"""The standard library the browser's Python gets: only the modules the site imports.

Pyodide's ``python_stdlib.zip`` holds the whole standard library (614 files, 9.6 MB of source
deflated to 2.5 MB, which a host's gzip or brotli cannot shrink further). The site imports some
150 of those modules. :func:`build` writes ``vendor/pyodide/python_stdlib.zip`` with only the
modules named in ``tools/stdlib_keep.txt`` (and their packages' ``__init__``), as *stored*
entries, so the host's compression works on the source text (run by ``tools/vendor.py``).

Each kept module is then written back without comments and, but for Pyodide's own packages,
without docstrings (``tools/stdlib_strip.py``, run under Pyodide in Node: what ``python -OO``
drops; 0.51 MB to 0.30 MB as brotli).

The kept list is data, measured the way ``pyodide-pack`` does it (``--measure``): what
``tests/pyodide/stdlib_probe.py`` loads under Pyodide in Node (every module of ``engine/`` and
``ui/``, a whole game of each title at every level, saves, links, replay, every lesson, the AI
worker's entry points, the snapshot's preload) plus what the real page and its AI worker hold in
``sys.modules`` in Chromium (Pyodide's and PyScript's own start), plus a small reviewed margin.

Guards: :func:`missing_dependencies` (every module-level import of a kept module is kept too; run
at each build), ``tests/test_stdlib.py`` (every standard library import in ``engine/`` and
``ui/``, also those inside functions, is kept), ``node tests/pyodide/stdlib.mjs --stdlib
vendor/pyodide/python_stdlib.zip`` (the probe on the trimmed zip) and the e2e suite (the real
page boots and plays on it).

    python3 tools/stdlib.py             # write vendor/pyodide/python_stdlib.zip
    python3 tools/stdlib.py --measure   # what the site imports, against the kept list
"""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
TARGET = ROOT / "vendor" / "pyodide" / "python_stdlib.zip"
KEEP = ROOT / "tools" / "stdlib_keep.txt"
PROBE = ROOT / "tests" / "pyodide" / "stdlib.mjs"
PYODIDE_RUN = ROOT / "bench" / "pyodide_run.mjs"
STRIP = ROOT / "tools" / "stdlib_strip.py"
STAMP = (1980, 1, 1, 0, 0, 0)


FROZEN = frozenset({
    "_collections_abc", "_sitebuiltins", "abc", "codecs", "genericpath", "importlib._bootstrap",
    "importlib._bootstrap_external", "importlib.machinery", "importlib.util", "io", "ntpath", "os",
    "posixpath", "site", "stat", "zipimport",
})
"""Kept modules the runtime carries frozen in its wasm (``_imp._frozen_module_names()`` under
Pyodide 314.0.7, each loaded with ``__spec__.origin == "frozen"``; ``importlib._bootstrap`` and
``_bootstrap_external`` are ``_frozen_importlib`` and ``_frozen_importlib_external``): their
sources are never read, so they stay out of the zip (0.37 MB of source). Were one not frozen
in a later runtime, the probe on the trimmed zip and the e2e suite would fail at once."""


def kept(path: Path = KEEP) -> list[str]:
    """The kept module names (``pkg.*``: the whole package), without comments."""
    names = (line.split("#", 1)[0].strip() for line in path.read_text("utf-8").splitlines())
    return [name for name in names if name]


def _module_files(names: list[str]) -> dict[str, str]:
    """Module name -> its file in the zip (``a/b.py`` or ``a/b/__init__.py``)."""
    found = {}
    for name in names:
        if name.endswith("/__init__.py"):
            found[name[: -len("/__init__.py")].replace("/", ".")] = name
        elif name.endswith(".py"):
            found[name[:-3].replace("/", ".")] = name
    return found


def entries_for(keep: list[str], names: list[str]) -> list[str]:
    """The zip entries (of ``names``) that hold the modules of ``keep`` and their packages.
    Names not in the zip (built-in modules) and :data:`FROZEN` modules are skipped."""
    files = _module_files(names)
    wanted: set[str] = set()
    for name in keep:
        if name.endswith(".*"):
            package = name[:-2]
            wanted |= {m for m in files if m == package or m.startswith(package + ".")}
        wanted.add(name.removesuffix(".*"))
    with_parents = set(wanted)
    for name in wanted:
        parts = name.split(".")
        with_parents |= {".".join(parts[:i]) for i in range(1, len(parts))}
    return sorted(files[m] for m in with_parents if m in files and m not in FROZEN)


IMPORT = re.compile(r"^import[ \t]+([\w., \t]+)", re.MULTILINE)
FROM_IMPORT = re.compile(r"^from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#]+)",
                         re.MULTILINE)
"""Unconditional module-level imports: at the start of a line (the runtime's 3.14 sources
need not parse under the CPython that builds the site, so no ``ast`` here)."""


def _names(text: str) -> list[str]:
    parts = text.strip("()").replace("\\", " ").split(",")
    return [part.split()[0] for part in parts if part.split()]


def _imports_at_import_time(source: str, package: str) -> set[str]:
    """Modules a module imports when it runs: its imports at the start of a line (not those
    inside functions, ``if`` or ``try`` blocks: conditional or guarded)."""
    found = {name for match in IMPORT.finditer(source) for name in _names(match.group(1))}
    for base, names in FROM_IMPORT.findall(source):
        level = len(base) - len(base.lstrip("."))
        base = base.lstrip(".")
        if level:
            parent = package.rsplit(".", level - 1)[0] if level > 1 else package
            base = f"{parent}.{base}" if base else parent
        found.add(base)
        found |= {f"{base}.{name}" for name in _names(names)}
    return found


def missing_dependencies(keep: list[str], source: Path = SOURCE) -> dict[str, list[str]]:
    """Kept module -> the modules of the zip it imports when it runs that are not kept."""
    with zipfile.ZipFile(source) as archive:
        names = archive.namelist()
        files = _module_files(names)
        chosen = {path: module for module, path in files.items()}
        keep_entries = entries_for(keep, names)
        missing: dict[str, list[str]] = {}
        for path in keep_entries:
            module = chosen[path]
            package = module if path.endswith("__init__.py") else module.rpartition(".")[0]
            source = archive.read(path).decode("utf-8")
            needed = {name for name in _imports_at_import_time(source, package) if name in files}
            lacking = sorted(name for name in needed
                             if files[name] not in keep_entries and name not in FROZEN)
            if lacking:
                missing[module] = lacking
    return missing


def build(source: Path = SOURCE, keep: list[str] | None = None) -> bytes:
    """The trimmed zip: the kept modules of ``source``, stored, sorted, with fixed times."""
    keep = kept() if keep is None else keep
    buffer = io.BytesIO()
    with zipfile.ZipFile(source) as archive, zipfile.ZipFile(buffer, "w") as out:
        for name in entries_for(keep, archive.namelist()):
            info = zipfile.ZipInfo(name, date_time=STAMP)
            info.compress_type = zipfile.ZIP_STORED
            out.writestr(info, archive.read(name))
    return buffer.getvalue()


def write(source: Path = SOURCE, target: Path = TARGET) -> int:
    """Write the trimmed zip, its sources stripped (``tools/stdlib_strip.py``, under Pyodide in
    Node); exit if a kept module's imports are not kept. ``target`` lies in the repository."""
    missing = missing_dependencies(kept(), source)
    if missing:
        sys.exit("stdlib: kept modules import modules that are not kept: "
                 + "; ".join(f"{m} needs {', '.join(n)}" for m, n in sorted(missing.items()))
                 + f" (add them to {KEEP.relative_to(ROOT)})")
    trimmed = ROOT / ".cache" / "python_stdlib-trimmed.zip"
    trimmed.parent.mkdir(parents=True, exist_ok=True)
    trimmed.write_bytes(build(source))
    target.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(["node", str(PYODIDE_RUN), str(STRIP.relative_to(ROOT)),
                    str(trimmed.relative_to(ROOT)), str(target.relative_to(ROOT))],
                   cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    return target.stat().st_size


# ---- our imports ---------------------------------------------------------------------------


def imports_in(paths: list[Path]) -> set[str]:
    """Every absolute import in the Python files ``paths``, also inside functions and
    ``TYPE_CHECKING`` blocks: ``import a.b`` gives ``a.b``; ``from a import b`` gives ``a`` and
    ``a.b`` (which may be a module)."""
    import ast

    found: set[str] = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path))):
            if isinstance(node, ast.Import):
                found |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module)
                found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return found


def not_kept(imports: set[str], keep: list[str], names: list[str]) -> list[str]:
    """The imports that name a module of the zip (of ``names``) that the kept list lacks."""
    files = _module_files(names)
    kept_files = set(entries_for(keep, names))
    return sorted(name for name in imports
                  if name in files and files[name] not in kept_files and name not in FROZEN)


# ---- measuring ---------------------------------------------------------------------------------


def measured_in_node() -> list[str]:
    """What the probe loads from the whole standard library under Pyodide in Node."""
    out = subprocess.run(["node", str(PROBE)], cwd=ROOT, check=True, capture_output=True,
                         text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def compare(measured: set[str], keep: list[str], names: list[str]) -> tuple[list, list]:
    """(measured but not kept, kept but not measured), as module names of the zip."""
    kept_files = set(entries_for(keep, names))
    extra = sorted(m for m, path in _module_files(names).items()
                   if path in kept_files and m not in measured)
    return not_kept(measured, keep, names), extra


def main() -> None:
    if "--measure" in sys.argv:
        sys.path.insert(0, str(ROOT))
        from tools.stdlib_page import measured_in_page

        measured = set(measured_in_node()) | set(measured_in_page())
        with zipfile.ZipFile(SOURCE) as archive:
            lacking, extra = compare(measured, kept(), archive.namelist())
        print(json.dumps({"measured": sorted(measured), "not_kept": lacking,
                          "kept_not_measured (margin)": extra}, indent=1))
        sys.exit(1 if lacking else 0)
    size = write()
    print(f"stdlib: {len(kept())} kept names, {size / 1e6:.2f} MB stored in "
          f"{TARGET.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
