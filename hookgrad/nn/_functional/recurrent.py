"""The recurrent cells and layer stacks (RNN tanh / relu, LSTM with optional projection, GRU)
as PyTorch's CPU reference implementation composes them, so each step records the nodes
PyTorch records (AddmmBackward0, UnsafeSplitBackward0, SigmoidBackward0, ...) and autograd,
hooks and double backward go through ordinary ops.

A layer computes the input projection of the whole sequence at once (one ``linear`` over the
3-d input, then ``unbind``), then steps through time with the hidden projection; the outputs
are stacked, the two directions of a bidirectional layer concatenated on the feature dim, and
the final hidden states of all layers stacked. (PyTorch's float32 LSTM on CPU runs a fused
oneDNN kernel recording one ``MkldnnRnnLayerBackward0`` node instead; its values agree within
float32 rounding.)"""
from ..._ops.shape import UnsafeSplitBackward0, cat, stack
from .activation import relu, sigmoid, tanh
from .dropout import dropout as _dropout
from .linear import linear


def _chunks(gates, count):
    """``gates.unsafe_chunk(count, 1)``: pieces that autograd does not treat as views."""
    size = gates._data.shape[1] // count
    return UnsafeSplitBackward0.apply(gates, 1, [size] * count)


def _matmul_t(hidden, weight):
    return hidden.matmul(weight.t())


def check_cell_input(input, input_size):
    if input._data.shape[1] != input_size:
        raise RuntimeError(f"input has inconsistent input_size: got {input._data.shape[1]} "
                           f"expected {input_size}")


def check_cell_hidden(input, hidden, index, hidden_size):
    batch, shape = input._data.shape[0], hidden._data.shape
    if shape[0] != batch:
        raise RuntimeError(f"Input batch size {batch} doesn't match hidden{index} batch size "
                           f"{shape[0]}")
    if shape[1] != hidden_size:
        raise RuntimeError(f"hidden{index} has inconsistent hidden_size: got {shape[1]}, "
                           f"expected {hidden_size}")


def simple_cell(input, hidden, w_ih, w_hh, b_ih, b_hh, activation, projected=False):
    """One step of an Elman RNN: ``activation(hidden @ w_hh.T + b_hh + input @ w_ih.T + b_ih)``
    (``input`` already projected when ``projected``)."""
    total = linear(hidden, w_hh, b_hh)
    total = total + (input if projected else linear(input, w_ih, b_ih))
    return tanh(total) if activation == "tanh" else relu(total)


def lstm_cell(input, hidden, w_ih, w_hh, b_ih, b_hh, w_hr=None, projected=False):
    hx, cx = hidden
    gates = linear(hx, w_hh, b_hh)
    gates = gates + (input if projected else linear(input, w_ih, b_ih))
    in_gate, forget_gate, cell_gate, out_gate = _chunks(gates, 4)
    in_gate, forget_gate = sigmoid(in_gate), sigmoid(forget_gate)
    cell_gate, out_gate = tanh(cell_gate), sigmoid(out_gate)
    cy = forget_gate * cx + in_gate * cell_gate
    hy = out_gate * tanh(cy)
    if w_hr is not None:
        hy = _matmul_t(hy, w_hr)
    return hy, cy


def gru_cell(input, hidden, w_ih, w_hh, b_ih, b_hh, projected=False):
    input_gates = _chunks(input if projected else linear(input, w_ih, b_ih), 3)
    hidden_gates = _chunks(linear(hidden, w_hh, b_hh), 3)
    # (PyTorch's in-place steps: its products save their left operand as a clone, which is
    # what saved-tensor pack hooks see)
    reset_gate = hidden_gates[0].add_(input_gates[0]).sigmoid_()
    update_gate = hidden_gates[1].add_(input_gates[1]).sigmoid_()
    new_gate = input_gates[2].add(hidden_gates[2].mul_(reset_gate)).tanh_()
    return (hidden - new_gate).mul_(update_gate).add_(new_gate)


def _step(mode, input, hidden, params):
    w_ih, w_hh, b_ih, b_hh, w_hr = params
    if mode == "LSTM":
        hy, cy = lstm_cell(input, hidden, w_ih, w_hh, b_ih, b_hh, w_hr, projected=True)
        return hy, (hy, cy)
    if mode == "GRU":
        hy = gru_cell(input, hidden, w_ih, w_hh, b_ih, b_hh, projected=True)
    else:
        hy = simple_cell(input, hidden, w_ih, w_hh, b_ih, b_hh,
                         "tanh" if mode == "RNN_TANH" else "relu", projected=True)
    return hy, hy


