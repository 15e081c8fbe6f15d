"""Messages of the lab pages (training timeline)."""

MESSAGES = {
    "nav.lab_timeline": {"en": "Lab: attention forming", "zh": "实验：注意力如何形成"},
    "lab.header": {"en": "Watch attention form during training", "zh": "看注意力在训练中形成"},
    "lab.caption": {
        "en": "The same model saved at {n} moments of its training, from random initialisation (step 0) to the "
              "shipped model, each run live on your sentence. Left: the model also trained to align its last "
              "cross-attention layer with the word alignment; right: its twin that only learned to translate.",
        "zh": "同一个模型在训练中保存的 {n} 个时刻：从随机初始化（第 0 步）到最终发布的模型，每一个都实时处理你的句子。"
              "左：还被训练让最后一层交叉注意力贴近词对齐的模型；右：只学翻译的孪生模型。",
    },
    "lab.caption_alone": {
        "en": "The same model saved at {n} moments of its training, from random initialisation (step 0) to the "
              "shipped model, each run live on your sentence. “{other}” is not beside it: the two learned from "
              "different data, so they are not twins that differ only in the alignment loss.",
        "zh": "同一个模型在训练中保存的 {n} 个时刻：从随机初始化（第 0 步）到最终发布的模型，每一个都实时处理你的句子。"
              "旁边没有“{other}”：两者学自不同的数据，不是只差对齐损失的孪生模型。",
    },
    "lab.no_snapshots": {
        "en": "Training snapshots are shipped for two models only: “English → 中文” and “English → 中文 (attention "
              "unguided)”. Pick one of them in the Model box to watch their attention form.",
        "zh": "训练快照只随两个模型提供：“英语 → 中文”与“英语 → 中文（注意力未引导）”。"
              "在“模型”框中选择其中之一来观察注意力的形成。",
    },
    "lab.step": {"en": "Training step", "zh": "训练步数"},
    "lab.play": {"en": "Play", "zh": "播放"},
    "lab.stop": {"en": "Stop", "zh": "停止"},
    "lab.curves": {"en": "Loss and exact match during training", "zh": "训练中的损失与完全匹配率"},
    "lab.step_axis": {"en": "training step + 1 (log scale)", "zh": "训练步数 + 1（对数刻度）"},
    "lab.step_word": {"en": "step", "zh": "步数"},
    "lab.loss": {"en": "training loss", "zh": "训练损失"},
    "lab.exact": {"en": "exact match (held-out)", "zh": "完全匹配率（留出集）"},
    "lab.guided": {"en": "trained to align", "zh": "经过对齐训练"},
    "lab.unguided": {"en": "learned on its own", "zh": "自己学出"},
    "lab.model_line": {
        "en": "**{model}** ({kind}) at step {step:,}: exact match {exact:.0%} on held-out sentences",
        "zh": "**{model}**（{kind}）第 {step:,} 步：留出句子完全匹配率 {exact:.0%}",
    },
    "lab.translation": {"en": "Its translation of your sentence:", "zh": "它对你的句子的翻译："},
    "lab.block_encoder": {"en": "Encoder self-attention", "zh": "编码器自注意力"},
    "lab.block_decoder": {"en": "Decoder masked self-attention", "zh": "解码器掩码自注意力"},
    "lab.block_cross": {"en": "Cross-attention", "zh": "交叉注意力"},
    "lab.fig_grid": {"en": "{block}, step {step:,}", "zh": "{block}，第 {step:,} 步"},
}
