"""The shipped checkpoints load without pickle, are small, and translate the seeds' sentences."""
import json
import subprocess
import sys
from pathlib import Path

import pytest
import torch

from model.checkpoint import CHECKPOINT_DIR, available_models, load_bundle
from model.decoding import DecodeOptions
from model.tokenizer import UNK
from model.trace import run_with_trace

ROOT = Path(__file__).resolve().parents[2]


MB = 1024 * 1024


def test_expected_checkpoints_are_shipped_and_small():
    names = available_models()
    assert {"en-zh", "en-zh-unguided", "zh-en", "en-zh-pre"} <= set(names)
    for name in names:
        files = [f for f in (CHECKPOINT_DIR / name).iterdir() if f.is_file()]
        assert sum(f.stat().st_size for f in files) <= 12 * MB, name  # 2.6M float32 parameters at most
        assert not list((CHECKPOINT_DIR / name).rglob("*.pt")), "weights are safetensors, not pickles"
    snapshots = [f for f in CHECKPOINT_DIR.glob("*/snapshots/*") if f.is_file()]
    # float16: 8 of 2.6M parameters each for en-zh and its twin
    assert sum(f.stat().st_size for f in snapshots) <= 88 * MB


def twin_pair(root: Path, change: dict, config_change: dict | None = None) -> Path:
    """en-zh's config and log under root as "a" and, changed, as "b" (the alignment weight always 0 there)."""
    log = json.loads((CHECKPOINT_DIR / "en-zh" / "train_log.json").read_text())
    config = json.loads((CHECKPOINT_DIR / "en-zh" / "config.json").read_text())
    for name, lg, cfg in (("a", log, config), ("b", {**log, **change, "align_weight": 0.0},
                                                 {**config, **(config_change or {})})):
        (root / name).mkdir(parents=True)
        (root / name / "train_log.json").write_text(json.dumps({**lg, "args": {**lg["args"], "out": name}}))
        (root / name / "config.json").write_text(json.dumps(cfg))
    return root


def test_twins_are_models_trained_alike_but_for_the_alignment_loss(tmp_path):
    from model.checkpoint import trained_alike

    log = json.loads((CHECKPOINT_DIR / "en-zh" / "train_log.json").read_text())
    assert trained_alike("a", "b", twin_pair(tmp_path / "same", {}))
    assert not trained_alike("a", "b", twin_pair(tmp_path / "data", {"data": {**log["data"], "mix": "grammar"}}))
    assert not trained_alike("a", "b", twin_pair(tmp_path / "steps", {"args": {**log["args"], "steps": "9000"}}))
    assert not trained_alike("a", "b", twin_pair(tmp_path / "size", {}, {"d_model": 96}))


def test_the_shipped_unguided_model_is_called_a_twin_only_if_it_is_one():
    """en-zh-unguided is the en-zh twin exactly when its record says so (it learned from the grammar alone while
    en-zh learned from Tatoeba and the grammar: then the app shows no side-by-side comparison)."""
    from model.checkpoint import trained_alike

    guided, free = load_bundle("en-zh"), load_bundle("en-zh-unguided")
    assert guided.guided and not free.guided
    logs = [json.loads((CHECKPOINT_DIR / n / "train_log.json").read_text()) for n in ("en-zh", "en-zh-unguided")]
    same = guided.config == free.config and logs[0]["data"] == logs[1]["data"] and \
        {k: v for k, v in logs[0]["args"].items() if k not in ("align_weight", "out")} == \
        {k: v for k, v in logs[1]["args"].items() if k not in ("align_weight", "out")}
    assert trained_alike("en-zh", "en-zh-unguided") == same


def test_output_projection_is_tied_to_the_target_embedding():
    model = load_bundle("en-zh").transformer
    assert model.generator.weight is model.tgt_lut.weight


def test_default_model_self_attention_is_not_saturated():
    """No self-attention layer of the default model puts > 0.99 of its weight on one key in over 25 % of rows."""
    from model.evaluate import attention_stats, held_out

    stats = attention_stats(load_bundle("en-zh"), held_out(300))
    for block in ("encoder self", "decoder self"):
        for layer, s in enumerate(stats[block]):
            assert s["saturated"] <= 0.25, (block, layer, s)
            assert s["median_abs_scaled"] < 10, (block, layer, s)


