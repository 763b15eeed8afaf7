"""The byte bound holds by construction: whatever the parts hold, the closed answer is within
the limit, each part keeps a head of its items, and a note names every part that lost some."""

from hypothesis import given, settings
from hypothesis import strategies as st
from koyu_review.bounded import TEXT, Bounded, Part, clip, size

texts = st.text(st.characters(codec="utf-8"), max_size=400).map(clip)
items = st.lists(st.fixed_dictionaries({"message": texts, "paths": st.lists(texts, max_size=3)}), max_size=60)
pairs = st.lists(st.tuples(texts, st.integers(0, 10**6)), max_size=40, unique_by=lambda p: p[0])


def note(left, total):
    return f"{len(left)} of {total} left out: check lists every one"


@settings(max_examples=80, deadline=None)
@given(items, items, pairs, texts, st.integers(4_000, 20_000))
def test_the_closed_answer_is_within_the_limit_and_says_what_it_left_out(first, second, counts, verdict, limit):
    answer = {"verdict": [verdict], "counts": {}, "first": [], "second": []}
    parts = [
        Part(answer["counts"], counts, note),
        Part(answer["first"], first, note),
        Part(answer["second"], second, note),
    ]
    closed = Bounded(answer, parts, limit).close()
    assert size(closed) <= limit
    assert list(closed["counts"].items()) == counts[: len(closed["counts"])]
    assert closed["first"] == first[: len(closed["first"])] and closed["second"] == second[: len(closed["second"])]
    lost = [
        note(whole[len(kept) :], len(whole))
        for kept, whole in ((closed["counts"], counts), (closed["first"], first), (closed["second"], second))
        if len(kept) < len(whole)
    ]
    assert closed.get("leftOut", []) == lost


def test_a_part_is_filled_as_far_as_it_fits_not_less():
    answer = {"items": []}
    many = [{"message": "x" * 50} for _ in range(500)]
    closed = Bounded(answer, [Part(answer["items"], many, note)], 5_000).close()
    kept = len(closed["items"])
    assert 0 < kept < 500
    # one more item, with its note as long as the worst, would have crossed the limit
    one_more = {"items": many[: kept + 1], "leftOut": [note(many, 500)]}
    assert size(one_more) > 5_000


def test_clip_keeps_short_text_and_cuts_long_text_to_its_length():
    assert clip("短い") == "短い"
    cut = clip("長" * (TEXT + 5))
    assert len(cut) == TEXT and cut.endswith("…")
