"""The implementation of ``hookgrad.nn.functional``, one module per concern."""
