"""Runs of the parametrizations, the hook-based weight/spectral norms and pruning, shared by
their tests and by the recorder of PyTorch's values (``python tools/record_reparam.py``).

Every run is deterministic: weights are fixed, spectral norm's power-iteration vectors are
set explicitly, a non-square orthogonal base comes from a fixed matrix, and only the
norm-based pruning methods are used (random ones cannot reproduce PyTorch's draws). Each
returns a dict of arrays: weights, gradients and masks after a few SGD steps."""
import numpy as np


def linear(tm, n_in, n_out, tie_bias=False):
    m = tm.nn.Linear(n_in, n_out)
    with tm.no_grad():
        count = n_in * n_out
        weight = (tm.linspace(-1, 1, count).reshape(n_out, n_in).sin() * 2
                  + 0.3 * tm.arange(count).reshape(n_out, n_in).float().cos())
        m.weight.copy_(weight)
        bias = [0.0, 0.0, 0.5, 0.0, -0.5, 0.0] if tie_bias else [0.1, -0.2, 0.3, -0.4, 0.5, 0.6]
        m.bias.copy_(tm.tensor(bias[:n_out]))
    return m


def inputs(tm, n_in):
    return tm.linspace(-1, 1, 2 * n_in).reshape(2, n_in)


def train(tm, m, n_in, steps=3, lr=0.1):
    """SGD on ``sum(m(x) ** 3)``; the weight, all gradients and the loss of every step."""
    x = inputs(tm, n_in)
    opt = tm.optim.SGD(m.parameters(), lr=lr)
    record = {"loss": [], "weight": [], "grads": []}
    for _ in range(steps):
        opt.zero_grad()
        loss = (m(x) ** 3).sum()
        loss.backward()
        record["loss"].append(loss.item())
        record["weight"].append(m.weight.detach().numpy().copy())
        record["grads"].append(np.concatenate([p.grad.numpy().ravel() for p in m.parameters()]))
        opt.step()
    return {k: np.stack(v) if k != "loss" else np.array(v) for k, v in record.items()}


def _orthogonal(tm, orthogonal_map, n_in, n_out, trivialization):
    m = linear(tm, n_in, n_out)
    tm.nn.utils.parametrizations.orthogonal(m, orthogonal_map=orthogonal_map,
                                            use_trivialization=trivialization)
    if trivialization and n_in != n_out:
        # the base's random completion: replace it by a fixed orthogonal matrix
        n = max(n_in, n_out)
        q, _ = np.linalg.qr(np.cos(np.arange(n * n).reshape(n, n) * 0.7))
        with tm.no_grad():
            m.parametrizations.weight[0].base.copy_(tm.tensor(q.astype(np.float32)))
    return m


def _spectral(tm, n_in, n_out, old_style):
    m = linear(tm, n_in, n_out)
    if old_style:
        tm.nn.utils.spectral_norm(m)
        u, v = m.weight_u, m.weight_v
    else:
        tm.nn.utils.parametrizations.spectral_norm(m)
        u, v = m.parametrizations.weight[0]._u, m.parametrizations.weight[0]._v
    with tm.no_grad():
        u.copy_(tm.nn.functional.normalize(tm.linspace(0.2, 1.0, u.numel()), dim=0))
        v.copy_(tm.nn.functional.normalize(tm.linspace(-1.0, 0.5, v.numel()), dim=0))
    return m


RUNS = {
    "orthogonal_matrix_exp": lambda tm: (_orthogonal(tm, "matrix_exp", 4, 4, True), 4),
    "orthogonal_cayley": lambda tm: (_orthogonal(tm, "cayley", 4, 4, True), 4),
    "orthogonal_householder": lambda tm: (_orthogonal(tm, "householder", 4, 4, True), 4),
    "orthogonal_tall_householder": lambda tm: (_orthogonal(tm, "householder", 3, 5, True), 3),
    "orthogonal_wide_matrix_exp": lambda tm: (_orthogonal(tm, "matrix_exp", 5, 3, True), 5),
    "orthogonal_householder_no_trivialization": lambda tm: (
        _orthogonal(tm, "householder", 3, 5, False), 3),
    "weight_norm_dim0": lambda tm: (tm.nn.utils.parametrizations.weight_norm(
        linear(tm, 4, 3)), 4),
    "weight_norm_dim1": lambda tm: (tm.nn.utils.parametrizations.weight_norm(
        linear(tm, 4, 3), dim=1), 4),
    "weight_norm_dim_none": lambda tm: (tm.nn.utils.parametrizations.weight_norm(
        linear(tm, 4, 3), dim=None), 4),
    "old_weight_norm": lambda tm: (tm.nn.utils.weight_norm(linear(tm, 4, 3)), 4),
    "spectral_norm": lambda tm: (_spectral(tm, 4, 3, False), 4),
    "old_spectral_norm": lambda tm: (_spectral(tm, 4, 3, True), 4),
}


def run(tm, name):
    m, n_in = RUNS[name](tm)
    return train(tm, m, n_in)


def prune_runs(tm):
    """Masks of the norm-based pruning methods, alone and combined, ties included."""
    prune = __import__(tm.__name__ + ".nn.utils.prune", fromlist=["prune"])
    out = {}
    m = linear(tm, 4, 5, tie_bias=True)
    prune.l1_unstructured(m, "weight", amount=0.3)
    out["l1"] = m.weight_mask.numpy().copy()
    prune.l1_unstructured(m, "bias", amount=3)  # ties among the zeros
    out["l1_bias_ties"] = m.bias_mask.numpy().copy()
    prune.ln_structured(m, "weight", amount=0.5, n=2, dim=0)
    out["l1_then_ln2_rows"] = m.weight_mask.numpy().copy()
    prune.ln_structured(m, "weight", amount=1, n=1, dim=1)
    out["then_ln1_column"] = m.weight_mask.numpy().copy()
    out["pruned_weight"] = m.weight.detach().numpy().copy()
    out["pruned_training"] = train(tm, m, 4)["grads"]
    prune.remove(m, "weight")
    out["removed_weight"] = m.weight.detach().numpy().copy()
    a, b = linear(tm, 4, 3), linear(tm, 3, 2)
    prune.global_unstructured([(a, "weight"), (b, "weight"), (b, "bias")],
                              pruning_method=prune.L1Unstructured, amount=0.4)
    out["global_a"], out["global_b"] = a.weight_mask.numpy().copy(), b.weight_mask.numpy().copy()
    out["global_b_bias"] = b.bias_mask.numpy().copy()
    m = linear(tm, 4, 3)
    scores = tm.tensor([[3.0, 1, 1, 2], [1, 1, 5, 1], [1, 0, 1, 1]])
    prune.l1_unstructured(m, "weight", amount=5, importance_scores=scores)
    out["importance_ties"] = m.weight_mask.numpy().copy()
    conv = tm.nn.Conv2d(3, 4, 2)
    with tm.no_grad():
        conv.weight.copy_(tm.linspace(-1, 1, conv.weight.numel()).reshape(conv.weight.shape)
                          .sin().round())  # many equal channel norms
    prune.ln_structured(conv, "weight", amount=2, n=1, dim=0)
    out["conv_channel_ties"] = conv.weight_mask.numpy().copy()
    return out
