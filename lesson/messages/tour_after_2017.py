"""Messages of the guided tour's optional chapter, After 2017 (lesson/tour/after_2017.py)."""

MESSAGES = {
    "tour.chapter": {"en": "Chapters: before 2017 · trained and scored · trust · after 2017 · patches",
                     "zh": "章节：2017 年之前 · 训练与评分 · 可信度 · 2017 年之后 · 图块"},
    "tour.chapter_help": {
        "en": "Eighteen more steps on this sentence: the recurrent models attention came from, how the model is "
              "trained and scored, how far its attention can be trusted, what today's models change about "
              "attention, and the same attention over a digit's patches (ViT).",
        "zh": "用这句话再走十八步：注意力起源的循环模型，模型怎样训练和评分，它的注意力在多大程度上可信，"
              "今天的模型对注意力做了哪些改变，以及同样的注意力怎样作用在一个数字的图块上（ViT）。",
    },
    "tour.axis.tile": {"en": "tiles read", "zh": "已读的块"},
    "tour.axis.pair": {"en": "pair i", "zh": "第 i 对"},
    "tour.axis.layer": {"en": "layer", "zh": "层"},
    "tour.axis.head": {"en": "head", "zh": "头"},
    "tour.fig.gqa": {"en": "This sentence's KV cache with fewer K/V heads", "zh": "K/V 头更少时这句话的 KV 缓存"},
    "tour.fig.online": {"en": "Running maximum m of each query after each tile of {tile} keys",
                        "zh": "每读完一块（{tile} 个键）后每个查询的累计最大值 m"},
    "tour.fig.window": {"en": "What reaches each token after {N} layers of a window W = {W}",
                        "zh": "窗口 W = {W} 叠加 {N} 层后能影响每个词元的位置"},
    "tour.fig.rope": {"en": "RoPE: cos(position × θ_i) for each token and pair",
                      "zh": "RoPE：每个词元、每一对的 cos(位置 × θ_i)"},
    "tour.fig.sinks": {"en": "Decoder: mean weight on <bos>, per layer and head",
                       "zh": "解码器：每层每个头落在 <bos> 上的平均权重"},
    "tour.kv_cache.title": {"en": "After 2017 · The KV cache", "zh": "2017 年之后 · KV 缓存"},
    "tour.kv_cache.text": {
        "en": "Decoding writes one token per step. A model that recomputes the whole prefix at every step scores t "
              "queries against t keys at step t: t² per step, T³ over a translation of T tokens. Models that "
              "generate text keep each layer's keys and values of the tokens already written (the KV cache), so a "
              "step computes one new row (encoder-only models write nothing, and state-space models keep a state of "
              "fixed size instead). This sentence's "
              "translation takes {T} steps; the curve shows each step's work both ways. The KV cache page decodes it "
              "again with the cache and checks that the logits are the same.",
        "zh": "解码每一步写一个词元。每一步都重算整个前缀的模型，在第 t 步要算 t 个查询对 t 个键：每一步 t²，整句 T "
              "个词元的译文共 T³。生成文本的模型会保存已写出词元在每一层的键和值（KV 缓存），于是每一步只算新的一行"
              "（只有编码器的模型不写出词元，状态空间模型则保存一个大小固定的状态）。这句话的译文需要 {T} 步；曲线给出"
              "两种做法每一步"
              "的"
              "计算量。“KV 缓存”页面会用缓存把它重新解码一遍，并检查未归一化得分完全相同。",
    },
    "tour.gqa.title": {"en": "After 2017 · Fewer K/V heads", "zh": "2017 年之后 · 更少的 K/V 头"},
    "tour.gqa.text": {
        "en": "The cache now costs memory: K and V for every layer, head and token. Multi-query attention gives all "
              "{h} heads one shared K/V head; grouped-query attention (LLaMA 2 34B and 70B, Mistral) gives each "
              "group of heads one. The queries stay per head, so heads can still look at different words. The bars: "
              "this sentence's cache for each choice.",
        "zh": "缓存要占内存：每一层、每个头、每个词元都要存 K 和 V。多查询注意力让全部 {h} 个头共用一个 K/V "
              "头；分组查询注意力（LLaMA 2 的 34B 和 "
              "70B、Mistral）让每组头共用一个。查询仍然每个头一份，所以各个头仍可以看不同的词。柱状图：每种选择下这"
              "句话的缓存大小。",
    },
    "tour.online.title": {"en": "After 2017 · Softmax one tile at a time", "zh": "2017 年之后 · 一块一块地算 softmax"},
    "tour.online.text": {
        "en": "The online softmax (Milakov and Gimelshein, 2018) never holds the n × n score matrix, and "
              "FlashAttention (Dao et al., 2022) runs it tile by tile in a GPU's on-chip memory. It reads the keys a "
              "tile at a time and keeps, for "
              "each query, the largest score so far m, a running sum ℓ and an unnormalised output; when a tile brings "
              "a larger score the earlier sums are scaled down. The map: each query's m after each tile of the first "
              "encoder layer's head 0. After the last tile the output equals the ordinary softmax's.",
        "zh": "在线 softmax（Milakov 和 Gimelshein，2018）从不存下 n × n 的分数矩阵，FlashAttention（Dao 等，2022）"
              "在 GPU 的片上存储里一块一块地运行它。它一块一块地读键，对每个查询只记下到目前为止最大的分数 m、累计"
              "和"
              " ℓ 和未归一化的输出；新的一块带来更大的分数时，之前的累加会被缩小。图中是编码器第一层头 0 里每个查询在每"
              "块"
              "之后的 m。最后一块之后，输出与普通 softmax 完全相同。",
    },
    "tour.window.title": {"en": "After 2017 · Sliding windows", "zh": "2017 年之后 · 滑动窗口"},
    "tour.window.text": {
        "en": "A sliding window lets each token attend only to the keys near it, so the work grows with n, not n². "
              "Here the encoder keeps the keys with |i − j| < W: up to 2W − 1 of them, W − 1 on each side "
              "(Longformer's window looks both ways; Mistral's causal one keeps a token and the W − 1 before it). "
              "Stacking layers widens what reaches a token: each layer adds W − 1 positions on each side. The map: "
              "with W = 3, what reaches each of your {S} tokens after the {N} encoder layers.",
        "zh": "滑动窗口让每个词元只关注它附近的键，于是计算量随 n 而不是 n² 增长。这里编码器保留 |i − j| < W "
              "的键：最多 2W − 1 个，两侧各 W − 1 个（Longformer 的窗口两边都看；Mistral "
              "的因果窗口只保留词元自己和它前面的 W − 1 "
              "个）。层层叠加会扩大能影响一个词元的范围：每一层在两侧各多出 W − 1 个位置。图中：W = 3 时，经过 {N} "
              "层编码器后，能影响你这 {S} 个词元中每一个的位置。",
    },
    "tour.rope.title": {"en": "After 2017 · Rotary positions", "zh": "2017 年之后 · 旋转位置编码"},
    "tour.rope.text": {
        "en": "RoPE (LLaMA, Qwen) adds nothing to the embeddings. It turns each pair of numbers (2i, 2i + 1) in q "
              "and k by the angle position × θ_i, θ_i = 10000^(−2i/d_k): the form of the 2017 sinusoids, but over "
              "one head's d_k = {d_k} numbers, so {rope_pairs} frequencies, where the 2017 PE has {pe_pairs} over "
              "d_model = {d_model} (10000^(−2i/d_model)); RoPE's are {rope_shared} of those, every h-th (the map: "
              "cos of RoPE's angles for your sentence). Turning both q and k gives ⟨R_m q, R_n k⟩ = qᵀR_(n−m)k: the "
              "score depends on the two vectors and the signed offset n − m, not on where the words sit. The RoPE & "
              "ALiBi page shows a model trained this way.",
        "zh": "RoPE（LLaMA、Qwen）不给词嵌入加任何东西。它把 q 和 k 中每一对数 (2i, 2i + 1) 旋转“位置 × "
              "θ_i”的角度，θ_i = 10000^(−2i/d_k)：形式和 2017 年的正弦波一样，但作用在一个头的 d_k = {d_k} "
              "个数上，所以只有 {rope_pairs} 个频率，而 2017 年的位置编码在 d_model = {d_model} 上有 {pe_pairs} "
              "个（10000^(−2i/d_model)）；RoPE 的频率是其中的 {rope_shared} 个，每 h 个取一个（图中是你这句话 RoPE "
              "各个角度的余弦）。q 和 k 都旋转之后，⟨R_m q, R_n k⟩ = qᵀR_(n−m)k：分数取决于两个向量和有符号的偏移 n − "
              "m，而不取决于词在哪里。“RoPE 与 "
              "ALiBi”页面展示了这样训练的模型。",
    },
    "tour.sinks.title": {"en": "After 2017 · Attention sinks", "zh": "2017 年之后 · 注意力汇聚点"},
    "tour.sinks.text": {
        "en": "A head must spend all of its weight somewhere. Large models park what they do not need on the first "
              "token (an attention sink), which is why streaming models keep it in the cache forever. The map: how "
              "much of this decoder's attention lands on <bos>, per layer and head, for your sentence.",
        "zh": "一个头的权重总要花在某处。大模型把用不上的权重“停放”在第一个词元上（注意力汇聚点），所以流式模型会一直把"
              "它"
              "留在缓存里。图中：对你的句子，这个解码器每层每个头有多少注意力落在 <bos> 上。",
    },
}
