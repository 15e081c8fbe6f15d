"""Every chart module the browser loads carries one version that changes when any module changes, so a browser or
the proxy (which keeps ?v= URLs for a year) can never mix an old sub-module with a new chart.js."""
import json
import re
import shutil
import urllib.parse
import urllib.request
from pathlib import Path

from benchmarks.protocol import Session, run
from ui.chart import STATIC_DIR, versioned_modules

# any module specifier, read independently of ui.chart: an import / export statement's, or a dynamic import's
SPECIFIER = re.compile(r"""^\s*(?:import|export)\b[^'"\n;]*?\bfrom\s*["']([^"']+)["']"""
                       r"""|\bimport\s*\(?\s*["']([^"']+)["']""", re.M)
LOADER_URL = re.compile(r"""import\(new URL\(("[^"]+")""")
BASE = "http://app.test/component/ui.chart.chart_js/"


def module_graph(entry: str, read) -> dict[str, str]:
    """Every module URL reachable from `entry` by its imports, with its code; read(url) gives a module's code."""
    graph, todo = {}, [entry]
    while todo:
        url = todo.pop()
        if url not in graph:
            graph[url] = read(url)
            todo += [urllib.parse.urljoin(url, a or b) for a, b in SPECIFIER.findall(graph[url])]
    return graph


def built_graph(source: Path, target: Path) -> dict[str, str]:
    """The module graph as the browser would load it from modules built from `source` into `target`."""
    target.mkdir()
    version = versioned_modules(source, target)
    read = lambda url: (target / urllib.parse.urlsplit(url).path.rsplit("/", 1)[1]).read_text(encoding="utf-8")
    return module_graph(f"{BASE}chart.js?v={version}", read)


def url_of(graph: dict[str, str], name: str) -> str:
    """The URL the browser loads module `name` from."""
    (url,) = [u for u in graph if urllib.parse.urlsplit(u).path.endswith("/" + name)]
    return url


def test_every_module_is_loaded_with_the_version_of_chart_js(tmp_path):
    graph = built_graph(STATIC_DIR, tmp_path / "served")
    names = {urllib.parse.urlsplit(u).path.rsplit("/", 1)[1] for u in graph}
    assert names == {p.name for p in STATIC_DIR.glob("*.js")}, "chart.js reaches every module"
    versions = {urllib.parse.parse_qs(urllib.parse.urlsplit(u).query).get("v", [""])[0] for u in graph}
    assert len(graph) == len(names) and len(versions) == 1 and "" not in versions, sorted(graph)


def test_chart_js_names_every_module_so_the_browser_fetches_them_in_one_round(tmp_path):
    """A new visitor's browser fetches chart.js, then everything it imports at once: a module that only a
    sub-module imports would be fetched one round trip later (three levels took ~300 ms on a first visit)."""
    graph = built_graph(STATIC_DIR, tmp_path / "served")
    entry = url_of(graph, "chart.js")
    direct = {urllib.parse.urljoin(entry, a or b) for a, b in SPECIFIER.findall(graph[entry])}
    assert direct | {entry} == set(graph), sorted(set(graph) - direct - {entry})


def test_changing_a_sub_module_changes_the_url_of_every_module(tmp_path):
    source = tmp_path / "static"
    shutil.copytree(STATIC_DIR, source, ignore=shutil.ignore_patterns("*.woff2", "*.txt"))
    before = built_graph(source, tmp_path / "a")
    assert built_graph(source, tmp_path / "b") == before, "unchanged modules keep their URLs (caches stay valid)"
    colour = source / "colour.js"  # imported by heatmap.js, grid.js and common.js
    colour.write_text(colour.read_text(encoding="utf-8") + "\n// changed\n", encoding="utf-8")
    after = built_graph(source, tmp_path / "c")
    assert url_of(after, "colour.js") != url_of(before, "colour.js")
    assert url_of(after, "chart.js") != url_of(before, "chart.js"), "the entry's URL changes too"
    assert url_of(after, "heatmap.js") != url_of(before, "heatmap.js"), "so does every module that imports it"


def test_the_server_serves_the_versioned_module_graph(server):
    """The loader the app sends names chart.js with ?v=; over HTTP every import of the served graph carries the
    same version, and each served module is its source file with only the import URLs changed."""
    async def loader() -> str:
        async with Session(server.url) as tab:
            result = await tab.rerun("self_attention", "s=a+cat")
        (js,) = {el.js_content for _, el in result.widgets("bidi_component") if "chart" in el.component_name}
        return js

    js = run(loader())
    entry = urllib.parse.urljoin(server.url, json.loads(LOADER_URL.search(js)[1]))
    version = urllib.parse.parse_qs(urllib.parse.urlsplit(entry).query)["v"][0]
    read = lambda url: urllib.request.urlopen(url, timeout=30).read().decode("utf-8")
    graph = module_graph(entry, read)
    assert {urllib.parse.urlsplit(u).query for u in graph} == {f"v={version}"}
    for url, code in graph.items():
        source = STATIC_DIR / urllib.parse.urlsplit(url).path.rsplit("/", 1)[1]
        assert code.replace(f"?v={version}", "") == source.read_text(encoding="utf-8"), url
    assert len(graph) == len(list(STATIC_DIR.glob("*.js")))
