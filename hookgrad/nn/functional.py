"""torch.nn.functional: PyTorch's signatures over the ops in ``hookgrad._ops`` (conv, nn, loss).

Argument checks raise PyTorch's exception types and messages. The functions live in
``hookgrad.nn._functional``, one module per concern; this module is their public face."""
from .._ops.distances import pdist  # noqa: F401
from ._functional.activation import (  # noqa: F401
    celu,
    celu_,
    elu,
    elu_,
    gelu,
    glu,
    hardshrink,
    hardsigmoid,
    hardswish,
    hardtanh,
    hardtanh_,
    leaky_relu,
    leaky_relu_,
    log_softmax,
    logsigmoid,
    mish,
    prelu,
    relu,
    relu6,
    relu_,
    rrelu,
    rrelu_,
    selu,
    selu_,
    sigmoid,
    silu,
    softmax,
    softmin,
    softplus,
    softshrink,
    softsign,
    tanh,
    tanhshrink,
    threshold,
    threshold_,
)
from ._functional.attention import (  # noqa: F401
    multi_head_attention_forward,
    scaled_dot_product_attention,
)
from ._functional.channels import (  # noqa: F401
    channel_shuffle,
    local_response_norm,
    native_channel_shuffle,
)
from ._functional.conv import conv1d, conv2d, conv_transpose1d, conv_transpose2d  # noqa: F401
from ._functional.distance import cosine_similarity, pairwise_distance  # noqa: F401
from ._functional.dropout import (  # noqa: F401
    alpha_dropout,
    dropout,
    dropout1d,
    dropout2d,
    dropout3d,
    feature_alpha_dropout,
)
from ._functional.embedding_bag import embedding_bag  # noqa: F401
from ._functional.grids import affine_grid  # noqa: F401
from ._functional.linear import bilinear, linear  # noqa: F401
from ._functional.loss import (  # noqa: F401
    binary_cross_entropy,
    binary_cross_entropy_with_logits,
    cosine_embedding_loss,
    cross_entropy,
    gaussian_nll_loss,
    hinge_embedding_loss,
    huber_loss,
    kl_div,
    l1_loss,
    margin_ranking_loss,
    mse_loss,
    multi_margin_loss,
    multilabel_margin_loss,
    multilabel_soft_margin_loss,
    nll_loss,
    poisson_nll_loss,
    smooth_l1_loss,
    soft_margin_loss,
    triplet_margin_loss,
)
from ._functional.normalization import (  # noqa: F401
    batch_norm,
    group_norm,
    instance_norm,
    layer_norm,
    normalize,
    rms_norm,
)
from ._functional.padding import pad  # noqa: F401
from ._functional.patches import fold, pixel_shuffle, pixel_unshuffle, unfold  # noqa: F401
from ._functional.pooling import (  # noqa: F401
    adaptive_avg_pool1d,
    adaptive_avg_pool2d,
    adaptive_max_pool1d,
    adaptive_max_pool2d,
    avg_pool1d,
    avg_pool2d,
    lp_pool1d,
    lp_pool2d,
    max_pool1d,
    max_pool2d,
)
from ._functional.sparse import embedding, one_hot  # noqa: F401
from ._functional.unpool import (  # noqa: F401
    adaptive_max_pool1d_with_indices,
    adaptive_max_pool2d_with_indices,
    max_pool1d_with_indices,
    max_pool2d_with_indices,
    max_unpool1d,
    max_unpool2d,
)
from ._functional.upsampling import interpolate, upsample  # noqa: F401
