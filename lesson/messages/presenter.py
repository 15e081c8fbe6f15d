"""Presenter view: the one-line notices after the token chips, the hint for the page keys, and the sentence box's
note when a paste runs past its limit, the tour's token ids in parts on a projector."""

MESSAGES = {
    "notice.line_unknown": {"en": "Unknown: {words} (copied where the model writes <unk>)",
                            "zh": "模型不认识：{words}（模型写出 <unk> 处复制原词）"},
    "notice.line_uncopied": {"en": "Left out: {words}", "zh": "译文漏掉了：{words}"},
    "notice.line_untranslated": {"en": "May be untranslated: {words}", "zh": "可能未译出：{words}"},
    "header.limit_note": {"en": "Cut at {n} characters: the box holds no more",
                          "zh": "已截断：输入框最多 {n} 个字符"},
    "tour.fig.tokens_part": {"en": "Token ids, tokens {first}–{last}", "zh": "第 {first}–{last} 个词元的编号"},
    "header.keys_pages": {"en": "← / → pages", "zh": "← / → 翻页"},
    "header.keys_steps": {"en": "← / → steps, then pages", "zh": "← / → 换步，再翻页"},
}
