"""The differentiable ops, by family; every op is an ``op.Op`` subclass."""
