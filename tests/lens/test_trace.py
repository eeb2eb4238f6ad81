"""lens.trace: every op, modules or not, under stable site names; summary and DOT output."""
import re
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import hookgrad as torch
import hookgrad.nn.functional as F
from hookgrad import nn
from hookgrad.autograd import graph as op_module
from hookgrad.lens.trace import OpRecord, Trace, trace
from hookgrad.nn.modules import _global_hooks

ROOT = Path(__file__).resolve().parents[2]


def assert_no_hooks(model=None):
    for name in ("_global_forward_pre_hooks", "_global_forward_hooks",
                 "_global_forward_hooks_always_called", "_global_backward_hooks",
                 "_global_backward_pre_hooks"):
        assert not getattr(_global_hooks, name), name
    assert not op_module._op_hooks
    for module in (model.modules() if model is not None else ()):
        assert not module._forward_pre_hooks and not module._forward_hooks
        assert not module._forward_hooks_always_called


class Block(nn.Module):
    """Raw tensor ops only: a residual block with functional relu and indexing."""

    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(4, 4))

    def forward(self, x):
        h = torch.relu(x @ self.weight)
        return h[:, :4] + x


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.block = Block()
        self.inner = nn.Module()
        self.inner.block = Block()

    def forward(self, x):
        y = self.block(self.block(x))   # called twice: its counters keep going
        y = self.inner.block(y) * 2
        return y[0]


def test_sites_in_nested_modules_and_repeated_calls():
    model = Net()
    x = torch.randn(3, 4)
    t = trace(model, x)
    assert t.sites == [
        "block/mm#0", "block/relu#0", "block/alias#0", "block/add#0",
        "block/mm#1", "block/relu#1", "block/alias#1", "block/add#1",
        "inner.block/mm#0", "inner.block/relu#0", "inner.block/alias#0", "inner.block/add#0",
        "mul#0", "select#0",
    ]
    assert len(t) == 14
    assert [r.module for r in t][-2:] == ["", ""]
    assert all(isinstance(r, OpRecord) for r in t)
    np.testing.assert_array_equal(t.output.detach().numpy(), model(x).detach().numpy())
    np.testing.assert_array_equal(t["select#0"].numpy(), t.output.detach().numpy())
    assert t["/select#0"] is t["select#0"]       # the empty module path, written out
    assert_no_hooks(model)


def test_functional_ops_in_a_plain_function():
    x = torch.randn(2, 3, requires_grad=True)
    y = torch.randn(2, 3)

    def fn(a, b):
        s = a + b
        return F.relu(s)[1], s[:, 1:]

    t = trace(fn, x, y)
    assert t.sites == ["add#0", "relu#0", "select#0", "slice#0"]
    add = t.record("add#0")
    assert (add.op, add.module, add.k) == ("add", "", 0)
    assert add.input_shapes == ((2, 3), (2, 3))
    assert add.input_dtypes == (torch.float32, torch.float32)
    assert add.output_shape == (2, 3) and add.output_dtype == torch.float32
    expected = np.maximum(x.detach().numpy() + y.numpy(), 0)[1]
    np.testing.assert_allclose(t["select#0"].numpy(), expected)
    assert isinstance(t.output, tuple) and t.output[0].requires_grad
    assert not t["relu#0"].requires_grad               # outputs are detached
    assert_no_hooks()


def test_outputs_are_copies_taken_when_the_op_ran():
    def fn(x):
        y = x * 2
        y.add_(100)                                     # an in-place change after the fact
        return y

    t = trace(fn, torch.ones(3))
    np.testing.assert_array_equal(t["mul#0"].numpy(), [2, 2, 2])
    np.testing.assert_array_equal(t.output.numpy(), [102, 102, 102])


