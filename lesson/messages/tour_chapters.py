"""Messages of the guided tour's chapters "How it is trained and scored" (lesson/tour/training.py) and "How far
attention can be trusted" (lesson/tour/trust.py)."""

MESSAGES = {
    "tour.train.p_target": {"en": "P(token to write)", "zh": "P(应写的词元)"},
    "tour.train.rewarded": {"en": "1 − ε + ε/V (what training rewards)", "zh": "1 − ε + ε/V（训练所奖励的）"},
    "tour.train.score": {"en": "score on the test pairs", "zh": "测试句对上的分数"},
    "tour.axis.top": {"en": "token at the encoder's top", "zh": "编码器顶层的词元"},
    "tour.axis.input": {"en": "input token", "zh": "输入词元"},
    "tour.fig.shift": {"en": "Teacher forcing: P of the token each row should write",
                       "zh": "教师强制：每一行给应写词元的概率"},
    "tour.fig.smoothing": {"en": "P of the token to write, and what the smoothed loss rewards",
                           "zh": "应写词元的概率，以及平滑后的损失所奖励的概率"},
    "tour.fig.warmup": {"en": "Learning rate, d_model = {d_model}, warm-up {warmup} steps",
                        "zh": "学习率，d_model = {d_model}，预热 {warmup} 步"},
    "tour.fig.curve": {"en": "Training loss of {model}, as logged", "zh": "{model} 训练时记录的损失"},
    "tour.fig.bleu": {"en": "The shipped models on the test pairs (test.tsv)",
                      "zh": "随应用提供的模型在测试句对上的分数"},
    "tour.fig.attribution": {"en": "Gradient × input (share of each row)", "zh": "梯度 × 输入（每行的份额）"},
    "tour.fig.rollout": {"en": "Attention rollout through {n} encoder layers", "zh": "穿过 {n} 个编码器层的注意力展开"},
    "tour.fig.replace": {"en": "log P with cross-attention layer {layer} permuted",
                         "zh": "打乱第 {layer} 层交叉注意力后的 log P"},
    "tour.shift.title": {"en": "Trained and scored · The shifted target", "zh": "训练与评分 · 右移一位的目标"},
    "tour.shift.text": {
        "en": "Training does not let the decoder write its own words. It feeds in the whole reference at once, "
              "shifted right by one: row t reads <bos> and the reference's first t tokens and must predict the "
              "next, and the causal mask keeps that token out of its sight (teacher forcing). The loss is the mean "
              "−log P of the reference tokens. Here this sentence's own translation ({T} rows) stands in for the "
              "reference; each bar is the probability a row gives the token it should write. The Training page "
              "takes a reference you type.",
        "zh": "训练时解码器并不自己写词。它一次读入整个参考译文，右移一位：第 t 行读 <bos> 和参考译文的前 t "
              "个词元，要预测下一个，因果掩码让它看不到那个词元（教师强制）。损失是参考词元的 −log P "
              "的平均。这里用本句自己的译文（{T} 行）代替参考译文；每根柱子是一行给它应写词元的概率。“训练与评分”"
              "页面可以输入你自己的参考译文。",
    },
    "tour.smoothing.title": {"en": "Trained and scored · Label smoothing", "zh": "训练与评分 · 标签平滑"},
    "tour.smoothing.text": {
        "en": "The paper trains against a softened target: the reference token gets 1 − ε and the other ε is spread "
              "over all V tokens (ε = 0.1 in the paper and here). The loss is then least when P(reference) is "
              "1 − ε + ε/V, not 1: a probability above that line costs loss, as one below it does, which keeps the "
              "model from growing ever surer. Perplexity goes up; in the paper BLEU went up too (§5.4). A bar above "
              "the line is a step where this model is surer than training rewards.",
        "zh": "论文用一个软化的目标来训练：参考词元得到 1 − ε，其余的 ε 平均分给全部 V 个词元（论文和本模型都是 ε = "
              "0.1）。于是 P(参考词元) 为 1 − ε + ε/V 而不是 1 时损失最小：高于这条线的概率和低于它的一样要付出损失，"
              "这让模型不会越来越确定。困惑度因此升高；而在论文中 BLEU 也提高了（§5.4）。高出这条线的柱子，是本模型比"
              "训练所奖励的更确定的那一步。",
    },
    "tour.warmup.title": {"en": "Trained and scored · Warm-up", "zh": "训练与评分 · 预热"},
    "tour.warmup.text": {
        "en": "The learning rate is not fixed. The paper raises it linearly over the first warm-up steps and then "
              "lowers it with the inverse square root of the step number (§5.3). This model was trained on that "
              "schedule; the curve is its own, read from its training log, and the line marks the end of warm-up. "
              "The paper gives no reason for the warm-up; the Training page names two common ones.",
        "zh": "学习率不是固定的。论文在最初的预热步数内让它线性上升，之后按步数平方根的倒数下降（§5.3）。本模型就按这个"
              "方案训练；曲线是从它的训练记录读出的它自己的学习率，竖线标出预热结束的地方。论文没有说明为什么要预热；"
              "“训练与评分”页面给出了两种常见的解释。",
    },
    "tour.curve.title": {"en": "Trained and scored · The training curve", "zh": "训练与评分 · 训练曲线"},
    "tour.curve.text": {
        "en": "The loss this model logged while it was trained: the smoothed cross-entropy on batches of reference "
              "translations, plus the alignment loss for a model whose cross-attention learns to align, one batch "
              "at a time, so it jumps about. It falls fast during the warm-up and slowly after it, and it cannot "
              "reach 0: the smoothed target's own entropy H(q) is the least its cross-entropy can be.",
        "zh": "本模型训练时记录的损失：一批批参考译文上平滑后的交叉熵，对交叉注意力做过对齐训练的模型还要加上对齐损失；"
              "每次只算一批，所以上下跳动。它在预热期间下降很快，之后变慢，而且降不到 0：平滑目标自身的熵 H(q) "
              "是其交叉熵的下限。",
    },
    "tour.bleu.title": {"en": "Trained and scored · BLEU and chrF", "zh": "训练与评分 · BLEU 与 chrF"},
    "tour.bleu.text": {
        "en": "A translation is scored by what it shares with a human reference. BLEU takes the share of the "
              "output's 1- to 4-grams (of words; of characters for Chinese) found in the reference, each counted at "
              "most as often as it occurs there, multiplies their geometric mean by a penalty for a short output, "
              "and is reported over a whole test set. chrF counts character n-grams up to 6 and weighs recall "
              "twice as much as precision. The bars are the shipped models on the test pairs; the Training page "
              "scores this sentence against a reference you type and marks the n-grams that match.",
        "zh": "给译文打分，看的是它与人工参考译文共有的部分。BLEU 取输出中 1 到 4 元组（按词；中文按字）出现在参考译文"
              "里的比例，每个元组最多按它在参考译文中出现的次数计，把它们的几何平均乘以对过短输出的惩罚，并在整个测试"
              "集上报告。chrF 数到 6 元的字符组，召回率的权重是精确率的两倍。柱子是随应用提供的各模型在测试句对上的"
              "分数；“训练与评分”页面会把本句与你输入的参考译文比较，并标出匹配的元组。",
    },
    "tour.attribution.title": {"en": "Trust · Attention or attribution", "zh": "可信度 · 注意力还是归因"},
    "tour.attribution.text": {
        "en": "A cross-attention map shows where a layer reads, not what the output depends on. Gradient × input "
              "asks the second question: how much log P of each output token changes with each source token's "
              "embedding, to first order. The map shows each row's signed shares, whose sizes add up to 1. Only "
              "where it and the last layer's attention pick the same source token does the attention tell you "
              "something; the formula counts those rows. The Trust page sets the two maps side by side.",
        "zh": "交叉注意力图显示的是一层从哪里读取，而不是输出依赖什么。梯度 × 输入回答后一个问题：每个输出词元的 log P "
              "随每个源词元的词嵌入变化多少（一阶近似）。图中是每一行带符号的份额，绝对值加起来为 "
              "1。只有在它和最后一层的注意力选中同一个源词元的地方，注意力才说明了一些东西；公式数出这样的行。“可信度”"
              "页面把两张图并排给出。",
    },
    "tour.rollout.title": {"en": "Trust · Attention rollout", "zh": "可信度 · 注意力展开"},
    "tour.rollout.text": {
        "en": "A layer's attention mixes tokens that the layers below have already mixed. Attention rollout (Abnar & "
              "Zuidema 2020) follows the mixing down: each encoder layer's weights averaged over the heads, plus "
              "the identity for the residual connection, rows renormalised, multiplied from the first layer up. "
              "Row i estimates how much of top token i comes from each input token; it leaves out the values, the "
              "feed-forward networks and the LayerNorms, so it is an estimate, not a measurement.",
        "zh": "一层的注意力混合的是下面各层已经混合过的词元。注意力展开（Abnar 和 Zuidema，2020）顺着混合往下追：每个编"
              "码"
              "器层的权重对头取平均，加上代表残差连接的单位矩阵，各行重新归一化，再从第一层起相乘。第 i "
              "行估计顶层第 i 个词元有多少来自每个输入词元；它没有算进值向量、前馈网络和层归一化，所以是估计，不是测量"
              "。",
    },
    "tour.replace.title": {"en": "Trust · Replace the attention", "zh": "可信度 · 替换注意力"},
    "tour.replace.text": {
        "en": "If the output depended on the attention weights, changing them would change it. Here the last "
              "cross-attention layer's weights are permuted over the source positions, in every head and step "
              "(Jain & Wallace 2019 ran such swaps; Wiegreffe & Pinter 2019 answered that a model trained with its "
              "attention need not work with other weights). The bars are log P of each output token as trained and "
              "permuted, with the same prefixes. The Trust page tries every layer and two more replacements, and sets "
              "en-zh beside its twin, trained without the alignment loss.",
        "zh": "如果输出依赖注意力权重，改变权重就会改变输出。这里把最后一层交叉注意力的权重在源位置上打乱，每个头、每一"
              "步"
              "都如此（Jain 和 Wallace 2019 做过这样的替换；Wiegreffe 和 Pinter 2019 "
              "回应说，带着自己的注意力训练出来的模型，换了权重不一定还能工作）。柱子是每个输出词元在训练所得的权重下和"
              "打乱之后的 log P，前缀相同。“可信度”页面会逐层尝试，另有两种替换方式，并把 en-zh 和它注意力没有做过"
              "对齐训练的孪生模型并列比较。",
    },
}
