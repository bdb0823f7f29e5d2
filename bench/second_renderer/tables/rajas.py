"""rajas (stub)."""

from __future__ import annotations

import numpy as np

from ..model import Table


def build(rng: np.random.Generator) -> Table:
    raise NotImplementedError("rajas")
