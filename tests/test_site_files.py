"""The site's static files agree with the tree: what the browser loads is what the tests test."""

from __future__ import annotations

import json
import re
import tomllib
import urllib.parse
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("en", "ja")


def _read(rel: str) -> str:
    return (ROOT / rel).read_text(encoding="utf-8")


def _toml_files() -> dict[str, str]:
    return tomllib.loads(_read("pyscript.toml"))["files"]


class _Page(HTMLParser):
    """Collects the tags of index.html with their attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.inline_scripts: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, {k: v or "" for k, v in attrs}))
        self._in_script = tag == "script"

    def handle_endtag(self, tag):
        self._in_script = False

    def handle_data(self, data):
        if self._in_script and data.strip():
            self.inline_scripts.append(data)

    def find(self, **attrs) -> list[dict[str, str]]:
        return [a for _, a in self.tags if all(a.get(k) == v for k, v in attrs.items())]


@pytest.fixture(scope="module")
def index() -> _Page:
    parser = _Page()
    parser.feed(_read("index.html"))
    return parser


# ---- pyscript.toml ----------------------------------------------------------------------------


def test_every_engine_and_ui_module_reaches_the_browser():
    """A module missing from the browser's files works in CPython tests and fails only in the
    browser: the bundle that [files] unpacks holds every one, under its own path."""
    import io
    import zipfile

    from tools.site_files import BUNDLE, bundle

    assert _toml_files() == {f"./{BUNDLE}": "./*"}
    with zipfile.ZipFile(io.BytesIO(bundle(ROOT))) as archive:
        listed = set(archive.namelist())
        assert archive.read("engine/__init__.py") == (ROOT / "engine/__init__.py").read_bytes()
    wanted = {
        p.relative_to(ROOT).as_posix()
        for package in ("engine", "ui")
        for p in (ROOT / package).rglob("*.py")
        if "__pycache__" not in p.parts
    }
    wanted |= {p.relative_to(ROOT).as_posix() for p in (ROOT / "assets/i18n").glob("*/*.json")}
    assert wanted, "no modules found"
    missing = sorted(wanted - listed)
    assert not missing, f"not in the app bundle: {missing}"


def test_bundle_is_the_same_for_the_same_tree():
    from tools.site_files import bundle

    assert bundle(ROOT) == bundle(ROOT)


def test_committed_config_is_current():
    from tools.site_files import render

    assert _read("pyscript.toml") == render()


def test_interpreter_is_self_hosted():
    """The interpreter module is ours (memory snapshots, issue 16), wrapping the vendored
    runtime; the page loads it early (``async``: it runs as soon as it arrives), before
    PyScript, so it can read the snapshot or start a first visit's worker meanwhile."""
    config = tomllib.loads(_read("pyscript.toml"))
    assert config["interpreter"] == "./assets/js/interpreter.mjs"
    assert "packages" not in config, "packages would be fetched from a CDN"
    module = _read("assets/js/interpreter.mjs")
    assert 'from "../../vendor/pyodide/pyodide.mjs"' in module
    assert "export { version }" in module and "export async function loadPyodide" in module
    page = _read("index.html")
    early = '<script type="module" async src="./assets/js/interpreter.mjs"></script>'
    assert early in page and page.index(early) < page.index("vendor/pyscript/core.js")


# ---- index.html -------------------------------------------------------------------------------


def test_main_script_names_the_config(index):
    scripts = index.find(type="py")
    assert scripts == [{"type": "py", "src": "./ui/main.py", "config": "./pyscript.toml"}]
    assert index.find(type="module", src="./vendor/pyscript/core.js")


def test_content_security_policy(index):
    (meta,) = index.find(**{"http-equiv": "Content-Security-Policy"})
    policy = {d.split()[0]: d.split()[1:] for d in meta["content"].split(";") if d.strip()}
    assert policy["default-src"] == ["'self'"]
    assert policy["connect-src"] == ["'self'"]
    assert "'unsafe-inline'" not in policy["script-src"]


