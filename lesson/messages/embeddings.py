"""Messages of the Embeddings page's lessons: why × √d_model, positional-encoding alternatives, concatenation vs
addition, extrapolation, shuffled word order (prefix pe.*)."""

MESSAGES = {
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
