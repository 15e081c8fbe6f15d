"""Messages of the lessons on the notes: the "In the notes / In this app" panels, positional-encoding alternatives,
LayerNorm vs BatchNorm, the paper next to this model, BERT vs GPT, pinyin. Prefixes: notes.* (panels and their
page), pe.* (Embeddings page additions), mm.* (Masks), var.* (Self-attention), ln.* (Add & Norm), paper.*, bg.*.
"""

PANELS = {
    "notes.in_notes": {"en": "**In the notes** · «{title}», line {line}", "zh": "**笔记中** · «{title}»，第 {line} 行"},
    "notes.in_notes_lines": {"en": "**In the notes** · «{title}», lines {first}–{last}",
                             "zh": "**笔记中** · «{title}»，第 {first}–{last} 行"},
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
              "wavelengths run up to 2π·10000^(2(d−1)/d) instead of at most 2π·10000^((d−2)/d).",
        "zh": "代码跳过了位置 0（这一行全是 0，但 PE(0) = [0, 1, 0, 1, …]，因为 cos 0 = 1）；并且把列号本身当作 "
              "10000^(2i/d) 中的 i，于是 sin 和 cos 不再共用同一个频率，波长一直增大到 2π·10000^(2(d−1)/d)，"
              "而不是最多 2π·10000^((d−2)/d)。",
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
        "en": "{note0} lets i run over [0, d_model) (every dimension); {note2} and {note4} write [0, …, "
              "d_model/2] with the end included, and {note3} calls i the dimension index. But 2i and 2i + 1 must be "
              "dimensions below d_model, so i = 0, 1, …, d_model/2 − 1: i numbers the sin/cos pairs.",
        "zh": "{note0} 让 i 取遍 [0, d_model)（每一个维度）；{note2} 和 {note4} 写成 [0, …, d_model/2] 且包含终点；"
              "{note3} 把 i 称为维度索引。但 2i 和 2i + 1 都必须是小于 d_model 的维度，所以 i = 0, 1, …, "
              "d_model/2 − 1：i 给 sin/cos 维度对编号。",
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
              "(0, and 1 up to LayerNorm's ε: σ²/(σ² + ε)), then the mean and variance after γ and β (no longer 0 "
              "and 1).",
        "zh": "编码器第 0 层的第一个层归一化，作用在本句上：每个词元 x̂ 的和与平方均值（和为 0；平方均值在层归一化的 ε "
              "之内为 1：σ²/(σ² + ε)），以及乘 γ、加 β 之后的均值和方差（不再是 0 和 1）。",
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
        "zh": "对 3 维输入（批次，位置，词表），不带 `dim` 的 `nn.Softmax()` 会选第 0 维，也就是批次维，"
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
    "notes.parallel.title": {"en": "“This way the Transformer can compute efficiently in parallel”",
                             "zh": "“通过这种方式，Transformer 可以高效地并行计算”"},
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
              "readable), and it does not divide by √d_k. Its rounding is itself wrong: the first weight, {w0}, "
              "rounds to {w0_rounded}, not 0.0, so row 0 should read [{honest0}], which sums to {honest_sum}: one "
              "decimal cannot keep a row's weights summing to 1. Its outputs are therefore not what the formula "
              "gives.",
        "zh": "笔记在乘以 V 之前把 softmax 的结果四舍五入到一位小数（它自己说明了，是为了便于展示），"
              "而且没有除以 √d_k。它的四舍五入本身也错了：第一个权重 {w0} 应舍入为 {w0_rounded}，而不是 0.0，"
              "所以第 0 行应为 [{honest0}]，其和为 {honest_sum}：只保留一位小数，无法让一行权重之和保持为 1。"
              "所以它的输出并不是公式真正算出的结果。",
    },
    "notes.rounding.app": {
        "en": "From the note's own Q and K: the weights and the outputs softmax(QKᵀ)·V exactly as in the note "
              "(unscaled), as the note prints them, rounded correctly to one decimal, and with ÷√d_k (d_k = 3) as in "
              "the paper. The Playground's first preset is this example; its numbers are exact.",
        "zh": "用笔记自己的 Q、K 计算：权重和输出 softmax(QKᵀ)·V——与笔记相同不缩放的精确值、笔记印出的值、"
              "正确舍入到一位小数的值，以及论文中 ÷√d_k（d_k = 3）的值。"
              "“动手实验”页的第一个预设就是这个例子，那里的数字都是精确值。",
    },
    "notes.shuffle.title": {"en": "“Without positions, the order makes no difference to the output”",
                            "zh": "“没有位置编码时，顺序对输出没有任何影响”"},
    "notes.shuffle.wrong": {
        "en": "Half right. For the translation the note is right: without positional encoding the encoder is "
              "permutation-**equivariant** (shuffle the words and each word's output moves with it, unchanged), and "
              "cross-attention sums over the source positions, so everything that pools over them — cross-attention "
              "and hence the translation — is **invariant**: it does not change at all. What the note misses is "
              "that the encoder's outputs themselves are not the same output: they are the same vectors in another "
              "order. And since the translation cannot see word order, “the dog bit the man” and “the man bit the "
              "dog” would get the same translation: that is why the PE is needed.",
        "zh": "对了一半。就译文而言笔记是对的：没有位置编码时，编码器具有置换**等变性**（打乱词序，每个词的输出跟着它"
              "一起移动，本身不变），而交叉注意力对源语言的所有位置求和，所以凡是对位置做汇总的东西——交叉注意力，"
              "进而整个译文——都具有置换**不变性**：完全不变。笔记没说清的是，编码器的输出本身并不是“同一个输出”："
              "它们是同样的向量，只是换了顺序。也正因为译文看不到词序，“狗咬人”和“人咬狗”会得到同样的译文："
              "这就是需要位置编码的原因。",
    },
    "notes.shuffle.app": {
        "en": "Measured below on the live model: with the PE removed and the sentence shuffled, the encoder's outputs "
              "equal the original outputs shuffled the same way (equivariance, max |difference| ≈ 10⁻⁶, float32 "
              "rounding), and the translation's logits do not change (invariance); with the PE neither holds.",
        "zh": "下面在本应用自带的模型上实测：去掉位置编码并打乱句子后，编码器的输出等于把原输出按同样方式打乱"
              "（等变性，最大 |差值| ≈ 10⁻⁶，float32 舍入误差），译文的未归一化得分不变（不变性）；"
              "加上位置编码时两者都不成立。",
    },
    "notes.scale_grad.title": {"en": "Why ÷√d_k: “to stop the gradient getting too large”",
                               "zh": "为什么 ÷√d_k：“防止梯度过大”"},
    "notes.scale_grad.wrong": {
        "en": "{note0} has it backwards. The paper divides by √d_k because for large d_k the dot products grow large "
              "and push the softmax into regions where its gradient is extremely small (vanishing, not exploding). "
              "{note3} has the reason right but calls d_k the scaling factor (the scores are divided by √d_k); "
              "{note4} calls the division a normalisation (nothing is normalised: the scores are only shrunk by a "
              "constant).",
        "zh": "{note0} 说反了。论文除以 √d_k，是因为 d_k 较大时点积会变大，把 softmax 推到梯度极小的区域"
              "（梯度消失，而不是过大）。{note3} 的理由是对的，但把 d_k 称为缩放因子（分数实际除以的是 √d_k）；"
              "{note4} 把这一步叫作归一化（并没有归一化什么：分数只是被一个常数缩小了）。",
    },
    "notes.scale_grad.app": {
        "en": "The paper's argument is statistical, not a law for every row: if the components of q and k are "
              "independent with mean 0 and variance 1, Var(q·k) = d_k, so for large d_k a typical row holds a few "
              "very large scores and its softmax saturates (one weight near 1, the Jacobian ∂w/∂s = diag(w) − w·wᵀ "
              "near 0). On this sentence, encoder layer 0 (every head and query row, d_k = {d_k}): the scaling raises "
              "‖J‖ in **{raised} of {rows}** rows and lowers it in {lowered}.{example} The effect grows with d_k: for "
              "random unit-variance q and k over {n} keys, scaling raises ‖J‖ in {share_dk} of the rows at this "
              "model's d_k = {d_k}, {share_64} at the paper's d_k = 64 and {share_512} at d_k = 512. The "
              "Self-attention page shows ‖J‖ for any row.",
        "zh": "论文的论证是统计意义上的，并不是对每一行都成立的定律：如果 q 和 k 的各分量相互独立、均值为 0、方差为 1，"
              "那么 Var(q·k) = d_k，所以 d_k 较大时典型的一行里会有几个很大的分数，softmax 饱和（某个权重接近 1，"
              "雅可比矩阵 ∂w/∂s = 对角阵(w) − w·wᵀ 接近 0）。在本句上，编码器第 0 层（每个头的每个查询行，"
              "d_k = {d_k}）：缩放让 ‖J‖ 变大的有 **{rows} 行中的 {raised} 行**，变小的有 {lowered} 行。{example}"
              "这个效应随 d_k 增大：对各分量为单位方差的随机 q、k、{n} 个键，缩放让 ‖J‖ 变大的行所占比例在本模型的 "
              "d_k = {d_k} 时为 {share_dk}，在论文的 d_k = 64 时为 {share_64}，在 d_k = 512 时为 {share_512}。"
              "“自注意力”页可以查看任意一行的 ‖J‖。",
    },
    "notes.scale_grad.example": {
        "en": " For instance head {head}, query “{token}”: ‖J‖ = {plain} unscaled against {scaled} scaled.",
        "zh": "例如头 {head}、查询“{token}”：不缩放时 ‖J‖ = {plain}，缩放后为 {scaled}。",
    },
    "notes.qk_similarity.title": {"en": "“QKᵀ is the attention matrix: a larger dot product means more similar”",
                                  "zh": "“QKᵀ 就是注意力矩阵：点积越大越相似”"},
    "notes.qk_similarity.wrong": {
        "en": "QKᵀ holds the scores before the softmax, not the attention weights. And it is not a similarity of "
              "two words: q comes from W_Q and k from W_K, two different learned projections, so the score of "
              "word i for word j need not equal that of j for i, and a word need not score highest against itself. "
              "(The dot product also grows with the vectors' length, which a similarity should not.)",
        "zh": "QKᵀ 是 softmax 之前的分数，不是注意力权重。它也不是两个字的相似度：q 来自 W_Q，k 来自 W_K，是两个"
              "不同的可学习投影，所以字 i 对字 j 的分数不必等于字 j 对字 i 的分数，一个字对自己的分数也不一定最高。"
              "（而且点积会随向量长度增大，相似度不应如此。）",
    },
    "notes.qk_similarity.app": {
        "en": "Encoder layer 0, head 0, this sentence: QKᵀ is {n} × {n} and max |S − Sᵀ| = {asym} (a similarity "
              "would be symmetric, 0); in {off} of the {n} rows the largest score is not on the token itself.",
        "zh": "编码器第 0 层、头 0、本句：QKᵀ 是 {n} × {n}，最大 |S − Sᵀ| = {asym}（相似度应当是对称的，"
              "即为 0）；{n} 行中有 {off} 行的最大分数不在该词元自己身上。",
    },
    "notes.mh_reason.title": {"en": "“Multi-head was introduced because attention had no parameters”",
                              "zh": "“引入多头是因为前面的注意力没有参数”"},
    "notes.mh_reason.wrong": {
        "en": "Scaled dot-product attention has no parameters, but the paper's single-head alternative is still "
              "projected (W_Q, W_K, W_V of size d_model × d_model). Multi-head exists so that the model can attend "
              "to different things in different subspaces at once: one head averages them all into one pattern. "
              "It does not even add parameters.",
        "zh": "缩放点积注意力本身确实没有参数，但论文中作为对比的单头注意力同样有投影（d_model × d_model 的 W_Q、"
              "W_K、W_V）。多头是为了让模型在不同的子空间里同时关注不同的内容：单头只能把它们平均成一种模式。"
              "多头甚至不增加参数。",
    },
    "notes.mh_reason.app": {
        "en": "This model's attention block has {params} parameters = 4·{d}² + 4·{d}, the same with h = 1 as with "
              "its h = {h}. Its {h} heads of encoder layer 0 attend differently on this sentence: any two heads' "
              "weights differ by at least {diff} somewhere.",
        "zh": "本模型的一个注意力块有 {params} 个参数 = 4·{d}² + 4·{d}，h = 1 和 h = {h} 时一样多。"
              "在本句上，编码器第 0 层的 {h} 个头关注的内容各不相同：任意两个头的权重至少在某处相差 {diff}。",
    },
    "notes.mh_projection.title": {"en": "Multi-head as a second projection of each qᶦ",
                                  "zh": "把多头说成对每个 qᶦ 再做一次投影"},
    "notes.mh_projection.wrong": {
        "en": "The note first computes q = a·W_q and then splits each q by multiplying it by W₁ and W₂. In the "
              "paper each head projects the input X directly, headᵢ = Attention(XWᵢ^Q, XWᵢ^K, XWᵢ^V), and in code "
              "the h projections are one d_model × d_model matrix whose output is cut into h slices of d_k. Two "
              "projections in a row would just be one projection (their product).",
        "zh": "笔记先算 q = a·W_q，再把每个 q 乘以 W₁ 和 W₂ 来“分裂”。论文中每个头直接对输入 X 做投影，"
              "头ᵢ = Attention(X·Wᵢ^Q, X·Wᵢ^K, X·Wᵢ^V)；代码里 h 个投影就是一个 d_model × d_model 的矩阵，"
              "它的输出被切成 h 段、每段 d_k 维。连续两次投影其实只等于一次投影（两矩阵之积）。",
    },
    "notes.mh_projection.app": {
        "en": "Encoder layer 0 on this sentence: every head's q equals its slice of columns of X·W_Qᵀ + b (max "
              "|difference| {diff}, float32 rounding): {h} slices of d_k = {d_k} of one projection.",
        "zh": "编码器第 0 层、本句：每个头的 q 都等于 X·W_Qᵀ + b 中属于它的那几列（最大 |差值| {diff}，"
              "float32 舍入误差）：一个投影切成 {h} 段，每段 d_k = {d_k}。",
    },
    "notes.transpose.title": {"en": "“Transpose” Attention(Q, K, V) back to the input's shape",
                              "zh": "把 Attention(Q, K, V)“转置”回输入的形状"},
    "notes.transpose.wrong": {
        "en": "A transpose swaps rows and columns; it cannot turn one head's L × d_v into L × d_model. The note "
              "means the step after attention: concatenate the h heads and multiply by W_O. (The note's code "
              "does transpose, but only to move the head axis before reshaping.)",
        "zh": "转置只是交换行和列，无法把一个头的 L × d_v 变成 L × d_model。笔记指的其实是注意力之后的一步："
              "把 h 个头拼接起来，再乘以 W_O。（笔记的代码里确实有 `transpose`，但只是为了在变形前挪动“头”这一维。）",
    },
    "notes.transpose.app": {
        "en": "Encoder layer 0 on this sentence: one head's output is {rows} × {d_k}; transposed it is {d_k} × "
              "{rows}. Concatenating the {h} heads gives {rows} × {concat}, and × W_O gives {rows} × {d}.",
        "zh": "编码器第 0 层、本句：一个头的输出是 {rows} × {d_k}；转置后是 {d_k} × {rows}。"
              "把 {h} 个头拼接起来得到 {rows} × {concat}，再乘以 W_O 得到 {rows} × {d}。",
    },
    "notes.module_list.title": {"en": "Layers kept in plain Python lists", "zh": "用普通的 Python 列表存放层"},
    "notes.module_list.wrong": {
        "en": "PyTorch registers a submodule only if it is an attribute or sits in `nn.ModuleList`. Layers in a "
              "plain list are invisible: `.parameters()` skips them (the optimizer never trains them), `state_dict` "
              "skips them (they are not saved) and `.to(device)` does not move them. The note's Transformer would "
              "train only its embeddings and classifier.",
        "zh": "PyTorch 只登记作为属性或放在 `nn.ModuleList` 里的子模块。放在普通列表里的层是看不见的："
              "`.parameters()` 不包含它们（优化器永远不会训练它们），`state_dict` 不包含它们（不会被保存），"
              "`.to(device)` 也不会移动它们。笔记里的 Transformer 只会训练词嵌入和分类层。",
    },
    "notes.module_list.app": {
        "en": "The note's multi-head module built here with d = {d}, h = {h}: `.parameters()` yields {plain} "
              "parameters and `state_dict` has {plain_keys} entries (only `lin`); with `nn.ModuleList`, {listed} "
              "parameters and {list_keys} entries.",
        "zh": "在这里用 d = {d}、h = {h} 构建笔记的多头模块：`.parameters()` 只给出 {plain} 个参数，`state_dict` 只有 "
              "{plain_keys} 项（只有 `lin`）；改用 `nn.ModuleList` 后是 {listed} 个参数、{list_keys} 项。",
    },
    "notes.six_pairs.title": {"en": "“6 Encoder-Decoder structures”", "zh": "“6 个编码器-解码器结构”"},
    "notes.six_pairs.wrong": {
        "en": "There are not six encoder–decoder pairs. The encoder is a stack of N = 6 layers run to the end "
              "first; then every one of the N decoder layers attends to that same final encoder output. Decoder "
              "layer 1 does not read encoder layer 1.",
        "zh": "并不存在六对编码器-解码器。编码器是 N = 6 层的堆叠，先完整地运行到最后一层；然后解码器的 N 层中"
              "每一层都关注同一个编码器最终输出。解码器第 1 层并不读取编码器第 1 层。",
    },
    "notes.six_pairs.app": {
        "en": "This model has N = {N}. On this sentence every decoder layer's cross-attention keys are the encoder's "
              "final output × W_K + b (max |difference| {diff}); against encoder layer 0's output, decoder layer "
              "0's keys differ by up to {first}.",
        "zh": "本模型 N = {N}。在本句上，每个解码器层交叉注意力的键都是编码器最终输出 × W_K + b"
              "（最大 |差值| {diff}）；若与编码器第 0 层的输出相比，解码器第 0 层的键最多相差 {first}。",
    },
    "notes.sin_cos_linear.title": {"en": "“A linear transformation of sin and cos”",
                                   "zh": "“sin 和 cos 函数的线性变换”"},
    "notes.sin_cos_linear.wrong": {
        "en": "The positional encoding is sin and cos evaluated at pos · ωᵢ, with one frequency ωᵢ = 10000^(−2i/d) "
              "per pair of dimensions; nothing is linearly transformed, and the code is not linear in the position. "
              "The only linear relation is that PE(pos + k) is a rotation of PE(pos).",
        "zh": "位置编码是在 pos · ωᵢ 处取 sin 和 cos，每一对维度一个频率 ωᵢ = 10000^(−2i/d)；其中没有什么线性变换，"
              "编码也不是位置的线性函数。唯一的线性关系是：PE(pos + k) 是 PE(pos) 的一个旋转。",
    },
    "notes.sin_cos_linear.app": {
        "en": "d_model = {d}: wavelengths from {short} to {long} positions (2π·10000^((d−2)/d)); |PE(2) − 2·PE(1)| "
              "reaches {nl}, so PE is not linear in pos.",
        "zh": "d_model = {d}：波长从 {short} 到 {long} 个位置（2π·10000^((d−2)/d)）；|PE(2) − 2·PE(1)| 最大为 "
              "{nl}，所以 PE 不是 pos 的线性函数。",
    },
    "notes.pe_linear.title": {"en": "“PE(pos+k) is a linear combination of PE(pos) and PE(k)”",
                              "zh": "“PE(pos+k) 是 PE(pos) 和 PE(k) 的线性组合”"},
    "notes.pe_linear.wrong": {
        "en": "The addition formulas give, in each (sin, cos) pair, PE(pos + k) = R(k·ωᵢ)·PE(pos): a rotation of "
              "PE(pos) whose angle depends on k (its entries are the numbers of PE(k)). That is a linear map of "
              "PE(pos) fixed by k, not a·PE(pos) + b·PE(k) with two numbers a, b.",
        "zh": "由和角公式，在每一对 (sin, cos) 维度中 PE(pos + k) = R(k·ωᵢ)·PE(pos)：这是 PE(pos) 的一个旋转，"
              "旋转角取决于 k（矩阵的元素正是 PE(k) 的数值）。它是一个由 k 决定、作用在 PE(pos) 上的线性变换，"
              "而不是用两个数 a、b 写成的 a·PE(pos) + b·PE(k)。",
    },
    "notes.pe_linear.app": {
        "en": "d_model = {d}, pos = {pos}, k = {k}: rotating PE(pos) gives PE(pos + k) to {rot}; the best "
              "a·PE(pos) + b·PE(k) (least squares: a = {a}, b = {b}) still misses by up to {combo}.",
        "zh": "d_model = {d}，pos = {pos}，k = {k}：旋转 PE(pos) 得到 PE(pos + k)，误差 {rot}；最好的 "
              "a·PE(pos) + b·PE(k)（最小二乘：a = {a}，b = {b}）仍然最多差 {combo}。",
    },
    "notes.div_term.title": {"en": "div_term: the exponents and the overflow argument",
                             "zh": "div_term：指数的范围与“溢出”的理由"},
    "notes.div_term.wrong": {
        "en": "torch.arange(0, d_model, 2) runs 0, 2, …, d_model − 2, not up to d_model − 1. And the power cannot "
              "underflow: 10000^(−i/d_model) with i < d_model is never below 10000⁻¹ = 0.0001. exp(−i·log 10000 / "
              "d_model) is the same number written another way (the annotated code's choice, not a necessity).",
        "zh": "`torch.arange(0, d_model, 2)` 取 0, 2, …, d_model − 2，而不是到 d_model − 1。幂运算也不会下溢："
              "i < d_model 时 10000^(−i/d_model) 从不小于 10000⁻¹ = 0.0001。exp(−i·log 10000 / d_model) "
              "只是同一个数的另一种写法（那份带注释代码的选择，并非必需）。",
    },
    "notes.div_term.app": {
        "en": "d_model = {d}: {count} exponents, the last {last}; the smallest div_term is {smallest}; the direct "
              "power and exp(·log) differ by at most {diff} in float32 (for d_model = 512: {smallest512}, {diff512}).",
        "zh": "d_model = {d}：共 {count} 个指数，最后一个是 {last}；最小的 div_term 是 {smallest}；在 float32 下，"
              "直接求幂与 exp(·log) 最多相差 {diff}（d_model = 512 时：{smallest512}，{diff512}）。",
    },
    "notes.location_encoder.title": {"en": "“The code runs”: an undefined `locationEncoder`, no × √d",
                                     "zh": "“代码都是可以运行的”：未定义的 `locationEncoder`，没有 × √d"},
    "notes.location_encoder.wrong": {
        "en": "The note says its code runs, but `locationEncoder` is defined nowhere, so the Transformer's forward "
              "raises NameError (its test at the end would stop there). It also adds the PE to the bare embedding, "
              "where the paper multiplies the embedding by √d_model first; whether that matters depends on how the "
              "embeddings are initialised, which the paper does not say (right).",
        "zh": "笔记说代码都可以运行，但 `locationEncoder` 在任何地方都没有定义，Transformer 的 `forward` 会抛出 "
              "`NameError`（文末的测试会停在这里）。它还把位置编码直接加到未缩放的词嵌入上，而论文会先把词嵌入乘以 "
              "√d_model；这有没有影响取决于词嵌入如何初始化，论文并没有说明（见右侧）。",
    },
    "notes.location_encoder.app": {
        "en": "This model's embeddings were initialised from N(0, 1/d_model): on this sentence, ‖embedding‖ without "
              "× √d_model is {raw_lo} – {raw_hi} per token, against ‖PE‖ = {pe}, so with this initialisation the "
              "position would drown the word; with × √{d}: {emb_lo} – {emb_hi}. The note's code builds its tables "
              "with `nn.Embedding`, initialised from N(0, 1): a fresh table's rows have ‖embedding‖ ≈ √d, measured "
              "{fresh} at d = {d} and {fresh512} at the paper's d = 512, against ‖PE‖ = {pe512} there. With that "
              "initialisation the bare embedding is not drowned, and × √d_model would make it {ratio512} times "
              "‖PE‖ at d = 512.",
        "zh": "本模型的词嵌入从 N(0, 1/d_model) 初始化：在本句上，不乘 √d_model 的 ‖词嵌入‖ 每个词元为 "
              "{raw_lo} – {raw_hi}，而 ‖PE‖ = {pe}，所以在这种初始化下位置会淹没词义；乘以 √{d} 后："
              "{emb_lo} – {emb_hi}。笔记的代码用 `nn.Embedding` 建表，它从 N(0, 1) 初始化：新建的表每行 "
              "‖词嵌入‖ ≈ √d，实测 d = {d} 时为 {fresh}，论文的 d = 512 时为 {fresh512}，而那时 ‖PE‖ = {pe512}。"
              "在这种初始化下，未缩放的词嵌入并不会被淹没，乘以 √d_model 反而会让它在 d = 512 时成为 ‖PE‖ 的 "
              "{ratio512} 倍。",
    },
    "notes.training_steps.title": {"en": "Training described one token at a time, teacher forcing as a patch",
                                   "zh": "把训练描述成逐词进行，把教师强制当作补丁"},
    "notes.training_steps.wrong": {
        "en": "Training does not feed the decoder its own outputs one step at a time and then patch that with "
              "teacher forcing. It feeds the whole correct target (shifted right, after <bos>) in one pass, and the "
              "causal mask makes every position's prediction equal to what a step-by-step run on the same prefix "
              "would give: all positions are trained at once.",
        "zh": "训练并不是先把解码器自己的输出一步一步喂回去，再用教师强制来补救。训练时把整个正确的目标序列"
              "（右移一位，以 <bos> 开头）一次性输入，因果掩码保证每个位置的预测与在同一前缀上逐步运行的结果相同："
              "所有位置同时训练。",
    },
    "notes.training_steps.app": {
        "en": "On this sentence's translation ({t} positions): one teacher-forced pass and {t} step-by-step passes "
              "give the same logits (max |Δ| {diff}, float32 rounding).",
        "zh": "在本句译文上（{t} 个位置）：一次教师强制和逐步运行 {t} 次得到相同的未归一化得分"
              "（最大 |Δ| {diff}，float32 舍入误差）。",
    },
    "notes.greedy.title": {"en": "“Take the most probable word” as the output rule",
                           "zh": "把“选概率最大的词”当作输出规则"},
    "notes.greedy.wrong": {
        "en": "Greedy decoding is one choice, not the Transformer's. The paper translates with beam search (beam "
              "size 4, length penalty α = 0.6): it keeps the 4 best partial translations, because the most "
              "probable word now need not lead to the most probable sentence.",
        "zh": "贪心解码只是一种选择，并不是 Transformer 本身的规定。论文用束搜索翻译（束宽 4，长度惩罚 α = 0.6）："
              "保留 4 个最好的部分译文，因为此刻概率最大的词不一定通向概率最大的句子。",
    },
    "notes.greedy.app": {
        "en": "This sentence: greedy gives **{greedy}** (log p = {lp_greedy}); beam search with width 4 (this app "
              "has no length penalty) gives **{beam}** (log p = {lp_beam}).",
        "zh": "本句：贪心解码得到 **{greedy}**（对数概率 {lp_greedy}）；束宽 4 的束搜索（本应用没有长度惩罚）"
              "得到 **{beam}**（对数概率 {lp_beam}）。",
    },
}

