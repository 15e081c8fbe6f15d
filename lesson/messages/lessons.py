"""Messages of the lessons on the notes: the "In the notes / In this app" panels, positional-encoding alternatives,
LayerNorm vs BatchNorm, the paper next to this model, BERT vs GPT, pinyin. Prefixes: notes.* (panels and their
page), pe.* (Embeddings page additions), mm.* (Masks), var.* (Self-attention), ln.* (Add & Norm), paper.*, bg.*.
"""

PANELS = {
    "notes.in_notes": {"en": "**In the notes** · «{title}»", "zh": "**笔记中** · «{title}»"},
    "notes.in_app": {"en": "**In this app**", "zh": "**本应用中**"},
    "notes.mask_mul.title": {"en": "Masking by multiplying the scores by 0/1", "zh": "用 0/1 乘分数来做掩码"},
    "notes.mask_mul.wrong": {
        "en": "The note multiplies QKᵀ by the 0/1 mask and then applies softmax. A masked score becomes 0, and "
              "e⁰ = 1 is not 0: the masked (future) keys still get weight.",
        "zh": "笔记把 QKᵀ 与 0/1 掩码按位相乘，再做 softmax。被遮住的分数变成 0，而 e⁰ = 1 并不是 0："
              "被遮住的（未来的）键仍然分到权重。",
    },
    "notes.mask_mul.app": {
        "en": "The mask is added: M = 0 where visible and −∞ where masked, so e^(−∞) = 0 and a masked key gets "
              "exactly 0. On the note's own scores, row 0 keeps **{leak}** on each masked key with ×, and 0 with +.",
        "zh": "掩码是加上去的：可见处 M = 0，遮住处 M = −∞，于是 e^(−∞) = 0，被遮住的键权重恰好为 0。"
              "用笔记自己的分数：× 掩码时第 0 行给每个被遮住的键 **{leak}**，+ 掩码时为 0。",
    },
    "notes.pe_code.title": {"en": "The PE code: row 0 zeroed, i over every dimension",
                            "zh": "位置编码代码：第 0 行被置零，i 遍历每一个维度"},
    "notes.pe_code.wrong": {
        "en": "The code skips position 0 (its row stays all zeros, but PE(0) = [0, 1, 0, 1, …]: cos 0 = 1), and it "
              "uses the column index itself as i in 10000^(2i/d), so sin and cos no longer share a frequency and the "
              "wavelengths run up to 2π·10000^(2(d−1)/d) instead of 2π·10000.",
        "zh": "代码跳过了位置 0（这一行全是 0，但 PE(0) = [0, 1, 0, 1, …]，因为 cos 0 = 1）；并且把列号本身当作 "
              "10000^(2i/d) 中的 i，于是 sin 和 cos 不再共用同一个频率，波长一直增大到 2π·10000^(2(d−1)/d)，"
              "而不是 2π·10000。",
    },
    "notes.pe_code.app": {
        "en": "The paper's formula, with one frequency per pair (2i, 2i+1). For d_model = {d}: PE(0, 1) is "
              "{paper0} (note: {note0}); PE(1, 1) is {paper1} (note: {note1}); the longest wavelength is {paper_long} "
              "positions (note: {note_long}). Largest difference over {n} positions: {diff}.",
        "zh": "采用论文的公式，每一对维度 (2i, 2i+1) 共用一个频率。d_model = {d} 时：PE(0, 1) = {paper0}"
              "（笔记：{note0}）；PE(1, 1) = {paper1}（笔记：{note1}）；最长波长 {paper_long} 个位置"
              "（笔记：{note_long}）。{n} 个位置上的最大差值：{diff}。",
    },
    "notes.i_range.title": {"en": "The range of i in the PE formula", "zh": "位置编码公式中 i 的取值范围"},
    "notes.i_range.wrong": {
        "en": "One note lets i run over [0, d_model) (every dimension); two write [0, …, d_model/2] with the end "
              "included, and one calls i the dimension index. But 2i and 2i + 1 must be dimensions below d_model, "
              "so i = 0, 1, …, d_model/2 − 1: i numbers the sin/cos pairs.",
        "zh": "一篇笔记让 i 取遍 [0, d_model)（每一个维度）；两篇写成 [0, …, d_model/2] 且包含终点；还有一篇把 i "
              "称为维度索引。但 2i 和 2i + 1 都必须是小于 d_model 的维度，所以 i = 0, 1, …, d_model/2 − 1："
              "i 给 sin/cos 维度对编号。",
    },
    "notes.i_range.app": {
        "en": "d_model = {d}: i = 0 … {last}, **{pairs}** values, one per pair. Reading i over every dimension gives "
              "{all_dims} values; [0, d_model/2] with the end gives {incl}, and i = {half} would need dimension "
              "{d}, which does not exist (they are numbered 0 … {d_last}).",
        "zh": "d_model = {d}：i = 0 … {last}，共 **{pairs}** 个值，每对维度一个。若 i 取遍每个维度，就有 {all_dims} "
              "个值；若 [0, d_model/2] 包含终点，就有 {incl} 个，而 i = {half} 需要第 {d} 维，但它并不存在"
              "（维度编号为 0 … {d_last}）。",
    },
    "notes.word2vec.title": {"en": "“The embeddings come from Word2Vec”", "zh": "“词嵌入来自 Word2Vec”"},
    "notes.word2vec.wrong": {
        "en": "The Transformer does not use Word2Vec, and Word2Vec does not decide the size 512. The embedding "
              "table is an ordinary weight matrix (vocabulary × d_model), started at random and learned with the "
              "rest of the model from the translation loss; d_model is a design choice of the model.",
        "zh": "Transformer 并不使用 Word2Vec，512 这个大小也不是由 Word2Vec 决定的。词嵌入表只是一个普通的权重矩阵"
              "（词表大小 × d_model），随机初始化，和模型的其余部分一起由翻译损失学习得到；d_model 是模型的设计选择。",
    },
    "notes.word2vec.app": {
        "en": "This model's source table is {v} × {d}, drawn from N(0, 1/d_model) and trained for translation only. "
              "The nearest words (cosine) of this sentence's words, at random initialisation and after training:",
        "zh": "本模型的源语言词嵌入表是 {v} × {d}，从 N(0, 1/d_model) 随机抽取，只为翻译而训练。"
              "本句各词在随机初始化时和训练之后最接近的词（余弦相似度）：",
    },
    "notes.word2vec.no_snapshot": {
        "en": "(This model ships no training snapshots, so only the trained table is shown.)",
        "zh": "（这个模型没有附带训练快照，因此只显示训练后的词嵌入表。）",
    },
    "notes.ln_iid.title": {"en": "“LayerNorm makes the hidden layer i.i.d. standard normal”",
                           "zh": "“层归一化把隐藏层变成独立同分布的标准正态分布”"},
    "notes.ln_iid.wrong": {
        "en": "LayerNorm only shifts and scales each token's vector to mean 0 and variance 1; it does not make the "
              "values normal, and not independent: the d_model values of x̂ always sum to exactly 0. Then γ and β "
              "give every dimension its own scale and shift, so they are not identically distributed either.",
        "zh": "层归一化只是把每个词元的向量平移、缩放到均值 0、方差 1；它不会让数值服从正态分布，也不会让它们独立："
              "x̂ 的 d_model 个数之和永远恰好为 0。之后 γ 和 β 给每个维度各自的缩放和偏移，所以也不是同分布的。",
    },
    "notes.ln_iid.app": {
        "en": "Encoder layer 0, first LayerNorm, on this sentence: per token, the sum of x̂ and its mean square "
              "(exactly 0 and 1), then the mean and variance after γ and β (no longer exactly 0 and 1).",
        "zh": "编码器第 0 层的第一个层归一化，作用在本句上：每个词元 x̂ 的和与平方均值（恰好为 0 和 1），"
              "以及乘 γ、加 β 之后的均值和方差（不再恰好是 0 和 1）。",
    },
    "notes.ln_shared.title": {"en": "One LayerNorm reused by every sublayer", "zh": "所有子层共用同一个层归一化"},
    "notes.ln_shared.wrong": {
        "en": "The note's Encoder and Decoder create one `self.norm` and call it after every sublayer, so all "
              "sublayers of a layer share one γ and β. The paper's reference code gives each sublayer its own "
              "LayerNorm; sharing it is a different, smaller model.",
        "zh": "笔记中的 `Encoder` 和 `Decoder` 只创建一个 `self.norm`，每个子层之后都调用它，"
              "于是一层里所有子层共用同一组 γ 和 β。论文的参考代码给每个子层各自的层归一化；"
              "共用是另一个（参数更少的）模型。",
    },
    "notes.ln_shared.app": {
        "en": "Every sublayer has its own LayerNorm, and training made them different (table: the largest "
              "|γₖ − γ₁| and |βₖ − β₁| in each layer). Forcing each layer to use its first LayerNorm everywhere, as "
              "the note's code would: translation **{shared}** (own LayerNorms: **{own}**); P(translation) "
              "{p_own} → {p_shared}.",
        "zh": "每个子层都有自己的层归一化，训练之后它们各不相同（表中是每层最大的 |γₖ − γ₁| 和 |βₖ − β₁|）。"
              "像笔记的代码那样，强制每层所有子层都用该层第一个层归一化：译文 **{shared}**（各用各的：**{own}**）；"
              "P(译文) 从 {p_own} 变为 {p_shared}。",
    },
    "notes.nn_softmax.title": {"en": "`nn.Softmax()` without dim in the classifier",
                               "zh": "分类头里不带 `dim` 的 `nn.Softmax()`"},
    "notes.nn_softmax.wrong": {
        "en": "For a 3-D input (batch, positions, vocabulary) PyTorch's `nn.Softmax()` with no dim picks dim 0, the "
              "batch, and warns. With one sentence every probability becomes 1. (A loss such as CrossEntropyLoss "
              "also expects the logits, not probabilities.)",
        "zh": "对三维输入（批次，位置，词表），不带 `dim` 的 `nn.Softmax()` 会选第 0 维，也就是批次维，"
              "并给出警告。只有一个句子时，每个概率都变成 1。"
              "（而且 `CrossEntropyLoss` 这类损失函数要的是未归一化的得分，不是概率。）",
    },
    "notes.nn_softmax.app": {
        "en": "The generator outputs logits and the softmax runs over the vocabulary. For the first output token "
              "of this sentence: the note's head gives P = {note_p} to every one of the {v} words (their sum is "
              "{note_sum}); over the vocabulary the sum is {sum} and the top word gets {top}.",
        "zh": "输出层给出未归一化的得分，softmax 沿词表维度计算。对本句的第一个输出词："
              "笔记的分类头给词表中 {v} 个词每个都是 P = {note_p}（总和为 {note_sum}）；"
              "沿词表计算时总和为 {sum}，最可能的词得到 {top}。",
    },
    "notes.attn_weights.title": {"en": "“Attention(Q, K, V) is the matrix of weights”",
                                 "zh": "“Attention(Q, K, V) 就是权重矩阵”"},
    "notes.attn_weights.wrong": {
        "en": "The weights are softmax(QKᵀ/√d_k): one row per query, one column per key. Attention(Q, K, V) is those "
              "weights times V: one row per query, d_v columns, each row a weighted average of the values.",
        "zh": "权重是 softmax(QKᵀ/√d_k)：每个查询一行，每个键一列。Attention(Q, K, V) 是这些权重再乘以 V："
              "每个查询一行，共 d_v 列，每一行是值向量的加权平均。",
    },
    "notes.attn_weights.app": {
        "en": "Encoder layer 0, head 0, this sentence: the weights are {wq} × {wk}; Attention(Q, K, V) is {zq} × "
              "{zd}. Its first row, first three numbers: {terms} = [{z}].",
        "zh": "编码器第 0 层、头 0、本句：权重矩阵是 {wq} × {wk}；Attention(Q, K, V) 是 {zq} × {zd}。"
              "它第一行的前三个数：{terms} = [{z}]。",
    },
    "notes.parallel.title": {"en": "“So the Transformer decodes in parallel”", "zh": "“因此 Transformer 可以并行解码”"},
    "notes.parallel.wrong": {
        "en": "Right after describing how the decoder emits one token at a time, the note concludes that the "
              "Transformer computes in parallel. In training it does (teacher forcing: every target position at "
              "once, under the causal mask); when translating, each token needs the one chosen before it.",
        "zh": "笔记在描述解码器一次输出一个词之后，紧接着说 Transformer 可以高效地并行计算。训练时确实如此"
              "（教师强制：所有目标位置在因果掩码下一次算完）；但翻译时，每个词都要等前一个词选出来。",
    },
    "notes.parallel.app": {
        "en": "This translation took **{passes}** decoder passes one after another (one per output token, "
              "<eos> included). Scoring the same {passes} positions with teacher forcing takes **1** pass. The "
              "encoder runs once over all {s} source tokens in parallel.",
        "zh": "这句译文需要解码器**依次**运行 **{passes}** 次（每个输出词一次，包括 <eos>）。用教师强制给同样的 "
              "{passes} 个位置打分只需 **1** 次。编码器对全部 {s} 个源语言词元并行地只运行一次。",
    },
    "notes.ln_dims.title": {"en": "“μ and σ are taken on each dimension”", "zh": "“μ 和 σ 是在每个维度上求的”"},
    "notes.ln_dims.wrong": {
        "en": "LayerNorm takes one mean and one standard deviation per token, over its d_model dimensions (a row). "
              "Statistics per dimension, across tokens or sentences, are what BatchNorm does.",
        "zh": "层归一化对每个词元求一个均值和一个标准差，范围是它的 d_model 个维度（一行）。"
              "按维度、跨词元或跨句子求统计量，那是批归一化的做法。",
    },
    "notes.ln_dims.app": {
        "en": "Encoder layer 0's first LayerNorm, on this sentence: its input has {tokens} per-token means (one per "
              "row), e.g. {row_means}. "
              "After it, every row's mean of x̂ is 0 (largest |mean| {after_row}), while the per-dimension means "
              "across tokens are not (from {col_lo} to {col_hi}).",
        "zh": "编码器第 0 层的第一个层归一化，作用在本句上：它的输入有 {tokens} 个按词元的均值（每行一个），"
              "例如 {row_means}。"
              "归一化之后，每一行 x̂ 的均值都是 0（最大的 |均值| 为 {after_row}），"
              "而跨词元、按维度的均值不是 0（从 {col_lo} 到 {col_hi}）。",
    },
    "notes.rounding.title": {"en": "The worked example's rounded numbers", "zh": "手算例子中四舍五入的数字"},
    "notes.rounding.wrong": {
        "en": "The note rounds the softmax to one decimal before multiplying by V (it says so, to keep the example "
              "readable), and it does not divide by √d_k. Its outputs are therefore not what the formula gives.",
        "zh": "笔记在乘以 V 之前把 softmax 的结果四舍五入到一位小数（它自己说明了，是为了便于展示），"
              "而且没有除以 √d_k。所以它的输出并不是公式真正算出的结果。",
    },
    "notes.rounding.app": {
        "en": "Exact, from the same Q and K: softmax(QKᵀ)·V as in the note (unscaled), and with ÷√d_k (d_k = 3) as "
              "in the paper. The Playground's first preset is this example; its numbers are exact.",
        "zh": "用相同的 Q、K 精确计算：与笔记相同不缩放的 softmax(QKᵀ)·V，以及论文中的 ÷√d_k（d_k = 3）。"
              "“动手实验”页的第一个预设就是这个例子，那里的数字都是精确值。",
    },
    "notes.shuffle.title": {"en": "“Without positions, the order makes no difference to the output”",
                            "zh": "“没有位置编码时，顺序对输出没有任何影响”"},
    "notes.shuffle.wrong": {
        "en": "Without positional encoding, self-attention is permutation-equivariant: shuffle the input and the "
              "outputs come out shuffled the same way. Each token's output is unchanged, but it is no longer at "
              "the same place, so the output as a whole is not the same.",
        "zh": "没有位置编码时，自注意力具有置换等变性：打乱输入，输出也按同样的方式被打乱。"
              "每个词元自己的输出不变，但它不在原来的位置上了，所以整体输出并不相同。",
    },
    "notes.shuffle.app": {
        "en": "Measured below: with the PE removed and the sentence shuffled, the encoder's outputs equal the "
              "original outputs shuffled the same way (max |difference| ≈ 10⁻⁶, float32 rounding); with the PE "
              "they do not.",
        "zh": "见下方实测：去掉位置编码并打乱句子后，编码器的输出等于把原输出按同样方式打乱"
              "（最大 |差值| ≈ 10⁻⁶，float32 舍入误差）；加上位置编码时则不然。",
    },
}

