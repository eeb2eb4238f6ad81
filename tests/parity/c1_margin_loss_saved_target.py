# multi_margin_loss and multilabel_margin_loss save their target (and multi_margin_loss its
# weight) as PyTorch's nodes do: written in place before backward, backward refuses it with
# the version error; unchanged, the saved target reads back and backward runs.
import torch

F = torch.nn.functional


def losses():
    return [
        ('multi_margin', lambda x, t: F.multi_margin_loss(x, t), torch.tensor([0, 1])),
        ('multi_margin p=2', lambda x, t: F.multi_margin_loss(x, t, p=2, reduction='none'),
         torch.tensor([2, 1])),
        ('multi_margin weight', lambda x, w: F.multi_margin_loss(x, torch.tensor([0, 2]),
                                                                 weight=w),
         torch.tensor([1., 2., 3.])),
        ('multilabel_margin', lambda x, t: F.multilabel_margin_loss(x, t),
         torch.tensor([[0, -1, 1], [2, 1, -1]])),
    ]


for change in [False, True]:
    for label, loss_of, target in losses():
        x = torch.tensor([[0.2, 0.7, 0.4], [0.1, -0.3, 0.9]], requires_grad=True)
        loss = loss_of(x, target)
        if label != 'multi_margin weight':
            print(label, loss.grad_fn._saved_target.equal(target))
        if change:
            target.mul_(1)
        try:
            loss.sum().backward()
            print(label, change, x.grad)
        except RuntimeError as e:
            print(label, change, e)
x = torch.tensor([[0.2, 0.7, 0.4]], requires_grad=True)
target = torch.tensor([1])
with torch.no_grad():
    print(F.multilabel_margin_loss(x, torch.tensor([[2, -1, 0]])), F.multi_margin_loss(x, target))
loss = F.multi_margin_loss(x, target)
target.zero_()
try:
    torch.autograd.grad(loss, x, create_graph=True)
except RuntimeError as e:
    print(e)
