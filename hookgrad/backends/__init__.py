"""torch.backends: the flags code sets for backends this CPU-only NumPy engine does not use
(``cudnn.benchmark = True``), and the availability queries (``mps.is_available()``)."""
from . import cpu, cuda, cudnn, mkldnn, mps  # noqa: F401
