"""Messages of the Masks page's lesson on the notes' masking: × 0/1 against + (−∞), a fully masked row (prefix
mm.*)."""

MESSAGES = {
    "mm.mode": {"en": "How the mask is applied", "zh": "掩码的施加方式"},
    "mm.mul": {"en": "× mask (the note)", "zh": "× 掩码（笔记的做法）"},
    "mm.add": {"en": "+ mask, −∞ (the paper)", "zh": "+ 掩码，−∞（论文的做法）"},
    "mm.fig_mul": {"en": "softmax(S ⊙ M): the note", "zh": "softmax(S ⊙ M)：笔记的做法"},
    "mm.fig_add": {"en": "softmax(S + M): the paper", "zh": "softmax(S + M)：论文的做法"},
    "mm.caption_mul": {
        "en": "softmax([2, 4·0, 4·0]) = [{w0}, {w1}, {w2}]: the two future keys get {w1} each.",
        "zh": "softmax([2, 4·0, 4·0]) = [{w0}, {w1}, {w2}]：两个未来的键各得到 {w1}。",
    },
    "mm.caption_add": {
        "en": "softmax([2, −∞, −∞]) = [{w0}, {w1}, {w2}]: the future keys get exactly 0.",
        "zh": "softmax([2, −∞, −∞]) = [{w0}, {w1}, {w2}]：未来的键恰好得到 0。",
    },
    "mm.all_masked": {
        "en": "If every key of a row is masked: filling with −1e9 (as the notes' code does) gives a uniform row "
              "[{fill}]; −∞ with a plain softmax gives [{plain}] (−∞ − (−∞) is NaN); this app's softmax returns "
              "[{app}].",
        "zh": "如果一行的所有键都被遮住：像笔记的代码那样填 −1e9，得到均匀的一行 [{fill}]；用 −∞ 加普通的 softmax "
              "得到 [{plain}]（−∞ − (−∞) 是 NaN）；本应用的 softmax 返回 [{app}]。",
    },
}
