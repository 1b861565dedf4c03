"""Drop the funding links from ``package-lock.json`` (run after ``npm install``).

The lockfile records no download addresses (``npm install --omit-lockfile-registry-resolved``)
and no other address either (``tests/test_site_files.py`` checks): some packages' ``funding``
entries carry web links, which ``npm ci`` never reads. Rewritten with npm's own layout
(two-space indent, final newline).
"""

from __future__ import annotations

import json
from pathlib import Path

LOCK = Path(__file__).resolve().parent.parent / "package-lock.json"


def without_funding(lock: dict) -> dict:
    for entry in lock.get("packages", {}).values():
        entry.pop("funding", None)
    return lock


def main() -> None:
    lock = json.loads(LOCK.read_text("utf-8"))
    LOCK.write_text(json.dumps(without_funding(lock), indent=2, ensure_ascii=False) + "\n",
                    "utf-8")


if __name__ == "__main__":
    main()
