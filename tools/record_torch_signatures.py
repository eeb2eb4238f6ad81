"""Record PyTorch's Python signatures of the functions and Tensor methods hookgrad offers, into
``tests/recorded/torch_signatures.json`` (read by tests/test_signatures.py).

PyTorch's C++-bound functions have no ``inspect`` signature; their type stubs
(``torch/_C/_VariableFunctions.pyi`` for ``torch.<name>``, ``torch/_C/__init__.pyi`` for the
methods of ``TensorBase``) list every overload with the parser's parameter names. Functions
written in Python (``torch.functional``: split, norm, einsum, ...) are read with ``inspect``.

Each overload is stored as ``[[name, kind, has_default], ...]`` with kind one of
``positional``, ``keyword`` (keyword-only), ``var_positional``.

Usage (needs PyTorch): ``PYTHONPATH=. python tools/record_torch_signatures.py``"""
import ast
import inspect
import pathlib
import sys

import torch

import hookgrad

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tests"))
from _recorded import save  # noqa: E402

STUBS = pathlib.Path(torch.__file__).parent / "_C"


def _overloads_from_stub(tree, names, skip_self):
    found = {}
    for node in tree.body if not skip_self else _class_body(tree, "TensorBase"):
        if isinstance(node, ast.FunctionDef) and node.name in names:
            found.setdefault(node.name, []).append(_params(node.args, skip_self))
    return found


def _class_body(tree, name):
    return next(node.body for node in tree.body
                if isinstance(node, ast.ClassDef) and node.name == name)


def _params(args, skip_self):
    positional = args.posonlyargs + args.args
    defaults = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    params = [[a.arg, "positional", d is not None] for a, d in zip(positional, defaults)]
    if skip_self:
        params = params[1:]
    if args.vararg is not None:
        params.append([args.vararg.arg, "var_positional", False])
    params += [[a.arg, "keyword", d is not None]
               for a, d in zip(args.kwonlyargs, args.kw_defaults)]
    return params


def _from_inspect(fn):
    kinds = {inspect.Parameter.POSITIONAL_ONLY: "positional",
             inspect.Parameter.POSITIONAL_OR_KEYWORD: "positional",
             inspect.Parameter.KEYWORD_ONLY: "keyword",
             inspect.Parameter.VAR_POSITIONAL: "var_positional"}
    params = []
    for p in inspect.signature(fn).parameters.values():
        if p.kind in kinds:
            params.append([p.name, kinds[p.kind], p.default is not inspect.Parameter.empty])
    return [params]


def main():
    function_names = sorted(n for n in dir(hookgrad) if callable(getattr(hookgrad, n))
                            and not n.startswith("_") and hasattr(torch, n))
    method_names = sorted(n for n in dir(hookgrad.Tensor) if not n.startswith("__")
                          and callable(getattr(hookgrad.Tensor, n, None))
                          and hasattr(torch.Tensor, n))
    functions = _overloads_from_stub(ast.parse((STUBS / "_VariableFunctions.pyi").read_text()),
                                     set(function_names), False)
    for name in function_names:
        if name not in functions and not isinstance(getattr(torch, name), type):
            try:
                functions[name] = _from_inspect(getattr(torch, name))
            except (TypeError, ValueError):
                pass  # a builtin without a stub: nothing to compare
    methods = _overloads_from_stub(ast.parse((STUBS / "__init__.pyi").read_text()),
                                   set(method_names), True)
    for name in method_names:
        if name not in methods:
            try:
                overloads = _from_inspect(getattr(torch.Tensor, name))
                methods[name] = [params[1:] for params in overloads]
            except (TypeError, ValueError):
                pass
    save("torch_signatures", {"functions": functions, "methods": methods}, torch.__version__)
    print(f"{len(functions)} functions, {len(methods)} methods")


if __name__ == "__main__":
    main()
