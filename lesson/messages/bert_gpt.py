"""Messages of the BERT vs GPT page, with the trained model and with a pretrained model loaded (prefix bg.*;
topics.py holds GPT-1's task inputs and WordPiece)."""

TRAINED = {
    "nav.bert_gpt": {"en": "BERT vs GPT", "zh": "BERT 与 GPT"},
    "bg.header": {"en": "BERT vs GPT: one half of the Transformer each", "zh": "BERT 与 GPT：各取 Transformer 的一半"},
    "bg.intro": {
        "en": "BERT keeps only the encoder: bidirectional self-attention, every token sees every token. GPT keeps "
              "only the decoder, without cross-attention: causal self-attention, every token sees itself and what "
              "comes before. This app's encoder and decoder show both masks on the sentence above.",
        "zh": "BERT 只保留编码器：双向自注意力，每个词元都能看到所有词元。GPT 只保留解码器，并去掉交叉注意力："
              "因果自注意力，每个词元只能看到自己和前面的词。本应用的编码器和解码器在上方的句子上展示这两种掩码。",
    },
    "bg.masks": {"en": "Which mask, and what each token can see", "zh": "用哪种掩码，每个词元能看到什么"},
    "bg.fig_encoder": {"en": "Encoder self-attention (BERT-style): mask", "zh": "编码器自注意力（BERT 式）：掩码"},
    "bg.fig_decoder": {"en": "Decoder self-attention (GPT-style): mask", "zh": "解码器自注意力（GPT 式）：掩码"},
    "bg.sees": {"en": "{token} sees: {visible}", "zh": "{token} 能看到：{visible}"},
    "bg.hover_visible": {"en": "{row} sees {col}", "zh": "{row} 看 {col}"},
    "bg.objectives": {"en": "Two pre-training objectives, worked on this sentence",
                      "zh": "两种预训练目标：用本句手算"},
    "bg.mlm": {
        "en": "**Masked-token prediction (BERT).** About 15 % of the positions are picked ({k} of {n} here) and "
              "replaced by [MASK] (of the picked ones BERT keeps 80 % as [MASK], puts a random word in 10 %, leaves "
              "10 %). The model sees both sides and must recover them; only the picked positions count in the loss: "
              "{k} terms.",
        "zh": "**掩码语言模型（MLM，BERT）。** 约 15% 的位置被选中（这里是 {n} 个中的 {k} 个）并替换成 [MASK]"
              "（被选中的位置中，BERT 80% 换成 [MASK]，10% 换成随机词，10% 保持原词）。模型能看到两侧，要把它们还原；"
              "只有被选中的位置计入损失：{k} 项。",
    },
    "bg.mlm_input": {"en": "input", "zh": "输入"},
    "bg.mlm_target": {"en": "targets", "zh": "目标"},
    "bg.mlm_note": {
        "en": "This app's encoder was trained for translation, not for this objective, so it makes no guess here.",
        "zh": "本应用的编码器是为翻译训练的，不是为这个目标训练的，所以这里不给出预测。",
    },
    "bg.ntp": {
        "en": "**Next-token prediction (GPT).** Every position predicts the token after it from itself and the "
              "tokens before it; every position counts: {t} terms. This app's decoder does exactly this "
              "(conditioned on the "
              "source too); on its own translation, with −log p per position:",
        "zh": "**下一个词预测（GPT）。** 每个位置根据它自己和它前面的词元预测下一个词元；每个位置都计入损失：{t} 项。"
              "本应用的解码器做的正是这件事（同时还以源句为条件）；在它自己的译文上，每个位置的负对数概率：",
    },
    "bg.col_sees": {"en": "sees", "zh": "能看到"},
    "bg.col_predicts": {"en": "predicts", "zh": "预测"},
    "bg.col_p": {"en": "p", "zh": "p"},
    "bg.col_loss": {"en": "−log p", "zh": "负对数概率"},
    "bg.ntp_mean": {"en": "Mean loss {loss} (perplexity {ppl}).", "zh": "平均损失 {loss}（困惑度 {ppl}）。"},
    "bg.positions": {"en": "Positions: learned vs sinusoidal", "zh": "位置：学习得到的与正弦余弦的"},
    "bg.caption_positions": {
        "en": "BERT and GPT learn a position table ({bert_pos} × {bert_d} = {bert_params} parameters in "
              "BERT-base), which cannot go past its last row. This app uses the paper's fixed sin/cos formula: 0 "
              "parameters, defined for any position (learned tables for its {max_len} positions, one for the "
              "encoder and one for the decoder, would add 2 × {max_len} × {d} = {ours} parameters). The paper found "
              "both about equally good (its Table 3, row E).",
        "zh": "BERT 和 GPT 学习一张位置表（BERT-base 中是 {bert_pos} × {bert_d} = {bert_params} 个参数），"
              "超过最后一行就无法使用。本应用使用论文中固定的正弦/余弦公式：0 个参数，任何位置都有定义"
              "（若为它的 {max_len} 个位置学两张表，编码器和解码器各一张，要多 2 × {max_len} × {d} = {ours} 个参数）。"
              "论文发现两者效果相"
              "当（表 3 第 E 行）。",
    },
    "bg.segments": {"en": "Segment embeddings", "zh": "段嵌入"},
    "bg.caption_segments": {
        "en": "BERT reads one or two sentences in one sequence, so each token's input is token + segment + "
              "position embedding; the segment says which sentence it belongs to. With this sentence as A and "
              "“{second}” as B:",
        "zh": "BERT 把一个或两个句子放在同一个序列里读，所以每个词元的输入是 词元嵌入 + 段嵌入 + 位置嵌入；"
              "段嵌入说明它属于哪个句子。以本句为 A、以“{second}”为 B：",
    },
    "bg.row_token": {"en": "token", "zh": "词元"},
    "bg.row_segment": {"en": "segment", "zh": "段"},
    "bg.row_position": {"en": "position", "zh": "位置"},
    "bg.caption_no_segments": {
        "en": "This encoder–decoder needs no segments: the source goes to the encoder and the target to the "
              "decoder, two separate inputs.",
        "zh": "本应用的编码器-解码器不需要段嵌入：源句进入编码器，目标句进入解码器，是两个独立的输入。",
    },
    "bg.pretraining": {
        "en": "**What the notes add about pre-training.** BERT's masked-LM has two drawbacks: [MASK] never "
              "appears when fine-tuning (so of the tokens picked, 80 % become [MASK], 10 % a random word, 10 % stay), "
              "and only the picked tokens are predicted — here {k} of {n} positions give a loss term, against {t} "
              "for next-token prediction above — so it converges more slowly. BERT's second task, next-sentence "
              "prediction, asks whether sentence B follows A (50 % of pairs do, 50 % are random); later work "
              "dropped it without loss. GPT-1 fine-tunes on L₃ = L₂ + λ·L₁: the task's loss plus λ times the "
              "language-model loss (λ = 0.5 in its paper). GPT-2 and GPT-3 keep the decoder and grow it (table "
              "below).",
        "zh": "**笔记补充的预训练内容。** BERT 的掩码语言模型（MLM）有两个缺点：微调时永远不会出现 [MASK]"
              "（所以被选中的词元中 80% 换成 [MASK]，10% 换成随机词，10% 保持不变）；而且只有被选中的词元参与预测"
              "——这里 {n} 个位置中只有 {k} 个产生损失项，而上面的下一个词预测有 {t} 项——所以收敛更慢。"
              "BERT 的第二个任务是下一句预测（NSP）：判断句子 B 是否紧跟在 A 后面（50% 的句对是，50% 是随机的）；"
              "后来的研究去掉了它，效果并没有变差。GPT-1 微调时的目标是 L₃ = L₂ + λ·L₁：任务损失加上 λ 倍的语言模型"
              "损失（其论文中 λ = 0.5）。GPT-2 和 GPT-3 保留解码器结构并把它做大（见下表）。",
    },
    "bg.sizes": {"en": "Sizes", "zh": "规模"},
    "bg.col_model": {"en": "model", "zh": "模型"},
    "bg.col_layers": {"en": "layers", "zh": "层数"},
    "bg.col_hidden": {"en": "d_model (hidden size)", "zh": "d_model（隐藏层大小）"},
    "bg.col_heads": {"en": "heads", "zh": "头数"},
    "bg.col_stated": {"en": "parameters (stated)", "zh": "参数量（论文数字）"},
    "bg.col_computed": {"en": "parameters (from the configuration)", "zh": "参数量（按配置计算）"},
    "bg.this_model": {"en": "this app ({model}, encoder + decoder)", "zh": "本应用（{model}，编码器 + 解码器）"},
    "bg.caption_sizes": {
        "en": "BERT's counts are computed here from its configuration (embeddings incl. 2 segments, 4·d² + 4·d "
              "attention and 2·d·4d + 5d FFN per layer, LayerNorms, pooler); this model's is counted from its "
              "loaded parameters: BERT-base is {ratio}× larger.",
        "zh": "BERT 的参数量是按它的配置算出来的（词嵌入含 2 个段嵌入，每层 4·d² + 4·d 的注意力和 2·d·4d + 5d 的前"
              "馈网络，"
              "层归一化，池化层）；本模型的参数量则是从加载的参数中数出来的：BERT-base 是它的 {ratio} 倍。",
    },
}

