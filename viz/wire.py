"""The chart element's payload: one or more specs as ONE binary message.

    b"ALC1" | uint32 LE header length | header JSON (UTF-8), zero-padded to 4 bytes | arrays, each 4-byte aligned

The header holds every spec as JSON (its fields, plus "kind"), with each NumPy array replaced by {"array": i};
header["arrays"][i] = {"dtype": "f4" | "u1", "shape": [...], "offset": bytes after the header}. Arrays are
float32 (numbers) or uint8 (masks), little-endian, so the browser views them in place (ui/static/decode.js).
"""
from __future__ import annotations

import dataclasses
import functools
import json
import struct

import numpy as np

MAGIC = b"ALC1"
DTYPES = {"f": ("f4", np.dtype("<f4")), "b": ("u1", np.dtype("u1"))}
SCALARS = (str, int, float, bool, type(None))  # JSON as they are


def align(n: int) -> int:
    """n rounded up to a multiple of 4."""
    return (n + 3) & ~3


class Packer:
    """Collects arrays while a spec is turned into JSON."""

    def __init__(self) -> None:
        self.arrays: list[dict] = []
        self.chunks: list[bytes] = []
        self.size = 0

    def array(self, a: np.ndarray) -> dict:
        """Reference to `a`, appended to the binary part."""
        code, dtype = DTYPES["b" if a.dtype == bool else "f"]
        raw = np.ascontiguousarray(a, dtype=dtype).tobytes()
        self.arrays.append({"dtype": code, "shape": list(a.shape), "offset": self.size})
        padded = raw + b"\0" * (align(len(raw)) - len(raw))
        self.chunks.append(padded)
        self.size += len(padded)
        return {"array": len(self.arrays) - 1}

    def plain(self, value):
        """A spec field as JSON data (arrays by reference, dataclasses as dicts, tuples as lists)."""
        if type(value) in SCALARS:
            return value
        if type(value) in (tuple, list) and all(type(v) in SCALARS for v in value):  # labels, numbers
            return list(value)
        if isinstance(value, np.ndarray):
            return self.array(value)
        if dataclasses.is_dataclass(value):
            return self.spec(value)
        if isinstance(value, (tuple, list)):
            return [self.plain(v) for v in value]
        if isinstance(value, np.generic):
            return value.item()
        return value

    def spec(self, spec) -> dict:
        """A dataclass as a dict of its fields; chart specs also name their kind."""
        out = {name: self.plain(getattr(spec, name)) for name in field_names(type(spec))}
        kind = getattr(type(spec), "kind", None)
        return out | ({"kind": kind} if kind else {})


@functools.cache
def field_names(cls: type) -> tuple[str, ...]:
    """A dataclass's field names, in order."""
    return tuple(f.name for f in dataclasses.fields(cls))


def pack(specs, **meta) -> bytes:
    """The binary payload of `specs` with element-level fields `meta` (sentence, zoom, words …) in the header."""
    packer = Packer()
    header = dict(meta, charts=[packer.spec(s) for s in specs])
    header["arrays"] = packer.arrays
    head = json.dumps(header, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")
    head += b" " * (align(len(head)) - len(head))
    return b"".join([MAGIC, struct.pack("<I", len(head)), head, *packer.chunks])
