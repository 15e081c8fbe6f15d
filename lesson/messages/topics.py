"""Messages of four topics the notes teach, shown on this sentence: Table 1's restricted self-attention and a
convolution as restricted self-attention (the Paper page, prefix paper.*), GPT-1's task inputs and classifier head,
and BERT's WordPiece on a word it does not know (BERT vs GPT, prefix bg.*)."""

PAPER = {
    "paper.layer_restricted": {"en": "restricted self-attention: r·n·d, 1, n/r", "zh": "受限自注意力：r·n·d，1，n/r"},
    "paper.caption_restricted": {
        "en": "Restricted self-attention, the table's last row, reads only the r = {r} keys centred on each query: "
              "r·n·d operations in one step. But a token then travels only (r − 1)/2 = {w} positions per layer, so "
              "the first token reaches the last after ⌈(n − 1)/((r − 1)/2)⌉ = {path} layers here (the paper's "
              "O(n/r)).",
        "zh": "受限自注意力（表的最后一行）只读以每个查询为中心的 r = {r} 个键：一步完成 r·n·d "
              "次运算。但一个词元每层只能传出 (r − 1)/2 = {w} 个位置，所以第一个词元要经过 ⌈(n − 1)/((r − 1)/2)⌉ = "
              "{path} 层才能到达最后一个（论文中的 O(n/r)）。",
    },
    "paper.cnn": {
        "en": "A convolution is k attention heads with fixed weights, one per offset",
        "zh": "卷积是 k 个权重固定的注意力头，每个偏移一个",
    },
    "paper.caption_cnn": {
        "en": "«{title}» says in its summary “CNN可以看作是一种简化版的self-Attention”. Worked on this sentence: a "
              "convolution of kernel k = {k} over its {n} encoder inputs ({d} numbers each, random weights) equals "
              "{k} attention heads with fixed weights: head o puts weight 1 on the key o positions away (o = −{w} … "
              "{w}), reads it through its own matrix W_o, and the heads are added (max |difference| {diff}). So a "
              "convolution is attention with one head per offset, each with a fixed weight and its own value matrix; "
              "one restricted head with fixed weights α_o would only give Σ_o α_o·W·x_(i+o), a single W for every "
              "offset, which is no convolution (Cordonnier, Loukas and Jaggi, 2020). "
              "This model computes its weights from the tokens: the convolution's fixed band, the model's weights "
              "restricted to the same {k} keys (encoder layer 0, head 0) and its full weights.",
        "zh": "«{title}» 在总结里说“CNN可以看作是一种简化版的self-Attention”。用本句来算：在它的 {n} 个编码器输入（每个"
              " "
              "{d} 个数）上做卷积核 k = {k} 的卷积（随机权重），等于 {k} 个权重固定的注意力头：头 o 把权重 1 "
              "放在相隔 o 个位置的键上（o = −{w} … {w}），用自己的矩阵 W_o 读取它，各头相加（最大 |差值| "
              "{diff}）。所以卷积是每个偏移一个头、"
              "每个头权重固定并有自己值矩阵的注意力；一个权重 α_o 固定的受限头只能给出 Σ_o α_o·W·x_(i+o)，所有偏移共用"
              "一个 W，那并不是卷积（Cordonnier、Loukas 和 Jaggi，2020）。本模型的权重则由词元算出：卷积固定的带状范围"
              "、本模型限制在同样 {k} "
              "个键上的权重（编码器第 0 层、头 0），以及它完整的权重。",
    },
    "paper.fig_conv": {"en": "Convolution, k = {k}: any sentence", "zh": "卷积，k = {k}：任何句子都一样"},
    "paper.fig_restricted": {"en": "Restricted, r = {r}: this sentence", "zh": "受限，r = {r}：本句"},
    "paper.fig_full": {"en": "Full self-attention: this sentence", "zh": "完整自注意力：本句"},
}