NOTES_PAGE = {
    "nav.notes": {"en": "Notes vs app", "zh": "笔记与本应用对照"},
    "nav.paper": {"en": "The paper vs this model", "zh": "论文与本模型"},
    "nav.bert_gpt": {"en": "BERT vs GPT", "zh": "BERT 与 GPT"},
    "notes.header": {"en": "Notes vs app: where the notes go wrong", "zh": "笔记与本应用对照：笔记中的错误"},
    "notes.intro": {
        "en": "Each panel quotes a note, says what is wrong with it, and shows what this app computes instead, on "
              "the sentence above where possible. Every panel also appears on the page where its topic lives.",
        "zh": "每个面板引用一篇笔记的原话，说明错在哪里，并展示本应用实际算出的结果（尽量用上方的句子）。"
              "每个面板也出现在对应主题的页面上。",
    },
    "notes.col_note": {"en": "note", "zh": "笔记"},
    "notes.col_topic": {"en": "topic", "zh": "主题"},
    "notes.col_page": {"en": "page", "zh": "页面"},
    "notes.index": {"en": "All the notes' mistakes", "zh": "笔记中的全部错误"},
    "notes.col_token": {"en": "token", "zh": "词元"},
    "notes.col_random": {"en": "nearest at step 0 (random)", "zh": "第 0 步最接近（随机）"},
    "notes.col_trained": {"en": "nearest after training", "zh": "训练后最接近"},
    "notes.col_sum": {"en": "Σ x̂", "zh": "Σ x̂"},
    "notes.col_meansq": {"en": "mean of x̂²", "zh": "x̂² 的均值"},
    "notes.col_mean_out": {"en": "mean after γ, β", "zh": "乘 γ 加 β 后的均值"},
    "notes.col_var_out": {"en": "variance after γ, β", "zh": "乘 γ 加 β 后的方差"},
    "notes.col_layer": {"en": "layer", "zh": "层"},
    "notes.col_dgamma": {"en": "max |γₖ − γ₁|", "zh": "最大 |γₖ − γ₁|"},
    "notes.col_dbeta": {"en": "max |βₖ − β₁|", "zh": "最大 |βₖ − β₁|"},
    "notes.col_row": {"en": "row", "zh": "行"},
    "notes.col_note_out": {"en": "note (rounded weights)", "zh": "笔记（四舍五入后的权重）"},
    "notes.col_exact": {"en": "exact, unscaled", "zh": "精确值，不缩放"},
    "notes.col_scaled": {"en": "exact, ÷√d_k", "zh": "精确值，÷√d_k"},
    "notes.fig_pe_note": {"en": "The note's code", "zh": "笔记的代码"},
    "notes.fig_pe_paper": {"en": "The paper's formula", "zh": "论文的公式"},
}

