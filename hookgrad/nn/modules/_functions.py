"""BackwardHookFunction: the identity Function whose nodes carry full module backward hooks."""
from ...autograd.function import Function


class BackwardHookFunction(Function):
    """Returns its tensor inputs unchanged; inputs that need no gradient are marked so."""

    @staticmethod
    def forward(ctx, *args):
        ctx.mark_non_differentiable(*[arg for arg in args if not arg.requires_grad])
        return args

    @staticmethod
    def backward(ctx, *grads):
        return grads
