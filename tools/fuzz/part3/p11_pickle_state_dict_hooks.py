"""A module with state-dict hooks can be pickled, and keeps them."""
import pickle

from _lib import attempt, linear


def pre_hook(module, prefix, keep_vars):
    print("state_dict pre hook")


def post_hook(module, state_dict, prefix, local_metadata):
    print("state_dict post hook")


def load_pre(module, state_dict, prefix, local_metadata, strict, missing, unexpected, errors):
    print("load pre hook")


def load_post(module, incompatible_keys):
    print("load post hook")


layer = linear([[1.0, 2.0]], [0.5])
layer.register_state_dict_pre_hook(pre_hook)
layer.register_state_dict_post_hook(post_hook)
layer.register_load_state_dict_pre_hook(load_pre)
layer.register_load_state_dict_post_hook(load_post)
data = None


def dump():
    global data
    data = pickle.dumps(layer)
    return "ok"


attempt("pickle.dumps", dump)
if data is not None:
    again = pickle.loads(data)
    again.load_state_dict(again.state_dict())
