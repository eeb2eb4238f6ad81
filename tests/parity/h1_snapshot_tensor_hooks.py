# Spec 1.5: tensor hooks are snapshotted before dispatch: a hook removed by an earlier hook
# still runs this time and is gone next time; a hook added to the same tensor during the
# dispatch does not run this time (but runs next time). Same for leaf tensors.
import torch
log = []
y = torch.ones(2, requires_grad=True)
def h1(g):
    log.append('h1'); hh2.remove()
def h2(g):
    log.append('h2')
hh1 = y.register_hook(h1); hh2 = y.register_hook(h2)
(y * 1).sum().backward(); print('leaf, removed during dispatch:', log); log.clear()
(y * 1).sum().backward(); print('leaf, next pass:', log); log.clear()

a = torch.ones(3, requires_grad=True); b = a * 2
def s1(g):
    log.append('s1'); b.register_hook(lambda g: log.append('s_new'))
b.register_hook(s1)
b.sum().backward(retain_graph=True); print('non-leaf, added during dispatch:', log); log.clear()
b.sum().backward(retain_graph=True); print('next pass:', log); log.clear()

c = a * 3
def self_remove(g):
    log.append('once'); hs.remove()
hs = c.register_hook(self_remove)
c.register_hook(lambda g: log.append('other'))
c.sum().backward(retain_graph=True); c.sum().backward()
print('self-removing hook:', log); log.clear()

# a hook registered (during backward) on a tensor whose node has not run yet does run
p = a * 2; q = p * 3
def reg_late(g):
    p.register_hook(lambda g2: log.append(('late p hook', g2.tolist())))
q.register_hook(reg_late)
q.sum().backward()
print('hook added to a later node:', log)
