# Tensors PyTorch's nodes save besides inputs (a where condition, a gather index, sort's
# indices output, a masked_fill mask) are version-checked at backward; x / 2 and x * 2 keep
# the number, not the input, so editing the input afterwards is fine.
import torch

x = torch.tensor([[0.5, -1.5, 2.0], [1.0, 3.0, -0.5]], requires_grad=True)
for label in ['where', 'gather', 'sort-indices', 'x/2 input', 'x*2 input', 'masked_fill']:
    mask = torch.tensor([[True, False, True], [False, True, False]])
    index = torch.tensor([[0, 2], [1, 0]])
    h = x * 1
    if label == 'where':
        y = torch.where(mask, h, 0.0)
        mask[0, 0] = False
    elif label == 'gather':
        y = h.gather(1, index)
        index.add_(0)
    elif label == 'sort-indices':
        y, i = h.sort(1)
        i.zero_()
    elif label == 'x/2 input':
        y = h / 2
        h.add_(1)
    elif label == 'x*2 input':
        y = h * 2
        h.add_(1)
    else:
        y = h.masked_fill(mask, 0.)
        mask[0, 0] = False
    try:
        y.sum().backward()
        print(label, 'ok')
    except RuntimeError as e:
        print(label, str(e))