MASKS = {
    "mm.mode": {"en": "How the mask is applied", "zh": "掩码的施加方式"},
    "mm.mul": {"en": "× mask (the note)", "zh": "× 掩码（笔记的做法）"},
    "mm.add": {"en": "+ mask, −∞ (the paper)", "zh": "+ 掩码，−∞（论文的做法）"},
    "mm.fig_mul": {"en": "softmax(S ⊙ M): the note", "zh": "softmax(S ⊙ M)：笔记的做法"},
    "mm.fig_add": {"en": "softmax(S + M): the paper", "zh": "softmax(S + M)：论文的做法"},
    "mm.caption_mul": {
        "en": "softmax([2, 4·0, 4·0]) = [{w0}, {w1}, {w2}]: the two future keys get {w1} each.",
        "zh": "softmax([2, 4·0, 4·0]) = [{w0}, {w1}, {w2}]：两个未来的键各得到 {w1}。",
    },
    "mm.caption_add": {
        "en": "softmax([2, −∞, −∞]) = [{w0}, {w1}, {w2}]: the future keys get exactly 0.",
        "zh": "softmax([2, −∞, −∞]) = [{w0}, {w1}, {w2}]：未来的键恰好得到 0。",
    },
    "mm.all_masked": {
        "en": "If every key of a row is masked: filling with −1e9 (as the notes' code does) gives a uniform row "
              "[{fill}]; −∞ with a plain softmax gives [{plain}] (−∞ − (−∞) is NaN); this app's softmax returns "
              "[{app}].",
        "zh": "如果一行的所有键都被遮住：像笔记的代码那样填 −1e9，得到均匀的一行 [{fill}]；用 −∞ 加普通的 softmax "
              "得到 [{plain}]（−∞ − (−∞) 是 NaN）；本应用的 softmax 返回 [{app}]。",
    },
}

