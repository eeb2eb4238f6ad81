"""Complex tensors against values recorded from PyTorch (tests/ops/complex_cases.py; record
with tools/record/complex_tensors.py)."""
import pytest
from _recorded import load

import hookgrad as torch
from tests.ops.complex_cases import CASES, run

RECORDED = load("complex_tensors")


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.filterwarnings("ignore:Casting complex values to real:UserWarning")  # (PyTorch's
def test_matches_pytorch(name):  # too: case complex_to_real_cast records it)
    assert run(torch, name) == RECORDED[name]


@pytest.mark.parametrize("name, fn", [
    ("log1p", lambda z: z.log1p()), ("log2", lambda z: z.log2()), ("prod", lambda z: z.prod()),
    ("logaddexp2", lambda z: torch.logaddexp2(z, z)), ("cumprod", lambda z: z.cumprod(0)),
    ("softmax", lambda z: z.softmax(0)), ("asin", lambda z: torch.asin(z)),
    ("kron", lambda z: torch.kron(z, z)), ("bmm", lambda z: z[None, None].bmm(z[None, :, None])),
    ("addmm alpha", lambda z: torch.addmm(z[:, None], z[:, None], z[None], alpha=2)),
    ("index_add alpha", lambda z: z.index_add(0, torch.tensor([0]), z[:1], alpha=2)),
])
def test_ops_pytorch_computes_on_complex_refuse_naming_the_op(name, fn):
    """Ops without a complex form refuse (never a NumPy result with other semantics): PyTorch's
    own error where it has one, else hookgrad's naming the op."""
    z = torch.tensor([1 + 2j, 3 - 1j])
    with pytest.raises((RuntimeError, NotImplementedError)) as error:
        fn(z)
    message = str(error.value)
    assert "hookgrad does not support complex tensors" in message or "ComplexFloat" in message


def test_real_ops_refuse_nothing_before_a_complex_tensor_exists_and_check_after():
    """The check in Op.apply is skipped until a complex dtype is used (the flag); afterwards a
    complex input reaching an op without a complex form is refused. (In this test process a
    complex tensor exists already; the flag only ever turns on.)"""
    from hookgrad import _dtype
    torch.zeros(1, dtype=torch.complex64)
    assert _dtype.complex_tensors_made[0]
    assert torch.relu(torch.tensor([-1.0, 2.0])).tolist() == [0.0, 2.0]
    with pytest.raises(NotImplementedError, match="clamp is not supported for complex types"):
        torch.relu(torch.tensor([1j]))


def test_conj_is_a_view_held_as_a_copy():
    """hookgrad's conj() holds the conjugates (a copy) with PyTorch's conjugate bit (is_conj();
    resolve_conj() copies), a view of z all the same (see materialized_views): a write to z
    shows through it, a write through it lands in z, as with PyTorch's lazy conj view."""
    z = torch.tensor([1 + 2j])
    c = z.conj()
    assert c.tolist() == [1 - 2j] and c.is_conj() and c.resolve_conj() is not c
    assert not c.resolve_conj().is_conj() and c.resolve_conj().tolist() == [1 - 2j]
    assert c._base is z and c._version == z._version == 0
    z[0] = 5j
    assert c.tolist() == [-5j] and c._version == 1
    c.imag.add_(1)  # (a view of a view held as a copy)
    assert z.tolist() == [4j] and c.tolist() == [-4j] and z._version == 2
    with pytest.raises(RuntimeError, match="double backward"):
        w = torch.tensor([1 + 1j], requires_grad=True)
        (g,) = torch.autograd.grad(w.abs().sum(), w, create_graph=True)


FIRST_COMPLEX = {  # ways a program's first complex tensor can be made
    "to": "torch.ones(2).to(torch.complex64)",
    "literal": "torch.tensor([1j, 2])",
    "number": "torch.ones(2) * 1j",
    "factory": "torch.zeros(2, dtype=torch.cdouble)",
    "full": "torch.full((2,), 1 + 1j)",
    "from_numpy": "torch.from_numpy(np.array([1j, 2]))",
    "view_as_complex": "torch.view_as_complex(torch.ones(2, 2))",
    "complex": "torch.complex(torch.ones(2), torch.zeros(2))",
    "load": "torch.load(io.BytesIO(SAVED))['z']",
}


@pytest.mark.parametrize("path", sorted(FIRST_COMPLEX))
def test_the_first_complex_tensor_from_any_path_turns_the_op_check_on(path):
    """Op.apply looks for complex inputs only once a complex tensor may exist: every way of
    making one must set that flag, or ops would compute NumPy's complex semantics silently.
    (A fresh process: the flag is per process.)"""
    import subprocess
    import sys
    from pathlib import Path
    saved = ""
    if path == "load":
        import io
        buffer = io.BytesIO()
        torch.save({"z": torch.tensor([1j, 2])}, buffer)
        saved = f"SAVED = {buffer.getvalue()!r}\n"
    script = (f"import io\nimport numpy as np\nimport hookgrad as torch\n{saved}"
              "from hookgrad import _dtype\nassert not _dtype.complex_tensors_made[0]\n"
              f"z = {FIRST_COMPLEX[path]}\n"
              "try:\n    z < z\nexcept NotImplementedError as e:\n    print(e)\n")
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         cwd=root, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "not implemented for 'Complex" in out.stdout
