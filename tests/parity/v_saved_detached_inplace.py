# A saved input that had a grad_fn when saved and lost it to an in-place detach_() is refused
# by the backward that needs it (PyTorch's error); a saved output, a tensor detached before
# it was saved, a detached leaf and the _saved_* attribute are fine.
import torch
def attempt(label, fn):
    try:
        fn()
        print(label, "ok")
    except RuntimeError as e:
        print(label, "RuntimeError", e)
a = torch.tensor(1.0, requires_grad=True).clone()
b = a.sin()
a.detach_()
attempt("sin (saves its input)", b.backward)
a = torch.tensor(1.0, requires_grad=True).clone()
b = a.exp()
a.detach_()
attempt("exp (saves its output)", b.backward)
a = torch.tensor([1.0, 2.0], requires_grad=True).clone()
b = a * a
a.detach_()
attempt("mul", lambda: b.sum().backward())
a = torch.tensor([1.0, 2.0], requires_grad=True).clone()
a.detach_()
c = torch.tensor([1.0, 2.0], requires_grad=True)
b = a * c
attempt("detached before saving", lambda: b.sum().backward())
a = torch.tensor([1.0, 2.0], requires_grad=True).clone()
b = a.sin()
a.detach_()
print("attribute", b.grad_fn._saved_self)
leaf = torch.tensor([1.0, 2.0], requires_grad=True)
b = leaf.sin()
leaf.detach_()
attempt("leaf detached", lambda: b.sum().backward())