EMBEDDINGS = {
    "pe.norms": {"en": "Why × √d_model? The two norms on this sentence", "zh": "为什么要 × √d_model？本句的两个范数"},
    "pe.caption_norms": {
        "en": "The paper multiplies the embedding by √d_model without giving a reason. This model draws its "
              "embeddings from N(0, 1/d_model), so × √d_model gives components of about unit size, the same order "
              "as the PE's values in [−1, 1]. Here ‖embedding × √d_model‖ is {emb_lo} – {emb_hi} per token and ‖PE‖ "
              "is {pe} at every position (√(d_model/2)): neither drowns the other.",
        "zh": "论文把词嵌入乘以 √d_model，但没有说明原因。本模型的词嵌入从 N(0, 1/d_model) 初始化，所以乘以 "
              "√d_model 之后每个分量大约是单位大小，与取值在 [−1, 1] 的位置编码同一个量级。本句中每个词元的 "
              "‖词嵌入 × √d_model‖ 为 {emb_lo} – {emb_hi}，每个位置的 ‖PE‖ 都是 {pe}（√(d_model/2)）：谁也没有淹没谁。",
    },
    "pe.col_position": {"en": "position", "zh": "位置"},
    "pe.col_emb_norm": {"en": "‖embedding × √d_model‖", "zh": "‖词嵌入 × √d_model‖"},
    "pe.col_pe_norm": {"en": "‖PE‖", "zh": "‖PE‖"},
    "pe.col_index_norm": {"en": "‖index code‖ = pos·√d_model", "zh": "‖整数编码‖ = pos·√d_model"},
    "pe.col_frac": {"en": "pos / len (this sentence)", "zh": "pos / len（本句）"},
    "pe.col_frac_double": {"en": "pos / len (twice as long)", "zh": "pos / len（长一倍的句子）"},
    "pe.alternatives": {"en": "Simpler codes the notes try, and why they fail", "zh": "笔记中尝试的更简单编码，以"
                              "及它们为何不行"},
    "pe.caption_alternatives": {
        "en": "The integer index (0, 1, 2, … added to every dimension) grows without bound: at position {far} its "
              "norm is {far_norm}, against {emb} for an embedding, so position soon drowns meaning. pos / len stays "
              "in [0, 1) but depends on the sentence's length: position {p} is {a} here and {b} in a sentence twice "
              "as long, and the step between neighbours shrinks as sentences grow.",
        "zh": "整数编码（把 0, 1, 2, … 加到每个维度上）会无限增大：在位置 {far} 处它的范数是 {far_norm}，而一个词"
              "嵌入只有 "
              "{emb}，位置很快就淹没了词义。pos / len 虽然留在 [0, 1) 内，却依赖句子长度：位置 {p} 在本句中是 {a}，"
              "在长一倍的句子中是 {b}；句子越长，相邻位置之间的差距越小。",
    },
    "pe.concat": {"en": "Adding vs concatenating the position", "zh": "位置编码：相加还是拼接"},
    "pe.caption_concat": {
        "en": "As in «{title}»: append a one-hot position pᵢ to the token xᵢ and multiply by W = [Wᴵ; Wᴾ]. Then "
              "[xᵢ pᵢ]·[Wᴵ; Wᴾ] = xᵢWᴵ + pᵢWᴾ, and pᵢWᴾ is row i of Wᴾ: concatenating and projecting is the same as "
              "projecting the token and adding a position vector. On this sentence's embeddings with random Wᴵ, "
              "Wᴾ: max |difference| = {diff}.",
        "zh": "如«{title}»所说：给词元 xᵢ 拼接一个独热位置向量 pᵢ，再乘以 W = [Wᴵ; Wᴾ]。于是 "
              "[xᵢ pᵢ]·[Wᴵ; Wᴾ] = xᵢWᴵ + pᵢWᴾ，而 pᵢWᴾ 就是 Wᴾ 的第 i 行：先拼接再投影，等于投影词元后再加上一个位"
              "置向量。"
              "用本句的词嵌入和随机的 Wᴵ、Wᴾ 计算：最大 |差值| = {diff}。",
    },
    "pe.extrapolate": {"en": "Longer than anything seen in training", "zh": "比训练中见过的更长的句子"},
    "pe.caption_extrapolate": {
        "en": "The formula gives a code for any position, and PE[p]·PE[p+1] is {sim} at p = {positions}: the "
              "relation between neighbours is the same far beyond the training lengths. That is all the formula "
              "guarantees; whether the model uses positions it never saw well is another matter. This app also stops "
              "at max_len = {max_len} tokens (a longer sentence is cut, with a notice).",
        "zh": "公式可以给任何位置编码，而且在 p = {positions} 处 PE[p]·PE[p+1] 都是 {sim}：相邻位置之间的关系在远"
              "超训练长度"
              "的地方也一样。公式能保证的只有这些；模型能否用好从未见过的位置是另一回事。本应用最多处理 max_len = "
              "{max_len} 个词元（更长的句子会被截断并给出提示）。",
    },
    "pe.order": {"en": "Without positions, order is invisible: shuffle the sentence",
                 "zh": "没有位置编码，就看不到顺序：打乱句子试试"},
    "pe.with_pe": {"en": "Add the positional encoding", "zh": "加上位置编码"},
    "pe.shuffle": {"en": "Shuffle the sentence", "zh": "打乱句子"},
    "pe.unshuffle": {"en": "Original order", "zh": "恢复原顺序"},
    "pe.shuffled": {"en": "Shuffled: {tokens}", "zh": "打乱后：{tokens}"},
    "pe.not_shuffled": {"en": "Press “Shuffle the sentence” to compare.", "zh": "点击“打乱句子”进行对比。"},
    "pe.one_token": {"en": "A one-token sentence cannot be shuffled.", "zh": "只有一个词元的句子无法打乱。"},
    "pe.result_no_pe": {
        "en": "**Without PE** the shuffled sentence's outputs are the original outputs, shuffled the same way: max "
              "|difference| {attn} after the first self-attention, {memory} at the encoder's output (float32 "
              "rounding). Self-attention is permutation-equivariant.",
        "zh": "**没有位置编码**时，打乱后句子的输出就是原输出按同样方式打乱：第一次自注意力之后最大 |差值| 为 {attn}，"
              "编码器输出处为 {memory}（float32 舍入误差）。自注意力具有置换等变性。",
    },
    "pe.result_pe": {
        "en": "**With PE** they differ: max |difference| {attn} after the first self-attention, {memory} at the "
              "encoder's output. The same word at another position gets another output.",
        "zh": "**有位置编码**时两者不同：第一次自注意力之后最大 |差值| 为 {attn}，编码器输出处为 {memory}。"
              "同一个词换了位置，输出也就不同了。",
    },
    "pe.fig_diff": {"en": "|shuffled output − original output, shuffled| at the encoder's output",
                    "zh": "|打乱后的输出 − 原输出按同样方式打乱| ，编码器输出处"},
}

