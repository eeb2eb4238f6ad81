# torch.FloatTensor & co: type objects for isinstance, legacy constructors, x.type().
import numpy as np
import torch


def attempt(label, fn):
    try:
        print(label, '->', fn())
    except BaseException as e:
        print(label, '->', type(e).__name__, str(e).split('\n')[0][:200])


types = [torch.FloatTensor, torch.DoubleTensor, torch.HalfTensor, torch.LongTensor,
         torch.IntTensor, torch.ShortTensor, torch.CharTensor, torch.ByteTensor,
         torch.BoolTensor]
print([t.__name__ for t in types], type(torch.FloatTensor).__name__)
print(torch.FloatTensor, torch.cuda.FloatTensor, torch.FloatTensor.dtype,
      torch.FloatTensor.is_cuda, torch.cuda.LongTensor.is_cuda, torch.cuda.LongTensor.dtype)
x = torch.zeros(2)
print([isinstance(x.to(t.dtype), t) for t in types])
print([isinstance(x, t) for t in types], isinstance(x, torch.cuda.FloatTensor),
      isinstance(3.0, torch.FloatTensor), issubclass(torch.FloatTensor, torch.Tensor))
print([x.to(t.dtype).type() for t in types])

print(torch.FloatTensor(2, 3).shape, torch.FloatTensor(2, 3).dtype, type(torch.FloatTensor(2)))
print(torch.FloatTensor([1, 2]), torch.DoubleTensor([[1, 2]]), torch.LongTensor([1.7, -2.2]))
print(torch.IntTensor([1, 2]), torch.BoolTensor([2, 0]), torch.ByteTensor([1, 255]),
      torch.HalfTensor([0.5]))
print(torch.FloatTensor().shape, torch.LongTensor([]).shape, torch.FloatTensor(0).shape,
      torch.FloatTensor(torch.Size([2, 2])).shape, torch.FloatTensor(torch.Size([])).shape)
print(torch.FloatTensor(np.array([1, 2])), torch.FloatTensor(np.int64(3)).shape)
t = torch.tensor([1.0, 2.0])
alias = torch.FloatTensor(t)
print('alias', alias is t, alias.data_ptr() == t.data_ptr(), alias)
r = torch.ones(2, requires_grad=True)
print('alias of grad tensor', torch.FloatTensor(r).requires_grad)
print('device cpu', torch.FloatTensor(2, device='cpu').shape)
attempt('long into FloatTensor', lambda: torch.FloatTensor(torch.tensor([1, 2])))
attempt('float into LongTensor', lambda: torch.LongTensor(torch.tensor([1.0])))
attempt('double into HalfTensor', lambda: torch.HalfTensor(torch.tensor([1.0], dtype=torch.float64)))
attempt('str', lambda: torch.FloatTensor('a'))
attempt('float', lambda: torch.FloatTensor(3.5))
attempt('bool', lambda: torch.FloatTensor(True))
attempt('negative', lambda: torch.FloatTensor(-1))
attempt('size float', lambda: torch.FloatTensor(2, 3.0))
attempt('dtype kw', lambda: torch.FloatTensor(2, dtype=torch.float64))
attempt('device cuda', lambda: torch.FloatTensor(2, device='cuda'))
attempt('cuda type', lambda: torch.cuda.FloatTensor(2))

print(x.type(torch.LongTensor), x.type(torch.LongTensor).dtype, x.type(torch.FloatTensor) is x)
print(x.type('torch.DoubleTensor').dtype, x.type(torch.float64).dtype, x.type(torch.Tensor).dtype)
print(x.type(dtype=None), torch.tensor([1, 2]).type(torch.DoubleTensor))
g = torch.ones(2, requires_grad=True)
print(g.type(torch.DoubleTensor).grad_fn.name(), g.type(torch.FloatTensor) is g)
attempt("type('foo')", lambda: x.type('foo'))
attempt("type('torch.float64')", lambda: x.type('torch.float64'))
attempt('type(float)', lambda: x.type(float))
attempt("type('torch.cuda.FloatTensor')", lambda: x.type('torch.cuda.FloatTensor')[:40])
attempt('type(torch.cuda.LongTensor)', lambda: x.type(torch.cuda.LongTensor))
print(torch.typename(x), torch.typename(torch.zeros(1, dtype=torch.long)))
# Module.type converts every parameter and buffer (integer buffers too)
bn = torch.nn.BatchNorm1d(2).type(torch.DoubleTensor)
print(bn.weight.dtype, bn.num_batches_tracked.dtype, type(bn.weight).__name__)
print(torch.nn.Linear(2, 2).type('torch.DoubleTensor').weight.dtype,
      torch.nn.Linear(2, 2).type(torch.float64).weight.dtype)
attempt('Module.type(cuda)', lambda: torch.nn.Linear(2, 2).type(torch.cuda.FloatTensor))
print(torch.nn.Module().type(torch.cuda.FloatTensor))
