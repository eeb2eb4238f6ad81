"""Module and the layers built on it."""
from . import (
    activation,
    container,
    conv,
    dropout,
    flatten,
    linear,
    loss,
    normalization,
    padding,
    pooling,
    sparse,
    transformer,
    transformer_decoder,
    upsampling,
)
from .activation import *  # noqa: F401,F403
from .container import *  # noqa: F401,F403
from .conv import *  # noqa: F401,F403
from .dropout import *  # noqa: F401,F403
from .flatten import *  # noqa: F401,F403
from .linear import *  # noqa: F401,F403
from .loss import *  # noqa: F401,F403
from .module import Module  # noqa: F401
from .normalization import *  # noqa: F401,F403
from .padding import *  # noqa: F401,F403
from .pooling import *  # noqa: F401,F403
from .sparse import *  # noqa: F401,F403
from .transformer import *  # noqa: F401,F403
from .transformer_decoder import *  # noqa: F401,F403
from .upsampling import *  # noqa: F401,F403

__all__ = ["Module"] + [name for file in (activation, container, conv, dropout, flatten, linear,
                                          loss, normalization, padding, pooling, sparse,
                                          transformer, transformer_decoder, upsampling)
                        for name in file.__all__]
