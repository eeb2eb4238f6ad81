# Fuzz (20,000 programs, seed 1): crashes where PyTorch works and refusals hookgrad missed.
import torch

F = torch.nn.functional


def attempt(label, run):
    try:
        print(label, run())
    except Exception as error:
        print(label, type(error).__name__, error)


# A view whose base came to require grad through an in-place write requires grad itself before
# anything reads its grad_fn: retain_grad and backward(inputs=[view]) accept it.
def retain_grad_of_view_of_written_base():
    base = torch.tensor([[1.0, -1.25], [1.5, 0.25]])
    flat = base.view(-1)
    print("before the write:", flat.grad_fn)
    base[-2,] = torch.tensor(1.75, requires_grad=True)
    flat.retain_grad()
    return flat.requires_grad, flat.is_leaf, flat.grad_fn.name()


def backward_inputs_sibling_view():
    whole = torch.tensor([[2.0, -1.0, 1.25]])
    parts = whole.tensor_split([0, 0])
    source = torch.tensor([[-1.0, 0.375, -1.25]], requires_grad=True)
    print("written:", parts[2].copy_(source).grad_fn.name())
    other = torch.tensor([0.5, 1.5], requires_grad=True)
    other.sum().backward(inputs=[parts[0]])
    return parts[0].grad, other.grad, parts[0].requires_grad


def post_accumulate_hook_on_view_of_written_base():
    base = torch.zeros(3)
    view = base[1:]
    print("before the write:", view.grad_fn)
    base[1] = torch.tensor(2.0, requires_grad=True)
    view.register_post_accumulate_grad_hook(lambda t: None)


attempt("retain_grad_of_view_of_written_base", retain_grad_of_view_of_written_base)
attempt("backward_inputs_sibling_view", backward_inputs_sibling_view)
attempt("post_accumulate_hook_on_view_of_written_base",
        post_accumulate_hook_on_view_of_written_base)
