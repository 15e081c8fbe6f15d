"""Messages of the shared header, navigation and notices."""

MESSAGES = {
    "app.title": {"en": "Attention Lab", "zh": "注意力实验室"},
    "nav.overview": {"en": "Overview", "zh": "总览"},
    "nav.tour": {"en": "Guided tour", "zh": "导览：一次前向传播"},
    "nav.embeddings": {"en": "Embeddings & PE", "zh": "词嵌入与位置编码"},
    "nav.self_attention": {"en": "Self-attention", "zh": "自注意力"},
    "nav.multi_head": {"en": "Multi-head & layers", "zh": "多头与多层"},
    "nav.masks": {"en": "Masks", "zh": "掩码"},
    "nav.decoding": {"en": "Encoder–decoder & decoding", "zh": "编码器-解码器与解码"},
    "nav.add_norm": {"en": "Add & Norm, FFN", "zh": "残差与层归一化、前馈网络"},
    "nav.playground": {"en": "Playground (hand-edit)", "zh": "动手实验（手工编辑矩阵）"},
    "header.sentence": {"en": "Sentence (updates as you type)", "zh": "句子（边输入边更新）"},
    "header.placeholder": {"en": "Type a sentence, e.g. {example}", "zh": "输入一个句子，例如 {example}"},
    "header.examples": {"en": "Examples", "zh": "例句"},
    "header.pick_example": {"en": "Pick an example…", "zh": "选择一个例句…"},
    "header.model": {"en": "Model", "zh": "模型"},
    "header.language": {"en": "Language", "zh": "界面语言"},
    "header.presenter": {"en": "Presenter view", "zh": "演示模式"},
    "header.view": {"en": "View", "zh": "显示"},
    "header.pinyin": {"en": "Pinyin under Chinese", "zh": "中文下方显示拼音"},
    "header.hide_special": {"en": "Hide special tokens", "zh": "隐藏特殊词元"},
    "header.hide_special_help": {
        "en": "Every attention map drops the rows and columns of special tokens (<bos>, <eos>, [CLS], [SEP]…) and "
              "divides each remaining row by its sum, so it adds up to 1 again. The model computes exactly as "
              "before; the maps show how the real words share the weight the specials did not take (a head that "
              "parks most of its weight on <bos> then looks sharper than it is).",
        "zh": "每张注意力图去掉特殊词元（<bos>、<eos>、[CLS]、[SEP]……）所在的行和列，并把剩下的每一行除以它的和，"
              "让它重新加起来等于 1。模型的计算和之前完全一样；图里显示的是真正的词之间如何分配特殊词元没拿走的权重"
              "（一个把大部分权重停放在 <bos> 上的头，这时会显得比实际更集中）。",
    },
    "model.en-zh": {"en": "English → 中文", "zh": "英语 → 中文"},
    "model.zh-en": {"en": "中文 → English", "zh": "中文 → 英语"},
    "model.en-zh-pre": {"en": "English → 中文 (Pre-Norm)", "zh": "英语 → 中文（Pre-Norm）"},
    "model.en-zh-unguided": {"en": "English → 中文 (attention unguided)", "zh": "英语 → 中文（注意力未引导）"},
    "notice.type_sentence": {
        "en": "Type a sentence in the box above (or pick an example) to see the model at work.",
        "zh": "在上方输入一个句子（或选择一个例句），即可看到模型的每一步计算。",
    },
    "notice.unknown": {
        "en": "Unknown to the model: {words} (→ similar words it knows). Each is read as the same <unk> token. The "
              "model was trained to write <unk> where it meets one; the app then copies in the source word its "
              "cross-attention looks at (dashed orange in the translation). It knows {n} words.",
        "zh": "模型不认识：{words}（→ 后是它认识的相近的词）。这些词都读作同一个 <unk> 记号。模型训练时学会了在遇到"
              "这样的词时写出 <unk>；应用再把它的交叉注意力所关注的源词原样复制进去（译文中橙色虚线框）。"
              "它一共认识 {n} 个词。",
    },
    "notice.truncated": {
        "en": "Only the first {kept} of {total} tokens are used (max_len = {max_len}).",
        "zh": "只使用了前 {kept} 个词元（共 {total} 个；max_len = {max_len}）。",
    },
    "notice.page_failed": {
        "en": "This view could not be drawn for the current input. Your sentence is kept; "
              "try another sentence or page.",
        "zh": "当前输入无法绘制此视图。你的句子已保留；请换一个句子或页面试试。",
    },
    "notice.param_dropped": {
        "en": "The link's “{name}” is not valid here (expected {expected}); the default {value} is used.",
        "zh": "链接中的“{name}”无效（应为{expected}）；已改用默认值 {value}。",
    },
    "notice.param_clamped": {
        "en": "The link's “{name}” is outside {low}–{high}; {value} is used.",
        "zh": "链接中的“{name}”超出范围 {low}–{high}；已改用 {value}。",
    },
    "notice.text_unencodable": {
        "en": "{n} character(s) that cannot be encoded were replaced by �.",
        "zh": "有 {n} 个无法编码的字符，已替换为 �。",
    },
    "notice.text_controls": {
        "en": "{n} invisible control character(s) were removed.",
        "zh": "已删除 {n} 个不可见的控制字符。",
    },
    "notice.text_cut": {
        "en": "The text had {n} characters; only the first {max} are used.",
        "zh": "文本共有 {n} 个字符，只使用前 {max} 个。",
    },
    "expect.choice": {"en": "one of: {options}", "zh": "以下之一：{options}"},
    "expect.bool": {"en": "1 or 0", "zh": "1 或 0"},
    "expect.int": {"en": "a whole number from {low} to {high}", "zh": "{low} 到 {high} 之间的整数"},
    "expect.float": {"en": "a number from {low} to {high}", "zh": "{low} 到 {high} 之间的数"},
    "cross.guided": {
        "en": "Model “{model}”: the cross-attention of its last decoder layer (layer {last}) was **trained to align** "
              "with the gold word alignment of the generated sentence pairs (a guided-alignment loss, weight {w}; "
              "the Tatoeba pairs have no alignment and add none); its other layers "
              "learned on their own. Compare with the unguided twin on the Decoding page.",
        "zh": "模型“{model}”：最后一个解码器层（第 {last} 层）的交叉注意力**经过对齐训练**，"
              "被引导去贴近生成句对的标准词对齐（引导对齐损失，权重 {w}；Tatoeba 句对没有对齐，不参与）；"
              "其余各层是自己学出来的。"
              "可在“编码器-解码器与解码”页与未引导的孪生模型对比。",
    },
    "cross.unguided": {
        "en": "Model “{model}”: its cross-attention **learned on its own** (no alignment loss): this is what "
              "translation training alone produced.",
        "zh": "模型“{model}”：交叉注意力**完全自己学出**（没有对齐损失）：这就是只靠翻译训练得到的结果。",
    },
    "app.about": {
        "en": "**Attention Lab** shows a small encoder–decoder Transformer's every number while you type. Its "
              "translation models are trained on generated sentence pairs and on English–Chinese sentence pairs from "
              "the Tatoeba Project (tatoeba.org), via manythings.org/anki, CC BY 2.0 FR; modified (simplified "
              "characters, whitespace).",
        "zh": "**Attention Lab** 在你打字时展示一个小型编码器-解码器 Transformer 的每一个数。它的翻译模型用生成的句对，"
              "以及 Tatoeba 项目（tatoeba.org）的英汉句对训练（经 manythings.org/anki 获得，CC BY 2.0 FR；"
              "有改动：转为简体字，规范空白）。",
    },
    "chip.unknown_tip": {"en": "unknown to the model: read as <unk>", "zh": "模型不认识：按 <unk> 处理"},
    "chip.copied_tip": {"en": "the model wrote <unk> here; copied from source position {pos}",
                        "zh": "模型在这里写出 <unk>；这个词是从源句第 {pos} 个位置复制来的"},
    "chip.missing_label": {"en": "left out:", "zh": "漏掉了："},
    "chip.untranslated_tip": {"en": "may be untranslated: the model knows this word, but no output token gave it more "
                                    "than {peak} of its cross-attention (layer {layer}; marked below {threshold})",
                              "zh": "可能未译出：模型认识这个词，但没有一个输出词元给它超过 {peak} 的交叉注意力"
                                    "（第 {layer} 层；低于 {threshold} 即标出）"},
    "chip.missing_tip": {"en": "unknown to the model, and it wrote no <unk> for this word: nothing was copied, so the "
                               "translation leaves it out or says something else in its place",
                         "zh": "模型不认识这个词，也没有为它写出 <unk>：没有复制任何词，"
                               "所以译文漏掉了它，或在它的位置上说了别的"},
    "notice.untranslated": {
        "en": "May be untranslated: {words} (known words that no output token looked at much: see Coverage on the "
              "Decoding page).",
        "zh": "可能未译出：{words}（模型认识这些词，但没有一个输出词元多看它们：见“编码器-解码器与解码”页的覆盖度）。",
    },
    "notice.uncopied": {
        "en": "Left out of the translation: {words}. The model wrote no <unk> for them, so nothing was copied; they "
              "are struck through after the translation.",
        "zh": "译文漏掉了：{words}。模型没有为它们写出 <unk>，所以没有复制；它们在译文后面以删除线标出。",
    },
}