def test_no_inline_javascript(index):
    assert index.inline_scripts == []
    handlers = [(tag, name) for tag, attrs in index.tags for name in attrs if name.startswith("on")]
    assert handlers == []


def test_favicon_is_inline_and_our_icon(index):
    (icon,) = index.find(rel="icon")
    assert icon["href"].startswith("data:image/svg+xml,")
    svg = urllib.parse.unquote(icon["href"].split(",", 1)[1])
    assert "#" not in icon["href"], "a '#' would end the data: URI"
    assert svg == _read("assets/icons/icon.svg").replace('"', "'")


def test_nothing_refers_to_another_origin():
    """Only our own files: no http(s) URL outside SVG namespaces anywhere in the shell."""
    allowed = "http://www.w3.org/2000/svg"
    shell = ["index.html", "sw.js", "manifest.webmanifest", "pyscript.toml"]
    shell += [p.relative_to(ROOT).as_posix() for p in (ROOT / "assets").rglob("*.*")
              if p.suffix in (".css", ".js", ".json", ".svg")]
    for rel in shell:
        urls = set(re.findall(r"(?:https?:)?//[\w.-]+\.[a-z]{2,}[^\s\"')]*", _read(rel)))
        assert urls <= {allowed}, f"{rel}: {urls - {allowed}}"


def test_dom_contract_ids(index):
    ids = {attrs["id"] for _, attrs in index.tags if "id" in attrs}
    for required in ("app", "landing", "load-progress", "load-bar", "load-status",
                     "saved-games", "lang-select", "how-to-municipium", "how-to-concordia",
                     "import-file", "message", "screen", "update-prompt", "update-reload",
                     "update-later"):
        assert required in ids, required
    assert index.find(**{"data-new-game": "municipium"})
    assert index.find(**{"data-new-game": "concordia"})
    (html,) = [attrs for tag, attrs in index.tags if tag == "html"]
    assert html == {"lang": "en", "data-ready": "false"}


# ---- catalogues -------------------------------------------------------------------------------


def _catalogue(lang: str, name: str) -> dict[str, str]:
    return json.loads(_read(f"assets/i18n/{lang}/{name}.json"))


def test_page_catalogues_cover_every_key(index):
    keys = {a["data-i18n"] for _, a in index.tags if "data-i18n" in a}
    keys |= {
        pair.split(":", 1)[1]
        for _, a in index.tags if "data-i18n-attr" in a
        for pair in a["data-i18n-attr"].split(";")
    }
    keys |= {"load.waiting", "load.download", "load.python", "load.ready"}  # used by boot.js
    for lang in LANGS:
        catalogue = _catalogue(lang, "page")
        assert keys <= set(catalogue), (lang, sorted(keys - set(catalogue)))
        assert all(isinstance(v, str) and v.strip() for v in catalogue.values())
    assert set(_catalogue("en", "page")) == set(_catalogue("ja", "page"))


def test_english_page_texts_match_the_html(index):
    """index.html shows the English catalogue before any script runs."""
    en = _catalogue("en", "page")
    text = _read("index.html")
    for key in ("howto.municipium", "howto.concordia", "page.tagline", "game.new"):
        assert en[key].replace("&", "&amp;").replace("'", "&#x27;") in text or en[key] in text


def test_placeholders_agree_between_languages():
    en, ja = _catalogue("en", "page"), _catalogue("ja", "page")
    for key, text in en.items():
        assert set(re.findall(r"\{\w+\}", text)) == set(re.findall(r"\{\w+\}", ja[key])), key


# ---- manifest, packages -----------------------------------------------------------------------


