"""Messages of the guided tour: the page's labels, each step's title and explanation, figure and axis titles.

Explanations may use the fields {d_model} {d_k} {h} {N} {d_ff} {S} {T} (lesson.tour.facts).
"""

PAGE = {
    "tour.header": {"en": "Guided tour: one forward pass", "zh": "导览：一次完整的前向传播"},
    "tour.step_of": {"en": "Step {n} / {total}", "zh": "第 {n} 步 / 共 {total} 步"},
    "tour.back": {"en": "Back", "zh": "上一步"},
    "tour.next": {"en": "Next", "zh": "下一步"},
    "tour.keys_hint": {"en": "Use ← / → to move", "zh": "按 ← / → 键翻页"},
    "tour.formula_caption": {"en": "With the numbers of this sentence:", "zh": "代入本句的实际数值："},
}

STEP_TEXTS = {
    "tour.tokens.title": {"en": "Tokens and their ids", "zh": "词元与编号"},
    "tour.tokens.text": {
        "en": "The sentence is split into {S} tokens (English by words, Chinese by characters), and each token is "
              "looked up in a fixed vocabulary to get its id. A one-hot vector of that id would be huge and would "
              "say nothing about meaning, so the next step replaces it with a learned vector.",
        "zh": "句子先被切分成 {S} 个词元（英文按单词，中文按字），每个词元在固定的词表里查到自己的编号。"
              "如果用独热编码表示这个编号，既浪费空间，又表达不出词与词之间的关系，"
              "所以下一步把它换成一个学习得到的向量。",
    },
    "tour.embedding.title": {"en": "Token embeddings", "zh": "词嵌入"},
    "tour.embedding.text": {
        "en": "Each token id picks one row of the embedding matrix: a vector of d_model = {d_model} numbers learned "
              "in training with the rest of the model. Words the task treats alike can end up close, but only as "
              "far as translating rewards it: nothing asks related words to be close. The paper multiplies it by "
              "√d_model and "
              "gives no reason. In this model the embeddings start as N(0, 1/d_model), so × √d_model gives "
              "components of about unit size, the same order as the positional encoding added next, whose norm is "
              "√(d_model/2) at every position; the Embeddings page shows both norms for this sentence.",
        "zh": "每个词元编号从词嵌入矩阵中取出一行：一个由 d_model = {d_model} 个数组成、和模型其余部分一起训练得到的"
              "向量。任务上作用相近的词可能彼此靠近，但只靠近到翻译所需要的程度：并没有什么要求意思相关的词靠近。论文把"
              "它乘以 √d_model，但没有说明原因。本模型的词嵌入初始化为 "
              "N(0, 1/d_model)，乘以 √d_model 后每个分量约为单位大小，与接下来加上的位置编码同一量级"
              "（位置编码在每个位置的范数都是 √(d_model/2)）；“词嵌入与位置编码”页给出本句的这两个范数。",
    },
    "tour.positional.title": {"en": "+ Positional encoding", "zh": "加上位置编码"},
    "tour.positional.text": {
        "en": "Attention looks at all tokens at once and by itself ignores their order: shuffle the sentence and "
              "each token's output stays the same, only shuffled the same way (self-attention is "
              "permutation-equivariant), so nothing tells the model which word came first. So a sinusoidal "
              "pattern unique to each position is added to its token: even "
              "dimensions use sin, odd ones cos, fast in the low dimensions and slow in the high ones, like the "
              "hands of a clock.",
        "zh": "注意力一次看所有词元，本身并不区分先后顺序：把句子打乱，每个词元的输出不变，只是按同样的方式被打乱"
              "（自注意力具有置换等变性），模型因此无从知道哪个词在前。"
              "因此给每个位置加上一个独一无二的正弦/余弦模式：偶数维用 sin，奇数维用 cos，"
              "低维变化快、高维变化慢，就像钟表的指针。",
    },
    "tour.qkv.title": {"en": "Queries, keys and values", "zh": "查询、键、值（Q、K、V）"},
    "tour.qkv.text": {
        "en": "Encoder layer 0, head 0: the input X is multiplied by three learned matrices W_Q, W_K and W_V, giving "
              "every token a query, a key and a value. With h = {h} heads, each head works in "
              "d_k = d_model / h = {d_k} dimensions. The query asks “what am I looking for?”, the key says “what "
              "do I contain?”, and the value is what gets passed on.",
        "zh": "编码器第 0 层、头 0：输入 X 分别乘以三个学到的矩阵 W_Q、W_K、W_V，为每个词元得到查询 q、"
              "键 k 和值 v。一共有 h = {h} 个头，每个头只用 d_k = d_model / h = {d_k} 维。"
              "查询问“我在找什么”，键回答“我有什么”，值则是最终被传递出去的内容。",
    },
    "tour.scores.title": {"en": "Scores: Q·Kᵀ", "zh": "注意力分数：Q·Kᵀ"},
    "tour.scores.text": {
        "en": "Every query is compared with every key by a dot product: multiply them element by element and add "
              "up. A large score means that the query token finds that key token relevant. Row i of this "
              "{S} × {S} matrix holds the scores of query i for all the keys.",
        "zh": "每个查询都和每个键做点积：逐元素相乘再求和。分数越大，说明这个查询词元认为那个键词元越相关。"
              "这个 {S} × {S} 矩阵的第 i 行，就是第 i 个查询对所有键的分数。",
    },
    "tour.scale.title": {"en": "Divide by √d_k", "zh": "缩放：除以 √d_k"},
    "tour.scale.text": {
        "en": "The dot product of two d_k-dimensional vectors grows with d_k: if the components of q and k are "
              "independent with mean 0 and variance 1, Var(q·k) = d_k, and dividing by √d_k brings it back to 1. "
              "The paper's reason is a hypothesis it states as one: additive attention beats unscaled dot products "
              "at large d_k, and it suspects that very large scores push the softmax into putting almost all the "
              "weight on one token, where its gradients are extremely small. Dividing by "
              "√d_k = √{d_k} is scaled dot-product attention. On this sentence the largest |q·k| of head 0 is "
              "{raw_max}; divided by √{d_k} it is {scaled_max}, and a row's largest weight after the softmax is "
              "{top_weight} on average.",
        "zh": "两个 d_k 维向量的点积会随着 d_k 增大而变大：如果 q 和 k 的各分量相互独立、均值为 0、方差为 1，"
              "那么 Var(q·k) = d_k，除以 √d_k 正好把方差变回 1。"
              "论文给出的理由是它自己标明的猜测：d_k 较大时加性注意力胜过不缩放的点积，"
              "论文猜测原因是分数过大时 softmax 几乎把全部权重都给一个词元，梯度变得极小。除以 √d_k = √{d_k} 就是缩放点"
              "积注意力。在这个句子上，头 0 最大的 |q·k| 是 {raw_max}；"
              "除以 √{d_k} 后是 {scaled_max}，softmax 之后每行最大的权重平均为 {top_weight}。",
    },
    "tour.decoder.title": {"en": "The decoder: three sublayers", "zh": "解码器：三个子层"},
    "tour.decoder.text": {
        "en": "The decoder writes the translation one token at a time. Its input is <bos> (the start symbol that "
              "the notes write <start>, <begin> or <sos>) followed by the tokens written so far, embedded and "
              "given positions like the source ({T} rows here). Each of its {N} layers has three sublayers, each "
              "wrapped in a residual connection and a LayerNorm: masked self-attention over what has been "
              "written, cross-attention from those rows to the encoder's output (memory), and the FFN. The formula "
              "follows the first row through layer 0.",
        "zh": "解码器一次写出译文的一个词元。它的输入是 <bos>（笔记里写作 <start>、<begin> 或 <sos> 的起始符号）"
              "加上已经写出的词元，与源句一样做词嵌入并加上位置编码（这里共 {T} 行）。它的 {N} 层中每层有三个子层，"
              "每个子层都包在残差连接和层归一化里：对已写内容的掩码自注意力，从这些行到编码器输出的交叉注意力，"
              "以及前馈网络。公式跟踪第 0 层中的第一行。",
    },
    "tour.mask.title": {"en": "Mask: no peeking ahead", "zh": "掩码：不许偷看后面的词"},
    "tour.mask.text": {
        "en": "In the decoder's self-attention a token may only look at itself and the tokens before it: the "
              "causal mask adds −∞ to every later position (grey), so after softmax their weight is exactly 0. "
              "The encoder reads the whole sentence, so for one sentence its mask hides nothing; only padding in "
              "a batch would be masked. The decoder's first input is <bos>, the start symbol that the notes write "
              "<start>, <begin> or <sos>.",
        "zh": "在解码器的自注意力中，每个词元只能看到自己和前面的词元：因果掩码给后面的每个位置加上 −∞（灰色），"
              "softmax 之后它们的权重恰好为 0。编码器读取整句话，所以对单个句子它的掩码什么也不遮挡；"
              "只有批次里的填充位置才会被遮住。解码器的第一个输入是 <bos>，也就是笔记中写作 <start>、<begin> 或 <sos> "
              "的起始符。",
    },
    "tour.softmax.title": {"en": "Softmax: scores become weights", "zh": "softmax：分数变成权重"},
    "tour.softmax.text": {
        "en": "Still in the encoder (layer 0, head 0), softmax turns each row of scores into weights between 0 and "
              "1 that add up to 1: e to the power of each score, divided by the sum over the row. Row i says how "
              "much token i attends to every token of the sentence.",
        "zh": "还是在编码器（第 0 层、头 0）里：softmax 把每一行分数变成 0 到 1 之间、总和为 1 的权重——"
              "每个分数取 e 的幂，再除以这一行的总和。第 i 行表示第 i 个词元对句中每个词元的关注程度。",
    },
    "tour.weighted.title": {"en": "Weighted sum of the values", "zh": "加权求和：Z = 权重 × V"},
    "tour.weighted.text": {
        "en": "Each token's output z is the weighted average of all the value vectors, with its row of attention "
              "weights as the weights. A token that attends mostly to one other token gets a vector close to that "
              "token's value. Z has one row per token and d_k = {d_k} columns.",
        "zh": "每个词元的输出 z 是所有值向量的加权平均，权重就是它那一行的注意力权重。"
              "一个主要关注某个词元的词元，得到的向量就接近那个词元的值向量。Z 每个词元一行，共 d_k = {d_k} 列。",
    },
    "tour.concat.title": {"en": "Multi-head: concat, then W_O", "zh": "多头注意力：拼接，再乘 W_O"},
    "tour.concat.text": {
        "en": "The same computation runs in all h = {h} heads in parallel, each with its own W_Q, W_K and W_V, so "
              "each head can learn a different kind of relation. Their outputs are laid side by side "
              "({h} × {d_k} = {d_model} columns) and multiplied by W_O, which mixes them and gives back the "
              "d_model columns that the residual connection needs.",
        "zh": "同样的计算在 h = {h} 个头中并行进行，每个头都有自己的 W_Q、W_K、W_V，因此能学到不同类型的关系。"
              "各个头的输出并排拼接（{h} × {d_k} = {d_model} 列），再乘以 W_O 把它们融合，"
              "并让输出回到残差连接所需要的 d_model 维。",
    },
    "tour.add_norm.title": {"en": "Add & Norm", "zh": "残差连接与层归一化"},
    "tour.add_norm.text": {
        "en": "The attention output is added to its input (a residual connection), so information and gradients "
              "can also skip the sublayer. LayerNorm rescales each token's vector to mean 0 and variance 1, then "
              "applies a learned scale γ and shift β: compare the grey and blue bars. The formula shows the order "
              "this model uses (Post-Norm or Pre-Norm).",
        "zh": "注意力的输出与它的输入相加（残差连接），让信息和梯度也可以绕过这个子层。"
              "层归一化把每个词元的向量调整为均值 0、方差 1，再乘以学到的 γ、加上 β：对比灰色和蓝色的柱子。"
              "公式给出了本模型采用的顺序（Post-Norm 或 Pre-Norm）。",
    },
    "tour.ffn.title": {"en": "Feed-forward network", "zh": "前馈网络"},
    "tour.ffn.text": {
        "en": "Next, every token goes on its own through the same two-layer network, d_model = {d_model} → "
              "d_ff = {d_ff} → d_model, with a ReLU in between that sets negative units to 0 (light cells). "
              "Attention mixes information between tokens; the FFN transforms each token's vector. Another "
              "Add & Norm follows.",
        "zh": "接着，每个词元各自通过同一个两层全连接网络：d_model = {d_model} → d_ff = {d_ff} → d_model，"
              "中间的 ReLU 把负值置为 0（浅色格子）。注意力在词元之间交换信息，前馈网络则变换每个词元自己的向量。"
              "之后还有一次残差连接与层归一化。",
    },
    "tour.layers.title": {"en": "All layers and heads", "zh": "所有层与所有头"},
    "tour.layers.text": {
        "en": "Attention and FFN, each followed by Add & Norm, make one encoder layer. A layer's output has the "
              "same shape as its input, so layers can be stacked: this model has N = {N} layers of h = {h} heads. "
              "Here is every head of every encoder layer; different heads learn different patterns.",
        "zh": "注意力和前馈网络（各接一次残差连接与层归一化）构成一个编码器层。每层的输出与输入形状相同，"
              "所以可以一层层堆叠：本模型有 N = {N} 层，每层 h = {h} 个头。"
              "这里是编码器每一层、每一个头的注意力，不同的头学到了不同的模式。",
    },
    "tour.cross.title": {"en": "Cross-attention", "zh": "交叉注意力"},
    "tour.cross.text": {
        "en": "In the decoder, cross-attention takes its queries from the decoder and its keys and values from the "
              "encoder's output, so every target token can look at the whole source sentence. Rows are the "
              "decoder's tokens, columns the source tokens (last layer, mean of the {h} heads). Whether the darkest "
              "cell of a row is the source word being translated depends on the model: a model given the word "
              "alignment as an extra training target (the model line of this step says whether this one was) does "
              "that by design; otherwise the attention often looks elsewhere, e.g. at the next source word.",
        "zh": "在解码器中，交叉注意力的查询 Q 来自解码器，键 K 和值 V 来自编码器的输出，"
              "因此每个目标词元都能看到整个源句子。行是解码器的词元，列是源句子的词元（最后一层、{h} 个头的平均）。"
              "每一行颜色最深的格子是不是正在翻译的那个源词，取决于模型：经过对齐训练的模型（本步骤的模型说明行指出了是"
              "哪种）"
              "正是被这样教出来的；自己学出的模型常常看向别处，例如下一个源词。",
    },
    "tour.next_token.title": {"en": "Next-token probabilities", "zh": "下一个词的概率"},
    "tour.next_token.text": {
        "en": "The decoder's output goes through a final linear layer (one score per word of the target "
              "vocabulary) and a softmax. From `<bos>` alone, this is the distribution of the first output token; "
              "greedy decoding takes the most likely one. The chosen token is red.",
        "zh": "解码器的输出经过最后的线性层（目标词表中每个词一个分数）和 softmax。"
              "只输入 `<bos>` 时，这就是第一个输出词的概率分布；贪心解码选择概率最大的那个。被选中的词标为红色。",
    },
    "tour.next_step.title": {"en": "Decoding, one token at a time", "zh": "解码：一次一个词"},
    "tour.next_step.text": {
        "en": "The chosen token is appended to the decoder's input and the decoder runs again: `<bos>` plus "
              "everything written so far predicts the next token, until it writes `<eos>`. In training, the "
              "correct previous tokens are fed in instead (teacher forcing), so all positions are learned at "
              "once under the causal mask.",
        "zh": "选出的词被接到解码器输入的末尾，解码器再运行一次：`<bos>` 加上已经写出的所有词，预测下一个词，"
              "直到写出 `<eos>`。训练时则直接输入正确的前文（教师强制），"
              "在因果掩码下所有位置一次并行学习。",
    },
}

