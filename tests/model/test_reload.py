"""After a source edit, Streamlit re-imports every module of the app (its watcher evicts them all from sys.modules)
while st.cache_resource keeps the models it loaded. Recording and editing must still reach those models' hook
points: every caller goes through the model's own recording()/editing(), not a freshly imported model.hooks."""
import importlib
import sys
from contextlib import contextmanager

import numpy as np
import torch

from model.checkpoint import load_bundle
from model.evaluate import held_out

TEXT = "i have a cat"


@contextmanager
def reloaded():
    """Inside the block, model.* modules are imported afresh as Streamlit does after an edit; the originals are put
    back afterwards."""
    saved = {name: mod for name, mod in sys.modules.items() if name == "model" or name.startswith("model.")}
    for name in saved:
        del sys.modules[name]
    try:
        yield importlib.import_module
    finally:
        for name in [n for n in sys.modules if n == "model" or n.startswith("model.")]:
            del sys.modules[name]
        sys.modules.update(saved)


def test_a_cached_model_is_recorded_and_edited_by_reimported_code():
    bundle = load_bundle("en-zh")  # loaded before the edit, as st.cache_resource keeps it
    with reloaded() as reimport:
        check_glass_box(bundle, *(reimport(f"model.{m}") for m in ("ablation", "lessons", "trace")))


def check_glass_box(bundle, ablation, lessons, trace) -> None:
    """Every recording and edit of the re-imported code reaches the cached model."""
    fresh = sys.modules["model.transformer"].Transformer  # imported afresh with lessons (a package of modules)
    assert fresh is not type(bundle.transformer), "the code under test really is a second import"

    means = ablation.mean_z(bundle, held_out(8))
    cfg = bundle.config
    assert len(means) == 3 * cfg.N and all(m.shape == (cfg.h, cfg.d_k) for m in means.values())
    point = lessons.attention_cost(bundle.transformer, [8], repeats=1)[0]
    assert point.score_bytes == bundle.config.h * 8 * 8 * 4

    ids = bundle.src_vocab.encode(TEXT, bundle.config.max_len).ids
    out_pe, _ = sys.modules["model.lessons.order"].encoder_outputs(bundle.transformer, ids, with_pe=True)
    out_no_pe, _ = sys.modules["model.lessons.order"].encoder_outputs(bundle.transformer, ids, with_pe=False)
    assert np.abs(out_pe - out_no_pe).max() > 1e-3, "the PE edit reached the cached model's hook point"

    own = trace.run_with_trace(bundle, TEXT).decoded.ids
    heads = [("cross", layer, head) for layer in range(bundle.config.N) for head in range(bundle.config.h)]
    intact, knocked = ablation.sequence_log_probs(bundle, TEXT, own, [[], heads], "zero")
    assert knocked < intact - 1.0, "knocking every cross-attention head out reached the cached model"


def test_a_cached_pretrained_model_is_recorded_by_reimported_code(hf_paths):
    from tests.hf_models import require_transformers

    require_transformers()
    from model import pretrained

    pm = pretrained.load(str(hf_paths["bert"]))  # hooks attached by this import of model.pretrained
    with reloaded() as reimport:
        fresh = reimport("model.pretrained")
        assert fresh is not pretrained
        with torch.inference_mode():
            trace = fresh.run(pm, "i have a cat")
    assert trace.check < 1e-5 and trace.attn("encoder", 0).pattern.shape[0] == pm.config.num_attention_heads
