# Spec 4.12, 2.8, 5.1: hooks run on the thread that launched the graph task; concurrent
# backward calls in different threads run their own hooks in their own threads; saved
# tensor hooks are thread-local. Only deterministic results are printed (after join).
import threading
import torch
res = {}
def worker(i):
    x = torch.ones(3, requires_grad=True)
    y = x * (i + 1)
    y.register_hook(lambda g: res.__setitem__(i, (threading.current_thread().name, g.sum().item())))
    y.sum().backward()
    res[i] = res[i] + (x.grad.sum().item(),)
ts = [threading.Thread(target=worker, args=(i,), name=f'T{i}') for i in range(4)]
for t in ts:
    t.start()
for t in ts:
    t.join()
print(sorted(res.items()))
from torch.autograd.graph import saved_tensors_hooks
calls = []
def other():
    a = torch.ones(2, requires_grad=True)
    b = a * a
with saved_tensors_hooks(lambda t: (calls.append(threading.current_thread().name), t)[1], lambda t: t):
    th = threading.Thread(target=other, name='other')
    th.start(); th.join()
    a = torch.ones(2, requires_grad=True)
    b = a * a
print('pack calls threads:', calls)