SELF_ATTENTION = {
    "var.header": {"en": "Why ÷√d_k: the variance of q·k grows with d_k", "zh": "为什么 ÷√d_k：q·k 的方差随 d_k 增大"},
    "var.caption": {
        "en": "The paper's reason: if the components of q and k are independent with mean 0 and variance 1, "
              "q·k = Σ qᵢkᵢ has variance d_k, and q·k/√d_k has variance 1. Measured on {n} random pairs per d_k.",
        "zh": "论文给出的理由：如果 q 和 k 的各分量相互独立、均值为 0、方差为 1，那么 q·k = Σ qᵢkᵢ 的方差是 d_k，"
              "而 q·k/√d_k 的方差是 1。每个 d_k 用 {n} 对随机向量实测。",
    },
    "var.fig": {"en": "Variance of q·k for random unit-variance q, k", "zh": "随机单位方差 q、k 的 q·k 方差"},
    "var.raw": {"en": "q·k", "zh": "q·k"},
    "var.scaled": {"en": "q·k / √d_k", "zh": "q·k / √d_k"},
    "var.x": {"en": "d_k", "zh": "d_k"},
    "var.y": {"en": "variance", "zh": "方差"},
    "var.row": {"en": "One row with and without ÷√d_k", "zh": "同一行：缩放与不缩放"},
    "var.fig_row": {"en": "softmax of query {query}'s row ({block}, layer {layer}, head {head})",
                    "zh": "查询 {query} 这一行的 softmax（{block}，第 {layer} 层，头 {head}）"},
    "var.with": {"en": "÷√d_k", "zh": "÷√d_k"},
    "var.without": {"en": "not scaled", "zh": "不缩放"},
    "var.caption_row": {
        "en": "This model has d_k = {d_k}. Not scaled, the largest weight of this row is {raw}; scaled, {scaled}.",
        "zh": "本模型 d_k = {d_k}。不缩放时这一行最大的权重是 {raw}；缩放后是 {scaled}。",
    },
}

ADD_NORM = {
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
        "en": "Measured on this sentence ({stack}): {norms}. In Post-Norm each of these is a LayerNorm's output: with "
              "γ = 1 and β = 0 it would be exactly √d_model = {sqrt}; the learned γ and β set it instead. Pick "
              "the Pre-Norm model above to compare.",
        "zh": "本句实测（{stack}）：{norms}。Post-Norm 中这些都是层归一化的输出：若 γ = 1、β = 0，它恰好是 "
              "√d_model = {sqrt}；实际的大小由学到的 γ 和 β 决定。可在上方选择 Pre-Norm 模型进行对比。",
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
    "ln.panels": {"en": "What the notes say about LayerNorm", "zh": "笔记中关于层归一化的说法"},
}

PAPER_PAGE = {
    "paper.header": {"en": "The paper next to this model", "zh": "论文与本模型对照"},
    "paper.sizes": {"en": "Sizes", "zh": "规模"},
    "paper.col_name": {"en": "quantity", "zh": "项目"},
    "paper.col_paper": {"en": "paper (base)", "zh": "论文（基础模型）"},
    "paper.col_model": {"en": "this model ({model})", "zh": "本模型（{model}）"},
    "paper.row_n": {"en": "N (layers per stack)", "zh": "N（编码器、解码器各几层）"},
    "paper.row_d": {"en": "d_model (model width)", "zh": "d_model（模型维度）"},
    "paper.row_h": {"en": "h (heads)", "zh": "h（头数）"},
    "paper.row_dk": {"en": "d_k = d_model / h (per head)", "zh": "d_k = d_model / h（每个头的维度）"},
    "paper.row_dff": {"en": "d_ff", "zh": "d_ff"},
    "paper.row_vocab": {"en": "vocabulary", "zh": "词表大小"},
    "paper.row_params": {"en": "parameters", "zh": "参数量"},
    "paper.paper_vocab": {"en": "{v} shared (BPE)", "zh": "{v}（共享 BPE）"},
    "paper.model_vocab": {"en": "{src} source + {tgt} target", "zh": "源语言 {src} + 目标语言 {tgt}"},
    "paper.paper_params": {"en": "{computed} from the formulas (Table 3 says {stated}M)",
                           "zh": "按公式算得 {computed}（论文表 3 写作 {stated}M）"},
    "paper.params": {"en": "Where the parameters are", "zh": "参数在哪里"},
    "paper.caption_params": {
        "en": "Counted from the loaded model's parameters, part by part, next to the formula for each part. The "
              "output layer reuses the target embedding (tied), so only its bias is new.",
        "zh": "从已加载模型的参数逐部分计数，并与每部分的公式对照。输出层复用目标语言词嵌入（权重共享），所以只有"
              "它的偏置是新增的。",
    },
    "paper.col_part": {"en": "part", "zh": "部分"},
    "paper.col_formula": {"en": "formula", "zh": "公式"},
    "paper.col_formula_value": {"en": "formula value", "zh": "公式值"},
    "paper.col_counted": {"en": "counted in the model", "zh": "模型中实际计数"},
    "paper.col_share": {"en": "share", "zh": "占比"},
    "paper.part_attention": {"en": "attention projections W_Q, W_K, W_V, W_O (3 blocks per layer pair)",
                             "zh": "注意力投影 W_Q、W_K、W_V、W_O（每对编码器/解码器层共 3 个模块）"},
    "paper.part_ffn": {"en": "feed-forward networks", "zh": "前馈网络"},
    "paper.part_norm": {"en": "LayerNorm γ and β", "zh": "层归一化的 γ 和 β"},
    "paper.part_embeddings": {"en": "embeddings (source, target = output layer)",
                              "zh": "词嵌入（源语言、目标语言 = 输出层）"},
    "paper.part_generator_bias": {"en": "output layer bias", "zh": "输出层偏置"},
    "paper.part_total": {"en": "total", "zh": "合计"},
    "paper.no_params": {
        "en": "**Attention itself has no parameters.** softmax(QKᵀ/√d_k)·V only multiplies, scales and normalises "
              "what it is given: 0 parameters. Everything attention learns sits in the four projections around "
              "it: 4·d_model² + 4·d_model = {per_block} per block here, {blocks} blocks, {total} in all.",
        "zh": "**注意力本身没有参数。** softmax(QKᵀ/√d_k)·V 只是对输入做乘法、缩放和归一化：0 个参数。"
              "注意力学到的一切都在它周围的四个投影里：这里每个模块 4·d_model² + 4·d_model = {per_block}，"
              "共 {blocks} 个模块，合计 {total}。",
    },
    "paper.cost": {"en": "The cost of attention grows with n²", "zh": "注意力的代价随 n² 增长"},
    "paper.caption_cost": {
        "en": "Measured in this app on the loaded model: encoder layer 0's self-attention block and its FFN on n "
              "random token vectors (fastest of {repeats} runs, one CPU thread; other work on the machine adds "
              "noise), and the bytes of the score matrix QKᵀ it records (h × n × n float32). Doubling n doubles "
              "the FFN's work and quadruples the score matrix.",
        "zh": "在本应用中用已加载的模型实测：编码器第 0 层的自注意力模块及其前馈网络，作用在 n 个随机词元向量上"
              "（{repeats} 次中最快的一次，单个 CPU 线程；机器上的其他工作会带来波动），以及它记录的分数矩阵 QKᵀ "
              "的字节数"
              "（h × n × n 个 float32）。n 翻倍时，前馈网络的计算量翻倍，分数矩阵变为 4 倍。",
    },
    "paper.fig_time": {"en": "Time per call (ms)", "zh": "每次调用耗时（毫秒）"},
    "paper.fig_memory": {"en": "Score matrix QKᵀ (MB)", "zh": "分数矩阵 QKᵀ（MB）"},
    "paper.axis_n": {"en": "sentence length n (tokens)", "zh": "句子长度 n（词元）"},
    "paper.axis_ms": {"en": "ms", "zh": "毫秒"},
    "paper.axis_mb": {"en": "MB", "zh": "MB"},
    "paper.trace_attention": {"en": "self-attention block", "zh": "自注意力模块"},
    "paper.trace_ffn": {"en": "FFN", "zh": "前馈网络"},
    "paper.trace_scores": {"en": "h·n²·4 bytes", "zh": "h·n²·4 字节"},
    "paper.col_n": {"en": "n", "zh": "n"},
    "paper.col_attn_ms": {"en": "attention (ms)", "zh": "注意力（毫秒）"},
    "paper.col_ffn_ms": {"en": "FFN (ms)", "zh": "前馈网络（毫秒）"},
    "paper.col_mb": {"en": "QKᵀ (MB)", "zh": "QKᵀ（MB）"},
}

