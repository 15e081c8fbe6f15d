"""Messages of the After 2017 page: FlashAttention's online softmax."""

MESSAGES = {
    "nav.after_2017": {"en": "After 2017: online softmax", "zh": "2017 年之后：在线 softmax"},
    "fl.header": {"en": "After 2017: softmax without the n × n matrix", "zh": "2017 年之后：不存 n × n 矩阵的 softmax"},
    "fl.caption": {
        "en": "FlashAttention (Dao et al., 2022) computes softmax(S)·V for a head one tile of keys at a time, so the "
              "n × n score matrix is never held in memory. Each query keeps three things: the largest score seen so "
              "far m, the running sum ℓ of exp(s − m), and an unnormalised output O. When a tile brings a larger "
              "score, everything summed so far is multiplied by exp(m_old − m_new), and the result is unchanged. "
              "Below: the head picked above, on your sentence.",
        "zh": "FlashAttention（Dao 等，2022）对一个头计算 softmax(S)·V 时，每次只读一块键，所以从不在内存里存下整个 "
              "n × n 的分数矩阵。每个查询只记三样东西：到目前为止最大的分数 m、exp(s − m) 的累计和 ℓ、以及未归一化的"
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
}