def _run_direction(mode, input, hidden, params, reverse):
    """One direction of one layer over a ``(seq, batch, features)`` input."""
    steps = list(linear(input, params[0], params[2]).unbind(0))
    if not steps:
        raise RuntimeError("Expected sequence length to be larger than 0 in RNN")
    order = range(len(steps) - 1, -1, -1) if reverse else range(len(steps))
    outputs = [None] * len(steps)
    for t in order:
        outputs[t], hidden = _step(mode, steps[t], hidden, params)
    return stack(outputs, 0), hidden


def _run_stack(mode, layer_input, hx, layer_params, num_layers, dropout, train, bidirectional,
               run_one, *extra):
    """Every layer and direction over ``layer_input``: ``run_one(mode, input, *extra, hidden,
    params, reverse)`` gives one direction's ``(output, final state)``; the directions'
    outputs are concatenated, dropout goes between layers. Returns ``(output, h_n)``."""
    if mode == "LSTM":
        hiddens = list(zip(hx[0].unbind(0), hx[1].unbind(0)))
    else:
        hiddens = list(hx.unbind(0))
    directions = 2 if bidirectional else 1
    finals = []
    for layer in range(num_layers):
        outputs = []
        for direction in range(directions):
            index = layer * directions + direction
            out, final = run_one(mode, layer_input, *extra, hiddens[index], layer_params[index],
                                 direction == 1)
            outputs.append(out)
            finals.append(final)
        layer_output = cat(outputs, outputs[0].dim() - 1) if bidirectional else outputs[0]
        if dropout != 0 and train and layer < num_layers - 1:
            layer_output = _dropout(layer_output, dropout, True)
        layer_input = layer_output
    if mode == "LSTM":
        return layer_input, (stack([h for h, _ in finals], 0), stack([c for _, c in finals], 0))
    return layer_input, stack(finals, 0)


def run_layers(mode, input, hx, layer_params, num_layers, dropout, train, bidirectional,
               batch_first):
    """The whole stack: returns ``(output, h_n)`` (``h_n`` a ``(h, c)`` pair for an LSTM).
    ``layer_params`` lists ``(w_ih, w_hh, b_ih, b_hh, w_hr)`` per layer and direction."""
    if batch_first:
        input = input.transpose(0, 1)
    output, finals = _run_stack(mode, input, hx, layer_params, num_layers, dropout, train,
                                bidirectional, _run_direction)
    if batch_first:
        # (PyTorch's LSTM returns a transposed copy of the output: TransposeBackward0; its RNN
        # and GRU transpose their output in place: TransposeBackward1)
        output = output.transpose(0, 1) if mode == "LSTM" else output.transpose_(0, 1)
    return output, finals


def _narrow_state(mode, hidden, start, end):
    if mode == "LSTM":
        return tuple(h.narrow(0, start, end - start) for h in hidden)
    return hidden.narrow(0, start, end - start)


def _concat_states(mode, states):
    if mode == "LSTM":
        return tuple(cat([s[i] for s in states], 0) for i in range(2))
    return cat(states, 0)


def _run_packed(mode, data, sizes, hidden, params):
    """One forward layer over packed data: when the batch shrinks, the states of the
    sequences that ended are put aside (they are final); the final states are concatenated
    back in batch order at the end."""
    steps = linear(data, params[0], params[2])
    outputs, finished = [], []
    offset, last = 0, sizes[0]
    for size in sizes:
        step = steps.narrow(0, offset, size)
        offset += size
        if size < last:
            finished.append(_narrow_state(mode, hidden, size, last))
            hidden = _narrow_state(mode, hidden, 0, size)
        last = size
        output, hidden = _step(mode, step, hidden, params)
        outputs.append(output)
    finished.append(hidden)
    return cat(outputs, 0), _concat_states(mode, finished[::-1])


def _run_packed_reversed(mode, data, sizes, initial, params):
    """One reverse layer over packed data: it starts with the sequences of the last step and
    takes in the initial states of the others as the batch grows."""
    steps = linear(data, params[0], params[2])
    outputs = []
    offset, last = steps._data.shape[0], sizes[-1]
    hidden = _narrow_state(mode, initial, 0, last)
    for size in reversed(sizes):
        if size > last:
            hidden = _concat_states(mode, [hidden, _narrow_state(mode, initial, last, size)])
        step = steps.narrow(0, offset - size, size)
        offset -= size
        last = size
        output, hidden = _step(mode, step, hidden, params)
        outputs.append(output)
    return cat(outputs[::-1], 0), hidden


def _run_packed_direction(mode, data, sizes, hidden, params, reverse):
    run = _run_packed_reversed if reverse else _run_packed
    return run(mode, data, sizes, hidden, params)


def run_packed_layers(mode, data, batch_sizes, hx, layer_params, num_layers, dropout, train,
                      bidirectional):
    """The whole stack over the data of a PackedSequence (``batch_sizes`` a list of ints)."""
    return _run_stack(mode, data, hx, layer_params, num_layers, dropout, train, bidirectional,
                      _run_packed_direction, batch_sizes)
