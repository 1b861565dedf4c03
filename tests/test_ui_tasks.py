"""Tasks the page starts and does not await (a lock's watch, the computer's turns, a notice's
fade): :meth:`ui.notices.Notices.spawn` keeps each one until it is done and shows its error on
the message line and the console, so an exception there is never lost (issue 47). Run on
CPython's own event loop; the page's loop (Pyodide's) has the same task interface."""

from __future__ import annotations

import asyncio
import gc
import re
from pathlib import Path

import pytest

from ui.ai_client import AiClient
from ui.i18n import Catalogue
from ui.notices import Notices
from ui.state import PageState

pytestmark = pytest.mark.cpython_only
"""``asyncio.run`` drives CPython's own event loop; under Pyodide the page's loop is the
browser's and is not run to completion from inside."""


class Box:
    """A stand-in for the landing's ``#message`` element."""

    def __init__(self) -> None:
        self.textContent = ""
        self.attributes: dict[str, str] = {}

    def setAttribute(self, name: str, value: str) -> None:  # noqa: N802 (the DOM's name)
        self.attributes[name] = value

    def removeAttribute(self, name: str) -> None:  # noqa: N802
        self.attributes.pop(name, None)


class Document:
    def __init__(self) -> None:
        self.message = Box()

    def getElementById(self, element_id: str) -> Box | None:  # noqa: N802
        return self.message if element_id == "message" else None


def notices(lang: str = "en") -> tuple[Notices, Box]:
    document = Document()
    return Notices(document, PageState(Catalogue(lang))), document.message


async def fail(message: str) -> None:
    await asyncio.sleep(0)
    raise ValueError(message)


def test_an_exception_in_a_spawned_task_is_shown_and_printed(capsys):
    shown, box = notices()

    async def page() -> None:
        shown.spawn(fail("the lock went away"))
        for _ in range(3):
            await asyncio.sleep(0)

    asyncio.run(page())
    assert box.attributes["data-kind"] == "error"
    assert "ValueError: the lock went away" in box.textContent
    assert box.textContent.startswith("Something went wrong")
    assert shown.note is not None and shown.note[1] == "error"
    printed = capsys.readouterr().err
    assert "Traceback" in printed and "ValueError: the lock went away" in printed
    assert "in fail" in printed  # the traceback names where it was raised


def test_the_error_is_worded_again_in_the_other_language():
    shown, box = notices()

    async def page() -> None:
        await shown.spawn(asyncio.sleep(0))  # a task that ends well says nothing
        assert box.textContent == "" and shown.note is None
        shown.spawn(fail("boom"))
        await asyncio.sleep(0.01)

    asyncio.run(page())
    shown.state.cat.switch("ja")  # as the page switches language
    shown.retell()
    assert "ValueError: boom" in box.textContent and "Something" not in box.textContent


def test_a_task_is_kept_until_it_is_done_and_a_cancelled_one_is_not_an_error(capsys):
    shown, box = notices()
    finished: list[str] = []

    async def slow() -> None:
        await asyncio.sleep(0.01)
        finished.append("slow")

    async def page() -> None:
        shown.spawn(slow())  # nobody holds the task but the notices
        gc.collect()
        stopped = shown.spawn(asyncio.sleep(10))
        await asyncio.sleep(0)
        stopped.cancel()  # as the computer's turns are stopped when a game is left
        await asyncio.sleep(0.05)

    asyncio.run(page())
    assert finished == ["slow"]
    assert box.textContent == "" and capsys.readouterr().err == ""
    assert not shown._tasks  # every task let go once done


def test_the_ai_workers_start_is_a_kept_task_whose_error_is_shown(capsys):
    """The worker's start (awaited by every request until it is up) runs through the same
    ``spawn``: kept until done, and an error escaping it reaches the message line."""
    shown, box = notices()
    client = AiClient(shown.spawn)

    async def broken() -> None:
        await asyncio.sleep(0)
        raise RuntimeError("no worker")

    client._create = broken  # type: ignore[method-assign]

    async def page() -> None:
        with pytest.raises(RuntimeError):
            await client.start()
        await asyncio.sleep(0)

    asyncio.run(page())
    assert "RuntimeError: no worker" in box.textContent and not shown._tasks
    assert "RuntimeError: no worker" in capsys.readouterr().err


def test_every_task_the_page_starts_goes_through_spawn():
    """No ``ensure_future``/``create_task`` in ``ui/`` but the one in ``Notices.spawn``."""
    root = Path(__file__).resolve().parents[1] / "ui"
    found = [str(path.relative_to(root)) for path in sorted(root.rglob("*.py"))
             for line in path.read_text(encoding="utf-8").splitlines()
             if re.search(r"\b(ensure_future|create_task)\(", line)]
    assert found == ["notices.py"]
