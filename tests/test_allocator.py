"""Training steps reuse freed memory instead of page-faulting it back in every step."""
import os
import subprocess
import sys
import textwrap

import pytest

import hookgrad

# Run in a fresh process, so nothing earlier in the test run has warmed the allocator up.
_FAULTS_PER_STEP = textwrap.dedent("""
    import resource, sys
    import hookgrad as torch
    from hookgrad import nn
    torch.manual_seed(0)
    if sys.argv[1] == "lenet":  # large im2col and GEMM temporaries
        model = nn.Sequential(nn.Conv2d(1, 6, 5), nn.ReLU(), nn.MaxPool2d(2),
                              nn.Conv2d(6, 16, 5), nn.ReLU(), nn.MaxPool2d(2), nn.Flatten(),
                              nn.Linear(256, 120), nn.ReLU(), nn.Linear(120, 10))
        opt = torch.optim.SGD(model.parameters(), lr=0.01)
        x, y = torch.randn(64, 1, 28, 28), torch.randint(0, 10, (64,))

        def step():
            nn.functional.cross_entropy(model(x), y).backward()
            opt.step()
            opt.zero_grad()
    else:  # NumPy code in the same process: 4 MB elementwise temporaries
        import numpy as np
        x = np.random.default_rng(0).uniform(-1, 1, (2, 1_000_000)).astype(np.float32)

        def step():
            e = np.exp(x[0] * x[1])
            (e + x[0]).mean()
            ge = e * np.float32(1e-6)
            ge * x[1] + np.float32(1e-6), ge * x[0]
    for _ in range(5):
        step()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for _ in range(10):
        step()
    print((resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before) / 10)
""")


def _faults_per_step(workload):
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    env.pop("HOOKGRAD_HEAP_SLACK_MB", None)
    out = subprocess.run([sys.executable, "-c", _FAULTS_PER_STEP, workload], env=env,
                         check=True, capture_output=True, text=True)
    return float(out.stdout.strip())


@pytest.mark.skipif(not hookgrad._allocator.keep_freed_memory(),
                    reason="needs glibc's mallopt, and no MALLOC_*_ tunables set")
@pytest.mark.parametrize("workload", ["lenet", "numpy"])
def test_training_steps_do_not_refault_their_temporaries(workload):
    # with glibc's defaults a LeNet step maps its ~7 MB of temporaries in again (~1,800
    # faults); setting only M_TOP_PAD made plain NumPy code fault on every 4 MB array
    assert _faults_per_step(workload) < 100


def test_opt_out_and_glibc_tunables_are_respected(monkeypatch):
    monkeypatch.setenv("HOOKGRAD_HEAP_SLACK_MB", "0")
    assert hookgrad._allocator.keep_freed_memory() is False
    monkeypatch.delenv("HOOKGRAD_HEAP_SLACK_MB")
    monkeypatch.setenv("MALLOC_TRIM_THRESHOLD_", "1048576")
    assert hookgrad._allocator.keep_freed_memory() is False
