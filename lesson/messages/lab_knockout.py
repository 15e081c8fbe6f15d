"""Messages of the head-knockout lab page."""

MESSAGES = {
    "nav.lab_knockout": {"en": "Lab: knock heads out", "zh": "实验：关掉注意力头"},
    "ko.header": {"en": "Knock attention heads out", "zh": "关掉注意力头"},
    "ko.caption": {
        "en": "Pick heads to switch off; the model runs again on your sentence with those heads' outputs replaced, "
              "in every decoding step. The map measures each head alone: how much less likely the "
              "model's own translation becomes without it.",
        "zh": "选择要关掉的头：模型会在每一步解码中把这些头的输出替换掉，再把你的句子跑一遍。"
              "热力图逐个衡量每个头：去掉它以后，模型自己的译文概率下降多少。",
    },
    "ko.mode": {"en": "Replace the head's output by", "zh": "把头的输出替换为"},
    "ko.mode_mean": {"en": "its mean over held-out text", "zh": "它在留出文本上的平均值"},
    "ko.mode_zero": {"en": "zeros", "zh": "零"},
    "ko.mode_explain": {
        "en": "Zeros remove the head and also shift what the next layer sees on average; the mean keeps that "
              "average and removes only what the head says about this sentence (mean ablation), usually the "
              "fairer test of what a head does.",
        "zh": "置零既去掉了这个头，也改变了下一层平均看到的输入；用平均值替换保留了这个平均，只去掉这个头针对本句的信息"
              "（均值消融），通常更能公平地检验一个头的作用。",
    },
    "ko.heads": {"en": "Heads knocked out", "zh": "被关掉的头"},
    "ko.most_important": {"en": "Knock out the most important", "zh": "关掉最重要的头"},
    "ko.pick": {"en": "Pick heads to knock out", "zh": "选择要关掉的头"},
    "ko.working": {"en": "Knocking each of the {n} heads out in turn…", "zh": "正在把 {n} 个头逐个关掉……"},
    "ko.head_label": {"en": "{block} · layer {layer} · head {head}", "zh": "{block} · 第 {layer} 层 · 头 {head}"},
    "ko.block_encoder": {"en": "encoder self", "zh": "编码器自注意力"},
    "ko.block_decoder": {"en": "decoder self", "zh": "解码器自注意力"},
    "ko.block_cross": {"en": "cross", "zh": "交叉注意力"},
    "ko.intact": {"en": "All heads (the model as trained)", "zh": "所有头（训练好的模型）"},
    "ko.ablated": {"en": "With the chosen heads knocked out", "zh": "关掉所选的头之后"},
    "ko.log_p": {
        "en": "log P(the intact model's translation): {base:.3f} → {ablated:.3f} (×{ratio:.3g} as likely)",
        "zh": "log P（完整模型的译文）：{base:.3f} → {ablated:.3f}（概率变为原来的 {ratio:.3g} 倍）",
    },
    "ko.steps": {"en": "Each decoding step", "zh": "每一步解码"},
    "ko.col_step": {"en": "step", "zh": "步"},
    "ko.col_intact": {"en": "all heads: token (p)", "zh": "所有头：词元（概率）"},
    "ko.col_ablated": {"en": "knocked out: token (p)", "zh": "关掉之后：词元（概率）"},
    "ko.importance": {"en": "How much each head matters for this sentence", "zh": "每个头对这个句子有多重要"},
    "ko.caption_scale": {
        "en": "The colours span at least ±{floor} (a drop of {floor} makes the translation {ratio} times less "
              "likely), so a head whose removal changes almost nothing stays pale.",
        "zh": "颜色范围至少是 ±{floor}（下降 {floor} 表示译文的概率变为原来的 1/{ratio}），"
              "所以关掉后几乎没有影响的头保持浅色。",
    },
    "ko.fig_importance": {
        "en": "Drop in log P(own translation) when one head is knocked out",
        "zh": "单独关掉一个头时，自己译文的 log P 下降多少",
    },
    "ko.axis_block": {"en": "block · layer", "zh": "模块 · 层"},
    "ko.axis_head": {"en": "head", "zh": "头"},
}
