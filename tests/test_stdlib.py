"""The trimmed standard library (``tools/stdlib.py``, ``tools/stdlib_keep.txt``): every module
our code imports is shipped, and what ships is what the kept list says, stored."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from tools import stdlib
from tools.site_files import BUNDLE

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def names() -> list[str]:
    if not stdlib.SOURCE.is_file():
        pytest.fail(f"{stdlib.SOURCE} is missing: run `make setup`")
    with zipfile.ZipFile(stdlib.SOURCE) as archive:
        return archive.namelist()


def our_files() -> list[Path]:
    return sorted(path for package in ("engine", "ui") for path in (ROOT / package).rglob("*.py"))


def test_every_standard_library_import_of_ours_is_kept(names):
    imports = stdlib.imports_in(our_files())
    assert {"json", "random", "html", "dataclasses"} <= imports  # the walk sees our imports
    assert stdlib.not_kept(imports, stdlib.kept(), names) == []


def test_an_import_inside_a_function_that_is_not_kept_is_caught(names, tmp_path):
    source = tmp_path / "late.py"
    source.write_text("def export():\n    import csv\n    from email import message\n")
    imports = stdlib.imports_in([source])
    assert stdlib.not_kept(imports, stdlib.kept(), names) == ["csv", "email", "email.message"]


def test_kept_modules_have_what_they_import_when_they_run(names):
    assert stdlib.missing_dependencies(stdlib.kept()) == {}
    with_argparse = stdlib.kept() + ["argparse"]
    assert stdlib.missing_dependencies(with_argparse) == {"argparse": ["gettext"]}


def test_the_vendored_zip_is_the_trimmed_one_stored_and_stripped(names):
    vendored = ROOT / "vendor" / "pyodide" / "python_stdlib.zip"
    with zipfile.ZipFile(vendored) as archive:
        infos = archive.infolist()
        json_source = archive.read("json/__init__.py").decode()
        pyodide_source = archive.read("_pyodide/docstring.py").decode()
    assert {info.compress_type for info in infos} == {zipfile.ZIP_STORED}
    kept = {info.filename for info in infos}
    assert kept == set(stdlib.entries_for(stdlib.kept(), names)), "run `make setup`"
    assert "def dumps(" in json_source and '"""' not in json_source and "#" not in json_source
    assert "This removes initial spaces" in pyodide_source  # Pyodide keeps its docstrings
    assert {"json/__init__.py", "encodings/utf_8.py", "asyncio/tasks.py"} <= kept
    assert not kept & {"unittest/__init__.py", "email/__init__.py", "pydoc.py", "doctest.py"}
    assert not kept & {"os.py", "codecs.py", "importlib/_bootstrap.py"}  # frozen in the runtime


def test_the_app_bundle_is_stored():
    with zipfile.ZipFile(ROOT / BUNDLE) as archive:
        assert {info.compress_type for info in archive.infolist()} == {zipfile.ZIP_STORED}
