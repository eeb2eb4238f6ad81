# A class weight (or pos_weight) that requires grad is refused with grad mode on, as PyTorch's
# ops that have no derivative for it (nll_loss / nll_loss2d behind cross_entropy,
# multi_margin_loss, binary_cross_entropy_with_logits); accepted under no_grad, and by
# cross_entropy with probability targets (composite there).
import torch

F = torch.nn.functional
w = torch.tensor([0.3, 0.6, 0.9], requires_grad=True)
x = torch.tensor([[0.3, 0.6, 0.9], [0.2, 0.5, 0.7]], requires_grad=True)
t = torch.tensor([0, 2])
probs = torch.tensor([[1.0, 0.0, 0.0], [0.0, 0.5, 0.5]])
cases = [
    ("cross_entropy", lambda: F.cross_entropy(x, t, weight=w)),
    ("nll_loss", lambda: F.nll_loss(x, t, weight=w)),
    ("nll_loss 4-d", lambda: F.nll_loss(x[:, :, None, None], t[:, None, None], weight=w)),
    ("nll_loss 3-d", lambda: F.nll_loss(x[:, :, None], t[:, None], weight=w)),
    ("nll_loss wrong size", lambda: F.nll_loss(x, t, weight=w[:2])),
    ("label smoothing", lambda: F.cross_entropy(x, t, weight=w, label_smoothing=0.1)),
    ("probabilities", lambda: F.cross_entropy(x, probs, weight=w)),
    ("multi_margin_loss", lambda: F.multi_margin_loss(x, t, weight=w)),
    ("bce_with_logits weight", lambda: F.binary_cross_entropy_with_logits(x, probs, weight=w)),
    ("bce_with_logits pos_weight",
     lambda: F.binary_cross_entropy_with_logits(x, probs, pos_weight=w)),
    ("both", lambda: F.binary_cross_entropy_with_logits(x, probs, weight=w, pos_weight=w)),
    ("module", lambda: torch.nn.CrossEntropyLoss(weight=w)(x, t)),
]
for name, f in cases:
    try:
        r = f()
        print(name, r, r.grad_fn.name())
    except RuntimeError as e:
        print(name, "RuntimeError", e)
with torch.no_grad():
    print(F.nll_loss(x, t, weight=w), F.multi_margin_loss(x, t, weight=w))
