"""i0 and i1 as PyTorch's CPU kernels compute them, bit for bit: the Cephes approximations
(Chebyshev series for ``exp(-x) I(x)`` over [0, 8] and for ``exp(-x) sqrt(x) I(x)`` beyond),
each Clenshaw step ``x * b1 - b2 + c`` with its multiply-subtract fused (one rounding, as the
compiler contracts it), times ``exp``. float32 runs in float32 arithmetic with glibc's
``expf``, whose result is not always the correctly rounded one (glibc_expf.py follows it).
float64 runs the full series in float64."""
import numpy as np

from . import glibc_expf, libm
from .fused import fma64

# Cephes's Chebyshev coefficients (PyTorch's ATen/native/Math.h): i0 over [0, 8] and over the
# inverted (8, inf), then i1's
_I0_A = np.array([
    -4.41534164647933937950E-18, 3.33079451882223809783E-17, -2.43127984654795469359E-16,
    1.71539128555513303061E-15, -1.16853328779934516808E-14, 7.67618549860493561688E-14,
    -4.85644678311192946090E-13, 2.95505266312963983461E-12, -1.72682629144155570723E-11,
    9.67580903537323691224E-11, -5.18979560163526290666E-10, 2.65982372468238665035E-9,
    -1.30002500998624804212E-8, 6.04699502254191894932E-8, -2.67079385394061173391E-7,
    1.11738753912010371815E-6, -4.41673835845875056359E-6, 1.64484480707288970893E-5,
    -5.75419501008210370398E-5, 1.88502885095841655729E-4, -5.76375574538582365885E-4,
    1.63947561694133579842E-3, -4.32430999505057594430E-3, 1.05464603945949983183E-2,
    -2.37374148058994688156E-2, 4.93052842396707084878E-2, -9.49010970480476444210E-2,
    1.71620901522208775349E-1, -3.04682672343198398683E-1, 6.76795274409476084995E-1,
])
_I0_B = np.array([
    -7.23318048787475395456E-18, -4.83050448594418207126E-18, 4.46562142029675999901E-17,
    3.46122286769746109310E-17, -2.82762398051658348494E-16, -3.42548561967721913462E-16,
    1.77256013305652638360E-15, 3.81168066935262242075E-15, -9.55484669882830764870E-15,
    -4.15056934728722208663E-14, 1.54008621752140982691E-14, 3.85277838274214270114E-13,
    7.18012445138366623367E-13, -1.79417853150680611778E-12, -1.32158118404477131188E-11,
    -3.14991652796324136454E-11, 1.18891471078464383424E-11, 4.94060238822496958910E-10,
    3.39623202570838634515E-9, 2.26666899049817806459E-8, 2.04891858946906374183E-7,
    2.89137052083475648297E-6, 6.88975834691682398426E-5, 3.36911647825569408990E-3,
    8.04490411014108831608E-1,
])
_I1_A = np.array([
    2.77791411276104639959E-18, -2.11142121435816608115E-17, 1.55363195773620046921E-16,
    -1.10559694773538630805E-15, 7.60068429473540693410E-15, -5.04218550472791168711E-14,
    3.22379336594557470981E-13, -1.98397439776494371520E-12, 1.17361862988909016308E-11,
    -6.66348972350202774223E-11, 3.62559028155211703701E-10, -1.88724975172282928790E-9,
    9.38153738649577178388E-9, -4.44505912879632808065E-8, 2.00329475355213526229E-7,
    -8.56872026469545474066E-7, 3.47025130813767847674E-6, -1.32731636560394358279E-5,
    4.78156510755005422638E-5, -1.61760815825896745588E-4, 5.12285956168575772895E-4,
    -1.51357245063125314899E-3, 4.15642294431288815669E-3, -1.05640848946261981558E-2,
    2.47264490306265168283E-2, -5.29459812080949914269E-2, 1.02643658689847095384E-1,
    -1.76416518357834055153E-1, 2.52587186443633654823E-1,
])
_I1_B = np.array([
    7.51729631084210481353E-18, 4.41434832307170791151E-18, -4.65030536848935832153E-17,
    -3.20952592199342395980E-17, 2.96262899764595013876E-16, 3.30820231092092828324E-16,
    -1.88035477551078244854E-15, -3.81440307243700780478E-15, 1.04202769841288027642E-14,
    4.27244001671195135429E-14, -2.10154184277266431302E-14, -4.08355111109219731823E-13,
    -7.19855177624590851209E-13, 2.03562854414708950722E-12, 1.41258074366137813316E-11,
    3.25260358301548823856E-11, -1.89749581235054123450E-11, -5.58974346219658380687E-10,
    -3.83538038596423702205E-9, -2.63146884688951950684E-8, -2.51223623787020892529E-7,
    -3.88256480887769039346E-6, -1.10588938762623716291E-4, -9.76109749136146840777E-3,
    7.78576235018280120474E-1,
])
# the float instantiations hold them rounded to float32, i1's keeping only the last 17 and 7
_SERIES = {
    np.dtype(np.float64): (_I0_A, _I0_B, _I1_A, _I1_B),
    np.dtype(np.float32): (_I0_A.astype(np.float32), _I0_B.astype(np.float32),
                           _I1_A[-17:].astype(np.float32), _I1_B[-7:].astype(np.float32)),
}


