"""What the s34a_*.py parity cases share: the autograd graph under a tensor, node by node in
creation order (``_sequence_nr``), each with its inputs by rank, printed the same way
whichever library ``import torch`` gives."""


def graph(t, compact=True):
    """Every node reachable from ``t`` except AccumulateGrad, in creation order, each with
    its inputs: a rank, ``-`` for none, and for a leaf ``.`` (``compact``: node names
    without ``Backward``) or ``leaf`` (full names, ``i:`` before each)."""
    seen, stack = {}, [t.grad_fn]
    while stack:
        f = stack.pop()
        if f is None or id(f) in seen:
            continue
        seen[id(f)] = f
        stack.extend(g for g, _ in f.next_functions)
    nodes = sorted((f for f in seen.values() if "Accumulate" not in f.name()),
                   key=lambda f: f._sequence_nr())
    rank = {id(f): i for i, f in enumerate(nodes)}
    leaf = "." if compact else "leaf"

    def ref(f):
        return "-" if f is None else leaf if id(f) not in rank else rank[id(f)]
    if compact:
        return " ".join(f"{i}{f.name().replace('Backward', '')}"
                        f"{[ref(g) for g, _ in f.next_functions]}"
                        for i, f in enumerate(nodes)).replace("'", "")
    return " ".join(f"{i}:{f.name()}{[ref(g) for g, _ in f.next_functions]}"
                    for i, f in enumerate(nodes))
