"""`hookgrad demo` (run as ``python -m hookgrad``): the report it writes and its errors."""
import importlib.util
import os
import re
import struct
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from hookgrad.cli import main
from hookgrad.demo import pick_digits

ROOT = Path(__file__).resolve().parents[1]
HAS_VIZ = all(importlib.util.find_spec(name) for name in ("matplotlib", "tqdm"))
needs_viz = pytest.mark.skipif(not HAS_VIZ, reason="needs the viz extra (matplotlib, tqdm)")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def hookgrad_command(*args, cwd=None, code=None):
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    env = dict(os.environ, PYTHONPATH=path)
    # Multithreaded OpenBLAS is far slower than one thread on these tiny GEMMs when the cores
    # are busy (as under a parallel test run).
    env.setdefault("OPENBLAS_NUM_THREADS", "1")
    command = [sys.executable, "-c", code] if code else [sys.executable, "-m", "hookgrad"]
    return subprocess.run([*command, *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=300, check=False)


def png_size(path):
    """(width, height) from the IHDR chunk, which must directly follow the signature."""
    data = path.read_bytes()
    assert data[:8] == PNG_SIGNATURE, f"{path.name} is not a PNG"
    length, kind = struct.unpack(">I4s", data[8:16])
    assert kind == b"IHDR" and length == 13
    return struct.unpack(">II", data[16:24])


@needs_viz
def test_demo_writes_an_html_report_of_valid_pngs(tmp_path):
    out = tmp_path / "report"
    result = hookgrad_command("demo", "--epochs", "1", "--out", str(out), "--seed", "3")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "UCI Machine Learning Repository" in lines[0] and "CC BY 4.0" in lines[0]
    assert "Total params: 1,898" in result.stdout  # the lens.summary table
    assert re.search(r"epoch  1/1  loss \d\.\d+  train acc .*%  test acc .*%", result.stdout)
    accuracy = re.search(r"final test accuracy: ([\d.]+)%", result.stdout).group(1)
    assert lines[-2] == "writing report…" and lines[-1].startswith("report: ")

    page = (out / "index.html").read_text(encoding="utf-8")
    assert f"Final test accuracy: {accuracy}%" in page and "Conv2d" in page
    names = re.findall(r'<img src="([^"]+)"', page)
    expected = {"grad_flow.png", "histograms.png", "confusion.png"} | {
        f"digit{i}_{part}.png" for i in range(4) for part in ("input", "conv1", "conv2")}
    assert set(names) == expected
    assert len(re.findall("<figcaption>[^<\n]+</figcaption>", page)) == len(names)
    headings = re.findall(r"<h3>An? (\d) \(test digit #\d+\), predicted (\d): (\w+)</h3>", page)
    assert len({label for label, _, _ in headings}) == 4  # four different classes
    assert [verdict for _, _, verdict in headings] == ["correct"] * 3 + ["misclassified"]
    for name in names:
        width, height = png_size(out / name)
        assert width > 0 and height > 0
    assert png_size(out / "digit0_conv2.png")[0] >= 600  # 16 maps, each over 100 px wide


def test_pick_digits_different_classes_then_one_mistake():
    labels = np.array([3, 3, 5, 1, 5, 7, 0, 2])
    predictions = np.array([3, 3, 5, 1, 6, 7, 0, 8])
    # the mistake is a 5 (index 4), so the correct 5 at index 2 is not shown
    assert pick_digits(labels, predictions, count=4) == [0, 3, 5, 4]
    assert pick_digits(labels, labels, count=3) == [0, 2, 3]  # no mistake to show
    assert pick_digits(labels, predictions, count=6) == [0, 3, 5, 6, 4]  # all classes there


@pytest.mark.parametrize("args, message", [
    (["--epochs", "0"], "argument --epochs: must be at least 1, got 0"),
    (["--epochs", "-2"], "argument --epochs: must be at least 1, got -2"),
    (["--epochs", "2.5"], "argument --epochs: expected a positive integer, got '2.5'"),
    (["--epochs", "ten"], "argument --epochs: expected a positive integer, got 'ten'"),
    (["--seed", "-1"], "argument --seed: must be >= 0, got -1"),
    (["--bogus"], "unrecognized arguments: --bogus"),
])
def test_bad_arguments_exit_2_with_usage(args, message, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["demo", *args])
    stderr = capsys.readouterr().err
    assert exit_info.value.code == 2
    assert "usage: hookgrad" in stderr and message in stderr


def test_no_arguments_prints_the_help_and_exits_0(capsys):
    result = hookgrad_command()  # python -m hookgrad, with no command
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.startswith("usage: hookgrad")
    assert "demo" in result.stdout and "train a small CNN" in result.stdout
    assert main([]) == 0
    assert capsys.readouterr().out == result.stdout


def test_options_without_a_command_are_still_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--epochs", "3"])
    assert exit_info.value.code == 2
    assert "usage: hookgrad" in capsys.readouterr().err


def unwritable_dirs(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    yield blocker / "report"  # a directory under a file
    yield blocker  # the file itself
    if os.name == "posix" and os.geteuid() != 0:  # root writes through permissions
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o555)
        yield locked


@needs_viz
def test_unwritable_directory_is_one_line_exit_1(tmp_path, capsys):
    for out in unwritable_dirs(tmp_path):
        assert main(["demo", "--out", str(out)]) == 1, out
        output = capsys.readouterr()
        assert output.err.startswith(f"hookgrad demo: error: cannot write to output "
                                     f"directory {str(out)!r}: ")
        assert len(output.err.strip().splitlines()) == 1 and output.out == ""


BLOCK_VIZ = "import sys; sys.modules.update(matplotlib=None, tqdm=None); "


def test_missing_viz_extra_names_the_install_command(tmp_path):
    run_demo = "from hookgrad.cli import main; sys.exit(main(sys.argv[1:]))"
    result = hookgrad_command("demo", "--out", str(tmp_path / "report"),
                              code=BLOCK_VIZ + run_demo)
    assert result.returncode == 1
    assert "pip install 'hookgrad[viz]'" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "report").exists()


def test_importing_hookgrad_needs_no_viz_extra():
    code = BLOCK_VIZ + "import hookgrad, hookgrad.cli, hookgrad.demo, hookgrad.lens.plot"
    result = hookgrad_command(code=code)
    assert result.returncode == 0, result.stderr
