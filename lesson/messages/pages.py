"""Messages of the pages: headers, captions, widget labels, figure and axis titles, table columns, notices.

Prefixes: axis.* / label.* / viz.* are shared by several pages (viz.* and some axis.* are the words every chart
writes: viz.style.Words, filled in by ui.i18n.viz_words); ctl.* the shared pickers; ov.* emb.* mh.* masks.*
dec.* an.* pg.* one page each (Self-attention's sa.* are in self_attention.py). Formulas, tokens and numbers are
not messages; {fields} are the same in both languages.
"""

MESSAGES: dict[str, dict[str, str]] = {
    # --- axis titles (passed to the viz builders) ---
    "axis.token": {"en": "token", "zh": "词元"},
    "axis.dimension": {"en": "dimension", "zh": "维度"},
    "axis.feature": {"en": "feature", "zh": "特征"},
    "axis.position": {"en": "position", "zh": "位置"},
    "axis.query": {"en": "query", "zh": "查询"},
    "axis.key": {"en": "key", "zh": "键"},
    "axis.query_row": {"en": "query (row)", "zh": "查询（行）"},
    "axis.key_col": {"en": "key (column)", "zh": "键（列）"},
    "axis.query_token": {"en": "query token", "zh": "查询词元"},
    "axis.key_token": {"en": "key token", "zh": "键词元"},
    "axis.head": {"en": "head", "zh": "注意力头"},
    "axis.source_key": {"en": "source token (key)", "zh": "源语言词元（键）"},
    "axis.coverage": {"en": "attention received over all steps", "zh": "所有步骤中得到的注意力之和"},
    "axis.decoder_prediction": {"en": "decoder input → prediction", "zh": "解码器输入 → 预测"},
    "axis.head_dimension": {"en": "head · dimension", "zh": "头 · 维度"},
    "axis.concat_dimension": {"en": "concat dimension", "zh": "拼接后的维度"},
    "axis.output_dimension": {"en": "output dimension", "zh": "输出维度"},
    "axis.hidden_unit": {"en": "hidden unit", "zh": "隐藏单元"},
    # --- labels used inside figures and tables ---
    "label.layer": {"en": "layer {i}", "zh": "第 {i} 层"},
    "label.head": {"en": "head {i}", "zh": "头 {i}"},
    "label.empty": {"en": "(empty)", "zh": "（空）"},
    "label.encoder": {"en": "encoder", "zh": "编码器"},
    "label.decoder": {"en": "decoder", "zh": "解码器"},
    "label.stack_layer": {"en": "{stack} layer {layer}", "zh": "{stack}第 {layer} 层"},
    # --- the architecture diagram's labels (viz.diagram.DiagramWords) ---
    "diagram.inputs": {"en": "Inputs", "zh": "输入"},
    "diagram.input_embedding": {"en": "Input Embedding", "zh": "输入嵌入"},
    "diagram.positional_encoding": {"en": "+ Positional Encoding", "zh": "+ 位置编码"},
    "diagram.self_attention": {"en": "Multi-Head\nSelf-Attention", "zh": "多头自注意力"},
    "diagram.add_norm": {"en": "Add & Norm", "zh": "残差 & 层归一化"},
    "diagram.feed_forward": {"en": "Feed Forward", "zh": "前馈网络"},
    "diagram.outputs": {"en": "Outputs\n(shifted right)", "zh": "输出\n（右移一位）"},
    "diagram.output_embedding": {"en": "Output Embedding", "zh": "输出嵌入"},
    "diagram.masked_self_attention": {"en": "Masked Multi-Head\nSelf-Attention", "zh": "带掩码的多头自注意力"},
    "diagram.cross_attention": {"en": "Multi-Head\nCross-Attention", "zh": "多头交叉注意力"},
    "diagram.linear": {"en": "Linear", "zh": "线性层"},
    "diagram.softmax": {"en": "Softmax", "zh": "softmax"},
    "diagram.probabilities": {"en": "Output Probabilities", "zh": "输出概率"},
    "diagram.encoder_stack": {"en": "Encoder layer × {n}", "zh": "编码器层 × {n}"},
    "diagram.decoder_stack": {"en": "Decoder layer × {n}", "zh": "解码器层 × {n}"},
    "diagram.memory": {"en": "K, V (memory)", "zh": "K, V（编码器输出）"},
    # --- words the viz builders write themselves (colour bars, legends, bar axes, head view, masked hover) ---
    "viz.value": {"en": "value", "zh": "数值"},
    "viz.weight": {"en": "weight", "zh": "权重"},
    "viz.probability": {"en": "probability", "zh": "概率"},
    "viz.mean": {"en": "mean", "zh": "均值"},
    "viz.variance": {"en": "variance", "zh": "方差"},
    "viz.before_ln": {"en": "before LayerNorm", "zh": "层归一化之前"},
    "viz.after_ln": {"en": "after LayerNorm", "zh": "层归一化之后"},
    "viz.masked": {"en": "−∞ (masked)", "zh": "−∞（已掩码）"},
    "viz.download": {"en": "Download as {format}", "zh": "下载为 {format}"},
    "viz.dim_sin": {"en": "dim {d} (sin)", "zh": "维度 {d}（sin）"},
    "viz.dim_cos": {"en": "dim {d} (cos)", "zh": "维度 {d}（cos）"},
    "viz.thinned": {"en": "1 in {n} labels shown", "zh": "每 {n} 个标签显示 1 个"},
    "viz.specials_hidden": {"en": "special tokens hidden, rows renormalised", "zh": "已隐藏特殊词元，各行重新归一化"},
    # --- shared pickers (ui/controls.py) ---
    "ctl.block": {"en": "Attention block", "zh": "注意力模块"},
    "ctl.layer": {"en": "Layer", "zh": "层"},
    "ctl.head": {"en": "Head", "zh": "头"},
    "ctl.query_token": {"en": "Query token", "zh": "查询词元"},
    "ctl.side_encoder": {"en": "Encoder self", "zh": "编码器自注意力"},
    "ctl.side_decoder": {"en": "Decoder masked self", "zh": "解码器掩码自注意力"},
    "ctl.side_cross": {"en": "Cross (decoder → encoder)", "zh": "交叉注意力"},  # short: the picker's row is narrow
    # --- Overview ---
    "ov.header": {"en": "Overview: one forward pass", "zh": "总览：一次前向传播"},
    "ov.model_line": {
        "en": "**Model** `{model}` · d_model = {d_model}, h = {h}, N = {n} encoder + {n} decoder layers, {norm}",
        "zh": "**模型** `{model}` · d_model = {d_model}，h = {h}，N = {n}（编码器与解码器各 {n} 层），{norm}",
    },
    "ov.source_tokens": {"en": "**Source tokens**", "zh": "**源语言词元**"},
    "ov.translation": {"en": "**Translation** (greedy decoding)", "zh": "**译文**（贪心解码）"},
    "ov.go_deeper": {"en": "**Go deeper**", "zh": "**深入了解**"},
    "ov.link_embeddings": {"en": "Embeddings & positional encoding", "zh": "词嵌入与位置编码"},
    "ov.link_self_attention": {"en": "Self-attention, step by step", "zh": "自注意力：逐步拆解"},
    "ov.link_multi_head": {"en": "Multi-head & layers", "zh": "多头注意力与多层"},
    "ov.link_masks": {"en": "Padding & causal masks", "zh": "填充掩码与因果掩码"},
    "ov.link_decoding": {"en": "Cross-attention & decoding", "zh": "交叉注意力与解码"},
    "ov.link_add_norm": {"en": "Add & Norm, FFN", "zh": "残差连接与层归一化、前馈网络"},
    "ov.link_playground": {"en": "Playground: edit the numbers", "zh": "动手实验：亲手改数字"},
    "ov.all_maps": {"en": "All attention maps (rows = layers, columns = heads)",
                    "zh": "全部注意力图（行 = 层，列 = 头）"},
    "ov.tab_encoder": {"en": "Encoder self-attention", "zh": "编码器自注意力"},
    "ov.tab_decoder": {"en": "Decoder masked self-attention", "zh": "解码器掩码自注意力"},
    "ov.tab_cross": {"en": "Cross-attention: decoder rows × source columns",
                     "zh": "交叉注意力：解码器（行）× 源语言（列）"},
    # --- Embeddings & PE ---
    "emb.header": {"en": "Embeddings & positional encoding", "zh": "词嵌入与位置编码"},
    "emb.this_sentence": {"en": "This sentence", "zh": "当前句子"},
    "emb.caption_sentence": {
        "en": "{n} tokens × d_model = {d_model}. Attention itself ignores order, so the position is added to each "
              "token's vector.",
        "zh": "{n} 个词元 × d_model = {d_model}。注意力本身不区分顺序，所以要把位置信息加到每个词元的向量上。",
    },
    "emb.fig_embedding": {"en": "Token embedding × √d_model", "zh": "词嵌入 × √d_model"},
    "emb.fig_pe_tokens": {"en": "Positional encoding PE (these positions)", "zh": "位置编码 PE（这些位置）"},
    "emb.fig_x": {"en": "X = embedding + PE (encoder input)", "zh": "X = 词嵌入 + PE（编码器输入）"},
    "emb.explore": {"en": "Explore the encoding", "zh": "探索位置编码"},
    "emb.base": {"en": "base", "zh": "底数"},
    "emb.length": {"en": "positions (length)", "zh": "位置个数（长度）"},
    "emb.fig_pe_full": {"en": "PE for {length} positions × {d} dimensions (base {base})",
                        "zh": "PE：{length} 个位置 × {d} 个维度（底数 {base}）"},
    "emb.dims_to_plot": {"en": "Dimensions to plot", "zh": "要绘制的维度"},
    "emb.fig_curves": {"en": "PE[pos, d] along the positions", "zh": "PE[pos, d] 随位置的变化"},
    "emb.caption_clock": {
        "en": "Low dimensions oscillate fast, high dimensions slowly: together they give every position a unique "
              "pattern, like the hands of a clock.",
        "zh": "低维振荡得快，高维振荡得慢：合在一起，每个位置都得到独一无二的模式，就像时钟的指针。",
    },
    "emb.fig_similarity": {"en": "PE[pos] · PE[pos′]: similarity depends on the distance",
                           "zh": "PE[pos] · PE[pos′]：相似度只取决于距离"},
    "emb.relative": {"en": "Relative positions are a fixed linear map", "zh": "相对位置是一个固定的线性变换"},
    "emb.pos": {"en": "pos", "zh": "位置 pos"},
    "emb.shift": {"en": "k (shift)", "zh": "k（偏移量）"},
    "emb.freq_pair": {"en": "frequency pair i", "zh": "频率对 i"},
    "emb.caption_shift": {
        "en": "M depends only on the shift k, never on pos (the derivation in «{title}»). That is why the paper "
              "hypothesised that the model could easily learn to attend by relative positions: a hypothesis, not "
              "something the paper measured.",
        "zh": "M 只取决于偏移量 k，与 pos 无关（推导见«{title}»）。论文正是据此推测模型可以很容易地学会按相对位置"
              "分配注意力：这是一个假设，论文并没有实测。",
    },
    # --- Multi-head & layers ---
    "mh.header": {"en": "Multi-head attention & layers", "zh": "多头注意力与多层"},
    "mh.fig_grid": {"en": "{block}: all layers × heads", "zh": "{block}：所有层 × 所有头"},
    "mh.fig_head_view": {"en": "Head view · layer {layer} · head {head}",
                         "zh": "注意力头视图 · 第 {layer} 层 · 头 {head}"},
    "mh.how_to_read": {
        "en": "**How to read it.** Each line joins a query token (left) to a key token (right) of the same "
              "sentence; the thicker and darker the line, the more that query attends to that key. Different heads "
              "learn different patterns — one may look at the previous word, another at the word itself or at a "
              "word it belongs with.",
        "zh": "**怎么看：** 每条线把同一个句子里的一个查询词元（左）连到一个键词元（右）；线越粗、颜色越深，这个查询"
              "对该键的注意力就越大。不同的头学到不同的模式——有的关注前一个词，有的关注这个词本身或与它搭配的词。",
    },
    "mh.how_to_read_cross": {
        "en": "**How to read it.** Each line joins a target token (left: the decoder's query) to a source token "
              "(right: a key from the encoder's output); the thicker and darker the line, the more that query "
              "attends to that source word. Different heads learn different patterns — one may look at the word "
              "being translated, another at its neighbours.",
        "zh": "**怎么看：** 每条线把一个目标语言词元（左：解码器的查询）连到一个源语言词元（右：来自编码器输出的键）；"
              "线越粗、颜色越深，这个查询对该源语言词的注意力就越大。不同的头学到不同的模式——有的关注正在翻译的"
              "那个词，有的关注它旁边的词。",
    },
    "mh.fig_average": {"en": "Average over the {h} heads (layer {layer})", "zh": "{h} 个头的平均（第 {layer} 层）"},
    "mh.hover_average": {"en": "mean over heads ({row}, {col})", "zh": "各头平均 ({row}, {col})"},
    "mh.split": {"en": "Split into heads → concat → W_O", "zh": "拆分成多个头 → 拼接 → W_O"},
    "mh.caption_split": {
        "en": "Each head works in its own d_k = {d_model} / {h} = {d_k} dimensions. Their outputs Z₀…{z_last} are "
              "laid side by side (concat, {rows} × {d_model}) and mixed by W_O back into d_model.",
        "zh": "每个头在自己的 d_k = {d_model} / {h} = {d_k} 维子空间里计算。它们的输出 Z₀…{z_last} 并排拼接"
              "（拼接，{rows} × {d_model}），再由 W_O 混合回 d_model 维。",
    },
    "mh.fig_concat": {"en": "Concat(Z₀ … {z_last}): columns grouped by head",
                      "zh": "Concat(Z₀ … {z_last})：各列按头分组"},
    "mh.fig_output": {"en": "Output = Concat · W_O + b", "zh": "输出 = Concat · W_O + b"},
    # --- Masks ---
    "masks.header": {"en": "Masks: padding, causal, combined, custom", "zh": "掩码：填充、因果、组合、自定义"},
    "masks.hover_weight": {"en": "weight {row} → {col}", "zh": "权重 {row} → {col}"},
    "masks.hover_score": {"en": "score({row}, {col})", "zh": "分数({row}, {col})"},
    "masks.step1": {"en": "1 · Padding mask: two sentences in one batch", "zh": "1 · 填充掩码：一个批次中的两个句子"},
    "masks.second": {"en": "Second sentence in the batch", "zh": "批次中的第二个句子"},
    "masks.no_tokens": {"en": "The second sentence has no tokens; type one to see padding.",
                        "zh": "第二个句子没有任何词元；输入一句即可看到填充。"},
    "masks.caption_padding": {
        "en": "Sentence {n} is shorter, so it is padded with <pad> to {length} tokens. The key-padding mask hides "
              "the <pad> columns from every query.",
        "zh": "句子 {n} 较短，所以用 <pad> 填充到 {length} 个词元。键填充掩码对每个查询都遮住 <pad> 所在的列。",
    },
    "masks.fig_pad_mask": {"en": "Key padding mask M (sentence {n})", "zh": "键填充掩码 M（句子 {n}）"},
    "masks.fig_enc_weights": {"en": "Encoder layer 0, head {head}: weights",
                              "zh": "编码器第 0 层，头 {head}：注意力权重"},
    "masks.step2": {"en": "2 · Causal (subsequent) mask in the decoder, and 3 · both combined",
                    "zh": "2 · 解码器中的因果掩码（后续掩码），以及 3 · 两者组合"},
    "masks.caption_causal": {
        "en": "While decoding, position i may only look at positions ≤ i: the future is not written yet. With "
              "padding in the batch, the padding columns are hidden too (mask = padding AND causal).",
        "zh": "解码时，位置 i 只能看到位置 ≤ i：后面的词还没有写出来。批次中有填充时，填充列也会被遮住"
              "（掩码 = 填充掩码 且 因果掩码）。",
    },
    "masks.kind_causal": {"en": "causal", "zh": "因果掩码"},
    "masks.kind_both": {"en": "causal + padding", "zh": "因果掩码 + 填充掩码"},
    "masks.fig_dec_mask": {"en": "Decoder mask M, sentence {n}: {kind}", "zh": "解码器掩码 M，句子 {n}：{kind}"},
    "masks.fig_dec_weights": {"en": "Decoder layer 0, head {head}: weights",
                              "zh": "解码器第 0 层，头 {head}：注意力权重"},
    "masks.step4": {"en": "4 · Your own mask: tick the cells to hide", "zh": "4 · 自定义掩码：勾选要遮住的格子"},
    "masks.all_masked": {
        "en": "A row with every key masked has nothing to attend to: its weights are all 0 (not NaN).",
        "zh": "如果一行的所有键都被掩码，它就没有可关注的对象：这一行的权重全为 0（而不是 NaN）。",
    },
    "masks.fig_custom_masked": {"en": "Masked scores (encoder layer 0, head {head})",
                                "zh": "掩码后的注意力分数（编码器第 0 层，头 {head}）"},
    "masks.fig_renormalised": {"en": "Renormalised softmax", "zh": "重新归一化的 softmax"},
    # --- Encoder–decoder & decoding ---
    "dec.header": {"en": "Encoder–decoder & decoding", "zh": "编码器-解码器与解码"},
    "dec.caption_intro": {
        "en": "The decoder writes one token at a time. At each step it reads what it has written so far (masked "
              "self-attention) and looks back at the source through cross-attention: Q from the decoder, K and V "
              "from the encoder's memory.",
        "zh": "解码器一次写出一个词元。每一步，它先读自己已经写出的内容（掩码自注意力），再通过交叉注意力回看源句："
              "Q 来自解码器，K 和 V 来自编码器的输出。",
    },
    "dec.method": {"en": "Decoding", "zh": "解码方式"},
    "dec.greedy": {"en": "Greedy", "zh": "贪心解码"},
    "dec.sample": {"en": "Sampling", "zh": "采样"},
    "dec.beam": {"en": "Beam search", "zh": "束搜索"},
    "dec.temperature": {"en": "Temperature", "zh": "温度"},
    "dec.topk": {"en": "Top-k sampling: the k best only (0 = all)", "zh": "Top-k 采样：只取最好的 k 个（0 = 全部）"},
    "dec.seed": {"en": "Seed", "zh": "随机种子"},
    "dec.beam_width": {"en": "Beam width", "zh": "束宽"},
    "dec.guard": {"en": "No loops", "zh": "防止循环"},
    "dec.guard_on": {
        "en": "**No loops** is on: the decoder may not write a token, or a run of up to {n} tokens, a third time in a "
              "row. Where the model's likeliest token would do so, that token is left out of the step's choice: "
              "没人人人人… becomes 没人人 and the sentence goes on. Turn it off to see the loops the model writes on "
              "its own.",
        "zh": "**防止循环**已开启：解码器不能把同一个词元，或同一串最多 {n} 个词元，连续写第三遍。模型最可能的词元若会"
              "造成这样的循环，这一步就不选它：没人人人人…… 变成 没人人，句子接着往下写。关掉它，就能看到模型自己写出"
              "的循环。",
    },
    "dec.guard_off": {
        "en": "**No loops** is off: every step takes the model's own choice, so a translation can repeat a token until "
              "the length limit (没人人人人…).",
        "zh": "**防止循环**已关闭：每一步都按模型自己的选择，所以译文可能一直重复同一个词元，"
              "直到长度上限（没人人人人……）。",
    },
    "dec.blocked": {
        "en": "Without the guard the model would have written **{token}** here (p = {p}): a run's third time in a row. "
              "The guard left it out of this step's choice.",
        "zh": "没有防止循环，模型在这一步会写出**{token}**（p = {p}）：同一串词元连续第三遍。防止循环让这一步不选它。",
    },
    "dec.translation": {"en": "**Translation**", "zh": "**译文**"},
    "dec.copied": {
        "en": "At step {step} the model wrote <unk>: it has no word for this. Its last cross-attention layer, averaged "
              "over the heads, looks most at source position {pos}, **{word}**, so that word is copied into the "
              "translation, as Jean et al. (2015) and Luong, Pham & Manning (2015) replace unknown words by the "
              "attended source word.",
        "zh": "第 {step} 步模型写出了 <unk>：它没有对应的词。它最后一层交叉注意力（各头平均）最关注源句第 {pos} 个"
              "位置的**{word}**，于是把这个词原样复制进译文"
              "（按注意力替换未知词的做法：Jean 等，2015；Luong、Pham 与 Manning，2015）。",
    },
    "dec.copied_known": {
        "en": "At step {step} the model wrote <unk> although it knows the source word there. Its last cross-attention "
              "layer, averaged over the heads, looks most at source position {pos}, **{word}**, so that word is copied "
              "into the translation and marked as a copy: the model wrote no word of its own for it.",
        "zh": "第 {step} 步模型写出了 <unk>，尽管它认识源句里的这个词。它最后一层交叉注意力（各头平均）最关注"
              "源句第 {pos} 个位置的**{word}**，于是把这个词复制进译文并标为复制：模型没有为它写出自己的译词。",
    },
    "dec.copied_pinyin": {"en": "English gets no Chinese characters: it is written in pinyin, **{written}**.",
                          "zh": "英文译文里不写汉字：它以拼音写出，**{written}**。"},
    "dec.no_eos": {"en": "Stopped after {n} steps without <eos>.", "zh": "已走 {n} 步仍未生成 <eos>，解码停止。"},
    "dec.coverage_header": {"en": "Coverage: did every source word get translated?",
                            "zh": "覆盖度：每个源词都译出来了吗？"},
    "dec.coverage_caption": {
        "en": "Coverage (Tu et al., 2016): the cross-attention each source token received, added up over every "
              "decoding step (layer {layer}, heads averaged; the step that wrote <eos> left out). A word translated "
              "once receives about 1. The total barely tells right translations from wrong ones, so the chips above "
              "mark a known content word *may be untranslated* by its peak instead: when no output token gave it more "
              "than {threshold} of a cross-attention row in layer {mark_layer} (heads averaged; layer and threshold "
              "chosen for this source language on the lecture and everyday sets).",
        "zh": "覆盖度（Tu 等，2016）：每个源语言词元在所有解码步中得到的交叉注意力之和（第 {layer} 层，各头取平均；"
              "写出 <eos> 的那一步不计）。译出一次的词大约得到 1。这个总和几乎分不出译对和译错，所以上面的词元块改看"
              "峰值：如果没有一个输出词元在第 {mark_layer} 层（各头平均）把超过 {threshold} 的交叉注意力给一个模型"
              "认识的实词，就把它标为*可能未译出*（层和阈值按源语言在讲课句集和日常句集上选出）。",
    },
    "dec.fig_coverage": {"en": "Coverage per source token (layer {layer}); may be untranslated: {words}",
                         "zh": "每个源词元的覆盖度（第 {layer} 层）；可能未译出：{words}"},
    "dec.timeline": {"en": "Decoding timeline", "zh": "逐步解码"},
    "dec.step": {"en": "Step", "zh": "步骤"},
    "dec.step_line": {
        "en": "Step {step}: the decoder has **{n}** tokens and chooses **{token}** (p = {p}).",
        "zh": "第 {step} 步：解码器已有 **{n}** 个词元，这一步选择 **{token}**（p = {p}）。",
    },
    "dec.fig_likeliest": {"en": "Next-token probabilities: the {k} most likely",
                          "zh": "下一个词元的概率：最可能的 {k} 个"},
    "dec.fig_cross_step": {"en": "Cross-attention of the newest position (layer {layer})",
                           "zh": "最新位置的交叉注意力（第 {layer} 层）"},
    "dec.fig_self_step": {"en": "Masked self-attention so far (layer {layer}, head {head})",
                          "zh": "掩码自注意力（第 {layer} 层，头 {head}）"},  # short: a half-width figure
    "dec.beams": {"en": "**Live beams after this step** (sum of log-probabilities)",
                  "zh": "**这一步之后保留的束**（对数概率之和）"},
    "dec.col_hypothesis": {"en": "hypothesis", "zh": "候选译文"},
    "dec.col_log_p": {"en": "log p", "zh": "对数概率"},
    "dec.methods_note": {
        "en": "Greedy takes the most likely token; sampling draws from the distribution (temperature flattens or "
              "sharpens it, top-k keeps only the k best); beam search keeps the best few partial translations.",
        "zh": "贪心解码每一步取概率最大的词元；采样按概率分布随机抽取（温度让分布变平或变尖，"
              "top-k 只保留最好的 k 个）；束搜索同时保留几个最好的部分译文。",
    },
    "dec.cross_full": {"en": "Cross-attention over the whole translation", "zh": "整句译文的交叉注意力"},
    "dec.caption_cross": {
        "en": "Row “{inp} → {out}” is the decoder position whose input is {inp} and which predicts {out}: it shows "
              "where the decoder looked in the source while choosing {out}. Averaged over the heads of each layer.",
        "zh": "“{inp} → {out}”这一行是输入为“{inp}”、要预测“{out}”的解码器位置：它显示解码器在选出“{out}”时看了源句"
              "的哪些位置。每层的各个头取平均。",
    },
    "dec.twin_header": {"en": "Trained to align vs learned on its own", "zh": "经过对齐训练与自己学出的对比"},
    "dec.twin_caption": {
        "en": "The same sentence through two models that differ only in one training term: the first was also "
              "trained to make its last layer's cross-attention match the word alignment; the second only "
              "learned to translate. Last decoder layer, mean of the heads, greedy decoding.",
        "zh": "同一个句子，经过只差一项训练目标的两个模型：第一个模型还被训练让最后一层的交叉注意力贴近词对齐；"
              "第二个只学翻译。最后一个解码器层，各头取平均，贪心解码。",
    },
    "dec.twin_toggle": {"en": "Translate with both twins (a second model on every keystroke)",
                        "zh": "用两个孪生模型一起翻译（每次按键多算一个模型）"},
    "dec.twin_guided": {"en": "**{model}**, trained to align: {output}", "zh": "**{model}**，经过对齐训练：{output}"},
    "dec.twin_unguided": {"en": "**{model}**, learned on its own: {output}", "zh": "**{model}**，自己学出：{output}"},
    "dec.copies_note": {"en": " (copied from the source where the model wrote <unk>: {words})",
                        "zh": "（模型写出 <unk> 处从源句复制：{words}）"},
    "dec.fig_layer": {"en": "Layer {i}", "zh": "第 {i} 层"},
    "dec.hover_looks_at": {"en": "{row}: looks at {col}", "zh": "{row}：看向 {col}"},
    "dec.teacher": {"en": "Teacher forcing vs free running", "zh": "教师强制与自由生成"},
    "dec.reference": {"en": "Reference translation (fed to the decoder all at once)",
                      "zh": "参考译文（一次性整体输入解码器）"},
    "dec.type_reference": {"en": "Type a reference translation to compare.", "zh": "输入一句参考译文即可对比。"},
    "dec.col_position": {"en": "position", "zh": "位置"},
    "dec.col_tf_input": {"en": "teacher forcing: input", "zh": "教师强制：输入"},
    "dec.col_target": {"en": "target", "zh": "目标"},
    "dec.col_pick": {"en": "model's pick", "zh": "模型的选择"},
    "dec.col_p_target": {"en": "p(target)", "zh": "p(目标)"},
    "dec.col_free": {"en": "free running: output", "zh": "自由生成：输出"},
    "dec.caption_teacher": {
        "en": "Teacher forcing: {correct}/{total} positions predicted correctly. In training the reference is fed "
              "at once under the causal mask (parallel); at inference the model must feed back its own outputs one "
              "step at a time, so one early mistake can carry forward.",
        "zh": "教师强制：预测正确的位置有 {correct}/{total} 个。训练时参考译文在因果掩码下一次性"
              "整体输入（并行）；推理时模型必须一步一步把自己的输出喂回去，所以前面的一个错误可能一路传下去。",
    },
    "dec.bos_note": {
        "en": "<bos> is the start symbol that the notes write <start>, <begin> or <sos>; <eos> is their <end>.",
        "zh": "<bos> 就是笔记中写作 <start>、<begin> 或 <sos> 的起始符；<eos> 就是笔记中的 <end>。",
    },
    "dec.given": {"en": "{prefix}, source", "zh": "{prefix}，源句"},
    # --- Add & Norm, FFN ---
    "an.header": {"en": "Add & Norm, and the feed-forward network", "zh": "残差连接与层归一化，以及前馈网络"},
    "an.post_norm": {"en": "**Post-Norm** (the paper, BERT, GPT-1)", "zh": "**Post-Norm**（原论文、BERT、GPT-1）"},
    "an.pre_norm": {"en": "**Pre-Norm** (GPT-2 and most modern models)",
                    "zh": "**Pre-Norm**（GPT-2 及大多数现代模型）"},
    "an.stack": {"en": "Stack", "zh": "编码器 / 解码器"},
    "an.sublayer": {"en": "Sublayer", "zh": "子层"},
    "an.sub_self": {"en": "self-attention", "zh": "自注意力"},
    "an.sub_masked_self": {"en": "masked self-attention", "zh": "掩码自注意力"},
    "an.sub_cross": {"en": "cross-attention", "zh": "交叉注意力"},
    "an.sub_ffn": {"en": "FFN", "zh": "前馈网络"},
    "an.what_post": {"en": "x + Sublayer(x)", "zh": "x + 子层(x)"},
    "an.what_pre": {"en": "the residual stream x", "zh": "残差流 x"},
    "an.caption_model": {
        "en": "This model is **{norm}**. Rows are tokens, columns the {d} features of d_model.",
        "zh": "这个模型是 **{norm}**。每行是一个词元，各列是 d_model 的 {d} 个特征。",
    },
    "an.fig_before": {"en": "Before LayerNorm: {what} ({where}, {sublayer})",
                      "zh": "层归一化之前：{what}（{where}，{sublayer}）"},
    "an.fig_after": {"en": "After LayerNorm ({where}, {sublayer})", "zh": "层归一化之后（{where}，{sublayer}）"},
    "an.fig_stats": {"en": "Per-token mean and variance over d_model", "zh": "每个词元在 d_model 上的均值和方差"},
    "an.ffn": {"en": "Feed-forward network (position-wise)", "zh": "前馈网络（逐位置）"},
    "an.caption_ffn": {
        "en": "Each token goes through the same two-layer MLP: d_model = {d} → d_ff = {d_ff} → d_model. ReLU zeroes "
              "{zero} of the hidden units for this sentence.",
        "zh": "每个词元都经过同一个两层全连接网络：d_model = {d} → d_ff = {d_ff} → d_model。对这个句子，ReLU 把 {zero} "
              "的隐藏单元置为 0。",
    },
    "an.fig_ffn": {"en": "ReLU(x W₁ + b₁): {where}", "zh": "ReLU(x W₁ + b₁)：{where}"},
    "an.residual": {"en": "The residual stream through the stack", "zh": "贯穿各层的残差流"},
    "an.col_after": {"en": "after", "zh": "经过"},
    "an.col_norm": {"en": "mean ‖x‖ per token", "zh": "每个词元的平均 ‖x‖"},
    "an.row_embedding": {"en": "embedding + PE", "zh": "词嵌入 + PE"},
    # --- Playground ---
    "pg.header": {"en": "Playground: attention by hand", "zh": "动手实验：手算注意力"},
    "pg.caption": {
        "en": "Edit any cell. Q = X·W_Q, K = X·W_K, V = X·W_V, scores = QKᵀ (÷√d_k if on), masked where the mask is "
              "0, softmax per row, output = weights·V. Everything below recomputes instantly.",
        "zh": "任意格子都可以编辑。Q = X·W_Q，K = X·W_K，V = X·W_V，注意力分数 = QKᵀ（开启时 ÷√d_k），掩码为 0 处"
              "被遮住，每行做 softmax，输出 = 权重·V。下方所有结果即时重算。",
    },
    "pg.preset_seed004": {"en": "The worked example of «{title}» (3×4)", "zh": "«{title}»中的手算例子（3×4）"},
    "pg.preset_random": {"en": "Random small integers", "zh": "随机小整数"},
    "pg.preset_sentence": {"en": "From the current sentence / layer / head", "zh": "取自当前句子 / 层 / 头"},
    "pg.no_sentence": {"en": "Type a sentence first; showing the notes' worked example instead.",
                       "zh": "请先输入一个句子；暂时显示笔记中的手算例子。"},
    "pg.following": {
        "en": "{block}, layer {layer}, head {head}: these numbers follow the sentence as you type (rounded to "
              "{decimals} decimals). Edit any cell to take them over.",
        "zh": "{block}，第 {layer} 层，头 {head}：这些数随你输入的句子实时更新（保留 {decimals} 位小数）。"
              "编辑任意格子即可接管它们。",
    },
    "pg.bias_fold": {
        "en": "The model adds a bias, Q = X·W_Q + b_Q, and these grids fold it in: X ends in a column of ones "
              "(column «1») and each W in a row holding its bias (row b_Q, b_K, b_V), so X·W_Q here is the model's "
              "X·W_Q + b_Q.",
        "zh": "模型还要加偏置（Q = X·W_Q + b_Q），这里把它折进了矩阵：X 最后多一列 1（列名“1”），每个 W 最后多一行"
              "偏置（行名 b_Q、b_K、b_V），所以这里的 X·W_Q 就是模型的 X·W_Q + b_Q。",
    },
    "pg.edited": {
        "en": "Edited by hand: these numbers (from {block}, layer {layer}, head {head}) no longer follow the sentence. "
              "«Reset to preset» follows it again.",
        "zh": "已手动编辑：这些数（来自{block}，第 {layer} 层，头 {head}）不再随句子更新。"
              "点“恢复预设”即可重新跟随。",
    },
    "pg.preset": {"en": "Preset", "zh": "预设"},
    "pg.random_seed": {"en": "Random seed", "zh": "随机种子"},
    "pg.reset": {"en": "Reset to preset", "zh": "恢复预设"},
    "pg.scale": {"en": "Divide by √d_k", "zh": "除以 √d_k（缩放）"},
    "pg.mask": {"en": "mask", "zh": "掩码"},
    "pg.caption_x": {"en": "{n} tokens × d features (one row per token)",
                     "zh": "{n} 个词元 × d 个特征（每行一个词元）"},
    "pg.caption_x_bias": {"en": "{n} tokens × (d features and a 1) (one row per token)",
                          "zh": "{n} 个词元 × （d 个特征再加一个 1）（每行一个词元）"},
    "pg.caption_w_bias": {"en": "(d + 1) × d_k: the last row is the bias {bias}",
                          "zh": "(d + 1) × d_k：最后一行是偏置 {bias}"},
    "pg.caption_mask": {"en": "1 = visible, 0 = masked (row = query)", "zh": "1 = 可见，0 = 遮住（行 = 查询）"},
    "pg.valid": {"en": "All entries valid.", "zh": "所有输入均有效。"},
    "pg.invalid": {"en": "{error} Showing the last valid result.", "zh": "{error}当前显示上一次有效的结果。"},
    "pg.err_matrix_empty": {"en": "{name} is empty.", "zh": "{name} 是空的。"},
    "pg.err_cell_empty": {"en": "{name}, row {row}, column {col} is empty: type a number.",
                          "zh": "{name} 第 {row} 行第 {col} 列为空：请输入一个数。"},
    "pg.err_not_number": {"en": "{name}, row {row}, column {col}: {text} is not a number.",
                          "zh": "{name} 第 {row} 行第 {col} 列：{text} 不是数字。"},
    "pg.err_not_finite": {
        "en": "{name}, row {row}, column {col}: {text} is not a finite number (NaN and ∞ are not allowed).",
        "zh": "{name} 第 {row} 行第 {col} 列：{text} 不是有限的数字（不允许 NaN 和 ∞）。",
    },
    "pg.err_mask_values": {"en": "The mask takes only 1 (visible) or 0 (masked).",
                           "zh": "掩码只能填 1（可见）或 0（遮住）。"},
    "pg.err_x_w": {"en": "X has {d} columns but {name} has {rows} rows: X {name} is undefined.",
                   "zh": "X 有 {d} 列，但 {name} 有 {rows} 行：X·{name} 无法相乘。"},
    "pg.err_q_k": {"en": "Q has {q} columns but K has {k}: Q Kᵀ needs equal widths (d_k).",
                   "zh": "Q 有 {q} 列，但 K 有 {k} 列：计算 Q Kᵀ 要求两者列数相同（d_k）。"},
    "pg.err_mask_shape": {"en": "The mask must be {n}×{n} (one row and column per token), got {shape}.",
                          "zh": "掩码必须是 {n}×{n}（每个词元一行一列），现在是 {shape}。"},
    "pg.err_too_large": {"en": "{name}, row {row}, column {col}: {text} is too large (at most {max} in size).",
                         "zh": "{name}第 {row} 行第 {col} 列：{text} 太大（绝对值最多 {max}）。"},
    "pg.err_too_big": {"en": "{name} is {shape}: at most {max} rows and columns.",
                       "zh": "{name} 是 {shape}：行数和列数最多 {max}。"},
    "pg.fig_scores": {"en": "Scores QKᵀ", "zh": "注意力分数 QKᵀ"},
    "pg.fig_scaled_mask": {"en": "Scaled + mask", "zh": "缩放 + 掩码"},
    "pg.fig_masked_unscaled": {"en": "Masked (unscaled)", "zh": "掩码后（未缩放）"},
    "pg.fig_weights": {"en": "softmax weights", "zh": "softmax 注意力权重"},
    "pg.fig_output": {"en": "Output = weights · V", "zh": "输出 = 权重 · V"},
    "pg.one_cell": {"en": "One cell, with its numbers", "zh": "单个格子的具体计算"},
    "pg.query_row": {"en": "Query (row)", "zh": "查询（行）"},
    "pg.key_col": {"en": "Key (column)", "zh": "键（列）"},
    "pg.code_softmax": {"en": "softmax row {name} = [{row}]  (sums to {total})",
                        "zh": "softmax 第 {name} 行 = [{row}]  （和为 {total}）"},
    "pg.code_output": {"en": "output({name}) = Σ_j weight_j · v_j = [{values}]",
                       "zh": "输出({name}) = Σ_j 权重_j · v_j = [{values}]"},
}
