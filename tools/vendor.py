"""Copy the self-hosted runtime from node_modules/ into vendor/ (run by ``make``).

Only the files a browser needs are copied:

* ``vendor/pyodide/``: the interpreter (``pyodide.mjs``, ``pyodide.asm.mjs``,
  ``pyodide.asm.wasm``), ``pyodide-lock.json`` and the standard library zip, trimmed to the
  modules the site imports (``tools/stdlib.py``, ``tools/stdlib_keep.txt``).
* ``vendor/pyscript/``: PyScript's ``dist/`` without source maps (nor the comments naming
  them). Chunk names carry content hashes that change with each release, so the whole folder
  is mirrored, never listed by hand.

The page never loads anything from another origin: everything is served from ``vendor/``.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools import stdlib  # noqa: E402

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "pyodide-lock.json",
)
STDLIB = "python_stdlib.zip"
"""Written by :func:`tools.stdlib.write` from the runtime's own, not copied."""


SOURCE_MAP_REF = re.compile(rb"\n?//# sourceMappingURL=\S+[ \t]*(?=\n|$)")
"""The last-line comment naming a source map. The maps are not shipped (``tools/dist.py``
refuses them: they are the size of the code again, for developers only), so the references go
too: a browser's developer tools and Lighthouse would otherwise request a file that is not
there (Lighthouse 12 reported ``toml-*.js.map`` as a 404)."""


def without_source_map(data: bytes) -> bytes:
    return SOURCE_MAP_REF.sub(b"", data)


def _copy(source: Path, target: Path) -> None:
    """Copy ``source`` to ``target`` (JavaScript without its source map reference) unless
    ``target`` already holds that."""
    if source.suffix in (".js", ".mjs"):
        data = without_source_map(source.read_bytes())
        if not target.is_file() or target.read_bytes() != data:
            target.write_bytes(data)
        return
    stat = source.stat()
    if target.is_file() and target.stat().st_size == stat.st_size and (
        target.stat().st_mtime >= stat.st_mtime
    ):
        return
    shutil.copy2(source, target)


def _mirror(pairs: list[tuple[Path, Path]], dest: Path, others: tuple[Path, ...] = ()) -> None:
    """Make ``dest`` hold exactly the (source, target) pairs (and ``others``, written
    elsewhere), copying only what changed."""
    dest.mkdir(parents=True, exist_ok=True)
    wanted = {target for _, target in pairs} | set(others)
    for old in dest.iterdir():
        if old not in wanted:
            shutil.rmtree(old) if old.is_dir() else old.unlink()
    for source, target in pairs:
        if not source.is_file():
            sys.exit(f"vendor: missing {source} (did `npm ci` run?)")
        _copy(source, target)


def vendor(root: Path = ROOT) -> None:
    modules = root / "node_modules"
    pyodide_src = modules / "pyodide"
    pyscript_src = modules / "@pyscript" / "core" / "dist"
    pyodide_dest = root / "vendor" / "pyodide"
    _mirror(
        [(pyodide_src / name, pyodide_dest / name) for name in PYODIDE_FILES],
        pyodide_dest,
        others=(pyodide_dest / STDLIB,),
    )
    stdlib.write(pyodide_src / STDLIB, pyodide_dest / STDLIB)
    if not pyscript_src.is_dir():
        sys.exit(f"vendor: missing {pyscript_src} (did `npm ci` run?)")
    _mirror(
        [
            (path, root / "vendor" / "pyscript" / path.name)
            for path in sorted(pyscript_src.iterdir())
            if path.suffix in (".js", ".css") and path.name != "service-worker.js"
        ],
        root / "vendor" / "pyscript",
    )


if __name__ == "__main__":
    vendor()
    print("vendor: runtime copied into vendor/")
