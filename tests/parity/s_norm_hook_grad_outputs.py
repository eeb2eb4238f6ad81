# group_norm's node has three outputs (result, mean, rstd): its hooks get three grad_outputs;
# layer_norm's and batch_norm's get one.
import torch

F = torch.nn.functional
x = torch.tensor([[-1.25, 2.0, -1.0, -1.0], [0.75, -1.5, 1.25, -1.5]], requires_grad=True)
w = torch.tensor([-4.117, -1.198, 3.135, 1.068], requires_grad=True)
b = torch.tensor([-0.75, 0.0, -1.0, -0.25], requires_grad=True)
calls = [
    ("group_norm", lambda: F.group_norm(x, 1, weight=w)),
    ("group_norm", lambda: F.group_norm(x, 2)),
    ("group_norm", lambda: F.group_norm(x, 2, w.detach(), b)),
    ("layer_norm", lambda: F.layer_norm(x, (4,))),
    ("layer_norm", lambda: F.layer_norm(x, (4,), bias=b)),
    ("batch_norm", lambda: F.batch_norm(x, None, None, training=True)),
    ("batch_norm", lambda: F.batch_norm(x, None, None, bias=b, training=True)),
    ("instance_norm", lambda: F.instance_norm(x[None])),
]
for name, make in calls:
    out = make()
    fn = out.grad_fn
    print(name, fn.name(), [(n.name() if n else None, i) for n, i in fn.next_functions])
    fn.register_prehook(lambda go: print("  pre", len(go)))
    fn.register_hook(lambda gi, go: print("  post", len(gi), [g is None for g in gi], len(go)))
    out.sum().backward()
