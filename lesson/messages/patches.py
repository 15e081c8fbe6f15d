"""Messages of "From words to patches": a small Vision Transformer's attention on a digit drawn on the page."""

MESSAGES = {
    "nav.patches": {"en": "From words to patches (ViT)", "zh": "从词到图块（ViT）"},
    "vit.header": {"en": "From words to patches: attention on what you draw",
                   "zh": "从词到图块：你画的数字上的注意力"},
    "vit.caption": {
        "en": "A Vision Transformer (Dosovitskiy et al., 2021) reads an image as a sentence of patches. Here the image "
              "is 8 × 8 pixels, cut into 16 patches of 2 × 2; each patch is flattened to 4 numbers and mapped by one "
              "linear layer to a d_model = {d_model} vector: a token. A learned [CLS] token goes first, a learned "
              "position embedding is added to every token, and {N} Pre-LN encoder layers of h = {h} heads "
              "(d_k = {d_k}) run the same attention as the Self-attention page. The class is read from [CLS] at the "
              "end. Trained on {train} handwritten digits; {held_out} held out: {accuracy} right.",
        "zh": "视觉 Transformer（ViT，Dosovitskiy 等，2021）把一幅图读成由图块组成的“句子”。"
              "这里的图是 8 × 8 像素，切成 16 个 2 × 2 的图块；每个图块展平成 4 个数，"
              "经过一个线性层变成 d_model = {d_model} 维的向量：一个词元。最前面是一个"
              "可学习的 [CLS] 词元，每个词元加上可学习的位置嵌入，然后是 {N} 层 Pre-LN 编码器，每层 h = {h} 个头"
              "（d_k = {d_k}），做的正是“自注意力”页上的那种注意力。最后从 [CLS] 读出类别。用 {train} 个手写数字训练；"
              "留出的 {held_out} 个中答对 {accuracy}。"},
    "vit.draw": {"en": "Draw a digit (mouse, finger or pen). Every stroke redraws the figures; the patches are tinted "
                       "by the weight [CLS] gives them (rollout or the last layer, below).",
                 "zh": "画一个数字（鼠标、手指或笔均可）。每画一笔，下面的图都会重画；各图块按 [CLS] 给它们的权重着色"
                       "（注意力展开或最后一层，见下）。"},
    "vit.blank": {"en": "The canvas is blank: the figures show what the model does with an empty image.",
                  "zh": "画布是空的：下面的图显示模型对一幅空图的反应。"},
    "vit.prediction": {"en": "The model reads **{digit}** (p = {p}).", "zh": "模型认为是 **{digit}**（p = {p}）。"},
    "vit.occluded_note": {"en": "Occluded patches (their pixels set to 0): {patches}.",
                          "zh": "被遮住的图块（像素置 0）：{patches}。"},
    "vit.canvas_label": {"en": "Drawing canvas", "zh": "画布"},
    "vit.clear": {"en": "Clear", "zh": "清空"},
    "vit.mode_draw": {"en": "Mode: draw (click to occlude patches)", "zh": "模式：画（点此改为遮挡图块）"},
    "vit.mode_occlude": {"en": "Mode: occlude a patch (click to draw)", "zh": "模式：遮挡图块（点此改为画）"},
    "vit.samples": {"en": "Samples:", "zh": "示例："},
    "vit.overlay_rollout": {"en": "Tint: [CLS] rollout", "zh": "着色：[CLS] 的注意力展开"},
    "vit.overlay_last": {"en": "Tint: [CLS], last layer", "zh": "着色：[CLS]，最后一层"},
    "vit.overlay_head": {"en": "Tint: [CLS], picked layer and head", "zh": "着色：[CLS]，所选的层与头"},
    "vit.overlay_off": {"en": "Tint: off", "zh": "着色：关"},
    "vit.full": {"en": "The canvas is full: clear it to draw again.", "zh": "画布已满：清空后再画。"},
    "vit.input_header": {"en": "What the model reads: 8 × 8 pixels, 16 patch tokens",
                         "zh": "模型读到的：8 × 8 像素，16 个图块词元"},
    "vit.input_caption": {
        "en": "The drawing is scaled so its longer side fills a 32 × 32 bitmap, centred by its ink, and each 4 × 4 "
              "block's inked pixels counted (0–16), as the UCI digits it was trained on were made. Each 2 × 2 patch, "
              "row by row, is one token: the right-hand matrix is the sequence the linear patch embedding reads.",
        "zh": "画好的数字按较长的一边缩放到 32 × 32 的位图里、按笔迹重心居中，再数每个 4 × 4 块中着墨的像素（0–16），"
              "与训练所用的 UCI 数字数据的做法相同。每个 2 × 2 图块按行排列，各是一个词元：右边的矩阵就是线性图块嵌入"
              "读入的序列。"},
    "vit.cls_header": {"en": "[CLS]'s attention over the patches, every layer and head",
                       "zh": "[CLS] 对各图块的注意力：每一层、每个头"},
    "vit.cls_caption": {
        "en": "Each small map is one row of a softmax: the weights [CLS] gives the 16 patches, laid out where the "
              "patches sit in the image (its weight on itself completes the row to 1).",
        "zh": "每张小图是 softmax 的一行：[CLS] 给 16 个图块的权重，按图块在图中的位置排列"
              "（它给自己的权重补足到 1）。"},
    "vit.rollout_header": {"en": "Attention rollout beside the last layer's raw attention",
                           "zh": "注意力展开与最后一层的原始注意力"},
    "vit.rollout_caption": {
        "en": "Rollout (Abnar & Zuidema, 2020) follows attention through the residual stream: each layer's "
              "head-averaged weights A become ½(A + I), rows renormalised, and the layers are multiplied. Its [CLS] "
              "row (left) says how much each patch reaches [CLS] through all layers; the right map is the last "
              "layer alone, heads averaged.",
        "zh": "展开（Abnar 与 Zuidema，2020）沿残差流追踪注意力：每层各头平均的权重 A 变成 ½(A + I)，按行重新归一化，"
              "再把各层相乘。左图是它的 [CLS] 行：每个图块经过所有层到达 [CLS] 的份量；右图只看最后一层，各头平均。"},
    "vit.position_header": {"en": "What the position embeddings learned (ViT Figure 7, centre)",
                            "zh": "位置嵌入学到了什么（ViT 论文图 7 中）"},
    "vit.position_caption": {
        "en": "No formula gives the patches their positions: each has a learned vector. Each small map is one patch's "
              "cosine similarity with every patch's vector; near patches ending up alike means the model learned "
              "the image's rows and columns from data.",
        "zh": "图块的位置不是由公式给出的：每个图块有一个学出来的向量。"
              "每张小图是一个图块的位置向量与所有图块的余弦相似度；"
              "相邻图块彼此相似，说明模型从数据里学到了图像的行与列。"},
    "vit.distance_header": {"en": "How far each head looks (ViT Figure 7, right)",
                            "zh": "每个头看多远（ViT 论文图 7 右）"},
    "vit.distance_caption": {
        "en": "Mean attention distance: for each patch's query, the pixel distance to each patch it attends to, "
              "weighted by the attention, averaged over the 16 queries of this drawing ([CLS] left out).",
        "zh": "平均注意力距离：对每个图块的查询，按注意力加权它到所关注图块的像素距离，再对这幅图的 16 个查询取平均"
              "（不含 [CLS]）。"},
    "vit.walk_header": {"en": "The same Q, K, V, ÷√d_k and softmax, now over patches",
                        "zh": "同样的 Q、K、V、÷√d_k 与 softmax，这次作用在图块上"},
    "vit.walk_caption": {
        "en": "One query row opened up, as on the Self-attention page: q · k for each key (the patch tokens and "
              "[CLS]), divided by √d_k = √{d_k}, then the softmax over the 17 keys.",
        "zh": "展开一个查询行，与“自注意力”页相同：对每个键（各图块词元和 [CLS]）算 q · k，"
              "除以 √d_k = √{d_k}，再对 17 个键做 softmax。"},
    "vit.query": {"en": "query token", "zh": "查询词元"},
    "vit.layer": {"en": "layer", "zh": "层"},
    "vit.head": {"en": "head", "zh": "头"},
    "vit.link_back": {"en": "Self-attention, step by step, on a sentence", "zh": "在句子上逐步看自注意力"},
    "vit.col_key": {"en": "key", "zh": "键"},
    "vit.fig_input": {"en": "The model's input: ink per pixel (0–16)", "zh": "模型的输入：每个像素的墨量（0–16）"},
    "vit.fig_tokens": {"en": "16 patches of {p} × {p} as tokens", "zh": "16 个 {p} × {p} 图块作为词元"},
    "vit.pixel_row": {"en": "pixel row", "zh": "像素行"},
    "vit.pixel_col": {"en": "pixel column", "zh": "像素列"},
    "vit.patch_token": {"en": "patch token", "zh": "图块词元"},
    "vit.pixel_in_patch": {"en": "pixel in the patch (row, column)", "zh": "图块内的像素（行，列）"},
    "vit.occluded": {"en": "occluded (set to 0)", "zh": "被遮住（置 0）"},
    "vit.fig_probs": {"en": "Class probabilities", "zh": "各类别的概率"},
    "vit.given": {"en": "the drawing", "zh": "这幅图"},
    "vit.fig_cls": {"en": "[CLS] → patches, per layer (rows) and head (columns)",
                    "zh": "[CLS] → 图块，按层（行）和头（列）"},
    "vit.patch_row": {"en": "patch row", "zh": "图块行"},
    "vit.patch_col": {"en": "patch column", "zh": "图块列"},
    "vit.fig_rollout": {"en": "Rollout: [CLS] row", "zh": "展开：[CLS] 行"},
    "vit.fig_head": {"en": "Layer {layer}, head {head}: [CLS] row", "zh": "第 {layer} 层、第 {head} 个头：[CLS] 行"},
    "vit.fig_last": {"en": "Layer {layer}: [CLS] row, heads averaged", "zh": "第 {layer} 层：[CLS] 行，各头平均"},
    "vit.fig_position": {"en": "Cosine similarity of the learned position embeddings",
                         "zh": "学到的位置嵌入之间的余弦相似度"},
    "vit.fig_distance": {"en": "Mean attention distance per head", "zh": "每个头的平均注意力距离"},
    "vit.depth": {"en": "layer (depth)", "zh": "层（深度）"},
    "vit.distance": {"en": "mean attention distance (pixels)", "zh": "平均注意力距离（像素）"},
    "vit.fig_products": {"en": "q({query}) ⊙ k per key: the terms of q · k",
                         "zh": "q({query}) ⊙ k（每个键）：q · k 的各项"},
    "vit.fig_row": {"en": "softmax(q({query}) · k ÷ √d_k) over the patches ([CLS]: {cls})",
                    "zh": "softmax(q({query}) · k ÷ √d_k) 在各图块上（[CLS]：{cls}）"},
    "vit.data": {
        "en": "Data: {credit}. Drawn in this browser by a script, {drawn_n} digits: {drawn_acc} right.",
        "zh": "数据：{credit}。由脚本在浏览器中画出的 {drawn_n} 个数字：答对 {drawn_acc}。"},
    "tour.vit_patches.title": {"en": "From words to patches · A digit as 16 tokens",
                               "zh": "从词到图块 · 一个数字就是 16 个词元"},
    "tour.vit_patches.text": {
        "en": "The same encoder reads images too. A Vision Transformer (Dosovitskiy et al., 2021) cuts a picture into "
              "patches and reads them as a sentence. Here the picture is a sample digit drawn in the browser for the "
              "page From words to patches: 8 × 8 pixels, cut into 16 patches of 2 × 2. Each row of the figure is one "
              "patch flattened to 4 numbers (ink from 0 to 16). One linear layer E maps each patch to a token, a "
              "learned [CLS] token goes first and a learned position embedding is added to every token: the encoder "
              "then reads 17 tokens, as it read the {S} tokens of your sentence.",
        "zh": "同一个编码器也能读图。视觉 Transformer（ViT，Dosovitskiy 等，2021）把一幅图切成图块，当作一句话来读。"
              "这里的图是在浏览器里为“从词到图块”页面画的一个示例数字：8 × 8 像素，切成 16 个 2 × 2 的图块。"
              "图中每一行是一个展平成 4 个数的图块（墨迹从 0 到 16）。一个线性层 E 把每个图块变成一个词元，"
              "最前面是可学习的 [CLS] 词元，每个词元再加上可学习的位置嵌入：编码器读到 17 个词元，"
              "就像它读你这句话的 {S} 个词元一样。",
    },
    "tour.vit_cls.title": {"en": "From words to patches · Where [CLS] looks",
                           "zh": "从词到图块 · [CLS] 看向哪里"},
    "tour.vit_cls.text": {
        "en": "Inside, nothing changes: every layer scores the [CLS] query against each patch's key with q·k/√d_k, "
              "turns the row into weights with a softmax and reads the weighted sum of the values, as the "
              "Self-attention step did for your sentence (the formula uses the ViT's own d_k). The class is read "
              "from [CLS] at the end, so its row shows which patches the answer draws on. Heads and layers mix the "
              "tokens, so the figure follows attention rollout (Abnar & Zuidema, 2020): each layer's weights, heads "
              "averaged and half kept for the residual, multiplied through the layers. Draw your own digit on the "
              "page From words to patches.",
        "zh": "内部什么都没变：每一层都用 q·k/√d_k 给 [CLS] 的查询与每个图块的键打分，用 softmax 把这一行变成权重，"
              "再读出值的加权和，和“自注意力”那一步对你这句话做的一样（公式里用的是 ViT 自己的 d_k）。"
              "类别最后从 [CLS] 读出，所以它这一行显示答案依靠哪些图块。各个头和各层会把词元混在一起，"
              "所以图中用的是注意力展开（Abnar 与 Zuidema，2020）：每层的权重对各头取平均，再留一半给残差，"
              "逐层相乘。到“从词到图块”页面上画你自己的数字吧。",
    },
}
