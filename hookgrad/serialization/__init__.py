"""``torch.save`` / ``torch.load`` in PyTorch's file format, and ``torch.serialization``'s
allow-list functions.

Layout: ``_save`` (+ ``_pickler``, ``_zip_writer``) writes; ``_load`` (+ ``_zip_reader``,
``_legacy``, ``_persistent``) reads; ``_weights_only_unpickler`` is the opcode loop that
weights-only loads run, over the names of ``_allowed``; ``_rebuild`` makes tensors from
storages after checking their geometry; ``_elements`` maps PyTorch's element types onto
hookgrad's dtypes."""
from ._allowed import add_safe_globals, clear_safe_globals, get_safe_globals, safe_globals
from ._load import get_unsafe_globals_in_checkpoint, load
from ._messages import UNSAFE_MESSAGE
from ._save import DEFAULT_PROTOCOL, save

__all__ = ["save", "load", "add_safe_globals", "clear_safe_globals", "get_safe_globals",
           "safe_globals", "get_unsafe_globals_in_checkpoint", "DEFAULT_PROTOCOL",
           "UNSAFE_MESSAGE"]
