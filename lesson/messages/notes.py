"""Messages of the notes feature (prefix notes.*; nav.notes names the page): each finding's "In the notes / In this
app" box (lesson/notes.py's MISTAKES, by the reading that found them, and REMARKS, places that read as mistakes but are
not) and the page Mistakes found in the notes itself."""

FIRST_READING = {  # lesson/notes.py MISTAKES before "attention_only": found on a first reading
    "notes.in_notes": {"en": "**In the notes** · «{title}», line {line}", "zh": "**笔记中** · «{title}»，第 {line} 行"},
    "notes.in_notes_lines": {"en": "**In the notes** · «{title}», lines {first}–{last}",
                             "zh": "**笔记中** · «{title}»，第 {first}–{last} 行"},
    "notes.in_app": {"en": "**In this app**", "zh": "**本应用中**"},
    "notes.on_request": {"en": "Run it on this sentence", "zh": "在这句话上运行"},
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


SECOND_READING = {  # lesson/notes.py MISTAKES from "attention_only" on: found on a second, line-by-line reading
    "notes.attention_only.title": {
        "en": "“The whole network is made of attention”",
        "zh": "“整个网络结构完全由 Attention 机制组成”",
    },
    "notes.attention_only.wrong": {
        "en": "The paper drops recurrence and convolution, not everything else: each layer also has a position-wise "
              "feed-forward network, and around the layers there are the embeddings, the positional encoding, the "
              "residual connections, LayerNorm and the output projection with its softmax. The paper itself "
              "describes the feed-forward network as “two convolutions with kernel size 1” (§3.3). Attention "
              "itself, softmax(QKᵀ/√d_k)·V, has no parameters at all.",
        "zh": "论文去掉的是循环和卷积，而不是其他一切：每一层还有逐位置的前馈网络，层的周围还有词嵌入、位置编码、残"
              "差连接、层归一化，以及输出投影和它的 softmax。论文自己把前馈网络描述为“两个卷积核大小为 1 的卷积”（"
              "§3.3）。"
              "注意力本身 softmax(QKᵀ/√d_k)·V 一个参数也没有。",
    },
    "notes.attention_only.app": {
        "en": "This model's parameters by part, counted from its weights: attention projections W_Q, W_K, W_V, W_O "
              "{attention} ({attention_share}), feed-forward networks {ffn} ({ffn_share}), embeddings {embeddings} "
              "({embeddings_share}), LayerNorms {norm}, output bias {bias}. The Paper page sets each part next to "
              "its formula.",
        "zh": "本模型的参数按部分从权重中数出：注意力投影 W_Q、W_K、W_V、W_O 共 "
              "{attention}（{attention_share}），前馈网络 {ffn}（{ffn_share}），词嵌入 "
              "{embeddings}（{embeddings_share}），层归一化 {norm}，输出层偏置 "
              "{bias}。“论文与本模型”页把每一部分和它的公式并列。",
    },
    "notes.name_error.title": {
        "en": "`MultiHeadAttention.forward` uses names it never defines",
        "zh": "`MultiHeadAttention.forward` 用了从未定义的名字",
    },
    "notes.name_error.wrong": {
        "en": "The forward reads `sz_b`, `len_q`, `len_k`, `len_v`, `n_head`, `d_k` and `d_v`, and none of them "
              "exists there: `__init__` stored the last three as `self.n_head`, `self.d_k`, `self.d_v`, and the "
              "batch size and the lengths are never read from q, k and v. The first call stops with `NameError` at "
              "its first `.view`.",
        "zh": "`forward` 读取了 `sz_b`、`len_q`、`len_k`、`len_v`、`n_head`、`d_k` 和 "
              "`d_v`，但这里一个都不存在：`__init__` 把后三个存成了 "
              "`self.n_head`、`self.d_k`、`self.d_v`，而批大小和各个长度从来没有从 q、k、v "
              "中读出。第一次调用就会在第一个 `.view` 处因 `NameError` 停下。",
    },
    "notes.name_error.app": {
        "en": "The note's two classes, run here as written on this sentence's encoder input ({S} tokens, d_model = "
              "{d}, h = {h}): `{error}`. With two lines added at the top of `forward`, `sz_b, len_q, len_k, len_v = "
              "q.size(0), q.size(1), k.size(1), v.size(1)` and `n_head, d_k, d_v = self.n_head, self.d_k, "
              "self.d_v`, the same code runs and returns {shape}.",
        "zh": "把笔记的两个类原样在这里运行，输入本句的编码器输入（{S} 个词元，d_model = {d}，h = "
              "{h}）：`{error}`。在 `forward` 开头加上两行 `sz_b, len_q, len_k, len_v = q.size(0), q.size(1), "
              "k.size(1), v.size(1)` 和 `n_head, d_k, d_v = self.n_head, self.d_k, self.d_v` "
              "之后，同样的代码可以运行，输出形状为 {shape}。",
    },
    "notes.no_padding_mask.title": {
        "en": "No padding mask in the encoder or the cross-attention",
        "zh": "编码器和交叉注意力里都没有填充掩码",
    },
    "notes.no_padding_mask.wrong": {
        "en": "The note's Encoder calls its attention without a mask, the Transformer runs the encoders without "
              "one, and the decoder's cross-attention gets none either: only the causal mask is passed. In a batch "
              "a shorter sentence is padded to the longest one, and without a padding mask its real tokens attend "
              "to the padding too, so the padding leaks into every real token's output. (The note's test feeds "
              "random tokens without padding, so it never shows.)",
        "zh": "笔记的 `Encoder` 调用注意力时不带掩码，`Transformer` "
              "运行各个编码器时也不带，解码器的交叉注意力同样没有：只传了因果掩码。在一个批次里，较短的句子会被填充"
              "到最长句子的长度；没有填充掩码时，它的真实词元也会关注填充位置，于是填充的内容渗进每个真实词元的输出"
              "。（笔记的测试输入的是没有填充的随机词元，所以看不出来。）",
    },
    "notes.no_padding_mask.app": {
        "en": "This sentence and the Masks page's second sentence, “{second}”, as one padded batch: the shorter one "
              "has {real} tokens and {pads} padding. Without a padding mask its queries in encoder layer 0 give the "
              "padding {pad_weight} of their weight on average, and its encoder output changes by up to {diff}. "
              "With the mask it equals the sentence encoded alone (max |difference| {alone}, float32 rounding).",
        "zh": "把本句和“掩码”页的第二个句子“{second}”放进同一个填充后的批次：较短的那句有 {real} 个词元、{pads} "
              "个填充。没有填充掩码时，它在编码器第 0 层的查询平均把 {pad_weight} "
              "的权重给了填充位置，它的编码器输出最多改变 {diff}。有掩码时，它与单独编码这一句的结果相同（最大 "
              "|差值| {alone}，float32 舍入误差）。",
    },
    "notes.no_padding_mask.same_length": {
        "en": "The two sentences have the same number of tokens, so the batch has no padding: make the second "
              "sentence on the Masks page shorter or longer.",
        "zh": "两个句子的词元数相同，批次里没有填充：请在“掩码”页把第二个句子改短或改长。",
    },
    "notes.enc_dec_new.title": {
        "en": "“Instead of RNN and CNN it takes an encoder and a decoder”",
        "zh": "“放弃了 RNN 和 CNN，而是采用了编码器和解码器的架构”",
    },
    "notes.enc_dec_new.wrong": {
        "en": "The encoder–decoder is not what replaced the RNN: the recurrent translation models before the "
              "Transformer were encoder–decoders already, as the paper says (§3: most competitive neural sequence "
              "transduction models have an encoder–decoder structure). The Transformer keeps that structure and "
              "changes what is inside it: self-attention instead of recurrence and convolution.",
        "zh": "编码器-解码器并不是取代 RNN 的东西：Transformer "
              "之前的循环翻译模型本来就是编码器-解码器，论文也这么说（第 3 "
              "节：大多数有竞争力的神经序列转换模型都是编码器-解码器结构）。Transformer "
              "保留了这个结构，改变的是里面的东西：用自注意力取代循环和卷积。",
    },
    "notes.enc_dec_new.app": {
        "en": "This model: an encoder of N = {N} layers turns the {S} source tokens into its output ({S} × {d}), "
              "and a decoder of {N} layers writes the translation reading it, as a recurrent encoder–decoder would. "
              "What differs is inside: each encoder layer computes all {S} positions at once, where a recurrent "
              "encoder takes {S} steps one after another (h_t needs h_(t−1)).",
        "zh": "本模型：N = {N} 层的编码器把 {S} 个源语言词元变成它的输出（{S} × {d}），{N} "
              "层的解码器读着它写出译文，和循环编码器-解码器一样。不同的是里面：每个编码器层一次算完全部 {S} "
              "个位置，而循环编码器要一步接一步走 {S} 步（h_t 要等 h_(t−1)）。",
    },
    "notes.diagram.title": {"en": "The diagram: an encoder wired to nothing", "zh": "结构图：编码器没有连到任何地方"},
    "notes.diagram.wrong": {
        "en": "In the note's diagram the encoder ends in `Output Vectors` and no line reaches the decoder, whose "
              "`Encoder Context` box gets no input; the decoder's self-attention is drawn like the encoder's (it is "
              "masked), and neither side has its feed-forward network, residual connections or LayerNorms. In the "
              "Transformer every decoder layer reads the encoder's output through cross-attention (Q from the "
              "decoder, K and V from the encoder), after a masked self-attention and before an FFN.",
        "zh": "笔记的结构图里，编码器止于 `Output Vectors`，没有任何连线通向解码器，解码器的 `Encoder Context` "
              "框没有输入；解码器的自注意力画得和编码器的一样（其实带掩码），两边都没有前馈网络、残差连接和层归一化"
              "。Transformer 中解码器的每一层都通过交叉注意力读取编码器的输出（Q 来自解码器，K 和 V "
              "来自编码器），在它之前是带掩码的自注意力，之后是前馈网络。",
    },
    "notes.diagram.app": {
        "en": "One decoder layer of this model, counted from its weights: masked self-attention {self} parameters "
              "(on this translation it hides {masked} of {cells} scores), cross-attention {cross} (its K and V come "
              "from the encoder's {S} × {d} output), FFN {ffn} ({d} → {d_ff} → {d}), LayerNorms {norms}. Each of "
              "its {N} decoder layers has all of them.",
        "zh": "本模型的一个解码器层，从权重中数出：带掩码的自注意力 {self} 个参数（在这句译文上遮住 {cells} "
              "个分数中的 {masked} 个），交叉注意力 {cross} 个（它的 K 和 V 来自编码器 {S} × {d} 的输出），前馈网络 "
              "{ffn} 个（{d} → {d_ff} → {d}），层归一化 {norms} 个。{N} 个解码器层每层都有这些。",
    },
    "notes.rnn_parallel.title": {
        "en": "“An RNN must output 我爱 before 中国”: so must the Transformer",
        "zh": "“RNN 必须先输出我爱才能输出中国”：Transformer 也一样",
    },
    "notes.rnn_parallel.wrong": {
        "en": "Writing one word after another is not what sets the RNN apart: when it translates, the Transformer's "
              "decoder also needs 我爱 before it can write 中国, as the note itself says later "
              "(“测试阶段我们是无法做并行化处理的”). The RNN's real limit is its recurrence, h_t = f(h_(t−1), x_t): "
              "it goes step by step over the input as well, and in training as well, where the Transformer reads "
              "every source token at once and trains every target position in one pass. (The note's line has lost "
              "the words between 输出 and the comma; ⟨我爱⟩ in the quote is added here.)",
        "zh": "一个词接一个词地输出，并不是 RNN 独有的：翻译时，Transformer "
              "的解码器同样要先有“我爱”才能写出“中国”，笔记后文自己也这么说（“测试阶段我们是无法做并行化处理的”）。R"
              "NN 真正的限制是它的循环 h_t = f(h_(t−1), x_t)：它读输入时也是一步接一步，训练时也是；而 Transformer "
              "一次读完所有源语言词元，训练时一次算完所有目标位置。（笔记这一行在“输出”和逗号之间丢了字；引文中的⟨我爱"
              "⟩是这里补上的。）",
    },
    "notes.rnn_parallel.app": {
        "en": "This sentence: the encoder reads its {S} tokens in one pass per layer ({N} layers); training on its "
              "translation takes one decoder pass for all {T} target positions (teacher forcing); translating takes "
              "{T} decoder passes one after another. A recurrent encoder–decoder needs {S} steps one after another "
              "to read it and {T} to write it, in training as well.",
        "zh": "本句：编码器每层一次读完 {S} 个词元（共 {N} 层）；用它的译文训练时，解码器一次前向传播就处理全部 {T} "
              "个目标位置（教师强制）；翻译时要依次运行解码器 {T} 次。循环编码器-解码器读这句话要依次走 {S} "
              "步，写译文要 {T} 步，训练时也一样。",
    },
    "notes.score_importance.title": {
        "en": "“The attention score is each input's importance”",
        "zh": "“`attention score` 表示每个输入的重要程度”",
    },
    "notes.score_importance.wrong": {
        "en": "A score belongs to a pair: a_(i,j) = q_i·k_j says how well query i matches key j. The same input "
              "gets another score, and after the softmax another weight, from every query; it has no importance of "
              "its own.",
        "zh": "分数属于一对词元：a_(i,j) = q_i·k_j 表示查询 i 与键 j "
              "的匹配程度。同一个输入从每个查询那里得到的分数不同，softmax "
              "之后的权重也不同；它本身并没有一个“重要程度”。",
    },
    "notes.score_importance.app": {
        "en": "Encoder layer 0, head 0, this sentence: the key “{word}” gets weight {low} from the query “{q_low}” "
              "and {high} from “{q_high}”. In the note's own example, input 1 gets {w1} from q₁ and {w2} from q₂.",
        "zh": "编码器第 0 层、头 0、本句：键“{word}”从查询“{q_low}”得到的权重是 {low}，从“{q_high}”得到 "
              "{high}。在笔记自己的例子里，输入 1 从 q₁ 得到 {w1}，从 q₂ 得到 {w2}。",
    },
    "notes.scale_no_effect.title": {
        "en": "“Dividing by √d_k or not makes no difference to understanding”",
        "zh": "“除不除 √d_k 对理解没有任何影响”",
    },
    "notes.scale_no_effect.wrong": {
        "en": "It changes every weight of the example, and it hides what the scaling is for. Not dividing is a "
              "method of its own (dot-product attention), but the note's example, left unscaled, shows the very "
              "effect the paper divides to avoid: rows pushed towards one weight near 1, where the softmax's "
              "gradient is small.",
        "zh": "它改变了例子里的每一个权重，也把缩放的用意藏了起来。不除确实是另一种方法（点积注意力），但笔记不缩放"
              "的例子恰恰展示了论文要用除法避免的现象：一行的权重被推向某一个接近 1 的值，而那里 softmax "
              "的梯度很小。",
    },
    "notes.scale_no_effect.app": {
        "en": "The note's example, each row's weights unscaled and ÷√3 (table): the largest weight of a row is "
              "{top_plain} unscaled and {top_scaled} scaled, on average. On this sentence, in this model's encoder "
              "layer 0 (every head), a row's largest weight is {model_scaled} on average as the model computes it "
              "and {model_plain} without ÷√d_k; run without ÷√d_k, the model translates **{unscaled}** (with it: "
              "**{own}**).",
        "zh": "笔记的例子中每一行的权重，不缩放与 ÷√3（见表）：每行最大的权重平均为 {top_plain}（不缩放）和 "
              "{top_scaled}（缩放）。在本句上，本模型编码器第 0 层（所有头）中，每行最大的权重平均为 "
              "{model_scaled}（模型实际的计算）和 {model_plain}（不做 ÷√d_k）；不做 ÷√d_k 时模型译为 "
              "**{unscaled}**（做了时：**{own}**）。",
    },
    "notes.q_typo.title": {"en": "q₁·Kᵀ written where q₃·Kᵀ is meant", "zh": "把 q₃·Kᵀ 写成了 q₁·Kᵀ"},
    "notes.q_typo.wrong": {
        "en": "The note names the third row of scores q₁·Kᵀ again. The row it gives is q₃·Kᵀ; q₁·Kᵀ is the first "
              "row, which it worked out just before.",
        "zh": "笔记把第三行分数又写成了 q₁·Kᵀ。它给出的那一行是 q₃·Kᵀ；q₁·Kᵀ 是第一行，它前面刚算过。",
    },
    "notes.q_typo.app": {
        "en": "From the note's x, w_query and w_key: q₁·Kᵀ = [{r1}], q₂·Kᵀ = [{r2}], q₃·Kᵀ = [{r3}].",
        "zh": "由笔记的 x、w_query 和 w_key 算出：q₁·Kᵀ = [{r1}]，q₂·Kᵀ = [{r2}]，q₃·Kᵀ = [{r3}]。",
    },
    "notes.output_width.title": {"en": "The output's width comes from W_v alone", "zh": "输出的宽度只由 W_v 决定"},
    "notes.output_width.wrong": {
        "en": "The output is the weights (one row per query, one column per key) times V, so its width is V's: the "
              "number of columns of W_v. W_q and W_k only have to match each other; any width of theirs leaves the "
              "output's shape as it is.",
        "zh": "输出是权重（每个查询一行、每个键一列）乘以 V，所以它的宽度就是 V 的宽度，即 W_v 的列数。W_q 和 W_k "
              "只需彼此一致；它们取什么宽度都不改变输出的形状。",
    },
    "notes.output_width.app": {
        "en": "The note's example: x is {x}; with its {w} matrices the output is {note}. W_q and W_k with two more "
              "columns ({qk}): the output stays {wider_qk}. W_v with two more ({v}): it becomes {wider_v}.",
        "zh": "笔记的例子：x 是 {x}；用它 {w} 的矩阵，输出是 {note}。W_q 和 W_k 各多两列（{qk}）：输出仍是 "
              "{wider_qk}。W_v 多两列（{v}）：输出变成 {wider_v}。",
    },
    "notes.decoder_source.title": {
        "en": "“The decoder never takes 我是一只猫 as input”",
        "zh": "“解码器根本就没有把‘我是一只猫’作为输入”",
    },
    "notes.decoder_source.wrong": {
        "en": "Every decoder layer reads the source sentence through its cross-attention: Q from the decoder, K and "
              "V from the encoder's output, as the note itself says a few paragraphs later (second quote). The "
              "source is not among the decoder's input tokens, but the decoder uses it at every step; without it, "
              "it could only guess. (The note also writes 我是一只猫 for its example 我有一只猫.)",
        "zh": "解码器的每一层都通过交叉注意力读取源句：Q 来自解码器，K 和 V "
              "来自编码器的输出——笔记几段之后自己也这么说（第二段引文）。源句不在解码器的输入词元里，但解码器每一步"
              "都要用到它；没有它，解码器只能瞎猜。（笔记还把例句“我有一只猫”写成了“我是一只猫”。）",
    },
    "notes.decoder_source.app": {
        "en": "This sentence: the model translates **{own}**. With the encoder's output zeroed, so that the decoder "
              "learns nothing of the source, it writes **{blind}**. Each of its {N} decoder layers reads all {S} "
              "source positions at every step.",
        "zh": "本句：模型译为 **{own}**。把编码器的输出置零、让解码器得不到源句的任何信息时，它写出 "
              "**{blind}**。它的 {N} 个解码器层每一步都读取全部 {S} 个源语言位置。",
    },
    "notes.more_params.title": {
        "en": "“A more complex model needs more parameters, so more data”",
        "zh": "“越复杂的模型需要越多参数，所以需要更多数据”",
    },
    "notes.more_params.wrong": {
        "en": "A more complex model need not have more parameters, and the count is not why. Self-attention's four "
              "projections hold 4·d² + 4·d whatever the sentence's length; a 1-D convolution of kernel k holds k·d² "
              "+ d: with kernel 3 fewer (3·d² + d; at d = 256, 196,864 against 263,168), with kernel 5 or more, "
              "more. The point the note's ViT chapter needs is images: a 3 × 3 convolution has 9·d² + d "
              "parameters, more than attention's, and Vision Transformers still need more data because they "
              "assume less (Dosovitskiy et al., 2021): a convolution builds in locality and the same weights at "
              "every position, attention has to learn where to look from data.",
        "zh": "更复杂的模型不一定参数更多，参数量也不是原因。自注意力的四个投影共有 4·d² + 4·d "
              "个参数，与句子长度无关；卷积核为 k 的 1-D 卷积有 k·d² + d 个：卷积核为 3 时更少（3·d² + d；d = 256 "
              "时是 196,864 对 263,168），卷积核为 5 或更大时更多。笔记后面讲视觉 Transformer 需要的论点在图像上：3 × "
              "3 "
              "卷积有 9·d² + d 个参数，比注意力多，而视觉 Transformer 仍然需要更多数据，是因为它的先验假设更少"
              "（Dosovitskiy 等，2021）：卷积内置了局部性和各位置共享权重，注意力则要从数据中学会看哪里。",
    },
    "notes.more_params.app": {
        "en": "At this model's d_model = {d}: one self-attention block has {attn} parameters (counted from the "
              "model); a convolution from {d} to {d} channels has {k3} with kernel 3, {k5} with kernel 5 and {k7} "
              "with kernel 7 (counted from `nn.Conv1d`), and a 3 × 3 2-D convolution, as on images, has {k33} (from "
              "`nn.Conv2d`).",
        "zh": "在本模型的 d_model = {d} 下：一个自注意力模块有 {attn} 个参数（从模型中数出）；从 {d} 到 {d} "
              "通道的卷积，卷积核为 3 时有 {k3} 个，为 5 时 {k5} 个，为 7 时 {k7} 个（从 `nn.Conv1d` 数出）；图像上 3 "
              "× 3 的 "
              "2-D 卷积有 {k33} 个（从 `nn.Conv2d` 数出）。",
    },
    "notes.embedding_random.title": {
        "en": "“秃 and 头 lie close”: only after training",
        "zh": "“秃”和“头”离得近：要训练之后才会",
    },
    "notes.embedding_random.wrong": {
        "en": "The note builds `nn.Embedding(5, 3)` and then shows a space where 秃 and 头 lie close; the space is "
              "an illustration, and what the note leaves out is that it takes training. A new `nn.Embedding` is "
              "random, drawn from N(0, 1): which rows are close is chance. "
              "Related words end up close only once the table is trained with a model, and only as far as that "
              "model's task rewards it.",
        "zh": "笔记先建了 `nn.Embedding(5, 3)`，接着展示一个“秃”和“头”离得近的空间；那个空间只是示意，笔记没说的是"
              "这要经过训练。新建的 `nn.Embedding` 是随机的，从 N(0, 1) "
              "抽取：哪几行离得近纯属偶然。只有和模型一起训练之后，相关的词才会靠近，而且只靠近到那个模型的任务所需"
              "要的程度。",
    },
    "notes.embedding_random.app": {
        "en": "A fresh `nn.Embedding({v}, {d})`, made here at this model's size: the nearest word of “{word}” is "
              "“{fresh_near}” (cosine {fresh_cos}). In this model's trained table its nearest word is "
              "“{trained_near}” (cosine {trained_cos}); that pair's cosine in the fresh table: {pair_fresh}.",
        "zh": "在这里按本模型的大小新建一个 `nn.Embedding({v}, {d})`：“{word}”最接近的词是“{fresh_near}”（余弦 "
              "{fresh_cos}）。在本模型训练好的表里，它最接近的词是“{trained_near}”（余弦 "
              "{trained_cos}）；这一对在新建的表里的余弦：{pair_fresh}。",
    },
    "notes.parallel_order.title": {
        "en": "“Parallel processing is why the order is lost”",
        "zh": "“并行化导致输入没有顺序”",
    },
    "notes.parallel_order.wrong": {
        "en": "Computing every position at once does not lose the order: a convolution also runs on all positions "
              "in parallel and still sees which word stands next to which. Self-attention loses the order because "
              "each output is a weighted sum over all tokens with weights that depend on what the tokens are, not "
              "where they are: it is permutation-equivariant. {note3} runs the two together the other way round: "
              "self-attention “no longer depends on the order of the sequence”, and so computes in parallel. Not "
              "depending on the order is the fault the positional encoding repairs, not the source of the "
              "parallelism, which comes from having no recurrence.",
        "zh": "一次算完所有位置并不会丢掉顺序：卷积也是对所有位置并行计算的，却仍然知道哪个词挨着哪个词。自注意力丢"
              "掉顺序，是因为每个输出都是对所有词元的加权和，而权重只取决于词元是什么，不取决于它们在哪里：它具有置"
              "换等变性。{note3} 则反过来把两者扯在一起：自注意力“不再依赖于序列的顺序”，所以能并行计算。不依赖顺序"
              "是位置编码要弥补的缺陷，而不是并行的来源；并行来自没有循环。",
    },
    "notes.parallel_order.app": {
        "en": "This sentence shuffled, without the positional encoding: self-attention's outputs are the originals "
              "shuffled (max |difference| {attn}, float32 rounding), while a random convolution of kernel 3 over "
              "the same embeddings, also computed at every position at once, changes by up to {conv}.",
        "zh": "把本句打乱、去掉位置编码：自注意力的输出就是原输出按同样方式打乱（最大 |差值| {attn}，float32 "
              "舍入误差）；而在同样的词嵌入上做一个卷积核为 3 的随机卷积——它同样一次算完所有位置——结果最多改变 "
              "{conv}。",
    },
}


WHOLE_READING = {  # lesson/notes.py MISTAKES from "input_scale" on: found reading each note whole, in order
    "notes.input_scale.title": {
        "en": "“Input = Embedding + PositionEncoding”: without × √d_model",
        "zh": "“输入 = 词嵌入 + 位置编码”：少了 × √d_model",
    },
    "notes.input_scale.wrong": {
        "en": "The paper multiplies the embedding weights by √d_model before the positional encoding is added "
              "(§3.4): Input_i = √d_model · Embedding_i + PE(i). {note3}'s formula, given twice, and {note1}'s X = "
              "Y + PE leave the factor out, and with it the balance between word and position: when the embeddings "
              "start small, as this "
              "model's do (N(0, 1/d_model)), the bare embedding is smaller than the PE.",
        "zh": "论文在加上位置编码之前，先把词嵌入的权重乘以 √d_model（§3.4）：Input_i = √d_model · Embedding_i + "
              "PE(i)。{note3} 两次给出的公式和 {note1} 的 X = Y + PE 都漏了这个因子，也就漏掉了词义与位置之间的平衡：词"
              "嵌入初始化得小时（如本模型的 "
              "N(0, 1/d_model)），不乘因子的词嵌入比位置编码还小。",
    },
    "notes.input_scale.app": {
        "en": "This model computes X = √d_model · embedding + PE with d_model = {d}. On this sentence the "
              "embeddings' norms are {raw_lo}–{raw_hi} as the note adds them and {emb_lo}–{emb_hi} × √{d}, against "
              "‖PE‖ = {pe}; the note's formula gives an input that differs from the model's by up to {diff}.",
        "zh": "本模型计算 X = √d_model · 词嵌入 + PE，d_model = {d}。在本句上，按笔记那样相加时词嵌入的范数为 "
              "{raw_lo}–{raw_hi}，乘以 √{d} 后为 {emb_lo}–{emb_hi}，而 ‖PE‖ = {pe}；笔记的公式给出的输入与模型的"
              "最多相差 {diff}。",
    },
    "notes.concat_symbol.title": {
        "en": "The concatenation named p^i, like the position vector inside it",
        "zh": "拼接后的向量也叫 p^i，和它里面的位置向量同名",
    },
    "notes.concat_symbol.wrong": {
        "en": "Right after defining the position vector p^i ∈ R(1,N), the note names the concatenation of x^i and "
              "p^i p^i as well, now in R(1,d+N); the next line calls it x_p^i, the right name. With one symbol for "
              "two vectors of different sizes, x_p^i·W = x^i·W^I + p^i·W^P cannot be read as written.",
        "zh": "笔记刚把位置向量定义为 p^i ∈ R(1,N)，就把 x^i 与 p^i 的拼接也叫作 p^i，这时它属于 "
              "R(1,d+N)；下一行才叫它 x_p^i，这才是对的名字。一个符号指两个大小不同的向量，x_p^i·W = x^i·W^I + "
              "p^i·W^P 就没法照字面读。",
    },
    "notes.concat_symbol.app": {
        "en": "This sentence with d_model = {d} and {L} positions: x^i has {d} numbers, the one-hot p^i {L}, and "
              "their concatenation x_p^i {both}. With random W^I ({d} × {d}) and W^P ({L} × {d}), x_p^i·W and "
              "x^i·W^I + p^i·W^P differ by at most {diff}: the same numbers.",
        "zh": "本句，d_model = {d}，{L} 个位置：x^i 有 {d} 个数，独热的 p^i 有 {L} 个，它们的拼接 x_p^i 有 {both} "
              "个。用随机的 W^I（{d} × {d}）和 W^P（{L} × {d}），x_p^i·W 与 x^i·W^I + p^i·W^P 最多相差 "
              "{diff}：是同样的数。",
    },
    "notes.mask_shape.title": {
        "en": "“The input matrix and the mask matrix have the same dimensions”",
        "zh": "“输入矩阵和掩码矩阵维度一致”",
    },
    "notes.mask_shape.wrong": {
        "en": "They share only their number of rows. The mask is T × T, one row per query and one column per key: "
              "the shape of QKᵀ, which it masks. The decoder's input X is T × d_model, one row per token with "
              "d_model numbers in it. With the note's 5 tokens and the paper's d_model = 512, X is 5 × 512 and the "
              "mask 5 × 5. The note's next steps apply the mask to QKᵀ, whose shape it does have.",
        "zh": "它们只是行数相同。掩码是 T × T 的，每个查询一行、每个键一列，正是它所遮挡的 QKᵀ 的形状；解码器的输入 X "
              "是 T × d_model 的，每个词元一行、每行 d_model 个数。按笔记的 5 个词元和论文的 d_model = 512，X 是 5 × "
              "512，掩码是 5 × 5。笔记接下来的步骤把掩码用在 QKᵀ 上，它和 QKᵀ 的形状才一致。",
    },
    "notes.mask_shape.app": {
        "en": "This translation's decoder input has T = {T} rows (<bos> and the output): X is {T} × {d}, the causal "
              "mask {mask}, and each head's QKᵀ {qk} ({h} heads, d_k = {d_k}). The mask matches QKᵀ, not X.",
        "zh": "本句译文的解码器输入有 T = {T} 行（<bos> 和输出）：X 是 {T} × {d}，因果掩码是 {mask}，每个头的 "
              "QKᵀ 是 {qk}（{h} 个头，d_k = {d_k}）。掩码与 QKᵀ 形状一致，与 X 不一致。",
    },
    "notes.qkv_same_shape.title": {
        "en": "“Q, K and V all have the same `shape`, (b, s, d)”",
        "zh": "“Q、K、V 的 `shape` 都一样，为 (b, s, d)”",
    },
    "notes.qkv_same_shape.wrong": {
        "en": "Only in self-attention. The note's own `Decoder` calls this module as cross-attention, "
              "`self.att(x, encRet, encRet)` (second quote): Q is the decoder's x, (b, n, d), while K and V are "
              "the encoder's output, (b, m, d); its test feeds `sx = 32` source and `sy = 64` target tokens, so Q "
              "has 64 rows and K and V 32. What Q, K and V share is the batch and the width d; the queries' length "
              "may differ from the keys', as the same `forward`'s comments write it (`(b,sq,d)` for Q, `(b,s,d)` "
              "for K), and the weights are then `sq × s`, not square.",
        "zh": "只有自注意力才如此。笔记自己的 `Decoder` 把这个模块当作交叉注意力调用，"
              "`self.att(x, encRet, encRet)`（第二段引文）：Q 是解码器的 x，(b, n, d)，K 和 V 是编码器的输出，"
              "(b, m, d)；它的测试输入 `sx = 32` 个源词元和 `sy = 64` 个目标词元，所以 Q 有 64 行，K 和 V 只有 32 "
              "行。Q、K、V 共有的是批大小和宽度 d；查询的长度可以和键的长度不同，同一个 `forward` 的注释也是这样写的"
              "（Q 为 `(b,sq,d)`，K 为 `(b,s,d)`），这时注意力权重是 `sq × s`，不是方阵。",
    },
    "notes.qkv_same_shape.app": {
        "en": "This translation's first cross-attention layer: Q is read from the decoder, {T} × {d} ({T} target "
              "rows: <bos> and the output), K and V from the encoder's output, {S} × {d} ({S} source tokens); each "
              "of the {h} heads' weights is {T} × {S}.",
        "zh": "本句译文的第一层交叉注意力：Q 取自解码器，是 {T} × {d}（{T} 个目标行：<bos> 和输出），K 和 V 取自"
              "编码器的输出，是 {S} × {d}（{S} 个源词元）；{h} 个头的权重都是 {T} × {S}。",
    },
    "notes.d_model_lost.title": {
        "en": "“… is the size of the `embedding dimension`”: d_model lost from the PE formula's legend",
        "zh": "“就是 `embedding dimension` 的大小”：位置编码公式的说明丢了 d_model",
    },
    "notes.d_model_lost.wrong": {
        "en": "The sentence has no subject: the symbol it defines was lost with the formula's typesetting, as in "
              "the note's LayerNorm passage. It is d_model, the third symbol of PE(pos, 2i) = sin(pos / "
              "10000^(2i/d_model)) and PE(pos, 2i+1) = cos(pos / 10000^(2i/d_model)): the width of every embedding "
              "and of the PE added to it, which has “the same dimension d_model as the embeddings” (§3.5; 512 in "
              "the paper). As printed, the note never says what d_model is, and the sentence reads as if it went "
              "on about i.",
        "zh": "这句话没有主语：它要说明的符号在公式排版时丢了，和笔记里层归一化那一段一样。丢的是 d_model，即 "
              "PE(pos, 2i) = sin(pos / 10000^(2i/d_model)) 和 PE(pos, 2i+1) = cos(pos / 10000^(2i/d_model)) 中的"
              "第三个符号：每个词嵌入以及加在它上面的位置编码的宽度（§3.5：位置编码与词嵌入“维度同为 d_model”；论文"
              "中为 512）。照印出来的样子，笔记从没说 d_model 是什么，这句话读起来像是还在讲 i。",
    },
    "notes.d_model_lost.app": {
        "en": "In this model d_model = {d}, the width of each embedding and of its PE. Recomputed from the formula "
              "with d_model = {d}, this sentence's {S} PE rows match the model's to within {diff}; the wavelengths "
              "run from 2π up to 2π · {base}^((d_model − 2)/d_model) = {longest}.",
        "zh": "本模型中 d_model = {d}，即每个词嵌入及其位置编码的宽度。用 d_model = {d} 按公式重新计算，本句 {S} 行"
              "位置编码与模型的相差不超过 {diff}；波长从 2π 一直到 2π · {base}^((d_model − 2)/d_model) = {longest}。",
    },
}


THIRD_READING = {  # lesson/notes.py MISTAKES from "ln_symbols" on: found on a third reading, formulas recomputed
    "notes.ln_symbols.title": {"en": "LayerNorm's formula with its symbols lost", "zh": "丢了符号的层归一化公式"},
    "notes.ln_symbols.wrong": {
        "en": "The note's sentences lost their symbols: “is to prevent dividing;” and “we initialise to all, and to "
              "all”. In full: x̂ = (x − μ)/√(σ² + ε), where ε (a small constant, 10⁻⁵ in PyTorch) keeps the division "
              "away from 0; then y = γ ⊙ x̂ + β, where ⊙ is element-wise multiplication (not a dot product), γ starts "
              "at all 1s and β at all 0s, so that LayerNorm starts as plain normalisation. The tour's formula (step "
              "Add & Norm) has every symbol.",
        "zh": "笔记的句子丢了符号：“是为了防止除；”和“我们一般初始化为全，而为全”。完整地写：x̂ = (x − μ)/√(σ² + "
              "ε)，其中 ε（一个很小的常数，PyTorch 中为 10⁻⁵）让除数不为 0；然后 y = γ ⊙ x̂ + β，其中 ⊙ "
              "表示逐元素相乘（不是点积），γ 初始化为全 1，β 初始化为全 0，所以层归一化一开始就是单纯的归一化。导览中"
              "“残差与层归一化”一步的公式每个符号都在。",
    },
    "notes.ln_symbols.app": {
        "en": "This model's first LayerNorm of encoder layer 0: ε = {eps}. A new `nn.LayerNorm({d})` has γ = {gamma} "
              "and β = {beta} in every dimension; training moved them to γ from {g_lo} to {g_hi} and β from {b_lo} "
              "to {b_hi}. A token whose {d} values are all equal has σ = 0: with ε its x̂ is [{with_eps}, …], "
              "without ε it is [{without_eps}, …] (0/0).",
        "zh": "本模型编码器第 0 层的第一个层归一化：ε = {eps}。新建的 `nn.LayerNorm({d})` 每个维度 γ = {gamma}、β "
              "= {beta}；训练之后 γ 在 {g_lo} 到 {g_hi} 之间，β 在 {b_lo} 到 {b_hi} 之间。一个 {d} 个数全都相等的"
              "词元 σ = 0：有 ε 时它的 x̂ 是 [{with_eps}, …]，没有 ε 时是 [{without_eps}, …]（0/0）。",
    },
    "notes.pe_extrapolate.title": {
        "en": "“It adapts to sentences longer than any in training”",
        "zh": "“能够适应比训练集里面所有句子更长的句子”",
    },
    "notes.pe_extrapolate.wrong": {
        "en": "The formula does give a vector for position 101, but having a vector is not reading it well: the "
              "model has never seen the scores such a position produces. The paper only hopes the sinusoids “may "
              "allow the model to extrapolate to sequence lengths longer than the ones encountered during "
              "training” (§3.5), and Press et al. (2022) measured sinusoidal models getting worse past their "
              "training length; ALiBi was proposed for that.",
        "zh": "公式确实能算出第 101 个位置的向量，但算得出不等于读得好：模型从没见过这样的位置产生的分数。论文只是"
              "希望正弦编码“可能让模型外推到比训练中遇到的更长的序列”（§3.5），而 Press "
              "等（2022）实测发现，正弦位置编码的模型一超过训练长度就变差；ALiBi 正是为此提出的。",
    },
    "notes.pe_extrapolate.app": {
        "en": "Three models trained alike here on sources of at most {train_max} tokens (the After 2017 chapter), "
              "loss per target token on held-out sentences joined into longer inputs: the sinusoidal model "
              "{within} up to {train_max} tokens, {past} at {lo}–{hi} and {longest} at {lo_last}–{hi_last} "
              "(RoPE {rope_last}, ALiBi {alibi_last}). The vector is there all the same: PE({pos}) at d_model = "
              "{d} has the norm of every position, √(d_model/2) = {norm}.",
        "zh": "这里用同样方式训练、源句最长 {train_max} 个词元的三个模型（“2017 年之后”一章），在拼接成更长输入的"
              "留出句子上，每个目标词元的损失：正弦模型在 {train_max} 个词元以内为 {within}，{lo}–{hi} 个时为 "
              "{past}，{lo_last}–{hi_last} 个时为 {longest}（RoPE {rope_last}，ALiBi "
              "{alibi_last}）。向量照样算得出：d_model = {d} 时 PE({pos}) 的范数和每个位置一样，都是 "
              "√(d_model/2) = {norm}。",
    },
    "notes.en_eight.title": {"en": "`en = 8` beside the paper's sizes", "zh": "在论文的尺寸旁边写了 `en = 8`"},
    "notes.en_eight.wrong": {
        "en": "The test sets d = 512, h = 8 and d_ff = 2048, the paper's base model, but builds 8 encoder layers "
              "and 6 decoder layers. The paper stacks N = 6 identical layers in the encoder and N = 6 in the "
              "decoder (§3.1; Table 3, base). Two more encoder layers make another, larger model.",
        "zh": "测试设置了 d = 512、h = 8、d_ff = 2048，正是论文的基础模型，却建了 8 层编码器、6 "
              "层解码器。论文的编码器是 N = 6 个相同层的堆叠，解码器也是 N = 6（§3.1；表 3，基础模型）。多出两层"
              "编码器，就是另一个更大的模型。",
    },
    "notes.en_eight.app": {
        "en": "Counted from `nn.TransformerEncoderLayer({d}, {h}, {d_ff})`: one encoder layer of the paper's base "
              "model has {layer} parameters, so the note's two extra layers add {extra} to the {paper_enc} of the "
              "paper's encoder. This model has N = {N} encoder and {N} decoder layers.",
        "zh": "由 `nn.TransformerEncoderLayer({d}, {h}, {d_ff})` 数出：论文基础模型的一个编码器层有 {layer} "
              "个参数，所以笔记多出的两层在论文编码器的 {paper_enc} 个之外又加了 {extra} 个。本模型的编码器有 N = "
              "{N} 层，解码器有 {N} 层。",
    },
    "notes.causal_diagonal.title": {
        "en": "“Query i relates only to the keys before i”: the diagonal stays",
        "zh": "“i 号查询只与 i 以前的键相关”：对角线是保留的",
    },
    "notes.causal_diagonal.wrong": {
        "en": "Query i sees the keys j ≤ i: those before it and itself. “Before i” leaves out the diagonal, and then "
              "query 0 would see no key at all (its softmax would be 0/0). The paper has each decoder position attend "
              "to all positions “up to and including that position” (§3.2.3). The note's own mask is right: a "
              "lower-triangular matrix of 1s keeps the diagonal, and its code (`mask[:, i, i+1:] = 0`) hides only "
              "j > i.",
        "zh": "查询 i 看得到 j ≤ i 的键：它之前的键和它自己。“以前”把对角线排除在外，那样查询 0 "
              "一个键也看不到（它的 softmax 是 0/0）。论文让解码器的每个位置关注“直到并包括该位置”的所有位置（§3.2.3）"
              "。"
              "笔记自己的掩码是对的：全 1 "
              "的下三角矩阵保留对角线，它的代码（`mask[:, i, i+1:] = 0`）也只遮住 j > i。",
    },
    "notes.causal_diagonal.app": {
        "en": "This translation's causal mask ({t} × {t}): the rows keep {kept} keys, i + 1 in row i, the diagonal "
              "included. Decoder layer 0, head 0: the first position, <bos>, puts weight {first} on itself, the one "
              "key it sees; on average a position puts {diag} of its weight on itself.",
        "zh": "这句译文的因果掩码（{t} × {t}）：各行保留 {kept} 个键，第 i 行 i + 1 "
              "个，包括对角线。解码器第 0 层、头 0：第一个位置 <bos> 把 {first} "
              "的权重放在自己身上——它唯一看得到的键；平均每个位置把 {diag} 的权重放在自己身上。",
    },
    "notes.exp_speed.title": {"en": "exp(·log) “for stability and speed”",
                              "zh": "为了“数值稳定性和计算效率”改用 exp(·log)"},
    "notes.exp_speed.wrong": {
        "en": "Neither half holds. Stability: 10000^(−i/d_model) never falls below 10⁻⁴, so nothing can underflow "
              "(div_term, above). Speed: a power with a non-integer exponent is itself computed as exp(y·log x), "
              "so the rewrite saves nothing; and div_term holds d_model/2 numbers computed once, when the model is "
              "built, so its speed would not matter anyway.",
        "zh": "两条理由都不成立。稳定性：10000^(−i/d_model) 从不小于 10⁻⁴，根本不会下溢（见上面的 "
              "div_term）。速度：非整数指数的幂本身就是按 exp(y·log x) 计算的，改写省不了什么；而且 div_term 只有 "
              "d_model/2 个数，在建立模型时算一次，它的速度本来就无关紧要。",
    },
    "notes.exp_speed.app": {
        "en": "Measured here at d_model = {d}: the {n} values of div_term take {pow_us} µs by the power and {exp_us} "
              "µs by exp(·log) (the fastest of {runs} calls each), and differ by at most {diff}. The model "
              "computes them once, when it is built.",
        "zh": "在这里实测，d_model = {d}：div_term 的 {n} 个值，用幂运算要 {pow_us} µs，用 exp(·log) 要 {exp_us} "
              "µs（各 {runs} 次调用中最快的一次），两者最多相差 {diff}。模型只在建立时算一次。",
    },
    "notes.concat_dims.title": {
        "en": "Concatenating the heads “makes Z the size of X”",
        "zh": "拼接各个头“使最终的 Z 和输入 X 的维度一致”",
    },
    "notes.concat_dims.wrong": {
        "en": "Concatenation gives h·d_v columns, and that equals d_model only because the paper chooses d_v = "
              "d_model/h. What gives the output X's size is W^O: MultiHead = `Concat(head₁, …, head_h)·W^O` with W^O "
              "of size h·d_v × d_model, as {note4} itself says a little earlier (lines 345–347). W^O also mixes the "
              "heads, which concatenation alone does not. {note3} leaves W^O out altogether.",
        "zh": "拼接得到 h·d_v 列，它等于 d_model 只是因为论文选了 d_v = d_model/h。让输出和 X 一样大的是 "
              "W^O：多头注意力 = `Concat(head₁, …, head_h)·W^O`，W^O 的大小是 h·d_v × d_model，{note4} "
              "自己在前面（第 345–347 行）也这么说。W^O 还把各个头混合起来，单靠拼接做不到。{note3} 则根本没有 W^O。",
    },
    "notes.concat_dims.app": {
        "en": "Encoder layer 0 on this sentence: the {h} heads concatenated are {rows} × {concat} (h·d_v = {h} × "
              "{d_v}); × W^O ({wo0} × {wo1}) gives {rows} × {d}, and not the concatenation: the two differ by up "
              "to {diff}. With d_v = {d_v2} the concatenation would be {rows} × {concat2}, and a W^O of {concat2} × "
              "{d} would still give {rows} × {d}.",
        "zh": "编码器第 0 层、本句：{h} 个头拼接起来是 {rows} × {concat}（h·d_v = {h} × {d_v}）；乘以 W^O（{wo0} "
              "× {wo1}）得到 {rows} × {d}，而且并不等于拼接结果：两者最多相差 {diff}。若 d_v = {d_v2}，拼接结果"
              "会是 {rows} × {concat2}，而 {concat2} × {d} 的 W^O 仍然给出 {rows} × {d}。",
    },
    "notes.unshifted_target.title": {
        "en": "The decoder fed the target itself, not shifted",
        "zh": "解码器输入的是目标本身，没有右移",
    },
    "notes.unshifted_target.wrong": {
        "en": "`forward(x, y)` embeds y itself as the decoder's input, with no <bos> in front and no shift, and the "
              "note reads the output as each target token's distribution. With the causal mask keeping the "
              "diagonal, position i sees y_i, the very token it is to predict: trained so, the decoder learns to "
              "copy its input, and when translating, where y_i is not there yet, it has nothing to copy. In the "
              "paper the decoder's input is the output “offset by one position” (§3.1): <bos>, y_1, …, "
              "y_(n−1) predicts y_1, …, y_n.",
        "zh": "`forward(x, y)` 直接把 y 本身嵌入作为解码器的输入，前面没有 <bos>，也没有右移，笔记还把输出当作每个"
              "目标词元的分布。因果掩码保留对角线，于是位置 i 看得到 y_i——正是它要预测的词元：这样训练，解码器学会"
              "的是抄写输入；翻译时 y_i 还不存在，也就无从抄起。论文中解码器的输入是“偏移一个位置”的输出"
              "（§3.1）：<bos>, y_1, …, y_(n−1) 预测 y_1, …, y_n。",
    },
    "notes.unshifted_target.app": {
        "en": "This translation as the model is trained on it: input {shifted} → targets {targets}; no position "
              "sees its own target. Fed as in the note: input {unshifted} → targets {targets}; all {t} positions "
              "see their own target.",
        "zh": "本模型训练时这句译文的样子：输入 {shifted} → 目标 {targets}；没有哪个位置看得到自己的目标。按笔记的"
              "喂法：输入 {unshifted} → 目标 {targets}；全部 {t} 个位置都看得到自己的目标。",
    },
    "notes.z0_only.title": {"en": "“Z(0,) holds only word 0's information”", "zh": "“Z(0,) 只包含单词 0 的信息”"},
    "notes.z0_only.wrong": {
        "en": "At the decoder's output, position 0 holds more than word 0: the mask keeps the later target words "
              "from it, but every decoder layer's cross-attention gives it the whole source sentence, as the note "
              "says four lines earlier (line 455). That is how position 0 can predict the translation's first "
              "word.",
        "zh": "在解码器的输出端，位置 0 包含的不只是单词 0：掩码让它看不到后面的目标词，但每个解码器层的交叉注意力"
              "都把整个源句交给它，笔记四行之前（第 455 行）自己也这么说。正因如此，位置 0 才能预测译文的第一个词。",
    },
    "notes.z0_only.app": {
        "en": "This sentence, position 0 (<bos>): the decoder predicts **{own}** (P = {p_own}). With the encoder's "
              "output zeroed, the same <bos> and no source, it predicts **{blind}** (P = {p_blind}); position 0's "
              "logits move by up to {diff}.",
        "zh": "本句，位置 0（<bos>）：解码器预测 **{own}**（P = {p_own}）。把编码器的输出置零——同样的 "
              "<bos>、没有源句——它预测 **{blind}**（P = {p_blind}）；位置 0 的未归一化得分最多变化 {diff}。",
    },
    "notes.cnn_complex.title": {"en": "“Self-attention is a more complicated CNN”",
                                "zh": "“自注意力是一种复杂化的 CNN”"},
    "notes.cnn_complex.wrong": {
        "en": "The relation runs the other way, and only under conditions. A convolution's weight for each offset "
              "is fixed and reaches k neighbours; self-attention's weights are computed from the tokens' content "
              "and reach every position. Cordonnier, Loukas and Jaggi (ICLR 2020) prove that a multi-head "
              "self-attention layer with a head per kernel offset and relative positional encoding can express any "
              "convolution: a convolution is a special case of multi-head self-attention, not self-attention a "
              "more complicated convolution.",
        "zh": "两者的关系要反过来说，而且有条件。卷积对每个偏移的权重是固定的，只够到 k "
              "个邻居；自注意力的权重由词元的内容算出，能够到每一个位置。Cordonnier、Loukas 和 Jaggi（ICLR "
              "2020）证明：每个卷积核偏移配一个头、并带相对位置编码的多头自注意力层可以表示任意卷积。所以是卷积为多头"
              "自注意力的特例，而不是自注意力为复杂化的卷积。",
    },
    "notes.cnn_complex.app": {
        "en": "Encoder layer 0, head 0, this sentence: the weight a query gives the key just before it (offset −1) "
              "runs from {lo} to {hi} across the queries, where a convolution has one fixed weight per offset; and "
              "{far} of a query's weight, on average, goes to keys more than 1 position away, out of a kernel 3's "
              "reach.",
        "zh": "编码器第 0 层、头 0、本句：查询给它前一个键（偏移 −1）的权重在各查询之间从 {lo} 变到 "
              "{hi}，而卷积每个偏移只有一个固定的权重；平均每个查询有 {far} 的权重落在相距超过 1 "
              "个位置的键上，那是卷积核 3 够不到的。",
    },
    "notes.cnn_complex.short": {
        "en": "This sentence has one token, so no query has a key before it: type a longer sentence.",
        "zh": "本句只有一个词元，没有哪个查询前面有键：请输入更长的句子。",
    },
    "notes.electra.title": {"en": "“No effective remedy” for MLM's slow learning",
                            "zh": "MLM 学得慢“目前没有有效的解决办法”"},
    "notes.electra.wrong": {
        "en": "There is one: ELECTRA (Clark et al., ICLR 2020) replaces some tokens by a small generator's samples "
              "and trains the model to tell, at every position, whether the token is the original or a "
              "replacement. Every token gives a loss term, not 15% of them, and with the same model size, data and "
              "compute it outperforms BERT.",
        "zh": "有办法：ELECTRA（Clark 等，ICLR 2020）用一个小生成器的采样替换部分词元，再训练模型在每一个位置判断这个"
              "词元是原来的还是替换的。于是每个词元都贡献一项损失，而不只是其中 15%；在模型大小、数据和算力相同时，它"
              "胜过 BERT。",
    },
    "notes.electra.app": {
        "en": "This sentence, {n} tokens: masked-language modelling at 15% predicts {picked} of them ({masked}); "
              "replaced-token detection gives a loss term at all {n}.",
        "zh": "本句共 {n} 个词元：按 15% 做掩码语言模型只预测其中 {picked} 个（{masked}）；替换词元检测在全部 {n} "
              "个位置都有一项损失。",
    },
    "notes.gpt1_sgd.title": {"en": "GPT-1 “optimised with SGD”", "zh": "GPT-1“使用 SGD 进行优化”"},
    "notes.gpt1_sgd.wrong": {
        "en": "GPT-1 was trained with Adam, not SGD: a maximum learning rate of 2.5 × 10⁻⁴, raised linearly from 0 "
              "over the first 2,000 updates and then annealed to 0 on a cosine schedule (Radford et al. 2018, §4.1). "
              "The note's “SGD” comes from §3.1, where the parameters are “trained using stochastic gradient "
              "descent”: the family of minibatch gradient methods, Adam among them; the optimiser §4.1 names is "
              "Adam, not plain SGD.",
        "zh": "GPT-1 用的是 Adam，不是 SGD：最大学习率 2.5 × 10⁻⁴，在前 2,000 次更新中从 0 线性升高，之后按余弦退火到 "
              "0（Radford 等 2018，§4.1）。笔记的“SGD”出自 §3.1，那里说参数“用随机梯度下降训练”，指的是包括 Adam 在内"
              "的一类小批量梯度方法；§4.1 写明的优化器是 Adam，不是普通的 SGD。",
    },
    "notes.gpt1_sgd.app": {
        "en": "GPT-1's warm-up: {w500} after 500 updates, {w1000} after 1,000, {w2000} after 2,000. This app's "
              "models are trained with Adam too, read here from the optimizer training builds for this model: "
              "`{name}`, β₁, β₂ = {betas}, ε = {eps}, with the paper's warm-up.",
        "zh": "GPT-1 的预热：500 次更新后为 {w500}，1,000 次后为 {w1000}，2,000 次后为 "
              "{w2000}。本应用的模型也用 Adam 训练，这里从训练代码为本模型建立的优化器读出：`{name}`，β₁, β₂ = "
              "{betas}，ε = {eps}，采用论文的预热。",
    },
}


REMARKS = {
    "notes.d_eq_dv.title": {
        "en": "“d = d_v” in «Transformer»: right in its own notation",
        "zh": "«Transformer» 中的“d = d_v”：在它自己的记号里是对的",
    },
    "notes.d_eq_dv.remark": {
        "en": "Not a mistake. The note writes the value input as V_(s×d_v) and one head's value width as t_v = "
              "d_v/h, so its d_v is the paper's d_model (the width of V before the projection) and its t_v is the "
              "paper's d_v. With the same width for Q, K and V, d = d_v holds, and it is what gives the output "
              "O_(s_q×d_v) the input's shape.",
        "zh": "这不是错误。笔记把值的输入写作 V_(s×d_v)，把一个头的值宽度写作 t_v = d_v/h，所以它的 d_v 就是论文的 "
              "d_model（投影之前 V 的宽度），它的 t_v 才是论文的 d_v。Q、K、V 宽度相同时 d = d_v 成立，正是它让输出 "
              "O_(s_q×d_v) 和输入形状一致。",
    },
    "notes.d_eq_dv.app": {
        "en": "This model in the note's letters: d = d_v = {d} (the paper's d_model), h = {h}, t_v = d_v/h = {t_v} "
              "(the paper's d_v); the concatenation is {rows} × {concat} and W_O is {wo0} × {wo1}, which gives back "
              "{rows} × {d}.",
        "zh": "用笔记的字母写本模型：d = d_v = {d}（论文的 d_model），h = {h}，t_v = d_v/h = {t_v}（论文的 "
              "d_v）；拼接结果是 {rows} × {concat}，W_O 是 {wo0} × {wo1}，乘完又回到 {rows} × {d}。",
    },
    "notes.attention_mask_name.title": {
        "en": "`attention mask` for the causal mask: a clash of names",
        "zh": "把因果掩码叫作 `attention mask`：不同库的命名冲突",
    },
    "notes.attention_mask_name.remark": {
        "en": "Not a mistake: the note uses PyTorch's names. PyTorch's nn.MultiheadAttention takes `attn_mask` (the "
              "causal mask, for instance) and `key_padding_mask`, and nn.Transformer passes `tgt_mask` next to "
              "`tgt_key_padding_mask`. In Hugging Face `attention_mask` is the padding mask, the very one the note "
              "contrasts it with. Read the note's `attention mask` as PyTorch's `attn_mask`.",
        "zh": "这不是错误：笔记用的是 PyTorch 的名字。PyTorch 的 `nn.MultiheadAttention` 接受 "
              "`attn_mask`（例如因果掩码）和 `key_padding_mask`，`nn.Transformer` 则在 `tgt_key_padding_mask` "
              "之外另传 `tgt_mask`。而在 Hugging Face 中 `attention_mask` "
              "指的是填充掩码，恰好是笔记拿来对比的那一个。把笔记里的 `attention mask` 读作 PyTorch 的 `attn_mask` "
              "即可。",
    },
    "notes.attention_mask_name.app": {
        "en": "Read from the installed PyTorch: nn.MultiheadAttention.forward takes {mha}; nn.Transformer.forward "
              "takes {transformer}. On this translation the decoder's causal mask is {t} × {t} and hides {masked} "
              "cells (the future); the source has {pads} padding tokens.",
        "zh": "从已安装的 PyTorch 中读出：`nn.MultiheadAttention.forward` 接受 {mha}；`nn.Transformer.forward` 接受 "
              "{transformer}。在这句译文上，解码器的因果掩码是 {t} × {t}，遮住 {masked} "
              "个格子（未来的位置）；源句有 {pads} 个填充词元。",
    },
    "notes.mh_projection.remark": {
        "en": "Not a mistake: a notation choice. The note computes q = a·W_q and then gives each head its own W₁ and "
              "W₂; the paper writes headᵢ = Attention(XWᵢ^Q, XWᵢ^K, XWᵢ^V), and code cuts one d_model × d_model "
              "projection into h slices of d_k. Two projections in a row are one projection (their product), so "
              "the note's q^{{1,1}} = a·(W_q·W₁) is head 1's projection of a, written in two steps. {note3} does the "
              "same in formulas: Q = X·W^Q first, then headᵢ = Attention(Q·Wᵢ^Q, K·Wᵢ^K, V·Wᵢ^V).",
        "zh": "这不是错误，只是记号的选择。笔记先算 q = a·W_q，再给每个头各自的 W₁ 和 W₂；论文写作 头ᵢ = "
              "Attention(X·Wᵢ^Q, X·Wᵢ^K, X·Wᵢ^V)，代码则把一个 d_model × d_model 的投影切成 h 段、每段 d_k "
              "维。连续两次投影就是一次投影（两矩阵之积），所以笔记的 q^{{1,1}} = a·(W_q·W₁) 就是头 1 "
              "对 a 的投影，只是分两步写。{note3} 在公式里也一样：先 Q = X·W^Q，再 头ᵢ = Attention(Q·Wᵢ^Q, K·Wᵢ^K, "
              "V·Wᵢ^V)。",
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
    "notes.remarks": {"en": "Checked, and not mistakes: notation and naming", "zh": "核对过、并非错误的：记号与命名"},
    "notes.remarks_caption": {
        "en": "These three read as mistakes and were listed as such before; checked against the notes' own notation, "
              "the paper and the libraries' names, they are not.",
        "zh": "这三处看起来像错误，以前也被列为错误；对照笔记自己的记号、论文和各个库的命名核对之后，它们并不是错误。",
    },
    "notes.col_line": {"en": "lines", "zh": "行"},
    "notes.parallel_order.same": {
        "en": "Every token of this sentence is the same word, so no shuffle changes it: type another sentence.",
        "zh": "本句的每个词元都是同一个词，怎么打乱都不变：请换一个句子。",
    },
    "notes.col_unscaled": {"en": "unscaled", "zh": "不缩放"},
    "notes.col_as_printed": {"en": "note", "zh": "笔记"},
    "notes.col_exact": {"en": "exact", "zh": "精确值"},
    "notes.col_one_decimal": {"en": "1 decimal", "zh": "1 位小数"},
    "notes.col_scaled": {"en": "÷√d_k", "zh": "÷√d_k"},
    "notes.rounding_weights": {"en": "**Weights** softmax(QKᵀ)", "zh": "**权重** softmax(QKᵀ)"},
    "notes.rounding_outputs": {"en": "**Outputs** softmax(QKᵀ)·V", "zh": "**输出** softmax(QKᵀ)·V"},
    "notes.col_scaled_3": {"en": "÷√3", "zh": "÷√3"},
}


MESSAGES: dict[str, dict[str, str]] = (FIRST_READING | SECOND_READING | WHOLE_READING | THIRD_READING | REMARKS
                                      | PAGE)
