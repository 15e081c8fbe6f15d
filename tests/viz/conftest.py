"""Helpers for the figure tests: decode plotly's typed-array dicts back to NumPy."""

import base64

import numpy as np
import pytest


def decode(value) -> np.ndarray:
    """NumPy array from a to_dict() value (plotly encodes numeric arrays as {dtype, bdata, shape})."""
    if isinstance(value, dict) and "bdata" in value:
        flat = np.frombuffer(base64.b64decode(value["bdata"]), dtype=value["dtype"])
        shape = [int(s) for s in str(value.get("shape", len(flat))).split(",")]
        return flat.reshape(shape)
    return np.asarray(value)


@pytest.fixture
def arr():
    """The decode helper as a fixture."""
    return decode
