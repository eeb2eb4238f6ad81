"""Scenarios of in-place ops on tensors wrapped by module backward hooks, each a function of
a ``torch`` namespace and ``inplace``: run with hookgrad (inplace=True and False) by
test_inplace_backward_hooks.py, and with PyTorch (inplace=False) by
tools/record/inplace_backward_hooks.py. Each returns outputs, gradients and what every hook
saw, as nested lists."""


def _fmt(t):
    return None if t is None else t.tolist()


def _hook_all(mod_items, rec):
    """Full backward hook + backward pre-hook on every (name, module); records by name."""
    for name, mod in mod_items:
        mod.register_full_backward_pre_hook(
            lambda m, go, n=name: rec.setdefault(n + ' pre', []).append([_fmt(g) for g in go]))
        mod.register_full_backward_hook(
            lambda m, gi, go, n=name: rec.setdefault(n + ' full', []).append(
                [[_fmt(g) for g in gi], [_fmt(g) for g in go]]))


def scenario_sequential_relu(torch, inplace):
    """ReLU(inplace=True) inside nn.Sequential, hooks on every layer and on the container."""
    nn = torch.nn
    net = nn.Sequential(nn.Linear(3, 4), nn.ReLU(inplace=inplace), nn.Linear(4, 2),
                        nn.ReLU(inplace=inplace))
    with torch.no_grad():
        net[0].weight.copy_(torch.tensor([[1., -1., 0.5], [0.25, 2., -1.], [-1.5, 0.5, 1.],
                                          [0.75, -0.25, -2.]]))
        net[0].bias.copy_(torch.tensor([0.1, -0.2, 0.3, 0.05]))
        net[2].weight.copy_(torch.tensor([[1., -2., 0.5, 1.5], [-1., 0.25, 2., -0.5]]))
        net[2].bias.copy_(torch.tensor([0.2, -0.1]))
    rec = {}
    _hook_all([(n or 'seq', m) for n, m in net.named_modules()], rec)
    x = torch.tensor([[1., 2., -1.], [0.5, -1., 2.], [-2., 0.5, 1.]], requires_grad=True)
    out = net(x)
    (out * torch.tensor([[1., -2.], [0.5, 3.], [-1., 1.]])).sum().backward()
    res = {'out': out.tolist(), 'x.grad': x.grad.tolist(), 'hooks': rec}
    for n, p in net.named_parameters():
        res[n + '.grad'] = p.grad.tolist()
    return res


def scenario_linear_output_iadd(torch, inplace):
    """A hooked Linear whose returned output is modified with += afterwards."""
    nn = torch.nn
    lin = nn.Linear(2, 3)
    with torch.no_grad():
        lin.weight.copy_(torch.tensor([[1., 2.], [-0.5, 1.], [3., -1.]]))
        lin.bias.copy_(torch.tensor([0.5, 0., -1.]))
    rec = {}
    _hook_all([('lin', lin)], rec)
    x = torch.tensor([[1., 2.], [-1., 0.5]], requires_grad=True)
    y = torch.tensor([[0.5, -1., 2.], [1., 1., -3.]], requires_grad=True)
    out = lin(x)
    if inplace:
        out += y
    else:
        out = out + y
    (out * out).sum().backward()
    return {'out': out.tolist(), 'x.grad': x.grad.tolist(), 'y.grad': y.grad.tolist(),
            'weight.grad': lin.weight.grad.tolist(), 'bias.grad': lin.bias.grad.tolist(),
            'hooks': rec}


def scenario_linear_output_chain(torch, inplace):
    """Hooked Linear, output then mul_(2) and add_(1) in place, nonlinear loss."""
    nn = torch.nn
    lin = nn.Linear(3, 2)
    with torch.no_grad():
        lin.weight.copy_(torch.arange(6.).reshape(2, 3) / 4 - 0.5)
        lin.bias.copy_(torch.tensor([0.25, -0.25]))
    rec = {}
    _hook_all([('lin', lin)], rec)
    x = torch.tensor([[1., -1., 2.]], requires_grad=True)
    out = lin(x)
    if inplace:
        out.mul_(2)
        out.add_(1)
    else:
        out = out * 2
        out = out + 1
    (out * out * torch.tensor([[1., 3.]])).sum().backward()
    return {'out': out.tolist(), 'x.grad': x.grad.tolist(),
            'weight.grad': lin.weight.grad.tolist(), 'bias.grad': lin.bias.grad.tolist(),
            'hooks': rec}


def scenario_module_mutates_input(torch, inplace):
    """A module that modifies its (wrapped, non-leaf) input in place inside forward."""
    nn = torch.nn

    class AddThenScale(nn.Module):
        def __init__(self):
            super().__init__()
            self.w = nn.Parameter(torch.tensor([2., -1., 0.5]))

        def forward(self, h):
            if inplace:
                h.add_(1)
            else:
                h = h + 1
            return h * self.w

    m = AddThenScale()
    rec = {}
    _hook_all([('m', m)], rec)
    a = torch.tensor([1., -2., 3.], requires_grad=True)
    out = m(a * 2)
    (out * out).sum().backward()
    return {'out': out.tolist(), 'a.grad': a.grad.tolist(), 'w.grad': m.w.grad.tolist(),
            'hooks': rec}


def scenario_relu_pre_hook_scales(torch, inplace):
    """ReLU(inplace=True) with only a backward pre-hook that doubles grad_output."""
    nn = torch.nn
    lin = nn.Linear(2, 2)
    with torch.no_grad():
        lin.weight.copy_(torch.tensor([[1., -1.], [2., 0.5]]))
        lin.bias.copy_(torch.tensor([-0.5, 0.25]))
    relu = nn.ReLU(inplace=inplace)
    seen = []
    relu.register_full_backward_pre_hook(
        lambda m, go: (seen.append(_fmt(go[0])), (go[0] * 2,))[1])
    x = torch.tensor([[1., 2.], [0.5, -1.]], requires_grad=True)
    out = relu(lin(x))
    (out * torch.tensor([[1., 2.], [3., 4.]])).sum().backward()
    return {'out': out.tolist(), 'x.grad': x.grad.tolist(), 'weight.grad': lin.weight.grad.tolist(),
            'bias.grad': lin.bias.grad.tolist(), 'pre seen': seen}


SCENARIOS = [scenario_sequential_relu, scenario_linear_output_iadd, scenario_linear_output_chain,
             scenario_module_mutates_input, scenario_relu_pre_hook_scales]
