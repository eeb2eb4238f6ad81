# Spec 4.5, 2.21: with backward(inputs=[...]) only nodes on a path to some input execute;
# leaves not listed are untouched (no tensor hooks, no AccumulateGrad hooks, no .grad);
# listed leaves get the normal leaf pipeline. Upstream
# test_accumulate_grad_posthooks_should_not_execute.
import torch
log = []
a = torch.tensor([1., 2.], requires_grad=True)
b = torch.tensor([3., 4.], requires_grad=True)
c = torch.tensor([5., 6.], requires_grad=True)
for n, t in (('a', a), ('b', b), ('c', c)):
    t.register_hook(lambda g, n=n: log.append(n + ' tensor'))
    t.register_post_accumulate_grad_hook(lambda p, n=n: log.append(n + ' post-acc'))
ab = a * b
bc = b.exp(); bc.grad_fn.register_prehook(lambda go: log.append('exp node (only on path to b)'))
cc = c * 2; cc.grad_fn.register_prehook(lambda go: log.append('c*2 node (no listed input)'))
out = (ab + bc + cc).sum()
out.backward(inputs=[a], retain_graph=True)
print('inputs=[a]:', log, a.grad.tolist(), b.grad, c.grad); log.clear()
out.backward(inputs=[b, a], retain_graph=True)
print('inputs=[b, a]:', log, a.grad.tolist(), [round(v, 4) for v in b.grad.tolist()], c.grad); log.clear()
out.backward()
print('all:', log, c.grad.tolist())
