"""Messages of the page The paper vs this model (prefix paper.*; topics.py holds its Table 1 and convolution
panels)."""

MESSAGES = {
    "nav.paper": {"en": "The paper vs this model", "zh": "论文与本模型"},
    "paper.header": {"en": "The paper next to this model", "zh": "论文与本模型对照"},
    "paper.sizes": {"en": "Sizes", "zh": "规模"},
    "paper.col_name": {"en": "quantity", "zh": "项目"},
    "paper.col_paper": {"en": "paper (base)", "zh": "论文（基础模型）"},
    "paper.col_model": {"en": "this model ({model})", "zh": "本模型（{model}）"},
    "paper.row_n": {"en": "N (layers per stack)", "zh": "N（编码器、解码器各几层）"},
    "paper.row_d": {"en": "d_model (model width)", "zh": "d_model（模型维度）"},
    "paper.row_h": {"en": "h (heads)", "zh": "h（头数）"},
    "paper.row_dk": {"en": "d_k = d_model / h (per head)", "zh": "d_k = d_model / h（每个头的维度）"},
    "paper.row_dff": {"en": "d_ff", "zh": "d_ff"},
    "paper.row_vocab": {"en": "vocabulary", "zh": "词表大小"},
    "paper.row_params": {"en": "parameters", "zh": "参数量"},
    "paper.paper_vocab": {"en": "{v} shared (BPE)", "zh": "{v}（共享 BPE）"},
    "paper.model_vocab": {"en": "{src} source + {tgt} target", "zh": "源语言 {src} + 目标语言 {tgt}"},
    "paper.paper_params": {"en": "{computed} from the formulas, the shared embedding counted once (Table 3 says "
                                 "{stated}M)",
                           "zh": "按公式算得 {computed}，共享的词嵌入只计一次（论文表 3 写作 {stated}M）"},
    "paper.table1": {"en": "Why attention instead of recurrence: the paper's Table 1 for this sentence",
                     "zh": "为什么用注意力而不用循环：论文表 1 代入本句"},
    "paper.caption_table1": {
        "en": "For this sentence, n = {n} source tokens and d = d_model = {d}. A recurrent layer must run its {n} "
              "steps one after another: word 1 enters at h₁ and reaches position {n} only along the chain "
              "h₁ → … → hₙ, n − 1 = {chain} more links, a path of {n} in all; self-attention joins every pair in one "
              "step (the figure below draws both for these tokens). It costs n²·d operations against the RNN's n·d², "
              "so it is also cheaper whenever n < d (here {n} < {d}). Convolution: kernel k = {k}, dilated.",
        "zh": "本句有 n = {n} 个源语言词元，d = d_model = {d}。循环层必须一步接一步地走完 {n} 步：第 1 个词从 h₁ 进入，"
              "只能沿着 h₁ → … → hₙ 再走 n − 1 = {chain} 条连线才到达第 {n} 个位置，路径总长 {n}；自注意力一步就"
              "连接了任意两个词（下图把两者都画在本句的词元上）。它的计算量是 n²·d，循环层是 n·d²，"
              "所以只要 n < d（这里 {n} < {d}），它也更省。卷积：卷积核 k = {k}，使用空洞卷积。",
    },
    "paper.fig_paths": {"en": "This sentence through one layer: recurrence against self-attention",
                        "zh": "本句经过一层网络：循环层对比自注意力"},
    "paper.paths_rnn": {"en": "Recurrent layer (RNN)", "zh": "循环层"},
    "paper.paths_attention": {"en": "Self-attention", "zh": "自注意力"},
    "paper.paths_counts": {"en": "sequential operations: {seq}\nmaximum path length (red): {path}",
                           "zh": "必须依次进行的操作：{seq}\n最长路径（红色）：{path}"},
    "paper.paths_rnn_hover": {
        "en": "{name} is computed at operation {step} of {n}, once the one before it is done; from x₁ to {name}: "
              "path length {links}",
        "zh": "{name} 在第 {step} 个操作（共 {n} 个）算出，要等前一个算完；从 x₁ 到 {name}：路径长 {links}",
    },
    "paper.paths_attention_hover": {
        "en": "{name} is computed at operation {step}, together with every other position; from x₁ to {name}: "
              "path length {links}",
        "zh": "{name} 在第 {step} 个操作与其他所有位置同时算出；从 x₁ 到 {name}：路径长 {links}",
    },
    "paper.col_layer": {"en": "layer type", "zh": "层的类型"},
    "paper.col_ops": {"en": "operations per layer", "zh": "每层计算量"},
    "paper.col_seq": {"en": "sequential operations", "zh": "必须依次进行的操作"},
    "paper.col_path": {"en": "maximum path length", "zh": "最长路径"},
    "paper.layer_self_attention": {"en": "self-attention: n²·d, 1, 1", "zh": "自注意力：n²·d，1，1"},
    "paper.layer_recurrent": {"en": "recurrent: n·d², n, n", "zh": "循环层：n·d²，n，n"},
    "paper.layer_convolutional": {"en": "convolutional: k·n·d², 1, log_k(n)", "zh": "卷积层：k·n·d²，1，log_k(n)"},
    "paper.training": {"en": "How the paper trained", "zh": "论文是怎样训练的"},
    "paper.caption_training": {
        "en": "Adam with β₁ = {b1}, β₂ = {b2}, ε = {eps}; dropout {dropout} on every sublayer's output and on the "
              "embedding + PE sums; label smoothing {ls}; {steps_base:,} steps for the base model, {steps_big:,} "
              "for the big one (N = {big_n}, d_model = {big_d}, d_ff = {big_ff}, h = {big_h}, dropout {big_drop}, "
              "{big_params}M parameters); translation by beam search, beam {beam}, length penalty α = {alpha}. "
              "The learning rate rises linearly for {warmup:,} warm-up steps, then falls as 1/√step:",
        "zh": "优化器 `Adam`，β₁ = {b1}，β₂ = {b2}，ε = {eps}；每个子层的输出和“词嵌入 + 位置编码”之和都做随机失活"
              "（比例 {dropout}）；标签平滑 {ls}；基础模型训练 {steps_base:,} 步，大模型 {steps_big:,} 步"
              "（N = {big_n}，d_model = {big_d}，d_ff = {big_ff}，h = {big_h}，随机失活比例 {big_drop}，"
              "参数 {big_params}M）；翻译时用束搜索，束宽 {beam}，长度惩罚 α = {alpha}。"
              "学习率在前 {warmup:,} 步预热中线性上升，之后按 1/√步数 下降（与步数的平方根成反比）：",
    },
    "paper.caption_lr": {
        "en": "At d_model = {d} the peak, at step {warmup:,}, is {peak}; at step {later:,} it is {at_later}. With "
              "this model's d_model = {d_ours} the same schedule would peak at {peak_ours}.",
        "zh": "d_model = {d} 时，峰值在第 {warmup:,} 步，为 {peak}；第 {later:,} 步时为 {at_later}。"
              "若用本模型的 d_model = {d_ours}，同样的学习率调度峰值为 {peak_ours}。",
    },
    "paper.sharing": {
        "en": "The paper shares one {v} × {d} weight matrix three ways: the source embedding, the target embedding "
              "and the output layer before the softmax (one BPE vocabulary for both languages). The formula counts "
              "its {emb} parameters once; counted three times the total would be {three}. Table 3 gives {stated}M "
              "without a breakdown, {gap}M above the formula.",
        "zh": "论文让一个 {v} × {d} 的权重矩阵三处共享：源语言词嵌入、目标语言词嵌入和 softmax 之前的输出层"
              "（两种语言共用一个 BPE 词表）。公式只把它的 {emb} 个参数计一次；若计三次，总数将是 {three}。"
              "论文表 3 写作 {stated}M，没有给出明细，比公式多 {gap}M。",
    },
    "paper.params": {"en": "Where the parameters are", "zh": "参数在哪里"},
    "paper.caption_params": {
        "en": "Counted from the loaded model's parameters, part by part, next to the formula for each part. The "
              "output layer reuses the target embedding (tied), so only its bias is new.",
        "zh": "从已加载模型的参数逐部分计数，并与每部分的公式对照。输出层复用目标语言词嵌入（权重共享），所以只有"
              "它的偏置是新增的。",
    },
    "paper.col_part": {"en": "part", "zh": "部分"},
    "paper.col_formula": {"en": "formula", "zh": "公式"},
    "paper.col_formula_value": {"en": "formula value", "zh": "公式值"},
    "paper.col_counted": {"en": "counted in the model", "zh": "模型中实际计数"},
    "paper.col_share": {"en": "share", "zh": "占比"},
    "paper.part_attention": {"en": "attention projections W_Q, W_K, W_V, W_O (3 blocks per layer pair)",
                             "zh": "注意力投影 W_Q、W_K、W_V、W_O（每对编码器/解码器层共 3 个模块）"},
    "paper.part_ffn": {"en": "feed-forward networks", "zh": "前馈网络"},
    "paper.part_norm": {"en": "LayerNorm γ and β", "zh": "层归一化的 γ 和 β"},
    "paper.part_embeddings": {"en": "embeddings (source, target = output layer)",
                              "zh": "词嵌入（源语言、目标语言 = 输出层）"},
    "paper.part_generator_bias": {"en": "output layer bias", "zh": "输出层偏置"},
    "paper.part_total": {"en": "total", "zh": "合计"},
    "paper.no_params": {
        "en": "**Attention itself has no parameters.** softmax(QKᵀ/√d_k)·V only multiplies, scales and normalises "
              "what it is given: 0 parameters. Everything attention learns sits in the four projections around "
              "it: 4·d_model² + 4·d_model = {per_block} per block here, {blocks} blocks, {total} in all.",
        "zh": "**注意力本身没有参数。** softmax(QKᵀ/√d_k)·V 只是对输入做乘法、缩放和归一化：0 个参数。"
              "注意力学到的一切都在它周围的四个投影里：这里每个模块 4·d_model² + 4·d_model = {per_block}，"
              "共 {blocks} 个模块，合计 {total}。",
    },
    "paper.cost": {"en": "The cost of attention grows with n²", "zh": "注意力的代价随 n² 增长"},
    "paper.caption_cost": {
        "en": "Measured in this app on the loaded model: encoder layer 0's self-attention block and its FFN on n "
              "random token vectors (fastest of {repeats} runs, one CPU thread; other work on the machine adds "
              "noise), and the bytes of the score matrix QKᵀ it records (h × n × n float32). Doubling n doubles "
              "the FFN's work and quadruples the score matrix.",
        "zh": "在本应用中用已加载的模型实测：编码器第 0 层的自注意力模块及其前馈网络，作用在 n 个随机词元向量上"
              "（{repeats} 次中最快的一次，单个 CPU 线程；机器上的其他工作会带来波动），以及它记录的分数矩阵 QKᵀ "
              "的字节数"
              "（h × n × n 个 float32）。n 翻倍时，前馈网络的计算量翻倍，分数矩阵变为 4 倍。",
    },
    "paper.fig_time": {"en": "Time per call (ms)", "zh": "每次调用耗时（毫秒）"},
    "paper.fig_memory": {"en": "Score matrix QKᵀ (MB)", "zh": "分数矩阵 QKᵀ（MB）"},
    "paper.axis_n": {"en": "sentence length n (tokens)", "zh": "句子长度 n（词元）"},
    "paper.axis_ms": {"en": "ms", "zh": "毫秒"},
    "paper.axis_mb": {"en": "MB", "zh": "MB"},
    "paper.trace_attention": {"en": "self-attention block", "zh": "自注意力模块"},
    "paper.trace_ffn": {"en": "FFN", "zh": "前馈网络"},
    "paper.trace_scores": {"en": "h·n²·4 bytes", "zh": "h·n²·4 字节"},
    "paper.col_n": {"en": "n", "zh": "n"},
    "paper.col_attn_ms": {"en": "attention (ms)", "zh": "注意力（毫秒）"},
    "paper.col_ffn_ms": {"en": "FFN (ms)", "zh": "前馈网络（毫秒）"},
    "paper.col_mb": {"en": "QKᵀ (MB)", "zh": "QKᵀ（MB）"},
}
