# Outputs of split / chunk / unbind (and views of them) may not be modified in place while
# they record history: PyTorch's error names the output and the node; under no_grad, without
# requires_grad, or after detach() the same in-place op runs.
import torch
x = torch.arange(12.).reshape(3, 4).requires_grad_()
y = x * 1
for f in (lambda: y.split(1, 0)[1].add_(1), lambda: y.chunk(3, 0)[0].mul_(2), lambda: y.unbind(0)[2].zero_(), lambda: y.split([1, 2], 0)[1].add_(1), lambda: torch.split(y, 2, 1)[0].relu_(), lambda: y.split(1, 0)[1].view(4).add_(1), lambda: y.unbind(1)[0][1:].mul_(2)):
    try: f(); print('ok')
    except RuntimeError as e: print(e)
with torch.no_grad():
    y.split(1, 0)[1].add_(1); print('no_grad ok')
z = torch.arange(12.).reshape(3, 4)
z.split(1, 0)[1].add_(1); print('no requires_grad ok', z[1])
y.split(1, 0)[0].detach().add_(1); print('detach ok', y[0])
a, b = y.split(2, 0); c = a * 2; c.add_(1); print('out-of-place result ok', c.grad_fn.name())
y2 = x * 1
p0, p1 = y2.chunk(2, 1)
(p0 * 2 + p1).sum().backward(); print(x.grad)
