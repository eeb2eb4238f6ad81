"""Containers: Sequential, ModuleList, ModuleDict, ParameterList, ParameterDict, and hooks
through them."""
from collections import OrderedDict

import pytest

import hookgrad
from hookgrad import nn


def test_sequential_api():
    s = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
    assert len(s) == 3 and isinstance(s[0], nn.Linear) and s[-1] is s[2]
    assert repr(s[1:]) == ("Sequential(\n  (1): ReLU()\n"
                           "  (2): Linear(in_features=3, out_features=1, bias=True)\n)")
    assert list(s[::2]._modules) == ["0", "2"] and isinstance(s[1:], nn.Sequential)
    assert s.append(nn.Tanh()) is s
    s.insert(1, nn.Identity()).extend([nn.Sigmoid()])
    assert [type(m).__name__ for m in s] == ["Linear", "Identity", "ReLU", "Linear", "Tanh",
                                             "Sigmoid"]
    assert isinstance(s.pop(1), nn.Identity) and list(s._modules) == ["0", "1", "2", "3", "4"]
    del s[0]
    assert [type(m).__name__ for m in s] == ["ReLU", "Linear", "Tanh", "Sigmoid"]
    assert list(s._modules) == ["0", "1", "2", "3"]
    assert list((s + nn.Sequential(nn.ReLU()))._modules) == ["0", "1", "2", "3", "4"]
    s[0] = nn.GELU()
    assert repr(s[0]) == "GELU(approximate='none')"
    with pytest.raises(IndexError, match="index 10 is out of range"):
        s[10]
    with pytest.raises(IndexError, match="Index out of range: 9"):
        s.insert(9, nn.ReLU())
    with pytest.raises(ValueError, match="add operator supports only objects of Sequential"):
        s + nn.ReLU()
    named = nn.Sequential(OrderedDict(a=nn.Linear(1, 1), b=nn.ReLU()))
    assert isinstance(named.a, nn.Linear) and list(named[1:]._modules) == ["b"]
    assert list((named * 2)._modules) == ["0", "1", "2", "3"]
    nested = nn.Sequential(nn.Sequential(nn.Conv2d(1, 1, 1)), nn.ReLU())
    assert [n for n, _ in nested.named_modules()] == ["", "0", "0.0", "1"]
    assert [n for n, _ in nested.named_parameters()] == ["0.0.weight", "0.0.bias"]


def test_module_list_and_dict():
    ml = nn.ModuleList([nn.ReLU(), nn.ReLU(), nn.Tanh(), nn.ReLU()])
    assert repr(ml) == "ModuleList(\n  (0-1): 2 x ReLU()\n  (2): Tanh()\n  (3): ReLU()\n)"
    assert repr(ml[1:3]) == "ModuleList(\n  (0): ReLU()\n  (1): Tanh()\n)"
    ml.insert(0, nn.Sigmoid())
    ml.append(nn.ELU()).extend([nn.SiLU()])
    assert isinstance(ml.pop(0), nn.Sigmoid) and len(ml) == 6
    del ml[1:3]
    assert repr(ml) == ("ModuleList(\n  (0-1): 2 x ReLU()\n  (2): ELU(alpha=1.0)\n"
                        "  (3): SiLU()\n)")
    assert repr(nn.ModuleList()) == "ModuleList()"
    with pytest.raises(NotImplementedError, match=r'Module \[ModuleList\] is missing the '
                                                  r'required "forward" function'):
        ml(1)
    with pytest.raises(TypeError, match="ModuleList.extend should be called with an iterable, "
                                        "but got int"):
        ml.extend(3)
    md = nn.ModuleDict({"b": nn.ReLU(), "a": nn.Tanh()})
    md["c"] = nn.Linear(1, 2)
    md.update([("d", nn.ReLU())])
    assert list(md) == ["b", "a", "c", "d"] and "a" in md and len(md) == 4
    assert isinstance(md.pop("a"), nn.Tanh) and list(md.keys()) == ["b", "c", "d"]
    assert [n for n, _ in md.named_parameters()] == ["c.weight", "c.bias"]


def test_parameter_list_and_dict():
    pl = nn.ParameterList([nn.Parameter(hookgrad.zeros(2)), hookgrad.ones(3, 2)])
    pl.append(hookgrad.zeros(1))
    assert repr(pl) == ("ParameterList(\n"
                        "    (0): Parameter containing: [torch.float32 of size 2]\n"
                        "    (1): Parameter containing: [torch.float32 of size 3x2]\n"
                        "    (2): Parameter containing: [torch.float32 of size 1]\n)")
    assert all(isinstance(p, nn.Parameter) for p in pl) and len(pl) == 3
    assert [n for n, _ in pl.named_parameters()] == ["0", "1", "2"]
    assert [tuple(p.shape) for p in pl[1:]] == [(3, 2), (1,)]
    assert repr(nn.ParameterList([nn.Parameter(hookgrad.zeros(2))])) == (
        "ParameterList(  (0): Parameter containing: [torch.float32 of size 2])")
    with pytest.raises(RuntimeError, match="ParameterList should not be called."):
        pl(1)
    pd = nn.ParameterDict({"w": hookgrad.zeros(2, 2), "b": nn.Parameter(hookgrad.ones(2))})
    pd["c"] = hookgrad.zeros(3)
    assert repr(pd) == ("ParameterDict(\n"
                        "    (b): Parameter containing: [torch.FloatTensor of size 2]\n"
                        "    (w): Parameter containing: [torch.FloatTensor of size 2x2]\n"
                        "    (c): Parameter containing: [torch.FloatTensor of size 3]\n)")
    assert list(pd) == ["b", "w", "c"] and [n for n, _ in pd.named_parameters()] == list(pd)
    assert tuple(pd.pop("c").shape) == (3,) and len(pd) == 2 and pd.get("zz", 5) == 5
    assert list(pd.state_dict()) == ["b", "w"]


def test_hooks_run_through_containers():
    """Recorded with PyTorch: every module's hooks fire, in PyTorch's order."""
    log = []
    model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(),
                          nn.Sequential(nn.Linear(4, 2), nn.Tanh()))
    for name, m in model.named_modules():
        m.register_forward_pre_hook(lambda m, a, name=name: log.append(("pre", name)))
        m.register_forward_hook(lambda m, a, o, name=name: log.append(("fwd", name)))
        m.register_full_backward_hook(lambda m, gi, go, name=name: log.append(
            ("bwd", name, [tuple(g.shape) for g in gi], [tuple(g.shape) for g in go])))
    model(hookgrad.randn(5, 3, requires_grad=True)).sum().backward()
    assert log == [
        ("pre", ""), ("pre", "0"), ("fwd", "0"), ("pre", "1"), ("fwd", "1"), ("pre", "2"),
        ("pre", "2.0"), ("fwd", "2.0"), ("pre", "2.1"), ("fwd", "2.1"), ("fwd", "2"),
        ("fwd", ""), ("bwd", "2.1", [(5, 2)], [(5, 2)]), ("bwd", "2.0", [(5, 4)], [(5, 2)]),
        ("bwd", "2", [(5, 4)], [(5, 2)]), ("bwd", "1", [(5, 4)], [(5, 4)]),
        ("bwd", "0", [(5, 3)], [(5, 4)]), ("bwd", "", [(5, 3)], [(5, 2)])]
