"""A server's memory after hostile links and after a soak, for this checkout and another one in the same run.

    python -m benchmarks.memory --vs /tmp/f5cbc73                 # 680 hostile reruns, then a 1,000-rerun soak
    python -m benchmarks.memory --vs /tmp/f5cbc73 --visits 40 --soak 500

Each build (this checkout, then `--vs`'s folder) runs its own `streamlit run app.py` with the default settings (the
answers' map at its default budget, Streamlit's 120 s session TTL), on this checkout's Python. The server opens every
page of this checkout's registry once (RSS after warm-up), then takes the hostile visits of
tests/protocol/test_fuzz.py (a hostile link on a random page, then 7 actions: typing hostile or plain sentences, moving
between pages, editing the playground's grids; 3 tabs at a time, the test's seed: RSS after the fuzz), then the soak
of tests/protocol/test_memory.py (30 tabs typing distinct six-word sentences on four live pages: RSS after the soak).
Pages the other build does not have answer "page not found" there; both builds get the same requests.
"""
from __future__ import annotations

import argparse
import asyncio
import random
from pathlib import Path

from benchmarks.harness import ROOT, streamlit_server
from benchmarks.latency import rss_mb
from benchmarks.protocol import run
from tests.protocol import test_memory
from tests.protocol.test_fuzz import ACTIONS, SEED, WORKERS, visit, warm_up


async def hostile(url: str, visits: int) -> int:
    """`visits` hostile visits of test_fuzz (its seed), WORKERS tabs at a time; the number of reruns."""
    rng, results = random.Random(SEED), []
    seeds = [rng.randrange(2**32) for _ in range(visits)]

    async def worker(k: int) -> None:
        for seed in seeds[k::WORKERS]:
            await visit(url, random.Random(seed), results)

    await asyncio.gather(*(worker(k) for k in range(WORKERS)))
    return len(results)


def measure(folder: Path, visits: int, soak: int) -> str:
    """One build's RSS after warm-up, after the fuzz and after the soak, as a line."""
    with streamlit_server(app_dir=folder, timeout=120) as (url, proc):
        run(warm_up(url))
        warm = rss_mb(proc.pid)
        n = run(hostile(url, visits))
        fuzzed = rss_mb(proc.pid)
        run(test_memory.reruns(url, test_memory.FIRST, soak))
        soaked = rss_mb(proc.pid)
    return (f"{folder.name:>10s}: RSS after warm-up {warm:5.0f} MB, after {n} hostile reruns {fuzzed:5.0f} MB "
            f"(+{fuzzed - warm:.0f}), after a {soak}-rerun soak {soaked:5.0f} MB (+{soaked - warm:.0f})")


def main(argv=None) -> None:
    """Measure each build in turn and print their lines."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--vs", type=Path, default=None, help="another checkout's folder")
    ap.add_argument("--visits", type=int, default=85, help=f"hostile visits ({1 + ACTIONS} reruns each)")
    ap.add_argument("--soak", type=int, default=1000, help="reruns of the soak")
    args = ap.parse_args(argv)
    for folder in [ROOT] + ([args.vs] if args.vs else []):
        print(measure(folder, args.visits, args.soak), flush=True)


if __name__ == "__main__":
    main()
