# A view made through view_as_real / view_as_complex, reshaped in place by t_, transpose_,
# unsqueeze_, squeeze_ or swapdims_ (fuzz 68:18556): PyTorch's view_fn does not follow
# those ops, so the regenerated grad_fn replays the view as it was before them (one
# AsStridedBackward0 per plain view step after a view_as_real / view_as_complex step), and the
# gradient is checked against and passed on in that shape. Also t_()'s own error message.
import torch


def walk(fn):
    out = []
    while fn is not None:
        out.append(fn.name().replace("Backward0", "").replace("torch::autograd::", ""))
        nf = [f for f, _ in fn.next_functions if f is not None]
        fn = nf[0] if nf else None
    return out


def case(label, make, inplace):
    c = torch.zeros(3, 4, dtype=torch.complex128, requires_grad=True)
    b = torch.zeros(3, 4, 2, dtype=torch.float64, requires_grad=True)
    v = make(c, b)
    with torch.no_grad():
        inplace(v)
    print(label, walk(v.grad_fn), tuple(v.shape))


case("var unsq_", lambda c, b: torch.view_as_real(c), lambda v: v.unsqueeze_(0))
case("var unsq_ transpose_", lambda c, b: torch.view_as_real(c),
     lambda v: (v.unsqueeze_(0), v.transpose_(0, 1)))
case("var t unsq_ unsq_", lambda c, b: torch.view_as_real(c).transpose(0, 2),
     lambda v: (v.unsqueeze_(0), v.unsqueeze_(0)))
case("var t squeeze_", lambda c, b: torch.view_as_real(c)[:1].transpose(0, 2),
     lambda v: v.squeeze_(2))
case("vac unsq_", lambda c, b: torch.view_as_complex(b), lambda v: v.unsqueeze_(0))
case("vac var unsq_", lambda c, b: torch.view_as_real(torch.view_as_complex(b)),
     lambda v: v.unsqueeze_(0))
case("real swapdims_", lambda c, b: torch.view_as_complex(b).real, lambda v: v.swapdims_(0, 1))
case("real t swapdims_", lambda c, b: torch.view_as_complex(b).real.t(),
     lambda v: v.swapdims_(0, 1))
case("real t t_", lambda c, b: torch.view_as_complex(b).real.t(), lambda v: v.t_())
case("var add_", lambda c, b: torch.view_as_real(c)[0], lambda v: v.add_(1))
case("var unsq_ add_", lambda c, b: torch.view_as_real(c)[0], lambda v: (v.unsqueeze_(0), v.add_(1)))
case("plain unsq_", lambda c, b: b[0].t(), lambda v: v.unsqueeze_(0))
case("conj unsq_", lambda c, b: c.conj()[0], lambda v: v.unsqueeze_(0))
case("conj t unsq_", lambda c, b: c.conj().t()[0], lambda v: v.unsqueeze_(0))

try:
    torch.view_as_real(torch.zeros(3, 4, dtype=torch.complex64)).t_()
except RuntimeError as error:
    print("t_:", error)

# the gradient through the regenerated node, in grad mode and without
c = torch.tensor([[1 + 2j, 3 - 1j, 1j], [0.5j, 2, 1]], dtype=torch.complex128, requires_grad=True)
for grad_mode in (True, False):
    cc = c * 1
    v = torch.view_as_real(cc).transpose(0, 1)
    with torch.set_grad_enabled(grad_mode):
        v.unsqueeze_(0)
    cc.mul_(2)
    print("grad mode" if grad_mode else "no grad", walk(v.grad_fn), tuple(v.shape))
    (v * torch.arange(v.numel()).reshape(v.shape)).sum().backward()
    print(c.grad)
    c.grad = None

# transpose_ of equal sizes: the gradient goes on as the view's before the transpose
cc = c * 1
v = torch.view_as_real(cc)
with torch.no_grad():
    v.transpose_(0, 2)
(v * torch.arange(v.numel()).reshape(v.shape)).sum().backward()
print(c.grad)
c.grad = None

# of other sizes: the gradient no longer fits
cc = c * 1
v = torch.view_as_real(cc)
with torch.no_grad():
    v.transpose_(0, 1)
try:
    (v * 2).sum().backward()
except RuntimeError as error:
    print("backward:", error)

# a view made after the in-place view op keeps its own shape
cc = c * 1
v = torch.view_as_real(cc)
with torch.no_grad():
    v.unsqueeze_(0)
x = v[0, 1]
with torch.no_grad():
    x.mul_(1)
print(walk(x.grad_fn), tuple(x.shape))
(x * torch.arange(6.0).reshape(3, 2)).sum().backward()
print(c.grad)
