"""Messages of the notes' mistakes found on a second, line-by-line reading (lesson/notes.py MISTAKES from
"attention_only" on) and on a third (THIRD_READING, from "ln_symbols" on), and of the remarks: places that read as
mistakes but are not (lesson/notes.py REMARKS)."""

MISTAKES = {
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

MESSAGES: dict[str, dict[str, str]] = MISTAKES | THIRD_READING | WHOLE_READING | REMARKS | PAGE
