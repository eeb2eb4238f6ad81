# Fuzz seed 5: a view made in no_grad mode of a tensor that did not require grad, whose base
# an in-place op then makes require grad (with grad mode on): PyTorch refuses to say whether
# the view requires grad, as it refuses its grad_fn and its use in an op.
import torch

for check in (lambda v: v.requires_grad, lambda v: v.grad_fn, lambda v: v * 2,
              lambda v: v.is_leaf):
    base = torch.tensor([[-2.042, 1.543]]).t()[torch.tensor([False, True]), ]
    with torch.no_grad():
        view = base.view((1,))
    base.addcmul_(torch.tensor(-4.346, requires_grad=True), torch.tensor([[2.25]]))
    print(base.requires_grad, base.grad_fn.name())
    try:
        print(check(view))
    except RuntimeError as error:
        print('RuntimeError', error)

# without an in-place op: the view follows its base, no error
base = torch.zeros(2)
with torch.no_grad():
    view = base[:1]
base.requires_grad_()
print(view.requires_grad, view.grad_fn, view.is_leaf)
