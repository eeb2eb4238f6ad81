"""Behaviours of test/nn/test_module_hooks.py, class TestStateDictHooks: load_state_dict
pre/post hooks (private and public, with and without the module, under both settings of
torch.__future__'s swap flag), pickling, old pickles without newer hook dicts, state_dict
pre-hooks (lazy modules too) and post-hooks (public vs private return values)."""
import gc
import io
import pickle
import warnings
import weakref
from collections import OrderedDict

from _hook_cases import case, nn, raises, run, torch


def module_level_hook(*args, **kwargs):
    pass


def with_swap(fn):
    """Register ``fn`` twice: with the swap flag off and on (PyTorch's @swap decorator)."""
    for flag in (False, True):
        def _case(flag=flag):
            torch.__future__.set_swap_module_params_on_conversion(flag)
            try:
                fn()
            finally:
                torch.__future__.set_swap_module_params_on_conversion(False)
        _case.__name__ = f"{fn.__name__}_swap_{flag}"
        case(_case)
    return fn


def same_state(a, b):
    return sorted(a) == sorted(b) and all(bool((a[k] == b[k]).all()) for k in a)


@with_swap
def test_load_state_dict_pre_hook():
    src_state = nn.Linear(3, 3).state_dict()
    target = nn.Linear(3, 3)
    calls = []

    def without_module(state_dict, prefix, local_metadata, strict, missing, unexpected, errs):
        calls.append(("without", same_state(state_dict, src_state), prefix, strict))

    def with_module(module, state_dict, prefix, local_metadata, strict, missing, unexpected,
                    errs):
        calls.append(("with", module is target, same_state(state_dict, src_state)))

    target._register_load_state_dict_pre_hook(without_module)
    target.load_state_dict(src_state)
    print(calls)
    target.register_load_state_dict_pre_hook(with_module)
    target.load_state_dict(src_state)
    print(calls)
    target._register_load_state_dict_pre_hook(with_module, True)
    target.load_state_dict(src_state)
    print(calls)
    print("values loaded", same_state(target.state_dict(), src_state))


@case
def test_no_extra_ref_to_module():
    gc.disable()
    try:
        m = nn.Linear(3, 3)
        m.register_load_state_dict_pre_hook(module_level_hook)
        ref = weakref.ref(m)
        del m
        print("collected without gc", ref() is None)
    finally:
        gc.enable()


@case
def test_pickled_hook():
    m = nn.Linear(3, 3)
    m.register_load_state_dict_pre_hook(module_level_hook)
    again = pickle.loads(pickle.dumps(m))
    hook = list(again._load_state_dict_pre_hooks.values())[0]
    print(type(again).__name__, hook.module() is again)


class OwnParam(nn.Module):
    def __init__(self, log):
        super().__init__()
        self.foo = nn.Parameter(torch.ones(3))
        self.log = log

    def plain_hook(self, state_dict, prefix, local_metadata, strict, missing, unexpected, errs):
        self.log.append(("plain", prefix, strict, missing == [], unexpected == [], errs == []))

    def module_hook(self, module, state_dict, prefix, local_metadata, strict, missing,
                    unexpected, errs):
        self.log.append(("module", prefix, module is self))


class Holder(nn.Module):
    def __init__(self, inner):
        super().__init__()
        self.inner = inner


@with_swap
def test_load_state_dict_module_pre_hook():
    for wrap in (True, False):
        log = []
        inner = OwnParam(log)
        top = Holder(inner) if wrap else inner
        state = top.state_dict()
        inner._register_load_state_dict_pre_hook(inner.plain_hook)
        top.load_state_dict(state)
        inner.register_load_state_dict_pre_hook(inner.module_hook)
        top.load_state_dict(state)
        print(wrap, log)


class PostHooked(nn.Module):
    def __init__(self, log):
        super().__init__()
        self.foo = nn.Parameter(torch.ones(3))
        self.log = log

    def post(self, module, incompatible_keys):
        self.log.append(module is self)
        incompatible_keys.missing_keys.append("foo")
        incompatible_keys.unexpected_keys.append("bar")


@with_swap
def test_load_state_dict_post_hook():
    log = []
    inner = PostHooked(log)
    wrapped = nn.ModuleList([inner])
    handle = inner.register_load_state_dict_post_hook(inner.post)
    result = wrapped.load_state_dict(wrapped.state_dict(), strict=False)
    print(log, result.missing_keys, result.unexpected_keys)
    print(raises(lambda: wrapped.load_state_dict(wrapped.state_dict(), strict=True), True))
    print(len(log))
    handle.remove()
    result = wrapped.load_state_dict(wrapped.state_dict(), strict=False)
    print(result, len(log))

    def clear(module, incompatible_keys):
        incompatible_keys.missing_keys.clear()
        incompatible_keys.unexpected_keys.clear()

    inner.register_load_state_dict_post_hook(clear)
    state = wrapped.state_dict()
    state["extra"] = torch.ones(1)
    print(wrapped.load_state_dict(state, strict=True))