NOTES_PAGE = {
    "nav.notes": {"en": "Mistakes found in the notes", "zh": "笔记中发现的错误"},
    "nav.paper": {"en": "The paper vs this model", "zh": "论文与本模型"},
    "nav.bert_gpt": {"en": "BERT vs GPT", "zh": "BERT 与 GPT"},
    "notes.header": {"en": "Mistakes found in the notes", "zh": "笔记中发现的错误"},
    "notes.intro": {
        "en": "Each panel quotes a note, with the lines it quotes, says what is wrong with it (or, for the shuffle, "
              "what it gets half right), and shows what this app computes instead, on the sentence above where "
              "possible. These are the mistakes found so far, not a guarantee that the notes have no others. Every "
              "panel also appears on the page where its topic lives. At the end, two places that read as mistakes "
              "but are not.",
        "zh": "每个面板引用一篇笔记的原话及其所在行，说明错在哪里（打乱词序那一条则说明它对了哪一半），并展示本应用"
              "实际算出的结果（尽量用上方的句子）。这些是目前发现的错误，并不保证笔记中没有别的错误。每个面板也出现"
              "在对应主题的页面上。最后是两处看起来像错误、其实不是的地方。",
    },
    "notes.col_note": {"en": "note", "zh": "笔记"},
    "notes.col_topic": {"en": "topic", "zh": "主题"},
    "notes.col_page": {"en": "page", "zh": "页面"},
    "notes.index": {"en": "The mistakes found so far", "zh": "目前发现的错误"},
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
    "pe.invariance": {
        "en": "**The translation** (cross-attention sums over the source positions): scoring this sentence's "
              "translation with the shuffled source, max |Δ logit| = **{no_pe}** with the source PE removed "
              "(float32 rounding: invariant) and **{pe}** with it. Greedy translation without the source PE: "
              "**{orig}** in the original order, **{shuf}** shuffled; with the PE, shuffled: **{pe_shuf}** "
              "(the model's own translation: **{own}**).",
        "zh": "**译文**（交叉注意力对源语言的所有位置求和）：用打乱后的源句给本句的译文打分，去掉源语言位置编码时"
              "未归一化得分的最大变化 |Δ| = **{no_pe}**（float32 舍入误差：不变），"
              "加上位置编码时为 **{pe}**。"
              "去掉源语言位置编码的贪心译文：原顺序为 **{orig}**，打乱后为 **{shuf}**；加上位置编码、打乱后为 "
              "**{pe_shuf}**（模型本来的译文：**{own}**）。",
    },
    "pe.fig_diff": {"en": "|shuffled output − original output, shuffled| at the encoder's output",
                    "zh": "|打乱后的输出 − 原输出按同样方式打乱| ，编码器输出处"},
}