BERT_GPT = {
    "bg.header": {"en": "BERT vs GPT: one half of the Transformer each", "zh": "BERT 与 GPT：各取 Transformer 的一半"},
    "bg.intro": {
        "en": "BERT keeps only the encoder: bidirectional self-attention, every token sees every token. GPT keeps "
              "only the decoder, without cross-attention: causal self-attention, every token sees itself and what "
              "comes before. This app's encoder and decoder show both masks on the sentence above.",
        "zh": "BERT 只保留编码器：双向自注意力，每个词元都能看到所有词元。GPT 只保留解码器，并去掉交叉注意力："
              "因果自注意力，每个词元只能看到自己和前面的词。本应用的编码器和解码器在上方的句子上展示这两种掩码。",
    },
    "bg.masks": {"en": "Which mask, and what each token can see", "zh": "用哪种掩码，每个词元能看到什么"},
    "bg.fig_encoder": {"en": "Encoder self-attention (BERT-style): mask", "zh": "编码器自注意力（BERT 式）：掩码"},
    "bg.fig_decoder": {"en": "Decoder self-attention (GPT-style): mask", "zh": "解码器自注意力（GPT 式）：掩码"},
    "bg.sees": {"en": "{token} sees: {visible}", "zh": "{token} 能看到：{visible}"},
    "bg.hover_visible": {"en": "{row} sees {col}", "zh": "{row} 看 {col}"},
    "bg.objectives": {"en": "Two pre-training objectives, worked on this sentence",
                      "zh": "两种预训练目标：用本句手算"},
    "bg.mlm": {
        "en": "**Masked-token prediction (BERT).** About 15 % of the positions are picked ({k} of {n} here) and "
              "replaced by [MASK] (of the picked ones BERT keeps 80 % as [MASK], puts a random word in 10 %, leaves "
              "10 %). The model sees both sides and must recover them; only the picked positions count in the loss: "
              "{k} terms.",
        "zh": "**遮蔽词预测（BERT）。** 约 15% 的位置被选中（这里是 {n} 个中的 {k} 个）并替换成 [MASK]"
              "（被选中的位置中，BERT 80% 换成 [MASK]，10% 换成随机词，10% 保持原词）。模型能看到两侧，要把它们还原；"
              "只有被选中的位置计入损失：{k} 项。",
    },
    "bg.mlm_input": {"en": "input", "zh": "输入"},
    "bg.mlm_target": {"en": "targets", "zh": "目标"},
    "bg.mlm_note": {
        "en": "This app's encoder was trained for translation, not for this objective, so it makes no guess here.",
        "zh": "本应用的编码器是为翻译训练的，不是为这个目标训练的，所以这里不给出预测。",
    },
    "bg.ntp": {
        "en": "**Next-token prediction (GPT).** Every position predicts the token after it from the tokens before "
              "it; every position counts: {t} terms. This app's decoder does exactly this (conditioned on the "
              "source too); on its own translation, with −log p per position:",
        "zh": "**下一个词预测（GPT）。** 每个位置根据它前面的词元预测下一个词元；每个位置都计入损失：{t} 项。"
              "本应用的解码器做的正是这件事（同时还以源句为条件）；在它自己的译文上，每个位置的 −log p：",
    },
    "bg.col_sees": {"en": "sees", "zh": "能看到"},
    "bg.col_predicts": {"en": "predicts", "zh": "预测"},
    "bg.col_p": {"en": "p", "zh": "p"},
    "bg.col_loss": {"en": "−log p", "zh": "−log p"},
    "bg.ntp_mean": {"en": "Mean loss {loss} (perplexity {ppl}).", "zh": "平均损失 {loss}（困惑度 {ppl}）。"},
    "bg.positions": {"en": "Positions: learned vs sinusoidal", "zh": "位置：学习得到的与正弦余弦的"},
    "bg.caption_positions": {
        "en": "BERT and GPT learn a position table ({bert_pos} × {bert_d} = {bert_params} parameters in "
              "BERT-base), which cannot go past its last row. This app uses the paper's fixed sin/cos formula: 0 "
              "parameters, defined for any position (a learned table for its {max_len} positions would add "
              "{ours} parameters). The paper found both about equally good (its Table 3, row E).",
        "zh": "BERT 和 GPT 学习一张位置表（BERT-base 中是 {bert_pos} × {bert_d} = {bert_params} 个参数），"
              "超过最后一行就无法使用。本应用使用论文中固定的正弦/余弦公式：0 个参数，任何位置都有定义"
              "（若为它的 {max_len} 个位置学两张表，编码器和解码器各一张，要多 {ours} 个参数）。论文发现两者效果相"
              "当（表 3 第 E 行）。",
    },
    "bg.segments": {"en": "Segment embeddings", "zh": "段嵌入"},
    "bg.caption_segments": {
        "en": "BERT reads one or two sentences in one sequence, so each token's input is token + segment + "
              "position embedding; the segment says which sentence it belongs to. With this sentence as A and "
              "“{second}” as B:",
        "zh": "BERT 把一个或两个句子放在同一个序列里读，所以每个词元的输入是 词元嵌入 + 段嵌入 + 位置嵌入；"
              "段嵌入说明它属于哪个句子。以本句为 A、以“{second}”为 B：",
    },
    "bg.row_token": {"en": "token", "zh": "词元"},
    "bg.row_segment": {"en": "segment", "zh": "段"},
    "bg.row_position": {"en": "position", "zh": "位置"},
    "bg.caption_no_segments": {
        "en": "This encoder–decoder needs no segments: the source goes to the encoder and the target to the "
              "decoder, two separate inputs.",
        "zh": "本应用的编码器-解码器不需要段嵌入：源句进入编码器，目标句进入解码器，是两个独立的输入。",
    },
    "bg.sizes": {"en": "Sizes", "zh": "规模"},
    "bg.col_model": {"en": "model", "zh": "模型"},
    "bg.col_layers": {"en": "layers", "zh": "层数"},
    "bg.col_hidden": {"en": "d_model (hidden size)", "zh": "d_model（隐藏层大小）"},
    "bg.col_heads": {"en": "heads", "zh": "头数"},
    "bg.col_stated": {"en": "parameters (stated)", "zh": "参数量（论文数字）"},
    "bg.col_computed": {"en": "parameters (from the configuration)", "zh": "参数量（按配置计算）"},
    "bg.this_model": {"en": "this app ({model}, encoder + decoder)", "zh": "本应用（{model}，编码器 + 解码器）"},
    "bg.caption_sizes": {
        "en": "BERT's counts are computed here from its configuration (embeddings incl. 2 segments, 4·d² + 4·d "
              "attention and 2·d·4d + 5d FFN per layer, LayerNorms, pooler); this model's is counted from its "
              "loaded parameters: BERT-base is {ratio}× larger.",
        "zh": "BERT 的参数量是按它的配置算出来的（词嵌入含 2 个段嵌入，每层 4·d² + 4·d 的注意力和 2·d·4d + 5d 的前"
              "馈网络，"
              "层归一化，池化层）；本模型的参数量则是从加载的参数中数出来的：BERT-base 是它的 {ratio} 倍。",
    },
}

