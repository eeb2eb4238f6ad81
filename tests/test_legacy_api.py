"""The API real programs use beyond hooks: behaviour that PyTorch cannot print for us
(TorchScript is refused here where PyTorch compiles; storages across a tensor's life).
The rest is pinned against PyTorch by tests/parity/api_*.py."""
import gc
import warnings

import numpy as np
import pytest

import hookgrad as torch
from hookgrad import nn


@pytest.mark.parametrize("call", [
    lambda: torch.jit.script(nn.Linear(2, 2)),
    lambda: torch.jit.script(lambda x: x),
    lambda: torch.jit.trace(nn.Linear(2, 2), torch.ones(1, 2)),
    lambda: torch.jit.load("model.pt"),
    lambda: torch.jit.save(nn.Linear(2, 2), "model.pt"),
    lambda: torch.jit.ScriptModule(),
])
def test_torchscript_is_refused_with_a_clear_error(call):
    with pytest.raises(RuntimeError, match="TorchScript is not supported by hookgrad"):
        call()


def test_jit_decorators_return_the_function_itself():
    def f(x):
        return x
    assert torch.jit.ignore(f) is f and torch.jit.unused(f) is f and torch.jit.export(f) is f
    assert torch.jit.ignore(drop=False)(f) is f and torch.jit.script_if_tracing(f) is f


def test_storage_follows_the_memory_not_the_tensor():
    x = torch.arange(6.0)
    storage = x.untyped_storage()
    views = [x[2:], x.view(2, 3), x.detach(), x.view(2, 3).t()]
    assert all(v.untyped_storage() is storage for v in views)
    assert [v.storage_offset() for v in views] == [2, 0, 0, 0]
    del x, views
    gc.collect()
    assert storage.tolist()[:4] == list(np.arange(6.0, dtype=np.float32).view(np.uint8)[:4])


def test_storage_reports_the_whole_allocation_of_a_numpy_view():
    array = np.arange(10, dtype=np.float64)
    t = torch.from_numpy(array[3:7])
    assert t.untyped_storage().nbytes() == 80 and t.storage_offset() == 3
    assert t.untyped_storage().data_ptr() == array.__array_interface__["data"][0]


def test_storage_offset_of_a_strided_window_view():
    t = torch.arange(10.0).unfold(0, 4, 2)
    assert t.untyped_storage().nbytes() == 40 and t[1].storage_offset() == 2


def test_untyped_storage_constructor():
    assert torch.UntypedStorage(8).nbytes() == 8 and torch.UntypedStorage().size() == 0
    with pytest.raises(AssertionError, match="Torch not compiled with CUDA enabled"):
        torch.UntypedStorage(8, device="cuda")


def test_variable_keeps_sharing_after_in_place_updates():
    t = torch.zeros(3)
    v = torch.autograd.Variable(t, requires_grad=True)
    with torch.no_grad():
        v += 1
    assert t.tolist() == [1.0, 1.0, 1.0] and t._version == v._version == 1


def test_deprecated_overload_warns_once_per_process_across_overloads():
    from hookgrad import _warn_once
    saved = set(_warn_once._warned_sites)
    _warn_once._warned_sites.discard("deprecated overload")
    always = torch.is_warn_always_enabled()  # (the fuzz corpus tests turn warn-always on)
    torch.set_warn_always(False)
    try:
        x, y = torch.ones(2), torch.ones(2)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            x.add(2, y)
            x.sub(2, y)
            torch.addcmul(x, 2, y, y)
        assert len(caught) == 1 and "This overload of add is deprecated" in str(caught[0].message)
        assert caught[0].filename == __file__
    finally:
        torch.set_warn_always(always)
        _warn_once._warned_sites.clear()
        _warn_once._warned_sites.update(saved)


def test_deprecated_overloads_record_the_same_graph_as_the_modern_form():
    a = torch.ones(2, requires_grad=True)
    b = torch.tensor([1.0, 2.0], requires_grad=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        old = a.addcmul(0.5, b, b)
    new = a.addcmul(b, b, value=0.5)
    old.sum().backward()
    grads = (a.grad.clone(), b.grad.clone())
    a.grad = b.grad = None
    new.sum().backward()
    assert old.grad_fn.name() == new.grad_fn.name()
    assert grads[0].tolist() == a.grad.tolist() and grads[1].tolist() == b.grad.tolist()


def test_legacy_types_are_not_tensor_subclasses_but_check_dtypes():
    assert not issubclass(torch.FloatTensor, torch.Tensor)
    assert isinstance(nn.Parameter(torch.ones(1)), torch.FloatTensor)
    assert not isinstance(torch.ones(1, dtype=torch.float64), torch.FloatTensor)
    assert repr(torch.LongTensor) == "<class 'hookgrad.LongTensor'>"


def test_device_objects_hash_and_pickle():
    import pickle
    d = torch.device("cuda", 1)
    assert pickle.loads(pickle.dumps(d)) == d and len({d, torch.device("cuda:1")}) == 1
    with pytest.raises(AttributeError):
        d.type = "cpu"
    with torch.device("cpu"):
        pass
    with pytest.raises(AssertionError, match="CUDA"):
        with torch.device("cuda"):
            pass
