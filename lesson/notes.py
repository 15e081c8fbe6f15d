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
MODULE_LIST_CODE = """self.LQ = [nn.Linear(self.d, self.t) for _ in range(self.h)]
self.LK = [nn.Linear(self.d, self.t) for _ in range(self.h)]
self.LV = [nn.Linear(self.d, self.t) for _ in range(self.h)]
...
self.encoders = [Encoder(d, h, dff) for _ in range(en)]
self.decoders = [Decoder(d, h, dff) for _ in range(dn)]"""
LOCATION_CODE = """embX = self.srcEmb(x)  # (b, sx, d)
embY = self.dstEmb(y)  # (b, sy, d)
embX += locationEncoder(embX)
embY += locationEncoder(embY)"""
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
    "scale_grad": ("self_attention", [(0, "# self.temperature是论文中的d_k ** 0.5，防止梯度过大", True),
                                      (3, "其中 d_k 是缩放因子,用于防止内积过大导致softmax函数的梯度较小。", False),
                                      (4, "在经过softmax层前会除了一个 √d_k,起到了一个归一化的作用", False)]),
    "qk_similarity": ("self_attention", [(0, "多头的意义在于， QK^T得到的矩阵就叫注意力矩阵，它可以表示每个字与其他字的"
                                             "相似程度。因为，向量的点积值越大，说明两个向量越接近。", False)]),
    "mh_reason": ("multi_head", [(1, "多头注意力引入的目的是, 前面的注意力模型没有参数, 输入还是不变的", False)]),
    "mh_projection": ("multi_head", [(4, "以下以两个head为例进行阐述,即将 q^1 分裂成两个 q^{1,1} 和 q^{1,2} … "
                                         "那么这个过程是怎么进行的呢,其实也很简单,只需要分别乘上两个矩阵 W_1^Q 和 "
                                         "W_2^Q 即可。", False)]),
    "d_eq_dv": ("multi_head", [(1, "需要指出, 在transformer中, d=d_v, 这是为了保证输入和输出的shape完全一致.", False)]),
    "transpose": ("multi_head", [(0, "我们在上一步得到了经过注意力矩阵加权之后的 V， 也就是 Attention(Q, K, V)，"
                                     "我们对它进行一下转置，使其和 Xembedding 的维度一致", False)]),
    "module_list": ("multi_head", [(1, MODULE_LIST_CODE, True)]),
    "six_pairs": ("multi_head", [(0, "并且采用了 6 层 Encoder-Decoder 结构 … 整个 Transformer 是由 6 个这样的结构"
                                     "组成，为了方便理解，我们只看其中一个Encoder-Decoder 结构。", False)]),
    "sin_cos_linear": ("embeddings", [(0, "Tranformer 采用的是 sin-cos 规则，使用了 sin 和 cos 函数的线性变换"
                                          "来提供给模型位置信息", False)]),
    "pe_linear": ("embeddings", [(4, "通过上图可以看出,对于pos+k位置的位置编码可以表示位pos位置和k位置的线性组合。"
                                     "这样的线性组合意味着某个位置向量蕴含了其它位置向量的信息。", False)]),
    "div_term": ("embeddings", [(2, "其中的中括号对应的是一个从 0 到 d_{model} - 1 的等差数列(步长为 2)", False),
                                (2, "直接使用幂运算可能会导致数值上溢或下溢。当d_model较大时,10000.0 ** (-i / d_model)"
                                    "中的幂可能会变得非常小,以至于在数值计算中产生下溢。", False)]),
    "location_encoder": ("embeddings", [(1, "下列用于对应的代码都是可以运行的, 但不考虑效率.", False),
                                        (1, LOCATION_CODE, True)]),
    "attention_mask_name": ("masks", [(2, "Encoder输入src只进行了padding mask,"
                                          "Decoder同时使用了padding mask和attention mask。", False)]),
    "training_steps": ("decoding", [(4, "即我们输入<begin>经Decoder会得到输出,然后这个输出会和我们期望的真实值比较,"
                                        "接着就是更新各种参数使这个输出更加接近“I”。然后我们将输出放在<begin>后构成"
                                        "新的输入送入Decoder网络得到输出 … 这种方式被称为teacher-forcing", False)]),
    "greedy": ("decoding", [(3, "在解码器的最后一层,会对输出向量进行线性投影和softmax操作,得到每个位置的词的概率分布,"
                                "然后根据概率最大的词生成输出序列。", False)]),
}
