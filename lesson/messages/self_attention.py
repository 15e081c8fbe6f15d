"""Messages of the Self-attention page: its steps, charts and worked query (prefix sa.*), and its lesson on ÷√d_k,
the softmax's gradient without and with the scaling (prefix var.*)."""

MESSAGES = {
    "sa.header": {"en": "Self-attention, step by step", "zh": "自注意力：逐步拆解"},
    "sa.scale": {"en": "Divide by √d_k (scaling)", "zh": "除以 √d_k（缩放）"},
    "sa.temp": {"en": "Attention temperature T (scores ÷ T)", "zh": "注意力温度 T（注意力分数 ÷ T）"},
    "sa.step1": {"en": "1 · Input X and its projections Q = X·W_Q + b_Q, K = X·W_K + b_K, V = X·W_V + b_V",
                 "zh": "1 · 输入 X 及其投影：查询 Q = X·W_Q + b_Q，键 K = X·W_K + b_K，值 V = X·W_V + b_V"},
    "sa.caption_x": {
        "en": "Rows are tokens. X is {rows} × {d_model} (d_model); head {head} keeps d_k = {d_k} columns of each "
              "projection.",
        "zh": "每行是一个词元。X 的形状是 {rows} × {d_model}（d_model）；头 {head} 在每个投影中占 d_k = {d_k} 列。",
    },
    "sa.cross_note": {"en": " In cross-attention Q comes from the decoder, K and V from the encoder memory.",
                      "zh": "在交叉注意力中，Q 来自解码器，K 和 V 来自编码器的输出。"},
    "sa.fig_x": {"en": "X (query side)", "zh": "X（查询一侧）"},
    "sa.fig_qkv": {"en": "{name} (head {head})", "zh": "{name}（头 {head}）"},
    "sa.step2": {"en": "2 · Scores: QKᵀ, then ÷√d_k", "zh": "2 · 注意力分数：先算 QKᵀ，再 ÷√d_k（缩放）"},
    "sa.fig_raw": {"en": "QKᵀ (raw scores)", "zh": "QKᵀ（原始注意力分数）"},
    "sa.step3": {"en": "3 · + mask, softmax, × V", "zh": "3 · + 掩码，softmax，× V"},
    "sa.caption_masked_causal": {
        "en": "{masked} of {total} cells masked (grey, −∞): the causal mask hides later tokens.",
        "zh": "{total} 个格子中有 {masked} 个被掩码（灰色，−∞）：因果掩码遮住了后面的词元。",
    },
    "sa.caption_masked_none": {
        "en": "{masked} of {total} cells masked (grey, −∞): nothing to hide for one unpadded sentence; see the "
              "Masks page for padding.",
        "zh": "{total} 个格子中有 {masked} 个被掩码（灰色，−∞）：单个没有填充的句子无需遮挡；"
              "填充的情形请看“掩码”页。",
    },
    "sa.fig_masked": {"en": "Masked scores", "zh": "掩码后的注意力分数"},
    "sa.hover_masked": {"en": "score({row}, {col}) + mask", "zh": "分数({row}, {col}) + 掩码"},
    "sa.fig_softmax": {"en": "softmax → attention weights (rows sum to 1)",
                       "zh": "softmax → 注意力权重（每行之和为 1）"},
    "sa.hover_softmax": {"en": "softmax row {row}, key {col}", "zh": "softmax：查询 {row}，键 {col}"},
    "sa.fig_z": {"en": "Z = weights × V (head {head})", "zh": "Z = 权重 × V（头 {head}）"},
    "sa.step4": {"en": "4 · One query, by hand", "zh": "4 · 手算一个查询"},
    "sa.caption_step4": {"en": "The steps of the worked example in «{title}»: q·k for each key, softmax, and the "
                               "weighted sum of the values.",
                         "zh": "与«{title}»中手算例子的步骤相同：q 与每个键的点积、softmax、值向量的加权求和。"},
    "sa.row_weighted": {"en": "weight_j · v_j", "zh": "权重_j · v_j"},
    "sa.col_key": {"en": "key", "zh": "键"},
    "sa.col_scaled": {"en": "scaled (+mask)", "zh": "缩放后（+掩码）"},
    "sa.col_dot": {"en": "q·k", "zh": "点积"},
    "sa.col_weight": {"en": "softmax", "zh": "注意力权重"},
    "sa.fig_products": {"en": "q({query}) ⊙ k_j (sum a row → q·k_j)", "zh": "q({query}) ⊙ k_j（每行求和 → q·k_j）"},
    "sa.fig_weighted": {"en": "Weighted values and their sum z({query})", "zh": "加权后的值向量及其和 z({query})"},
    "var.header": {"en": "Why ÷√d_k: the paper suspects large dot products leave the softmax almost no gradient",
                   "zh": "为什么 ÷√d_k：论文猜测点积太大时 softmax 几乎没有梯度"},
    "var.caption": {
        "en": "The paper's reason (§3.2.1) is a hypothesis, and it says so: additive attention outperforms "
              "unscaled dot-product attention for larger d_k, and “we suspect” that for large d_k the dot products "
              "grow large in magnitude, pushing the softmax into regions where it has extremely small gradients, so "
              "the scores barely learn. The variance is the paper's own illustration: if the components of q and k are "
              "independent with mean 0 and variance 1, "
              "q·k = Σ qᵢkᵢ has variance d_k, and q·k/√d_k has variance 1. Measured on {n} random pairs per d_k.",
        "zh": "论文给出的理由（§3.2.1）是一个假设，它自己也这么说：d_k 较大时，加性注意力胜过不缩放的点积注意力，"
              "而论文“猜测”这是因为 d_k 较大时点积的绝对值会很大，把 softmax 推到梯度极小的区域，分数几乎学不动。"
              "方差是论文自己给的说明：如果 q 和 k 的各分量相互独立、均值为 0、方差为 1，"
              "那么 q·k = Σ qᵢkᵢ 的方差是 d_k，而 q·k/√d_k 的方差是 1。每个 d_k 用 {n} 对随机向量实测。",
    },
    "var.jacobian": {
        "en": "The gradient, live on this row: the softmax's Jacobian ∂w/∂s = diag(w) − w·wᵀ has norm "
              "‖J‖ = **{plain}** on the unscaled scores and **{scaled}** on the scores ÷√d_k ({ratio}). The closer "
              "one weight is to 1, the closer J is to 0, and the less any score can change through training.",
        "zh": "梯度，在这一行上实测：softmax 的雅可比矩阵 ∂w/∂s = 对角阵(w) − w·wᵀ，在不缩放的分数上范数 "
              "‖J‖ = **{plain}**，在 ÷√d_k 之后的分数上为 **{scaled}**（{ratio}）。某个权重越接近 1，J 就越接近 0，"
              "训练时分数也就越难改变。",
    },
    "var.ratio": {"en": "×{r} with the scaling", "zh": "缩放后为 ×{r}"},
    "var.fig": {"en": "Variance of q·k for random unit-variance q, k", "zh": "随机单位方差 q、k 的 q·k 方差"},
    "var.raw": {"en": "q·k", "zh": "点积 q·k"},
    "var.scaled": {"en": "q·k / √d_k", "zh": "点积 ÷ √d_k"},
    "var.x": {"en": "d_k", "zh": "d_k"},
    "var.y": {"en": "variance", "zh": "方差"},
    "var.row": {"en": "One row with and without ÷√d_k", "zh": "同一行：÷√d_k 与不缩放"},
    "var.fig_row": {"en": "softmax of query {query}'s row ({block}, layer {layer}, head {head})",
                    "zh": "查询 {query} 这一行的 softmax（{block}，第 {layer} 层，头 {head}）"},
    "var.with": {"en": "÷√d_k", "zh": "÷√d_k"},
    "var.without": {"en": "not scaled", "zh": "不缩放"},
    "var.caption_row": {
        "en": "This model has d_k = {d_k}. Not scaled, the largest weight of this row is {raw}; scaled, {scaled}.",
        "zh": "本模型 d_k = {d_k}。不缩放时这一行最大的权重是 {raw}；缩放后是 {scaled}。",
    },
}
