"""The notes' own words where the app answers them: each finding's topic, the page it lives on and its quotes with
their lines in the note.

The notes are named by their titles (their headings); quotes are the notes' own words, so they are data, not
catalogue messages (lesson/messages/notes.py holds what the app says about them). MISTAKES are the
notes' mistakes; REMARKS are places where a note reads as wrong but is not (notation, naming), checked and explained.
"""
from __future__ import annotations

NOTE_TITLES = (
    "Transformer 学习笔记",
    "Transformer",
    "Transformer系列模型笔记",
    "-Transformers",
    "CV攻城狮入门VIT(vision transformer)之旅——近年超火的Transformer你再不了解就晚了!",
)
Quote = tuple[int, tuple[int, int], str, bool]  # (note index, (first, last) line in the note, its words, as code)
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
SHARED_NORM_DECODER_CODE = """self.norm = nn.LayerNorm(d)
...
x = self.norm(s)  # (b, n, d)
...
x = self.norm(s)
...
return self.norm(s)"""
CLASSIFIER_CODE = """self.cla = nn.Sequential(
    nn.Linear(d, dstVoc),
    nn.Softmax()
)"""
MODULE_LIST_CODE = """self.LQ = [nn.Linear(self.d, self.t) for _ in range(self.h)]
self.LK = [nn.Linear(self.d, self.t) for _ in range(self.h)]
self.LV = [nn.Linear(self.d, self.t) for _ in range(self.h)]"""
STACKS_LIST_CODE = """self.encoders = [Encoder(d, h, dff) for _ in range(en)]
self.decoders = [Decoder(d, h, dff) for _ in range(dn)]"""
SIZES_CODE = """d = 512
h = 8
dff = 2048
en = 8
dn = 6"""
UNSHIFTED_CODE = """def forward(self, x, y):
...
embY = self.dstEmb(y)  # (b, sy, d)
...
mask = torch.ones((y.size(0), y.size(1), y.size(1)))
for i in range(0, y.size(1)):
    mask[:, i, i+1:] = 0
...
decOut = embY
...
return self.cla(decOut)"""
ATTN_FORMULA = r"""计算注意力分数:
$$\text{Attention}(Q, K, V) = \text{softmax}(\frac{QK^T}{\sqrt{d_k}})V$$"""
INPUT_FORMULA = r"$$\text{Input}_i = \text{Embedding}_i + \text{PositionEncoding}(i)$$"
SIMILARITY_COMMENT = "# q*k转置，除以d_k ** 0.5，输出维度是b,8,100,100即单词和单词直接的相似性"
LOCATION_CODE = """embX = self.srcEmb(x)  # (b, sx, d)
embY = self.dstEmb(y)  # (b, sy, d)
embX += locationEncoder(embX)
embY += locationEncoder(embY)"""
NAME_ERROR_CODE = """def forward(self, q, k, v, mask=None):
...
    residual = q
...
    q = self.w_qs(q).view(sz_b, len_q, n_head, d_k)
    k = self.w_ks(k).view(sz_b, len_k, n_head, d_k)
    v = self.w_vs(v).view(sz_b, len_v, n_head, d_v)"""
NO_PADDING_CODE = """def forward(self, x):
    z = self.att(x, x, x)
...
ret = self.att(x, encRet, encRet)  # (b, n, d), 输出序列长和原始长一样!
...
embOut = self.encoders[i](embOut)"""
DIAGRAM = """ Encoder                      Decoder
 _______                      _______
|       |                     |       |
|  Self |                     |  Self |
|Attention|                   |Attention|
|_______|                     |_______|
    |                             |
    |                        ____________
    |                        |            |
    |                        |  Encoder   |
    |                        |  Context   |
    |                        |____________|
    |                             |
    |                        ____________
    |                        |  Softmax   |
    |                        |____________|
    |                             |
    V                             V
 Output                        Output
 Vectors                       Sequence"""
