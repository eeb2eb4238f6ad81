"""The single-step recurrent cells RNNCell, LSTMCell and GRUCell (PyTorch's parameter names,
initialisation, repr and checks; the arithmetic is in ``nn._functional.recurrent``)."""
import math

from ..._creation import empty, zeros
from .. import init
from .._functional import recurrent as _recurrent
from ..parameter import Parameter
from .module import Module

__all__ = ["RNNCellBase", "RNNCell", "LSTMCell", "GRUCell"]


class RNNCellBase(Module):
    def __init__(self, input_size, hidden_size, bias, num_chunks, device=None, dtype=None):
        super().__init__()
        kwargs = {"device": device, "dtype": dtype}
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.bias = bias
        self.weight_ih = Parameter(empty((num_chunks * hidden_size, input_size), **kwargs))
        self.weight_hh = Parameter(empty((num_chunks * hidden_size, hidden_size), **kwargs))
        if bias:
            self.bias_ih = Parameter(empty(num_chunks * hidden_size, **kwargs))
            self.bias_hh = Parameter(empty(num_chunks * hidden_size, **kwargs))
        else:
            self.register_parameter("bias_ih", None)
            self.register_parameter("bias_hh", None)
        self.reset_parameters()

    def extra_repr(self):
        s = f"{self.input_size}, {self.hidden_size}"
        if self.bias is not True:
            s += f", bias={self.bias}"
        nonlinearity = self.__dict__.get("nonlinearity", "tanh")
        if nonlinearity != "tanh":
            s += f", nonlinearity={nonlinearity}"
        return s

    def reset_parameters(self):
        bound = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -bound, bound)

    def _batched(self, name, input, states):
        """PyTorch's dim checks; returns the 2-d input and whether it was batched."""
        if input.dim() not in (1, 2):
            raise ValueError(f"{name}: Expected input to be 1D or 2D, got {input.dim()}D instead")
        for label, state in states:
            if state is not None and state.dim() not in (1, 2):
                raise ValueError(f"{name}: Expected {label} to be 1D or 2D, got {state.dim()}D "
                                 "instead")
        batched = input.dim() == 2
        return (input if batched else input.unsqueeze(0)), batched

    def _zeros(self, input):
        return zeros(input.size(0), self.hidden_size, dtype=input.dtype, device=input.device)

    def _weights(self):
        return self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh


class RNNCell(RNNCellBase):
    def __init__(self, input_size, hidden_size, bias=True, nonlinearity="tanh", device=None,
                 dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=1, device=device,
                         dtype=dtype)
        self.nonlinearity = nonlinearity

    def forward(self, input, hx=None):
        input, batched = self._batched("RNNCell", input, [("hidden", hx)])
        if hx is None:
            hx = self._zeros(input)
        elif not batched:
            hx = hx.unsqueeze(0)
        if self.nonlinearity not in ("tanh", "relu"):
            raise RuntimeError(f"Unknown nonlinearity: {self.nonlinearity}")
        _recurrent.check_cell_input(input, self.input_size)
        _recurrent.check_cell_hidden(input, hx, 0, self.hidden_size)
        out = _recurrent.simple_cell(input, hx, *self._weights(), self.nonlinearity)
        return out if batched else out.squeeze(0)


class LSTMCell(RNNCellBase):
    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=4, device=device,
                         dtype=dtype)

    def forward(self, input, hx=None):
        states = [] if hx is None else [(f"hx[{i}]", value) for i, value in enumerate(hx)]
        input, batched = self._batched("LSTMCell", input, states)
        if hx is None:
            state = self._zeros(input)
            hx = (state, state)
        elif not batched:
            hx = (hx[0].unsqueeze(0), hx[1].unsqueeze(0))
        _recurrent.check_cell_input(input, self.input_size)
        _recurrent.check_cell_hidden(input, hx[0], 0, self.hidden_size)
        _recurrent.check_cell_hidden(input, hx[1], 1, self.hidden_size)
        hy, cy = _recurrent.lstm_cell(input, hx, *self._weights())
        return (hy, cy) if batched else (hy.squeeze(0), cy.squeeze(0))


class GRUCell(RNNCellBase):
    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=3, device=device,
                         dtype=dtype)

    def forward(self, input, hx=None):
        input, batched = self._batched("GRUCell", input, [("hidden", hx)])
        if hx is None:
            hx = self._zeros(input)
        elif not batched:
            hx = hx.unsqueeze(0)
        _recurrent.check_cell_input(input, self.input_size)
        _recurrent.check_cell_hidden(input, hx, 0, self.hidden_size)
        out = _recurrent.gru_cell(input, hx, *self._weights())
        return out if batched else out.squeeze(0)
