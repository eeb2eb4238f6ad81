# Spec 1.5: node pre-hooks and post-hooks are snapshotted per dispatch (removal by an
# earlier hook still runs this time; an added pre-hook does not), but a post-hook
# registered while the node's pre-hooks run does run in that execution, with the real
# grad_outputs.
import torch
log = []
a = torch.ones(3, requires_grad=True); b = a * 2
def p1(go):
    log.append('p1'); hp2.remove()
def p2(go):
    log.append('p2')
b.grad_fn.register_prehook(p1); hp2 = b.grad_fn.register_prehook(p2)
b.sum().backward(retain_graph=True); print('prehook removed during pass:', log); log.clear()
b.sum().backward(); print('next pass:', log); log.clear()

b = a * 2
def q1(gi, go):
    log.append('q1'); hq2.remove()
def q2(gi, go):
    log.append('q2')
b.grad_fn.register_hook(q1); hq2 = b.grad_fn.register_hook(q2)
b.sum().backward(retain_graph=True); print('posthook removed during pass:', log); log.clear()
b.sum().backward(); print('next pass:', log); log.clear()

b = a * 2
def r1(go):
    log.append('r1'); b.grad_fn.register_prehook(lambda go: log.append('r_new'))
b.grad_fn.register_prehook(r1)
b.sum().backward(retain_graph=True); print('prehook added during pass:', log); log.clear()
b.sum().backward(); print('next pass:', log); log.clear()

b = a * 2
def t1(go):
    log.append('t1')
    b.grad_fn.register_hook(lambda gi, go2: log.append(('post_new', [g.tolist() for g in go2])))
b.grad_fn.register_prehook(t1)
b.sum().backward(); print('posthook added during prehook:', log); log.clear()

b = a * 2
def u1(gi, go):
    log.append('u1'); b.grad_fn.register_hook(lambda gi, go: log.append('u_new'))
b.grad_fn.register_hook(u1)
b.sum().backward(retain_graph=True); print('posthook added during posthooks:', log); log.clear()
