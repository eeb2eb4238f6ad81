"""The fuzzer's comparator: float32 tolerance, NaN equal to NaN, exact integers, and the
category a difference falls in."""
import sys
import types
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools" / "fuzz"))
from hgfuzz.compare import classify, values_equal  # noqa: E402
from hgfuzz.interpreter import Interpreter  # noqa: E402


def test_float32_values_compare_within_float32_rounding():
    assert values_equal([1.0, 2.0], [1.0 + 1e-6, 2.0], "float32")
    assert not values_equal([1.0, 2.0], [1.001, 2.0], "float32")


def test_nan_equals_nan_and_infinities_compare_by_sign():
    nan, inf = float("nan"), float("inf")
    assert values_equal([nan, inf, -inf], [nan, inf, -inf], "float32")
    assert not values_equal([nan], [0.0], "float32")
    assert not values_equal([inf], [-inf], "float64")


def test_integers_and_bools_compare_exactly():
    assert not values_equal([1, 2], [1, 3], "int64")
    assert not values_equal([True], [False], "bool")
    assert values_equal([1, 2], [1, 2], "int64")


def _tensor(values, dtype="float32", **facts):
    return {"T": dtype, "s": [len(values)], "v": values, "rg": False, "leaf": True, **facts}


PROGRAM = {"steps": [{"k": "tensor", "s": [2], "T": "float32", "v": [1.0, 2.0], "rg": False},
                     {"k": "call", "f": "m", "n": "exp", "a": [{"$": 0}]}]}


def _trace(second):
    return {"steps": [{"o": _tensor([1.0, 2.0])}, second],
            "final": {"values": {}, "grads": {}}}


def test_categories():
    same = _trace({"o": _tensor([2.7, 7.4])})
    assert classify(PROGRAM, same, same).category == "identical"
    value = classify(PROGRAM, same, _trace({"o": _tensor([2.7, 7.5])}))
    assert (value.category, value.signature) == ("silent", "silent | exp | out.value")
    dtype = classify(PROGRAM, same, _trace({"o": _tensor([2.7, 7.4], "float64")}))
    assert dtype.signature == "silent | exp | out.dtype | float32 vs float64"
    crash = classify(PROGRAM, same, _trace({"e": ["TypeError", "no exp for 3 inputs"]}))
    assert crash.signature == "crash | exp | raises | TypeError: no exp for N inputs"
    raised = _trace({"e": ["RuntimeError", "bad"]})
    assert classify(PROGRAM, raised, same).category == "works"
    assert classify(PROGRAM, raised, _trace({"e": ["ValueError", "bad"]})).category == "error"
    node = classify(PROGRAM, _trace({"o": _tensor([1.0], fn="ExpBackward0")}),
                    _trace({"o": _tensor([1.0], fn="Exp")}))
    assert node.signature == "node | exp | out.fn | ExpBackward0 vs Exp"


def test_method_steps_call_as_the_rendered_script_does():
    # ``v.keys(x=1)`` in a script calls the C descriptor unbound, and CPython's message names
    # the class it lives on; a bound method would name the subclass (``Sub.keys()``): PyTorch's
    # ``Tensor.argwhere`` / ``TensorBase.argwhere`` differ the same way
    class Sub(dict):
        pass

    interpreter = Interpreter(types.SimpleNamespace(Tensor=dict))
    obj = Sub()
    try:
        obj.keys(x=1)
    except TypeError as error:
        expected = str(error)
    try:
        interpreter._call("m", "keys", [obj], {"x": 1})
    except TypeError as error:
        assert str(error) == expected == "dict.keys() takes no keyword arguments"
    else:
        raise AssertionError("the call should raise")


# an inverse (whose values differ in their last digits between the libraries) then xlogy
XLOGY = {"steps": [{"k": "tensor", "s": [2], "T": "float32", "v": [1.0, 2.0], "rg": False},
                   {"k": "call", "f": "t", "n": "inverse", "a": [{"$": 0}]},
                   {"k": "call", "f": "m", "n": "xlogy", "a": [{"$": 1}, -1.5]}]}


def _xlogy_trace(inverse, result):
    return {"steps": [{"o": _tensor([1.0, 2.0])}, {"o": _tensor(inverse)},
                      {"o": _tensor(result)}], "final": {"values": {}, "grads": {}}}


def test_xlogy_is_not_compared_by_value_downstream_of_rounding_differences():
    # xlogy(0, y) is 0 by definition; x * log(-1.5) is NaN for any x != 0, so an entry that
    # is 0 in one library and -2.8e-08 in the other (PyTorch's float32 inverse) flips NaN to 0
    nan = float("nan")
    torch_trace = _xlogy_trace([2.0, -2.8286950e-08], [nan, nan])
    hookgrad_trace = _xlogy_trace([2.0, 0.0], [nan, 0.0])
    assert classify(XLOGY, torch_trace, hookgrad_trace).category == "identical"
    # with equal inputs the values are compared as any op's
    exact = classify(XLOGY, _xlogy_trace([2.0, 0.0], [nan, nan]), hookgrad_trace)
    assert exact.signature == "silent | xlogy | out.value | non-finite"



