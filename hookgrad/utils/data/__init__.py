"""torch.utils.data: filled in by the nn/optim issue."""
