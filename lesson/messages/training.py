"""Messages of the page "How it is trained and scored"."""

MESSAGES = {
    "nav.training": {"en": "How it is trained and scored", "zh": "如何训练与评分"},
    "tr.header": {"en": "How it is trained and scored", "zh": "模型如何训练、如何评分"},
    "tr.caption": {
        "en": "Everything here is computed live for the sentence above and a reference translation you type: the "
              "loss the model was trained to lower, the label smoothing and the learning-rate schedule it was "
              "trained with, and the BLEU and chrF scores that measure its translations.",
        "zh": "这里的一切都针对上方的句子和你输入的参考译文实时计算：模型训练时要降低的损失、训练所用的标签平滑和学习率"
              "调度，以及衡量译文的 BLEU 和 chrF 分数。",
    },
    "tr.reference": {"en": "Reference translation (default: the model's own translation)",
                     "zh": "参考译文（默认：模型自己的译文）"},
    "tr.type_reference": {"en": "Type a reference translation to compute the loss and the scores.",
                          "zh": "输入一句参考译文，才能计算损失和分数。"},
    "tr.wrong_lang": {
        "en": "The reference looks like {got}, but this model writes {want}: its words are mostly unknown to the "
              "model (<unk>), so the loss and the scores below measure little.",
        "zh": "参考译文看起来是{got}，但这个模型输出的是{want}：其中的词大多是模型不认识的（<unk>），下面的损失和分数"
              "意义不大。",
    },
    "tr.lang_en": {"en": "English", "zh": "英文"},
    "tr.lang_zh": {"en": "Chinese", "zh": "中文"},
    "tr.teacher_header": {"en": "1 · Teacher forcing and the shifted target", "zh": "1 · 教师强制与右移一位的目标"},
    "tr.teacher_caption": {
        "en": "In training the decoder does not read its own guesses: it is fed the reference itself, shifted right "
              "by one (<bos> followed by y without its last token), and at every position it must predict the next "
              "token of y. The causal mask keeps position t from seeing the token it has to predict, so all "
              "positions are trained in one parallel pass.",
        "zh": "训练时解码器读的不是自己的猜测，而是参考译文本身，右移一位（<bos> 加上去掉最后一个词元的 y）；每个位置都"
              "要预测 y 的下一个词元。因果掩码让位置 t 看不到它要预测的词元，所以所有位置在一次并行计算中同时训练。",
    },
    "tr.col_position": {"en": "position", "zh": "位置"},
    "tr.col_input": {"en": "decoder input", "zh": "解码器输入"},
    "tr.col_target": {"en": "target", "zh": "目标"},
    "tr.col_p": {"en": "P(target)", "zh": "P(目标)"},
    "tr.col_nll": {"en": "−log P", "zh": "−log P"},
    "tr.col_smoothed": {"en": "loss with smoothing", "zh": "平滑后的损失"},
    "tr.loss_line": {
        "en": "Cross-entropy (mean −log P over the {n} target tokens): **{loss}** · perplexity exp({loss}) = "
              "**{ppl}**: the model is as unsure as if it picked among {ppl} equally likely tokens at each position.",
        "zh": "交叉熵（{n} 个目标词元的 −log P 的平均）：**{loss}** · 困惑度 exp({loss}) = **{ppl}**：模型在每个位置上"
              "的不确定程度，相当于在 {ppl} 个同样可能的词元中挑一个。",
    },
    "tr.smooth_header": {"en": "2 · Label smoothing", "zh": "2 · 标签平滑"},
    "tr.smooth_caption": {
        "en": "This model was trained with ε = {eps} (`model/train.py`): the target at each position is not one-hot "
              "but puts 1 − ε on the reference token and spreads ε evenly over all {V} tokens of the vocabulary. "
              "The model learns to keep some probability away from its first choice, so the probabilities the "
              "Decoding page shows are less peaked than the data alone would make them.",
        "zh": "这个模型训练时 ε = {eps}（`model/train.py`）：每个位置的目标不是独热向量，而是给参考词元 1 − ε，再把 ε "
              "平均分给词表里全部 {V} 个词元。模型因此学会不把全部概率压在第一选择上，所以“解码”页显示的概率不像只看"
              "数据时那样尖锐。",
    },
    "tr.smooth_token": {"en": "Position {pos}, target “{token}”: the one-hot target, the smoothed target and the "
                              "model's P for the model's likeliest tokens",
                        "zh": "位置 {pos}，目标“{token}”：独热目标、平滑目标与模型对最可能几个词元给出的 P"},
    "tr.col_token": {"en": "token", "zh": "词元"},
    "tr.col_onehot": {"en": "one-hot", "zh": "独热"},
    "tr.col_q": {"en": "smoothed target", "zh": "平滑目标"},
    "tr.col_model": {"en": "model's P", "zh": "模型的 P"},
    "tr.smooth_losses": {
        "en": "For this sentence: loss without smoothing **{plain}**, with ε = {eps} **{smooth}** (what training "
              "minimised). The smoothed loss cannot fall below the entropy of the smoothed target, H(q) = {floor} per "
              "token, reached only if the model's P equals the smoothed target exactly.",
        "zh": "这个句子：不平滑的损失 **{plain}**，ε = {eps} 时 **{smooth}**（训练时最小化的就是它）。平滑后的损失不"
              "可能低于平滑目标自身的熵 H(q) = {floor}（每个词元），只有模型的 P 恰好等于平滑目标时才能达到。",
    },
    "tr.smooth_cap": {
        "en": "Against a smoothed target the loss is lowest when the reference token gets P = 1 − ε + ε/V = {cap}, "
              "not 1: training never rewards more certainty than that. Here the model runs without the dropout it "
              "was trained with, which makes it sharper than in training: on this sentence its likeliest token has "
              "P {mean} on average, at most {top}.",
        "zh": "对平滑目标来说，参考词元的概率为 P = 1 − ε + ε/V = {cap}（而不是 1）时损失最小：训练从不奖励比这更高的"
              "确定性。这里模型运行时关掉了训练时用的随机失活，所以比训练时更尖锐：在这个句子上，它最可能的词元"
              "平均 P 为 {mean}，最高 {top}。",
    },
    "tr.smooth_paper": {
        "en": "The paper (Vaswani et al. 2017, §5.4, and Table 3's row (D)) used ε = 0.1: \"This hurts perplexity, "
              "as the model learns to be more unsure, but improves accuracy and BLEU score.\"",
        "zh": "论文（Vaswani 等 2017，§5.4，以及表 3 的 (D) 行）用 ε = 0.1：这会使困惑度变差，因为模型学得更不确定，"
              "但提高了准确率和 BLEU 分数。",
    },
    "tr.schedule_header": {"en": "3 · The warm-up schedule", "zh": "3 · 预热学习率调度"},
    "tr.schedule_caption": {
        "en": "The paper's learning rate rises linearly for the first warm-up steps and then falls as 1/√step: "
              "`lrate = d_model^−0.5 · min(step^−0.5, step · warmup^−1.5)`. Drawn here with this model's d_model = "
              "{d_model}, warm-up = {warmup} and factor {factor} (its training log); the paper used d_model 512 and "
              "4,000 warm-up steps. The paper gives no reason for the warm-up; a common one (Liu et al. 2020) is that "
              "Adam's estimate of the gradients' variance rests on few steps at first, which makes large early steps "
              "erratic; another (Xiong et al. 2020) is that a Post-Norm Transformer, as in the paper, starts with "
              "large gradients near its output.",
        "zh": "论文的学习率在预热阶段线性上升，之后按 1/√步数 下降：`lrate = d_model^−0.5 · min(step^−0.5, "
              "step · warmup^−1.5)`。这里用这个模型的 d_model = {d_model}、预热步数 = {warmup}、系数 {factor}（来自它的"
              "训练日志）画出；论文用的是 d_model 512 和 4000 步预热。论文没有说明为什么要预热；常见的"
              "解释（Liu 等 2020）是：刚开始时 Adam 对梯度方差的估计只基于很少几步，所以早期的大步长很不稳定；另一种"
              "解释（Xiong 等 2020）是：像论文那样的 Post-Norm Transformer 在初始化时靠近输出的梯度很大。",
    },
    "tr.no_log": {"en": "This checkpoint has no training log (train_log.json), so its schedule and curve are not "
                        "known.", "zh": "这个检查点没有训练日志（train_log.json），无法画出它的调度和训练曲线。"},
    "tr.curve_caption": {
        "en": "The model's own training: the loss logged every 50 steps (the smoothed cross-entropy, ε = {eps}) and "
              "the validation BLEU measured every 1,000 steps on pairs held out of the training file.",
        "zh": "这个模型自己的训练过程：每 50 步记录的损失（平滑后的交叉熵，ε = {eps}），以及每 1000 步在从训练文件中"
              "留出的句对上测得的验证 BLEU。",
    },
    "tr.curve_aligned": {
        "en": "This model was also trained to align: its logged loss adds {weight} × the alignment loss of its last "
              "cross-attention layer, so it is not the cross-entropy alone.",
        "zh": "这个模型还受过对齐训练：记录的损失另加了 {weight} × 最后一层交叉注意力的对齐损失，所以不只是交叉熵。",
    },
    "tr.fig_schedule": {"en": "Learning rate by step (d_model {d_model}, warm-up {warmup})",
                        "zh": "每一步的学习率（d_model {d_model}，预热 {warmup}）"},
    "tr.fig_loss": {"en": "Training loss by step", "zh": "每一步的训练损失"},
    "tr.fig_bleu": {"en": "Validation BLEU by step", "zh": "每一步的验证 BLEU"},
    "tr.step": {"en": "step", "zh": "步"},
    "tr.lrate": {"en": "learning rate", "zh": "学习率"},
    "tr.loss": {"en": "loss", "zh": "损失"},
    "tr.bleu": {"en": "BLEU", "zh": "BLEU 分数"},
    "tr.score_header": {"en": "4 · BLEU and chrF", "zh": "4 · BLEU 与 chrF"},
    "tr.score_caption": {
        "en": "BLEU counts the model's n-grams (n = 1 … 4) that also occur in the reference, each clipped to how "
              "often the reference has it, divides by the model's n-grams, takes the geometric mean of the four "
              "precisions and multiplies by a brevity penalty for a translation shorter than the reference. chrF "
              "compares character n-grams (1 … 6) and weighs recall twice as much as precision, so it gives credit "
              "for part of a word. Tokens as sacrebleu's {tok} tokeniser cuts them.",
        "zh": "BLEU 统计模型输出中同样出现在参考译文里的 n 元组（n = 1 … 4），每个按参考译文里出现的次数截断，除以模型"
              "输出的 n 元组总数，取四个精确率的几何平均，再乘以译文短于参考时的长度惩罚。chrF 比较字符 n 元组"
              "（1 … 6），召回率的权重是精确率的两倍，所以词对了一部分也能得分。词元按 sacrebleu 的 {tok} 分词器切分。",
    },
    "tr.marked": {"en": "The model's translation, each token marked with the longest matching n-gram it is part of:",
                  "zh": "模型的译文，每个词元标出它所在的最长匹配 n 元组："},
    "tr.marked_ref": {"en": "The reference, each token marked with the longest n-gram of it the translation has:",
                      "zh": "参考译文，每个词元标出它所在的、译文也有的最长 n 元组："},
    "tr.col_chr_hyp": {"en": "translation's character n-grams", "zh": "译文的字符 n 元组数"},
    "tr.col_chr_ref": {"en": "reference's character n-grams", "zh": "参考译文的字符 n 元组数"},
    "tr.col_chr_match": {"en": "matching", "zh": "匹配数"},
    "tr.col_n": {"en": "n", "zh": "n"},
    "tr.col_matches": {"en": "clipped matches", "zh": "截断后的匹配数"},
    "tr.col_total": {"en": "model's n-grams", "zh": "模型的 n 元组数"},
    "tr.col_precision": {"en": "precision %", "zh": "精确率 %"},
    "tr.bleu_line": {
        "en": "Brevity penalty {bp} (translation {c} tokens, reference {r}) · **BLEU {bleu}** · **chrF {chrf}** "
              "(sentence level: orders with no match are smoothed as sacrebleu does).",
        "zh": "长度惩罚 {bp}（译文 {c} 个词元，参考 {r} 个）· **BLEU {bleu}** · **chrF {chrf}**"
              "（句子级：没有匹配的阶按 sacrebleu 的方式平滑）。",
    },
    "tr.recorded": {
        "en": "On the 2,000 held-out `test.tsv` pairs this model scores BLEU {bleu} and chrF {chrf} "
              "(`python -m model.evaluate --record`). A single sentence's BLEU swings much more than a test set's.",
        "zh": "在留出的 2000 对 `test.tsv` 上，这个模型的 BLEU 是 {bleu}，chrF 是 {chrf}"
              "（`python -m model.evaluate --record`）。单个句子的 BLEU 比整个测试集的波动大得多。",
    },
    "tr.no_recorded": {"en": "No `test.tsv` score is recorded beside this model (`python -m model.evaluate --record`).",
                       "zh": "这个模型旁没有记录 `test.tsv` 上的分数（`python -m model.evaluate --record`）。"},
    "tr.no_output": {"en": "The model wrote nothing, so there is nothing to score.",
                     "zh": "模型没有输出任何内容，无法评分。"},
}
