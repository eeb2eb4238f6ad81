# Backward formulas round as PyTorch's kernels do, bit for bit: tanh's 1 - y * y is one fused
# multiply-add (near |y| = 1 the unfused form cancels a rounded product); sigmoid's gradient
# is (g * (1 - y)) * y; log10's divides by x * 2.3025850929940456 (an ulp below
# math.log(10)); hardsigmoid's multiplies by 1.0f / 6.0f, float32's sixth, float64 too.
import numpy as np
import torch

F = torch.nn.functional


def bits(t):
    return t.detach().numpy().view(np.int32 if t.dtype == torch.float32 else np.int64).tolist()


def grad_of(fn, values, weights, dtype):
    x = torch.tensor(values, dtype=dtype, requires_grad=True)
    (g,) = torch.autograd.grad(fn(x), x, torch.tensor(weights, dtype=dtype))
    return bits(g)


tanh_inputs = [0.3, -0.9, 1.7, -2.3, 2.9, 3.6, -4.2, 0.05, 1.1, -1.45]
weights = [1.3, -0.7, 2.1, 0.9, -1.9, 0.4, 1.1, -2.6, 0.8, 1.6]
for dtype in (torch.float32, torch.float64):
    print("tanh", dtype, grad_of(torch.tanh, tanh_inputs, weights, dtype))
    print("tanhshrink", dtype, grad_of(F.tanhshrink, tanh_inputs, weights, dtype))
    print("hardsigmoid", dtype, grad_of(F.hardsigmoid, tanh_inputs, weights, dtype))
    print("log10", dtype, grad_of(torch.log10, [abs(v) for v in tanh_inputs], weights, dtype))

# (inputs whose float32 sigmoid both libraries round alike: the forward is SLEEF's in PyTorch)
sigmoid_inputs = [-1.6038628816604614, -2.6487178802490234, -0.4967232346534729,
                  0.8408904671669006, 2.2720930576324463, 0.21941280364990234,
                  -1.1052945852279663, 1.4974915981292725, 3.269566059112549,
                  0.545537531375885]
sigmoid_weights = [4.829039573669434, -1.1305043697357178, -4.627984523773193,
                   5.372372627258301, 2.9115686416625977, 1.5555344820022583,
                   1.5977625846862793, -1.0733940601348877, -0.6698868274688721,
                   2.172057628631592]
print("sigmoid", grad_of(torch.sigmoid, sigmoid_inputs, sigmoid_weights, torch.float32))