BERT_GPT_PRETRAINED = {  # the BERT vs GPT page with a pretrained model loaded
    "bg.hf_intro": {
        "en": "**{model}** is loaded, so this page shows that real model on the sentence above, in its own subword "
              "tokens: the mask its own attention weights show next to the other family's, its pre-training objective "
              "run live, and its size counted from its weights.",
        "zh": "已加载 **{model}**，所以本页用这个真实模型、按它自己的子词词元展示上方的句子：它自己的注意力权重所显示的"
              "掩码（旁边是另一类模型的掩码）、实时运行的预训练目标，以及从权重中数出的规模。",
    },
    "bg.hf_intro_marian": {
        "en": "**{model}** is loaded: a real encoder–decoder, so this page shows, in its own subword tokens, the masks "
              "its own attention weights show in its encoder (as a BERT) and in its decoder (as a GPT).",
        "zh": "已加载 **{model}**：这是一个真实的编码器-解码器，所以本页按它自己的子词词元，展示它自己的"
              "注意力权重在编码器（像 BERT）和解码器（像 GPT）中显示的掩码。",
    },
    "bg.hf_fig_bert": {"en": "This BERT, measured from its weights: mask", "zh": "本 BERT（由权重实测）：掩码"},
    "bg.hf_fig_gpt2": {"en": "This GPT-2, measured from its weights: mask",
                      "zh": "本 GPT-2（由权重实测）：掩码"},
    "bg.hf_fig_as_gpt": {"en": "What a GPT would use: the causal mask", "zh": "GPT 会用的：因果掩码"},
    "bg.hf_fig_as_bert": {"en": "What a BERT would use: no mask (bidirectional)",
                          "zh": "BERT 会用的：不遮挡（双向）"},
    "bg.hf_fig_marian_enc": {"en": "Marian encoder, measured from its weights: mask",
                             "zh": "Marian 编码器（由权重实测）：掩码"},
    "bg.hf_fig_marian_dec": {"en": "Marian decoder self-attention, measured: mask",
                             "zh": "Marian 解码器自注意力（实测）：掩码"},
    "bg.hf_reach": {
        "en": "Measured from the attention weights the library itself returns (`output_attentions`) over all {n} "
              "layers × {h} heads: a query sees a key if some layer and head gives it a weight > 0. Weights on "
              "tokens **after** the query: largest {max}, smallest {min}.",
        "zh": "由库自己返回的注意力权重（`output_attentions`）在全部 {n} 层 × {h} 个头上实测：只要某一层某个头给"
              "某个键的权重 > 0，查询就算看到了它。查询**之后**的词元得到的权重：最大 {max}，最小 {min}。",
    },
    "bg.hf_reach_bidirectional": {
        "en": "All of them are > 0: every token sees every token, before and after it (bidirectional).",
        "zh": "它们全都 > 0：每个词元都能看到所有词元，前面的和后面的都能看到（双向）。",
    },
    "bg.hf_reach_causal": {
        "en": "All of them are exactly 0: every token sees only itself and the tokens before it (causal).",
        "zh": "它们全都恰好为 0：每个词元只能看到自己和前面的词元（因果）。",
    },
    "bg.hf_reach_one": {"en": "One token only: no token comes after another.",
                        "zh": "只有一个词元：没有哪个词元排在另一个之后。"},
    "bg.hf_other": {
        "en": "The same tokens under the other family's mask (drawn from the rule, not measured).",
        "zh": "同样的词元换成另一类模型的掩码（按规则画出，不是实测）。",
    },
    "bg.hf_objective": {"en": "Its pre-training objective, live on this sentence",
                        "zh": "它的预训练目标：在本句上实时运行"},
    "bg.hf_mlm": {
        "en": "**Masked-token prediction.** Pick a word: each of its subwords becomes [MASK], and the MLM head, "
              "reading both sides, gives every token of its vocabulary a probability at each masked position.",
        "zh": "**遮蔽词预测。** 选一个词：它的每个子词都换成 [MASK]，MLM 头同时读取左右两侧，"
              "在每个被遮蔽的位置上给词表里的每个词元一个概率。",
    },
    "bg.hf_pick_word": {"en": "Word to mask", "zh": "要遮蔽的词"},
    "bg.hf_fig_mask": {"en": "[MASK] {i} (was “{target}”): top {k}", "zh": "[MASK] {i}（原为“{target}”）：前 {k}"},
    "bg.hf_mlm_loss": {
        "en": "Position {i}: the model gives the original “{target}” p = {p}, so this position's loss term is "
              "−log p = {loss}.",
        "zh": "位置 {i}：模型给原词元“{target}”的概率 p = {p}，所以这个位置的损失项是 −log p = {loss}。",
    },
    "bg.hf_mlm_missing": {
        "en": "This checkpoint (`{arch}`) was saved without its MLM head, so it cannot guess the masked word: above "
              "are the input it would be trained on and the targets it would have to recover. A checkpoint saved as "
              "…ForMaskedLM (e.g. bert-base-uncased) shows its guesses here.",
        "zh": "这个检查点（`{arch}`）保存时没有带 MLM 头，所以它猜不出被遮蔽的词：上面是它训练时会读到的输入，"
              "以及它要还原的目标。以 …ForMaskedLM 形式保存的检查点（例如 bert-base-uncased）会在这里给出它的猜测。",
    },
    "bg.hf_no_word": {"en": "The sentence has no word to mask: type one.",
                      "zh": "句子里没有可以遮蔽的词：请输入一个。"},
    "bg.hf_ntp": {
        "en": "**Next-token prediction.** One pass over the sentence gives a next-token distribution at every "
              "position (the causal mask hides what follows); each position's loss is −log p of the token that "
              "really comes next: {t} terms.",
        "zh": "**下一个词预测。** 对句子做一次前向传播，每个位置都得到一个下一个词元的分布"
              "（因果掩码遮住了后面的内容）；每个位置的损失是实际出现的下一个词元的 −log p：共 {t} 项。",
    },
    "bg.hf_col_next": {"en": "next token (in the sentence)", "zh": "下一个词元（句中实际的）"},
    "bg.hf_col_top": {"en": "model's top guess", "zh": "模型的首选"},
    "bg.hf_ntp_one": {"en": "One token: the sentence has no next token to score. Type more.",
                      "zh": "只有一个词元：句子里没有可以打分的下一个词元。请再输入一些。"},
    "bg.hf_marian_objective": {
        "en": "A Marian model is trained like this app's own encoder–decoder: next-token prediction on the "
              "translation, reading the source. See each step on the Encoder–decoder & decoding page.",
        "zh": "Marian 模型的训练方式和本应用自带的编码器-解码器一样：读取源句，在译文上做下一个词预测。"
              "每一步见“编码器-解码器与解码”页。",
    },
    "bg.hf_col_counted": {"en": "parameters (counted from the loaded weights)", "zh": "参数量（从加载的权重中数出）"},
    "bg.hf_row": {"en": "{model} (loaded)", "zh": "{model}（已加载）"},
    "bg.hf_sizes": {
        "en": "Counted from the loaded weights: {total} in all, {body} of them in its `{body_class}` (embeddings and "
              "layers). The formula for its configuration ({args}) gives {formula}.",
        "zh": "从加载的权重中数出：共 {total} 个，其中 {body} 个在它的 `{body_class}`（嵌入和各层）里。"
              "按它的配置（{args}）用公式算出 {formula} 个。",
    },
    "bg.hf_sizes_equal": {"en": "Formula and count agree exactly.", "zh": "公式与数出的结果完全一致。"},
    "bg.hf_sizes_differ": {
        "en": "They differ by {diff}: this architecture has parts the formula does not count.",
        "zh": "两者相差 {diff}：这种架构有公式没有计入的部分。",
    },
    "bg.hf_head_tied": {
        "en": "The head on top adds {head}; its output weights are the token embedding itself (tied), counted once.",
        "zh": "上面的输出头另有 {head} 个参数；它的输出权重就是词嵌入本身（共享），只计一次。",
    },
    "bg.hf_head_untied": {"en": "The head on top adds {head}.", "zh": "上面的输出头另有 {head} 个参数。"},
    "bg.hf_head_none": {
        "en": "Its output layer is the token embedding itself (tied): it adds no parameters.",
        "zh": "它的输出层就是词嵌入本身（共享）：不增加参数。",
    },
    "bg.hf_positions": {
        "en": "**Learned positions.** Its position table is a weight of {positions} × {dim} = {params} parameters "
              "(read from the loaded weights): this sentence's {n} tokens use rows 0–{last}, and nothing longer than "
              "{positions} tokens can be read. (The paper and this app's glass-box model use the fixed sin/cos "
              "formula instead: 0 parameters, defined for any position.)",
        "zh": "**学习得到的位置。** 它的位置表是一个 {positions} × {dim} = {params} 个参数的权重"
              "（从加载的权重中读出）：本句的 {n} 个词元用到第 0–{last} 行，超过 {positions} 个词元的输入就读不了。"
              "（论文和本应用的玻璃盒模型用的则是固定的正弦/余弦公式：0 个参数，任何位置都有定义。）",
    },
    "bg.hf_segments": {
        "en": "**Segments.** Its segment table is {segments} × {dim} (read from its weights); every token of one "
              "sentence gets segment 0.",
        "zh": "**段嵌入。** 它的段嵌入表是 {segments} × {dim}（从权重中读出）；单个句子的每个词元都属于第 0 段。",
    },
    "bg.hf_no_segments": {"en": "**Segments.** It has no segment table: a GPT reads one stream of text.",
                          "zh": "**段嵌入。** 它没有段嵌入表：GPT 读的是一整条文本流。"},
}

