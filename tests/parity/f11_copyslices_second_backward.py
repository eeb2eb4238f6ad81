# Issue 11 (fuzz): a pass without retain_graph frees a CopySlices node (an in-place op through
# a view) even when its op saved nothing: a second backward through it raises PyTorch's
# "Trying to backward through the graph a second time"; with retain_graph it works.
import torch


def attempt(label, run):
    try:
        print(label, run())
    except RuntimeError as error:
        print(label, type(error).__name__, error)


def setitem(retain):
    v1 = torch.tensor([1.0, -0.75, 0.75], requires_grad=True)
    v0 = torch.zeros(2, 2, 3, dtype=torch.float64)
    v0[-1:, -1] = v1
    total = v0.sum()
    total.backward(retain_graph=retain)
    total.backward()
    return v1.grad


def sub_through_view(create_graph):
    v0 = torch.zeros(2, 3, 2)
    w = torch.tensor([[[-0.25]]], requires_grad=True)
    total = v0[1:].sub_(w).sum()
    total.backward()
    total.backward(create_graph=create_graph)
    return w.grad


def lerp_grad():
    v0 = torch.tensor([0.5, 2.0, 1.25], requires_grad=True)
    v1 = torch.zeros(1, 2, 3)
    v1[0, 1].lerp_(v0, 0.25)
    total = v1.sum()
    print(torch.autograd.grad([total], [v1, v0]))
    return torch.autograd.grad([total], [v1, v0])


attempt("setitem twice", lambda: setitem(False))
attempt("setitem retained", lambda: setitem(True))
attempt("sub_ twice", lambda: sub_through_view(False))
attempt("sub_ twice create_graph", lambda: sub_through_view(True))
attempt("lerp_ grad twice", lerp_grad)
