# autograd.detect_anomaly / set_detect_anomaly: the warning on entering, the NaN check on
# every backward output (naming the node and the output index), check_nan=False, the state
# queries, and the warning that shows where the failing node's forward was called.
import warnings

import torch


def first_line(message):
    return str(message).splitlines()[0]


def show(caught):
    """Each warning's first line, and where a forward traceback ends."""
    for w in caught:
        print(w.category.__name__ + ':', first_line(w.message))
        lines = str(w.message).splitlines()
        if len(lines) > 1:  # the traceback's last frame: the line that made the node
            print('  last frame:', lines[-2].strip(), '| then:', lines[-1].strip())


with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    with torch.autograd.detect_anomaly():
        print('inside: enabled', torch.is_anomaly_enabled(),
              'check_nan', torch.is_anomaly_check_nan_enabled())
        x = torch.tensor([0.0, 1.0], requires_grad=True)
        y = (x / x).sum()  # 0/0: NaN in the forward, NaN again in the backward
        try:
            y.backward()
        except RuntimeError as e:
            print('RuntimeError:', e)
show(caught)
print('after: enabled', torch.is_anomaly_enabled(), 'x.grad', x.grad)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    with torch.autograd.detect_anomaly(check_nan=False):
        print('check_nan=False:', torch.is_anomaly_check_nan_enabled())
        x = torch.tensor([0.0, 1.0], requires_grad=True)
        (x / x).sum().backward()
        print('no error, grad', x.grad)
print('warnings with check_nan=False:', [first_line(w.message) for w in caught])

torch.autograd.set_detect_anomaly(True)
print('set_detect_anomaly(True):', torch.is_anomaly_enabled())
torch.autograd.set_detect_anomaly(False)
print('set_detect_anomaly(False):', torch.is_anomaly_enabled())
with torch.autograd.set_detect_anomaly(True, check_nan=False):
    print('as a context manager:', torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
print('restored:', torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())


class Boom(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        return t * 2

    @staticmethod
    def backward(ctx, g):
        raise ValueError('boom in backward')


with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    with torch.autograd.detect_anomaly():
        x = torch.ones(2, requires_grad=True)
        out = Boom.apply(x).sum()
        try:
            out.backward()
        except ValueError as e:
            print('ValueError:', e)
for w in caught:  # (PyTorch's stack ends inside its own Python Function.apply here)
    print(w.category.__name__ + ':', first_line(w.message))
    print('  traceback names the forward line:', 'Boom.apply(x)' in str(w.message))