def test_manifest_makes_the_site_installable(index):
    assert index.find(rel="manifest", href="./manifest.webmanifest")
    manifest = json.loads(_read("manifest.webmanifest"))
    assert manifest["start_url"] == "./" and manifest["display"] == "standalone"
    sizes = set()
    for icon in manifest["icons"]:
        assert (ROOT / icon["src"]).is_file(), icon["src"]
        sizes.add((icon["sizes"], icon.get("purpose", "any")))
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes


def test_png_icons_have_their_declared_sizes():
    for name, size in (("icon-192.png", 192), ("icon-512.png", 512),
                       ("icon-maskable-512.png", 512)):
        data = (ROOT / "assets/icons" / name).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        assert int.from_bytes(data[16:20], "big") == int.from_bytes(data[20:24], "big") == size


def test_runtime_versions_are_pinned_and_lock_has_no_hosts():
    package = json.loads(_read("package.json"))
    assert package["dependencies"] == {"pyodide": "314.0.7", "@pyscript/core": "0.7.31"}
    for version in package.get("devDependencies", {}).values():
        assert re.fullmatch(r"\d+\.\d+\.\d+", version), f"pin exactly: {version}"
    lock = _read("package-lock.json")
    assert '"resolved"' not in lock
    assert not re.search(r"https?://", lock)
    packages = json.loads(lock)["packages"]
    assert packages["node_modules/pyodide"]["version"] == "314.0.7"
    assert packages["node_modules/@pyscript/core"]["version"] == "0.7.31"


def test_vendored_javascript_names_no_source_map():
    """The maps are not shipped, so no vendored file may name one (Lighthouse found a 404)."""
    from tools.vendor import without_source_map

    code = b'console.log("x");\n//# sourceMappingURL=core.js.map\n'
    assert without_source_map(code) == b'console.log("x");\n'
    in_code = b'a = "//# sourceMappingURL=" + b;\n'
    assert without_source_map(in_code) == in_code
    vendored = [*(ROOT / "vendor").rglob("*.js"), *(ROOT / "vendor").rglob("*.mjs")]
    assert vendored
    assert [p.name for p in vendored if b"//# sourceMappingURL=" in p.read_bytes()] == []


@pytest.mark.parametrize("name", ["requirements.txt", "requirements-pyodide.txt"])
def test_python_requirements_are_pinned(name):
    lines = [ln for ln in _read(name).splitlines() if ln.strip() and not ln.startswith("#")]
    assert lines and all(re.fullmatch(r"[A-Za-z0-9_.-]+==[\w.]+", ln) for ln in lines), lines


# ---- tools ------------------------------------------------------------------------------------


def _mini_site(root: Path) -> None:
    for rel, text in {
        "index.html": '<!doctype html><link href="./assets/icons/icon.svg">'
                      '<script type="py" src="./ui/main.py"></script>',
        "pyscript.toml": "", "manifest.webmanifest": "{}",
        "engine/__init__.py": "", "ui/main.py": "", "assets/i18n/en/page.json": "{}",
        "assets/css/site.css": "", "vendor/pyodide/pyodide.mjs": "x",
        "vendor/pyscript/core.js": 'import{a}from"./core-x.js";',
        "vendor/pyscript/core-x.js": 'import("./toml-a.js");import("./py-editor-b.js")',
        "vendor/pyscript/toml-a.js": "", "vendor/pyscript/py-editor-b.js": 'import("./toml-c.js")',
        "vendor/pyscript/toml-c.js": "", "vendor/pyscript/xterm-abc.js": "",
        "ui/ai_worker.py": "", "assets/i18n/en/ui.json": "{}", "assets/icons/icon.svg": "",
        "assets/icons/icon-source.svg": "",
    }.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)


