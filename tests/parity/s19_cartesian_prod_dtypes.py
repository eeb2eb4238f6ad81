# Fuzz (2:7869, 3:11665): cartesian_prod of tensors of different dtypes is refused as meshgrid
# refuses it, after each tensor's one-dimension check; a single tensor comes back as it is.
import torch

f32 = torch.tensor([2.5, 0.0])
f64 = torch.tensor([1.5], dtype=torch.float64)
i64 = torch.tensor([1, 2])
cases = {
    "float32, float64": (f32, f64), "float32, grad, float64": (f32, f32.requires_grad_(), f64),
    "int64, float32": (i64, f32), "2-d first": (f32.reshape(1, 2), f64),
    "2-d last": (f32, f64.reshape(1, 1)), "one float64": (f64,), "same": (f32, f32 * 2),
}
for label, tensors in cases.items():
    try:
        print(label, torch.cartesian_prod(*tensors))
    except RuntimeError as error:
        print(label, type(error).__name__, error)
