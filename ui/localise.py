"""The English words the viz builders write into figures themselves, shown in the UI language."""
from __future__ import annotations

from ui.i18n import lang, t

# English words the viz builders put into figures by themselves (not parameters) -> message
VIZ_WORDS = {
    "value": "viz.value", "weight": "viz.weight", "probability": "viz.probability", "mean": "viz.mean",
    "variance": "viz.variance", "token": "axis.token", "position": "axis.position", "dimension": "axis.dimension",
    "before LayerNorm": "viz.before_ln", "after LayerNorm": "viz.after_ln",
    "<b>query</b>": "viz.query_bold", "<b>key</b>": "viz.key_bold",
}
ROLE_WORDS = {"query ": "axis.query", "key ": "axis.key"}  # head-view hover text "query 0: cat"


def localise(fig):
    """Swap the viz builders' own English words (colour-bar, legend and bar-axis titles, head-view labels,
    "(masked)" and "value" in hovers) for the UI language; English figures are returned untouched."""
    if lang() == "en":
        return fig
    words = {en: t(key) for en, key in VIZ_WORDS.items()}
    layout = fig["layout"]
    titled = [part for name, part in layout.items() if name.startswith(("xaxis", "yaxis")) or name == "legend"]
    titled.append(layout.get("coloraxis", {}).get("colorbar", {}))
    titled += [trace.get("colorbar", {}) for trace in fig["data"]]
    for part in titled:
        title = part.get("title")
        if isinstance(title, dict) and title.get("text") in words:
            title["text"] = words[title["text"]]
    for note in layout.get("annotations", []):
        note["text"] = words.get(note.get("text"), note.get("text"))
    for trace in fig["data"]:
        name, hover = trace.get("name"), trace.get("hovertemplate")
        if name in words:
            trace["name"] = words[name]
            if hover:
                hover = hover.replace(name, words[name])
        if hover:
            trace["hovertemplate"] = (hover.replace(" (masked)", t("viz.masked"))
                                      .replace("<br>value = ", f"<br>{words['value']} = "))
        if isinstance(trace.get("hovertext"), list):
            trace["hovertext"] = [role_text(str(text)) for text in trace["hovertext"]]
    return fig


def role_text(text: str) -> str:
    """ "query 0: cat" -> "查询 0: cat" (other hover texts unchanged)."""
    for prefix, key in ROLE_WORDS.items():
        if text.startswith(prefix):
            return t(key) + " " + text[len(prefix):]
    return text
