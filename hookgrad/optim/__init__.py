"""torch.optim: optimizers with PyTorch's step and state_dict hooks, and lr schedulers."""
from . import lr_scheduler
from .adadelta import Adadelta
from .adafactor import Adafactor
from .adagrad import Adagrad
from .adam import Adam
from .adamax import Adamax
from .adamw import AdamW
from .asgd import ASGD
from .lbfgs import LBFGS
from .nadam import NAdam
from .optimizer import Optimizer
from .radam import RAdam
from .rmsprop import RMSprop
from .rprop import Rprop
from .sgd import SGD

# As PyTorch does (its class lives in the private module _adafactor), so that the class
# prints as torch.optim.Adafactor.
Adafactor.__module__ = "hookgrad.optim"

__all__ = ["SGD", "Adam", "AdamW", "Optimizer", "RMSprop", "lr_scheduler", "Adadelta",
           "Adagrad", "Adamax", "NAdam", "RAdam", "Adafactor", "ASGD", "LBFGS", "Rprop"]