def test_real_layers_and_inplace_relu():
    model = nn.Sequential(nn.Linear(4, 3), nn.ReLU(inplace=True), nn.Linear(3, 2))
    t = trace(model, torch.randn(5, 4))
    assert [r.module for r in t] == ["0", "0", "1", "2", "2"]
    assert t.sites[2] == "1/relu#0"
    assert t.record("2/addmm#0").output_shape == (5, 2)
    # edges follow the in-place relu: Linear 0 -> relu -> Linear 2
    assert t.record("1/relu#0").input_sources == (1,)
    assert t.record("2/addmm#0").input_sources == (None, 2, 3)
    assert_no_hooks(model)


def test_input_sources_and_multi_output_ops():
    def fn(x):
        values, _ = x.max(1)
        return values * values

    t = trace(fn, torch.randn(3, 4))
    top = t.record("max#0")
    assert top.output_shape == ((3,), (3,))
    assert top.output_dtype == (torch.float32, torch.int64)
    assert isinstance(t["max#0"], tuple)
    assert t.record("mul#0").input_sources == (0, 0)
    assert "op0 -> op1;" in t.to_dot()


def test_edges_through_module_backward_hooks():
    model = nn.Sequential(nn.Linear(4, 3), nn.Tanh())
    handle = model[0].register_full_backward_hook(lambda m, gi, go: None)
    t = trace(model, torch.randn(2, 4, requires_grad=True))
    handle.remove()
    assert t.record("1/tanh#0").input_sources == (t.record("0/addmm#0").index,)


def test_backward_ops_are_not_recorded():
    w = torch.randn(3, requires_grad=True)

    def fn(x):
        loss = (x * w).sum()
        loss.backward()
        return loss

    t = trace(fn, torch.randn(3))
    assert t.sites == ["mul#0", "sum#0"]
    assert w.grad is not None


def test_unknown_site_suggests_close_names():
    t = trace(nn.Sequential(nn.Linear(2, 2)), torch.randn(1, 2))
    with pytest.raises(KeyError, match="0/addmm#0"):
        t["0/addmm#1"]
    with pytest.raises(TypeError, match="records"):
        t[0]
    assert "0/addmm#0" in t and "nothing" not in t


def test_summary_is_a_table():
    t = trace(Net(), torch.randn(3, 4))
    text = t.summary()
    lines = text.splitlines()
    assert lines[0].split() == ["#", "site", "inputs", "output", "dtype"]
    assert "inner.block/relu#0" in text and "[3, 4]" in text and "float32" in text
    assert lines[-1] == "14 ops in 3 module path(s)"
    assert len(lines) == 2 + 14 + 1


def test_summary_shows_as_the_table_in_print_and_at_the_prompt(capsys):
    text = trace(Net(), torch.randn(3, 4)).summary()
    print(text)
    printed = capsys.readouterr().out
    sys.__displayhook__(text)            # what the interactive prompt does with a value
    shown = capsys.readouterr().out
    assert printed == shown == str(text) + "\n" and "\\n" not in shown
    assert isinstance(text, str) and text.splitlines()[-1] == "14 ops in 3 module path(s)"


def test_summary_at_a_real_interactive_prompt():
    session = ("import hookgrad as torch\nfrom hookgrad import lens, nn\n"
               "t = lens.trace(nn.Linear(2, 1), torch.ones(3, 2))\nt.summary()\n")
    result = subprocess.run([sys.executable, "-i", "-q"], input=session, capture_output=True,
                            text=True, timeout=120, cwd=ROOT, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "#  site     inputs               output  dtype",
        "-  -------  -------------------  ------  -------",
        "0  t#0      [1, 2]               [2, 1]  float32",
        "1  addmm#0  [1], [3, 2], [2, 1]  [3, 1]  float32",
        "2 ops in 1 module path(s)"]


