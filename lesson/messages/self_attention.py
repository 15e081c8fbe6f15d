"""Messages of the Self-attention page's lesson on ÷√d_k: the softmax's gradient without and with the scaling
(prefix var.*)."""

MESSAGES = {
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