@pytest.mark.parametrize("text,expected", [
    ("I have a cat", "我有一只猫"),
    ("why do we work ?", "我们为什么工作？"),
    ("Why do we work?", "我们为什么工作？"),
    ("I eat apples every day .", "我每天吃苹果。"),
    ("do you have a cat ?", "你有一只猫吗？"),
    ("the cat is cute", "猫很可爱"),
    ("this is my book", "这是我的书"),
    ("I have a cat and a dog", "我有一只猫和一只狗"),
    ("I don't have a dog.", "我没有狗。"),
])
def test_en_zh_translates_the_seed_sentences(text, expected):
    bundle = load_bundle("en-zh")
    for method in ("greedy", "beam"):
        assert run_with_trace(bundle, text, DecodeOptions(method)).output_text == expected


@pytest.mark.parametrize("text,expected", [("我有一只猫", "I have a cat"), ("我们为什么工作？", "Why do we work?"),
                                           ("我们为什么工作", "Why do we work"), ("猫很可爱", "The cat is cute")])
def test_zh_en_translates_the_seed_sentences(text, expected):
    assert run_with_trace(load_bundle("zh-en"), text).output_text == expected


def test_pre_norm_checkpoint_is_pre_norm_and_works():
    bundle = load_bundle("en-zh-pre")
    assert bundle.config.norm == "pre"
    assert run_with_trace(bundle, "I have a cat").output_text == "我有一只猫"


def test_cross_attention_aligns_cat_with_cat():
    """The row that predicts 猫 attends (head average, last layer) most to "cat"."""
    trace = run_with_trace(load_bundle("en-zh"), "I have a cat")
    pattern = trace[f"decoder.{trace.config.N - 1}.cross_attn.hook_pattern"].mean(0)  # (T, S)
    row = trace.decoded.tokens.index("猫")  # row t predicts output token t
    assert trace.src.tokens[pattern[row].argmax()] == "cat"


def test_cli_trace_json_is_complete():
    out = subprocess.run([sys.executable, "-m", "model", "trace", "I have a wug", "--json"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    d = json.loads(out)
    assert d["src"]["tokens"] == ["i", "have", "a", "wug"] and d["src"]["unknown"] == [False, False, False, True]
    names = {h["name"] for h in d["hooks"]}
    assert {"hook_src_embed", "hook_pos_enc", "encoder.0.self_attn.hook_q", "decoder.1.cross_attn.hook_pattern",
            "encoder.0.hook_resid_mid", "hook_logits"} <= names
    assert all(h["shape"] and isinstance(h["data"], list) for h in d["hooks"])
    assert d["steps"] and d["steps"][-1]["chosen_token"] == "<eos>"


def test_cli_reports_empty_input_without_traceback():
    r = subprocess.run([sys.executable, "-m", "model", "trace", "  "], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 2 and "no tokens" in r.stderr and "Traceback" not in r.stderr


def test_cli_runs_the_model_on_one_thread():
    """`python -m model trace` sets torch to one thread, whatever the process started with."""
    code = ("import torch; torch.set_num_threads(2); from model.__main__ import main; "
            "main(['trace', 'I have a cat']); print('threads', torch.get_num_threads())")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert out.splitlines()[-1] == "threads 1" and "我有一只猫" in out


def test_training_is_deterministic(tmp_path):
    """Two short runs with the fixed seed give bit-identical weights (the grammar recipe of the After 2017 family)."""
    from safetensors.torch import load_file

    cmd = [sys.executable, "-m", "model.train", "--task", "en-zh", "--recipe", "grammar", "--steps", "15", "--pairs",
           "800", "--batch-size", "32"]
    for name in ("a", "b"):
        subprocess.run(cmd + ["--out", str(tmp_path / name)], cwd=ROOT, check=True, capture_output=True)
    a, b = load_file(str(tmp_path / "a/model.safetensors")), load_file(str(tmp_path / "b/model.safetensors"))
    assert a.keys() == b.keys() and all(torch.equal(a[k], b[k]) for k in a)


def test_drafted_greedy_equals_plain_greedy_on_held_out_sentences():
    """The app's speed-up (the previous translation as a draft) gives exactly the plain greedy translation."""
    from model.evaluate import held_out
    from model.tokenizer import detokenize

    bundle = load_bundle("en-zh")
    pairs = [p for p in held_out(60) if UNK not in p.en][:40]  # a name is typed, not "<unk>"
    previous, exact = [], 0
    for p in pairs:
        text = detokenize(list(p.en), "en")
        plain = run_with_trace(bundle, text)
        drafted = run_with_trace(bundle, text, draft=previous)
        assert drafted.decoded.ids == plain.decoded.ids
        exact += drafted.output_text == "".join(p.zh)
        previous = plain.decoded.ids
    assert exact >= 36  # and the translations are the right ones (exact match is ~95 % on held-out pairs)
