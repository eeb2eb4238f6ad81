"""parameters_to_vector / vector_to_parameters."""
from ..._functions import cat
from ..._tensor import Tensor
from ...optim.optimizer import _typename

__all__ = ["parameters_to_vector", "vector_to_parameters"]


def parameters_to_vector(parameters):
    """Flatten ``parameters`` into one vector (differentiable, like ``torch.cat``)."""
    return cat([param.view(-1) for param in parameters])


def vector_to_parameters(vec, parameters):
    """Make each parameter's ``.data`` the matching slice of ``vec`` (they share memory)."""
    if not isinstance(vec, Tensor):
        raise TypeError(f"expected torch.Tensor, but got: {_typename(vec)}")
    pointer = 0
    for param in parameters:
        num_param = param.numel()
        param.data = vec[pointer:pointer + num_param].view_as(param).data
        pointer += num_param
