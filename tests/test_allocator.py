"""Training steps reuse freed heap memory instead of page-faulting it back in every step."""
import os
import subprocess
import sys
import textwrap

import pytest

import hookgrad

# A fresh process, so nothing earlier in the test run has tuned the allocator by accident.
_LENET_STEPS = textwrap.dedent("""
    import resource
    import numpy as np
    import hookgrad as torch
    from hookgrad import nn
    torch.manual_seed(0)
    model = nn.Sequential(nn.Conv2d(1, 6, 5), nn.ReLU(), nn.MaxPool2d(2),
                          nn.Conv2d(6, 16, 5), nn.ReLU(), nn.MaxPool2d(2), nn.Flatten(),
                          nn.Linear(256, 120), nn.ReLU(), nn.Linear(120, 10))
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    x, y = torch.randn(64, 1, 28, 28), torch.randint(0, 10, (64,))

    def step():
        nn.functional.cross_entropy(model(x), y).backward()
        opt.step()
        opt.zero_grad()

    for _ in range(5):
        step()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for _ in range(10):
        step()
    print((resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before) / 10)
""")


def _faults_per_step(env_update):
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", **env_update)
    env.pop("MALLOC_TOP_PAD_", None)
    out = subprocess.run([sys.executable, "-c", _LENET_STEPS], env=env, check=True,
                         capture_output=True, text=True)
    return float(out.stdout.strip())


glibc_only = pytest.mark.skipif(not hookgrad._allocator.keep_heap_slack(),
                                reason="needs glibc's mallopt")


@glibc_only
def test_conv_training_steps_do_not_refault_their_temporaries():
    # without the slack, each step maps its ~7 MB of temporaries in again (~1,800 faults)
    assert _faults_per_step({}) < 100


def test_opt_out_and_explicit_glibc_setting_are_respected(monkeypatch):
    monkeypatch.setenv("HOOKGRAD_HEAP_SLACK_MB", "0")
    assert hookgrad._allocator.keep_heap_slack() is False
    monkeypatch.delenv("HOOKGRAD_HEAP_SLACK_MB")
    monkeypatch.setenv("MALLOC_TOP_PAD_", "1048576")
    assert hookgrad._allocator.keep_heap_slack() is False