FIGURES = {
    "tour.fig.tokens": {"en": "Token ids in the vocabulary", "zh": "词元在词表中的编号"},
    "tour.fig.embedding": {"en": "Token embedding × √d_model", "zh": "词嵌入 × √d_model"},
    "tour.fig.positional": {"en": "Positional encoding PE (one row per position)", "zh": "位置编码 PE（每个位置一行）"},
    "tour.fig.qkv": {"en": "Q | K | V of head {head} (encoder layer 0)",
                     "zh": "头 {head} 的 Q | K | V（编码器第 0 层）"},
    "tour.fig.scores": {"en": "Scores QKᵀ", "zh": "注意力分数 QKᵀ"},
    "tour.fig.scale": {"en": "Scaled scores QKᵀ / √d_k", "zh": "缩放后的分数 QKᵀ / √d_k"},
    "tour.fig.decoder": {"en": "Decoder input: <bos> + tokens so far, embedded + PE",
                         "zh": "解码器输入：<bos> + 已写出的词元，词嵌入 + 位置编码"},
    "tour.fig.mask": {"en": "Decoder: scores + causal mask (grey = −∞)", "zh": "解码器：分数 + 因果掩码（灰色 = −∞）"},
    "tour.fig.softmax": {"en": "Attention weights (each row sums to 1)", "zh": "注意力权重（每行之和为 1）"},
    "tour.fig.weighted": {"en": "Z = weights × V (head {head})", "zh": "Z = 权重 × V（头 {head}）"},
    "tour.fig.concat": {"en": "Concat of all heads (columns grouped by head)", "zh": "所有头的拼接（列按头分组）"},
    "tour.fig.add_norm": {"en": "Mean and variance of each token, before and after LayerNorm",
                          "zh": "每个词元在层归一化前后的均值和方差"},
    "tour.fig.ffn": {"en": "FFN hidden units after ReLU", "zh": "前馈网络的隐藏单元（ReLU 之后）"},
    "tour.fig.layers": {"en": "Encoder: every layer × every head", "zh": "编码器：每一层 × 每一个头"},
    "tour.fig.cross": {"en": "Cross-attention, layer {layer}, mean over the heads",
                       "zh": "交叉注意力：第 {layer} 层，各头平均"},
    "tour.fig.next_token": {"en": "First output token: the most likely candidates",
                            "zh": "第一个输出词：概率最高的候选"},
    "tour.fig.next_step": {"en": "Step {n}: the most likely next tokens", "zh": "第 {n} 步：下一个词的候选"},
    "tour.axis.token": {"en": "token", "zh": "词元"},
    "tour.axis.id": {"en": "id", "zh": "编号"},
    "tour.axis.vocab_index": {"en": "index in the vocabulary", "zh": "在词表中的编号"},
    "tour.axis.dimension": {"en": "dimension", "zh": "维度"},
    "tour.axis.query": {"en": "query (row)", "zh": "查询（行）"},
    "tour.axis.key": {"en": "key (column)", "zh": "键（列）"},
    "tour.axis.head_dim": {"en": "head · dimension", "zh": "头 · 维度"},
    "tour.axis.hidden": {"en": "hidden unit", "zh": "隐藏单元"},
    "tour.axis.target": {"en": "decoder input → prediction (query)", "zh": "解码器输入 → 预测（查询）"},
    "tour.axis.source": {"en": "source token (key)", "zh": "源语言词元（键）"},
    "tour.axis.value": {"en": "value", "zh": "数值"},
    "tour.axis.prob": {"en": "probability", "zh": "概率"},
    "tour.axis.mean": {"en": "mean", "zh": "均值"},
    "tour.axis.variance": {"en": "variance", "zh": "方差"},
    "tour.legend.before": {"en": "before LayerNorm", "zh": "层归一化之前"},
    "tour.legend.after": {"en": "after LayerNorm", "zh": "层归一化之后"},
    "tour.grid.layer": {"en": "L{n}", "zh": "第 {n} 层"},
    "tour.grid.head": {"en": "h{n}", "zh": "头 {n}"},
}

MESSAGES: dict[str, dict[str, str]] = PAGE | STEP_TEXTS | FIGURES
