import pytest

from count import weighted


@pytest.mark.parametrize("text, weight", [
    ("a", 1),
    ("‎", 2),  # LRM: a mark of its own, weighs like a wide character
])
def test_weight(text, weight):
    assert weighted(text) == weight
