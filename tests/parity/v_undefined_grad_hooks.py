# An undefined gradient (vector_norm ord=0 gives none) reaching a leaf: tensor hooks, node
# hooks and the post-accumulate-grad hook all run (with None / .grad None), as in PyTorch.
import torch
v0 = torch.tensor([0.0, -1.25, -0.25], requires_grad=True)
v1 = torch.linalg.vector_norm(v0, ord=0)
v0.register_post_accumulate_grad_hook(lambda p: print("post acc", p.grad))
v0.register_hook(lambda g: print("tensor hook", g))
acc = v1.grad_fn.next_functions[0][0]
acc.register_prehook(lambda g: print("acc prehook", g))
acc.register_hook(lambda gi, go: print("acc hook", gi, go))
v1.grad_fn.register_hook(lambda gi, go: print("norm hook", gi, go))
v1.backward()
print(v0.grad)
w = torch.tensor([1.0, 2.0], requires_grad=True)
y = torch.linalg.vector_norm(w, ord=0) + (w * 2).sum()
w.register_post_accumulate_grad_hook(lambda p: print("post acc w", p.grad))
y.backward()
print(w.grad)

v1 = torch.tensor([0.0, -1.25, -0.25], requires_grad=True)
v3 = torch.linalg.vector_norm(v1, ord=0)
v5 = v3.min(0) if False else v3 * 1
v1.register_post_accumulate_grad_hook(lambda p: print("post acc", p.grad))
(v3.sum() + v5).backward()
print(v1.grad)
