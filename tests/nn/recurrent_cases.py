"""The recurrent cases recorded from PyTorch (tools/record/recurrent.py) and checked by
tests/nn/test_recurrent.py: (name, class name, constructor kwargs, input shape, state shapes)."""
CASES = [
    ("rnn_cell", "RNNCell", {"input_size": 3, "hidden_size": 4}, (2, 3), [(2, 4)]),
    ("rnn_cell_relu_unbatched", "RNNCell",
     {"input_size": 3, "hidden_size": 4, "bias": False, "nonlinearity": "relu"}, (3,), []),
    ("gru_cell", "GRUCell", {"input_size": 3, "hidden_size": 4}, (2, 3), [(2, 4)]),
    ("lstm_cell", "LSTMCell", {"input_size": 3, "hidden_size": 4}, (2, 3), [(2, 4), (2, 4)]),
    ("lstm_cell_unbatched", "LSTMCell", {"input_size": 3, "hidden_size": 4, "bias": False},
     (3,), []),
    ("rnn", "RNN", {"input_size": 3, "hidden_size": 4}, (5, 2, 3), [(1, 2, 4)]),
    ("rnn_relu_2_layers_bidirectional", "RNN",
     {"input_size": 3, "hidden_size": 4, "num_layers": 2, "nonlinearity": "relu",
      "bidirectional": True}, (4, 2, 3), []),
    ("gru_batch_first", "GRU", {"input_size": 3, "hidden_size": 4, "batch_first": True},
     (2, 5, 3), [(1, 2, 4)]),
    ("gru_3_layers_unbatched", "GRU",
     {"input_size": 3, "hidden_size": 4, "num_layers": 3, "bias": False}, (4, 3), [(3, 4)]),
    ("lstm", "LSTM", {"input_size": 3, "hidden_size": 4}, (6, 2, 3), [(1, 2, 4), (1, 2, 4)]),
    ("lstm_2_layers_bidirectional_batch_first", "LSTM",
     {"input_size": 3, "hidden_size": 4, "num_layers": 2, "bidirectional": True,
      "batch_first": True}, (2, 3, 3), []),
    ("lstm_projection", "LSTM",
     {"input_size": 3, "hidden_size": 4, "proj_size": 2, "num_layers": 2,
      "bidirectional": True}, (3, 2, 3), [(4, 2, 2), (4, 2, 4)]),
]

# The module a PyTorch checkpoint (tests/nn/fixtures/lstm_checkpoint.pt) was saved from.
CHECKPOINT_KWARGS = {"input_size": 5, "hidden_size": 6, "num_layers": 2, "bidirectional": True,
                     "batch_first": True}
CHECKPOINT_INPUT = (3, 4, 5)

# Layers over a PackedSequence: (name, class name, kwargs, padded input shape (T, B, F),
# lengths (unsorted), whether an initial state is given).
PACKED_CASES = [
    ("packed_gru", "GRU", {"input_size": 3, "hidden_size": 4}, (5, 3, 3), [2, 5, 3], True),
    ("packed_lstm_2_layers_bidirectional", "LSTM",
     {"input_size": 3, "hidden_size": 4, "num_layers": 2, "bidirectional": True},
     (4, 4, 3), [4, 1, 3, 1], True),
    ("packed_rnn_relu_projectionless", "RNN",
     {"input_size": 3, "hidden_size": 4, "nonlinearity": "relu", "bidirectional": True},
     (3, 2, 3), [1, 3], False),
]
