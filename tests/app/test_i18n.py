"""The message catalogue is complete in both languages and consistent in its placeholders."""
import re

import pytest

from ui.messages import CATALOGUE

FIELD = re.compile(r"\{(\w*)\}")


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_every_message_has_english_and_chinese_with_the_same_fields(key):
    entry = CATALOGUE[key]
    assert set(entry) == {"en", "zh"}
    assert entry["en"].strip() and entry["zh"].strip()
    assert sorted(FIELD.findall(entry["en"])) == sorted(FIELD.findall(entry["zh"]))


def test_chinese_messages_are_chinese():
    """A Chinese entry must contain Chinese characters unless it is a formula or symbol only."""
    han = re.compile(r"[\u4e00-\u9fff]")
    untranslated = [k for k, e in CATALOGUE.items()
                    if not han.search(e["zh"]) and re.search(r"[A-Za-z]{4,}", e["zh"]) and e["zh"] == e["en"]]
    assert not untranslated, untranslated