GPT1 = {
    "bg.gpt1": {
        "en": "GPT-1 fine-tuning: one input format per task, one linear layer on top",
        "zh": "GPT-1 的微调：每种任务一种输入格式，顶上一个线性层",
    },
    "bg.caption_gpt1": {
        "en": "GPT-1 is fine-tuned on a task without changing its architecture (Radford et al., 2018, §3.3): the "
              "input is rewritten as one token sequence with the new tokens <start>, <delim> and <extract>, and the "
              "last layer's state at <extract>, h_l^m, goes through one linear layer: P(y | x¹…x^m) = "
              "softmax(h_l^m·W_y). <extract> comes last because under the causal mask only the last position sees "
              "the whole input: the last row of this app's decoder sees {seen} of its {T} tokens, its first row "
              "{first}. With this sentence as text A and “{second}” (the Masks page's second sentence) as B:",
        "zh": "GPT-1 在一个任务上微调时不改变结构（Radford 等，2018，第 3.3 "
              "节）：把输入改写成一条词元序列，加上新的词元 <start>、<delim> 和 <extract>，再把最后一层在 <extract> "
              "处的状态 h_l^m 送进一个线性层：P(y | x¹…x^m) = softmax(h_l^m·W_y)。<extract> "
              "放在最后，是因为在因果掩码下只有最后一个位置能看到整个输入：本应用解码器的最后一行看得到全部 {T} "
              "个词元中的 {seen} 个，第一行只看得到 {first} 个。以本句为文本 "
              "A、以“{second}”（“掩码”页的第二个句子）为 B：",
    },
    "bg.col_task": {"en": "task", "zh": "任务"},
    "bg.col_sequence": {"en": "input sequence", "zh": "输入序列"},
    "bg.col_length": {"en": "tokens", "zh": "词元数"},
    "bg.col_head": {"en": "classifier head", "zh": "分类头"},
    "bg.col_new": {"en": "new parameters", "zh": "新增参数"},
    "bg.task_classification": {"en": "classification (e.g. sentiment)", "zh": "分类（例如情感）"},
    "bg.task_entailment": {"en": "entailment (premise A, hypothesis B)", "zh": "蕴含（前提 A，假设 B）"},
    "bg.task_similarity": {"en": "similarity (both orders)", "zh": "相似度（两种顺序）"},
    "bg.task_multiple_choice": {
        "en": "multiple choice (context A; answers B, A backwards)",
        "zh": "多项选择（上下文 A；答案 B、倒过来的 A）",
    },
    "bg.head_classification": {
        "en": "h_l^m·W_y, W_y: {d} × {c} (one column per class)",
        "zh": "h_l^m·W_y，W_y：{d} × {c}（每个类别一列）",
    },
    "bg.head_entailment": {
        "en": "h_l^m·W_y, W_y: {d} × {c} (entails, contradicts, neutral)",
        "zh": "h_l^m·W_y，W_y：{d} × {c}（蕴含、矛盾、中性）",
    },
    "bg.head_similarity": {
        "en": "(h₁ + h₂)·W_y, W_y: {d} × {c}: the two orders' states added",
        "zh": "(h₁ + h₂)·W_y，W_y：{d} × {c}：两种顺序的状态相加",
    },
    "bg.head_multiple_choice": {
        "en": "h_l^m·W_y per answer, W_y: {d} × {c}; softmax over the answers",
        "zh": "每个答案 h_l^m·W_y，W_y：{d} × {c}；对各答案做 softmax",
    },
    "bg.caption_gpt1_params": {
        "en": "Fine-tuning adds only W_y and an embedding for each new token the task uses (“new parameters”, at "
              "GPT-1's d = {d}) to GPT-1's {total} parameters computed above; the loss is L₃ = L₂ + λ·L₁ (see "
              "above).",
        "zh": "微调只增加 W_y 和该任务用到的每个新词元的嵌入（表中的“新增参数”，按 GPT-1 的 d = {d} "
              "计算），而上面按配置算出的 GPT-1 有 {total} 个参数；损失为 L₃ = L₂ + λ·L₁（见上文）。",
    },
}

WORDPIECE = {
    "bg.wordpiece": {
        "en": "WordPiece: what BERT does with a word it does not know",
        "zh": "WordPiece：BERT 遇到不认识的词怎么办",
    },
    "bg.caption_wordpiece": {
        "en": "This app's model reads whole words: a word outside its vocabulary becomes <unk> (and is copied into "
              "the translation). BERT's WordPiece never needs the whole word: it takes the longest start of the "
              "word that its vocabulary holds, then the longest piece that continues it (written ##…), and so on; "
              "only a word with a part no piece matches becomes [UNK]. Here with a small worked vocabulary of "
              "{size} pieces (listed below), on the words of {which} and on “{example}”:",
        "zh": "本应用的模型按整词读入：词表外的词变成 <unk>（并被原样复制进译文）。BERT 的 WordPiece "
              "从不需要整个词：它先取词表里有的、最长的词首，再取最长的接续片段（写作 "
              "##…），依此类推；只有某一部分没有任何片段能匹配的词才变成 [UNK]。这里用一个 {size} "
              "个片段的小词表（列在下面），作用在{which}的词和“{example}”上：",
    },
    "bg.caption_wordpiece_hf": {
        "en": "Here with the vocabulary of **{model}**'s own tokenizer ({size} pieces), on the words of this "
              "sentence and on “{example}”. The pieces below, found step by step in its vocabulary, equal its own "
              "`tokenize()`: {same}.",
        "zh": "这里用 **{model}** 自己的分词器的词表（{size} "
              "个片段），作用在本句的词和“{example}”上。下面在它的词表里逐步找到的片段，与它自己的 `tokenize()` "
              "结果相比：{same}。",
    },
    "bg.wordpiece_same": {"en": "the same", "zh": "完全相同"},
    "bg.wordpiece_differs": {"en": "they differ ({ours} against {theirs})", "zh": "不同（{ours} 对 {theirs}）"},
    "bg.which_sentence": {"en": "this sentence", "zh": "本句"},
    "bg.which_translation": {"en": "its English translation", "zh": "它的英文译文"},
    "bg.col_word": {"en": "word", "zh": "词"},
    "bg.col_this_model": {"en": "this app's model", "zh": "本应用的模型"},
    "bg.col_pieces": {"en": "WordPiece", "zh": "WordPiece 切分"},
    "bg.in_vocab": {"en": "in its vocabulary", "zh": "在词表中"},
    "bg.wordpiece_steps": {"en": "**{word}**, step by step:", "zh": "**{word}**，一步一步："},
    "bg.wordpiece_step": {
        "en": "{n}. tried {tried}: kept **{piece}**",
        "zh": "{n}. 依次尝试 {tried}：保留 **{piece}**",
    },
    "bg.wordpiece_unk": {
        "en": "{n}. tried {tried}: nothing matches, so the whole word becomes [UNK]",
        "zh": "{n}. 依次尝试 {tried}：没有匹配的片段，整个词变成 [UNK]",
    },
    "bg.wordpiece_vocab": {"en": "The worked vocabulary ({size} pieces)", "zh": "手算用的小词表（{size} 个片段）"},
}

MESSAGES: dict[str, dict[str, str]] = PAPER | GPT1 | WORDPIECE
