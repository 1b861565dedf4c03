"""Docstrings and comments out of the trimmed standard library zip (run by ``tools/stdlib.py``).

    node bench/pyodide_run.mjs tools/stdlib_strip.py IN.zip OUT.zip

Runs under Pyodide in Node: the runtime's own Python (3.14) parses its own sources, which the
CPython that builds the site need not be able to. Each module is parsed and written back with
``ast.unparse`` (comments and layout go), without the docstrings of CPython's modules: what
``python -OO`` drops, a mode the standard library supports (``__doc__`` is then None). The
modules of Pyodide's own packages (``pyodide``, ``_pyodide``) keep their docstrings: their
``help()`` texts are built from them. Measured: 2.75 MB to 1.73 MB of source, 0.51 MB to
0.30 MB as brotli. Tracebacks show the lines of the stripped source, which is what runs.
"""

from __future__ import annotations

import ast
import sys
import zipfile

STAMP = (1980, 1, 1, 0, 0, 0)
KEEP_DOCSTRINGS = ("pyodide/", "_pyodide/")
SCOPES = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def _is_docstring(node: ast.stmt) -> bool:
    return (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str))


def without_docstrings(tree: ast.Module) -> ast.Module:
    for node in ast.walk(tree):
        if isinstance(node, SCOPES) and node.body and _is_docstring(node.body[0]):
            node.body = node.body[1:] or [ast.Pass()]
    return tree


def stripped(name: str, source: bytes) -> bytes:
    tree = ast.parse(source, name)
    if not name.startswith(KEEP_DOCSTRINGS):
        tree = without_docstrings(tree)
    return (ast.unparse(tree) + "\n").encode("utf-8")


def strip_zip(source: str, target: str) -> None:
    with zipfile.ZipFile(source) as archive, zipfile.ZipFile(target, "w") as out:
        for name in archive.namelist():
            data = archive.read(name)
            info = zipfile.ZipInfo(name, date_time=STAMP)
            info.compress_type = zipfile.ZIP_STORED
            out.writestr(info, stripped(name, data) if name.endswith(".py") else data)


if __name__ == "__main__":
    strip_zip(sys.argv[1], sys.argv[2])
