"""Messages of the page Mistakes found in the notes: its findings' "In the notes / In this app" boxes of the first
reading (lesson/notes.py's findings before "attention_only"; mistakes.py holds the rest) and the page itself (prefix
notes.*)."""

FINDINGS = {
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
        "en": "{note0} has it backwards. The paper's reason (§3.2.1), which it calls a suspicion after noting that "
              "additive attention beats unscaled dot products at large d_k, is that for large d_k the dot products "
              "grow large and push the softmax into regions where its gradient is extremely small (vanishing, not "
              "exploding). {note3} has the reason right but calls d_k the scaling factor (the scores are divided by "
              "√d_k); {note4} calls the division a normalisation: it rescales the scores (under the paper's "
              "assumption q·k/√d_k has variance 1), and it is the softmax that normalises each row to sum to 1.",
        "zh": "{note0} 说反了。论文的理由（§3.2.1）是它自己称为“猜测”的：先指出 d_k 较大时加性注意力胜过不缩放的点积，"
              "再猜测原因是 d_k 较大时点积会变大，把 softmax 推到梯度极小的区域（梯度消失，而不是过大）。{note3} "
              "的理由是对的，但把 d_k 称为缩放因子（分数实际除以的是 √d_k）；{note4} 把这一步叫作归一化：它只是重新缩放"
              "分数（在论文的假设下 q·k/√d_k 的方差为 1），把每一行归一化为和为 1 的是 softmax。",
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
              "(The dot product also grows with the vectors' length, which a similarity should not.) Nor is it what "
              "multi-head means, as the quote opens: one head computes its QKᵀ just as well; several heads compute "
              "several, each from its own projections, so that the model can attend to different things in "
              "different subspaces at once (§3.2.2). The code comment at line 288 repeats the “similarity” reading.",
        "zh": "QKᵀ 是 softmax 之前的分数，不是注意力权重。它也不是两个字的相似度：q 来自 W_Q，k 来自 W_K，是两个"
              "不同的可学习投影，所以字 i 对字 j 的分数不必等于字 j 对字 i 的分数，一个字对自己的分数也不一定最高。"
              "（而且点积会随向量长度增大，相似度不应如此。）这也不是引文开头说的“多头的意义”：一个头同样能算出 QKᵀ；"
              "多个头各用自己的投影算出多个，让模型能在不同的子空间里同时关注不同的内容（§3.2.2）。第 288 行的代码注释"
              "重复了“相似性”的说法。",
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
    "notes.mh_projection.title": {"en": "Multi-head as a second projection of each qᶦ: one projection, written as two",
                                  "zh": "把多头写成对每个 qᶦ 再做一次投影：一个投影，写成了两步"},

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
        "en": "torch.arange(0, d_model, 2) runs 0, 2, …, d_model − 2, not up to d_model − 1 as the formula's "
              "column and the sentence under it say. And the power cannot "
              "underflow: 10000^(−i/d_model) with i < d_model is never below 10000⁻¹ = 0.0001. exp(−i·log 10000 / "
              "d_model) is the same number written another way (the annotated code's choice, not a necessity).",
        "zh": "`torch.arange(0, d_model, 2)` 取 0, 2, …, d_model − 2，而不是像公式里那一列和它下面的句子写的那样到 "
              "d_model − 1。幂运算也不会下溢："
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

PAGE = {
    "nav.notes": {"en": "Mistakes found in the notes", "zh": "笔记中发现的错误"},
    "notes.header": {"en": "Mistakes found in the notes", "zh": "笔记中发现的错误"},
    "notes.intro": {
        "en": "Each panel quotes a note, with the lines it quotes, says what is wrong with it (or, for the shuffle, "
              "what it gets half right), and shows what this app computes instead, on the sentence above where "
              "possible. These are the mistakes found so far, not a guarantee that the notes have no others. Every "
              "panel also appears on the page where its topic lives. At the end, three places that read as mistakes "
              "but are not.",
        "zh": "每个面板引用一篇笔记的原话及其所在行，说明错在哪里（打乱词序那一条则说明它对了哪一半），并展示本应用"
              "实际算出的结果（尽量用上方的句子）。这些是目前发现的错误，并不保证笔记中没有别的错误。每个面板也出现"
              "在对应主题的页面上。最后是三处看起来像错误、其实不是的地方。",
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
    "notes.findings_here": {"en": "The notes on this topic", "zh": "笔记中关于本主题的说法"},
}

MESSAGES: dict[str, dict[str, str]] = FINDINGS | PAGE
