"""The trimmed standard library zip, stripped and compiled (run by ``tools/stdlib.py``).

    node bench/pyodide_run.mjs tools/stdlib_strip.py IN.zip OUT.zip

Runs under Pyodide in Node: the runtime's own Python (3.14) parses its own sources and compiles
them to its own bytecode, which the CPython that builds the site cannot.

1. Stripped: each module is parsed and written back with ``ast.unparse`` (comments and layout
   go), without the docstrings of CPython's modules: what ``python -OO`` drops, a mode the
   standard library supports (``__doc__`` is then None). The modules of Pyodide's own packages
   (``pyodide``, ``_pyodide``) keep their docstrings: their ``help()`` texts are built from
   them. Measured: 2.75 MB to 1.73 MB of source, 0.51 MB to 0.30 MB as brotli.
2. Compiled (issue 37): each stripped module is stored as ``name.pyc`` (no source beside it, so
   the zip importer loads the bytecode unchecked), its location table reduced to line numbers
   (no columns: the carets under a traceback's line go, the line numbers stay; the source
   lines are not shipped either). Most of the interpreter's start was compiling these sources:
   the worker that starts a first visit's interpreter was ready in 1.1 s instead of 2.5 s here.
   The price is bytes: 0.56 MB as brotli instead of 0.30 MB (with the column positions kept:
   0.81 MB).
"""

from __future__ import annotations

import ast
import importlib.util
import marshal
import sys
import types
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


def _varint(n: int) -> bytes:
    out = bytearray()
    while n >= 64:
        out.append(0x40 | (n & 63))
        n >>= 6
    out.append(n)
    return bytes(out)


def _svarint(n: int) -> bytes:
    return _varint((-n << 1) | 1 if n < 0 else n << 1)


NO_COLUMNS, NO_LOCATION = 13, 15
"""Location table entry kinds (CPython's ``Objects/locations.md``): a line delta without
columns; no location at all."""


def lines_only(code: types.CodeType) -> bytes:
    """``code``'s location table with the line of every instruction and no columns."""
    table = bytearray()
    line = code.co_firstlineno
    for start, end, at in code.co_lines():
        units = (end - start) // 2
        while units > 0:
            span = min(units, 8)
            units -= span
            if at is None:
                table.append(0x80 | (NO_LOCATION << 3) | (span - 1))
            else:
                table.append(0x80 | (NO_COLUMNS << 3) | (span - 1))
                table += _svarint(at - line)
                line = at
    return bytes(table)


def without_columns(code: types.CodeType) -> types.CodeType:
    consts = tuple(without_columns(c) if isinstance(c, types.CodeType) else c
                   for c in code.co_consts)
    return code.replace(co_linetable=lines_only(code), co_consts=consts)


PREFIX = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip/"
"""Where the runtime mounts the zip: the file names tracebacks show."""


def compiled(name: str, source: bytes) -> bytes:
    """The ``.pyc`` of module ``name`` (its path in the zip): a header with no source time and
    size (nothing to check against), then the code without column positions."""
    code = without_columns(compile(source, PREFIX + name, "exec", dont_inherit=True))
    return importlib.util.MAGIC_NUMBER + bytes(12) + marshal.dumps(code)


def strip_zip(source: str, target: str) -> None:
    with zipfile.ZipFile(source) as archive, zipfile.ZipFile(target, "w") as out:
        for name in archive.namelist():
            data = archive.read(name)
            if name.endswith(".py"):
                name, data = name + "c", compiled(name, stripped(name, data))
            info = zipfile.ZipInfo(name, date_time=STAMP)
            info.compress_type = zipfile.ZIP_STORED
            out.writestr(info, data)


if __name__ == "__main__":
    strip_zip(sys.argv[1], sys.argv[2])
