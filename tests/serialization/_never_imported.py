"""Importing this module leaves a trace: a checkpoint naming it must not import it under
weights_only=True (the unpickler looks names up in its allow-list and imports nothing)."""
import builtins

builtins.HOOKGRAD_TEST_IMPORTED = True


def anything():
    return None
