"""The message catalogue: complete in both languages, placeholders consistent."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ui.i18n import LANGUAGES, ROOT, Catalogue, load, pick_language
from ui.i18n import placeholders as i18n_placeholders

PARTS = sorted({p.name for lang in LANGUAGES for p in (ROOT / lang).glob("*.json")})


def placeholders(text: str) -> set[str]:
    return i18n_placeholders(text)


@pytest.mark.parametrize("part", PARTS)
def test_every_part_has_the_same_keys_and_placeholders_in_every_language(part):
    catalogues = {lang: json.loads((ROOT / lang / part).read_text("utf-8")) for lang in LANGUAGES}
    english = catalogues["en"]
    for lang, messages in catalogues.items():
        assert set(messages) == set(english), (lang, set(messages) ^ set(english))
        for key, text in messages.items():
            assert isinstance(text, str) and text.strip(), (lang, key)
            # a language may leave out an argument it folds into a counter, never add one
            assert placeholders(text) <= placeholders(english[key]), (lang, key)


def test_japanese_is_really_japanese():
    """A Japanese message that equals the English one must hold no English words (formats
    such as "{numeral} {name}" or symbols are the same in both)."""
    ja, en = load("ja"), load("en")
    untranslated = [k for k, v in ja.items()
                    if v == en.get(k) and re.search(r"[A-Za-z]{2,}", re.sub(r"\{\w+\}", "", v))]
    assert untranslated == []


def test_every_key_the_ui_code_uses_is_in_the_catalogue():
    """Keys written literally in ui/ code (``cat.t("...")``, ``say("...")``) exist."""
    english = load("en")
    code = "\n".join(p.read_text("utf-8") for p in Path("ui").rglob("*.py"))
    used = set(re.findall(r"""(?:\.t|say)\(\s*["']([a-z_]+\.[a-z_.:-]*[a-z_])["']\s*[,)]""",
                          code))
    assert used, "the pattern found no keys"
    assert sorted(used - set(english)) == []


def test_pick_language_order():
    assert pick_language("ja", "en", "en-US") == "ja"
    assert pick_language(None, "ja", "en-US") == "ja"
    assert pick_language("xx", None, "ja-JP") == "ja"
    assert pick_language(None, None, "de-DE") == "en"
    assert pick_language(None, None, None) == "en"


def test_catalogue_fills_placeholders_and_falls_back(tmp_path):
    for lang, data in {"en": {"a": "Hello {name}", "b": "only English"}, "ja": {"a": "{name}さん"}
                       }.items():
        (tmp_path / lang).mkdir()
        (tmp_path / lang / "x.json").write_text(json.dumps(data), "utf-8")
    cat = Catalogue("ja", root=tmp_path)
    assert cat.t("a", name="<b>") == "<b>さん"
    assert cat.t("b") == "only English"
    assert cat.t("missing.key") == "missing.key"
    assert cat.t("a", wrong=1) == "{name}さん"
    cat.switch("en")
    assert cat.t("a", name="Ann") == "Hello Ann"
    cat.switch("fr")
    assert cat.lang == "en"


def test_every_ai_hint_reason_is_in_the_catalogue():
    """The hint shows the hard computer's reason by key (``hint.<key>``) in either language."""
    from engine.ai.messages import MESSAGES

    for lang in ("en", "ja"):
        messages = load(lang)
        assert sorted(k for k in MESSAGES if f"hint.{k}" not in messages) == [], lang
