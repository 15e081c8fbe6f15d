"""Messages of the minimal-pairs lab page."""

MESSAGES = {
    "nav.lab_pairs": {"en": "Lab: minimal pairs", "zh": "实验：最小对比句"},
    "mp.header": {"en": "Minimal pairs: change a word, see what moves", "zh": "最小对比句：改一个词，看哪里变了"},
    "mp.caption": {
        "en": "Two sentences that differ in a word or two, through the same model. The first is the sentence in "
              "the box above; type the second here or pick a pair. The third map is first − second on the tokens "
              "they share (grey: a token the other sentence does not have).",
        "zh": "两个只差一两个词的句子，经过同一个模型。第一句是上方输入框里的句子；第二句在这里输入，或选一组例句。"
              "第三张图是两句共有的词元上“第一句 − 第二句”的差（灰色：另一句没有的词元）。",
    },
    "mp.preset": {"en": "Pairs", "zh": "例句对"},
    "mp.pick": {"en": "Pick a pair…", "zh": "选择一组例句…"},
    "mp.second": {"en": "Second sentence", "zh": "第二句"},
    "mp.first_label": {"en": "First: {output}", "zh": "第一句：{output}"},
    "mp.second_label": {"en": "Second: {output}", "zh": "第二句：{output}"},
    "mp.fig_first": {"en": "First sentence · {block} · layer {layer} · head {head}",
                     "zh": "第一句 · {block} · 第 {layer} 层 · 头 {head}"},
    "mp.fig_second": {"en": "Second sentence · {block} · layer {layer} · head {head}",
                      "zh": "第二句 · {block} · 第 {layer} 层 · 头 {head}"},
    "mp.fig_diff": {"en": "First − second (shared tokens)", "zh": "第一句 − 第二句（共有的词元）"},
    "mp.unshared": {"en": "not in the other sentence", "zh": "另一句没有这个词元"},
    "mp.no_second": {"en": "Type a second sentence to compare.", "zh": "输入第二句来对比。"},
}
