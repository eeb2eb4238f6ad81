# A build without CUDA on a machine without accelerators: torch.cuda, torch.accelerator,
# torch.backends, torch.device, and what asking for a GPU does to tensors and modules.
import torch
import torch.backends.cudnn as cudnn
import torch.nn as nn


def attempt(label, fn):
    try:
        print(label, '->', fn())
    except BaseException as e:
        print(label, '->', type(e).__name__, str(e)[:200])


print('cuda', torch.cuda.is_available(), torch.cuda.device_count(), torch.cuda.is_initialized())
print('accelerator', torch.accelerator.is_available(), torch.accelerator.current_accelerator(),
      torch.accelerator.device_count())
print('mps', torch.backends.mps.is_available(), torch.backends.mps.is_built())
print('cudnn', cudnn.enabled, cudnn.benchmark, cudnn.deterministic, cudnn.allow_tf32,
      cudnn.is_available(), cudnn.version())
cudnn.benchmark = True
cudnn.deterministic = True
print('cudnn set', torch.backends.cudnn.benchmark, torch.backends.cudnn.deterministic)
with torch.backends.cudnn.flags(enabled=False):
    print('inside flags', cudnn.enabled)
print('after flags', cudnn.enabled)
print('cuda built', torch.backends.cuda.is_built())

device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
print('chosen', device, repr(device), device.type, device.index)
for spec in ['cuda', 'cuda:1', 'cpu', 'cpu:0', 'mps', 'meta']:
    d = torch.device(spec)
    print('device', spec, repr(d), str(d), d.type, d.index)
print(repr(torch.device('cuda', 2)), torch.device('cuda', 0) == torch.device('cuda:0'),
      torch.device('cuda') == torch.device('cuda:0'), torch.device('cpu') == 'cpu')
attempt('device gpu', lambda: torch.device('gpu'))
attempt('device cuda:x', lambda: torch.device('cuda:x'))
attempt('device negative', lambda: torch.device('cuda', -1))
attempt('device twice', lambda: torch.device('cuda:1', 2))
attempt('device int', lambda: torch.device(0))

x = torch.ones(2)
print('tensor', x.device, x.is_cuda, x.get_device(), x.to('cpu') is x, x.to(device) is x)
attempt('zeros cuda', lambda: torch.zeros(2, device='cuda'))
attempt('randn cuda', lambda: torch.randn(2, 3, device=torch.device('cuda')))
attempt('tensor cuda', lambda: torch.tensor([1.0], device='cuda:0'))
attempt('arange xpu', lambda: torch.arange(3, device='xpu'))
attempt('tensor mps', lambda: torch.tensor([1.0], device='mps'))
attempt('.cuda()', lambda: x.cuda())
attempt('.cuda(0)', lambda: x.cuda(0))
attempt(".cuda('cpu')", lambda: x.cuda('cpu'))
attempt(".to('cuda')", lambda: x.to('cuda'))
attempt(".to('cuda', float64)", lambda: x.to('cuda', torch.float64))
attempt(".to(device=cuda)", lambda: x.to(device=torch.device('cuda')))
attempt(".to('mps')", lambda: x.to('mps'))
attempt(".to('xpu')", lambda: x.to('xpu'))
attempt(".to(0)", lambda: x.to(0))
attempt(".to('foo')", lambda: x.to('foo'))
print('to cpu float64', x.to('cpu', torch.float64).dtype, x.to(device='cpu').dtype)

model = nn.Linear(2, 2)
attempt('Linear.cuda()', lambda: model.cuda())
attempt("Linear.to('cuda')", lambda: model.to('cuda'))
attempt("Linear.cuda(1)", lambda: model.cuda(1))
attempt("Linear.to('mps')", lambda: model.to('mps'))
attempt("Linear.to('foo')", lambda: model.to('foo'))
attempt('Module().cuda()', lambda: nn.Module().cuda())
attempt("Module().to('mps')", lambda: nn.Module().to('mps'))
print('Linear.to(cpu)', model.to(torch.device('cpu')) is model, model.to(device) is model)

print('cuda queries', torch.cuda.memory_allocated(), torch.cuda.max_memory_allocated(),
      torch.cuda.memory_reserved(), torch.cuda.is_bf16_supported(), torch.cuda.get_arch_list(),
      torch.cuda.get_rng_state_all())
print('cuda no-ops', torch.cuda.manual_seed(0), torch.cuda.manual_seed_all(0),
      torch.cuda.empty_cache(), torch.cuda.seed(), torch.cuda.seed_all())
for name in ['current_device', 'get_device_name', 'synchronize', 'init', 'initial_seed',
             'get_rng_state', 'current_stream', 'mem_get_info', 'get_device_properties',
             'get_device_capability', 'ipc_collect']:
    fn = getattr(torch.cuda, name)
    attempt('cuda.' + name, (lambda f: (lambda: f() if name != 'get_device_properties'
                                        else f(0)))(fn))
for name in ['current_device_index', 'synchronize', 'empty_cache', 'memory_allocated',
             'max_memory_allocated', 'memory_stats', 'reset_peak_memory_stats',
             'get_memory_info', 'current_stream', 'get_device_capability']:
    attempt('accelerator.' + name, getattr(torch.accelerator, name))
attempt('accelerator.set_device_index', lambda: torch.accelerator.set_device_index(0))


def enter_device_index(index):
    with torch.accelerator.device_index(index):
        return 'entered'


attempt('accelerator.device_index(None)', lambda: enter_device_index(None))
attempt('accelerator.device_index(0)', lambda: enter_device_index(0))
print('matmul precision', torch.get_float32_matmul_precision())
torch.set_float32_matmul_precision('high')
print('matmul precision', torch.get_float32_matmul_precision())
torch.use_deterministic_algorithms(True)
print('deterministic', torch.are_deterministic_algorithms_enabled(),
      torch.is_deterministic_algorithms_warn_only_enabled())
torch.use_deterministic_algorithms(False)