SELF_ATTENTION = {
    "var.header": {"en": "Why ÷√d_k: large dot products leave the softmax almost no gradient",
                   "zh": "为什么 ÷√d_k：点积太大时 softmax 几乎没有梯度"},
    "var.caption": {
        "en": "The paper's reason (§3.2.1): for large d_k the dot products grow large in magnitude, pushing the "
              "softmax into regions where it has extremely small gradients, so the scores barely learn. The variance "
              "is the illustration: if the components of q and k are independent with mean 0 and variance 1, "
              "q·k = Σ qᵢkᵢ has variance d_k, and q·k/√d_k has variance 1. Measured on {n} random pairs per d_k.",
        "zh": "论文给出的理由（§3.2.1）：d_k 较大时点积的绝对值会很大，把 softmax 推到梯度极小的区域，"
              "分数几乎学不动。方差只是一个说明：如果 q 和 k 的各分量相互独立、均值为 0、方差为 1，"
              "那么 q·k = Σ qᵢkᵢ 的方差是 d_k，而 q·k/√d_k 的方差是 1。每个 d_k 用 {n} 对随机向量实测。",
    },
    "var.jacobian": {
        "en": "The gradient, live on this row: the softmax's Jacobian ∂w/∂s = diag(w) − w·wᵀ has norm "
              "‖J‖ = **{plain}** on the unscaled scores and **{scaled}** on the scores ÷√d_k ({ratio}). The closer "
              "one weight is to 1, the closer J is to 0, and the less any score can change through training.",
        "zh": "梯度，在这一行上实测：softmax 的雅可比矩阵 ∂w/∂s = 对角阵(w) − w·wᵀ，在不缩放的分数上范数 "
              "‖J‖ = **{plain}**，在 ÷√d_k 之后的分数上为 **{scaled}**（{ratio}）。某个权重越接近 1，J 就越接近 0，"
              "训练时分数也就越难改变。",
    },
    "var.ratio": {"en": "×{r} with the scaling", "zh": "缩放后为 ×{r}"},
    "var.fig": {"en": "Variance of q·k for random unit-variance q, k", "zh": "随机单位方差 q、k 的 q·k 方差"},
    "var.raw": {"en": "q·k", "zh": "点积 q·k"},
    "var.scaled": {"en": "q·k / √d_k", "zh": "点积 ÷ √d_k"},
    "var.x": {"en": "d_k", "zh": "d_k"},
    "var.y": {"en": "variance", "zh": "方差"},
    "var.row": {"en": "One row with and without ÷√d_k", "zh": "同一行：÷√d_k 与不缩放"},
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
    "paper.paper_params": {"en": "{computed} from the formulas, the shared embedding counted once (Table 3 says "
                                 "{stated}M)",
                           "zh": "按公式算得 {computed}，共享的词嵌入只计一次（论文表 3 写作 {stated}M）"},
    "paper.table1": {"en": "Why attention instead of recurrence: the paper's Table 1 for this sentence",
                     "zh": "为什么用注意力而不用循环：论文表 1 代入本句"},
    "paper.caption_table1": {
        "en": "For this sentence, n = {n} source tokens and d = d_model = {d}. A recurrent layer must run its {n} "
              "steps one after another: word 1 enters at h₁ and reaches position {n} only along the chain "
              "h₁ → … → hₙ, n − 1 = {chain} more links, a path of {n} in all; self-attention joins every pair in one "
              "step (the figure below draws both for these tokens). It costs n²·d operations against the RNN's n·d², "
              "so it is also cheaper whenever n < d (here {n} < {d}). Convolution: kernel k = {k}, dilated.",
        "zh": "本句有 n = {n} 个源语言词元，d = d_model = {d}。循环层必须一步接一步地走完 {n} 步：第 1 个词从 h₁ 进入，"
              "只能沿着 h₁ → … → hₙ 再走 n − 1 = {chain} 条连线才到达第 {n} 个位置，路径总长 {n}；自注意力一步就"
              "连接了任意两个词（下图把两者都画在本句的词元上）。它的计算量是 n²·d，循环层是 n·d²，"
              "所以只要 n < d（这里 {n} < {d}），它也更省。卷积：卷积核 k = {k}，使用空洞卷积。",
    },
    "paper.fig_paths": {"en": "This sentence through one layer: recurrence against self-attention",
                        "zh": "本句经过一层网络：循环层对比自注意力"},
    "paper.paths_rnn": {"en": "Recurrent layer (RNN)", "zh": "循环层"},
    "paper.paths_attention": {"en": "Self-attention", "zh": "自注意力"},
    "paper.paths_counts": {"en": "sequential operations: {seq}\nmaximum path length (red): {path}",
                           "zh": "必须依次进行的操作：{seq}\n最长路径（红色）：{path}"},
    "paper.paths_rnn_hover": {
        "en": "{name} is computed at operation {step} of {n}, once the one before it is done; from x₁ to {name}: "
              "path length {links}",
        "zh": "{name} 在第 {step} 个操作（共 {n} 个）算出，要等前一个算完；从 x₁ 到 {name}：路径长 {links}",
    },
    "paper.paths_attention_hover": {
        "en": "{name} is computed at operation {step}, together with every other position; from x₁ to {name}: "
              "path length {links}",
        "zh": "{name} 在第 {step} 个操作与其他所有位置同时算出；从 x₁ 到 {name}：路径长 {links}",
    },
    "paper.col_layer": {"en": "layer type", "zh": "层的类型"},
    "paper.col_ops": {"en": "operations per layer", "zh": "每层计算量"},
    "paper.col_seq": {"en": "sequential operations", "zh": "必须依次进行的操作"},
    "paper.col_path": {"en": "maximum path length", "zh": "最长路径"},
    "paper.layer_self_attention": {"en": "self-attention: n²·d, 1, 1", "zh": "自注意力：n²·d，1，1"},
    "paper.layer_recurrent": {"en": "recurrent: n·d², n, n", "zh": "循环层：n·d²，n，n"},
    "paper.layer_convolutional": {"en": "convolutional: k·n·d², 1, log_k(n)", "zh": "卷积层：k·n·d²，1，log_k(n)"},
    "paper.training": {"en": "How the paper trained", "zh": "论文是怎样训练的"},
    "paper.caption_training": {
        "en": "Adam with β₁ = {b1}, β₂ = {b2}, ε = {eps}; dropout {dropout} on every sublayer's output and on the "
              "embedding + PE sums; label smoothing {ls}; {steps_base:,} steps for the base model, {steps_big:,} "
              "for the big one (N = {big_n}, d_model = {big_d}, d_ff = {big_ff}, h = {big_h}, dropout {big_drop}, "
              "{big_params}M parameters); translation by beam search, beam {beam}, length penalty α = {alpha}. "
              "The learning rate rises linearly for {warmup:,} warm-up steps, then falls as 1/√step:",
        "zh": "优化器 `Adam`，β₁ = {b1}，β₂ = {b2}，ε = {eps}；每个子层的输出和“词嵌入 + 位置编码”之和都做随机失活"
              "（比例 {dropout}）；标签平滑 {ls}；基础模型训练 {steps_base:,} 步，大模型 {steps_big:,} 步"
              "（N = {big_n}，d_model = {big_d}，d_ff = {big_ff}，h = {big_h}，随机失活比例 {big_drop}，"
              "参数 {big_params}M）；翻译时用束搜索，束宽 {beam}，长度惩罚 α = {alpha}。"
              "学习率在前 {warmup:,} 步预热中线性上升，之后按 1/√步数 下降（与步数的平方根成反比）：",
    },
    "paper.caption_lr": {
        "en": "At d_model = {d} the peak, at step {warmup:,}, is {peak}; at step {later:,} it is {at_later}. With "
              "this model's d_model = {d_ours} the same schedule would peak at {peak_ours}.",
        "zh": "d_model = {d} 时，峰值在第 {warmup:,} 步，为 {peak}；第 {later:,} 步时为 {at_later}。"
              "若用本模型的 d_model = {d_ours}，同样的学习率调度峰值为 {peak_ours}。",
    },
    "paper.sharing": {
        "en": "The paper shares one {v} × {d} weight matrix three ways: the source embedding, the target embedding "
              "and the output layer before the softmax (one BPE vocabulary for both languages). The formula counts "
              "its {emb} parameters once; counted three times the total would be {three}. Table 3 gives {stated}M "
              "without a breakdown, {gap}M above the formula.",
        "zh": "论文让一个 {v} × {d} 的权重矩阵三处共享：源语言词嵌入、目标语言词嵌入和 softmax 之前的输出层"
              "（两种语言共用一个 BPE 词表）。公式只把它的 {emb} 个参数计一次；若计三次，总数将是 {three}。"
              "论文表 3 写作 {stated}M，没有给出明细，比公式多 {gap}M。",
    },
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
        "zh": "**掩码语言模型（MLM，BERT）。** 约 15% 的位置被选中（这里是 {n} 个中的 {k} 个）并替换成 [MASK]"
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
        "en": "**Next-token prediction (GPT).** Every position predicts the token after it from itself and the "
              "tokens before it; every position counts: {t} terms. This app's decoder does exactly this "
              "(conditioned on the "
              "source too); on its own translation, with −log p per position:",
        "zh": "**下一个词预测（GPT）。** 每个位置根据它自己和它前面的词元预测下一个词元；每个位置都计入损失：{t} 项。"
              "本应用的解码器做的正是这件事（同时还以源句为条件）；在它自己的译文上，每个位置的负对数概率：",
    },
    "bg.col_sees": {"en": "sees", "zh": "能看到"},
    "bg.col_predicts": {"en": "predicts", "zh": "预测"},
    "bg.col_p": {"en": "p", "zh": "p"},
    "bg.col_loss": {"en": "−log p", "zh": "负对数概率"},
    "bg.ntp_mean": {"en": "Mean loss {loss} (perplexity {ppl}).", "zh": "平均损失 {loss}（困惑度 {ppl}）。"},
    "bg.positions": {"en": "Positions: learned vs sinusoidal", "zh": "位置：学习得到的与正弦余弦的"},
    "bg.caption_positions": {
        "en": "BERT and GPT learn a position table ({bert_pos} × {bert_d} = {bert_params} parameters in "
              "BERT-base), which cannot go past its last row. This app uses the paper's fixed sin/cos formula: 0 "
              "parameters, defined for any position (learned tables for its {max_len} positions, one for the "
              "encoder and one for the decoder, would add 2 × {max_len} × {d} = {ours} parameters). The paper found "
              "both about equally good (its Table 3, row E).",
        "zh": "BERT 和 GPT 学习一张位置表（BERT-base 中是 {bert_pos} × {bert_d} = {bert_params} 个参数），"
              "超过最后一行就无法使用。本应用使用论文中固定的正弦/余弦公式：0 个参数，任何位置都有定义"
              "（若为它的 {max_len} 个位置学两张表，编码器和解码器各一张，要多 2 × {max_len} × {d} = {ours} 个参数）。"
              "论文发现两者效果相"
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
    "bg.pretraining": {
        "en": "**What the notes add about pre-training.** BERT's masked-LM has two drawbacks: [MASK] never "
              "appears when fine-tuning (so of the tokens picked, 80 % become [MASK], 10 % a random word, 10 % stay), "
              "and only the picked tokens are predicted — here {k} of {n} positions give a loss term, against {t} "
              "for next-token prediction above — so it converges more slowly. BERT's second task, next-sentence "
              "prediction, asks whether sentence B follows A (50 % of pairs do, 50 % are random); later work "
              "dropped it without loss. GPT-1 fine-tunes on L₃ = L₂ + λ·L₁: the task's loss plus λ times the "
              "language-model loss (λ = 0.5 in its paper). GPT-2 and GPT-3 keep the decoder and grow it (table "
              "below).",
        "zh": "**笔记补充的预训练内容。** BERT 的掩码语言模型（MLM）有两个缺点：微调时永远不会出现 [MASK]"
              "（所以被选中的词元中 80% 换成 [MASK]，10% 换成随机词，10% 保持不变）；而且只有被选中的词元参与预测"
              "——这里 {n} 个位置中只有 {k} 个产生损失项，而上面的下一个词预测有 {t} 项——所以收敛更慢。"
              "BERT 的第二个任务是下一句预测（NSP）：判断句子 B 是否紧跟在 A 后面（50% 的句对是，50% 是随机的）；"
              "后来的研究去掉了它，效果并没有变差。GPT-1 微调时的目标是 L₃ = L₂ + λ·L₁：任务损失加上 λ 倍的语言模型"
              "损失（其论文中 λ = 0.5）。GPT-2 和 GPT-3 保留解码器结构并把它做大（见下表）。",
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
        "zh": "**掩码语言模型（MLM）。** 选一个词：它的每个子词都换成 [MASK]，MLM 头同时读取左右两侧，"
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
        "zh": "这个检查点（`{arch}`）保存时没有带掩码语言模型（MLM）头，所以它猜不出被遮蔽的词："
              "上面是它训练时会读到的输入，"
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
              "（论文和本应用自带的模型用的则是固定的正弦/余弦公式：0 个参数，任何位置都有定义。）",
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
    "model.en-zh-pre": {"en": "English → 中文 (Pre-Norm, grammar only)", "zh": "英语 → 中文（Pre-Norm，仅语法数据）"},
    "model.en-zh-unguided": {"en": "English → 中文 (unguided, grammar only)",
                             "zh": "英语 → 中文（注意力未引导，仅语法数据）"},
    "header.pinyin": {"en": "Pinyin under Chinese", "zh": "中文下方显示拼音"},
    "header.hide_special": {"en": "Hide special tokens", "zh": "隐藏特殊词元"},
    "header.hide_special_help": {
        "en": "Every attention map drops the rows and columns of special tokens (<bos>, <eos>, [CLS], [SEP]…) and "
              "divides each remaining row by its sum, so it adds up to 1 again. The model computes exactly as "
              "before; the maps show how the real words share the weight the specials did not take (a head that "
              "parks most of its weight on <bos> then looks sharper than it is).",
        "zh": "每张注意力图去掉特殊词元（<bos>、<eos>、[CLS]、[SEP]……）所在的行和列，并把剩下的每一行除以它的和，"
              "让它重新加起来等于 1。模型的计算和之前完全一样；图里显示的是真正的词之间如何分配特殊词元没拿走的权重"
              "（一个把大部分权重停放在 <bos> 上的头，这时会显得比实际更集中）。",
    },
    "viz.specials_hidden": {"en": "special tokens hidden, rows renormalised", "zh": "已隐藏特殊词元，各行重新归一化"},
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
