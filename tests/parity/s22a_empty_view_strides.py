# The strides and storage offset of views with no elements, as PyTorch computes them (the
# step's stride, the offset the slice starts at; NumPy keeps neither): slicing, narrow,
# select, split / chunk / unbind pieces, permutes, unsqueeze / squeeze, expand, view, unfold,
# as_strided, diagonal, detach (fuzz 11:11984).
import torch

t = torch.zeros(4, 5, 1)
e = torch.zeros(4, 0, 3)
cases = {
    "s1": lambda: t[1:0:3],
    "s2": lambda: t[5:],
    "s3": lambda: t[2:2],
    "s4": lambda: t[:, 3:1],
    "s5": lambda: t[:, 5:],
    "s6": lambda: t[1:3, 4:2:2],
    "s7": lambda: t[1:1, None],
    "s8": lambda: t[..., 1:1],
    "s9": lambda: t[1:0:3].permute(2, 0, 1),
    "s10": lambda: t[1:0:3].unsqueeze(0),
    "s11": lambda: t[1:0:3].view(0, 5),
    "s12": lambda: t[1:0:3].reshape(5, 0),
    "s13": lambda: t[1:0:3].expand(2, 0, 5, 1),
    "s14": lambda: t[1:0:3][:, 1],
    "s15": lambda: t[1:0:3].squeeze(-1),
    "s16": lambda: t.narrow(0, 4, 0),
    "s17": lambda: t.narrow(1, 2, 0),
    "s18": lambda: t[1:0:3].transpose(0, 1),
    "s19": lambda: t[2:2].unfold(1, 2, 1),
    "s20": lambda: t[:, 1:1].unfold(0, 2, 2),
    "s21": lambda: t[3, 5:],
    "s22": lambda: t[:, :, 1:],
    "s23": lambda: t[:, :, 1:][2:],
    "s24": lambda: t.as_strided((0, 3), (7, 2), 4),
    "s25": lambda: t[1:0:3].squeeze(),
    "s26": lambda: t[2:2].movedim(0, 2),
    "s27": lambda: t[1:0].select(1, 2),
    "s28": lambda: t[0:4:2][1:1],
    "s29": lambda: t.transpose(0, 1)[2:2],
    "s30": lambda: t[1:0:3].flatten(),
    "s31": lambda: t[2:2].contiguous(),
    "s32": lambda: t[2:2].clone(),
    "s33": lambda: e[1],
    "s34": lambda: e[1:3],
    "s35": lambda: torch.zeros(4, 0, 3).transpose(1, 2),
    "s36": lambda: t[1:0:3].detach(),
    "s37": lambda: t[3:1].split(1, 1)[2],
    "s38": lambda: t[3:1].chunk(2, 1)[1],
    "s39": lambda: t[3:1].unbind(1)[3],
    "s40": lambda: t[2:2].diagonal(),
    "s41": lambda: t[2:2].view(-1),
}
for name, make in cases.items():
    r = make()
    print(name, tuple(r.shape), r.stride(), r.storage_offset(), r.is_contiguous())
print([(p.stride(), p.storage_offset()) for p in t.split(2, 1)])
print([(p.stride(), p.storage_offset()) for p in e.split(1, 0)])
print([(p.stride(), p.storage_offset()) for p in e.unbind(0)])
print([(p.stride(), p.storage_offset()) for p in e.chunk(3, 0)])
for args in [(), (1,), (-1,), (0, 1, 2), (2, 1, 2), (3, 1, 2)]:
    for view in [torch.zeros(4, 5, 3)[2:2], torch.zeros(4, 5, 3)[:, 5:], torch.zeros(4, 5, 3)]:
        r = view.diagonal(*args)
        print("diagonal", args, tuple(r.shape), r.stride(), r.storage_offset())