def _check_dot(text):
    """Structural check of DOT text (and a real parse when Graphviz is installed)."""
    assert text.startswith("digraph ") and text.rstrip().endswith("}")
    depth = 0
    for line in text.splitlines():
        unquoted = re.sub(r'"(\\.|[^"\\])*"', '""', line)
        assert unquoted.count('"') % 2 == 0, line
        depth += unquoted.count("{") - unquoted.count("}")
        assert depth >= 0, line
        stripped = unquoted.strip()
        assert stripped.endswith((";", "{", "}")), line
    assert depth == 0
    declared = set(re.findall(r"^\s*(op\d+) \[label=", text, re.MULTILINE))
    edges = re.findall(r"^\s*(op\d+) -> (op\d+);", text, re.MULTILINE)
    for a, b in edges:
        assert a in declared and b in declared
    if shutil.which("dot"):
        subprocess.run(["dot", "-Tsvg"], input=text.encode(), check=True, capture_output=True)
    return declared, edges


def test_dot_is_well_formed_with_nested_clusters():
    model = Net()
    t = trace(model, torch.randn(3, 4))
    text = t.to_dot()
    declared, edges = _check_dot(text)
    assert declared == {f"op{i}" for i in range(len(t))}
    # mm -> relu -> alias -> add inside the first block call
    for edge in [("op0", "op1"), ("op1", "op2"), ("op2", "op3"), ("op3", "op4"),
                 ("op3", "op7")]:
        assert edge in edges
    assert 'label="inner";' in text and 'label="inner.block";' in text
    inner = text.index('label="inner";')
    assert inner < text.index('label="inner.block";') < text.index("inner.block/mm#0")
    assert 'label="block/mm#0\\n[3, 4], [4, 4] -> [3, 4]"' in text


def test_dot_escapes_quotes_in_names():
    class Quoted(nn.Module):
        def forward(self, x):
            return x + 1

    model = nn.Module()
    model.add_module('say"hi"', Quoted())
    t = trace(lambda x: model._modules['say"hi"'](x), torch.ones(1))
    _check_dot(t.to_dot(name='my "graph"'))
    t = Trace(model)
    with t:
        model._modules['say"hi"'](torch.ones(1))
    assert t.sites == ['say"hi"/add#0']
    _check_dot(t.to_dot())


def test_hooks_removed_after_an_exception_and_partial_records_kept():
    class Broken(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(2, 2)

        def forward(self, x):
            x = torch.relu(self.fc(x))
            raise ValueError("boom")

    model = Broken()
    with pytest.raises(ValueError, match="boom"):
        trace(model, torch.randn(1, 2))
    assert_no_hooks(model)
    t = Trace(model)
    with pytest.raises(ValueError, match="boom"), t:
        model(torch.randn(1, 2))
    assert t.sites == ["fc/t#0", "fc/addmm#0", "relu#0"]
    assert_no_hooks(model)


def test_exception_in_a_submodule_pops_the_module_stack():
    class Fails(nn.Module):
        def forward(self, x):
            raise RuntimeError("inner")

    class Outer(nn.Module):
        def __init__(self):
            super().__init__()
            self.bad = Fails()

        def forward(self, x):
            try:
                self.bad(x)
            except RuntimeError:
                pass
            return x * 3

    t = trace(Outer(), torch.ones(2))
    assert t.sites == ["mul#0"]


def test_a_trace_cannot_be_entered_twice_and_unnamed_modules_are_transparent():
    helper = nn.Linear(2, 2)              # not a submodule of the traced model

    class UsesHelper(nn.Module):
        def __init__(self):
            super().__init__()
            self.act = nn.Tanh()

        def forward(self, x):
            return self.act(helper(x))

    t = Trace(UsesHelper())
    with t:
        with pytest.raises(RuntimeError, match="already"):
            t.__enter__()
        t.model(torch.randn(1, 2))
    assert t.sites == ["t#0", "addmm#0", "act/tanh#0"]
    assert_no_hooks(helper)
    with t:                                   # entering again keeps counting: sites stay unique
        t.model(torch.randn(1, 2))
    assert t.sites[3:] == ["t#1", "addmm#1", "act/tanh#1"]
