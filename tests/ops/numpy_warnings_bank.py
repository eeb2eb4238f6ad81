"""Run as a script by test_numpy_warnings.py, with ``-W error``: many ops on hostile inputs
(empty, NaN and infinities, values that overflow), forward, backward and double backward.
Prints every warning that escapes hookgrad (one line each, with the hookgrad line that
called NumPy); hookgrad's own warnings, those PyTorch gives too, are allowed."""
import math
import sys
import traceback
import warnings

import hookgrad as torch

F = torch.nn.functional
INF, NAN = math.inf, math.nan


def inputs():
    return {
        "empty": torch.zeros(0, requires_grad=True),
        "empty-rows": torch.zeros(0, 3, requires_grad=True),
        "empty-columns": torch.zeros(2, 0, requires_grad=True),
        "nan-inf": torch.tensor([[NAN, INF, -INF], [1e38, -1e38, 0.0]], requires_grad=True),
        "infs": torch.tensor([[INF, -INF, INF], [-INF, INF, 1.0]], requires_grad=True),
        "huge": torch.tensor([[3e38, 3e38, -3e38], [1e-45, 0.0, -0.0]], requires_grad=True),
        "zeros": torch.zeros(2, 3, requires_grad=True),
    }


def _rows(x):
    return x if x.dim() == 2 else x.reshape(-1, 1)


def _channels(x):
    return _rows(x).unsqueeze(0)


OPS = {
    "sum": lambda x: x.sum(), "sum-dim": lambda x: x.sum(-1), "mean": lambda x: x.mean(),
    "mean-dim": lambda x: x.mean(0), "prod": lambda x: x.prod(), "prod-dim": lambda x: x.prod(-1),
    "var": lambda x: _rows(x).var(1) if _rows(x).shape[1] > 1 else x.sum(),
    "var_mean": lambda x: torch.var_mean(_rows(x), 1, correction=0)[0],
    "norm": lambda x: x.norm(), "norm-1": lambda x: x.norm(1), "norm-3": lambda x: x.norm(3),
    "logsumexp": lambda x: x.logsumexp(-1), "softmax": lambda x: x.softmax(-1),
    "log_softmax": lambda x: x.log_softmax(-1), "cumsum": lambda x: x.cumsum(-1),
    "cumprod": lambda x: x.cumprod(-1), "logcumsumexp": lambda x: x.logcumsumexp(-1),
    "sinc": lambda x: x.sinc(), "exp": lambda x: x.exp(), "log": lambda x: x.log(),
    "pow": lambda x: x ** 2.5, "pow-tensor": lambda x: x ** x, "div": lambda x: x / x,
    "rsqrt": lambda x: x.rsqrt(), "logit": lambda x: x.logit(), "xlogy": lambda x: x.xlogy(x),
    "atan2": lambda x: torch.atan2(x, x), "fmod": lambda x: torch.fmod(x, x),
    "remainder": lambda x: x % x, "floor_divide": lambda x: x // x,
    "nansum": lambda x: x.nansum(), "nanmean": lambda x: x.nanmean(),
    "trace": lambda x: _rows(x).trace(), "gelu": lambda x: F.gelu(x),
    "softplus": lambda x: F.softplus(x), "mish": lambda x: F.mish(x),
    "normalize": lambda x: F.normalize(x, dim=-1),
    "cosine_similarity": lambda x: F.cosine_similarity(x, x, dim=-1),
    "layer_norm": lambda x: F.layer_norm(x, x.shape[-1:]),
    "rms_norm": lambda x: F.rms_norm(x, x.shape[-1:]),
    "group_norm": lambda x: F.group_norm(_channels(x), 1),
    "instance_norm": lambda x: F.instance_norm(_channels(x)),
    "adaptive_avg_pool1d": lambda x: F.adaptive_avg_pool1d(_channels(x), 1),
    "mse_loss": lambda x: F.mse_loss(x, x.detach() * 0),
    "l1_loss": lambda x: F.l1_loss(x, x.detach() * 0),
    "smooth_l1_loss": lambda x: F.smooth_l1_loss(x, x.detach() * 0),
    "poisson_nll_loss": lambda x: F.poisson_nll_loss(x, x.detach().abs() + 2, full=True),
    "gaussian_nll_loss": lambda x: F.gaussian_nll_loss(x, x.detach(), x.detach().abs() + 1),
    "hinge_embedding_loss": lambda x: F.hinge_embedding_loss(x, torch.ones_like(x)),
    "margin_ranking_loss": lambda x: F.margin_ranking_loss(x, x, torch.ones_like(x)),
    "multilabel_soft_margin_loss": lambda x: F.multilabel_soft_margin_loss(
        _rows(x), torch.ones_like(_rows(x))),
    "cross_entropy": lambda x: F.cross_entropy(_rows(x), _rows(x).detach().softmax(-1)),
    "clip_grad_norm_": lambda x: torch.nn.utils.clip_grad_norm_([x.detach().clone()], 1.0, 3.0),
    # (an infinite gradient into cdist's backward, whose slopes have both signs: inf - inf)
    "cdist-inf-grad": lambda x: torch.cdist(
        x.reshape(-1)[:0].sum() + torch.tensor([[-0.25, 0.0], [0.25, 1.75]]),
        torch.tensor([[-0.75, -0.25], [0.25, 1.0], [0.5, -1.5]])) * INF,
    # x as the weight of a convolution whose padding PyTorch's oneDNN leaves out of the sum
    "conv1d-weight": lambda x: F.conv1d(torch.ones(2, 1, 4), x.reshape(1, 1, -1), padding=1),
    # (each element a batch's product, the batches summed: infinities of both signs; fuzz
    # 32:11725)
    "addbmm": lambda x: torch.addbmm(torch.zeros(1, 1), x.reshape(-1, 1, 1),
                                     torch.ones(x.numel(), 1, 1)),
}


def run(op, x, phase):
    out = op(x)
    if phase == "forward" or not out.requires_grad:
        return
    (grad,) = torch.autograd.grad(out, x, torch.ones_like(out), create_graph=phase == "double",
                                  allow_unused=True)
    if phase == "double" and grad is not None and grad.requires_grad:
        torch.autograd.grad(grad.sum(), x, allow_unused=True)


def main():
    for name, op in OPS.items():
        for kind in inputs():
            for phase in ("forward", "backward", "double"):
                try:
                    run(op, inputs()[kind], phase)
                except Warning as warning:
                    frames = traceback.extract_tb(sys.exc_info()[2])
                    if isinstance(warning, UserWarning) and "/hookgrad/" in frames[-1].filename:
                        continue  # hookgrad's own (PyTorch's) warning, e.g. var's dof
                    ours = [f for f in frames if "/hookgrad/" in f.filename]
                    where = f"{ours[-1].filename}:{ours[-1].lineno}" if ours else "?"
                    print(f"{name}/{kind}/{phase}: {type(warning).__name__}: {warning} at "
                          f"{where}")
                except Exception:  # noqa: BLE001  (errors are other tests' business)
                    pass


if __name__ == "__main__":
    warnings.simplefilter("error")
    warnings.filterwarnings("ignore", r"(overflow|divide by zero|invalid value|underflow) "
                            "encountered", RuntimeWarning, r"hookgrad(\.|$)")
    main()
