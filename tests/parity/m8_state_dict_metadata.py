# Spec 8.6: state_dict() carries _metadata: an OrderedDict prefix -> {'version': N} with
# root key '' (BatchNorm1d has version 2); it is kept on the returned dict, reflects the
# prefix argument, and a private hook's replacement dict carries no _metadata.
import torch
import torch.nn as nn

net = nn.Sequential(nn.Linear(2, 2), nn.Sequential(nn.BatchNorm1d(2), nn.ReLU()))
sd = net.state_dict()
print(type(sd).__name__, type(sd._metadata).__name__)
print(list(sd._metadata.items()))  # (items: OrderedDict's repr changed in Python 3.12)
print(list(sd.keys()))
sd2 = net.state_dict(prefix='model.')
print(list(sd2._metadata.items()))
print('Linear alone', list(nn.Linear(1, 1).state_dict()._metadata.items()))
lin = nn.Linear(1, 1)
lin._register_state_dict_hook(lambda m, sd, p, md: {'w': 1})
print('replaced has _metadata:', hasattr(lin.state_dict(), '_metadata'))
lin2 = nn.Linear(1, 1)
lin2.register_state_dict_post_hook(lambda m, sd, p, md: md.__setitem__('seen', True))
print('post-hook edits local_metadata', list(lin2.state_dict()._metadata.items()))
