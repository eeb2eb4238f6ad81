"""Small datasets bundled with hookgrad, for demos and tests that need real data offline.

The digits come from the UCI Machine Learning Repository, "Optical Recognition of Handwritten
Digits", E. Alpaydin and C. Kaynak (1998), licensed CC BY 4.0
(https://creativecommons.org/licenses/by/4.0/); the bundled file ``hookgrad/data/digits.csv.gz``
is its test set (1,797 images), redistributed unchanged with this attribution."""
import functools
import gzip
from importlib import resources

import numpy as np

from ._creation import from_numpy

__all__ = ["load_digits"]


@functools.lru_cache(maxsize=1)
def _digits_table():
    path = resources.files("hookgrad").joinpath("data", "digits.csv.gz")
    with path.open("rb") as raw, gzip.open(raw, "rt") as text:
        table = np.loadtxt(text, delimiter=",", dtype=np.int64)
    table.flags.writeable = False
    return table


def load_digits():
    """Return ``(images, labels)``: 1,797 handwritten digits from the UCI set (attribution in
    this module's docstring).

    ``images`` is float32 of shape (1797, 1, 8, 8), the 0..16 pixel counts divided by 16 so
    they lie in [0, 1]; ``labels`` is int64 of shape (1797,), values 0..9. Each call returns
    new tensors."""
    table = _digits_table()
    images = (table[:, :64].astype(np.float32) / np.float32(16)).reshape(-1, 1, 8, 8)
    return from_numpy(images), from_numpy(table[:, 64].copy())
