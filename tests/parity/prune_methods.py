# nn.utils.prune: weight_orig / weight_mask / the forward pre-hook, containers of successive
# pruning, global and custom masks, removal, errors. Random methods: only counts are printed.
import torch, warnings
import torch.nn as nn
import torch.nn.utils.prune as prune
torch.set_printoptions(precision=5)
def lin(i, o):
    m = nn.Linear(i, o)
    with torch.no_grad():
        m.weight.copy_(torch.linspace(-1, 1, i*o).reshape(o, i).sin() * 2 + 0.3 * torch.arange(i*o).reshape(o, i).cos())
        m.bias.copy_(torch.tensor([0., 0, 0.5, 0, -0.5, 0][:o]))
    return m
xx = torch.linspace(-1, 1, 8).reshape(2, 4)
m = lin(4, 5)
prune.l1_unstructured(m, 'weight', amount=0.3)
print(sorted(m.state_dict().keys()), [n for n, _ in m.named_parameters()], [n for n, _ in m.named_buffers()])
print(m.weight_mask, m.weight)
print(list(m._forward_pre_hooks.values())[0].__class__.__name__, prune.is_pruned(m))
out = m(xx); (out ** 2).sum().backward()
print(m.weight_orig.grad)
prune.l1_unstructured(m, 'bias', amount=3)  # ties among zeros
print(m.bias_mask)
prune.ln_structured(m, 'weight', amount=0.5, n=2, dim=0)
hook = [h for h in m._forward_pre_hooks.values() if h._tensor_name == 'weight'][0]; print(m.weight_mask, type(hook).__name__, len(hook), [type(x).__name__ for x in hook])
prune.ln_structured(m, 'weight', amount=1, n=1, dim=1)
print(m.weight_mask)
prune.remove(m, 'weight')
print(sorted(m.state_dict().keys()), m.weight, type(m.weight).__name__)
try: prune.remove(m, 'weight')
except Exception as e: print(type(e).__name__, e)
# custom mask, identity, global
m = lin(4, 3)
prune.custom_from_mask(m, 'weight', mask=torch.tensor([[1, 0, 1, 0], [0, 1, 1, 1], [1, 1, 0, 0]]))
print(m.weight)
prune.identity(m, 'bias'); print(m.bias_mask, m.bias)
a, b = lin(4, 3), lin(3, 2)
prune.global_unstructured([(a, 'weight'), (b, 'weight'), (b, 'bias')], pruning_method=prune.L1Unstructured, amount=0.4)
print(a.weight_mask, b.weight_mask, b.bias_mask)
print(int(a.weight_mask.sum() + b.weight_mask.sum() + b.bias_mask.sum()))
prune.global_unstructured([(a, 'weight'), (b, 'weight')], pruning_method=prune.L1Unstructured, amount=3)
print(a.weight_mask, b.weight_mask)
m = lin(4, 3)
prune.l1_unstructured(m, 'weight', amount=0.5, importance_scores=torch.arange(12.).reshape(3, 4))
print(m.weight_mask)
# random ones: masks from hookgrad's stream; counts are PyTorch's
torch.manual_seed(0)
m = lin(6, 5)
prune.random_unstructured(m, 'weight', amount=0.4); print(int(m.weight_mask.sum()))
prune.random_structured(m, 'weight', amount=2, dim=0); print(int((m.weight_mask.sum(1) > 0).sum()))
for bad in [lambda: prune.l1_unstructured(lin(4, 3), 'weight', amount=1.5),
            lambda: prune.l1_unstructured(lin(4, 3), 'weight', amount=-1),
            lambda: prune.l1_unstructured(lin(4, 3), 'weight', amount='x'),
            lambda: prune.l1_unstructured(lin(4, 3), 'weight', amount=20),
            lambda: prune.ln_structured(lin(4, 3), 'bias', amount=1, n=2, dim=0),
            lambda: prune.ln_structured(lin(4, 3), 'weight', amount=1, n=2, dim=3),
            lambda: prune.global_unstructured([(lin(4, 3), 'weight')], pruning_method=prune.LnStructured, amount=1, n=2, dim=0),
            lambda: prune.global_unstructured(3, pruning_method=prune.L1Unstructured, amount=1),
            lambda: prune.l1_unstructured(lin(4, 3), 'weight', amount=1, importance_scores=torch.ones(2)),
            lambda: prune.remove(lin(4, 3), 'weight')]:
    try: bad(); print('no error')
    except Exception as e: print(type(e).__name__, e)
m = lin(4, 3)
print(prune.L1Unstructured(amount=2).prune(m.weight.detach()))
print(m, prune.is_pruned(m))
seq = nn.Sequential(lin(4, 3), nn.ReLU(), lin(3, 2))
prune.l1_unstructured(seq[2], 'weight', amount=2)
print(prune.is_pruned(seq), sorted(seq.state_dict().keys()))