PRETRAINED = {
    "bg.hf_intro": {
        "en": "**{model}** is loaded, so this page shows that real model on the sentence above, in its own subword "
              "tokens: the mask its own attention weights show next to the other family's, its pre-training objective "
              "run live, and its size counted from its weights.",
        "zh": "已加载 **{model}**，所以本页用这个真实模型、按它自己的子词词元展示上方的句子：它自己的注意力权重所显示的"
              "掩码（旁边是另一类模型的掩码）、实时运行的预训练目标，以及从权重中数出的规模。",
    },
    "bg.hf_intro_marian": {
        "en": "**{model}** is loaded: a real encoder–decoder, so this page shows, in its own subword tokens, the masks "
              "its own attention weights show in its encoder (as a BERT) and in its decoder (as a GPT).",
        "zh": "已加载 **{model}**：这是一个真实的编码器-解码器，所以本页按它自己的子词词元，展示它自己的"
              "注意力权重在编码器（像 BERT）和解码器（像 GPT）中显示的掩码。",
    },
    "bg.hf_fig_bert": {"en": "This BERT, measured from its weights: mask", "zh": "本 BERT（由权重实测）：掩码"},
    "bg.hf_fig_gpt2": {"en": "This GPT-2, measured from its weights: mask",
                      "zh": "本 GPT-2（由权重实测）：掩码"},
    "bg.hf_fig_as_gpt": {"en": "What a GPT would use: the causal mask", "zh": "GPT 会用的：因果掩码"},
    "bg.hf_fig_as_bert": {"en": "What a BERT would use: no mask (bidirectional)",
                          "zh": "BERT 会用的：不遮挡（双向）"},
    "bg.hf_fig_marian_enc": {"en": "Marian encoder, measured from its weights: mask",
                             "zh": "Marian 编码器（由权重实测）：掩码"},
    "bg.hf_fig_marian_dec": {"en": "Marian decoder self-attention, measured: mask",
                             "zh": "Marian 解码器自注意力（实测）：掩码"},
    "bg.hf_reach": {
        "en": "Measured from the attention weights the library itself returns (`output_attentions`) over all {n} "
              "layers × {h} heads: a query sees a key if some layer and head gives it a weight > 0. Weights on "
              "tokens **after** the query: largest {max}, smallest {min}.",
        "zh": "由库自己返回的注意力权重（`output_attentions`）在全部 {n} 层 × {h} 个头上实测：只要某一层某个头给"
              "某个键的权重 > 0，查询就算看到了它。查询**之后**的词元得到的权重：最大 {max}，最小 {min}。",
    },
    "bg.hf_reach_bidirectional": {
        "en": "All of them are > 0: every token sees every token, before and after it (bidirectional).",
        "zh": "它们全都 > 0：每个词元都能看到所有词元，前面的和后面的都能看到（双向）。",
    },
    "bg.hf_reach_causal": {
        "en": "All of them are exactly 0: every token sees only itself and the tokens before it (causal).",
        "zh": "它们全都恰好为 0：每个词元只能看到自己和前面的词元（因果）。",
    },
    "bg.hf_reach_one": {"en": "One token only: no token comes after another.",
                        "zh": "只有一个词元：没有哪个词元排在另一个之后。"},
    "bg.hf_other": {
        "en": "The same tokens under the other family's mask (drawn from the rule, not measured).",
        "zh": "同样的词元换成另一类模型的掩码（按规则画出，不是实测）。",
    },
    "bg.hf_objective": {"en": "Its pre-training objective, live on this sentence",
                        "zh": "它的预训练目标：在本句上实时运行"},
    "bg.hf_mlm": {
        "en": "**Masked-token prediction.** Pick a word: each of its subwords becomes [MASK], and the MLM head, "
              "reading both sides, gives every token of its vocabulary a probability at each masked position.",
        "zh": "**掩码语言模型（MLM）。** 选一个词：它的每个子词都换成 [MASK]，MLM 头同时读取左右两侧，"
              "在每个被遮蔽的位置上给词表里的每个词元一个概率。",
    },
    "bg.hf_pick_word": {"en": "Word to mask", "zh": "要遮蔽的词"},
    "bg.hf_fig_mask": {"en": "[MASK] {i} (was “{target}”): top {k}", "zh": "[MASK] {i}（原为“{target}”）：前 {k}"},
    "bg.hf_mlm_loss": {
        "en": "Position {i}: the model gives the original “{target}” p = {p}, so this position's loss term is "
              "−log p = {loss}.",
        "zh": "位置 {i}：模型给原词元“{target}”的概率 p = {p}，所以这个位置的损失项是 −log p = {loss}。",
    },
    "bg.hf_mlm_missing": {
        "en": "This checkpoint (`{arch}`) was saved without its MLM head, so it cannot guess the masked word: above "
              "are the input it would be trained on and the targets it would have to recover. A checkpoint saved as "
              "…ForMaskedLM (e.g. bert-base-uncased) shows its guesses here.",
        "zh": "这个检查点（`{arch}`）保存时没有带掩码语言模型（MLM）头，所以它猜不出被遮蔽的词："
              "上面是它训练时会读到的输入，"
              "以及它要还原的目标。以 …ForMaskedLM 形式保存的检查点（例如 bert-base-uncased）会在这里给出它的猜测。",
    },
    "bg.hf_no_word": {"en": "The sentence has no word to mask: type one.",
                      "zh": "句子里没有可以遮蔽的词：请输入一个。"},
    "bg.hf_ntp": {
        "en": "**Next-token prediction.** One pass over the sentence gives a next-token distribution at every "
              "position (the causal mask hides what follows); each position's loss is −log p of the token that "
              "really comes next: {t} terms.",
        "zh": "**下一个词预测。** 对句子做一次前向传播，每个位置都得到一个下一个词元的分布"
              "（因果掩码遮住了后面的内容）；每个位置的损失是实际出现的下一个词元的 −log p：共 {t} 项。",
    },
    "bg.hf_col_next": {"en": "next token (in the sentence)", "zh": "下一个词元（句中实际的）"},
    "bg.hf_col_top": {"en": "model's top guess", "zh": "模型的首选"},
    "bg.hf_ntp_one": {"en": "One token: the sentence has no next token to score. Type more.",
                      "zh": "只有一个词元：句子里没有可以打分的下一个词元。请再输入一些。"},
    "bg.hf_marian_objective": {
        "en": "A Marian model is trained like this app's own encoder–decoder: next-token prediction on the "
              "translation, reading the source. See each step on the Encoder–decoder & decoding page.",
        "zh": "Marian 模型的训练方式和本应用自带的编码器-解码器一样：读取源句，在译文上做下一个词预测。"
              "每一步见“编码器-解码器与解码”页。",
    },
    "bg.hf_col_counted": {"en": "parameters (counted from the loaded weights)", "zh": "参数量（从加载的权重中数出）"},
    "bg.hf_row": {"en": "{model} (loaded)", "zh": "{model}（已加载）"},
    "bg.hf_sizes": {
        "en": "Counted from the loaded weights: {total} in all, {body} of them in its `{body_class}` (embeddings and "
              "layers). The formula for its configuration ({args}) gives {formula}.",
        "zh": "从加载的权重中数出：共 {total} 个，其中 {body} 个在它的 `{body_class}`（嵌入和各层）里。"
              "按它的配置（{args}）用公式算出 {formula} 个。",
    },
    "bg.hf_sizes_equal": {"en": "Formula and count agree exactly.", "zh": "公式与数出的结果完全一致。"},
    "bg.hf_sizes_differ": {
        "en": "They differ by {diff}: this architecture has parts the formula does not count.",
        "zh": "两者相差 {diff}：这种架构有公式没有计入的部分。",
    },
    "bg.hf_head_tied": {
        "en": "The head on top adds {head}; its output weights are the token embedding itself (tied), counted once.",
        "zh": "上面的输出头另有 {head} 个参数；它的输出权重就是词嵌入本身（共享），只计一次。",
    },
    "bg.hf_head_untied": {"en": "The head on top adds {head}.", "zh": "上面的输出头另有 {head} 个参数。"},
    "bg.hf_head_none": {
        "en": "Its output layer is the token embedding itself (tied): it adds no parameters.",
        "zh": "它的输出层就是词嵌入本身（共享）：不增加参数。",
    },
    "bg.hf_positions": {
        "en": "**Learned positions.** Its position table is a weight of {positions} × {dim} = {params} parameters "
              "(read from the loaded weights): this sentence's {n} tokens use rows 0–{last}, and nothing longer than "
              "{positions} tokens can be read. (The paper and this app's glass-box model use the fixed sin/cos "
              "formula instead: 0 parameters, defined for any position.)",
        "zh": "**学习得到的位置。** 它的位置表是一个 {positions} × {dim} = {params} 个参数的权重"
              "（从加载的权重中读出）：本句的 {n} 个词元用到第 0–{last} 行，超过 {positions} 个词元的输入就读不了。"
              "（论文和本应用自带的模型用的则是固定的正弦/余弦公式：0 个参数，任何位置都有定义。）",
    },
    "bg.hf_segments": {
        "en": "**Segments.** Its segment table is {segments} × {dim} (read from its weights); every token of one "
              "sentence gets segment 0.",
        "zh": "**段嵌入。** 它的段嵌入表是 {segments} × {dim}（从权重中读出）；单个句子的每个词元都属于第 0 段。",
    },
    "bg.hf_no_segments": {"en": "**Segments.** It has no segment table: a GPT reads one stream of text.",
                          "zh": "**段嵌入。** 它没有段嵌入表：GPT 读的是一整条文本流。"},
}

MESSAGES: dict[str, dict[str, str]] = TRAINED | PRETRAINED
