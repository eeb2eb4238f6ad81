# Spec 8.4: register_state_dict_post_hook: hook(module, state_dict, prefix, local_metadata)
# runs after the module's own entries and all its children (post-order) with the shared
# destination dict and local_metadata {'version': N}; in-place edits show in the result;
# returning non-None raises "state_dict post-hook must return None"; a bound method cannot
# be registered ('method' object has no attribute '_from_public_api').
import torch
import torch.nn as nn

log = []
net = nn.Sequential(nn.Linear(2, 2), nn.Sequential(nn.Linear(2, 1)), nn.BatchNorm1d(1))


def post(m, sd, prefix, local_metadata):
    log.append((type(m).__name__, prefix, dict(local_metadata), list(sd.keys())))


net[1][0].register_state_dict_post_hook(post)
net[2].register_state_dict_post_hook(post)
net.register_state_dict_post_hook(post)
net[1].register_state_dict_post_hook(post)
sd = net.state_dict(prefix='p.')
for entry in log:
    print(entry)
log.clear()


def edit(m, sd, prefix, local_metadata):
    sd[prefix + 'extra'] = torch.tensor([7.])
    del sd[prefix + 'bias']


lin = nn.Linear(1, 1)
lin.register_state_dict_post_hook(edit)
print('edited keys', list(lin.state_dict().keys()))

lin2 = nn.Linear(1, 1)
lin2.register_state_dict_post_hook(lambda m, sd, p, md: {'x': 1})
try:
    lin2.state_dict()
except Exception as e:
    print('returns value:', type(e).__name__, e)


class Holder:
    def hook(self, m, sd, p, md):
        pass


try:
    nn.Linear(1, 1).register_state_dict_post_hook(Holder().hook)
except AttributeError as e:
    # (Python 3.13 appends more words to this AttributeError: compare the part before them)
    print('bound method:', type(e).__name__, str(e).split(' and no __dict__')[0])

h = net.register_state_dict_post_hook(lambda *a: log.append('removable'))
h.remove()
net.state_dict()
print('removed ->', log[-1:] if log and log[-1] == 'removable' else 'not called')
