# Spec 5.7: allow_mutation_on_saved_tensors(): in-place mutation of a saved tensor clones the
# original so backward uses the pre-mutation values; nesting raises RuntimeError; running
# backward after leaving the context raises AssertionError (sic "contextin").
import torch
from torch.autograd.graph import allow_mutation_on_saved_tensors
with allow_mutation_on_saved_tensors():
    a = torch.ones(2, 3, requires_grad=True)
    b = a.clone()
    out = (b ** 2).sum()
    b.sin_()
    out.backward()
    print('grad uses pre-mutation value', a.grad[0].tolist())
try:
    with allow_mutation_on_saved_tensors():
        with allow_mutation_on_saved_tensors():
            pass
except RuntimeError as e:
    print('nested:', type(e).__name__, e)
with allow_mutation_on_saved_tensors():
    a = torch.ones(2, requires_grad=True)
    b = a.clone()
    out = (b ** 2).sum()
try:
    out.backward()
except AssertionError as e:
    print('outside ctx:', type(e).__name__, e)