def test_precache_version_follows_content(tmp_path):
    from tools.precache import build

    _mini_site(tmp_path)
    first = build(tmp_path)
    urls = [url for url, _ in first["files"]]
    for url in ("./", "./build/ludi-app.zip", "./ui/main.py", "./ui/ai_worker.py",
                "./vendor/pyodide/pyodide.mjs", "./assets/i18n/en/page.json",
                "./assets/icons/icon.svg"):
        assert url in urls
    for chunk in ("core-x", "toml-a"):
        assert f"./vendor/pyscript/{chunk}.js" in urls, "chunks imported from core.js are kept"
    for chunk in ("xterm-abc", "py-editor-b", "toml-c"):
        assert f"./vendor/pyscript/{chunk}.js" not in urls, "unused chunks stay out"
    assert "./engine/__init__.py" not in urls, "engine sources travel once, in the bundle"
    assert "./assets/i18n/en/ui.json" not in urls, "catalogues read by Python are in the bundle"
    assert "./assets/icons/icon-source.svg" not in urls, "icons nobody names stay out"
    assert build(tmp_path) == first
    (tmp_path / "ui" / "main.py").write_text("print('new release')")
    second = build(tmp_path)
    assert second["version"] != first["version"]
    assert dict(map(tuple, second["files"]))["./ui/main.py"] == len("print('new release')")


def test_site_files_lists_modules_and_catalogues(tmp_path):
    import io
    import zipfile

    from tools.site_files import bundle, site_files

    _mini_site(tmp_path)
    (tmp_path / "engine" / "__pycache__").mkdir()
    (tmp_path / "engine" / "__pycache__" / "x.py").write_text("")
    files = site_files(tmp_path)
    assert files == ["assets/i18n/en/page.json", "assets/i18n/en/ui.json", "engine/__init__.py",
                     "ui/ai_worker.py", "ui/main.py"]
    with zipfile.ZipFile(io.BytesIO(bundle(tmp_path))) as archive:
        assert archive.namelist() == files


@pytest.mark.cpython_only
def test_server_types_and_caching():
    """The dev server's MIME types (wasm, mjs, manifest) and revalidating cache headers."""
    import urllib.error
    import urllib.request

    from tools.serve import SiteServer

    server = SiteServer(root=ROOT).start()
    try:
        def head(path: str):
            return urllib.request.urlopen(server.url + path, timeout=10)

        with head("/manifest.webmanifest") as response:
            assert response.headers["Content-Type"] == "application/manifest+json"
            assert response.headers["Cache-Control"] == "no-cache"
        with head("/sw.js") as response:
            assert response.headers["Content-Type"] == "text/javascript"
        if (ROOT / "vendor/pyodide/pyodide.asm.wasm").is_file():
            with head("/vendor/pyodide/pyodide.mjs") as response:
                assert response.headers["Content-Type"] == "text/javascript"
            with head("/vendor/pyodide/pyodide.asm.wasm") as response:
                assert response.headers["Content-Type"] == "application/wasm"
        for hidden in ("/.git/HEAD", "/node_modules/", "/.venv/"):
            with pytest.raises(urllib.error.HTTPError) as error:
                head(hidden)
            assert error.value.code == 404
        server.overrides["/precache.js"] = b"self.X = 1;"
        with head("/precache.js") as response:
            assert response.read() == b"self.X = 1;"
    finally:
        server.stop()


@pytest.mark.cpython_only
def test_dev_server_computes_generated_files_live():
    import urllib.request

    from tools.precache import build
    from tools.serve import SiteServer
    from tools.site_files import BUNDLE, bundle, render

    if not (ROOT / "vendor/pyodide/pyodide.asm.wasm").is_file():
        pytest.skip("runtime not vendored (run `make site`)")
    server = SiteServer(root=ROOT, live=True).start()
    try:
        with urllib.request.urlopen(server.url + "/precache.js", timeout=10) as response:
            assert f'"version": "{build(ROOT)["version"]}"' in response.read().decode()
        with urllib.request.urlopen(server.url + "/pyscript.toml", timeout=10) as response:
            assert response.read().decode() == render()
        with urllib.request.urlopen(f"{server.url}/{BUNDLE}", timeout=10) as response:
            assert response.read() == bundle(ROOT)
    finally:
        server.stop()
