"""The notes' own words where the app answers them: each panel's topic, the page it lives on and its quotes.

The notes are named by their titles (their headings); quotes are the notes' own words, so they are data, not
catalogue messages (lesson/messages/lessons.py holds what the app says about them).
"""
from __future__ import annotations

NOTE_TITLES = (
    "Transformer 学习笔记",
    "Transformer",
    "Transformer系列模型笔记",
    "-Transformers",
    "CV攻城狮入门VIT(vision transformer)之旅——近年超火的Transformer你再不了解就晚了!",
)
Quote = tuple[int, str, bool]  # (note index, the note's words, shown as code)
PE_CODE = """positional_encoding = np.array([
    [pos / np.power(10000, 2 * i / embed_dim) for i in range(embed_dim)]
    if pos != 0 else np.zeros(embed_dim) for pos in range(max_seq_len)])
positional_encoding[1:, 0::2] = np.sin(positional_encoding[1:, 0::2])  # dim 2i 偶数
positional_encoding[1:, 1::2] = np.cos(positional_encoding[1:, 1::2])  # dim 2i+1 奇数"""
SHARED_NORM_CODE = """self.norm = nn.LayerNorm(d)
...
xzNorm = self.norm(xzSum)
...
return self.norm(fnSum)"""
CLASSIFIER_CODE = """self.cla = nn.Sequential(
    nn.Linear(d, dstVoc),
    nn.Softmax()
)"""
PANELS: dict[str, tuple[str, list[Quote]]] = {  # key: (page where the topic lives, quotes)
    "mask_mul": ("masks", [(4, "QKᵀ 与Mask矩阵按位相乘,得到Mask QKᵀ … 对Mask QKᵀ 进行Softmax操作", False)]),
    "pe_code": ("embeddings", [(0, PE_CODE, True)]),
    "i_range": ("embeddings", [(0, "i 指的是字嵌入的维度, 取值范围是 [0, embedding dimension)", False),
                               (2, "它的取值范围是[0,…,d_model / 2]", False),
                               (3, "i 是维度索引", False),
                               (4, "i的取值范围为[0,...,d_mode/2]", False)]),
    "word2vec": ("embeddings", [(0, "用到的方法就是 Word2Vec … "
                                    "embedding dimension 的大小由 Word2Vec 算法决定", False)]),
    "shuffle": ("embeddings", [(4, "没有加入位置编码时,我们不管时输入“秃 头 小 苏”、“小 头 苏 秃”或其它等等,"
                                   "对我们的输出结果是没有任何影响的", False)]),
    "attn_weights": ("self_attention", [(3, "注意力分数 Attention(Q, K, V) 是一个矩阵,"
                                            "其中每一行代表当前位置对其他位置的注意力权重。", False)]),
    "ln_iid": ("add_norm", [(0, "作用是把神经网络中隐藏层归一为标准正态分布，也就是 i.i.d 独立同分布", False)]),
    "ln_shared": ("add_norm", [(1, SHARED_NORM_CODE, True)]),
    "ln_dims": ("add_norm", [(3, "其中 μ 和 σ 分别是输入 x 在每个维度上的均值和标准差", False)]),
    "nn_softmax": ("decoding", [(1, CLASSIFIER_CODE, True)]),
    "parallel": ("decoding", [(3, "解码器会选择概率最大的词作为输出,并将其附加到输出序列中。"
                                  "重复步骤2-4,直到预测出终止符号 <eos> … "
                                  "通过这种方式,Transformer可以高效地并行计算", False)]),
    "rounding": ("playground", [(4, "上面的结果有效数字太多了,后文不好教学展示,"
                                    "因此我们对attn_scores_softmax的结果取小数点后一位", False)]),
}
