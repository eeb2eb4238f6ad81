# Training with activation checkpointing gives the gradients of plain training, step after
# step, for both variants and for checkpoint_sequential; dropout inside a checkpoint gets the
# same mask on recomputation (the forward's random state is restored).
import torch
import torch.nn as nn
from torch.utils.checkpoint import checkpoint, checkpoint_sequential


def model():
    net = nn.Sequential(nn.Linear(4, 6), nn.Tanh(), nn.Linear(6, 6), nn.ReLU(),
                        nn.LayerNorm(6), nn.Linear(6, 3))
    with torch.no_grad():
        for i, p in enumerate(net.parameters()):
            p.copy_(torch.linspace(-0.8, 0.6, p.numel()).reshape(p.shape) * (1 + 0.15 * i))
    return net


x = torch.linspace(-1.5, 1.5, 20).reshape(5, 4).requires_grad_()
target = torch.tensor([0, 2, 1, 1, 0])
loss_fn = nn.CrossEntropyLoss()
runs = {
    'plain': lambda net, x: net(x),
    'reentrant': lambda net, x: net[5](checkpoint(lambda t: net[4](net[3](net[2](net[1](
        net[0](t))))), x, use_reentrant=True)),
    'non-reentrant': lambda net, x: net[5](checkpoint(lambda t: net[4](net[3](net[2](net[1](
        net[0](t))))), x, use_reentrant=False)),
    'sequential reentrant': lambda net, x: checkpoint_sequential(net, 3, x, use_reentrant=True),
    'sequential non-reentrant': lambda net, x: checkpoint_sequential(net, 3, x,
                                                                     use_reentrant=False),
}
results = {}
for name, forward in runs.items():
    net = model()
    opt = torch.optim.SGD(net.parameters(), lr=0.5, momentum=0.9)
    losses, grads = [], []
    for step in range(5):
        opt.zero_grad()
        loss = loss_fn(forward(net, x), target)
        loss.backward()
        grads.append(torch.cat([p.grad.flatten() for p in net.parameters()]))
        opt.step()
        losses.append(round(loss.item(), 6))
    results[name] = grads
    print(name, losses)
for name, grads in results.items():
    print(name, 'gradients equal plain:',
          all(torch.allclose(a, b, atol=1e-6) for a, b in zip(grads, results['plain'])))

# the reentrant variant's pitfall: no input requires grad, so nothing inside gets a gradient
net = model()
out = checkpoint(net, x.detach(), use_reentrant=True)
print('reentrant, input without grad:', out.requires_grad, [p.grad for p in net.parameters()][:2])
out = checkpoint(net, x.detach(), use_reentrant=False)
out.sum().backward()
print('non-reentrant, input without grad:', [p.grad is not None for p in net.parameters()])

# dropout inside the checkpoint: gradients equal those of the same seeded plain run
drop = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.5), nn.Linear(8, 2))
inp = torch.linspace(-1, 1, 12).reshape(3, 4).requires_grad_()
for variant in (True, False):
    for preserve in (True, False):
        torch.manual_seed(7)
        drop.zero_grad()
        inp.grad = None
        drop(inp).sum().backward()
        plain = [inp.grad.clone()] + [p.grad.clone() for p in drop.parameters()]
        torch.manual_seed(7)
        drop.zero_grad()
        inp.grad = None
        checkpoint(drop, inp, use_reentrant=variant, preserve_rng_state=preserve).sum().backward()
        ckpt = [inp.grad.clone()] + [p.grad.clone() for p in drop.parameters()]
        print('dropout use_reentrant', variant, 'preserve_rng_state', preserve, 'equal:',
              all(torch.equal(a, b) for a, b in zip(plain, ckpt)))
