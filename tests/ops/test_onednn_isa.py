"""onednn_isa: the instruction set oneDNN's kernels are picked for, which decides where
hookgrad's convolutions leave the zero padding out (conv_onednn.py)."""
import os
import subprocess
import sys

from hookgrad._ops import onednn_isa as isa


def test_ceiling_reads_onednn_names():
    # oneDNN's ONEDNN_MAX_CPU_ISA values, case-insensitive: an AVX-512 / AVX10 one leaves
    # AVX-512 in, an AVX2 one (AVX2_VNNI too) caps at AVX2, SSE41 / AVX below it
    assert isa._ceiling("") is None and isa._ceiling("ALL") is None
    assert isa._ceiling("avx512_core_bf16") is None and isa._ceiling("AVX10_1_512") is None
    assert isa._ceiling("AVX2") == isa.AVX2 and isa._ceiling("avx2_vnni") == isa.AVX2
    assert isa._ceiling("SSE41") == isa.OLDER and isa._ceiling("AVX") == isa.OLDER


def _isa_in_child(cap):
    env = dict(os.environ, ONEDNN_MAX_CPU_ISA=cap)
    # (the module alone, by its path: importing hookgrad would take seconds)
    code = f"import runpy; print(runpy.run_path({isa.__file__!r})['onednn_isa']())"
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, check=True).stdout.strip()


def test_the_cap_lowers_the_cpus_own():
    own = isa.onednn_isa()
    assert own in (isa.AVX512_CORE, isa.AVX2, isa.OLDER)
    assert _isa_in_child("SSE41") == isa.OLDER
    assert _isa_in_child("AVX2") == (isa.OLDER if own == isa.OLDER else isa.AVX2)
    assert _isa_in_child("AVX512_CORE") == own  # (a cap never raises it)
