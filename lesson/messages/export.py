"""Messages of the export page and of the HTML handout."""

MESSAGES = {
    "nav.export": {"en": "Export", "zh": "导出"},
    "export.header": {"en": "Export: material for after class", "zh": "导出：课后资料"},
    "export.intro": {
        "en": "Everything here is for the current sentence and model, with the options you have set.",
        "zh": "这里的所有内容都针对当前的句子和模型，并使用你已设置的选项。",
    },
    "export.charts_note": {
        "en": "Every chart in the app also has PNG, SVG and CSV buttons on it (top right of the chart).",
        "zh": "应用中的每张图右上角也都有 PNG、SVG 和 CSV 下载按钮。",
    },
    "export.on_click": {
        "en": "Files are built when you click, so this page stays fast while you type.",
        "zh": "文件在点击时才生成，因此输入时本页依然流畅。",
    },
    "export.trace.subheader": {"en": "The whole trace as JSON", "zh": "完整计算轨迹（JSON）"},
    "export.trace.caption": {
        "en": "Tokens, every intermediate matrix, the decoding steps and the options of the current sentence, in the "
              "format of docs/trace-format.md (the same as `python -m model trace --json`). Load it in Python with "
              "`json.load`.",
        "zh": "当前句子的词元、每个中间矩阵、解码步骤与选项，格式见 `docs/trace-format.md`（与 "
              "`python -m model trace --json` 相同）。在 Python 中用 `json.load` 读取。",
    },
    "export.trace.button": {"en": "Download trace (JSON)", "zh": "下载计算轨迹（JSON）"},
    "export.matrix.subheader": {"en": "Any matrix as CSV", "zh": "任意矩阵导出为 CSV"},
    "export.matrix.hook": {"en": "Matrix (hook point)", "zh": "矩阵（钩子点）"},
    "export.matrix.head": {"en": "Head", "zh": "注意力头"},
    "export.matrix.head_option": {"en": "head {head}", "zh": "头 {head}"},
    "export.matrix.caption": {
        "en": "{rows} rows × {cols} columns. Rows and columns are labelled with their tokens, "
              "or d0, d1, … where the axis is a vector dimension.",
        "zh": "{rows} 行 × {cols} 列。行和列以词元标注；若该轴是向量维度，则标为 d0、d1、…",
    },
    "export.matrix.button": {"en": "Download CSV", "zh": "下载 CSV"},
    "export.matrix.fig": {"en": "{name}: the matrix the CSV holds", "zh": "{name}：CSV 里的矩阵"},
    "export.matrix.rows": {"en": "row", "zh": "行"},
    "export.matrix.cols": {"en": "column", "zh": "列"},
    "export.handout.subheader": {"en": "Handout for students", "zh": "学生讲义"},
    "export.handout.caption": {
        "en": "One HTML file that opens in any browser without internet: every step of the guided tour with its "
              "explanation, the formula with this sentence's numbers, and an interactive chart. Print it or send it.",
        "zh": "一个无需联网、可用任何浏览器打开的 HTML 文件：包含导览的每一步说明、代入本句数值的公式和可交互的图表。"
              "可以打印，也可以直接发给学生。",
    },
    "export.handout.lang": {"en": "Handout language", "zh": "讲义语言"},
    "export.handout.button": {"en": "Download handout (HTML)", "zh": "下载讲义（HTML）"},
    "handout.subtitle": {
        "en": "Attention Lab · model {model} · d_model = {d_model}, h = {h}, N = {N} · {norm}",
        "zh": "注意力实验室 · 模型 {model} · d_model = {d_model}，h = {h}，N = {N} · {norm}",
    },
    "handout.formula": {"en": "Formula", "zh": "公式"},
    "handout.latex": {"en": "LaTeX source", "zh": "LaTeX 源码"},
    "handout.footer": {
        "en": "Made with Attention Lab. The charts are interactive: hover for values, drag to zoom, "
              "double-click to reset.",
        "zh": "由注意力实验室生成。图表可交互：悬停查看数值，拖动放大，双击还原。",
    },
}