def _chbevl(y, coefficients):
    """Cephes's Clenshaw sum of a Chebyshev series at ``y``, each step ``fma(y, b1, -b2) +
    c`` in ``y``'s dtype (float32's product and difference in float64: exact, rounded once)."""
    b0 = np.full(y.shape, coefficients[0], y.dtype)
    b1 = np.zeros(y.shape, y.dtype)
    b2 = b1
    wide_y = y.astype(np.float64) if y.dtype == np.float32 else None
    for c in coefficients[1:]:
        b2, b1 = b1, b0
        if wide_y is not None:
            b0 = (wide_y * b1 - b2).astype(np.float32)
        else:
            b0 = fma64(y, b1, -b2)
        b0 += c
    return y.dtype.type(0.5) * (b0 - b2)


def _split(a):
    """``|x|`` split at 8: each part's argument of its series (the other part's positions
    given a harmless value), and the mask of the first."""
    one = a.dtype.type
    near = a <= 8
    a_near = np.where(near, a, one(1))
    a_far = np.where(near, one(9), a)
    with np.errstate(all="ignore"):
        return near, a_near, a_near / one(2) - one(2), a_far, one(32) / a_far - one(2)


def _exp(a):
    if a.dtype == np.float32:  # (C's expf: glibc's where it is, else the double exp rounded)
        if glibc_expf.available():
            return glibc_expf.expf(a)
        return libm.exp(a.astype(np.float64)).astype(np.float32)
    with np.errstate(over="ignore"):
        return libm.exp(a)


def i0_cephes(x):
    """PyTorch's ``calc_i0`` of a float32 or float64 array."""
    a = np.abs(x)
    near, a_near, y_near, a_far, y_far = _split(a)
    series_near, series_far, _, _ = _SERIES[x.dtype]
    with np.errstate(all="ignore"):
        inside = _exp(a_near) * _chbevl(y_near, series_near)
        outside = _exp(a_far) * _chbevl(y_far, series_far) / np.sqrt(a_far)
    return np.where(near, inside, outside)


def i1_cephes(x):
    """PyTorch's ``calc_i1`` of a float32 or float64 array (odd: the sign of x, -0. kept)."""
    a = np.abs(x)
    near, a_near, y_near, a_far, y_far = _split(a)
    _, _, series_near, series_far = _SERIES[x.dtype]
    with np.errstate(all="ignore"):
        inside = _exp(a_near) * a_near * _chbevl(y_near, series_near)
        outside = _exp(a_far) * _chbevl(y_far, series_far) / np.sqrt(a_far)
    out = np.where(near, inside, outside)
    return np.where(x < 0, -out, out)