ROUNDED_CODE = """tensor([[6.3379e-02, 4.6831e-01, 4.6831e-01],
        [6.0337e-06, 9.8201e-01, 1.7986e-02],
        [2.9539e-04, 8.8054e-01, 1.1917e-01]])
...
attn_scores_softmax = [
  [0.0, 0.5, 0.5],
  [0.0, 1.0, 0.0],
  [0.0, 0.9, 0.1]
]"""
EMBEDDING_CODE = """embedding = nn.Embedding(5, 3)
input = torch.IntTensor([[1,2,3,4]])"""
SAME_SHAPE_CODE = """def forward(self, Q, K, V, mask=None):
    \"\"\"
    原始的接受就是Q, K, V, 且shape都一样, 为(b, s, d)
    \"\"\"
...
        linQ = self.LQ[i](Q)  # (b,sq,d) -> (b,sq,t)
        linK = self.LK[i](K)  # (b,s,d) -> (b,s,t)"""
CROSS_CALL_CODE = """encRet: (b, m, d)
x: (b, n, d)
...
ret = self.att(x, encRet, encRet)  # (b, n, d), 输出序列长和原始长一样!"""
MISTAKES: dict[str, tuple[str, list[Quote]]] = {  # key: (page where the topic lives, quotes)
    "mask_mul": ("masks", [
        (4, (441, 445), "QKᵀ 与Mask矩阵按位相乘,得到Mask QKᵀ … 对Mask QKᵀ 进行Softmax操作", False)]),
    "pe_code": ("embeddings", [
        (0, (125, 129), PE_CODE, True)]),
    "i_range": ("embeddings", [
        (0, (108, 108), "i 指的是字嵌入的维度, 取值范围是 [0, embedding dimension)", False),
        (2, (54, 54), "它的取值范围是[0,…,d_model / 2]", False),
        (3, (175, 175), "i 是维度索引", False),
        (4, (615, 615), "i的取值范围为[0,...,d_mode/2]", False)]),
    "word2vec": ("embeddings", [
        (0, (83, 85), "用到的方法就是 Word2Vec … embedding dimension 的大小由 Word2Vec 算法决定", False)]),
    "shuffle": ("embeddings", [
        (4, (585, 585), "没有加入位置编码时,我们不管时输入“秃 头 小 苏”、“小 头 苏 秃”或其它等等,对我们的输出"
                        "结果是没有任何影响的", False)]),
    "attn_weights": ("self_attention", [
        (3, (94, 95), ATTN_FORMULA, True),
        (3, (147, 149), ATTN_FORMULA, True),
        (3, (153, 153), "注意力分数 Attention(Q, K, V) 是一个矩阵,其中每一行代表当前位置对其他位置的注意力权"
                        "重。", False)]),
    "ln_iid": ("add_norm", [
        (0, (189, 189), "作用是把神经网络中隐藏层归一为标准正态分布，也就是 i.i.d 独立同分布", False)]),
    "ln_shared": ("add_norm", [
        (1, (198, 211), SHARED_NORM_CODE, True),
        (1, (233, 256), SHARED_NORM_DECODER_CODE, True)]),
    "ln_dims": ("add_norm", [
        (3, (189, 189), "其中 μ 和 σ 分别是输入 x 在每个维度上的均值和标准差", False)]),
    "nn_softmax": ("decoding", [
        (1, (286, 289), CLASSIFIER_CODE, True)]),
    "parallel": ("decoding", [
        (3, (209, 213), "解码器会选择概率最大的词作为输出,并将其附加到输出序列中。重复步骤2-4,直到预测出终止"
                        "符号 <eos> … 通过这种方式,Transformer可以高效地并行计算", False)]),
    "rounding": ("playground", [
        (4, (242, 242), "上面的结果有效数字太多了,后文不好教学展示,因此我们对attn_scores_softmax的结果取小数"
                        "点后一位", False),
        (4, (238, 248), ROUNDED_CODE, True)]),
    "scale_grad": ("self_attention", [
        (0, (226, 226), "# self.temperature是论文中的d_k ** 0.5，防止梯度过大", True),
        (3, (151, 151), "其中 d_k 是缩放因子,用于防止内积过大导致softmax函数的梯度较小。", False),
        (4, (85, 85), "在经过softmax层前会除了一个 √d_k,起到了一个归一化的作用", False)]),
    "qk_similarity": ("self_attention", [
        (0, (157, 157), "多头的意义在于， QK^T得到的矩阵就叫注意力矩阵，它可以表示每个字与其他字的相似程度。"
                        "因为，向量的点积值越大，说明两个向量越接近。", False),
        (0, (288, 288), SIMILARITY_COMMENT, True)]),
    "mh_reason": ("multi_head", [
        (1, (53, 53), "多头注意力引入的目的是, 前面的注意力模型没有参数, 输入还是不变的", False)]),
    "transpose": ("multi_head", [
        (0, (173, 173), "我们在上一步得到了经过注意力矩阵加权之后的 V， 也就是 Attention(Q, K, V)，我们对它进"
                        "行一下转置，使其和 Xembedding 的维度一致", False)]),
    "module_list": ("multi_head", [
        (1, (115, 117), MODULE_LIST_CODE, True),
        (1, (278, 279), STACKS_LIST_CODE, True)]),
    "six_pairs": ("multi_head", [
        (0, (41, 47), "并且采用了 6 层 Encoder-Decoder 结构 … 整个 Transformer 是由 6 个这样的结构组成，为了"
                      "方便理解，我们只看其中一个Encoder-Decoder 结构。", False)]),
    "sin_cos_linear": ("embeddings", [
        (0, (101, 101), "Tranformer 采用的是 sin-cos 规则，使用了 sin 和 cos 函数的线性变换来提供给模型位置信"
                        "息", False)]),
    "pe_linear": ("embeddings", [
        (4, (633, 633), "其实就是说任意位置的 PE_{pos+k} 都可以被 PE_{pos} 和 PE_{k} 表示。", False),
        (4, (643, 643), "通过上图可以看出,对于pos+k位置的位置编码可以表示位pos位置和k位置的线性组合。这样的线"
                        "性组合意味着某个位置向量蕴含了其它位置向量的信息。", False)]),
    "div_term": ("embeddings", [
        (2, (90, 90), r"\vdots \\ (d_{\text{model}} - 1) \end{matrix}", True),
        (2, (92, 92), "其中的中括号对应的是一个从 0 到 d_{model} - 1 的等差数列(步长为 2)", False),
        (2, (86, 86), "直接使用幂运算可能会导致数值上溢或下溢。当d_model较大时,10000.0 ** (-i / d_model)中的"
                      "幂可能会变得非常小,以至于在数值计算中产生下溢。", False)]),
    "location_encoder": ("embeddings", [
        (1, (3, 3), "下列用于对应的代码都是可以运行的, 但不考虑效率.", False),
        (1, (296, 299), LOCATION_CODE, True)]),
    "training_steps": ("decoding", [
        (4, (424, 426), "即我们输入<begin>经Decoder会得到输出,然后这个输出会和我们期望的真实值比较,接着就是更"
                        "新各种参数使这个输出更加接近“I”。然后我们将输出放在<begin>后构成新的输入送入Decoder"
                        "网络得到输出 … 这种方式被称为teacher-forcing", False)]),
    "greedy": ("decoding", [
        (3, (129, 129), "在解码器的最后一层,会对输出向量进行线性投影和softmax操作,得到每个位置的词的概率分布,"
                        "然后根据概率最大的词生成输出序列。", False)]),
    # found on a second reading, line by line
    "attention_only": ("paper", [
        (0, (41, 41), "Transformer 中抛弃了传统的 CNN 和 RNN，整个网络结构完全由 Attention 机制组成", False)]),
    "name_error": ("multi_head", [
        (0, (271, 280), NAME_ERROR_CODE, True)]),
    "no_padding_mask": ("masks", [
        (1, (205, 303), NO_PADDING_CODE, True)]),
    "enc_dec_new": ("paper", [
        (3, (21, 21), "Transformer是一种全新的基于注意力机制的序列到序列(Seq2Seq)模型,它完全放弃了传统的RNN和"
                      "CNN结构,而是采用了编码器(Encoder)和解码器(Decoder)的架构。", False)]),
    "diagram": ("decoding", [
        (3, (24, 52), DIAGRAM, True)]),
    "rnn_parallel": ("paper", [
        (4, (33, 33), "对于RNN来说,要是现在我们要输出中国,就必须先输出⟨我爱⟩,这个过程是难以并行的,即我们必须"
                      "先得到一些东西才能进行下一步。", False)]),
    "score_importance": ("self_attention", [
        (4, (75, 75), "a_{1,1}、a_{1,2}、a_{1,3} 是一个数值,我们称为attention score,其表示的是每个输入的重要"
                      "程度。", False)]),
    "scale_no_effect": ("self_attention", [
        (4, (85, 85), "至于这里除不除 √d_k 对大家理解是没有任何影响的,而且不除 √d_k 其实也是一种方法。", False)]),
    "q_typo": ("playground", [
        (4, (226, 226), "同理你可以得到 q_2·Kᵀ 和 q_1·Kᵀ 的结果,分别为 [4., 16., 12.] 和 [4., 12., 10.]", False)]),
    "output_width": ("playground", [
        (4, (283, 283), "这里的维度是不同的,这主要是由于我们在由输入生成Q、K、V时所乘的权重矩阵W_q、W_k、W_v"
                        "维度导致的。", False)]),
    "decoder_source": ("decoding", [
        (4, (418, 418), "可以看到,decoder根本就没有把“我是一只猫”作为输入 … 其实啊,“我是一只猫”这个输入只存在"
                        "encoder的输入中,在decoder中可没有用到喔。", False),
        (4, (455, 455), "注意此时的K、V来自于encoder,而Q来自decoder。", False)]),
    "more_params": ("paper", [
        (4, (491, 491), "我们知道越复杂的模型,往往就需要更多的参数来训练,因此在训练Transformer时就需要更多的"
                        "数据", False)]),
    "embedding_random": ("embeddings", [
        (4, (553, 554), EMBEDDING_CODE, True),
        (4, (579, 579), "可以看出,“秃”和“头”在某个空间中离的比较近,说明这两个词的相关性较大。", False)]),
    "parallel_order": ("embeddings", [
        (4, (585, 585), "其采用的是并行化的操作,即会将输入一同输入Attention,这种并行化就会导致在输入是没有是"
                        "没有顺序的。", False),
        (3, (57, 57), "它能够捕捉输入序列中任意两个位置之间的依赖关系,而不再依赖于序列的顺序。这种机制使得模型"
                      "可以高效地并行计算", False)]),
    # found on a third reading, with every formula recomputed
    "ln_symbols": ("add_norm", [
        (0, (210, 212), "从而得到归一化后的数值，是为了防止除； … 之后引入两个可训练参数来弥补归一化的过程中损失掉的"
                        "信息，注意表示元素相乘而不是点积，我们一般初始化为全，而为全。", False)]),
    "pe_extrapolate": ("embeddings", [
        (4, (626, 626), "能够适应比训练集里面所有句子更长的句子,假设训练集里面最长的句子是有 100 个单词,突然来了一"
                        "个长度为101 的句子,则使用公式计算的方法可以计算出第101位的 Embedding。", False)]),
    "en_eight": ("paper", [
        (1, (320, 324), SIZES_CODE, True)]),
    "causal_diagonal": ("masks", [
        (1, (259, 259), "这个层的原理是, 让 i 号查询只与 i 以前的key相关, 从而造成一种时序的效果, 这个mask也就是个"
                        "下三角全1矩阵.", False)]),
    "exp_speed": ("embeddings", [
        (2, (84, 87), "其中div_term没有直接进行幂运算,而是先转换为了等价的指数+对数运算,这样做是为了确保数值稳定性"
                      "和计算效率 … 在许多计算设备和库中,指数和对数运算的实现通常比幂运算更快。", False)]),
    "concat_dims": ("multi_head", [
        (4, (451, 451), "上述过程只展示的是一个Head的情况,输出了Z,最后应该把所有Head的结果拼接,使最终的Z和输入X的"
                        "维度一致。", False),
        (3, (63, 63), "多头注意力将输入投影到多个子空间,每个子空间都进行自注意力计算,最后将所有子空间的结果进行拼"
                      "接。", False)]),
    "unshifted_target": ("decoding", [
        (1, (291, 313), UNSHIFTED_CODE, True),
        (1, (316, 316), "这个最后输出是每个token的分布, 对应机器翻译问题, 可以构建测试", False)]),
    "z0_only": ("decoding", [
        (4, (459, 459), "最后会进入Linear+Softmax层,最终输出预测的单词,因为 Mask 的存在,使得单词 0 的输出 Z(0,) "
                        "只包含单词 0 的信息", False)]),
    "cnn_complex": ("paper", [
        (4, (487, 487), "其实CNN可以看作是一种简化版的self-Attention,或者说self-Attention是一种复杂化的CNN", False)]),
    "electra": ("bert_gpt", [
        (2, (251, 251), "(2)由于每个Batch中只有15%的词会被预测,因此模型的收敛速度比起单向的语言模型会慢,训练花费的"
                        "时间会更长。… 对于第二个缺点目前没有有效的解决办法,但是从提升收益的角度来看,付出的代价是"
                        "值得的。", False)]),
    "gpt1_sgd": ("bert_gpt", [
        (2, (303, 303), "其中,k是滑动窗口的大小,P是条件概率。模型参数使用SGD进行优化。", False)]),
    # found on reading each note whole, in order, for issue 50
    "input_scale": ("embeddings", [
        (3, (73, 75), "输入序列首先会被映射为一系列嵌入向量,然后加上位置编码,形成最终的输入表示。\n"
                      + INPUT_FORMULA, True),
        (3, (177, 179), "位置编码会被加到输入的嵌入向量中,形成最终的输入表示:\n" + INPUT_FORMULA, True),
        (1, (177, 181), "但最终输入前需要把词嵌入与位置编码相加, 即\n$$\nX=Y+PE\n$$", True)]),
    "concat_symbol": ("embeddings", [
        (4, (657, 657), "我们先给每一个位置的 x^i ∈ R(1,d) append一个位置编码的向量 p^i ∈ R(1,N) ,得到一个新的输入向量 "
                        "p^i ∈ R(1,d+N) ,这个向量作为新的输入,乘以一个transformation matrix", False)]),
    "mask_shape": ("masks", [
        (4, (433, 433), "得到输入矩阵和Mask矩阵,两者维度一致。图中显示遮挡位置的值为0。", False)]),
    "qkv_same_shape": ("multi_head", [
        (1, (122, 129), SAME_SHAPE_CODE, True),
        (1, (243, 250), CROSS_CALL_CODE, True)]),
    "d_model_lost": ("embeddings", [
        (0, (108, 108), "i 指的是字嵌入的维度, 取值范围是 [0, embedding dimension)。 就是 embedding dimension 的大小。",
         False)]),
}
REMARKS: dict[str, tuple[str, list[Quote]]] = {  # read as mistakes before; checked, they are not
    "mh_projection": ("multi_head", [
        (4, (315, 319), "以下以两个head为例进行阐述,即将 q^1 分裂成两个 q^{1,1} 和 q^{1,2} … 那么这个过程是怎"
                        "么进行的呢,其实也很简单,只需要分别乘上两个矩阵 W_1^Q 和 W_2^Q 即可。", False),
        (3, (87, 97), "将输入 X 投影到查询(Q)、键(K)和值(V)三个向量空间: … 多头注意力通过将注意力计算过程独立运行 h 次"
                      "(每次使用不同的投影),然后将结果拼接", False)]),
    "d_eq_dv": ("multi_head", [
        (1, (138, 138), "需要指出, 在transformer中, d=d_v, 这是为了保证输入和输出的shape完全一致.", False)]),
    "attention_mask_name": ("masks", [
        (2, (38, 38), "Encoder输入src只进行了padding mask,Decoder同时使用了padding mask和attention mask。", False)]),
}
