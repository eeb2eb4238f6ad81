"""backends.cpu.kernel_capability: a kernel PyTorch builds for AVX-512 runs that build on an
AVX-512 machine; one it builds only up to AVX2 runs its AVX2 build there (the AVX2 lanes
hookgrad follows for it); elsewhere every kernel runs the machine's own."""
import pytest

from hookgrad.backends import cpu


@pytest.mark.parametrize("capability", ["AVX512", "AVX2", "DEFAULT"])
def test_kernels_follow_their_builds(monkeypatch, capability):
    monkeypatch.setattr(cpu, "CAPABILITY", capability)
    for kernel, built in cpu.AVX512_BUILDS.items():
        expected = "AVX2" if capability == "AVX512" and not built else capability
        assert cpu.kernel_capability(kernel) == expected
        assert cpu.vector_bytes(kernel) == (64 if expected == "AVX512" else 32)


def test_an_unknown_kernel_is_refused():
    with pytest.raises(KeyError):
        cpu.kernel_capability("no such kernel")
