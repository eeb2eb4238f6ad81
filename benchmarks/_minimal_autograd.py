"""A minimal define-by-run autograd over NumPy, for W1's reference row in engine.py.

It has only what ``(a*b + a).sum()`` forward + backward needs: each op records its inputs
and a backward formula, and ``backward()`` sorts the graph and accumulates into leaves. None
of what hookgrad and PyTorch must also do per op and per node: no hooks of any kind, no
version counters or saved-tensor checks, no dtype or broadcasting checks, no grad modes, no
thread safety, no retain_graph. Its time is roughly the floor of any Python autograd here.
"""
import numpy as np


class Value:
    __slots__ = ("data", "grad", "inputs", "op")

    def __init__(self, data, inputs=(), op=None):
        self.data = data
        self.grad = None
        self.inputs = inputs
        self.op = op  # name of the op that made this value; None for a leaf

    def __mul__(self, other):
        return Value(self.data * other.data, (self, other), "mul")

    def __add__(self, other):
        return Value(self.data + other.data, (self, other), "add")

    def sum(self):
        return Value(np.add.reduce(self.data, None), (self,), "sum")

    def _input_grads(self, grad):
        if self.op == "mul":
            a, b = self.inputs
            return grad * b.data, grad * a.data
        if self.op == "add":
            return grad, grad
        return (np.broadcast_to(grad, self.inputs[0].data.shape),)

    def backward(self):
        order, seen, stack = [], set(), [(self, False)]
        while stack:  # iterative post-order: inputs before the values made from them
            value, done = stack.pop()
            if done:
                order.append(value)
            elif value not in seen:
                seen.add(value)
                stack.append((value, True))
                stack.extend((v, False) for v in value.inputs)
        grads = {self: np.ones(self.data.shape, self.data.dtype)}
        for value in reversed(order):
            grad = grads.pop(value)
            if value.op is None:
                value.grad = grad if value.grad is None else value.grad + grad
                continue
            for inp, g in zip(value.inputs, value._input_grads(grad)):
                grads[inp] = g if inp not in grads else grads[inp] + g
