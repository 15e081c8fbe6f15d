"""English output as a reader expects it: capitals ("Tom", "I", the first word), contractions where English
writers use them ("do not" -> "don't"), no space before punctuation.

The model reads and writes lower-case words with contractions expanded (model.tokenizer). The table that puts
the surface back is learned from the training sentences (`surface_table`) and ships in the English vocabulary
of a model that writes English: `python -m model.english checkpoints/zh-en` writes it there.
"""
from __future__ import annotations

import argparse
import json
import re
from collections import Counter, defaultdict
from pathlib import Path

from model.tokenizer import _APOSTROPHES, _EN_SURFACE, _expand, surface_en

_NO_SPACE_BEFORE = re.compile(r" ([.,!?;:%)\]}]|'s\b)")
_NO_SPACE_AFTER = re.compile(r"([(\[{$]) ")
_SENTENCE_END = {".", "!", "?"}


def case_counts(sentences: list[str]) -> dict[str, Counter]:
    """For each lower-case word, how often each spelling occurs away from a sentence's start."""
    seen: dict[str, Counter] = defaultdict(Counter)
    for text in sentences:
        words = surface_en(text)
        for prev, word in zip(words, words[1:]):
            if prev not in _SENTENCE_END and word[:1].isalpha():
                seen[word.lower()][word] += 1
    return seen


def contraction_counts(sentences: list[str]) -> dict[str, Counter]:
    """For each expansion ("do not"), how often it is written contracted ("don't") and how often in full."""
    seen: dict[str, Counter] = defaultdict(Counter)
    literal: Counter = Counter()
    for text in sentences:
        words = [w.lower() for w in _EN_SURFACE.findall(text.translate(_APOSTROPHES))]
        for word in words:
            full = _expand(word)
            if len(full) == 2 and full[1] != "'s":
                seen[" ".join(full)][word] += 1
        literal.update(f"{a} {b}" for a, b in zip(words, words[1:]))
    for full, forms in seen.items():
        forms[full] = literal[full]
    return seen


def surface_table(sentences: list[str], min_count: int = 2) -> dict:
    """{"case": word -> its usual spelling where not lower case, "contract": expansion -> its usual contraction}."""
    case = {}
    for word, spellings in case_counts(sentences).items():
        best, n = spellings.most_common(1)[0]
        if best != word and n >= min_count and n > spellings[word]:
            case[word] = best
    contract = {}
    for full, forms in contraction_counts(sentences).items():
        best, n = forms.most_common(1)[0]
        if best != full and n >= min_count:
            contract[full] = best
    return {"case": dict(sorted(case.items())), "contract": dict(sorted(contract.items()))}


def cased(words: list[str], table: dict, copied: list[bool] | None = None) -> list[str]:
    """Words with their usual capitals and the first word capitalised; copied words (typed by the user) as typed."""
    case = table.get("case", {})
    out = []
    for i, word in enumerate(words):
        if copied and copied[i]:
            out.append(word)
            continue
        word = "I" if word == "i" else case.get(word, word)
        first = not any(w[:1].isalnum() for w in out)
        out.append(word[:1].upper() + word[1:] if first and word[:1].isalpha() else word)
    return out


def contracted(words: list[str], table: dict) -> list[str]:
    """Adjacent words joined where the table says writers contract them ("do not" -> "don't", "Tom 's" -> "Tom's")."""
    contract, out, i = table.get("contract", {}), [], 0
    while i < len(words):
        pair = " ".join(words[i : i + 2]).lower()
        if i + 1 < len(words) and pair in contract:
            form = contract[pair]
            out.append(words[i][:1] + form[1:] if words[i][:1].isupper() else form)
            i += 2
            continue
        out.append(words[i])
        i += 1
    return out


def text(words: list[str], table: dict) -> str:
    """The words (already cased) as an English sentence: contractions, possessives and punctuation attached."""
    joined = " ".join(contracted(words, table))
    return _NO_SPACE_AFTER.sub(r"\1", _NO_SPACE_BEFORE.sub(r"\1", joined))


def main(argv=None) -> None:
    """Write the surface table into a checkpoint's English vocabulary, learned from train.tsv's training split."""
    from model import tatoeba

    p = argparse.ArgumentParser(description=main.__doc__)
    p.add_argument("checkpoint", type=Path, help="a checkpoint folder whose target language is English")
    p.add_argument("--corpus", type=Path, default=tatoeba.DEFAULT_CORPUS)
    args = p.parse_args(argv)
    path = args.checkpoint / "tgt_vocab.json"
    vocab = json.loads(path.read_text(encoding="utf-8"))
    vocab["surface"] = surface_table([r.en for r in tatoeba.rows("train", args.corpus)])
    path.write_text(json.dumps(vocab, ensure_ascii=False, indent=0), encoding="utf-8")
    print(f"{path}: {len(vocab['surface']['case'])} spellings, {len(vocab['surface']['contract'])} contractions")


if __name__ == "__main__":
    main()
