"""``torch.special``: the special functions hookgrad has, under their ``torch.special``
names (``gammaln`` is ``lgamma``, ``expit`` is ``sigmoid``, ``psi`` is ``digamma``, ...)."""
from ._ops import elementwise as _ew
from ._ops import gamma as _gamma
from ._ops import nn as _nn
from ._ops import softmax as _softmax
from ._ops import special as _special

__all__ = ["digamma", "erf", "erfc", "erfinv", "exp2", "expit", "expm1", "gammaln", "i0", "i1",
           "log1p", "log_softmax", "logit", "logsumexp", "multigammaln", "polygamma", "psi",
           "round", "sinc", "softmax", "xlogy"]

digamma = psi = _gamma.digamma
erf, erfc, erfinv = _nn.erf, _gamma.erfc, _gamma.erfinv
exp2, expm1, log1p = _special.exp2, _special.expm1, _ew.log1p
expit, logit = _ew.sigmoid, _special.logit
gammaln, multigammaln, polygamma = _gamma.lgamma, _gamma.mvlgamma, _gamma.polygamma
i0, i1 = _gamma.i0, _gamma.special_i1
log_softmax, softmax, logsumexp = _softmax.log_softmax, _softmax.softmax, _softmax.logsumexp
round, sinc, xlogy = _ew.round, _special.sinc, _special.xlogy
