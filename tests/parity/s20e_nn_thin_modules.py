# The thin nn modules over existing functions (padding, pixel shuffle, fold, distance) and
# the channel functions (channel_shuffle, local_response_norm, max_unpool, *_with_indices):
# printed reprs, output shapes, grad_fn chains, values, gradients, double backward, errors.
import numpy as np
import torch

nn = torch.nn
F = torch.nn.functional


def walk(node):
    out = []

    def visit(n, depth):
        if n is None or depth > 14:
            return
        out.append(" " * depth + n.name())
        for child, _ in n.next_functions:
            visit(child, depth + 1)
    visit(node, 0)
    return out


rng=np.random.default_rng(0)
def T(*s, rg=True):
    return torch.tensor(rng.standard_normal(s).astype(np.float32), requires_grad=rg)
res={}
mods=[nn.ZeroPad1d(2), nn.ZeroPad2d((1,2,0,1)), nn.ZeroPad3d(1), nn.ConstantPad1d((1,2),3.5), nn.ConstantPad2d(1,0.5),
      nn.ConstantPad3d((1,0,0,1,1,1),-1), nn.ReflectionPad1d(1), nn.ReflectionPad2d((1,1,2,0)), nn.ReflectionPad3d(1),
      nn.ReplicationPad1d((0,2)), nn.ReplicationPad2d(2), nn.ReplicationPad3d((1,1,1,1,0,2)), nn.CircularPad1d(1), nn.CircularPad2d((1,0,2,1)), nn.CircularPad3d(1),
      nn.PixelShuffle(2), nn.PixelUnshuffle(2), nn.Unfold(2, padding=1), nn.Fold((4,5),(2,2)), nn.ChannelShuffle(2), nn.LocalResponseNorm(3), nn.LocalResponseNorm(2, alpha=0.1, beta=0.5, k=2.0),
      nn.CosineSimilarity(), nn.PairwiseDistance(), nn.CosineSimilarity(dim=0, eps=1e-6), nn.PairwiseDistance(p=1.0, keepdim=True), nn.MaxUnpool1d(2), nn.MaxUnpool2d((2,3), stride=1, padding=1)]
print(nn.Sequential(*mods))
inputs=[(2,3,5),(1,2,3,4),(1,1,2,3,3),(2,4),(2,3,3),(1,2,2,3,3),(2,3,4),(2,2,3,4),(1,2,3,3,3),(1,3,4),(2,2,3),(1,1,2,2,3),(2,3),(1,2,3,3),(1,1,2,2,3),
        (1,8,2,3),(1,2,4,6),(2,3,4,4),(1,12,12),(2,6,3,3),(2,6,4),(2,6,3,3)]
for m, shape in zip(mods, inputs):
    x=T(*shape); y=m(x)
    v=T(*tuple(y.shape), rg=False)
    (gx,)=torch.autograd.grad(y,x,v)
    print(type(m).__name__, tuple(y.shape), walk(y.grad_fn)[:6])
    print(np.round(y.detach().numpy().sum(),4), np.round(gx.numpy().sum(),4))
for m in mods[22:26]:
    a,b=T(3,4),T(3,4); y=m(a,b); print(type(m).__name__, tuple(y.shape), walk(y.grad_fn)[:3], np.round(y.detach().numpy(),5).tolist())
for bad in [lambda: nn.CircularPad2d(1)(T(3,3)), lambda: nn.CircularPad1d(1)(T(1,2,3,3)), lambda: nn.ReflectionPad1d(3)(T(1,2,3)), lambda: F.local_response_norm(T(2,3),2), lambda: F.channel_shuffle(T(2,5,2),2)]:
    try: bad(); print('no error')
    except Exception as e: print(type(e).__name__, e)
x=T(2,6,3,3); y=F.local_response_norm(x,3); g=torch.autograd.grad(y,x,T(2,6,3,3),create_graph=True)[0]
print(walk(g.grad_fn)[:4], np.round(g.detach().numpy().sum(),4))
x=T(2,6,3); y=F.channel_shuffle(x,3); g=torch.autograd.grad(y,x,T(2,6,3),create_graph=True)[0]; print(walk(g.grad_fn))
y=F.native_channel_shuffle(x,3); print(walk(y.grad_fn))
try: y.sum().backward()
except Exception as e: print(type(e).__name__, e)
o,i=F.max_pool2d_with_indices(T(1,2,4,4),2); u=F.max_unpool2d(o,i,2); print(walk(u.grad_fn)); g=torch.autograd.grad(u,o,T(1,2,4,4),create_graph=True)[0]; print(walk(g.grad_fn))
o,i=F.max_pool1d_with_indices(T(1,2,6),2); u=F.max_unpool1d(o,i,2, output_size=[7]); print(tuple(u.shape), walk(u.grad_fn))
print([tuple(t.shape) for t in F.adaptive_max_pool1d_with_indices(T(1,2,6),3)], [tuple(t.shape) for t in F.adaptive_max_pool2d_with_indices(T(1,2,6,6),3)])
