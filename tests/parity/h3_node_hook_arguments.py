# Node hook arguments as PyTorch gives them: clamp_min / clamp_max with a tensor bound are
# two-input nodes; nodes over a tensor list (cat, stack, hstack, vstack) give every input its
# gradient to post-hooks, also inputs that do not require grad; a node whose post-hook raises
# keeps its saved tensors (the next backward runs it again); cumprod's saved result is
# version-checked.
import torch
v0 = torch.tensor([0.5, 1.75], dtype=torch.float64, requires_grad=True)
v9 = torch.tensor([1.0, 0.], dtype=torch.float64, requires_grad=True)
c = torch.tensor([1.0, 0.], dtype=torch.float64)


def show(gi, go):
    print('  grad_inputs', [None if g is None else g.tolist() for g in gi],
          'grad_outputs', [g.tolist() for g in go])


for label, make in (('clamp_max tensor', lambda: v0.clamp_max(v9)),
                    ('clamp_min tensor', lambda: v0.clamp_min(v9)),
                    ('clamp_min constant tensor', lambda: v0.clamp_min(c)),
                    ('clamp_max number', lambda: v0.clamp_max(1.0)),
                    ('clamp min tensor', lambda: torch.clamp(v0, min=v9)),
                    ('stack', lambda: torch.stack([c, v0], 0)),
                    ('cat', lambda: torch.cat([v0, c, torch.zeros(0, dtype=torch.float64)])),
                    ('hstack', lambda: torch.hstack([c, v9])),
                    ('vstack', lambda: torch.vstack([c[None], v9[None]]))):
    y = make()
    print(label, y.grad_fn.name(), len(y.grad_fn.next_functions))
    y.grad_fn.register_hook(show)
    (y * torch.arange(1., y.numel() + 1, dtype=torch.float64).reshape(y.shape)).sum().backward()
    print('  grads', v0.grad, v9.grad)
    v0.grad = v9.grad = None

x = torch.tensor([0.5, 2.0], requires_grad=True)
y = x.exp()
calls = []


def refuse(grad_inputs, grad_outputs):
    calls.append('post-hook')
    raise ValueError('refused')


handle = y.grad_fn.register_hook(refuse)
for attempt in range(2):
    try:
        y.sum().backward()
    except ValueError as error:
        print(attempt, error, calls)
handle.remove()
y.sum().backward()
print('then', x.grad)

a = torch.tensor([[0.75]], requires_grad=True)
b = torch.cumprod(a.acosh(), 0)
with torch.no_grad():
    b.unsqueeze(2).div_(2)
try:
    b.sum().backward()
except RuntimeError as error:
    print(error)
