"""Messages of the pretrained (Hugging Face) models: the model picker's source box, load errors, the model card,
the Pretrained page, and the notes other pages show for a pretrained model."""

INSTALL = "python -m pip install -r requirements-hf.txt"

MESSAGES = {
    "nav.pretrained": {"en": "Pretrained models", "zh": "预训练模型"},
    "hf.option": {"en": "Pretrained (Hugging Face)…", "zh": "预训练模型（Hugging Face）…"},
    "hf.source": {"en": "Model id or local folder (press Enter)", "zh": "模型 ID 或本地文件夹（按回车）"},
    "hf.placeholder": {"en": "e.g. /path/to/opus-mt-en-zh or Helsinki-NLP/opus-mt-en-zh",
                       "zh": "例如 /path/to/opus-mt-en-zh 或 Helsinki-NLP/opus-mt-en-zh"},
    "hf.loading": {"en": "Loading the model…", "zh": "正在加载模型…"},
    "hf.download": {"en": "Download “{source}” from the Hugging Face Hub", "zh": "从 Hugging Face Hub 下载“{source}”"},
    "hf.downloading": {"en": "Downloading (config, tokenizer, safetensors weights)…",
                       "zh": "正在下载（配置、分词器、safetensors 权重）…"},
    # --- load errors: hf.err.<PretrainedError.code> ---
    "hf.err.no_transformers": {
        "en": "Pretrained models need the optional Hugging Face extra. Install it with `" + INSTALL + "` and "
              "restart the app.",
        "zh": "预训练模型需要可选的 Hugging Face 扩展。请运行 `" + INSTALL + "` 安装，然后重启本应用。",
    },
    "hf.err.empty": {
        "en": "Type a model id or the path of a local model folder in the box above and press Enter. The app never "
              "downloads by itself: it looks in this machine's Hugging Face cache, or in the folder you give.",
        "zh": "请在上方输入模型 ID 或本地模型文件夹的路径，然后按回车。本应用不会自行下载："
              "它只在本机的 Hugging Face 缓存或你给出的文件夹里查找。",
    },
    "hf.err.no_folder": {
        "en": "“{source}” is neither a folder on this machine nor a model id. Give the full path of a folder that "
              "holds config.json, the tokenizer files and model.safetensors.",
        "zh": "“{source}”既不是本机上的文件夹，也不是模型 ID。请给出完整的文件夹路径，"
              "其中应包含 config.json、分词器文件和 model.safetensors。",
    },
    "hf.err.no_config": {
        "en": "The folder “{source}” has no config.json, so it is not a Hugging Face model folder.",
        "zh": "文件夹“{source}”里没有 config.json，因此不是 Hugging Face 模型文件夹。",
    },
    "hf.err.not_found": {
        "en": "“{source}” is not in this machine's Hugging Face cache, and the app does not download by itself. "
              "On a machine with a network: `huggingface-cli download {model_id} --local-dir ./models/NAME`, copy the "
              "folder here and type its path; or press the download button below.",
        "zh": "本机的 Hugging Face 缓存里没有“{source}”，本应用也不会自行下载。"
              "在联网的机器上运行 `huggingface-cli download {model_id} --local-dir ./models/NAME`，"
              "把文件夹复制到这里并输入它的路径；或者点击下面的下载按钮。",
    },
    "hf.err.unsupported": {
        "en": "This model's type is “{model_type}”. The app reads the attention of these types: {supported}.",
        "zh": "该模型的类型是“{model_type}”。本应用能读取注意力的类型有：{supported}。",
    },
    "hf.err.broken": {
        "en": "“{source}” could not be loaded: {reason}. The app loads weights only from model.safetensors "
              "(never pickle files) and never runs code from a model folder.",
        "zh": "无法加载“{source}”：{reason}。本应用只从 model.safetensors 加载权重（从不读取 pickle 文件），"
              "也从不运行模型文件夹里的代码。",
    },
    "hf.err.download_failed": {
        "en": "Downloading “{source}” failed: {reason}. Without a network, fetch the folder on another machine "
              "(`huggingface-cli download {model_id} --local-dir ./models/NAME`) and type its path here.",
        "zh": "下载“{source}”失败：{reason}。没有网络时，请在另一台机器上获取该文件夹"
              "（`huggingface-cli download {model_id} --local-dir ./models/NAME`），再在这里输入它的路径。",
    },
    # --- model card and token notes ---
    "hf.family.bert": {"en": "BERT-family encoder", "zh": "BERT 系列编码器"},
    "hf.family.gpt2": {"en": "GPT-2-family decoder", "zh": "GPT-2 系列解码器"},
    "hf.family.marian": {"en": "Marian encoder–decoder (the paper's architecture)",
                         "zh": "Marian 编码器-解码器（即论文中的架构）"},
    "hf.card": {
        "en": "**{name}** · {family} · `{arch}` · {layers} · {h} heads · d_model = {d_model} · d_k = {d_k} · "
              "{params} M parameters",
        "zh": "**{name}** · {family} · `{arch}` · {layers} · {h} 个头 · d_model = {d_model} · d_k = {d_k} · "
              "参数 {params} M",
    },
    "hf.card_layers": {"en": "{n} layers", "zh": "{n} 层"},
    "hf.card_layers_marian": {"en": "{enc} + {dec} layers", "zh": "{enc} + {dec} 层"},
    "hf.check": {
        "en": "Q, K, V and the mask are read by forward hooks on the library's own attention modules; the weights "
              "computed here from them differ from the library's `output_attentions` by at most {diff} on this "
              "sentence.",
        "zh": "Q、K、V 和掩码由挂在库自身注意力模块上的前向钩子读出；由它们在这里算出的权重与库的 "
              "`output_attentions` 在这个句子上最多相差 {diff}。",
    },
    "hf.tokens_caption": {
        "en": "Tokens exactly as this model's tokenizer splits the sentence: ## (BERT) marks a piece that continues "
              "a word, ▁ (SentencePiece) and Ġ (GPT-2) mark a piece that starts one after a space.",
        "zh": "词元完全按该模型的分词器切分：## （BERT）表示接在前一个片段后面的词内片段；"
              "▁（SentencePiece）和 Ġ（GPT-2）表示前面有空格、开始一个新词的片段。",
    },
    "hf.not_applicable": {
        "en": "“{page}” shows the internals of the app's own glass-box model (its embeddings, LayerNorms, FFN, "
              "training or hand-edited matrices), which a pretrained model does not expose in the same form. With a "
              "pretrained model loaded, use: {pages}. Pick a glass-box model in the Model box to come back here.",
        "zh": "“{page}”展示的是本应用自带的白盒模型的内部（词嵌入、层归一化、前馈网络、训练过程或手工编辑的矩阵），"
              "预训练模型并不以同样的形式提供这些。加载预训练模型时，请使用：{pages}。"
              "在“模型”框中选回自带模型即可回到本页。",
    },
    "hf.decoding_not_applicable": {
        "en": "A {family} has no decoder reading an encoder's output, so there is no cross-attention and no "
              "translation to decode step by step here. {what}",
        "zh": "{family}没有读取编码器输出的解码器，所以这里没有交叉注意力，也没有可以逐步解码的译文。{what}",
    },
    "hf.what_bert": {
        "en": "Its output is one vector per token; with an MLM head it fills in a [MASK] (Pretrained models page).",
        "zh": "它的输出是每个词元一个向量；带掩码语言模型（MLM）头时，它能填出句子里的 [MASK]（见“预训练模型”页）。",
    },
    "hf.what_gpt2": {
        "en": "It predicts the next token from the current token and the tokens before it (Pretrained models page).",
        "zh": "它根据当前词元和前面的词元预测下一个词元（见“预训练模型”页）。",
    },
    "hf.cross_note": {
        "en": "Model “{model}”: a pretrained Marian translation model; its cross-attention learned on its own "
              "from translation data (no alignment loss).",
        "zh": "模型“{model}”：预训练的 Marian 翻译模型；它的交叉注意力完全是从翻译数据中自己学出来的（没有对齐损失）。",
    },
    "hf.toggles_fixed": {
        "en": "A pretrained model runs exactly as it was trained: scores are divided by √d_k, with no temperature "
              "(the scaling and temperature toggles belong to the glass-box model).",
        "zh": "预训练模型严格按训练时的方式运行：分数除以 √d_k，不加温度（缩放与温度开关只作用于本应用自带的模型）。",
    },
    "hf.teacher_glass_box": {
        "en": "Teacher forcing is shown for the glass-box models, whose corpus gives a reference translation.",
        "zh": "教师强制只对本应用自带的模型展示，因为它们的语料能给出参考译文。",
    },
    # --- overview ---
    "hf.ov_output_marian": {"en": "**Translation** ({method})", "zh": "**译文**（{method}）"},
    "hf.ov_output_gpt2": {"en": "**Next token** (most likely after the last token)",
                          "zh": "**下一个词元**（最后一个词元之后最可能的词元）"},
    "hf.ov_output_bert": {
        "en": "**Output**: one vector per token (an encoder does not generate text).",
        "zh": "**输出**：每个词元一个向量（编码器不生成文本）。",
    },
    "hf.fig_wo_head": {"en": "W_O: the {d_k} rows that head {head}'s output z meets",
                       "zh": "W_O：与头 {head} 的输出 z 相乘的 {d_k} 行"},
    "hf.all_maps": {"en": "All attention maps", "zh": "全部注意力图"},
    "hf.fig_layer_means": {"en": "{block}: each layer, averaged over its {h} heads",
                           "zh": "{block}：每一层（对 {h} 个头取平均）"},
    "hf.fig_layer_heads": {"en": "{block}: the {h} heads of layer {layer}", "zh": "{block}：第 {layer} 层的 {h} 个头"},
    "hf.grid_caption": {
        "en": "{n} layers × {h} heads are too many maps to read at once: pick a layer above.",
        "zh": "{n} 层 × {h} 个头的注意力图太多，无法一次看清：请在上方选择一层。",
    },
    # --- the Pretrained models page ---
    "hf.header": {"en": "Pretrained models: what does a real model do?", "zh": "预训练模型：真实的模型会怎么做？"},
    "hf.intro": {
        "en": "Load a real model (Marian, a BERT-family encoder or a GPT-2-family decoder) next to the glass-box "
              "one and see its attention on the same sentence: pick **Pretrained (Hugging Face)…** in the Model box "
              "and give a model id from this machine's Hugging Face cache or the path of a model folder. The "
              "Overview, Self-attention, Multi-head and (for Marian) Decoding pages then show that model.",
        "zh": "在本应用自带的模型旁边加载一个真实的模型（Marian、BERT 系列编码器或 GPT-2 系列解码器），"
              "在同一个句子上看它的注意力：在“模型”框中选择**预训练模型（Hugging Face）…**，"
              "再输入本机 Hugging Face 缓存里的模型 ID 或模型文件夹的路径。之后“总览”“自注意力”“多头与多层”"
              "以及（Marian 的）“编码器-解码器与解码”页都会展示这个模型。",
    },
    "hf.install": {"en": "The Hugging Face extra is not installed: `" + INSTALL + "`.",
                   "zh": "尚未安装 Hugging Face 扩展：`" + INSTALL + "`。"},
    "hf.words_header": {"en": "Subwords and words", "zh": "子词与词"},
    "hf.glass_box_header": {"en": "The glass-box model ({model}) on this sentence, to compare with",
                            "zh": "本应用的模型（{model}）在这个句子上的注意力，用来对比"},
    "hf.fig_glass_box": {"en": "{model} · {block} · layer {layer} · head {head}",
                         "zh": "{model} · {block} · 第 {layer} 层 · 头 {head}"},
    "hf.words_caption": {
        "en": "Word-level view: attention **to** a word is the **sum** of the columns of its subwords (how much the "
              "query looks at any piece of it); attention **from** a word is the **mean** of the rows of its "
              "subwords. Every row still sums to 1.",
        "zh": "词级视图：对某个词的注意力是它各个子词所在**列之和**（查询看向这个词任一片段的总量）；"
              "某个词发出的注意力是它各个子词所在**行的平均**。每一行之和仍为 1。",
    },
    "hf.fig_subwords": {"en": "Subwords · layer {layer} · head {head}", "zh": "子词 · 第 {layer} 层 · 头 {head}"},
    "hf.fig_words": {"en": "Words · layer {layer} · head {head}", "zh": "词 · 第 {layer} 层 · 头 {head}"},
    "hf.hover_words": {"en": "{row} → {col}: rows averaged, columns summed",
                       "zh": "{row} → {col}：行取平均，列求和"},
    "hf.predict_header": {"en": "What the model predicts", "zh": "模型的预测"},
    "hf.mlm_type": {
        "en": "Type [MASK] in place of a word (e.g. “I have a [MASK] at home”) to see what the MLM head fills in.",
        "zh": "把句子里的某个词换成 [MASK]（例如 “I have a [MASK] at home”），看看掩码语言模型（MLM）头会填什么。",
    },
    "hf.mlm_missing": {
        "en": "This model was saved without a masked-language-model head (`{arch}`), so it cannot fill in a [MASK]: "
              "only its attention is shown. A checkpoint saved as …ForMaskedLM (e.g. bert-base-uncased) can.",
        "zh": "这个模型保存时没有掩码语言模型（MLM）头（`{arch}`），因此不能填出 [MASK]：这里只展示它的注意力。"
              "以 …ForMaskedLM 形式保存的检查点（例如 bert-base-uncased）可以。",
    },
    "hf.fig_mask": {"en": "[MASK] at position {i}: top {k} tokens", "zh": "位置 {i} 的 [MASK]：前 {k} 个词元"},
    "hf.fig_next": {"en": "Next token after “{token}”: top {k}", "zh": "“{token}”之后的下一个词元：前 {k} 个"},
    "hf.col_position": {"en": "position", "zh": "位置"},
    "hf.col_token": {"en": "token", "zh": "词元"},
    "hf.col_prediction": {"en": "most likely next token", "zh": "最可能的下一个词元"},
    "hf.col_p": {"en": "p", "zh": "概率 p"},
    "hf.gpt2_table": {
        "en": "At every position the causal mask lets the model see only the tokens so far, so one pass gives a "
              "next-token guess after each of them:",
        "zh": "因果掩码让每个位置只能看到它之前（含自身）的词元，"
              "所以一次前向传播就给出了每个词元之后的下一个词元猜测：",
    },
    "hf.marian_output": {
        "en": "**Translation** ({method}): see every decoding step on the Encoder–decoder & decoding page.",
        "zh": "**译文**（{method}）：每一步解码见“编码器-解码器与解码”页。",
    },
}
