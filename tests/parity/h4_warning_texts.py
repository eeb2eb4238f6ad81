# The whole text of the warnings PyTorch raises from C++ (they end with where they were
# triggered), printed as a script that records warnings would print them.
import warnings

import torch

x = torch.ones(2, requires_grad=True)
y = x * 2
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    print('non-leaf grad:', y.grad)
    (y * y).sum().backward(create_graph=True)
for w in caught:
    print(w.category.__name__ + ':', str(w.message))
print('x.grad requires grad:', x.grad.requires_grad)
x.grad = None
