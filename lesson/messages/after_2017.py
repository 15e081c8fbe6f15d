"""Messages of the After 2017 pages: the online softmax (as FlashAttention runs it), the KV cache, sliding windows."""

MESSAGES = {
    "nav.after_2017": {"en": "After 2017: online softmax", "zh": "2017 年之后：在线 softmax"},
    "fl.header": {"en": "After 2017: softmax without the n × n matrix", "zh": "2017 年之后：不存 n × n 矩阵的 softmax"},
    "fl.caption": {
        "en": "The online softmax (Milakov and Gimelshein, 2018) computes softmax(S)·V for a head one tile of keys at "
              "a time, so the n × n score matrix is never held whole; Rabe and Staats (2021) used it for attention "
              "in memory that grows with n, not n². FlashAttention (Dao et al., 2022) made it fast on GPUs: tiles "
              "sized to the chip's on-chip memory, so the scores never travel to main memory, and a backward pass "
              "that recomputes them instead of storing them; the result is exact. Each query keeps three things: the "
              "largest score seen so "
              "far m, the running sum ℓ of exp(s − m), and an unnormalised output O. When a tile brings a larger "
              "score, everything summed so far is multiplied by exp(m_old − m_new), and the result is unchanged. "
              "Below: the head picked above, on your sentence.",
        "zh": "在线 softmax（Milakov 和 Gimelshein，2018）对一个头计算 softmax(S)·V 时，每次只读一块键，所以从不完整"
              "地存下 n × n 的分数矩阵；Rabe 和 Staats（2021）把它用于注意力，所需内存随 n 而不是 n² 增长。"
              "FlashAttention"
              "（Dao 等，2022）让它在 GPU 上变快：块的大小按芯片上的片上存储来定，分数从不写回主存；反向传播重新计算分"
              "数"
              "而不是把它们存下来；结果是精确的。每个查询只记三样东西：到目前为止最大的分数 m、exp(s − m) 的累计和 ℓ、"
              "以及未归一化的"
              "输出 O。新的一块里出现更大的分数时，之前累加的都乘以 exp(m_old − m_new)，结果不变。下面用的是上方选中"
              "的头，作用在你的句子上。",
    },
    "fl.tile": {"en": "Keys per tile B", "zh": "每块的键数 B"},
    "fl.step": {"en": "Tiles done", "zh": "已处理的块数"},
    "fl.update": {
        "en": "For each tile of keys, per query: m_new = max(m, max s), ℓ ← ℓ · exp(m − m_new) + Σ exp(s − m_new), "
              "O ← O · exp(m − m_new) + Σ exp(s − m_new) · v, m ← m_new. The output is O / ℓ.",
        "zh": "对每一块键、每个查询：m_new = max(m, max s)，ℓ ← ℓ · exp(m − m_new) + Σ exp(s − m_new)，"
              "O ← O · exp(m − m_new) + Σ exp(s − m_new) · v，m ← m_new。输出是 O / ℓ。",
    },
    "fl.after": {
        "en": "After tile {t} of {n} (keys {first}–{last}): {raised} of {queries} queries found a larger score in "
              "this tile, so their earlier sums were scaled down (by exp(m_old − m_new), as low as {low}).",
        "zh": "第 {t} 块（共 {n} 块，键 {first}–{last}）之后：{queries} 个查询中有 {raised} 个在这一块里遇到了更大的"
              "分数，于是之前的累加被缩小（乘以 exp(m_old − m_new)，最小为 {low}）。",
    },
    "fl.check": {
        "en": "After the last tile, O / ℓ is the head's attention output z = softmax(S)·V: the largest difference from "
              "the model's own z over every query and dimension is {gap} (float32 rounding).",
        "zh": "最后一块之后，O / ℓ 就是这个头的注意力输出 z = softmax(S)·V：与模型自己算出的 z 相比，所有查询和维度上"
              "的最大差为 {gap}（float32 的舍入误差）。",
    },
    "fl.memory": {
        "en": "What one head holds at once: the ordinary way, all n × n scores; tile by tile, one n × B block, m "
              "and ℓ. Both hold the n × d_k output. At n = 4,096 with B = {tile}: {ordinary} against {tiled} numbers.",
        "zh": "一个头同时要存的数：普通做法存全部 n × n 个分数；分块做法只存一块 n × B 的分数和 m、ℓ。两者都存 n × d_k "
              "的输出。n = 4,096、B = {tile} 时：{ordinary} 个对 {tiled} 个。",
    },
    "fl.fig_scores": {"en": "Scores S read after tile {t} of {n} (keys {first}–{last})",
                      "zh": "第 {t} 块（共 {n} 块）之后已读的分数 S（键 {first}–{last}）"},
    "fl.fig_out": {"en": "Output O / ℓ after tile {t}", "zh": "第 {t} 块之后的输出 O / ℓ"},
    "fl.fig_m": {"en": "Running maximum m after tile {t}", "zh": "第 {t} 块之后的累计最大值 m"},
    "fl.fig_ell": {"en": "Running sum ℓ after tile {t}", "zh": "第 {t} 块之后的累计和 ℓ"},
    "fl.m": {"en": "m", "zh": "m"},
    "fl.ell": {"en": "ℓ", "zh": "ℓ"},
    "fl.unread": {"en": "masked (−∞) or not read yet", "zh": "被掩码（−∞）或尚未读到"},
    "fl.fig_memory": {"en": "Numbers one head holds at once (d_k = {d_k})", "zh": "一个头同时存的数（d_k = {d_k}）"},
    "fl.ordinary": {"en": "n × n scores", "zh": "n × n 个分数"},
    "fl.tiled": {"en": "tile by tile, B = {tile}", "zh": "分块，B = {tile}"},
    "fl.axis_floats": {"en": "numbers held", "zh": "存下的数"},
    "fl.sinks": {"en": "Attention sinks: how much goes to the first key",
                 "zh": "注意力汇聚点：有多少注意力落在第一个键上"},
    "fl.sinks_caption": {
        "en": "Large language models put much of their attention on the first token whatever it is, as a place to "
              "park weight a head does not need (Xiao et al., 2023). Each map is one attention block: every layer "
              "and head's weight on the first key, averaged over the queries. Under the maps: the share the first "
              "key would get if every query spread its weight evenly over the keys it may see; a cell well above it "
              "is a head that parks weight there. Here the decoder's first key is <bos>, which every query sees.",
        "zh": "大语言模型常把大量注意力放在第一个词元上，不管它是什么，用来“停放”一个头用不上的权重（Xiao 等，2023）。"
              "每张图是一个注意力模块：每一层、每个头落在第一个键上的权重，对所有查询取平均。图下给出的是：如果每个查询"
              "把权重平均分给它能看到的键，第一个键应得的份额；远高于它的格子，就是把权重停放在那里的头。"
              "这里解码器的第一个键是 <bos>，每个查询都能看到它。",
    },
    "fl.fig_sink": {"en": "{block} · on «{first}»", "zh": "{block} · 落在“{first}”上"},
    "fl.even": {"en": "Spread evenly, the first key would get: {shares}.",
                "zh": "平均分配时，第一个键应得：{shares}。"},
    "fl.tiles_header": {"en": "Tile by tile", "zh": "一块一块地算"},
    "nav.kv_cache": {"en": "After 2017: KV cache", "zh": "2017 年之后：KV 缓存"},
    "kv.header": {"en": "After 2017: the KV cache", "zh": "2017 年之后：KV 缓存"},
    "kv.caption": {
        "en": "Decoding writes one token per step. Without a cache, every step runs the decoder again over all the "
              "tokens so far and projects the encoder's memory into K and V again. With a KV cache, a step runs "
              "only the newest token: its query meets the keys and values of every earlier position, kept from the "
              "steps before, and the memory's K and V are projected once. The logits are the same; the attention work "
              "of step t drops from t queries against t keys (t²) to one query against t keys, and from T³ to T² "
              "over a translation of T tokens, and the cache costs memory instead. Below: the "
              "translation of your sentence, decoded again step by step with the cache.",
        "zh": "解码每一步写出一个词元。没有缓存时，每一步都要把到目前为止的所有词元重新送进解码器，并把编码器输出"
              "重新投影成 K 和 V。有了 KV 缓存，每一步只算最新的词元：它的查询去对之前每个位置的键和值——这些是前面"
              "各步留下来的——而编码器输出的 K、V 只投影一次。未归一化得分完全一样；第 t 步的注意力计算量从 t 个查询对 "
              "t "
              "个键（t²）降到一个查询对 t 个键，整句 T 个词元的译文从 T³ 降到 T²，代价是缓存要占内存。下面：你的句子的"
              "译文，用缓存一步一步重新解码。",
    },
    "kv.step": {"en": "Decoding step", "zh": "解码步"},
    "kv.step_line": {
        "en": "Step {step}: the decoder computes one row, for the new token «{token}» at position {step}. Its query "
              "reads the keys and values of positions 0–{step} in every layer: {cached} from the cache, 1 its own.",
        "zh": "第 {step} 步：解码器只算一行，即位置 {step} 上的新词元“{token}”。它的查询在每一层读取位置 0–{step} 的键"
              "和值：{cached} 个来自缓存，1 个是它自己的。",
    },
    "kv.check": {
        "en": "Checked on this sentence: over {steps} steps and {vocab:,} logits each, the cached steps' logits differ "
              "from the full pass's by at most {gap} (float32 rounding), and they choose the same {same} of {steps} "
              "tokens.",
        "zh": "在这句话上检查：{steps} 步、每步 {vocab:,} 个未归一化得分，带缓存各步的得分与完整前向的最大差为 {gap}"
              "（float32 的舍入误差），两者选出的词元 {steps} 个中有 {same} 个相同。",
    },
    "kv.fig_keys": {"en": "Decoder layer {layer}, K/V head {kv}: the K cache at step {step}",
                    "zh": "解码器第 {layer} 层、K/V 头 {kv}：第 {step} 步的 K 缓存"},
    "kv.fig_weights": {"en": "Decoder layer {layer}, head {head}: the new query «{token}» over the cached keys",
                       "zh": "解码器第 {layer} 层，头 {head}：新查询“{token}”对缓存键的权重"},
    "kv.row_cached": {"en": "{token} · cached", "zh": "{token} · 已缓存"},
    "kv.row_new": {"en": "{token} · new", "zh": "{token} · 新"},
    "kv.axis_position": {"en": "cached position", "zh": "缓存的位置"},
    "kv.weight": {"en": "weight", "zh": "权重"},
    "kv.work": {"en": "Work and memory", "zh": "计算量和内存"},
    "kv.work_caption": {
        "en": "Multiply-adds of the decoder's layers per step (projections, Q Kᵀ, weights · V, FFN; d_model = "
              "{d_model}, h = {h}, N = {N}, {S} source tokens). Over the {steps} steps of this translation: {full:,} "
              "without the cache, {cached:,} with it ({ratio:.1f}× fewer). The cache then holds {floats:,} numbers "
              "({kb:.1f} KB in float32).",
        "zh": "解码器各层每一步的乘加次数（投影、Q Kᵀ、权重 · V、FFN；d_model = {d_model}，h = {h}，N = {N}，源句 {S} "
              "个词元）。这句译文的 {steps} 步合计：无缓存 {full:,} 次，有缓存 {cached:,} 次（少 {ratio:.1f} 倍）。"
              "此时缓存存了 {floats:,} 个数（float32 下 {kb:.1f} KB）。",
    },
    "kv.fig_work": {"en": "Multiply-adds per step", "zh": "每一步的乘加次数"},
    "kv.fig_memory": {"en": "Numbers held in the cache after each step", "zh": "每一步之后缓存里存的数"},
    "kv.with": {"en": "with the KV cache", "zh": "有 KV 缓存"},
    "kv.without": {"en": "without (recompute the prefix)", "zh": "无缓存（重算整个前缀）"},
    "kv.axis_step": {"en": "step", "zh": "步"},
    "kv.axis_macs": {"en": "multiply-adds", "zh": "乘加次数"},
    "kv.axis_floats": {"en": "numbers held", "zh": "存下的数"},
    "nav.sliding_window": {"en": "After 2017: sliding windows", "zh": "2017 年之后：滑动窗口"},
    "sw.header": {"en": "After 2017: sliding-window attention", "zh": "2017 年之后：滑动窗口注意力"},
    "sw.caption": {
        "en": "Full self-attention lets every token see every other: n × n scores. A sliding window keeps only the "
              "keys near each query: here the encoder keeps the keys with |i − j| < W, up to 2W − 1 of them (W − 1 "
              "on each side), and the decoder the W latest (a token and the W − 1 before it). Mistral (2023) uses "
              "such a window, causal, in every layer; Longformer (Beltagy et al., 2020) adds a few global tokens "
              "that see and are seen by everyone. Stacked layers widen what reaches a token. Here the window, and "
              "the global tokens you ask for, are forced onto the trained model, which never saw them in training, "
              "through its mask hook points: watch what the translation keeps and loses.",
        "zh": "完整的自注意力让每个词元看到所有其他词元：n × n "
              "个分数。滑动窗口只保留每个查询附近的键：这里编码器保留 |i − j| < W 的键，最多 2W − 1 个（两侧各 W − "
              "1 个），解码器保留最近的 W 个（词元自己和它前面的 W − 1 "
              "个）。Mistral（2023）在每一层都用这样的因果窗口；Longformer（Beltagy "
              "等，2020）另加几个全局词元，它们看所有词元，也被所有词元看到。层层叠加后，能影响一个词元的范围会变宽"
              "。这里通过掩码的钩子点把窗口和你指定的全局词元强加给训练好的模型——它训练时从没见过这些：看看译文保住"
              "了什么、丢了什么。",
    },
    "sw.window": {"en": "Window W", "zh": "窗口 W"},
    "sw.global": {"en": "Global tokens (the first ones)", "zh": "全局词元（开头几个）"},
    "sw.on": {"en": "Apply to", "zh": "作用于"},
    "sw.on_encoder": {"en": "Encoder self", "zh": "编码器自注意力"},
    "sw.on_decoder": {"en": "Decoder self", "zh": "解码器自注意力"},
    "sw.on_both": {"en": "Both", "zh": "两者"},
    "sw.intact": {"en": "Full attention", "zh": "完整注意力"},
    "sw.windowed": {"en": "With the window", "zh": "加窗口后"},
    "sw.log_p": {
        "en": "log P(the full model's translation) = {full:.3f} with full attention, {windowed:.3f} with the "
              "window: the window makes that translation {ratio:.3g} times as likely.",
        "zh": "log P（完整模型的译文）：完整注意力下为 {full:.3f}，加窗口后为 {windowed:.3f}：窗口让这句译文的概率变为"
              "原来的 {ratio:.3g} 倍。",
    },
    "sw.kept": {
        "en": "Encoder: each query sees {seen:.1f} of {n} keys on average ({share:.0%} of the scores are computed).",
        "zh": "编码器：每个查询平均看到 {n} 个键中的 {seen:.1f} 个（只计算 {share:.0%} 的分数）。",
    },
    "sw.field_caption": {
        "en": "One layer's window lets a token take in W − 1 positions on each side (behind it only, in the decoder). "
              "Each further layer reads the previous layer's outputs, which have already mixed their own windows, "
              "so after l layers the reach is l · (W − 1) positions: {reach} here after {N} layers. Global tokens "
              "connect everything in two layers.",
        "zh": "一层窗口让一个词元吸收两侧各 W − 1 个位置（解码器里只有左侧）。下一层读的是上一层的输出，它们已经混合了"
              "各自的窗口，所以 l 层之后能覆盖 l · (W − 1) 个位置：这里 {N} 层之后是 {reach}。全局词元两层之内就把"
              "所有位置连起来。",
    },
    "sw.fig_mask": {"en": "{block}: the window mask (W = {W}, {g} global)",
                    "zh": "{block}：窗口掩码（W = {W}，{g} 个全局词元）"},
    "sw.fig_field": {"en": "{block}: what reaches each token after layer {layer}",
                     "zh": "{block}：第 {layer} 层之后能影响每个词元的位置"},
    "sw.seen": {"en": "seen", "zh": "可见"},
    "sw.hidden": {"en": "outside the window", "zh": "窗口之外"},
    "sw.axis_token": {"en": "token (row)", "zh": "词元（行）"},
    "sw.axis_source": {"en": "position that reaches it (column)", "zh": "能影响它的位置（列）"},
    "nav.positions": {"en": "After 2017: RoPE & ALiBi", "zh": "2017 年之后：RoPE 与 ALiBi"},
    "pos.header": {"en": "After 2017: where position goes — RoPE and ALiBi",
                   "zh": "2017 年之后：位置放在哪里——RoPE 与 ALiBi"},
    "pos.caption": {
        "en": "The 2017 Transformer adds a sinusoidal PE to each embedding. Most recent large language models put "
              "position into attention itself (BERT and GPT-1 to GPT-3 learn absolute position embeddings instead). "
              "RoPE (Su et al., 2021; LLaMA, Qwen) turns each pair of q's and k's numbers by an angle proportional "
              "to the position, so q at position m and k at position n score qᵀR_(n−m)k: their content and the "
              "signed offset n − m, not where the pair sits. ALiBi (Press "
              "et al., 2022) adds nothing to the inputs and subtracts m · |i − j| from each score, a different slope "
              "m per head. Three models, trained on the same data with the same seed and schedule, differ only in "
              "this; below they read your sentence. They are smaller than the model picked above (d_model 96, 2 + 2 "
              "layers) and learned from the generated sentence pairs only, so their Chinese can differ from its.",
        "zh": "2017 年的 Transformer 把正弦位置编码加到每个词嵌入上。近来的大多数大语言模型把位置放进注意力本身"
              "（BERT 和 GPT-1 到 GPT-3 则学习绝对位置的嵌入）。RoPE（Su 等，2021；LLaMA、Qwen 采用）把 q 和 k "
              "的每一对数按与位置成正比的角度旋转，于是位置 m 的 q 与位置 n 的 k 的分数是 qᵀR_(n−m)k：取决于两者的内容"
              "和有符号的偏移 n − m，而不取决于这一对词在哪里。"
              "ALiBi（Press 等，2022）不给输入加任何东西，而是从每个分数里减去 m · |i − j|，每个头的斜率 m 不同。三个"
              "模型用同样的数据、同样的随机种子和训练计划训练，只在这一点上不同；下面它们读你的句子。它们比上方选中的模"
              "型小"
              "（d_model 96，2 + 2 层），只用生成的句对训练，所以译文可能与它不同。",
    },
    "pos.only_en": {
        "en": "The RoPE and ALiBi models translate English → 中文. Pick the English → 中文 model above to compare them "
              "on your sentence; the chart past the training length below needs no sentence.",
        "zh": "RoPE 和 ALiBi 模型是英语 → 中文的。请在上方选择“英语 → 中文”模型，在你的句子上比较它们；下面超出训练长度"
              "的图不需要句子。",
    },
    "pos.missing": {"en": "The RoPE and ALiBi checkpoints are not in checkpoints/after_2017 (see docs/model.md).",
                    "zh": "checkpoints/after_2017 里没有 RoPE 和 ALiBi 的检查点（见 docs/model.md）。"},
    "pos.sinusoidal": {"en": "Sinusoidal PE (2017)", "zh": "正弦位置编码（2017）"},
    "pos.rope": {"en": "RoPE", "zh": "RoPE（旋转位置编码）"},
    "pos.alibi": {"en": "ALiBi", "zh": "ALiBi（线性距离偏置）"},
    "pos.maps": {"en": "The three models' attention, side by side", "zh": "三个模型的注意力并排对比"},
    "pos.fig_map": {"en": "{model} · {block} L{layer} h{head}", "zh": "{model} · {block} 第 {layer} 层 头 {head}"},
    "pos.pairs": {"en": "RoPE turns q and k by their position", "zh": "RoPE 按位置旋转 q 和 k"},
    "pos.pairs_caption": {
        "en": "Each arrow is one word's pair (x[{a}], x[{b}]) of q (left) or k (right) in the RoPE model's encoder, "
              "layer {layer}, head {head}, after it was turned by position × θ, with θ = 10000^(−{a}/{d_k}) = {theta} "
              "rad per position. Pairs of low index turn fast, high ones hardly at all, like the sinusoids of the "
              "2017 PE. The score of two words is the sum over pairs of |q||k| cos(angle between them).",
        "zh": "每个箭头是一个词在 RoPE 模型编码器第 {layer} 层、头 {head} 中 q（左）或 k（右）的一对数 "
              "(x[{a}], x[{b}])，已按“位置 × θ”旋转，θ = 10000^(−{a}/{d_k}) = 每个位置 {theta} 弧度。下标小的对转得快，"
              "下标大的几乎不转，"
              "就像 2017 年位置编码里的正弦波。两个词的分数是各对 |q||k| cos(两者夹角) 的和。",
    },
    "pos.pair": {"en": "Pair i (numbers 2i, 2i + 1)", "zh": "第 i 对（第 2i、2i + 1 个数）"},
    "pos.fig_q": {"en": "q, pair {i}, turned by position", "zh": "q 的第 {i} 对，按位置旋转后"},
    "pos.fig_k": {"en": "k, pair {i}, turned by position", "zh": "k 的第 {i} 对，按位置旋转后"},
    "pos.shift": {"en": "Words put before the sentence", "zh": "放在句子前面的词数"},
    "pos.shift_header": {"en": "Shift the sentence: does attention notice?", "zh": "把句子整体后移：注意力会察觉吗？"},
    "pos.shift_caption": {
        "en": "The sentence again with «{filler}» put {k} times in front, so every word sits {k} positions later. Each "
              "map is the change in the first encoder layer's scores (Q Kᵀ / √d_k, with ALiBi's bias) between the "
              "same two words, head {head}. Largest change over every head and pair of words: {gaps}. RoPE and ALiBi "
              "see only the signed offset between words, which comes first and how far (up to float32 rounding); "
              "sinusoidal PE sees where they are.",
        "zh": "在句子前面放 {k} 个“{filler}”，于是每个词都后移 {k} 个位置。每张图是编码器第一层中同样两个词之间分数"
              "（Q Kᵀ / √d_k，ALiBi 含其偏置）的变化，头 {head}。所有头、所有词对上的最大变化：{gaps}。RoPE 和 ALiBi "
              "只看词之间有符号的偏移——谁在前、相隔多远（到 float32 舍入为止）；正弦位置编码看的是它们在哪里。",
    },
    "pos.fig_shift": {"en": "{model}: change in scores after the shift", "zh": "{model}：后移之后分数的变化"},
    "pos.bias": {"en": "ALiBi's bias, per head", "zh": "ALiBi 的偏置（每个头）"},
    "pos.bias_caption": {
        "en": "Added to the scores before the softmax: −m per position of distance. In the decoder, whose causal "
              "mask keeps only the left, every head has it as the paper does, with m = 1/4, 1/16, 1/64, 1/256. In "
              "the encoder a word also sees its right; here two heads look left only and two right only (grey: "
              "masked), each side with a near-looking head (m = 1/4 or 1/16: fades fast) and a far-looking one "
              "(1/64 or 1/256). Each head is causal one way, so the encoder can tell left from right and where a "
              "word sits (see «Left or right?» below).",
        "zh": "在 softmax 之前加到分数上：距离每多一个位置减 m。解码器的因果掩码只保留左边，每个头都和论文一样用 "
              "m = 1/4、1/16、1/64、1/256。编码器里一个词也看得到右边；这里两个头只看左边，两个头只看右边（灰色为"
              "被掩码），每一边都有一个看近处的头（m = 1/4 或 1/16，衰减快）和一个看远处的头（1/64 或 1/256）。每个头"
              "在一个方向上是因果的，所以编码器分得清左右，也知道一个词在句子的哪里（见下面的“左还是右？”）。",
    },
    "pos.left": {"en": "looks left", "zh": "只看左边"},
    "pos.right": {"en": "looks right", "zh": "只看右边"},
    "pos.fig_bias": {"en": "Encoder head {head}: {side}, −{m} per position",
                     "zh": "编码器头 {head}：{side}，每个位置 −{m}"},
    "pos.long": {"en": "Past the longest training sentence", "zh": "超出最长的训练句子"},
    "pos.long_caption": {
        "en": "No training sentence is longer than {max} tokens. Here two or more held-out sentences are joined into "
              "one input ({n} inputs per length; no training input held two sentences, so every point is harder "
              "than a single sentence), and each model's loss per target token is measured (teacher forced; lower "
              "is better). Left of the line the three are alike; past it, the model that adds sinusoidal positions "
              "loses most, and the two that see only offsets between words lose less.",
        "zh": "训练句子最长 {max} 个词元。这里把两个或更多留出的句子拼成一个输入（每个长度 {n} 条；训练时没有输入包含两"
              "个"
              "句子，所以每个点都比单句更难），测量每个模型在每个目标词元上的损失（教师强制；越低越好）。竖线左边三者相"
              "近；"
              "过了竖线，加正弦位置编码的模型损失增加最多，只看词间偏移的两个模型增加得少。",
    },
    "pos.fig_long": {"en": "Loss per target token against source length", "zh": "每个目标词元的损失与源句长度"},
    "pos.axis_length": {"en": "source tokens (up to)", "zh": "源句词元数（不超过）"},
    "pos.axis_loss": {"en": "loss per token (nats)", "zh": "每个词元的损失（奈特）"},
    "kv.grouped": {"en": "Grouped-query attention: fewer K/V heads, a smaller cache",
                   "zh": "分组查询注意力：更少的 K/V 头，更小的缓存"},
    "kv.grouped_caption": {
        "en": "The cache holds K and V for every K/V head. Multi-query attention (Shazeer, 2019) gives all query "
              "heads one shared K/V head; grouped-query attention (Ainslie et al., 2023; LLaMA 2 70B, Mistral) "
              "gives each group of query heads one. Three models trained alike (d_model 96, 2 + 2 layers, on the "
              "generated pairs only) differ only in this, in the decoder (the part a cache serves): 4 query heads "
              "with 4, 2 or 1 K/V heads. Their translations, the numbers each one's cache holds at its last step, "
              "and the grouped model's four heads, titled by the K/V head they read: heads of one group share keys, "
              "yet their weights still differ, because their queries do.",
        "zh": "缓存要为每个 K/V 头存 K 和 V。多查询注意力（Shazeer，2019）让所有查询头共用一个 K/V 头；分组查询注意力"
              "（Ainslie 等，2023；LLaMA 2 70B、Mistral 采用）让每组查询头共用一个。三个模型用同样方式训练"
              "（d_model 96，2 + 2 层，只用生成的句对），只在解码器（缓存服务的部分）上不同：4 个查询头，"
              "配 4、2 或 1 个 K/V 头。下面是它们的译文、各自缓存在最后一步存的数，以及分组模型的四个头"
              "（标题写着它读哪个 K/V 头）：同组的头共用键，权重却仍不同，因为它们的查询不同。",
    },
    "kv.grouped_only_en": {
        "en": "The grouped-query models translate English → 中文: pick that model above to compare them.",
        "zh": "分组查询模型是英语 → 中文的：请在上方选择该模型来比较它们。",
    },
    "kv.mha": {"en": "{kv} K/V heads (multi-head)", "zh": "{kv} 个 K/V 头（多头）"},
    "kv.gqa": {"en": "{kv} K/V heads (grouped-query)", "zh": "{kv} 个 K/V 头（分组查询）"},
    "kv.mqa": {"en": "{kv} K/V head (multi-query)", "zh": "{kv} 个 K/V 头（多查询）"},
    "kv.fig_grouped": {"en": "Numbers the cache holds at the last step", "zh": "最后一步缓存里存的数"},
    "kv.fig_group_head": {"en": "Grouped model, decoder L{layer}: head {head} reads K/V head {kv}",
                          "zh": "分组模型，解码器第 {layer} 层：头 {head} 读 K/V 头 {kv}"},
    "pos.alibi_sym": {"en": "ALiBi, one slope on both sides", "zh": "ALiBi（两边同一斜率）"},
    "pos.mirror": {"en": "Left or right? ALiBi in an encoder", "zh": "左还是右？编码器里的 ALiBi"},
    "pos.mirror_caption": {
        "en": "ALiBi was published for causal attention, where every key is on the left. In an encoder a word sees "
              "both sides, and the usual adaptation puts −m · |i − j| on both: a word two places to the left and one "
              "two places to the right get the same bias. Then the sentence read backwards («{backwards}») gives "
              "that encoder the same memory in mirror order, and cross-attention, which has no positions, cannot "
              "tell the two apart. Trained that way, a model scores 96.9 % on held-out pairs; the ALiBi model above, "
              "whose encoder heads look one way each, scores 98.6 %. Largest difference between the memory and the "
              "backwards memory read backwards: {gaps}. Below, each ALiBi model's translations of the sentence and "
              "of it backwards.",
        "zh": "ALiBi 是为因果注意力提出的，那里所有的键都在左边。编码器里每个词两边都看得到，常见的做法是在两边都用 "
              "−m · |i − j|：左边隔两个位置的词和右边隔两个位置的词得到同样的偏置。于是把句子倒过来读"
              "（“{backwards}”），这样的编码器得到的输出只是镜像顺序，而没有位置信息的交叉注意力分不出两者。"
              "这样训练的模型在留出句对上得 96.9 %；上面的 ALiBi 模型的编码器每个头只看一边，得 98.6 %。"
              "编码器输出与倒序句的输出再倒回来之间的最大差：{gaps}。下面是两个 ALiBi 模型对原句和倒序句的译文。",
    },
}