def save_and_load(module):
    buffer = io.BytesIO()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.save(module, buffer)
    buffer.seek(0)
    return torch.load(buffer, weights_only=False)


@with_swap
def test_load_state_dict_post_hook_backward_compatibility():
    for m in (nn.Softmin(1), nn.Softmax(1), nn.LogSoftmax(1)):
        called = []
        state = m.state_dict()
        print(type(m).__name__, hasattr(m, "_load_state_dict_post_hooks"))
        delattr(m, "_load_state_dict_post_hooks")
        m = save_and_load(m)
        m.load_state_dict(state)
        print("loaded old pickle", called)
        m.register_load_state_dict_post_hook(lambda mod, keys: called.append(True))
        m.load_state_dict(state)
        print("hook after", called)


def state_dict_pre_hook_case(model, submodule, sample):
    calls = []
    setting = {"keep_vars": False}

    def pre(module, prefix, keep_vars):
        calls.append((prefix, keep_vars == setting["keep_vars"]))

    model.register_state_dict_pre_hook(pre)
    submodule.register_state_dict_pre_hook(pre)
    for when in ("before forward", "after forward"):
        if when == "after forward":
            model(sample)
        for keep_vars in (True, False):
            setting["keep_vars"] = keep_vars
            calls.clear()
            model.state_dict(prefix="foo.", keep_vars=keep_vars)
            print(when, keep_vars, calls)


class ThreeLinears(nn.Module):
    def __init__(self):
        super().__init__()
        self.seq = nn.Sequential(nn.Linear(3, 3), nn.Linear(3, 3), nn.Linear(3, 3))

    def forward(self, x):
        return self.seq(x)


@case
def test_register_state_dict_pre_hook():
    m = ThreeLinears()
    state_dict_pre_hook_case(m, m.seq, torch.ones(4, 3))


class TwoLazy(nn.Module):
    def __init__(self):
        super().__init__()
        self.first = nn.LazyLinear(8)
        self.second = nn.LazyLinear(5)

    def forward(self, x):
        return self.second(self.first(x))


@case
def test_register_state_dict_pre_hook_lazy_module():
    m = TwoLazy()
    state_dict_pre_hook_case(m, m.first, torch.ones(4, 3))
    print(type(m.first).__name__, tuple(m.second.weight.shape))


@case
def test_register_state_dict_pre_hook_backward_compat():
    called = []
    m = nn.Linear(1, 1)
    print(hasattr(m, "_state_dict_pre_hooks"))
    delattr(m, "_state_dict_pre_hooks")
    m = save_and_load(m)
    m.state_dict()
    print(called)
    m.register_state_dict_pre_hook(lambda *args, **kwargs: called.append(True))
    m.state_dict()
    print(called)


def test_register_state_dict_post_hook(private):
    m = nn.Transformer(d_model=4, nhead=2, num_encoder_layers=2, num_decoder_layers=2,
                       dim_feedforward=8)

    def wrap_linear_entries(module, state_dict, prefix, local_metadata):
        for name, param in module.named_parameters(recurse=False):
            state_dict[prefix + name] = nn.Parameter(state_dict[prefix + name])

    def register(module):
        if isinstance(module, nn.Linear):
            fn = module._register_state_dict_hook if private \
                else module.register_state_dict_post_hook
            fn(wrap_linear_entries)

    m.apply(register)
    kinds = {k: isinstance(v, nn.Parameter) for k, v in m.state_dict().items()}
    print(len(kinds), sum(kinds.values()),
          all(v == ("linear" in k or "out_proj" in k) for k, v in kinds.items()))

    def returns_empty(module, state_dict, prefix, local_metadata):
        return OrderedDict()

    fn = m._register_state_dict_hook if private else m.register_state_dict_post_hook
    fn(returns_empty)
    print(hasattr(returns_empty, "_from_public_api"))
    if private:
        print(len(m.state_dict()))
    else:
        print(raises(m.state_dict))
        print(raises(lambda: m._register_state_dict_hook(returns_empty)))


for private in (True, False):
    def _case(private=private):
        test_register_state_dict_post_hook(private)
    _case.__name__ = f"test_register_state_dict_post_hook_private_{private}"
    case(_case)

run()
