"""The ``hookgrad`` command: argument parsing only; the work is in ``hookgrad.demo``."""
from __future__ import annotations

import argparse
import sys

import hookgrad

__all__ = ["main"]


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer >= 0, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be >= 0, got {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    from . import demo  # only for its defaults; it imports no optional dependency

    parser = argparse.ArgumentParser(
        prog="hookgrad", description="hookgrad: PyTorch's hook system on NumPy.",
        epilog="Run 'hookgrad demo --help' for the demo's options.")
    parser.add_argument("--version", action="version", version=f"hookgrad {hookgrad.__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    run = commands.add_parser(
        "demo", help="train a small CNN on the bundled digits and write an HTML report",
        description="Train a small CNN on the bundled handwritten digits, watching it with "
                    "hookgrad.lens, and write DIR/index.html with figures of what lens saw. "
                    "Needs the viz extra: pip install 'hookgrad[viz]'.")
    run.add_argument("--epochs", type=_positive_int, default=demo.DEFAULT_EPOCHS, metavar="N",
                     help=f"training epochs (default {demo.DEFAULT_EPOCHS})")
    run.add_argument("--out", default=demo.DEFAULT_OUT, metavar="DIR",
                     help=f"report directory, created if needed (default ./{demo.DEFAULT_OUT})")
    run.add_argument("--seed", type=_seed, default=0, metavar="S",
                     help="seed of the split, the initial weights and the shuffling (default 0)")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv:  # a bare `hookgrad` asks what it can do: help, not a usage error
        parser.print_help()
        return 0
    args = parser.parse_args(argv)
    from . import demo

    try:
        demo.run(epochs=args.epochs, out=args.out, seed=args.seed)
    except demo.DemoError as error:
        print(f"hookgrad {args.command}: error: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"hookgrad {args.command}: interrupted", file=sys.stderr)
        return 130
    return 0
