"""What a post-accumulate-grad hook may return."""
from _lib import attempt, torch

for label, hook in (("None", lambda p: None), ("the tensor itself", lambda p: p),
                    ("another tensor", lambda p: p * 2)):
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    x.register_post_accumulate_grad_hook(hook)
    attempt(f"returns {label}", lambda x=x: ((x * 3).sum().backward(), x.grad)[1])