def test_logical_ops_are_not_compared_by_value_downstream_of_rounding_differences():
    # batch_norm in eval mode leaves -6e-08 in PyTorch (a fused multiply-add) where hookgrad
    # gives 0: a logical op of it flips, as eq / ne do; its final value is not compared either
    program = {"steps": [XLOGY["steps"][0], XLOGY["steps"][1],
                         {"k": "call", "f": "m", "n": "logical_and_", "a": [{"$": 1}, True]}]}

    def trace(inverse, result):
        out = _xlogy_trace(inverse, result)
        out["final"]["values"] = {"2": _tensor(result, "bool")}
        return out
    torch_trace = trace([2.0, -6e-08], [True, True])
    hookgrad_trace = trace([2.0, 0.0], [True, False])
    assert classify(program, torch_trace, hookgrad_trace).category == "identical"
    exact = classify(program, trace([2.0, 0.0], [True, True]), hookgrad_trace)
    assert exact.signature == "silent | logical_and_ | out.value"

def test_pytorch_reading_uninitialised_memory_is_not_counted():
    from hgfuzz.torch_bugs import known_torch_bug
    program = {"steps": [{"k": "tensor", "s": [0, 2], "T": "float32", "v": [], "rg": False},
                         {"k": "tensor", "s": [0], "T": "int64", "v": [], "rg": False},
                         {"k": "call", "f": "F", "n": "multi_margin_loss",
                          "a": [{"$": 0}, {"$": 1}]}]}
    empty = {"T": "float32", "s": [0, 2], "v": [], "rg": False, "leaf": True}
    reference = {"steps": [{"o": empty}, {"o": {**empty, "T": "int64", "s": [0]}},
                           {"o": {**empty, "s": [], "v": [1.2e-32]}}]}
    assert "uninitialised" in known_torch_bug(program, reference)
    program["steps"][2]["n"] = "multilabel_margin_loss"
    assert "uninitialised" in known_torch_bug(program, reference)
    program["steps"][2]["n"] = "multi_margin_loss"
    program["steps"][2]["kw"] = {"reduction": "none"}
    assert known_torch_bug(program, reference) is None
    del program["steps"][2]["kw"]
    reference["steps"][0]["o"] = {**empty, "s": [1, 2], "v": [0.5, 1.0]}
    assert known_torch_bug(program, reference) is None


def test_a_pytorch_internal_assert_counts_as_torch_failed():
    from hgfuzz.torch_bugs import known_torch_bug
    message = ('fn_edge.is_valid() == this_edge.is_valid() INTERNAL ASSERT FAILED at "/__w/'
               'pytorch/pytorch/torch/csrc/autograd/functions/tensor.cpp":136, please report '
               'a bug to PyTorch. ')
    assert known_torch_bug(PROGRAM, _trace({"e": ["RuntimeError", message]}))
    assert not known_torch_bug(PROGRAM, _trace({"e": ["RuntimeError", "bad"]}))
    assert not known_torch_bug(PROGRAM, _trace({"o": _tensor([2.7, 7.4])}))


def test_an_index_past_the_end_after_two_ellipses_counts_as_torch_failed():
    # PyTorch reads the size of the dim past the end from beyond its sizes array there
    from hgfuzz.torch_bugs import known_torch_bug
    ellipsis = {"ellipsis": 1}
    program = {"steps": [{"k": "tensor", "s": [2, 4], "T": "float32", "v": [0.0] * 8},
                         {"k": "call", "f": "op", "n": "getitem",
                          "a": [{"$": 0}, {"tuple": [ellipsis, ellipsis,
                                                     {"slice": [None, 2, 1]}]}]}]}
    tensor = {"T": "float32", "s": [2, 4], "v": [0.0] * 8, "rg": False, "leaf": True}
    reference = {"steps": [{"o": tensor}, {"o": tensor}]}
    assert "ellipses" in known_torch_bug(program, reference)
    # PyTorch refused it: compared as usual
    refused = {"steps": [{"o": tensor}, {"e": ["IndexError", "Dimension out of range"]}]}
    assert known_torch_bug(program, refused) is None
    # PyTorch's bounds check against the size it read there (fuzz 53:6768): the same bug
    past = {"steps": [{"o": tensor}, {"e": ["IndexError", "index 1 is out of bounds for "
                                                          "dimension 2 with size 0"]}]}
    assert "ellipses" in known_torch_bug(program, past)
    within = {"steps": [{"o": tensor}, {"e": ["IndexError", "index 5 is out of bounds for "
                                                            "dimension 1 with size 4"]}]}
    assert known_torch_bug(program, within) is None
    # the ellipses stand for no dim (a 1-d tensor, one slice): well defined
    one_d = {"steps": [{"o": {**tensor, "s": [8]}}, {"o": {**tensor, "s": [2]}}]}
    assert known_torch_bug(program, one_d) is None
    # one ellipsis, or nothing but None after the second
    program["steps"][1]["a"][1] = {"tuple": [ellipsis, {"slice": [None, 2, 1]}, ellipsis, None]}
    assert known_torch_bug(program, reference) is None


