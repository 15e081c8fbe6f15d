"""Issue 48, point 3: an output <unk> that copied a source word is marked as copied wherever a translation is printed
as a line of text (the minimal-pairs lab, the Mistakes page's demonstrations, the Decoding page's twins), as the
chips mark it; a translation without a copy gets no note."""
import torch

from lesson import catalogue
from model.checkpoint import load_bundle
from model.trace import run_with_trace
from tests.app.conftest import open_page, with_demos_open

torch.set_num_threads(1)
NAME = "My name is Anna."


def texts(at) -> str:
    """Every markdown of the page, joined."""
    return "\n".join(str(m.value) for m in at.markdown)


def note(words: str, lang: str = "en") -> str:
    """The copy note a line of text ends with."""
    return catalogue.lookup("dec.copies_note", lang, words=words)


def test_the_shipped_model_copies_the_name():
    trace = run_with_trace(load_bundle("en-zh"), NAME)
    copied = [trace.output_words[i] for i, j in enumerate(trace.decoded.copied_from) if j is not None]
    assert copied == ["Anna"] and trace.output_text == "我叫Anna。"


def test_the_minimal_pairs_lab_marks_the_copied_name_and_only_there():
    at = open_page("lab_pairs", s=NAME, mp="I have two cats")
    assert not at.exception and not at.error
    page = texts(at)
    assert catalogue.lookup("mp.first_label", "en", output="我叫Anna。" + note("Anna")) in page
    second = [line for line in page.splitlines() if line.startswith("Second: ")]
    assert second and "copied from the source" not in second[0]


def test_the_mistakes_page_marks_the_copied_name_in_its_printed_translations():
    for lang in ("en", "zh"):
        at = with_demos_open(open_page("notes", s=NAME, lang=lang))
        assert not at.exception and not at.error
        page = texts(at)
        marked = "我叫Anna。" + note("Anna", lang)
        assert page.count(marked) >= 3, lang  # the LayerNorm, scaling and decoder-source demonstrations at least
        assert page.count("我叫Anna。") == page.count(marked), lang  # never unmarked


def test_the_training_page_marks_the_copied_name_beside_the_scored_translation():
    at = open_page("training", s=NAME)
    assert not at.exception and not at.error
    page = texts(at)
    scored = next(line for line in page.splitlines() if "Anna" in line and "copied from the source" in line)
    assert scored.rstrip().endswith(note("Anna"))
