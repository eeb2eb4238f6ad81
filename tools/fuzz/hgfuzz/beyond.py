"""Ops the generator makes that hookgrad's op surface lacked when the fuzzer was written
(PyTorch has them). They are generated rarely, so that a program's first difference is seldom
"no such op": together they get BEYOND_SHARE of the op weight, the ones the issue names
(ISSUE_NAMED) three times as often as the rest. The list is fixed, so a seed makes the same
programs after hookgrad gains these ops."""

BEYOND_SHARE = 0.03
ISSUE_NAMED = frozenset("""select round_ clamp_min_ floor_ sign_ reciprocal_ as_strided
tensor_split atleast_2d erfc lgamma kron cross searchsorted bincount rot90""".split())
BEYOND_HOOKGRAD = frozenset("""celu_ elu_ hardtanh_ leaky_relu_ multilabel_margin_loss
pixel_shuffle rrelu_ selu_ det inv absolute_ acos_ acosh_ angle arcsin_ arctan2 arctan_
as_strided asin_ asinh_ atan2_ atan_ atanh_ bitwise_and bitwise_left_shift bitwise_not
bitwise_not_ bitwise_or bitwise_xor ceil_ clamp_max_ clamp_min_ copysign_ cosh_ deg2rad_
diag_embed digamma digamma_ eq_ erf_ erfc erfc_ erfinv erfinv_ exp2_ expm1_ fix_ float_power
float_power_ floor_ floor_divide_ fmod_ frac_ gcd heaviside heaviside_ hypot_ i0 i0_ index_put
index_put_ isneginf isposinf kthvalue lcm ldexp ldexp_ lgamma lgamma_ log10_ log1p_ log2_
logaddexp2 logical_and_ logical_not_ logit_ lt_ masked_scatter maximum_ mode multiply_
nan_to_num_ nanmedian nanquantile negative_ nextafter quantile rad2deg_ ravel reciprocal_
remainder_ rot90 round_ rsqrt_ scatter_reduce scatter_reduce_ select sgn_ sign_ sinc_ sinh_
split_with_sizes std_mean subtract_ take_along_dim tan_ tensor_split tril_ triu_ true_divide_
trunc_ var_mean xlogy_ addbmm addmv addr atleast_1d atleast_2d atleast_3d baddbmm bincount
block_diag bucketize cartesian_prod cdist column_stack concatenate cross divide dstack inner
kron multiply negative searchsorted subtract tensordot unflatten unique_consecutive
vdot""".split())


def reweighted(ops):
    """The weights of ``ops`` with the ops beyond hookgrad scaled down to BEYOND_SHARE."""
    weights = [op.weight for op in ops]
    beyond = [i for i, op in enumerate(ops) if op.name in BEYOND_HOOKGRAD]
    for i in beyond:
        weights[i] *= 3.0 if ops[i].name in ISSUE_NAMED else 1.0
    inside = sum(w for i, w in enumerate(weights) if i not in set(beyond))
    outside = sum(weights[i] for i in beyond)
    scale = BEYOND_SHARE / (1 - BEYOND_SHARE) * inside / outside
    for i in beyond:
        weights[i] *= scale
    return weights
