# nn.utils.rnn (pad_sequence, pack_padded_sequence, pack_sequence, pad_packed_sequence,
# unpack_sequence, unpad_sequence, invert_permutation) and RNN / LSTM / GRU over a
# PackedSequence: values, grad_fn chains, double backward, repr, errors.
import numpy as np
import torch
from torch.nn.utils import rnn as R

def walk(n,d=0,maxd=5,out=None):
  out=[] if out is None else out
  if n is None or d>maxd: return out
  out.append(' '*d+n.name()); [walk(c,d+1,maxd,out) for c,_ in n.next_functions]; return out
rng=np.random.default_rng(0)
T=lambda *s: torch.tensor(rng.standard_normal(s).astype(np.float32), requires_grad=True)
a,b,c=T(3,2),T(1,2),T(2,2)
p=R.pad_sequence([a,b,c]); print(p.shape, walk(p.grad_fn,0,2))
p2=R.pad_sequence([a,b,c],batch_first=True,padding_value=-1,padding_side='left'); print(p2.detach())
pk=R.pack_padded_sequence(p,[3,1,2],enforce_sorted=False); print(pk); print(walk(pk.data.grad_fn,0,3))
pk2=R.pack_sequence([a,c,b]); print(pk2.batch_sizes, pk2.sorted_indices, pk2.data.shape)
out,l=R.pad_packed_sequence(pk,batch_first=True,total_length=4); print(out.shape,l); print(walk(out.grad_fn,0,4))
v=T(*out.shape)
g=torch.autograd.grad(out,[a,b,c],v,create_graph=True); print([x.detach().numpy().round(4).tolist() for x in g], [walk(x.grad_fn,0,3) for x in g])
print(R.unpack_sequence(pk)); print(R.unpad_sequence(p.detach().clone(), torch.tensor([3,1,2])))
print(R.invert_permutation(torch.tensor([2,0,1])))
for cls, kw in [("GRU", {}), ("LSTM", dict(num_layers=2, bidirectional=True)), ("RNN", dict(batch_first=True, nonlinearity="relu"))]:
    torch.manual_seed(0)
    m = getattr(torch.nn, cls)(2, 3, **kw)
    with torch.no_grad():
        for prm in m.parameters(): prm.copy_(torch.tensor(rng.uniform(-.5,.5,tuple(prm.shape)).astype(np.float32)))
    x = T(4, 3, 2) if not kw.get("batch_first") else T(3, 4, 2)
    pk = R.pack_padded_sequence(x, [2, 4, 1], batch_first=kw.get("batch_first", False), enforce_sorted=False)
    o, h = m(pk)
    print(type(o).__name__, o.data.detach().numpy().round(4).tolist(), o.batch_sizes, o.sorted_indices, o.unsorted_indices)
    hs = h if isinstance(h, tuple) else (h,)
    for t in hs: print(t.detach().numpy().round(4).tolist(), walk(t.grad_fn, 0, 3))
    print(walk(o.data.grad_fn, 0, 5))
    gx = torch.autograd.grad(o.data.sum() + sum(t.sum() for t in hs), x)[0]; print(gx.numpy().round(4).tolist())
    po, pl = R.pad_packed_sequence(o, batch_first=True); print(po.shape, pl)


def attempt(f):
    try:
        print("ok", f())
    except Exception as error:
        print(type(error).__name__, error)


z = torch.zeros
for f in [lambda: R.pad_sequence([]), lambda: R.pad_sequence([z(2, 3), z(2, 4)]),
          lambda: R.pad_sequence([z(2, 3)], padding_side="middle"), lambda: R.pad_sequence(5),
          lambda: R.pack_padded_sequence(z(3, 2, 1), [1, 2]),
          lambda: R.pack_padded_sequence(z(3, 2, 1), [2, 0]),
          lambda: R.pack_padded_sequence(z(3, 2, 1), [2]),
          lambda: R.pack_padded_sequence(z(0, 2, 1), [1, 1]),
          lambda: R.pack_padded_sequence(z(3, 2, 1), torch.tensor([[2, 1]])),
          lambda: R.pad_packed_sequence(R.pack_sequence([z(3), z(2)]), total_length=2),
          lambda: R.PackedSequence(z(3)),
          lambda: R.pack_padded_sequence(z(3, 2, 1), torch.tensor([3.0, 2.0])).batch_sizes,
          lambda: torch.nn.GRU(2, 3)(R.pack_sequence([z(3, 2), z(2, 2)]), z(1, 3, 3)),
          lambda: torch.nn.RNN(2, 3)(R.pack_sequence([z(3, 1), z(2, 1)])),
          lambda: R.pack_sequence([z(2, 2), z(3, 2)], enforce_sorted=False).double()]:
    attempt(f)
