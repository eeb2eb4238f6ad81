"""``autograd.backward`` and ``autograd.grad``: argument checks and seeds around the engine."""

import numpy as np

from .._dtype import from_numpy_dtype
from .._tensor_base import TensorBase, _make
from .._warn_once import warn_once
from . import engine

# PyTorch raises this warning in C++, which appends where: the text is PyTorch 2.13's, whole.
CREATE_GRAPH_WARNING = (
    "Using backward() with create_graph=True will create a reference cycle between the "
    "parameter and its gradient which can cause a memory leak. We recommend using autograd.grad "
    "when creating the graph to avoid this. If you have to use this function, make sure to reset "
    "the .grad fields of your parameters to None after use to break the cycle and avoid the leak. "
    "(Triggered internally at /__w/pytorch/pytorch/torch/csrc/autograd/engine.cpp:1307.)")




def _tensors(value):
    if value is None:
        return None
    if isinstance(value, TensorBase):
        return (value,)
    return tuple(value)


def _seeds(outputs, grad_outputs):
    """The gradient each root starts with: given, or ones for a scalar output."""
    if grad_outputs is None:
        grad_outputs = (None,) * len(outputs)
    if len(grad_outputs) < len(outputs):  # (PyTorch pairs them with zip: extra ones go unused)
        raise RuntimeError(f"got {len(outputs)} tensors and {len(grad_outputs)} gradients")
    seeds = []
    for i, (out, g) in enumerate(zip(outputs, grad_outputs)):
        if g is None:
            if out.requires_grad:
                if out._data.size != 1:
                    raise RuntimeError("grad can be implicitly created only for scalar outputs")
                if out._data.dtype.kind not in "fV":
                    raise RuntimeError("grad can be implicitly created only for real scalar "
                                       f"outputs but got {out.dtype}")
            seeds.append(_make(np.ones_like(out._data)))
        elif not isinstance(g, TensorBase):
            raise TypeError(f"gradients can be either Tensors or None, but got "
                            f"{type(g).__name__}")
        else:
            if g._data.shape != out._data.shape:
                raise RuntimeError(
                    f"Mismatch in shape: grad_output[{i}] has a shape of {g.shape} and "
                    f"output[{i}] has a shape of {out.shape}.")
            if g._data.dtype != out._data.dtype:
                # PyTorch's engine casts a root's gradient (any real dtype, int and bool
                # too) to the root's dtype before anything sees it: hooks, the formulas and
                # .grad all get the output's dtype; but not between complex and real.
                if (g._data.dtype.kind == "c") != (out._data.dtype.kind == "c"):
                    raise RuntimeError(
                        "For complex Tensors, both grad_output and output are required to have "
                        f"the same dtype. Mismatch in dtype: grad_output[{i}] has a dtype of "
                        f"{g.dtype} and output[{i}] has a dtype of {out.dtype}.")
                g = g.to(from_numpy_dtype(out._data.dtype))
            if g._zero_tensor and out.grad_fn is not None:  # (a ZeroTensor given: the pass
                from .._zero_tensor import follow_in_backward  # follows PyTorch's kernels)
                follow_in_backward(out.grad_fn)
            seeds.append(g)
    return seeds


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False,
             grad_variables=None, inputs=None):
    """Accumulate into ``.grad`` of the graph leaves (or only of ``inputs``)."""
    tensors = _tensors(tensors)
    grad_tensors = _tensors(grad_tensors if grad_tensors is not None else grad_variables)
    if inputs is not None:
        inputs = _tensors(inputs)
        if not inputs:
            raise RuntimeError("`inputs` argument to `backward()` cannot be empty.")
    if retain_graph is None:
        retain_graph = create_graph
    seeds = _seeds(tensors, grad_tensors)
    if create_graph:  # (PyTorch's engine warns once the roots passed its checks)
        engine.root_gradient_edges(tensors)
        warn_once("backward create_graph", CREATE_GRAPH_WARNING, stacklevel=3)
    engine.run_backward(tensors, seeds, retain_graph, create_graph, inputs, accumulate=True)


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False,
         only_inputs=True, allow_unused=None, is_grads_batched=False, materialize_grads=False):
    """Return the gradients of ``outputs`` w.r.t. ``inputs`` without touching ``.grad``."""
    if materialize_grads and allow_unused is False:
        raise ValueError("Expected allow_unused to be True or not passed when "
                         "materialize_grads=True, but got: allow_unused=False.")
    if allow_unused is None:
        allow_unused = materialize_grads
    outputs = _tensors(outputs)
    inputs_seq = _tensors(inputs)
    if retain_graph is None:
        retain_graph = create_graph
    seeds = _seeds(outputs, _tensors(grad_outputs))
    for t in inputs_seq:
        if not t.requires_grad:  # (PyTorch's engine checks the outputs first)
            engine.root_gradient_edges(outputs)
            raise RuntimeError("One of the differentiated Tensors does not require grad")
    captured = engine.run_backward(outputs, seeds, retain_graph, create_graph, inputs_seq,
                                   accumulate=False)
    result = []
    for index, (t, g) in enumerate(zip(inputs_seq, captured)):
        if g is None:
            if materialize_grads:
                g = _make(np.zeros_like(t._data))
            elif not allow_unused:
                raise RuntimeError(f"The differentiated Tensor at index {index} appears to not "
                                   "have been used in the graph. Set allow_unused=True if this "
                                   "is the desired behavior.")
        result.append(g)
    return tuple(result)
