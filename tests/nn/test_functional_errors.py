"""torch.nn.functional on bad input: PyTorch's exception types and messages, word for word."""
import warnings

import pytest

import hookgrad as torch
import hookgrad.nn.functional as F

# (name, exception, fn(F, torch, x, w), PyTorch's message); x is 2x3x8x8, w is 4x3x3x3.
ERRORS = [
    ('conv chan', RuntimeError, lambda F, torch, x, w: F.conv2d(x, torch.randn(4, 2, 3, 3)),
     ('Given groups=1, weight of size [4, 2, 3, 3], expected input[2, 3, 8, 8] to have 2 '
     'channels, but got 3 channels instead')),
    ('conv dims', RuntimeError, lambda F, torch, x, w: F.conv2d(x[0, 0], w),
     'Expected 3D (unbatched) or 4D (batched) input to conv2d, but got input of size: [8, 8]'),
    ('conv 5d', RuntimeError, lambda F, torch, x, w: F.conv2d(x[None], w),
     ('Expected 3D (unbatched) or 4D (batched) input to conv2d, but got input of size: [1, 2,'
     ' 3, 8, 8]')),
    ('conv bias', RuntimeError, lambda F, torch, x, w: F.conv2d(x, w, torch.randn(3)),
     ('Given weight of size [4, 3, 3, 3], expected bias to be 1-dimensional with 4 elements, '
     'but got bias of size [3] instead')),
    ('conv groups', RuntimeError,
     lambda F, torch, x, w: F.conv2d(x, torch.randn(4, 1, 3, 3), groups=2),
     ('Given groups=2, weight of size [4, 1, 3, 3], expected input[2, 3, 8, 8] to have 2 '
     'channels, but got 3 channels instead')),
    ('conv groups out', RuntimeError,
     lambda F, torch, x, w: F.conv2d(torch.randn(2, 4, 8, 8), torch.randn(3, 2, 3, 3), groups=2),
     ('Given groups=2, expected weight to be divisible by 2 at dimension 0, but got weight of'
     ' size [[3, 2, 3, 3]] instead')),
    ('conv too small', RuntimeError, lambda F, torch, x, w: F.conv2d(torch.randn(2, 3, 2, 2), w),
     ('Calculated padded input size per channel: (2 x 2). Kernel size: (3 x 3). Kernel size '
     "can't be greater than actual input size")),
    ('conv1d too small', RuntimeError,
     lambda F, torch, x, w: F.conv1d(torch.randn(2, 3, 2), torch.randn(4, 3, 3)),
     ("Calculated padded input size per channel: (2). Kernel size: (3). Kernel size can't be "
     'greater than actual input size')),
    ('conv same stride', RuntimeError,
     lambda F, torch, x, w: F.conv2d(x, w, padding='same', stride=2),
     "padding='same' is not supported for strided convolutions"),
    ('conv bad pad str', RuntimeError, lambda F, torch, x, w: F.conv2d(x, w, padding='foo'),
     "Invalid padding string: 'foo'"),
    ('conv neg pad', RuntimeError, lambda F, torch, x, w: F.conv2d(x, w, padding=-1),
     'negative padding is not supported'),
    ('conv stride0', RuntimeError, lambda F, torch, x, w: F.conv2d(x, w, stride=0),
     'non-positive stride is not supported'),
    ('conv dil0', RuntimeError, lambda F, torch, x, w: F.conv2d(x, w, dilation=0),
     'non-positive dilation is not supported'),
    ('conv groups0', RuntimeError, lambda F, torch, x, w: F.conv2d(x, w, groups=0),
     'non-positive groups is not supported'),
    ('conv stride3', RuntimeError, lambda F, torch, x, w: F.conv2d(x, w, stride=(1, 2, 3)),
     ('expected stride to be a single integer value or a list of 2 values to match the '
     'convolution dimensions, but got stride=[1, 2, 3]')),
    ('conv1d chan', RuntimeError, lambda F, torch, x, w: F.conv1d(x[:, :, 0], torch.randn(4, 2, 3)),
     ('Given groups=1, weight of size [4, 2, 3], expected input[2, 3, 8] to have 2 channels, '
     'but got 3 channels instead')),
    ('conv dtype', RuntimeError, lambda F, torch, x, w: F.conv2d(x.double(), w),
     'expected scalar type Double but found Float'),
    ('convT chan', RuntimeError,
     lambda F, torch, x, w: F.conv_transpose2d(x, torch.randn(4, 3, 3, 3)),
     ('Given transposed=1, weight of size [4, 3, 3, 3], expected input[2, 3, 8, 8] to have 4 '
     'channels, but got 3 channels instead')),
    ('convT op', RuntimeError,
     lambda F, torch, x, w: F.conv_transpose2d(x, torch.randn(3, 3, 3, 3), stride=2,
                                               output_padding=2),
     ('output padding must be smaller than either stride or dilation, but got '
     'output_padding_height: 2 output_padding_width: 2 stride_height: 2 stride_width: 2 '
     'dilation_height: 1 dilation_width: 1')),
    ('convT1d op', RuntimeError,
     lambda F, torch, x, w: F.conv_transpose1d(x[:, :, 0], torch.randn(3, 3, 3), stride=2,
                                               output_padding=2),
     ('output padding must be smaller than either stride or dilation, but got '
     'output_padding_height: 0 output_padding_width: 2 stride_height: 1 stride_width: 2 '
     'dilation_height: 1 dilation_width: 1')),
    ('convT bias', RuntimeError,
     lambda F, torch, x, w: F.conv_transpose2d(x, torch.randn(3, 2, 3, 3), torch.randn(3),
                                               groups=1),
     ('Given transposed=1, weight of size [3, 2, 3, 3], expected bias to be 1-dimensional '
     'with 2 elements, but got bias of size [3] instead')),
    ('maxpool pad', RuntimeError, lambda F, torch, x, w: F.max_pool2d(x, 2, padding=2),
     ('pad should be at most half of effective kernel size, but got pad=2, kernel_size=2 and '
     'dilation=1')),
    ('maxpool small', RuntimeError, lambda F, torch, x, w: F.max_pool2d(torch.randn(1, 1, 2, 2), 3),
     'Given input size: (1x2x2). Calculated output size: (1x0x0). Output size is too small'),
    ('maxpool dims', RuntimeError, lambda F, torch, x, w: F.max_pool2d(torch.randn(2, 2), 2),
     'non-empty 3D or 4D (batch mode) tensor expected for input'),
    ('maxpool1d dims', RuntimeError, lambda F, torch, x, w: F.max_pool1d(torch.randn(2), 2),
     ('max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 dim batch size for '
     'input, but got:[2]')),
    ('avgpool pad', RuntimeError, lambda F, torch, x, w: F.avg_pool2d(x, 2, padding=2),
     ('pad should be at most half of effective kernel size, but got pad=2, kernel_size=2 and '
     'dilation=1')),
    ('avgpool small', RuntimeError, lambda F, torch, x, w: F.avg_pool2d(torch.randn(1, 1, 2, 2), 3),
     'Given input size: (1x2x2). Calculated output size: (1x0x0). Output size is too small'),
    ('aap dims', RuntimeError, lambda F, torch, x, w: F.adaptive_avg_pool2d(torch.randn(2, 2), 2),
     'adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got [2, 2]'),
    ('bn 1 value', ValueError,
     lambda F, torch, x, w: F.batch_norm(torch.randn(1, 3), torch.zeros(3), torch.ones(3),
                                         training=True),
     ('Expected more than 1 value per channel when training, got input size torch.Size([1, '
     '3])')),
    ('bn no running eval', RuntimeError,
     lambda F, torch, x, w: F.batch_norm(x, None, None, training=False),
     'running_mean must be defined in evaluation mode'),
    ('bn wrong ch', RuntimeError,
     lambda F, torch, x, w: F.batch_norm(x, torch.zeros(4), torch.ones(4), training=False),
     'running_mean should contain 3 elements not 4'),
    ('bn wrong w', RuntimeError,
     lambda F, torch, x, w: F.batch_norm(x, torch.zeros(3), torch.ones(3), torch.ones(4),
                                         training=False),
     'weight should contain 3 elements not 4'),
    ('ln wrong', RuntimeError, lambda F, torch, x, w: F.layer_norm(x, (7, )),
     ('Given normalized_shape=[7], expected input with shape [*, 7], but got input of size[2,'
     ' 3, 8, 8]')),
    ('ln weight', RuntimeError, lambda F, torch, x, w: F.layer_norm(x, (8, ), torch.ones(7)),
     ('Expected weight to be of same shape as normalized_shape, but got weight of shape [7] '
     'and normalized_shape = [8]')),
    ('gn wrong', RuntimeError, lambda F, torch, x, w: F.group_norm(x, 2),
     ('Expected number of channels in input to be divisible by num_groups, but got input of '
     'shape [2, 3, 8, 8] and num_groups=2')),
    ('nll bs', ValueError,
     lambda F, torch, x, w: F.nll_loss(torch.randn(4, 5), torch.tensor([1, 2, 3])),
     'Expected input batch_size (4) to match target batch_size (3).'),
    ('nll oob', IndexError,
     lambda F, torch, x, w: F.nll_loss(torch.randn(4, 5), torch.tensor([1, 2, 3, 5])),
     'Target 5 is out of bounds.'),
    ('nll neg', IndexError,
     lambda F, torch, x, w: F.nll_loss(torch.randn(4, 5), torch.tensor([1, 2, 3, -1])),
     'Target -1 is out of bounds.'),
    ('nll float tgt', RuntimeError,
     lambda F, torch, x, w: F.nll_loss(torch.randn(4, 5), torch.tensor([1., 2, 3, 4])),
     'expected target dtype to be Long or Byte, but got Float'),
    ('nll int32 tgt', RuntimeError,
     lambda F, torch, x, w: F.nll_loss(torch.randn(4, 5), torch.tensor([1, 2, 3, 4],
                                       dtype=torch.int32)),
     'expected target dtype to be Long or Byte, but got Int'),
    ('nll weight', RuntimeError,
     lambda F, torch, x, w: F.nll_loss(torch.randn(4, 5), torch.tensor([1, 2, 3, 4]),
                                       weight=torch.rand(4)),
     ('weight tensor should be defined either for all 5 classes or no classes but got weight '
     'tensor of shape: [4]')),
    ('nll 1d tgt 2d', RuntimeError,
     lambda F, torch, x, w: F.nll_loss(torch.randn(4, 5), torch.tensor([[1], [2], [3], [4]])),
     '0D or 1D target tensor expected, multi-target not supported'),
    ('nll 4d bad tgt', RuntimeError,
     lambda F, torch, x, w: F.nll_loss(torch.randn(2, 5, 3, 3), torch.zeros(2, 3, 4,
                                       dtype=torch.long)),
     'size mismatch (got input: [2, 5, 3, 3] , target: [2, 3, 4]'),
    ('nll 4d tgt dims', RuntimeError,
     lambda F, torch, x, w: F.nll_loss(torch.randn(2, 5, 3, 3), torch.zeros(2, 3,
                                       dtype=torch.long)),
     'only batches of spatial targets supported (3D tensors) but got targets of dimension: 2'),
    ('nll 3d tgt', RuntimeError,
     lambda F, torch, x, w: F.nll_loss(torch.randn(2, 5, 3), torch.zeros(2, 4, dtype=torch.long)),
     'Expected target size [2, 3], got [2, 4]'),
    ('nll 0d', ValueError, lambda F, torch, x, w: F.nll_loss(torch.tensor(1.), torch.tensor(1)),
     'Expected 1 or more dimensions (got 0)'),
    ('ce bad red', ValueError,
     lambda F, torch, x, w: F.cross_entropy(torch.randn(4, 5), torch.tensor([1, 2, 3, 4]),
                                            reduction='foo'),
     'foo is not a valid value for reduction'),
    ('ce prob shape', RuntimeError,
     lambda F, torch, x, w: F.cross_entropy(torch.randn(4, 5), torch.rand(4, 4)),
     '0D or 1D target tensor expected, multi-target not supported'),
    ('ce prob ignore', RuntimeError,
     lambda F, torch, x, w: F.cross_entropy(torch.randn(4, 5), torch.rand(4, 5), ignore_index=1),
     'ignore_index is not supported for floating point target'),
    ('ce ls bad', RuntimeError,
     lambda F, torch, x, w: F.cross_entropy(torch.randn(4, 5), torch.tensor([1, 2, 3, 4]),
                                            label_smoothing=1.5),
     'label_smoothing must be between 0.0 and 1.0. Got: 1.5'),
    ('mse shape bad', RuntimeError,
     lambda F, torch, x, w: F.mse_loss(torch.randn(4, 5), torch.randn(4)),
     ('The size of tensor a (5) must match the size of tensor b (4) at non-singleton '
     'dimension 1')),
    ('mse weight bad', ValueError,
     lambda F, torch, x, w: F.mse_loss(torch.randn(4, 5), torch.randn(4, 5), weight=torch.rand(5)),
     'Weights and input must have the same size.'),
    ('bce shape', ValueError,
     lambda F, torch, x, w: F.binary_cross_entropy(torch.rand(4, 5), torch.rand(5)),
     ('Using a target size (torch.Size([5])) that is different to the input size '
     '(torch.Size([4, 5])) is deprecated. Please ensure they have the same size.')),
    ('bce range', RuntimeError,
     lambda F, torch, x, w: F.binary_cross_entropy(torch.rand(4, 5)+1, torch.rand(4, 5)),
     'all elements of input should be between 0 and 1'),
    ('bcel shape', ValueError,
     lambda F, torch, x, w: F.binary_cross_entropy_with_logits(torch.rand(4, 5), torch.rand(5)),
     'Target size (torch.Size([5])) must be the same as input size (torch.Size([4, 5]))'),
    ('sl1 beta', RuntimeError,
     lambda F, torch, x, w: F.smooth_l1_loss(torch.rand(4, 5), torch.rand(4, 5), beta=-1),
     'smooth_l1_loss does not support negative values for beta.'),
    ('dropout p', ValueError, lambda F, torch, x, w: F.dropout(x, 1.5),
     'dropout probability has to be between 0 and 1, but got 1.5'),
    ('dropout2d p', ValueError, lambda F, torch, x, w: F.dropout2d(x, -0.5),
     'dropout probability has to be between 0 and 1, but got -0.5'),
    ('emb oob', IndexError,
     lambda F, torch, x, w: F.embedding(torch.tensor([10]), torch.randn(10, 3)),
     'index out of range in self'),
    ('emb neg', IndexError,
     lambda F, torch, x, w: F.embedding(torch.tensor([-1]), torch.randn(10, 3)),
     'index out of range in self'),
    ('emb float', RuntimeError,
     lambda F, torch, x, w: F.embedding(torch.tensor([1.]), torch.randn(10, 3)),
     ("Expected tensor for argument #1 'indices' to have one of the following scalar types: "
     'Long, Int; but got torch.FloatTensor instead (while checking arguments for embedding)')),
    ('emb pad', AssertionError,
     lambda F, torch, x, w: F.embedding(torch.tensor([1]), torch.randn(10, 3), padding_idx=10),
     'Padding_idx must be within num_embeddings'),
    ('emb pad neg', AssertionError,
     lambda F, torch, x, w: F.embedding(torch.tensor([1]), torch.randn(10, 3), padding_idx=-11),
     'Padding_idx must be within num_embeddings'),
    ('pad odd', RuntimeError, lambda F, torch, x, w: F.pad(x, (1, )),
     'Padding length must be divisible by 2'),
    ('pad long', RuntimeError, lambda F, torch, x, w: F.pad(x, (1, )*10),
     ('Padding length should be less than or equal to two times the input dimension but got '
     'padding length 10 and input of dimension 4')),
    ('pad mode', NotImplementedError, lambda F, torch, x, w: F.pad(x, (1, 1), mode='foo'),
     'Unrecognised padding mode foo'),
    ('pad reflect big', RuntimeError, lambda F, torch, x, w: F.pad(x, (8, 1, 1, 1), mode='reflect'),
     ('Argument #4: Padding size should be less than the corresponding input dimension, but '
     'got: padding (8, 1) at dimension 3 of input [2, 3, 8, 8]')),
    ('pad reflect dims', NotImplementedError,
     lambda F, torch, x, w: F.pad(x, (1, 1), mode='reflect'),
     ('Padding size 2 is not supported for 4D input tensor.\n'
     'Supported combinations for non-constant padding:\n'
     '  - 2D or 3D input: padding size = 2 (pads last dimension)\n'
     '  - 3D or 4D input: padding size = 4 (pads last 2 dimensions)\n'
     '  - 4D or 5D input: padding size = 6 (pads last 3 dimensions)')),
    ('pad circ big', RuntimeError, lambda F, torch, x, w: F.pad(x, (9, 1, 1, 1), mode='circular'),
     'Padding value causes wrapping around more than once.'),
    ('onehot float', RuntimeError, lambda F, torch, x, w: F.one_hot(torch.tensor([1.])),
     'one_hot is only applicable to index tensor of type LongTensor.'),
    ('onehot neg', RuntimeError, lambda F, torch, x, w: F.one_hot(torch.tensor([-1])),
     'Class values must be non-negative.'),
    ('onehot big', RuntimeError, lambda F, torch, x, w: F.one_hot(torch.tensor([3]), 3),
     'Class values must be smaller than num_classes.'),
    ('onehot empty', RuntimeError,
     lambda F, torch, x, w: F.one_hot(torch.tensor([], dtype=torch.long)),
     'Can not infer total number of classes from empty tensor.'),
    ('linear', RuntimeError, lambda F, torch, x, w: F.linear(torch.randn(5, 3), torch.randn(4, 4)),
     'mat1 and mat2 shapes cannot be multiplied (5x3 and 4x4)'),
    ('linear3d', RuntimeError,
     lambda F, torch, x, w: F.linear(torch.randn(2, 5, 3), torch.randn(4, 4)),
     'mat1 and mat2 shapes cannot be multiplied (10x3 and 4x4)'),
    ('linear1d', RuntimeError, lambda F, torch, x, w: F.linear(torch.randn(3), torch.randn(4, 4)),
     'mat1 and mat2 shapes cannot be multiplied (1x3 and 4x4)'),
    ('gelu bad', RuntimeError, lambda F, torch, x, w: F.gelu(x, approximate='foo'),
     'approximate argument must be either none or tanh.'),
    ('hardtanh', ValueError, lambda F, torch, x, w: F.hardtanh(x, 2, 1),
     'min_val cannot be greater than max_val'),
    ('glu odd', RuntimeError, lambda F, torch, x, w: F.glu(torch.randn(3, 5)),
     'Halving dimension must be even, but dimension 1 is size 5'),
]


@pytest.mark.parametrize("name, error, fn, message", ERRORS, ids=[e[0] for e in ERRORS])
def test_error_messages(name, error, fn, message):
    x, w = torch.randn(2, 3, 8, 8), torch.randn(4, 3, 3, 3)
    with pytest.raises(error) as info, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        fn(F, torch, x, w)
    assert str(info.value) == message
