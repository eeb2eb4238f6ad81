"""Cases of the thin modules and channel functions recorded from PyTorch
(tools/record/thin_modules.py) and checked by tests/nn/test_thin_modules.py:
(name, module constructor source, input shapes). The constructor is the text of an
expression over ``nn`` so the recorder and the test build the same module."""
CASES = [
    ("zero_pad_2d", "nn.ZeroPad2d((1, 2, 0, 1))", [(1, 2, 3, 4)]),
    ("constant_pad_3d", "nn.ConstantPad3d((1, 0, 0, 1, 1, 1), -1.5)", [(1, 2, 2, 3, 3)]),
    ("reflection_pad_1d", "nn.ReflectionPad1d(2)", [(2, 3, 4)]),
    ("reflection_pad_3d", "nn.ReflectionPad3d(1)", [(1, 2, 3, 3, 3)]),
    ("replication_pad_2d", "nn.ReplicationPad2d((2, 0, 1, 3))", [(2, 2, 3)]),
    ("circular_pad_2d", "nn.CircularPad2d((1, 0, 2, 1))", [(1, 2, 3, 3)]),
    ("pixel_shuffle", "nn.PixelShuffle(2)", [(1, 8, 2, 3)]),
    ("pixel_unshuffle", "nn.PixelUnshuffle(2)", [(1, 2, 4, 6)]),
    ("unfold", "nn.Unfold((2, 3), dilation=1, padding=1, stride=2)", [(2, 3, 4, 5)]),
    ("fold", "nn.Fold((4, 5), (2, 2))", [(1, 12, 12)]),
    ("channel_shuffle", "nn.ChannelShuffle(3)", [(2, 6, 2, 2)]),
    ("local_response_norm_3d", "nn.LocalResponseNorm(3)", [(2, 6, 4)]),
    ("local_response_norm_4d", "nn.LocalResponseNorm(4, alpha=0.1, beta=0.5, k=2.0)",
     [(2, 7, 3, 3)]),
    ("local_response_norm_5d", "nn.LocalResponseNorm(2, alpha=0.5)", [(1, 5, 2, 2, 3)]),
    ("cosine_similarity", "nn.CosineSimilarity(dim=0, eps=1e-6)", [(3, 4), (3, 4)]),
    ("pairwise_distance", "nn.PairwiseDistance(p=1.0, keepdim=True)", [(3, 4), (3, 4)]),
]
