# torch.finfo / torch.iinfo: every attribute, printing, equality, and the errors for wrong types.
import torch

for d in [torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.complex64,
          torch.complex128]:
    f = torch.finfo(d)
    print(repr(f), str(f))
    print(f.bits, f.eps, f.max, f.min, f.tiny, f.smallest_normal, f.resolution, f.dtype,
          type(f.eps).__name__, type(f.dtype).__name__)
print(repr(torch.finfo()), torch.finfo(type=torch.float64).bits)
for d in [torch.int8, torch.uint8, torch.int16, torch.int32, torch.int64]:
    i = torch.iinfo(d)
    print(repr(i), str(i), i.bits, i.max, i.min, i.dtype, type(i.max).__name__)
print(torch.finfo(torch.complex64) == torch.finfo(torch.float32),
      torch.finfo(torch.float64) == torch.finfo(torch.float32),
      torch.iinfo(torch.int8) == torch.iinfo(torch.int8), torch.finfo(torch.float32) == 3,
      torch.finfo(torch.float32) != torch.finfo(torch.float16))
print(type(torch.finfo(torch.float32)).__name__, torch.finfo.__module__)


def attempt(label, f):
    try:
        print(label, f())
    except Exception as error:
        print(label, type(error).__name__, error)


attempt("finfo int", lambda: torch.finfo(torch.int32))
attempt("finfo bool", lambda: torch.finfo(torch.bool))
attempt("iinfo bool", lambda: torch.iinfo(torch.bool))
attempt("iinfo float", lambda: torch.iinfo(torch.float32))
attempt("finfo str", lambda: torch.finfo("float32"))
attempt("finfo two", lambda: torch.finfo(torch.float32, 3))
attempt("iinfo none", lambda: torch.iinfo())
attempt("hash", lambda: hash(torch.finfo(torch.float32)))
attempt("hash i", lambda: hash(torch.iinfo(torch.int8)))


def set_eps():
    torch.finfo(torch.float32).eps = 1


attempt("set", set_eps)
torch.set_default_dtype(torch.float64)
print(torch.finfo().dtype, torch.finfo().eps)
torch.set_default_dtype(torch.float32)
x = torch.tensor([1.0, -2.0])
print(x.clamp(min=torch.finfo(x.dtype).min / 2), torch.finfo(x.dtype).eps * x)