OTHER = {
    "model.en-zh": {"en": "English → 中文", "zh": "英语 → 中文"},
    "model.zh-en": {"en": "中文 → English", "zh": "中文 → 英语"},
    "model.en-zh-pre": {"en": "English → 中文 (Pre-Norm)", "zh": "英语 → 中文（Pre-Norm）"},
    "model.en-zh-unguided": {"en": "English → 中文 (attention unguided)", "zh": "英语 → 中文（注意力未引导）"},
    "header.pinyin": {"en": "Pinyin under Chinese", "zh": "中文下方显示拼音"},
    "dec.bos_note": {
        "en": "<bos> is the start symbol that the notes write <start>, <begin> or <sos>; <eos> is their <end>.",
        "zh": "<bos> 就是笔记中写作 <start>、<begin> 或 <sos> 的起始符；<eos> 就是笔记中的 <end>。",
    },
    "dec.given": {"en": "{prefix}, source", "zh": "{prefix}，源句"},
    "notes.panels_here": {"en": "The notes on this topic", "zh": "笔记中关于本主题的说法"},
}

MESSAGES: dict[str, dict[str, str]] = (PANELS | NOTES_PAGE | MASKS | EMBEDDINGS | SELF_ATTENTION | ADD_NORM
                                       | PAPER_PAGE | BERT_GPT | BERT_GPT_PRETRAINED
                                       | OTHER)
