"""Messages of the page "How far an attention map can be trusted"."""

MESSAGES = {
    "nav.trust": {"en": "How far attention can be trusted", "zh": "注意力图能信多少"},
    "trust.header": {"en": "How far an attention map can be trusted", "zh": "注意力图能信多少"},
    "trust.caption": {
        "en": "An attention map shows where a layer looked, not why the model wrote what it wrote. This page puts the "
              "cross-attention for your sentence beside three other measurements of what the translation depends "
              "on, all computed live on the model as trained (÷√d_k, temperature 1) and its greedy translation.",
        "zh": "注意力图显示的是某一层看向哪里，而不是模型为什么写出这个词。本页把你的句子的交叉注意力和另外三种"
              "“译文依赖什么”的测量放在一起，全部在训练好的模型（÷√d_k、温度 1）及其贪心译文上实时计算。",
    },
    "trust.translation": {
        "en": "Translation (greedy, the model as trained):",
        "zh": "译文（贪心解码，训练好的模型）：",
    },
    "trust.attribution_header": {"en": "Attention beside attribution", "zh": "注意力与归因并排"},
    "trust.attribution_text": {
        "en": "**Gradient × input** (Shrikumar et al. 2016; Ancona et al., ICLR 2018) asks the model itself: for "
              "output token t, how much does log P(token t | the source, the tokens before it) change as each "
              "source token's embedding grows along itself? The gradient of that log-probability with respect to "
              "the source embedding (token embedding × √d_model, before the positional encoding), multiplied by "
              "the embedding and summed over d_model, gives one signed number per source token: positive raises "
              "the token's probability, negative lowers it. It is a first-order (linear) estimate, exact only for "
              "small changes; where the model is already sure (P close to 1) log P hardly moves and the sign can "
              "turn, the saturation that integrated gradients (Sundararajan et al. 2017) were designed for. The "
              "agreement below therefore compares magnitudes.",
        "zh": "**梯度 × 输入**（Shrikumar 等，2016；Ancona 等，ICLR 2018）直接问模型本身：对输出词元 t，"
              "当每个源词元的嵌入沿自身方向变大时，log P（词元 t | 源句，它之前的词元）变化多少？"
              "把这个对数概率对源嵌入（词嵌入 × √d_model，加位置编码之前）的梯度乘以嵌入，再对 d_model 求和，"
              "每个源词元得到一个有符号的数：正数提高该词元的概率，负数降低它。这是一阶（线性）估计，"
              "只对小的变化准确；模型已经很确定时（P 接近 1），log P 几乎不动，符号可能反转，这正是积分梯度"
              "（Sundararajan 等，2017）要解决的饱和问题。因此下面的一致性比较的是绝对值大小。",
    },
    "trust.compare_caption": {
        "en": "Left: layer {layer}'s cross-attention averaged over its {h} heads. Right: gradient × input for the "
              "same rows (each output token, the decoder fed the translation's own prefix) and columns (the "
              "source tokens), each row divided by the sum of its absolute values, so that like the attention "
              "row its magnitudes add up to 1 (the sign stays).",
        "zh": "左：第 {layer} 层的交叉注意力（{h} 个头的平均）。右：同样的行（每个输出词元，解码器输入的是译文"
              "自己的前缀）和列（源词元）上的梯度 × 输入，每行除以该行绝对值之和，使它像注意力的一行那样"
              "绝对值加起来等于 1（符号保留）。",
    },
    "trust.heads": {"en": "The same layer, head by head", "zh": "同一层，逐个头"},
    "trust.rollout_header": {"en": "Attention rollout over the encoder", "zh": "编码器上的注意力展开"},
    "trust.rollout_text": {
        "en": "After the first layer a position's vector is already a mixture of the whole sentence, so a later "
              "layer's attention weights say little about input words. **Attention rollout** (Abnar & Zuidema, "
              "ACL 2020) follows the mixing through the layers: each layer's weights are averaged over heads, the "
              "identity is added for the residual connection, the rows are renormalised, and the layers are "
              "multiplied from the first up. It ignores the values, the FFNs and LayerNorm, so it is a "
              "heuristic, not a measurement.",
        "zh": "从第一层之后，每个位置的向量已经是整句的混合，所以后面层的注意力权重对输入词说明得很少。"
              "**注意力展开**（Abnar 与 Zuidema，ACL 2020）沿层追踪这种混合：每层的权重对头取平均，"
              "加上单位矩阵代表残差连接，每行重新归一化，再从第一层起逐层相乘。它忽略了值向量（V）、FFN 和 "
              "层归一化，所以是一种启发式方法，而不是测量。",
    },
    "trust.rollout_caption": {
        "en": "Left: the last encoder layer's own weights (head average). Right: the rollout through all {n} "
              "layers; row i: how much of input token j reaches position i at the encoder's top.",
        "zh": "左：编码器最后一层自己的权重（头平均）。右：经过全部 {n} 层的展开；第 i 行：输入词元 j "
              "有多少到达编码器顶层的位置 i。",
    },
    "trust.swap_header": {"en": "Experiment: replace one layer's cross-attention", "zh": "实验：替换一层的交叉注意力"},
    "trust.swap_text": {
        "en": "If attention explains the output, other weights should give another output. **Jain & Wallace** "
              "(NAACL 2019) found that permuted or adversarial weights often leave a model's prediction almost "
              "unchanged, and concluded that attention is not explanation; **Wiegreffe & Pinter** (EMNLP 2019) "
              "answered that this depends on the model and the task, and that attention can be one explanation "
              "without being the only one. Here the chosen layer's weights are replaced in every decoding step "
              "(its heads' outputs recomputed from the new weights and the layer's own values), and the sentence "
              "is translated again.",
        "zh": "如果注意力解释了输出，那么换一组权重就应该得到另一个输出。**Jain 与 Wallace**（NAACL 2019）"
              "发现打乱的或对抗的权重常常几乎不改变模型的预测，于是认为注意力不是解释；**Wiegreffe 与 Pinter**"
              "（EMNLP 2019）回应说，这取决于模型和任务，注意力可以是一种解释，但不是唯一的解释。"
              "这里在每一步解码中替换所选层的权重（这一层各头的输出由新权重和该层自己的值向量 V 重新计算），"
              "然后重新翻译这个句子。",
    },
    "trust.swap": {"en": "Replace the weights by", "zh": "把权重替换为"},
    "trust.swap_permute": {"en": "a random permutation", "zh": "随机置换"},
    "trust.swap_uniform": {"en": "a uniform distribution", "zh": "均匀分布"},
    "trust.swap_adversarial": {"en": "all on the least-attended token", "zh": "全部放到最少被关注的词元上"},
    "trust.short_permute": {"en": "permuted", "zh": "置换"},
    "trust.short_uniform": {"en": "uniform", "zh": "均匀"},
    "trust.short_adversarial": {"en": "least-attended", "zh": "最少关注"},
    "trust.swap_layer": {"en": "Cross-attention layer", "zh": "交叉注意力层"},
    "trust.swap_seed": {"en": "Permutation seed", "zh": "置换的随机种子"},
    "trust.permutation": {
        "en": "Source position i now gets the weight that position `perm[i]` had: {pairs}.",
        "zh": "源位置 i 现在得到的是位置 `perm[i]` 原来的权重：{pairs}。",
    },
    "trust.swapped_translation": {
        "en": "Translation with layer {layer} replaced:",
        "zh": "替换第 {layer} 层后的译文：",
    },
    "trust.same_output": {"en": "The translation is **unchanged**.", "zh": "译文**没有变化**。"},
    "trust.new_output": {"en": "The translation **changed**.", "zh": "译文**变了**。"},
    "trust.log_p": {
        "en": "log P(the original translation): {before:.3f} → {after:.3f} (Δ = {delta:+.3f}, ×{ratio:.3g} as "
              "likely), each token given the original prefix.",
        "zh": "log P（原译文）：{before:.3f} → {after:.3f}（Δ = {delta:+.3f}，概率变为原来的 {ratio:.3g} 倍），"
              "每个词元都以原译文的前缀为条件。",
    },
    "trust.twins_header": {"en": "Does attention agree with attribution?", "zh": "注意力与归因一致吗？"},
    "trust.twins_text": {
        "en": "For each output token: is the most-attended source token (last cross-attention layer, head "
              "average) also the one with the largest |gradient × input|, and how well do the two rank the source "
              "tokens (Spearman rank correlation, averaged over the output tokens)? A model whose cross-attention "
              "was trained to align is told where to look; its twin, trained without that loss, is not.",
        "zh": "对每个输出词元：最受关注的源词元（最后一层交叉注意力，头平均）是否也是 |梯度 × 输入| 最大的那个？"
              "两者对源词元的排序有多一致（Spearman 秩相关，对输出词元取平均）？交叉注意力被训练去对齐的模型"
              "被告知该看哪里；它的孪生模型没有这个损失，没有人告诉它。",
    },
    "trust.col_model": {"en": "model", "zh": "模型"},
    "trust.col_kind": {"en": "cross-attention", "zh": "交叉注意力"},
    "trust.kind_guided": {"en": "trained to align", "zh": "训练去对齐"},
    "trust.kind_unguided": {"en": "learned on its own", "zh": "自己学出"},
    "trust.col_argmax": {"en": "same argmax", "zh": "argmax 相同"},
    "trust.col_spearman": {"en": "mean Spearman ρ", "zh": "平均 Spearman ρ"},
    "trust.verdict_more": {
        "en": "On this sentence the attention of {guided}, trained to align, agrees with its attribution more than "
              "that of {unguided} does, on both measures.",
        "zh": "在这个句子上，训练去对齐的 {guided} 的注意力与其归因的一致程度，在两项指标上都高于 {unguided}。",
    },
    "trust.verdict_less": {
        "en": "On this sentence the attention of {guided}, trained to align, agrees with its attribution less than "
              "that of {unguided} does, on both measures: being trained to align did not make it a better "
              "explanation here.",
        "zh": "在这个句子上，训练去对齐的 {guided} 的注意力与其归因的一致程度，在两项指标上都低于 {unguided}："
              "训练去对齐并没有让它在这里成为更好的解释。",
    },
    "trust.verdict_mixed": {
        "en": "On this sentence neither model's attention agrees with its attribution better on both measures "
              "({guided}, trained to align, against {unguided}): being trained to align did not clearly make "
              "attention the better guide to what the output depends on.",
        "zh": "在这个句子上，没有哪个模型的注意力在两项指标上都与其归因更一致（训练去对齐的 {guided} 对比 "
              "{unguided}）：训练去对齐并没有明显让注意力更好地说明输出依赖什么。",
    },
    "trust.verdict_alone": {
        "en": "For {model}, {k} of {n} output tokens have the same most-attended and most-attributed source "
              "token. No twin trained without (or with) the alignment loss is shipped for this model.",
        "zh": "对 {model}，{n} 个输出词元中有 {k} 个的最受关注源词元与归因最大的源词元相同。"
              "这个模型没有随附去掉（或加上）对齐损失训练的孪生模型。",
    },
    "trust.one_token": {
        "en": "With one source token every weight and every attribution falls on it: type a longer sentence to "
              "compare them.",
        "zh": "只有一个源词元时，所有权重和归因都落在它上面：请输入更长的句子来比较。",
    },
    "trust.fig_attention": {
        "en": "Cross-attention, layer {layer} (head average)",
        "zh": "交叉注意力，第 {layer} 层（头平均）",
    },
    "trust.fig_attribution": {
        "en": "Gradient × input (share of each row)",
        "zh": "梯度 × 输入（每行的占比）",
    },
    "trust.fig_head": {
        "en": "Cross-attention, layer {layer}, head {head}",
        "zh": "交叉注意力，第 {layer} 层，头 {head}",
    },
    "trust.fig_raw": {"en": "Encoder layer {layer} alone (head average)", "zh": "仅编码器第 {layer} 层（头平均）"},
    "trust.fig_rollout": {"en": "Attention rollout through {n} encoder layers", "zh": "经过 {n} 层编码器的注意力展开"},
    "trust.axis_top": {"en": "position at the encoder's top", "zh": "编码器顶层的位置"},
    "trust.axis_input": {"en": "input token", "zh": "输入词元"},
    "trust.axis_output": {"en": "original output token", "zh": "原译文的词元"},
    "trust.fig_swapped": {
        "en": "Layer {layer} replaced by {swap}: the weights the new decoding used",
        "zh": "第 {layer} 层替换为{swap}：新的解码所用的权重",
    },
    "trust.fig_log_p": {"en": "log P of each original output token", "zh": "原译文每个词元的 log P"},
    "trust.series_trained": {"en": "as trained", "zh": "训练好的"},
    "trust.series_swapped": {"en": "layer replaced", "zh": "替换该层后"},
    "trust.fig_twins": {"en": "Attention against attribution, per model", "zh": "注意力与归因的一致程度，按模型"},
    "trust.series_argmax": {"en": "share with the same argmax", "zh": "argmax 相同的比例"},
    "trust.series_spearman": {"en": "mean Spearman ρ", "zh": "平均 Spearman ρ"},
    "trust.axis_agreement": {"en": "agreement", "zh": "一致程度"},
    "trust.layer": {"en": "layer {i}", "zh": "第 {i} 层"},
    "trust.fig_grid": {
        "en": "{model}: change in log P(its translation), each layer replaced alone",
        "zh": "{model}：其译文 log P 的变化，每次只替换一层",
    },
    "trust.grid_caption": {
        "en": "Every cross-attention layer replaced alone by each of the three, the original translation fed in "
              "(no new decoding): which layer's weights the output depends on, for the model and its twin if it "
              "has one, on one colour scale (at least ±1).",
        "zh": "每次只把一层交叉注意力替换为三种之一，输入原译文（不重新解码）：输出依赖哪一层的权重；"
              "模型有孪生模型时两者都显示，用同一个颜色刻度（至少 ±1）。",
    },
    "trust.per_token": {"en": "Each output token of {model}:", "zh": "{model} 的每个输出词元："},
    "trust.col_output": {"en": "output token", "zh": "输出词元"},
    "trust.col_attended": {"en": "most attended", "zh": "最受关注"},
    "trust.col_attributed": {"en": "largest |attribution|", "zh": "|归因| 最大"},
    "trust.col_same": {"en": "same", "zh": "相同"},
    "trust.col_rho": {"en": "Spearman ρ", "zh": "Spearman 秩相关 ρ"},
}
