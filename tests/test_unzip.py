"""The app bundle unpacked by JavaScript (``assets/js/unzip.mjs``, issue 37): what it reads of
an archive is what Python's ``zipfile`` reads, and an archive it cannot read it leaves to the
runtime's own unpacking, having written nothing. Runs the module in Node (installed by
``make setup``); the page's and the worker's use of it is exercised by every e2e boot."""

from __future__ import annotations

import base64
import io
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from tools.site_files import bundle

ROOT = Path(__file__).resolve().parent.parent
UNZIP = (ROOT / "assets" / "js" / "unzip.mjs").as_uri()
NODE = shutil.which("node")

pytestmark = [pytest.mark.cpython_only,
              pytest.mark.skipif(NODE is None, reason="Node is installed by `make setup`")]

SCRIPT = """
import { readFileSync } from "node:fs";
import { storedEntries, unpackStored } from "%s";
const bytes = new Uint8Array(readFileSync(process.argv[2]));
const entries = storedEntries(bytes);
const calls = [];
const FS = {
  cwd: () => "/home/pyodide",
  mkdirTree: (path) => calls.push(["mkdirTree", path]),
  writeFile: (path, data) => calls.push(["writeFile", path, Buffer.from(data).toString("base64")]),
};
const unpacked = unpackStored(FS, bytes, process.argv[3]);
console.log(JSON.stringify({
  entries: entries && entries.map(({ name, data }) => [name, Buffer.from(data).toString("base64")]),
  unpacked,
  calls,
}));
""" % UNZIP


def run(tmp_path: Path, archive: bytes, folder: str = ".") -> dict:
    path = tmp_path / "archive.zip"
    path.write_bytes(archive)
    script = tmp_path / "unzip_check.mjs"
    script.write_text(SCRIPT, "utf-8")
    done = subprocess.run([NODE, str(script), str(path), folder], capture_output=True,
                          text=True, check=True, timeout=60)
    return json.loads(done.stdout)


def archive_of(files: dict[str, bytes], method: int = zipfile.ZIP_STORED,
               comment: bytes = b"") -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", method) as archive:
        for name, data in files.items():
            archive.writestr(name, data)
        archive.comment = comment
    return buffer.getvalue()


def decoded(entries: list[list[str]]) -> dict[str, bytes]:
    return {name: base64.b64decode(data) for name, data in entries}


def test_the_app_bundle_reads_as_python_reads_it(tmp_path):
    """Every entry of the real bundle (tools/site_files.py), byte for byte, in its order."""
    archive = bundle()
    result = run(tmp_path, archive)
    with zipfile.ZipFile(io.BytesIO(archive)) as expected:
        names = expected.namelist()
        assert [name for name, _ in result["entries"]] == names
        assert decoded(result["entries"]) == {name: expected.read(name) for name in names}
    assert result["unpacked"] is True
    assert "ui/main.py" in names and "engine/__init__.py" in names


def test_files_land_under_the_folder_with_their_folders_made(tmp_path):
    files = {"a.txt": b"one", "pkg/sub/b.py": b"print(2)\n", "pkg/empty.json": b""}
    result = run(tmp_path, archive_of(files, comment=b"made by a test"), "./site/")
    written = {call[1]: base64.b64decode(call[2]) for call in result["calls"]
               if call[0] == "writeFile"}
    assert written == {f"/home/pyodide/site/{name}": data for name, data in files.items()}
    made = [call[1] for call in result["calls"] if call[0] == "mkdirTree"]
    assert set(made) == {"/home/pyodide/site", "/home/pyodide/site/pkg/sub",
                         "/home/pyodide/site/pkg"}
    assert len(made) == len(set(made))  # each folder made once


def test_an_absolute_folder_is_kept(tmp_path):
    result = run(tmp_path, archive_of({"x/y.txt": b"y"}), "/lib/app")
    assert ["writeFile", "/lib/app/x/y.txt", base64.b64encode(b"y").decode()] in result["calls"]


@pytest.mark.parametrize("archive", [
    archive_of({"a.txt": b"compressed " * 50}, zipfile.ZIP_DEFLATED),
    archive_of({"../outside.txt": b"no"}),
    archive_of({"/etc/passwd": b"no"}),
    b"not a zip archive at all",
    archive_of({"a.txt": b"fine"})[:-30],
], ids=["deflated", "parent-folder", "absolute-name", "not-a-zip", "truncated"])
def test_an_archive_it_cannot_read_is_left_to_the_runtime(tmp_path, archive):
    """A compressed entry, a name leaving the folder, no archive, a cut archive: null entries,
    nothing written, and ``false``, so the caller unpacks it the runtime's way (which refuses
    what is wrong with a clear error)."""
    result = run(tmp_path, archive)
    assert result["entries"] is None
    assert result["unpacked"] is False
    assert result["calls"] == []
