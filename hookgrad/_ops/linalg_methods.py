"""The linear-algebra functions that are also ``Tensor`` methods and ``torch.*`` functions
(``x.det()``, ``x.svd()`` / ``torch.svd``, ``qr``, ``cholesky``, ``slogdet``, ``logdet``,
``pinverse``, ``dist``, ``matrix_exp``), gathered from their modules so ``_tensor.py`` and
``_functions.py`` alias them from one place (``_tensor.py`` is at its line budget: it unpacks
``TENSOR_METHODS`` in one line)."""
from .cholesky import cholesky
from .decompositions import qr, svd
from .determinant import det, inverse
from .distances import dist, pdist
from .log_determinant import logdet, slogdet
from .matrix_functions import matrix_exp
from .pseudo_inverse import pinverse

__all__ = ["cholesky", "qr", "svd", "det", "inverse", "logdet", "slogdet", "pinverse", "dist",
           "pdist", "matrix_exp", "TENSOR_METHODS"]

# (the order of the names in _tensor.py's class body)
TENSOR_METHODS = (det, inverse, svd, qr, cholesky, slogdet, logdet, pinverse, dist, matrix_exp)
