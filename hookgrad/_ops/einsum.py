"""``einsum``, lowered (as PyTorch lowers it) to permutes, reshapes, sums and batched matrix
products: its graph is made of those primitives' nodes, and its gradients and double backward
are theirs. Operands are contracted left to right, two at a time."""
import string

from .._tensor_base import TensorBase


def einsum(equation, *operands):
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = tuple(operands[0])
    if not all(isinstance(t, TensorBase) for t in operands):
        raise TypeError("einsum(): operands must be Tensors")
    inputs, output = _parse(equation, operands)
    if any(len(set(subs)) != len(subs) for subs in inputs):
        raise NotImplementedError("einsum(): a subscript repeated within one operand (a "
                                  "diagonal, as in 'ii->i') is not supported by hookgrad")
    result, subs = operands[0], inputs[0]
    for i in range(1, len(operands)):
        later = set(output).union(*inputs[i + 1:])
        result, subs = _contract(result, subs, operands[i], inputs[i], later)
    result, subs = _sum_out(result, subs, [s for s in subs if s not in output])
    return result.permute([subs.index(s) for s in output]) if len(subs) > 1 else result


def _parse(equation, operands):
    """Per-operand subscript strings and the output's, with every ``...`` replaced by letters
    the equation does not use (right-aligned, as broadcasting aligns dims)."""
    eq = equation.replace(" ", "")
    lhs, arrow, rhs = eq.partition("->")
    inputs = lhs.split(",")
    if len(inputs) != len(operands):
        raise RuntimeError("einsum(): more operands were provided than specified in the "
                           "equation" if len(operands) > len(inputs) else
                           "einsum(): fewer operands were provided than specified in the "
                           "equation")
    spare = [c for c in string.ascii_letters if c not in eq]
    widest = 0
    expanded = []
    for subs, t in zip(inputs, operands):
        ndim = t._data.ndim
        if "..." in subs:
            width = ndim - (len(subs) - 3)
            widest = max(widest, width)
            subs = subs.replace("...", "".join(spare[len(spare) - width:]))
        if len(subs) != ndim:
            raise RuntimeError(f"einsum(): the number of subscripts in the equation "
                               f"({len(subs)}) does not match the number of dimensions "
                               f"({ndim}) for operand {len(expanded)} and no ellipsis was "
                               "given")
        expanded.append(subs)
    ellipsis = "".join(spare[len(spare) - widest:])
    if arrow:
        output = rhs.replace("...", ellipsis)
        for s in output:
            if output.count(s) > 1:
                raise RuntimeError(f"einsum(): output subscript {s} appears more than once in "
                                   "the output")
            if not any(s in subs for subs in expanded):
                raise RuntimeError(f"einsum(): output subscript {s} does not appear in the "
                                   "equation for any input operand")
    else:  # implicit output: the ellipsis dims, then the letters used once, alphabetically
        letters = "".join(expanded)
        output = ellipsis + "".join(sorted(c for c in set(letters) - set(ellipsis)
                                           if letters.count(c) == 1))
    return expanded, output


def _sum_out(t, subs, letters):
    if not letters:
        return t, subs
    t = t.sum(tuple(subs.index(s) for s in letters))
    return t, "".join(s for s in subs if s not in letters)


def _contract(a, sa, b, sb, later):
    """``a`` and ``b`` with every letter they share and nothing later needs summed over (one
    bmm), and the letters only one of them has and nothing later needs summed first."""
    a, sa = _sum_out(a, sa, [s for s in sa if s not in sb and s not in later])
    b, sb = _sum_out(b, sb, [s for s in sb if s not in sa and s not in later])
    batch = [s for s in sa if s in sb and s in later]
    summed = [s for s in sa if s in sb and s not in later]
    left = [s for s in sa if s not in sb]
    right = [s for s in sb if s not in sa]
    size = {}
    for t, subs in ((a, sa), (b, sb)):
        for s, n in zip(subs, t._data.shape):
            if size.get(s, 1) != 1 and n not in (1, size[s]):
                raise RuntimeError(f"einsum(): operands do not broadcast with remapped shapes "
                                   f"(original->remapped): subscript {s} has sizes "
                                   f"{size[s]} and {n}")
            size[s] = max(size.get(s, 1), n)
    a = _arranged(a, sa, batch + left + summed, size)
    b = _arranged(b, sb, batch + summed + right, size)
    n_batch, n_left, n_right, n_summed = (_count(size, group)
                                          for group in (batch, left, right, summed))
    product = a.reshape(n_batch, n_left, n_summed).bmm(b.reshape(n_batch, n_summed, n_right))
    return (product.reshape([size[s] for s in batch + left + right]),
            "".join(batch + left + right))


def _arranged(t, subs, order, size):
    """``t`` with its dims in ``order`` and size-1 dims broadcast to ``size``."""
    t = t.permute([subs.index(s) for s in order]) if len(order) > 1 else t
    target = [size[s] for s in order]
    return t.expand(target) if list(t._data.shape) != target else t


def _count(size, letters):
    n = 1
    for s in letters:
        n *= size[s]
    return n
