# Spec 2.20, 3.6: full per-leaf order in one graph task: tensor hooks -> AccumulateGrad
# pre-hooks -> accumulation into .grad -> post-accumulate hooks -> AccumulateGrad post-hooks
# (grad_inputs == (), grad_outputs == (incoming grad after pre-hooks,)). An AccumulateGrad
# pre-hook's return value changes what is accumulated.
import torch
log = []
a = torch.tensor([1., 2.], requires_grad=True)
b = a * 3
acc = b.grad_fn.next_functions[0][0]
print(type(acc).__name__, acc.name(), acc.variable is a)
acc.register_prehook(lambda go: log.append(('acc pre', [g.tolist() for g in go], a.grad)))
acc.register_prehook(lambda go: (go[0] * 2,))
acc.register_hook(lambda gi, go: log.append(('acc post', gi, [g.tolist() for g in go], a.grad.tolist())))
a.register_post_accumulate_grad_hook(lambda p: log.append(('post-acc', p.grad.tolist())))
a.register_hook(lambda g: (log.append(('tensor hook', g.tolist())), g + 100)[1])
a.retain_grad()  # no-op on a leaf
b.sum().backward()
for entry in log:
    print(entry)
print('a.grad', a.grad.tolist())
# upstream test_post_accumulate_grad_hook_ordering: ((1-2)/5 + 0.5) * 10 = 3
t = torch.ones(3, requires_grad=True)
acc_t = t.view_as(t).grad_fn.next_functions[0][0]
t.register_hook(lambda g: g.sub(2.0))
acc_t.register_prehook(lambda go: (go[0].div(5.0),))
def pah(p):
    p.grad.add_(0.5)
t.register_post_accumulate_grad_hook(pah)
def post(gi, go):
    t.grad = go[0].mul(10)
acc_t.register_hook(post)
t.sum().backward()
print('ordering result', t.grad.tolist())
