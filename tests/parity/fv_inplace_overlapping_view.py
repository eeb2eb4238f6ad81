# Fuzz 20k causes 7 and 8 (programs 0:1191, 0:11365): in-place ops on a view whose elements
# overlap in memory without being expanded (unfold with a step below its size, as_strided).
# PyTorch allows them and its kernel runs element by element in TensorIterator's order, each
# reading the memory as the earlier ones left it: a unary op is applied to a location once
# per element referring to it, and of several writes the last one in that order stays.
import torch

F = torch.nn.functional

v0 = torch.tensor([0.75, 1.25, 1.25, -1.25, -1.75], dtype=torch.float32)
v1 = v0.unfold(0, 3, 1)
v2 = v1.lgamma_()
print(v2, v2 is v1, v0)

w0 = torch.tensor([[0.551], [-0.036], [-0.496], [-0.268], [0.271]], requires_grad=True)
w1 = w0.clone()
w4 = w1.unfold(-2, 2, 1)
w5 = w4.rad2deg_()
print(w5, w5.grad_fn.name(), w1)
w1.sum().backward()
print(w0.grad)


def run(name, f):
    x = torch.tensor([0.75, 1.25, 1.25, -1.25, -1.75])
    f(x.unfold(0, 3, 1))
    print(name, x)


src = torch.arange(9.0).view(3, 3)
run("exp_", lambda v: v.exp_())
run("t().exp_", lambda v: v.t().exp_())
run("sigmoid_", lambda v: v.sigmoid_())
run("neg_", lambda v: v.neg_())
run("iadd", lambda v: v.__iadd__(1))
run("add_", lambda v: v.add_(src))
run("add_ self", lambda v: v.add_(v))
run("mul_", lambda v: v.mul_(src + 1))
run("div_", lambda v: v.div_(src + 1))
run("pow_", lambda v: v.pow_(2))
run("atan2_", lambda v: v.atan2_(src))
run("addcmul_", lambda v: v.addcmul_(src, src))
run("lerp_", lambda v: v.lerp_(src, 0.5))
run("clamp_", lambda v: v.clamp_(min=src - 5, max=src))
run("leaky_relu_", lambda v: F.leaky_relu_(v, 0.1))
run("copy_", lambda v: v.copy_(src))
run("setitem", lambda v: v.__setitem__(Ellipsis, src))
run("masked_fill_", lambda v: v.masked_fill_(src > 3, 9.0))
run("index_put_", lambda v: v.index_put_((torch.tensor([0, 1]),), torch.tensor(5.0)))
run("tril_", lambda v: v.tril_())
run("lt_", lambda v: v.lt_(src / 4))

# the order: the dim of smallest stride innermost; a tie, the smaller size inside, then the
# other operands' strides
for shape, strides in (((3, 2), (1, 2)), ((2, 4), (1, 1)), ((4, 2), (1, 1)),
                       ((2, 3, 2), (1, 1, 1))):
    x = torch.zeros(8)
    n = 1
    for s in shape:
        n *= s
    x.as_strided(shape, strides).copy_(torch.arange(float(n)).view(shape))
    print(shape, strides, x)
x = torch.full((7,), 1e8)
x.as_strided((3, 2), (1, 2)).add_(torch.tensor([[1.0, 3.0], [5.0, 7.0], [11.0, 13.0]]))
print((x - 1e8).tolist())
