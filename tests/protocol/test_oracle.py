"""What one visitor types is not observable by another (issue 54, point 7): the issue's probe recovered a typed
phrase letter by letter from the keystroke route's timing (a cached answer in 3–10 ms against 27–45 ms computed).
Here a typist's texts are asked again by a prober: each answer takes at least as long as the typist's own, computed
one, and as long as a text nobody typed. A class following its lecturer (/_al/follow/) is not slowed."""
import random
import statistics
import urllib.parse

from tests.protocol.test_route import get

PAGE = "self_attention"
WORDS = ["tiger", "river", "garden", "window", "teacher", "yellow", "morning", "kitchen", "paper", "summer",
         "letter", "mountain", "orange", "friend", "market", "winter", "doctor", "flower", "music", "island"]


def text(rng: random.Random) -> str:
    """A sentence nobody has typed yet on this server."""
    return "the password is " + " ".join(rng.sample(WORDS, 3)) + f" {rng.randrange(10**6)}"


def ask(server, sentence: str, route: str = "live") -> float:
    """Seconds the route takes to answer a text (a 200 with charts)."""
    status, body, seconds = get(server, f"/_al/{route}/{PAGE}?s=" + urllib.parse.quote(sentence))
    assert status == 200 and body
    return seconds


def test_a_text_someone_typed_comes_back_no_faster_than_one_nobody_typed(server):
    rng = random.Random(54)
    for _ in range(5):  # the model loaded, the page's recent computations known
        ask(server, text(rng))
    typed, probed, fresh = [], [], []
    for _ in range(7):
        secret = text(rng)
        typed.append(ask(server, secret))  # the typist's keystroke: computed
        probed.append(ask(server, secret))  # the prober's guess of it: cached, and paced
        fresh.append(ask(server, text(rng)))  # a guess nobody typed: computed
    assert min(probed) >= 0.8 * min(typed), (probed, typed)
    assert statistics.median(probed) >= 0.7 * statistics.median(fresh), (probed, fresh)


def test_a_class_following_its_lecturer_gets_cached_answers_at_once(server):
    rng = random.Random(55)
    lecture = [text(rng) for _ in range(5)]
    computed = [ask(server, sentence, "follow") for sentence in lecture]
    cached = [ask(server, sentence, "follow") for sentence in lecture]
    assert statistics.median(cached) < 0.7 * statistics.median(computed), (cached, computed)
