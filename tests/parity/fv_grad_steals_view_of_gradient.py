# Fuzz 20k cause 6 (program 0:6857): AccumulateGrad steals a gradient nothing else holds when
# it has .grad's layout (the leaf's strides in every dim of size > 1, no stride 0 in a dim of
# size 1), whatever memory it views. A gradient that a backward formula took as a view of the
# caller's `gradient=` (sum's expand, stack's select, cat's narrow) becomes the .grad over the
# caller's memory, even read-only-looking views of a broadcast; the next backward then
# accumulates into the caller's tensor. An expanded size-1 dim or a transposed layout is
# copied instead.
import torch


def twice(name, leaves, y, g):
    y.backward(g, retain_graph=True)
    y.backward(torch.ones_like(y))
    print(name, [t.grad for t in leaves], g)


def f64(*shape):
    return torch.zeros(shape, dtype=torch.float64, requires_grad=True)


# the fuzzer's program: sum of a promoted stack, a 0-d float64 gradient
v3 = torch.tensor(1.25, dtype=torch.float64, requires_grad=True)
v4 = torch.tensor(1.5, dtype=torch.float32)
v7 = torch.stack([v3, v4], 0).sum()
v9 = torch.tensor(0.75, dtype=torch.float64)
v7.backward(gradient=v9)
print(v3.grad)
v7.backward()
print(v3.grad, v9)

a, b = f64(), f64()
twice("stack", (a, b), torch.stack([a, b]), torch.full((2,), 0.5, dtype=torch.float64))
a, b = f64(), f64()
twice("stack_sum", (a, b), torch.stack([a, b]).sum(), torch.tensor(0.5, dtype=torch.float64))
a, b = f64(2), f64(2)
twice("cat", (a, b), torch.cat([a, b]), torch.full((4,), 0.5, dtype=torch.float64))
a, b = f64(2), f64(2)
twice("stack_dim1", (a, b), torch.stack([a, b], 1), torch.full((2, 2), 0.5, dtype=torch.float64))
a, b = f64(2), f64(2)
twice("stack_sum_dim", (a, b), torch.stack([a, b]).sum(0), torch.full((2,), 0.5,
                                                                       dtype=torch.float64))
a = f64()
twice("sum_0d", (a,), a.sum(), torch.tensor(0.5, dtype=torch.float64))
a = f64(1)
twice("sum_1d", (a,), a.sum(), torch.tensor(0.5, dtype=torch.float64))
a = f64(1, 1)
twice("squeeze", (a,), a.squeeze(), torch.tensor(0.5, dtype=torch.float64))
a = f64(2, 3)
twice("t", (a,), a.t(), torch.full((3, 2), 0.5, dtype=torch.float64))
a = f64(1, 3)
twice("t_row", (a,), a.t(), torch.full((3, 1), 0.5, dtype=torch.float64))
a = f64(2)
twice("expand_sum", (a,), a.unsqueeze(0).expand(3, 2).sum(0), torch.full((2,), 0.5,
                                                                          dtype=torch.float64))
