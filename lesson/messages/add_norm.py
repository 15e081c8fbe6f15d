"""Messages of the Add & Norm page's lessons: Post- vs Pre-Norm residuals, LayerNorm vs BatchNorm (prefix ln.*)."""

MESSAGES = {
    "ln.caption_post": {
        "en": "LayerNorm recentres every token's vector to mean 0 and variance 1, then scales it by γ and shifts "
              "it by β (both learned). This model is Post-Norm: every layer's output has just passed a LayerNorm, "
              "so its size is set by that LayerNorm's γ and β, not by how many layers came before (table below).",
        "zh": "层归一化把每个词元的向量调整为均值 0、方差 1，再乘以可学习的 γ、加上可学习的 β。本模型是 Post-Norm："
              "每层的输出刚经过一次层归一化，所以它的大小由该层归一化的 γ 和 β 决定，而与前面堆了多少层无关（见下"
              "表）。",
    },
    "ln.caption_pre": {
        "en": "LayerNorm recentres every token's vector to mean 0 and variance 1, then scales it by γ and shifts "
              "it by β (both learned). This model is Pre-Norm: the LayerNorm sits inside each branch, the stream "
              "itself is never normalised, and its size grows with depth (table below).",
        "zh": "层归一化把每个词元的向量调整为均值 0、方差 1，再乘以可学习的 γ、加上可学习的 β。本模型是 Pre-Norm："
              "层归一化位于每个分支内部，残差流本身从不归一化，它的大小随深度增长（见下表）。",
    },
    "ln.residual_post": {
        "en": "Measured on this sentence ({stack}): {norms}. The first is the embedding + PE; in Post-Norm each "
              "later one is a LayerNorm's output: with γ = 1 and β = 0 it would be √d_model = {sqrt} (up to ε); "
              "the learned γ and β set it instead. Pick "
              "the Pre-Norm model above to compare.",
        "zh": "本句实测（{stack}）：{norms}。第一个是词嵌入 + 位置编码；Post-Norm 中之后的每一个都是层归一化的输出："
              "若 γ = 1、β = 0，它就是 √d_model = {sqrt}（忽略 ε）；实际的大小由学到的 γ 和 β 决定。"
              "可在上方选择 Pre-Norm 模型进行对比。",
    },
    "ln.residual_pre": {
        "en": "Measured on this sentence ({stack}): {norms}: the stream grew ×{ratio} over {n} layers, because each "
              "sublayer adds to it and nothing on the main path normalises it; a final LayerNorm is applied before "
              "the output. Pick a Post-Norm model above to compare.",
        "zh": "本句实测（{stack}）：{norms}：残差流经过 {n} 层变大了 {ratio} 倍，因为每个子层都往上加，而主路径上没有"
              "任何归一化；输出之前再做最后一次层归一化。可在上方选择 Post-Norm 模型进行对比。",
    },
    "ln.vs_bn": {"en": "LayerNorm vs BatchNorm: which axis", "zh": "层归一化与批归一化：沿哪个轴"},
    "ln.caption_vs_bn": {
        "en": "The tensor is (B, L, d_model): here B = 2 sentences (this one and “{second}”, the Masks page's "
              "second sentence), the input of encoder layer 0's first LayerNorm. LayerNorm takes one mean and "
              "variance per token, over its d_model = {d} features: {n_tok} pairs. BatchNorm (`BatchNorm1d` on "
              "(B, d_model, L), training statistics) takes one per feature, over the batch and the positions: {d} "
              "pairs, here over the {n_real} real tokens (PyTorch's BatchNorm would also count padding unless "
              "it is removed).",
        "zh": "张量形状为 (B, L, d_model)：这里 B = 2 个句子（本句和“{second}”，即“掩码”页的第二个句子），"
              "取编码器第 0 层第一个层归一化的输入。层归一化对每个词元、在它的 d_model = {d} 个特征上求一个均值和方差："
              "共 {n_tok} 组。批归一化（对 (B, d_model, L) 用 `BatchNorm1d`，训练时的统计量）对每个特征、跨批次和位"
              "置求一组："
              "共 {d} 组，这里用的是 {n_real} 个真实词元（PyTorch 的批归一化如果不去掉填充，也会把填充算进去）。",
    },
    "ln.fig_ln_stats": {"en": "LayerNorm: one mean per token (over d_model)", "zh": "层归一化：每个词元一个均值（"
                              "沿 d_model）"},
    "ln.fig_bn_stats": {"en": "BatchNorm: one mean per feature (over B × L)", "zh": "批归一化：每个特征一个均值（"
                              "沿 B × L）"},
    "ln.axis_feature": {"en": "feature (d_model)", "zh": "特征（d_model）"},
    "ln.axis_mean": {"en": "mean", "zh": "均值"},
    "ln.batch_effect": {
        "en": "The consequence: normalising this sentence alone instead of in the batch changes its BatchNorm "
              "output by up to {bn} (the statistics come from the other sentence too); its LayerNorm output "
              "changes by {ln}. A token's LayerNorm never depends on the rest of the batch, or on the sentence's "
              "length.",
        "zh": "后果：把本句单独归一化，而不是放在批次里，它的批归一化输出最多改变 {bn}（统计量也来自另一个句子）；"
              "层归一化输出的改变是 {ln}。一个词元的层归一化从不依赖批次中的其他句子，也不依赖句子长度。",
    },
    "ln.no_batch": {"en": "The Masks page's second sentence has no tokens; type one there to see a batch.",
                    "zh": "“掩码”页的第二个句子没有词元；在那里输入一句即可看到批次。"},
}
