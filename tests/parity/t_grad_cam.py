# Grad-CAM as tutorials write it: a forward hook keeps a conv layer's feature maps, a full
# backward hook keeps their gradient, and the class activation map is the ReLU of the
# gradient-weighted sum of the maps, upsampled to the input size with F.interpolate and
# scaled to [0, 1]. Deterministic weights, so PyTorch's output can be compared line by line.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
model = nn.Sequential(
    nn.Conv2d(1, 4, 3, padding=1), nn.ReLU(),
    nn.Conv2d(4, 6, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
    nn.Flatten(), nn.Linear(6 * 4 * 4, 3))
with torch.no_grad():
    for i, p in enumerate(model.parameters()):
        p.copy_(torch.sin(torch.arange(p.numel(), dtype=torch.float32) * (0.7 + 0.1 * i)).reshape(p.shape) * 0.3)

store = {}
target = model[2]
h1 = target.register_forward_hook(lambda m, args, out: store.__setitem__("maps", out.detach()))
h2 = target.register_full_backward_hook(lambda m, gin, gout: store.__setitem__("grads", gout[0].detach()))

x = (torch.arange(64, dtype=torch.float32).reshape(1, 1, 8, 8) % 7) / 7
x.requires_grad_()
scores = model(x)
cls = scores.argmax(dim=1).item()
print("scores", scores, "class", cls)
model.zero_grad()
scores[0, cls].backward()
weights = store["grads"].mean(dim=[2, 3], keepdim=True)
cam = F.relu((weights * store["maps"]).sum(dim=1, keepdim=True))
cam = F.interpolate(cam, size=x.shape[2:], mode="bilinear", align_corners=False)
cam = (cam - cam.min()) / (cam.max() - cam.min() + 1e-8)
print("weights", weights.flatten())
print("cam", cam[0, 0])
saliency = x.grad.abs().amax(dim=1)[0]
print("saliency", saliency)
h1.remove(); h2.remove()
print(len(target._forward_hooks), len(target._backward_hooks))
