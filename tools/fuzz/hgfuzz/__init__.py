"""hookgrad's differential fuzzer: random programs as data, one interpreter for either library.

A program is JSON (``{"steps": [...]}``, format in ``program.py``); ``interpreter.run`` executes
it with ``torch`` or ``hookgrad`` and returns a trace; ``compare.classify`` sets a hookgrad trace
against PyTorch's. Only ``generate`` (and the CLI's live runs) need PyTorch: a recorded corpus
replays with hookgrad alone."""
