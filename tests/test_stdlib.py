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


def test_the_vendored_zip_is_the_trimmed_one_stored_stripped_and_compiled(names):
    """Issue 37: the kept modules ship as bytecode only (``tools/stdlib_strip.py``), stripped
    of CPython's docstrings (Pyodide's own keep theirs), each with the runtime's header."""
    vendored = ROOT / "vendor" / "pyodide" / "python_stdlib.zip"
    with zipfile.ZipFile(vendored) as archive:
        infos = archive.infolist()
        json_code = archive.read("json/__init__.pyc")
        pyodide_code = archive.read("_pyodide/docstring.pyc")
        headers = {archive.read(info.filename)[:16] for info in infos
                   if info.filename.endswith(".pyc")}
    assert {info.compress_type for info in infos} == {zipfile.ZIP_STORED}
    kept = {info.filename for info in infos}
    expected = {name + "c" if name.endswith(".py") else name
                for name in stdlib.entries_for(stdlib.kept(), names)}
    assert kept == expected, "run `make setup`"
    assert not any(name.endswith(".py") for name in kept), "no source ships"
    assert len(headers) == 1, "one magic number, no source time or size"
    [header] = headers
    assert header[2:4] == b"\r\n" and header[4:] == bytes(12)
    assert b"dumps" in json_code and b"Serialize ``obj``" not in json_code
    assert b"This removes initial spaces" in pyodide_code  # Pyodide keeps its docstrings
    assert {"json/__init__.pyc", "encodings/utf_8.pyc", "asyncio/tasks.pyc"} <= kept
    assert not kept & {"unittest/__init__.pyc", "email/__init__.pyc", "pydoc.pyc", "doctest.pyc"}
    assert not kept & {"os.pyc", "codecs.pyc", "importlib/_bootstrap.pyc"}  # frozen in the runtime


def test_a_location_table_without_columns_keeps_every_line():
    """``tools/stdlib_strip.py`` rewrites each code object's location table to line numbers
    only; CPython reads it back as the same lines (checked here on CPython's own bytecode
    format, the same since 3.11) and no columns."""
    from tools.stdlib_strip import without_columns

    source = "def f(x):\n    y = [i * 2\n         for i in x]\n    return {\n        'y': y}\n"
    code = compile(source, "example.py", "exec")
    bare = without_columns(code)
    assert list(bare.co_lines()) == list(code.co_lines())
    inner = next(c for c in bare.co_consts if hasattr(c, "co_lines"))
    original = next(c for c in code.co_consts if hasattr(c, "co_lines"))
    assert list(inner.co_lines()) == list(original.co_lines())
    assert {col for _, _, col, _ in inner.co_positions()} == {None}
    assert len(bare.co_linetable) < len(code.co_linetable)
    namespace: dict = {}
    exec(bare, namespace)
    assert namespace["f"]([1, 2]) == {"y": [2, 4]}


def test_the_app_bundle_is_stored():
    with zipfile.ZipFile(ROOT / BUNDLE) as archive:
        assert {info.compress_type for info in archive.infolist()} == {zipfile.ZIP_STORED}
