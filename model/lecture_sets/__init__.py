"""Held-out lecture sets: hand-written sentences with their accepted translations, used only for evaluation."""
from pathlib import Path

HERE = Path(__file__).parent
DIRECTIONS = ("en-zh", "zh-en")


def path_for(direction: str) -> Path:
    """The TSV file of a direction ('en-zh' or 'zh-en')."""
    if direction not in DIRECTIONS:
        raise ValueError(f"unknown direction {direction!r}; expected one of {DIRECTIONS}")
    return HERE / f"{direction}.tsv"


def parse_line(line: str, number: int) -> tuple[str, tuple[str, ...]]:
    """One 'source<TAB>accepted | accepted' line as (source, accepted translations)."""
    parts = line.split("\t")
    if len(parts) != 2:
        raise ValueError(f"line {number}: expected one tab between source and translations, got {line!r}")
    source = parts[0].strip()
    accepted = tuple(t.strip() for t in parts[1].split("|"))
    if not source or not all(accepted):
        raise ValueError(f"line {number}: empty source or translation in {line!r}")
    return source, accepted


def load(direction: str, path: Path | str | None = None, added: bool = False) -> list[tuple[str, tuple[str, ...]]]:
    """The (source, accepted translations) pairs of a direction, from `path` or the TSV next to this module; `added`:
    with the translations accepted later (DIRECTION.added.tsv) appended to their sentences' own."""
    file = Path(path) if path is not None else path_for(direction)
    rows = read(file)
    extra = file.with_suffix(".added.tsv")
    if added and extra.exists():
        more: dict[str, tuple[str, ...]] = {}
        for source, accepted in read(extra):
            more[source] = more.get(source, ()) + accepted
        unknown = set(more) - {source for source, _ in rows}
        if unknown:
            raise ValueError(f"{extra.name}: not sentences of {file.name}: {sorted(unknown)}")
        rows = [(source, accepted + more.get(source, ())) for source, accepted in rows]
    return rows


def read(file: Path) -> list[tuple[str, tuple[str, ...]]]:
    """The parsed lines of one TSV file (blank lines and # comments skipped)."""
    rows = []
    for number, raw in enumerate(file.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.rstrip("\r\n")
        if not line.strip() or line.startswith("#"):
            continue
        rows.append(parse_line(line, number))
    return rows


def canon(direction: str) -> list[tuple[str, tuple[str, ...], str]]:
    """The lecture canon of a direction (canon_DIRECTION.tsv): (source, accepted translations, where it is used)."""
    if direction not in DIRECTIONS:
        raise ValueError(f"unknown direction {direction!r}; expected one of {DIRECTIONS}")
    rows = []
    for number, raw in enumerate((HERE / f"canon_{direction}.tsv").read_text(encoding="utf-8").splitlines(), 1):
        if not raw.strip() or raw.startswith("#"):
            continue
        line, _, used = raw.rpartition("\t")
        if not used.strip():
            raise ValueError(f"line {number}: no source of use after the translations in {raw!r}")
        rows.append((*parse_line(line, number), used.strip()))
    return rows


def frequent(lang: str) -> list[str]:
    """The 2,000 most frequent English words or 1,500 most frequent Chinese characters (wordfreq 3.1.1, written by
    `python -m tools.build_lexicon`), one per line in frequent_LANG.txt."""
    path = Path(__file__).resolve().parent / f"frequent_{lang}.txt"
    return path.read_text(encoding="utf-8").split()
