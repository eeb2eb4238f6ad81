# Comparing a tensor with something that is not a tensor or a number is left to Python:
# == is False, != is True, ordering raises Python's TypeError; `in` works on lists of tensors.
import torch

t = torch.ones(2)
for other in (None, "a", [1, 1], (1, 1), 1.0, True):
    print(repr(other), t == other, t != other)
for op in ("<", ">="):
    try:
        eval(f"t {op} None")
    except TypeError as e:
        print(op, "TypeError:", e)
grads = [torch.zeros(1), None]
print(None in grads, None in grads[:1], grads[0] in grads)
