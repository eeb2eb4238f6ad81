# Under create_graph a sum's gradient is expanded as a view of the incoming gradient, also when
# that needs no grad: a node that saves it and runs after the gradient was written in place
# names the view's regenerated grad_fn (AsStrided) in the version error, as PyTorch does.
import torch

F = torch.nn.functional
for label in ['sum', 'huber of sum', 'sum dim']:
    x = torch.tensor([0.3, 0.6], requires_grad=True)
    if label == 'sum':
        out = (x * x).sum()
    elif label == 'huber of sum':
        empty = torch.zeros((4, 3, 0)).requires_grad_()
        out = F.huber_loss(empty.sigmoid(), torch.zeros((4, 3, 0))).sum() + (x * x).sum()
        x = empty
    else:
        out = (x * x).unsqueeze(0).sum(1).sum()
    seed = torch.tensor(0.25)
    (g,) = torch.autograd.grad([out], [x], grad_outputs=[seed], create_graph=True)
    seed[...] = torch.tensor(-1.889, requires_grad=True)
    try:
        g.sum().backward()
        print(label, x.grad)
    except RuntimeError as e:
        print(label, e)
x = torch.tensor([[0.3, 0.6]], requires_grad=True)
(g,) = torch.autograd.grad(x.pow(3).sum(), x, create_graph=True)
g.sum().backward()
print(g, x.grad)
