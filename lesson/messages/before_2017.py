"""Messages of the Before 2017 page: the RNN encoder–decoder (Cho et al., 2014), its bottleneck, and Bahdanau's
additive attention (2015), beside the Transformer (prefix b17.*)."""

MESSAGES = {
    "nav.before_2017": {"en": "Before 2017: RNNs & Bahdanau", "zh": "2017 年前：RNN 与 Bahdanau"},
    "b17.header": {"en": "Before 2017: the RNN encoder–decoder and the first attention",
                   "zh": "2017 年之前：RNN 编码器–解码器与最早的注意力"},
    "b17.caption": {
        "en": "Attention began inside a recurrent network. An RNN encoder–decoder (Cho et al., 2014) reads the "
              "sentence one word at a time and hands the decoder a single vector: its last state. Bahdanau, Cho & "
              "Bengio (2015) let the decoder look back at every encoder state at every step, with a score "
              "vₐᵀ tanh(Wₐ s + Uₐ h). Two such models, trained here on the same data and vocabularies as the "
              "Transformer, translate your sentence live.",
        "zh": "注意力诞生于循环神经网络之中。RNN 编码器–解码器（Cho 等，2014）一次读一个词，"
              "只把一个向量交给解码器：它的最后一个状态。Bahdanau、Cho 与 Bengio（2015）让解码器在每一步都回看"
              "编码器的每一个状态，打分公式是 vₐᵀ tanh(Wₐ s + Uₐ h)。这里用与 Transformer 相同的数据和词表训练了"
              "这样两个模型，实时翻译你输入的句子。",
    },
    "b17.en_only": {
        "en": "The recurrent models translate English into Chinese only. Pick “English → 中文” (or one of its "
              "variants) in the Model picker at the top to see them on your sentence; the length chart and Table 1 "
              "below do not need them.",
        "zh": "这两个循环模型只做英译中。请在顶部的“模型”选择框中选择“英语 → 中文”（或它的变体），"
              "才能在你的句子上看到它们；下面的长度图和表 1 不需要它们。",
    },
    "b17.translations": {"en": "Three translations of the same sentence", "zh": "同一个句子的三种翻译"},
    "b17.translations_caption": {
        "en": "Greedy decoding for all three, with the same repetition guard. An <unk> that RNNsearch writes is "
              "replaced by the source word its attention points to (Jean et al., 2015); RNNenc has no attention, so "
              "its <unk> is left out.",
        "zh": "三个模型都用贪心解码，并用相同的防重复规则。RNNsearch 写出的 <unk> 由它的注意力所指的源词替换"
              "（Jean 等，2015）；RNNenc 没有注意力，它的 <unk> 被略去。",
    },
    "b17.rnnenc_line": {"en": "**RNNenc** (the decoder sees only the last encoder state): {output}",
                        "zh": "**RNNenc**（解码器只看到编码器的最后一个状态）：{output}"},
    "b17.rnnsearch_line": {"en": "**RNNsearch** (additive attention over every encoder state): {output}",
                           "zh": "**RNNsearch**（对编码器每个状态做加性注意力）：{output}"},
    "b17.transformer_line": {"en": "**Transformer** ({model}):", "zh": "**Transformer**（{model}）："},
    "b17.trained": {
        "en": "{model}: {params} parameters, {steps} training steps in {minutes} minutes on one CPU thread; "
              "test.tsv BLEU {bleu}.",
        "zh": "{model}：{params} 个参数，在一个 CPU 线程上训练 {steps} 步，用时 {minutes} 分钟；test.tsv BLEU {bleu}。",
    },
    "b17.bottleneck": {"en": "The bottleneck: quality against sentence length", "zh": "瓶颈：翻译质量与句子长度"},
    "b17.bottleneck_caption": {
        "en": "BLEU on the 2,000 held-out pairs of test.tsv, grouped by the English sentence's length (Bahdanau et "
              "al.'s Figure 2). RNNenc must fit every sentence into one vector of {hidden} numbers; the longer the "
              "sentence, the more it loses.",
        "zh": "在 test.tsv 的 2,000 个留出句对上按英文句长分组计算的 BLEU（Bahdanau 等论文的图 2）。"
              "RNNenc 必须把每个句子都塞进一个 {hidden} 维的向量；句子越长，丢得越多。",
    },
    "b17.your_length": {"en": "The vertical line is your sentence: {n} words.", "zh": "竖线是你的句子：{n} 个词。"},
    "b17.align": {"en": "Alignment: the first attention map", "zh": "对齐：最早的注意力图"},
    "b17.align_caption": {
        "en": "Each row is one decoding step, each column a source word. RNNsearch was never told which word "
              "translates which: on held-out generated pairs its largest weight falls on the gold source word for "
              "{aligned} of the target tokens (rows above 0.99: {saturated}). The Transformer en-zh was trained to "
              "align its last cross-attention layer; its twin learned on its own.",
        "zh": "每一行是一个解码步，每一列是一个源词。从来没有人告诉 RNNsearch 哪个词对应哪个词：在留出的生成句对上，"
              "它的最大权重落在标准对齐源词上的目标词占 {aligned}（最大权重超过 0.99 的行：{saturated}）。"
              "Transformer en-zh 的最后一层交叉注意力是按对齐训练的；它的孪生模型是自己学的。",
    },
    "b17.step": {"en": "One decoding step, opened up", "zh": "打开一个解码步"},
    "b17.step_caption": {
        "en": "Step {i} ({row}). RNNsearch scores every encoder state hⱼ against the decoder's previous state "
              "s₍ᵢ₋₁₎ with a small network, eᵢⱼ = vₐᵀ tanh(Wₐ s₍ᵢ₋₁₎ + Uₐ hⱼ), turns the scores into weights with a "
              "softmax and reads the context cᵢ = Σⱼ αᵢⱼ hⱼ. The Transformer does the same step with a dot product: "
              "q·k/√d_k.",
        "zh": "第 {i} 步（{row}）。RNNsearch 用一个小网络给编码器的每个状态 hⱼ 与解码器上一步的状态 s₍ᵢ₋₁₎ 打分："
              "eᵢⱼ = vₐᵀ tanh(Wₐ s₍ᵢ₋₁₎ + Uₐ hⱼ)，用 softmax 把分数变成权重，再读出上下文 cᵢ = Σⱼ αᵢⱼ hⱼ。"
              "Transformer 用点积完成同一步：q·k/√d_k。",
    },
    "b17.rnn_side": {"en": "RNNsearch: additive attention", "zh": "RNNsearch：加性注意力"},
    "b17.tf_side": {"en": "Transformer: scaled dot product, step {i} ({row})",
                    "zh": "Transformer：缩放点积，第 {i} 步（{row}）"},
    "b17.col_word": {"en": "source word", "zh": "源词"},
    "b17.col_score": {"en": "score eⱼ = vₐᵀ tanh(Wₐs + Uₐhⱼ)", "zh": "分数 eⱼ = vₐᵀ tanh(Wₐs + Uₐhⱼ)"},
    "b17.col_weight": {"en": "αⱼ", "zh": "αⱼ"},
    "b17.col_qk": {"en": "q·k/√d_k (head average)", "zh": "q·k/√d_k（各头平均）"},
    "b17.col_tf_weight": {"en": "weight (head average)", "zh": "权重（各头平均）"},
    "b17.sizes": {
        "en": "s₍ᵢ₋₁₎ and hⱼ have {hidden} numbers, Wₐ and Uₐ map them to {attn}; the Transformer's d_k is {d_k}. "
              "The additive score runs a {attn}-wide layer for every word; the paper chose the dot product because "
              "it is one matrix multiplication, faster in practice, and divided it by √d_k because additive "
              "attention beat the unscaled dot product at large d_k (§3.2.1).",
        "zh": "s₍ᵢ₋₁₎ 与 hⱼ 各有 {hidden} 个数，Wₐ 和 Uₐ 把它们映射到 {attn} 维；Transformer 的 d_k 是 {d_k}。"
              "加性打分要对每个词算一个 {attn} 维的层；论文选择点积，是因为它只是一次矩阵乘法，实际更快；"
              "又因为在 d_k 较大时加性注意力胜过不缩放的点积，所以再除以 √d_k（§3.2.1）。",
    },
    "b17.table1": {"en": "Table 1 on your sentence: steps one after another", "zh": "你的句子上的表 1：一步接一步"},
    "b17.table1_caption": {
        "en": "Your sentence has n = {n} tokens. A recurrent layer needs {n} sequential steps, and the first word "
              "reaches the last state along a path of {n} links; a self-attention layer needs 1 step and a path of 1. "
              "Measured on one CPU thread, encoding {n} tokens took {gru} ms with RNNsearch's GRU encoder and {attn} "
              "ms with en-zh's encoder (three self-attention layers with their feed-forward layers).",
        "zh": "你的句子有 n = {n} 个词元。循环层需要 {n} 个顺序步骤，第一个词要经过 {n} 条边才到达最后的状态；"
              "自注意力层只需 1 步，路径长 1。在一个 CPU 线程上实测，编码这 {n} 个词元，RNNsearch 的 GRU 编码器"
              "用了 {gru} 毫秒，en-zh 的编码器（三层自注意力及其前馈层）用了 {attn} 毫秒。",
    },
    "b17.next": {
        "en": "Next: Self-attention (→). The Transformer drops the recurrence and keeps only the attention, "
              "with queries, keys and values.",
        "zh": "下一页：自注意力（→）。Transformer 去掉了循环，只保留注意力，用查询、键和值来计算。",
    },
    "b17.fig_alpha": {"en": "RNNsearch: α (additive attention)", "zh": "RNNsearch：α（加性注意力）"},
    "b17.fig_cross": {"en": "{model}: cross-attention, layer {layer}, head average",
                      "zh": "{model}：交叉注意力，第 {layer} 层，各头平均"},
    "b17.fig_states": {"en": "Decoder state, encoder states and context at step {step}",
                       "zh": "第 {step} 步的解码器状态、编码器状态与上下文"},
    "b17.axis_vector": {"en": "vector", "zh": "向量"},
    "b17.fig_hidden": {"en": "tanh(Wₐ s₍ᵢ₋₁₎ + Uₐ hⱼ) per source word", "zh": "每个源词的 tanh(Wₐ s₍ᵢ₋₁₎ + Uₐ hⱼ)"},
    "b17.fig_scores": {"en": "Additive scores and their softmax", "zh": "加性分数及其 softmax"},
    "b17.fig_qk": {"en": "q·k/√d_k at step {step}, cross-attention layer {layer}",
                   "zh": "第 {step} 步的 q·k/√d_k，交叉注意力第 {layer} 层"},
    "b17.fig_qk_weights": {"en": "softmax per head", "zh": "每个头的 softmax"},
    "b17.fig_bleu": {"en": "BLEU on test.tsv by source length", "zh": "按源句长度统计的 test.tsv BLEU"},
    "b17.axis_length": {"en": "English words (mean of the group)", "zh": "英文词数（组内平均）"},
    "b17.gru": {"en": "GRU encoder (RNNsearch)", "zh": "GRU 编码器（RNNsearch）"},
    "b17.self_attention": {"en": "self-attention encoder (en-zh)", "zh": "自注意力编码器（en-zh）"},
    "b17.fig_speed": {"en": "Time to encode n tokens, one CPU thread", "zh": "编码 n 个词元的时间（单个 CPU 线程）"},
    "tour.b17_bottleneck.title": {"en": "Before 2017 · One vector for the whole sentence",
                                  "zh": "2017 年之前 · 整句只有一个向量"},
    "tour.b17_bottleneck.text": {
        "en": "Before attention, a recurrent encoder read the {S} source tokens one after another: each state hⱼ "
              "waits for hⱼ₋₁, so encoding takes {S} sequential steps and the first word reaches the last state "
              "along {S} links (left). RNNenc (Cho et al., 2014) hands its decoder that last state alone: every "
              "sentence, short or long, becomes one vector. A self-attention layer (right) links every pair of words "
              "in one step. The Before 2017 page measures what the single vector costs on long sentences.",
        "zh": "在注意力出现之前，循环编码器一个接一个地读这 {S} 个源词元：每个状态 hⱼ 都要等 hⱼ₋₁，所以编码要 {S} "
              "个顺序步骤，第一个词要经过 {S} 条边才到达最后的状态（左）。RNNenc（Cho 等，2014）只把这最后一个状态"
              "交给解码器：无论句子长短，都变成一个向量。自注意力层（右）一步就连起任意两个词。“2017 年之前”页面"
              "实测了这一个向量在长句上的代价。",
    },
    "tour.b17_additive.title": {"en": "Before 2017 · Bahdanau's additive attention",
                                "zh": "2017 年之前 · Bahdanau 的加性注意力"},
    "tour.b17_additive.text": {
        "en": "Bahdanau, Cho & Bengio (2015) let the decoder look back. At every step it scores each encoder state "
              "hⱼ against its own previous state with a small network, turns the scores into weights with a softmax "
              "and reads their weighted sum. RNNsearch, trained here without any alignment loss, draws this map on an "
              "English sentence: each row is one step of its translation (through zh→en the map is the model's own "
              "last cross-attention layer). The Transformer keeps the weights and the "
              "weighted sum, and computes the score as a scaled dot product q·k/√d_k instead (with d_k = {d_k} here).",
        "zh": "Bahdanau、Cho 与 Bengio（2015）让解码器可以回看。每一步它用一个小网络给编码器的每个状态 hⱼ "
              "与自己上一步的状态打分，用 softmax 把分数变成权重，再读出加权和。这里训练的 RNNsearch 没有任何对齐损失，"
              "它在英文句子上画出这张图：每一行是译文的一步"
              "（选“中文 → 英语”模型时，这张图是该模型自己最后一层的交叉注意力）。"
              "Transformer 保留了权重和加权和，"
              "只把打分换成缩放点积 q·k/√d_k（这里 d_k = {d_k}）。",
    },
}
