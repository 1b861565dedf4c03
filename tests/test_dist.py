"""``make dist``: the folder to upload holds what the site serves and nothing else.

The browser side (a stock server, a sub-path, offline) is ``e2e/test_dist.py``.
"""

from __future__ import annotations

import gzip
import json
import random
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
VENDORED = (ROOT / "vendor/pyodide/pyodide.asm.wasm").is_file()

pytestmark = pytest.mark.cpython_only  # copies the 14 MB runtime; brotli is a CPython package


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not VENDORED:
        pytest.skip("runtime not vendored (run `make site`)")
    from tools import dist

    out = tmp_path_factory.mktemp("dist") / "dist"
    dist.build(out, compressed=False)
    return out


def _files(out: Path) -> set[str]:
    return {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}


def test_dist_is_the_served_files_and_nothing_else(shipped):
    from tools import dist, precache

    files = _files(shipped)
    assert files == set(precache.served_paths(ROOT)) | {"sw.js", "precache.js", "_headers"}
    assert dist.check(shipped) == []
    assert set(dist.precached(shipped)) == files - {"sw.js", "_headers"}


def test_engine_sources_travel_once_in_the_bundle(shipped):
    files = _files(shipped)
    assert "build/ludi-app.zip" in files
    assert not [f for f in files if f.startswith("engine/")]
    assert {f for f in files if f.endswith(".py")} == {"ui/main.py", "ui/ai_worker.py"}
    assert not [f for f in files if f.startswith("assets/i18n/") and not f.endswith("/page.json")]


def test_unused_runtime_parts_stay_out(shipped):
    names = {Path(f).name for f in _files(shipped) if f.startswith("vendor/pyscript/")}
    assert "core.js" in names and any(n.startswith("core-") for n in names)
    for unused in ("codemirror", "xterm", "zip-", "mpy-", "storage.js", "py-editor", "py-game",
                   "py-terminal", "donkey"):
        assert not [n for n in names if n.startswith(unused)], unused
    core = next((shipped / "vendor/pyscript").glob("core-*.js")).read_text(encoding="utf-8")
    tomls = [n for n in names if n.startswith("toml")]
    assert len(tomls) == 1 and f'import("./{tomls[0]}")' in core, \
        "only the small TOML chunk that reads pyscript.toml ships, not the editor's full parser"


def test_plugins_the_page_never_uses_are_turned_off():
    """PyScript loads every plugin unless the config excludes it."""
    from tools.site_files import UNUSED_PLUGINS, render

    assert "py-editor" in UNUSED_PLUGINS and "error" not in UNUSED_PLUGINS
    line = next(ln for ln in render().splitlines() if ln.startswith("plugins"))
    assert all(f'"!{name}"' in line for name in UNUSED_PLUGINS)
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    mpy = json.loads(re.search(r"<mpy-config hidden>(.*?)</mpy-config>", page).group(1))
    assert mpy["plugins"] == [f"!{name}" for name in UNUSED_PLUGINS], \
        "PyScript loads the plugins for MicroPython too unless its config turns them off"


@pytest.mark.parametrize("planted, reason", [
    ("tests/test_rules.py", "a test"),
    ("e2e/conftest.py", "a test"),
    ("tools/dist.py", "a tool"),
    ("bench/boot.py", "a tool"),
    ("engine/core/protocol.py", "Python outside the bundle"),
    ("stray.py", "Python outside the bundle"),
    ("package-lock.json", "a lockfile"),
    ("requirements.txt", "a lockfile"),
    ("vendor/pyscript/core.js.map", "a source map"),
    (".env", "a hidden file"),
])
def test_check_refuses_what_must_not_ship(shipped, tmp_path, planted, reason):
    import shutil

    from tools import dist

    out = tmp_path / "dist"
    shutil.copytree(shipped, out)
    (out / planted).parent.mkdir(parents=True, exist_ok=True)
    (out / planted).write_text("x = 1\n")
    problems = dist.check(out)
    assert any(p.startswith(planted) and reason in p for p in problems), problems


def test_check_notices_a_missing_precached_file(shipped, tmp_path):
    import shutil

    from tools import dist

    out = tmp_path / "dist"
    shutil.copytree(shipped, out)
    (out / "assets/js/boot.js").unlink()
    assert dist.check(out) == ["assets/js/boot.js is precached but missing"]


def test_headers_carry_the_pages_policy(shipped):
    from tools import dist

    text = (shipped / "_headers").read_text("utf-8")
    lines = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.startswith("#")]
    assert lines[0] == "/*"
    headers = dict(ln.split(": ", 1) for ln in lines[1:])
    assert headers["Content-Security-Policy"] == dist.content_security_policy(ROOT)
    assert "default-src 'self'" in headers["Content-Security-Policy"]
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "no-referrer"
    off = headers["Permissions-Policy"].split(", ")
    assert "camera=()" in off and "geolocation=()" in off
    assert not [f for f in off if f.startswith("clipboard")], "Share copies the link"


def test_compressed_copies_are_exact_and_only_where_they_help(tmp_path):
    import brotli

    from tools import dist

    text = ("Municipium and Concordia. " * 400).encode()
    (tmp_path / "big.js").write_bytes(text)
    (tmp_path / "tiny.js").write_bytes(b"x" * 100)
    (tmp_path / "packed.zip").write_bytes(random.Random(1).randbytes(5000))  # no gain
    cache = tmp_path / "cache"
    written = dist.compress(tmp_path, ["big.js", "tiny.js", "packed.zip"], cache)
    assert sorted(written) == ["big.js.br", "big.js.gz"]
    assert gzip.decompress((tmp_path / "big.js.gz").read_bytes()) == text
    assert brotli.decompress((tmp_path / "big.js.br").read_bytes()) == text
    assert len(list(cache.iterdir())) == 4  # big and packed, each gz + br; tiny never tried
    (tmp_path / "big.js.gz").unlink()
    assert dist.compress(tmp_path, ["big.js"], cache) == ["big.js.gz", "big.js.br"]
    assert gzip.decompress((tmp_path / "big.js.gz").read_bytes()) == text


def test_check_refuses_a_wrong_compressed_copy(shipped, tmp_path):
    import shutil

    from tools import dist

    out = tmp_path / "dist"
    shutil.copytree(shipped, out)
    (out / "assets/js/boot.js.gz").write_bytes(gzip.compress(b"old version"))
    assert dist.check(out) == ["assets/js/boot.js.gz is not the compressed assets/js/boot.js"]


def test_build_refuses_to_clear_a_foreign_folder(tmp_path):
    from tools import dist

    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(SystemExit):
        dist.build(tmp_path, compressed=False)
    assert (tmp_path / "notes.txt").read_text() == "mine"


def test_first_visit_bytes_count_every_precached_file_once(shipped, tmp_path):
    from tools import dist

    sizes = dist.first_visit_bytes(shipped)
    listed = dist.precached(shipped) + [dist.WORKER]
    raw = sum((shipped / rel).stat().st_size for rel in listed)
    assert sizes == {"files": len(listed), "raw": raw, "gzip": raw, "brotli": raw}  # none packed
    (shipped / "index.html.gz").write_bytes(b"x" * 10)
    (shipped / "index.html.br").write_bytes(b"y" * 4)
    size = (shipped / "index.html").stat().st_size
    packed = dist.first_visit_bytes(shipped)
    assert (packed["gzip"], packed["brotli"]) == (raw - size + 10, raw - size + 4)
    (shipped / "index.html.gz").unlink()
    (shipped / "index.html.br").unlink()
