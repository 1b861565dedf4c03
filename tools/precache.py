"""Write ``precache.js``: the files the site serves, which the service worker keeps for offline
play, and a version.

:func:`served_paths` is the one list of what the site serves: the page, its styles, scripts,
icons, manifest and page texts, the app bundle (``engine/``, ``ui/`` and every catalogue, once),
the two Python files fetched by URL (the page's ``ui/main.py`` and the AI worker's script) and
the runtime files the page loads. ``make dist`` (``tools/dist.py``) copies exactly these into
``dist/``; the service worker precaches exactly these.

The version is a hash of the precached files' paths and contents, so any change to the app or
the runtime gives a new cache name and the page offers "new version — reload". ``precache.js`` is
generated (ignored by git) and run by ``make``; the page reads it for the download sizes shown
in the load progress, and ``sw.js`` imports it.

PyScript's chunk names change with every release, so its files are taken from ``vendor/``: the
JavaScript files reachable by imports from ``core.js`` (:func:`used_chunks`), except through the
chunks of features we never use (:data:`UNUSED_CHUNKS`: the code editor, zip export, the graph
helper and the plugins the config turns off — with them go the terminal, MicroPython and the full
TOML parser that only the editor and ``py-game`` import). The service worker still caches anything
else fetched at run time.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.site_files import (  # noqa: E402
    BUNDLE,
    UNUSED_PLUGINS,
    bundle,
    write_if_changed,
)

OUTPUT = "precache.js"
APP_FILES = ("index.html", "pyscript.toml", "manifest.webmanifest")
ASSET_DIRS = ("assets",)
RUNTIME_DIRS = ("vendor/pyodide", "vendor/pyscript")
PYSCRIPT = "vendor/pyscript"
UNUSED_CHUNKS = re.compile(
    rf"^({'|'.join(('codemirror', 'zip', 'pyodide_graph') + UNUSED_PLUGINS)})[-_.].*$")
"""PyScript chunks of features the page never loads (measured: the code editor and its language
support, zip export, the graph helper, the plugins turned off in ``pyscript.toml``). If a release
renames one the page loads, ``e2e/test_offline.py`` and ``e2e/test_dist.py`` fail."""
CHUNK_IMPORT = re.compile(r'(?:\bfrom\s*|\bimport\s*\(\s*)"\./([\w.-]+\.js)"')
FETCHED_CATALOGUE = "page.json"
"""The one catalogue fetched by URL (by ``assets/js/boot.js``, before Python is up); the others
travel only in the bundle."""
PAGE_REF = re.compile(r"\./((?:assets/icons|vendor/pyscript)/[\w.-]+)")
"""Icons (the others are sources of ``tools/icons.py``) and PyScript's style sheet, named by the
page."""
PAGE_SCRIPT = re.compile(r'<script type="py"[^>]*\ssrc="\./([^"]+)"')


def fetched_python(root: Path) -> set[str]:
    """Python files fetched by URL: the page's scripts (``index.html``) and the AI worker's."""
    from ui.ai_client import WORKER_SRC

    page = (root / "index.html").read_text(encoding="utf-8")
    return set(PAGE_SCRIPT.findall(page)) | {WORKER_SRC.removeprefix("./")}


def used_chunks(root: Path = ROOT) -> set[str]:
    """PyScript's JavaScript files the page can load: reachable from ``core.js`` by static or
    dynamic imports, never through an unused chunk."""
    folder = root / PYSCRIPT
    used: set[str] = set()
    todo = ["core.js"]
    while todo:
        name = todo.pop()
        if name in used or UNUSED_CHUNKS.match(name) or not (folder / name).is_file():
            continue
        used.add(name)
        todo += CHUNK_IMPORT.findall((folder / name).read_text(encoding="utf-8"))
    return used


def _page_refs(root: Path) -> set[str]:
    """Repo-relative paths that the page or the manifest names (``./…``)."""
    text = "".join((root / rel).read_text(encoding="utf-8")
                   for rel in ("index.html", "manifest.webmanifest"))
    return set(PAGE_REF.findall(text))


def _served(rel: str, named: set[str], chunks: set[str]) -> bool:
    parts = rel.split("/")
    if parts[-1].startswith("."):
        return False
    if rel.startswith("assets/i18n/"):
        return parts[-1] == FETCHED_CATALOGUE
    if rel.startswith("assets/icons/"):
        return rel in named
    if rel.startswith(PYSCRIPT + "/"):
        return parts[-1] in chunks or rel in named
    return True


def served_paths(root: Path = ROOT) -> list[str]:
    """Repo-relative paths of every file the site serves and precaches, except the service
    worker and ``precache.js`` themselves (``index.html`` stands for ``./``)."""
    paths = set(APP_FILES) | {BUNDLE} | fetched_python(root)
    named = _page_refs(root)
    chunks = used_chunks(root)
    for folder in ASSET_DIRS + RUNTIME_DIRS:
        for path in (root / folder).rglob("*"):
            rel = path.relative_to(root).as_posix()
            if path.is_file() and _served(rel, named, chunks):
                paths.add(rel)
    missing = [p for p in paths if not (root / p).is_file()]
    if missing:
        sys.exit(f"precache: missing {', '.join(sorted(missing))} (run `make vendor`?)")
    return sorted(paths)


def build(root: Path = ROOT) -> dict:
    write_if_changed(root / BUNDLE, bundle(root))  # the bundle is precached: bring it up to date
    return manifest(root, served_paths(root))


def manifest(root: Path, paths: list[str]) -> dict:
    """The precache list of ``paths`` (files under ``root``) with their sizes and a version
    hashed from their paths and contents."""
    digest = hashlib.sha256()
    files = []
    for rel in paths:
        data = (root / rel).read_bytes()
        digest.update(rel.encode() + b"\0" + hashlib.sha256(data).digest())
        url = "./" if rel == "index.html" else f"./{rel}"
        files.append([url, len(data)])
    files.append([f"./{OUTPUT}", 0])
    return {"version": digest.hexdigest()[:16], "files": files}


def render(manifest: dict) -> str:
    rows = ",\n".join(f"  {json.dumps(entry, ensure_ascii=False)}" for entry in manifest["files"])
    version = json.dumps(manifest["version"])
    return (
        "// Generated by tools/precache.py (run by `make`): files the service worker keeps.\n"
        f"self.LUDI_PRECACHE = {{\n \"version\": {version},\n"
        f" \"files\": [\n{rows}\n ]\n}};\n"
    )


def main() -> None:
    listing = build()
    path = ROOT / OUTPUT
    text = render(listing)
    write_if_changed(path, text.encode("utf-8"))
    total = sum(size for _, size in listing["files"])
    print(f"precache: {len(listing['files'])} files, {total / 1e6:.1f} MB, "
          f"version {listing['version']}")


if __name__ == "__main__":
    main()