def test_two_ellipses_rule_reads_the_shape_of_a_tuple_results_element():
    # x = torch.linalg.inv_ex(m)[0][..., ..., 0::1] (fuzz 47:11743): the indexed value is the
    # first of a tuple result, whose recorded shape sits in the result's list of pieces
    from hgfuzz.torch_bugs import known_torch_bug
    ellipsis = {"ellipsis": 1}
    program = {"steps": [{"k": "tensor", "s": [1, 1], "T": "float32", "v": [-0.25]},
                         {"k": "call", "f": "la", "n": "inv_ex", "a": [{"$": 0}]},
                         {"k": "call", "f": "op", "n": "getitem",
                          "a": [{"$": 1, "i": 0}, {"tuple": [ellipsis, ellipsis,
                                                             {"slice": [0, None, 1]}]}]}]}
    tensor = {"T": "float32", "s": [1, 1], "v": [-4.0], "rg": False, "leaf": True}
    info = {"T": "int32", "s": [], "v": [0], "rg": False, "leaf": True}
    reference = {"steps": [{"o": tensor}, {"o": {"L": [tensor, info]}}, {"o": tensor}]}
    assert "ellipses" in known_torch_bug(program, reference)
    # the 0-d second piece leaves the ellipses no dim to stand for
    program["steps"][2]["a"][0]["i"] = 1
    assert known_torch_bug(program, reference) is None
    # one ellipsis: nothing to check (and no error)
    program["steps"][2]["a"][0]["i"] = 0
    program["steps"][2]["a"][1] = {"tuple": [ellipsis, {"slice": [0, None, 1]}]}
    assert known_torch_bug(program, reference) is None


def test_batch_norm_of_a_size1_dim_transposed_then_differentiated_counts_as_torch_failed():
    # fuzz 48:13245: PyTorch misreads the (6, 1, 2, 6)-strided gradient the transpose hands
    # batch_norm's backward
    from hgfuzz.torch_bugs import known_torch_bug
    program = {"steps": [{"k": "tensor", "s": [2, 2, 3, 1], "T": "float32", "v": [0.5] * 12,
                          "rg": True},
                         {"k": "call", "f": "F", "n": "batch_norm", "a": [{"$": 0}],
                          "kw": {"training": True}},
                         {"k": "call", "f": "t", "n": "transpose", "a": [{"$": 1}, -3, -1]},
                         {"k": "backward", "t": {"$": 2}}]}
    tensor = {"T": "float32", "s": [2, 2, 3, 1], "v": [0.5] * 12, "rg": True, "leaf": True}
    moved = {**tensor, "s": [2, 1, 3, 2], "leaf": False}
    reference = {"steps": [{"o": tensor}, {"o": {**tensor, "leaf": False}}, {"o": moved}, {}]}
    assert "batch_norm" in known_torch_bug(program, reference)
    # no size-1 spatial dim: PyTorch reads the gradient right
    wide = {**tensor, "s": [2, 2, 3, 4]}
    assert known_torch_bug(program, {"steps": [{"o": wide}, {"o": wide}, {"o": moved}, {}]}) \
        is None
    # nothing differentiated: nothing misread
    assert known_torch_bug({"steps": program["steps"][:3]}, reference) is None


def test_backward_of_an_empty_view_as_real_refused_by_pytorch_counts_as_torch_failed():
    # fuzz 901:2808 (HGFUZZ_BOOST_MORE2=15): PyTorch's view_as_real backward passes the
    # (0, 0)-strided gradient of an empty sum to view_as_complex, which refuses it
    from hgfuzz.torch_bugs import known_torch_bug
    program = {"steps": [{"k": "tensor", "s": [0], "T": "float32", "v": [], "rg": True},
                         {"k": "call", "f": "m", "n": "cfloat", "a": [{"$": 0}]},
                         {"k": "call", "f": "t", "n": "view_as_real", "a": [{"$": 1}]},
                         {"k": "call", "f": "m", "n": "sum", "a": [{"$": 2}]},
                         {"k": "backward", "t": {"$": 3}}]}
    leaf = {"T": "float32", "s": [0], "v": [], "rg": True, "leaf": True}
    refused = {"e": ["RuntimeError", "Tensor must have a last dimension with stride 1"]}
    records = [{"o": leaf}, {"o": {**leaf, "T": "complex64"}}, {"o": {**leaf, "s": [0, 2]}},
               {"o": {**leaf, "s": []}}]
    assert "view_as_real" in known_torch_bug(program, {"steps": records + [refused]})
    # PyTorch differentiated it: compared as usual
    assert known_torch_bug(program, {"steps": records + [{}]}) is None
    # one element: no rule (PyTorch works there, so an error is hookgrad's to match)
    one = [records[0], records[1], {"o": {**leaf, "s": [1, 2]}}, records[3]]
    assert known_torch_bug(program, {"steps": one + [refused]}) is None
