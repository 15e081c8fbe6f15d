"""Class mode: starting and joining a class, following the lecturer, sentences sent to the front."""

MESSAGES = {
    "class.start": {"en": "Start a class", "zh": "开始上课"},
    "class.start_help": {"en": "Students join with a code and follow your sentence, page and view live",
                         "zh": "学生输入课堂码加入，实时跟随你的句子、页面和视图"},
    "class.menu": {"en": "Class", "zh": "课堂"},
    "class.join_label": {"en": "Join a class: code", "zh": "加入课堂：课堂码"},
    "class.join": {"en": "Join", "zh": "加入"},
    "class.code_caption": {"en": "Class code", "zh": "课堂码"},
    "class.join_at": {"en": "Join at {url}", "zh": "加入地址：{url}"},
    "class.address_loopback": {
        "en": "Students cannot open this address: this machine has no network address but its own (loopback). "
              "Connect it to the room's network and open this window again, or start the app with `AL_PUBLIC_URL` "
              "set to the address students can reach.",
        "zh": "学生打不开这个地址：这台电脑只有本机（回环）地址，没有局域网地址。请把它连到教室的网络后重新打开此窗口，"
              "或启动应用时把 `AL_PUBLIC_URL` 设为学生能访问的地址。"},
    "class.address_bound": {
        "en": "Students cannot open this address: the server listens on this machine only (`server.address` is a "
              "loopback address). Start it with `--server.address 0.0.0.0`, or with `AL_PUBLIC_URL` set to the "
              "address students can reach.",
        "zh": "学生打不开这个地址：服务器只在本机监听（`server.address` 是回环地址）。请用 `--server.address 0.0.0.0` "
              "启动，或启动时把 `AL_PUBLIC_URL` 设为学生能访问的地址。"},
    "class.show_code": {"en": "Show the join code", "zh": "显示课堂码"},
    "class.lecturer_bar": {"en": "Class {code}: {following} following · {exploring} exploring · {gone} gone",
                           "zh": "课堂 {code}：{following} 人跟随 · {exploring} 人自由探索 · {gone} 人已离开"},
    "class.end": {"en": "End the class", "zh": "结束课堂"},
    "class.ended": {"en": "The class has ended.", "zh": "课堂已结束。"},
    "class.ask_label": {"en": "Ask the class for a sentence", "zh": "请学生发来句子"},
    "class.ask_placeholder": {"en": "Find a sentence where layer 1 head 2 looks from “it” to what “it” refers to",
                              "zh": "找一个句子：第 1 层第 2 个头从 “it” 看向它所指的词"},
    "class.ask_send": {"en": "Ask", "zh": "提问"},
    "class.ask_close": {"en": "Close the question", "zh": "结束提问"},
    "class.gallery": {"en": "Sentences from the class ({n})", "zh": "学生发来的句子（{n}）"},
    "class.gallery_empty": {"en": "No sentence yet.", "zh": "还没有句子。"},
    "class.gallery_caption": {"en": "Each map: {block}, layer {layer}, head {head} (your current view).",
                              "zh": "每张图：{block}，第 {layer} 层，第 {head} 个头（你当前的视图）。"},
    "class.project": {"en": "Show to the class", "zh": "投到大屏"},
    "class.projector": {"en": "Open the projector window", "zh": "打开投影窗口"},
    "class.projector_help": {"en": "A second window for the projector: it follows this one, the stage only (drag it "
                                   "to the projector; a click in it makes it full screen).",
                             "zh": "给投影仪的第二个窗口：跟随本窗口，只显示主图"
                                   "（拖到投影屏上；在其中点一下即全屏）。"},
    "class.projector_start_help": {"en": "Open the projector window: it starts a class of this view, which the window "
                                         "follows, the stage only (students may join it later with its code).",
                                   "zh": "打开投影窗口：以当前视图开始上课，投影窗口跟随它，只显示主图"
                                         "（学生之后可以用课堂码加入）。"},
    "class.next": {"en": "Next: {title}", "zh": "下一步：{title}"},
    "class.sentence_model": {"en": "Through {model}", "zh": "用 {model} 模型"},
    "class.hide": {"en": "Hide", "zh": "隐藏"},
    "class.following": {"en": "Following the lecturer (class {code})", "zh": "正在跟随老师（课堂 {code}）"},
    "class.exploring": {"en": "Exploring on your own (class {code})", "zh": "正在自由探索（课堂 {code}）"},
    "class.follow": {"en": "Follow the lecturer", "zh": "跟随老师"},
    "class.leave": {"en": "Leave the class", "zh": "退出课堂"},
    "class.question": {"en": "The lecturer asks: {ask}", "zh": "老师的问题：{ask}"},
    "class.send": {"en": "Send my sentence to the front", "zh": "把我的句子发给老师"},
    "class.sent": {"en": "Sent: “{text}”", "zh": "已发送：“{text}”"},
    "class.refused_unknown": {"en": "There is no class with this code (it may have ended).",
                              "zh": "没有这个课堂码的课堂（可能已结束）。"},
    "class.refused_key": {"en": "Only the lecturer can steer this class.", "zh": "只有老师可以操控这个课堂。"},
    "class.refused_empty": {"en": "The sentence is empty.", "zh": "句子是空的。"},
    "class.refused_long": {"en": "The sentence is too long to send (200 characters at most).",
                           "zh": "句子太长，无法发送（最多 200 个字符）。"},
    "class.refused_rate": {"en": "Wait a few seconds before sending another sentence.",
                           "zh": "请稍等几秒再发送下一个句子。"},
    "class.refused_closed": {"en": "The lecturer is not asking for sentences now.", "zh": "老师现在没有征集句子。"},
    "class.refused_full": {"en": "The class has received as many sentences as it can show.",
                           "zh": "这个课堂收到的句子已达上限。"},
    "class.refused_code": {"en": "A class code has 6 letters and digits, like K7PQ2M.",
                           "zh": "课堂码由 6 个字母和数字组成，例如 K7PQ2M。"},
    "class.refused_many": {"en": "This server runs as many classes as it can hold; try again later.",
                           "zh": "服务器上的课堂已达上限，请稍后再试。"},
    "class.refused_starts": {"en": "As many classes have been started from this address in the last hour as one may "
                                   "start; try again later.",
                             "zh": "这个地址在一小时内开始的课堂已达上限，请稍后再试。"},
    "class.refused_allowance": {"en": "You have sent as many sentences as this question takes.",
                                "zh": "这个问题你能发送的句子已经发完了。"},
    "class.store_down": {"en": "The class server is not answering; trying again.",
                         "zh": "课堂服务器暂时没有响应，正在重试。"},
}
