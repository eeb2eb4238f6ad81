"""Optimizers, lr schedulers and the optimizer hooks of spec section 9.

The numeric cases train a tiny two-layer regression model for 20 steps and compare losses,
final weights and learning rates with values recorded once from PyTorch 2.13:
``PYTHONPATH=. python tests/test_optim.py`` (with real torch installed) prints the
EXPECTED table."""
import copy
import warnings

import numpy as np
import pytest

import hookgrad as torch
import hookgrad.optim
from hookgrad.optim import lr_scheduler
from hookgrad.optim.optimizer import (
    register_optimizer_step_post_hook,
    register_optimizer_step_pre_hook,
)

SGD_BASE = ("SGD", {"lr": 0.1, "momentum": 0.5})
CONFIGS = {  # name: (optimizer, kwargs, scheduler or None, loss sign, two param groups)
    "sgd": ("SGD", {"lr": 0.1}, None, 1, False),
    "sgd_momentum_wd": ("SGD", {"lr": 0.05, "momentum": 0.9, "dampening": 0.1,
                                "weight_decay": 0.01}, None, 1, False),
    "sgd_nesterov_max": ("SGD", {"lr": 0.05, "momentum": 0.8, "nesterov": True,
                                 "maximize": True}, None, -1, True),
    "adam": ("Adam", {"lr": 0.01}, None, 1, False),
    "adam_amsgrad_wd": ("Adam", {"lr": 0.01, "amsgrad": True, "weight_decay": 0.1},
                        None, 1, False),
    "adam_betas_max": ("Adam", {"lr": 0.01, "betas": (0.8, 0.99), "maximize": True},
                       None, -1, True),
    "adamw": ("AdamW", {"lr": 0.01}, None, 1, False),
    "adamw_amsgrad": ("AdamW", {"lr": 0.02, "weight_decay": 0.1, "amsgrad": True},
                      None, 1, True),
    "rmsprop": ("RMSprop", {"lr": 0.01}, None, 1, False),
    "rmsprop_centered": ("RMSprop", {"lr": 0.01, "alpha": 0.9, "eps": 1e-6, "centered": True,
                                     "momentum": 0.5, "weight_decay": 0.01}, None, 1, False),
    "rmsprop_max": ("RMSprop", {"lr": 0.005, "maximize": True}, None, -1, True),
    "steplr": (*SGD_BASE, ("StepLR", {"step_size": 5, "gamma": 0.5}), 1, False),
    "multisteplr": (*SGD_BASE, ("MultiStepLR", {"milestones": [3, 8, 8], "gamma": 0.5}),
                    1, False),
    "exponentiallr": (*SGD_BASE, ("ExponentialLR", {"gamma": 0.9}), 1, False),
    "cosine": (*SGD_BASE, ("CosineAnnealingLR", {"T_max": 6, "eta_min": 0.01}), 1, False),
    "lambdalr": (*SGD_BASE, ("LambdaLR", {"lr_lambda": lambda e: 1 / (1 + 0.3 * e)}), 1, True),
}


def problem():
    """Exactly representable inputs and targets, and fixed initial weights."""
    f = np.float32
    x = (((np.arange(24) * 7) % 13 - 6) / 6).reshape(8, 3).astype(f)
    y = (((np.arange(8) * 5) % 9 - 4) / 5).reshape(8, 1).astype(f)
    w1 = (((np.arange(12) * 5) % 11 - 5) / 10).reshape(3, 4).astype(f)
    w2 = (((np.arange(4) * 3) % 7 - 3) / 5).reshape(4, 1).astype(f)
    return x, y, [w1, np.array([0.1, -0.2, 0.05, 0.0], f), w2, np.array([0.1], f)]


def train(tm, name, steps=20):
    """Run config ``name`` with ``tm`` (hookgrad, or real torch when recording)."""
    opt_name, opt_kwargs, sched, sign, groups = CONFIGS[name]
    x, y, init = problem()
    x, y = tm.tensor(x), tm.tensor(y)
    params = [tm.tensor(a, requires_grad=True) for a in init]
    spec = [{"params": params[:2]}, {"params": params[2:], "lr": 0.02}] if groups else params
    opt = getattr(tm.optim, opt_name)(spec, **opt_kwargs)
    scheduler = sched and getattr(tm.optim.lr_scheduler, sched[0])(opt, **sched[1])
    losses, lrs = [], []
    for _ in range(steps):
        opt.zero_grad()
        loss = ((tm.tanh(x @ params[0] + params[1]) @ params[2] + params[3] - y) ** 2).mean()
        (sign * loss).backward()
        opt.step()
        losses.append(loss.item())
        if scheduler:
            scheduler.step()
            lrs.append(scheduler.get_last_lr()[0])
    weights = np.concatenate([p.detach().numpy().ravel() for p in params])
    return losses, weights.tolist(), lrs


# Recorded with torch 2.13.0+cpu: losses (20), final weights (21), and lrs after each step.
EXPECTED = {
    'sgd': (
        ('0.34475011 0.31830025 0.29945755 0.28554985 0.27498218 0.26675698 0.26022521 '
        '0.25494969 0.25062713 0.24704154 0.24403548 0.24149191 0.23932214 0.23745807 '
        '0.23584644 0.23444533 0.23322126 0.23214714 0.23120102 0.23036483'),
        ('-0.41311544 -0.0010173483 0.3866598 -0.062986404 0.21300319 -0.19786631 0.52850896 '
        '-0.37612388 0.29178134 -0.4010185 -0.013493779 -0.46307591 0.12938064 -0.20000695 '
        '0.04907871 -0.00053710456 -0.44406387 -0.0050243009 0.66779375 -0.22754903 '
        '0.092306443'),
        '',
    ),
    'sgd_momentum_wd': (
        ('0.34475011 0.33078769 0.30947393 0.28655183 0.2665216 0.25176439 0.24270827 '
        '0.2385079 0.23774524 0.23892328 0.24073966 0.24221286 0.2427257 0.24201949 '
        '0.24014975 0.23740843 0.23422322 0.23105136 0.22828697 0.22619824'),
        ('-0.35643038 -0.0040942705 0.4195514 -0.076367363 0.0083004786 -0.18107742 0.67585891 '
        '-0.40850005 0.31841308 -0.38247764 0.037519943 -0.45418561 0.17086193 -0.18931562 '
        '0.025271842 0.0032553189 -0.19679846 -0.090594545 0.63753158 -0.30731869 0.05675935'),
        '',
    ),
    'sgd_nesterov_max': (
        ('0.34475011 0.32358044 0.3006911 0.27998894 0.2634348 0.25145 0.24349794 0.23860902 '
        '0.23575437 0.23406094 0.23289993 0.23189028 0.23085438 0.22975513 0.22863394 '
        '0.22756037 0.2265991 0.22579229 0.22515514 0.22468004'),
        ('-0.41552386 -0.001277147 0.40068015 -0.064899787 0.091040127 -0.19852459 0.63080776 '
        '-0.41290334 0.29066095 -0.4012585 0.001645639 -0.46570304 0.13710822 -0.19988751 '
        '0.055793565 -0.0048199249 -0.50396705 -0.022787271 0.64906168 -0.23747861 0.10354993'),
        '',
    ),
    'adam': (
        ('0.34475011 0.32896182 0.31488985 0.30274177 0.29242533 0.28361621 0.27593735 '
        '0.26917535 0.26327911 0.25823289 0.25397521 0.25040179 0.24740542 0.24488924 '
        '0.24274932 0.24086346 0.23911729 0.23744188 0.23581314 0.23422375'),
        ('-0.37684724 -0.12308705 0.37308818 0.022105889 0.23062831 -0.020373177 0.47166887 '
        '-0.47075912 0.32546473 -0.52234298 -0.027181288 -0.37748021 0.26140654 -0.1070538 '
        '0.08661671 -0.027886389 -0.44601229 0.058614496 0.66981626 -0.27020678 0.11379246'),
        '',
    ),
    'adam_amsgrad_wd': (
        ('0.34475011 0.32894507 0.31508195 0.3030684 0.29295257 0.28458986 0.27769741 '
        '0.27200133 0.2673102 0.26346639 0.26030183 0.25764835 0.25537547 0.25340426 '
        '0.25168571 0.25017536 0.24882787 0.24760628 0.24648839 0.24546137'),
        ('-0.34380826 -0.0056373822 0.34286979 0.027369997 0.22136021 -0.009483207 0.45959002 '
        '-0.37454 0.28867176 -0.20680876 -0.031265665 -0.32554287 0.14847308 -0.02165339 '
        '0.050434884 -0.0033412036 -0.42843163 0.011792181 0.51562673 -0.22439575 0.081416473'),
        '',
    ),
    'adam_betas_max': (
        ('0.34475011 0.32644531 0.31067526 0.29835105 0.28855374 0.27994931 0.2720831 '
        '0.26499891 0.25861564 0.25279516 0.24758628 0.24303904 0.23904084 0.23551504 '
        '0.23249781 0.2299688 0.22786492 0.22619759 0.22496104 0.22408459'),
        ('-0.40275231 -0.12502538 0.39443353 -5.2909963e-05 0.25796014 -0.028549086 0.45393986 '
        '-0.45866627 0.29968327 -0.52417845 -0.005980019 -0.39944136 0.23230493 -0.13970616 '
        '0.067427404 -0.0092691453 -0.33943802 0.034138259 0.79777277 -0.39853996 0.092137158'),
        '',
    ),
    'adamw': (
        ('0.34475011 0.32893181 0.31484151 0.30268523 0.2923682 0.28356355 0.27589265 '
        '0.26914179 0.26325947 0.25822872 0.25398672 0.25042784 0.2474439 0.2449377 0.242805 '
        '0.24092376 0.23918013 0.23750591 0.23587745 0.2342876'),
        ('-0.37615654 -0.12273063 0.37241033 0.021982534 0.23002911 -0.020160332 0.47087651 '
        '-0.46998209 0.32475767 -0.52119535 -0.027059309 -0.37680462 0.26095402 -0.10743485 '
        '0.086356714 -0.027721377 -0.44503003 0.057957731 0.66877228 -0.2699616 0.11342364'),
        '',
    ),
    'adamw_amsgrad': (
        ('0.34475011 0.315817 0.29272842 0.27631959 0.26475653 0.25637814 0.25028959 '
        '0.24605374 0.2431448 0.24094227 0.23884338 0.23651224 0.23397742 0.23143865 '
        '0.22903836 0.22683668 0.22497223 0.22370619 0.22324349 0.22352579'),
        ('-0.3762016 -0.11122891 0.39579588 -0.035276819 0.12846784 0.077990808 0.54194754 '
        '-0.53513902 0.30306548 -0.5017162 0.010530336 -0.41862699 0.30217707 -0.20522578 '
        '0.053877346 0.0030656969 -0.35058504 -0.13308524 0.75906855 -0.37839633 0.10132084'),
        '',
    ),
    'rmsprop': (
        ('0.34475011 0.30737275 0.24685392 0.23395982 0.22795504 0.22517847 0.22396752 '
        '0.22346562 0.22326076 0.22317193 0.22312583 0.22309461 0.22306803 0.22304252 '
        '0.22301668 0.22299005 0.22296239 0.22293347 0.22290313 0.2228712'),
        ('-0.40929502 -0.12015913 0.36954319 0.029693762 0.19185849 -0.1100148 0.51702851 '
        '-0.51404941 0.27650207 -0.82573974 -0.013829285 -0.37892431 0.11871552 -0.12018847 '
        '0.034857374 0.026753495 -0.41279209 -0.06193858 0.76805174 -0.36780521 0.095136121'),
        '',
    ),
    'rmsprop_centered': (
        ('0.34475011 0.30377442 0.27075285 0.25350994 0.24352738 0.23602036 0.23107348 '
        '0.227412 0.22527947 0.22412147 0.22360615 0.22337322 0.22328897 0.22325611 '
        '0.22324467 0.22324091 0.22323999 0.22324081 0.22323935 0.22323319'),
        ('-0.3843891 -0.038994826 0.37585506 -0.028979549 0.16043632 0.003754281 0.50801748 '
        '-0.46438876 0.24823344 -0.056408018 0.012551462 -0.33436403 0.1276129 -0.0083628232 '
        '0.035581607 0.0096461931 -0.40289399 -0.054416303 0.73140609 -0.38562727 0.097497545'),
        '',
    ),
    'rmsprop_max': (
        ('0.34475011 0.348988 0.25552523 0.24035938 0.23157379 0.226679 0.22439617 0.22350322 '
        '0.22320327 0.22311594 0.22309861 0.22309406 0.22308901 0.22307029 0.22304706 '
        '0.22301541 0.22298548 0.22295436 0.22292732 0.22290158'),
        ('-0.43367463 -0.063423112 0.38945833 0.017664798 0.30643257 -0.13631451 0.42994565 '
        '-0.42674962 0.25908947 -0.52932423 -0.0027939195 -0.38184062 0.11263895 -0.14709209 '
        '0.043944169 0.073089391 -0.1366253 0.0087196603 0.853513 -0.42820799 0.076440148'),
        '',
    ),
    'steplr': (
        ('0.34475011 0.31830025 0.28972751 0.26839721 0.25452596 0.24583191 0.24287099 '
        '0.24053708 0.23860633 0.23695892 0.23552555 0.23488474 0.23429058 0.23373362 '
        '0.23320837 0.2327114 0.2324743 0.23224494 0.23202214 0.23180529'),
        ('-0.4080669 -0.00098058837 0.38735271 -0.063152626 0.21598591 -0.19756262 0.51880616 '
        '-0.3720499 0.29711744 -0.40098599 -0.012824559 -0.46319053 0.13110523 -0.20003213 '
        '0.048936483 -0.00022710237 -0.43441764 -0.00030357693 0.64334714 -0.21498038 '
        '0.091825522'),
        ('0.1 0.1 0.1 0.1 0.05 0.05 0.05 0.05 0.05 0.025 0.025 0.025 0.025 0.025 0.0125 0.0125 '
        '0.0125 0.0125 0.0125 0.00625'),
    ),
    'multisteplr': (
        ('0.34475011 0.31830025 0.28972751 0.26839721 0.26093251 0.25516891 0.25062186 '
        '0.2469587 0.24395087 0.24330255 0.24270198 0.24213441 0.24159223 0.24107115 '
        '0.24056876 0.24008352 0.23961429 0.23916024 0.2387207 0.23829499'),
        ('-0.41476548 -0.00089962658 0.39645058 -0.066442594 0.24463667 -0.197974 0.48306513 '
        '-0.35991797 0.28973413 -0.40090179 -0.0036342263 -0.46646848 0.12699768 -0.20001297 '
        '0.04949116 -0.00015547799 -0.45502171 0.0065398305 0.62333363 -0.20139177 '
        '0.093392685'),
        ('0.1 0.1 0.05 0.05 0.05 0.05 0.05 0.0125 0.0125 0.0125 0.0125 0.0125 0.0125 0.0125 '
        '0.0125 0.0125 0.0125 0.0125 0.0125 0.0125'),
    ),
    'exponentiallr': (
        ('0.34475011 0.31830025 0.29224747 0.27371785 0.26169577 0.25393254 0.24875638 '
        '0.24514998 0.24252585 0.24054356 0.23899984 0.23776856 0.23676768 0.23594186 '
        '0.23525228 0.23467077 0.2341764 0.23375325 0.2333889 0.23307359'),
        ('-0.4105725 -0.00099344691 0.38941684 -0.063986138 0.22362627 -0.19764368 0.51018035 '
        '-0.36913723 0.29436737 -0.40099743 -0.0107173 -0.4640274 0.12963945 -0.2000239 '
        '0.049195245 -0.0002477341 -0.44181231 0.0011622327 0.64145666 -0.21281449 '
        '0.092373997'),
        ('0.09 0.081 0.0729 0.06561 0.059049 0.0531441 0.04782969 0.043046721 0.0387420489 '
        '0.03486784401 0.031381059609 0.0282429536481 0.0254186582833 0.022876792455 '
        '0.0205891132095 0.0185302018885 0.0166771816997 0.0150094635297 0.0135085171767 '
        '0.0121576654591'),
    ),
    'cosine': (
        ('0.34475011 0.31830025 0.29123798 0.27371103 0.26442942 0.26009846 0.2582711 '
        '0.25723478 0.25568661 0.25280085 0.24851798 0.24356647 0.23894894 0.2353147 '
        '0.23278421 0.23117518 0.23024096 0.22976112 0.22954462 0.22941665'),
        ('-0.40834653 -0.0011089233 0.3839353 -0.062096417 0.20548791 -0.19737029 0.5345282 '
        '-0.37750193 0.29691154 -0.40111318 -0.016246933 -0.46215758 0.13154806 -0.20002586 '
        '0.048906535 -0.000366886 -0.43257007 -0.0044987965 0.66135961 -0.22505814 '
        '0.091540858'),
        ('0.0939711431703 0.0775 0.055 0.0325 0.0160288568297 0.01 0.0160288568297 0.0325 '
        '0.055 0.0775 0.0939711431703 0.1 0.0939711431703 0.0775 0.055 0.0325 0.0160288568297 '
        '0.01 0.0160288568297 0.0325'),
    ),
    'lambdalr': (
        ('0.34475011 0.32242751 0.30145991 0.28586382 0.27487266 0.26712382 0.26154509 '
        '0.25741366 0.25426272 0.25179216 0.24980634 0.24817523 0.24681027 0.24564967 '
        '0.24464914 0.24377641 0.24300739 0.24232367 0.24171104 0.24115831'),
        ('-0.40450236 -0.0002164351 0.39093289 -0.063941054 0.22558135 -0.19955416 0.48810038 '
        '-0.36322889 0.29938284 -0.40021327 -0.0081576407 -0.46429992 0.12331144 -0.19998097 '
        '0.055456694 -0.0021533314 -0.57083881 0.0010662576 0.60549182 -0.20037276 0.10083435'),
        ('0.0769230769231 0.0625 0.0526315789474 0.0454545454545 0.04 0.0357142857143 '
        '0.0322580645161 0.0294117647059 0.027027027027 0.025 0.0232558139535 0.0217391304348 '
        '0.0204081632653 0.0192307692308 0.0181818181818 0.0172413793103 0.016393442623 '
        '0.015625 0.0149253731343 0.0142857142857'),
    ),
}


def _floats(text):
    return np.array(text.split(), dtype=np.float64)


@pytest.mark.parametrize("name", list(CONFIGS))
def test_matches_pytorch(name):
    losses, weights, lrs = train(torch, name)
    expected = EXPECTED[name]
    np.testing.assert_allclose(losses, _floats(expected[0]), rtol=0, atol=1e-5)
    np.testing.assert_allclose(weights, _floats(expected[1]), rtol=0, atol=1e-5)
    np.testing.assert_allclose(lrs, _floats(expected[2]), rtol=1e-10, atol=0)


def _param(*values):
    return torch.tensor(list(values) or [1.0, 1.0], requires_grad=True)


def _with_grad(p, value=1.0):
    p.grad = torch.full(tuple(p.shape), value)
    return p


def test_step_updates_in_place_without_history():
    p = _with_grad(_param())
    address, version = p.data_ptr(), p._version
    torch.optim.SGD([p], lr=0.5).step()
    assert p.data_ptr() == address and p._version > version
    assert p.is_leaf and p.grad_fn is None
    assert p.tolist() == [0.5, 0.5]


def test_state_dict_round_trip_continues_training():
    full = train(torch, "adam_amsgrad_wd", steps=20)
    x, y, init = problem()

    def run(params, opt, steps):
        for _ in range(steps):
            opt.zero_grad()
            out = torch.tanh(torch.tensor(x) @ params[0] + params[1]) @ params[2] + params[3]
            ((out - torch.tensor(y)) ** 2).mean().backward()
            opt.step()

    kwargs = CONFIGS["adam_amsgrad_wd"][1]
    params = [torch.tensor(a, requires_grad=True) for a in init]
    opt = torch.optim.Adam(params, **kwargs)
    run(params, opt, 10)
    saved = copy.deepcopy(opt.state_dict())
    assert sorted(saved["state"]) == [0, 1, 2, 3]
    assert list(saved["state"][0]) == ["step", "exp_avg", "exp_avg_sq", "max_exp_avg_sq"]
    assert saved["state"][0]["step"].item() == 10.0 and saved["param_groups"][0]["params"] == [
        0, 1, 2, 3]
    resumed = [torch.tensor(p.detach().numpy().copy(), requires_grad=True) for p in params]
    opt2 = torch.optim.Adam(resumed, lr=0.5)
    opt2.load_state_dict(saved)
    assert opt2.param_groups[0]["lr"] == 0.01 and opt2.param_groups[0]["params"][0] is resumed[0]
    run(resumed, opt2, 10)
    weights = np.concatenate([p.detach().numpy().ravel() for p in resumed])
    np.testing.assert_allclose(weights, full[1], rtol=0, atol=1e-6)


def test_state_dict_format_and_load_errors():
    a, b = _with_grad(_param()), _with_grad(_param(1.0, 1.0, 1.0))
    opt = torch.optim.SGD([a, b], lr=0.1, momentum=0.9)
    opt.step()
    sd = opt.state_dict()
    assert list(sd) == ["state", "param_groups"]
    assert sd["param_groups"] == [{"lr": 0.1, "momentum": 0.9, "dampening": 0, "weight_decay": 0,
                                   "nesterov": False, "maximize": False, "foreach": None,
                                   "differentiable": False, "fused": None, "params": [0, 1]}]
    assert sd["state"][1]["momentum_buffer"].tolist() == [1.0, 1.0, 1.0]
    with pytest.raises(ValueError, match="^loaded state dict contains a parameter group that "
                                         "doesn't match the size of optimizer's group$"):
        torch.optim.SGD([a], lr=0.1).load_state_dict(sd)
    with pytest.raises(ValueError, match="^loaded state dict has a different number of "
                                         "parameter groups$"):
        torch.optim.SGD([{"params": [a]}, {"params": [b]}], lr=0.1).load_state_dict(sd)
    opt2 = torch.optim.SGD([b, a], lr=0.3)
    opt2.load_state_dict(sd)
    assert opt2.state[a]["momentum_buffer"] is sd["state"][1]["momentum_buffer"]
    assert [id(p) for p in opt2.param_groups[0]["params"]] == [id(b), id(a)]
    assert sd["param_groups"][0] is not opt2.param_groups[0]


def test_param_groups_defaults_and_errors():
    a, b = _param(), _param()
    opt = torch.optim.Adam([{"params": [a]}, {"params": b, "lr": 0.5}])
    assert [g["lr"] for g in opt.param_groups] == [0.001, 0.5]
    assert opt.param_groups[1]["params"][0] is b and opt.param_groups[1]["betas"] == (0.9, 0.999)
    cases = [
        (lambda: torch.optim.SGD([{"params": [a]}, {"params": [a]}], lr=0.1), ValueError,
         "some parameters appear in more than one parameter group"),
        (lambda: torch.optim.SGD([], lr=0.1), ValueError, "optimizer got an empty parameter list"),
        (lambda: torch.optim.SGD(a, lr=0.1), TypeError, ("params argument given to the optimizer "
         "should be an iterable of Tensors or dicts, but got torch.FloatTensor")),
        (lambda: torch.optim.SGD([5], lr=0.1), TypeError,
         "optimizer can only optimize Tensors, but one of the params is int"),
        (lambda: torch.optim.SGD([a * 2], lr=0.1), ValueError, "can't optimize a non-leaf Tensor"),
        (lambda: opt.add_param_group([a]), TypeError,
         "param_group must be a dict, but got <class 'list'>"),
        (lambda: opt.add_param_group({"params": {_param()}}), TypeError,
         ("optimizer parameters need to be organized in ordered collections, but the ordering of "
         "tensors in sets will change between runs. Please use a list instead.")),
        (lambda: torch.optim.Optimizer([a], {"lr": torch.optim.optimizer.required}), ValueError,
         "parameter group didn't specify a value of required optimization parameter lr"),
        (lambda: torch.optim.SGD([("a", a), b], lr=0.1), ValueError, ("all optimizer params "
         "should be with/without names. Some param names are missing")),
        (lambda: torch.optim.SGD([a], lr=0.1, nesterov=True), ValueError,
         "Nesterov momentum requires a momentum and zero dampening"),
        (lambda: torch.optim.Adam([a], betas=(1.0, 0.9)), ValueError,
         "Invalid beta parameter at index 0: 1.0"),
        (lambda: torch.optim.RMSprop([a], alpha=-1), ValueError, "Invalid alpha value: -1"),
        (lambda: torch.optim.SGD([a], differentiable=True), NotImplementedError,
         ("SGD(differentiable=True) is not supported: hookgrad optimizers update parameters in "
         "place without recording autograd history; write the update with tensor ops yourself "
         "to differentiate through it")),
    ]
    for make, exc, message in cases:
        with pytest.raises(exc) as info:
            make()
        assert str(info.value) == message
    named = torch.optim.SGD([("x", a)], lr=0.1)
    assert named.param_groups[0]["param_names"] == ["x"]
    with pytest.raises(ValueError, match="cannot add param group without names"):
        named.add_param_group({"params": [b]})
    with pytest.warns(UserWarning, match="duplicate parameters"):
        torch.optim.SGD([a, a], lr=0.1)


def test_zero_grad():
    a = _with_grad(_param())
    opt = torch.optim.SGD([a], lr=0.1)
    grad = a.grad
    opt.zero_grad(set_to_none=False)
    assert a.grad is grad and a.grad.tolist() == [0.0, 0.0] and not a.grad.requires_grad
    opt.zero_grad()
    assert a.grad is None


def test_repr_and_deepcopy_drop_hooks():
    opt = torch.optim.SGD([_param()], lr=0.1)
    opt.register_step_pre_hook(lambda *args: None)
    assert repr(opt).splitlines()[:3] == ["SGD (", "Parameter Group 0", "    dampening: 0"]
    clone = copy.deepcopy(opt)
    assert len(clone._optimizer_step_pre_hooks) == 0 and clone.param_groups[0]["lr"] == 0.1


# ---------------------------------------------------------------- step hooks (spec 9.1-9.4)
def test_step_hook_order_args_and_kwargs():
    p = _with_grad(_param())
    opt = torch.optim.SGD([p], lr=0.1)
    log = []
    handles = [
        register_optimizer_step_pre_hook(
            lambda o, a, k: log.append(("gpre", a[0] is o, len(a), k))),
        register_optimizer_step_post_hook(lambda o, a, k: log.append(("gpost", len(a), k))),
        opt.register_step_pre_hook(lambda o, a, k: log.append(("lpre", type(a).__name__, k))),
        opt.register_step_post_hook(lambda o, a, k: log.append(("lpost", k))),
    ]
    try:
        assert [h.id - handles[0].id for h in handles] == [0, 1, 2, 3]
        assert opt.step() is None
        assert log == [("gpre", True, 1, {}), ("lpre", "tuple", {}), ("lpost", {}),
                       ("gpost", 1, {})]
        log.clear()

        def closure():
            log.append("closure")
            return 3.0

        assert opt.step(closure) == 3.0
        assert log == [("gpre", True, 2, {}), ("lpre", "tuple", {}), "closure", ("lpost", {}),
                       ("gpost", 2, {})]
        log.clear()
        # a pre-hook may replace (args, kwargs); post-hooks see the replacement
        with opt.register_step_pre_hook(lambda o, a, k: (a, {"closure": closure})):
            assert opt.step() == 3.0
        assert log == [("gpre", True, 1, {}), ("lpre", "tuple", {}), "closure",
                       ("lpost", {"closure": closure}), ("gpost", 1, {"closure": closure})]
    finally:
        for handle in handles:
            handle.remove()
    assert not opt._optimizer_step_pre_hooks and not opt._optimizer_step_post_hooks
    assert type(opt._optimizer_step_pre_hooks).__name__ == "OrderedDict"


@pytest.mark.parametrize("bad", [5, (1, 2, 3), [(), {}]])
def test_step_pre_hook_bad_return(bad):
    p = _with_grad(_param())
    for cls in (torch.optim.SGD, torch.optim.AdamW):
        opt = cls([p], lr=0.1)
        opt.register_step_pre_hook(lambda o, a, k: bad)
        with pytest.raises(RuntimeError) as info:
            opt.step()
        owner = "SGD" if cls is torch.optim.SGD else "Adam"
        message = str(info.value)
        assert message.startswith(f"<function {owner}.step at 0x")
        assert message.endswith("> must return None or a tuple of (new_args, new_kwargs), but "
                                f"got {bad}.")


def test_step_wrapped_once_per_class_and_custom_subclasses():
    class Custom(torch.optim.Optimizer):
        def __init__(self, params):
            super().__init__(params, {})

        def step(self, closure=None):
            raise ValueError("boom")

    p = _param()
    opt = Custom([p])
    wrapped = Custom.step
    Custom([p])
    assert Custom.step is wrapped and wrapped.hooked and torch.optim.SGD.step.__name__ == "step"
    log = []
    opt.register_step_pre_hook(lambda *args: log.append("pre"))
    opt.register_step_post_hook(lambda *args: log.append("post"))
    with pytest.raises(ValueError, match="boom"):
        opt.step()
    assert log == ["pre"]  # post-hooks do not run when step raises


def test_step_all_hooks_order_like_upstream():
    p = _with_grad(_param())
    opt = torch.optim.Adam([p])
    data = []
    handles = [register_optimizer_step_pre_hook(lambda *args: data.append(0)),
               opt.register_step_pre_hook(lambda *args: data.append(1)),
               opt.register_step_post_hook(lambda *args: data.append(2)),
               register_optimizer_step_post_hook(lambda *args: data.append(5))]
    opt.step()
    for handle in handles:
        handle.remove()
    opt.step()
    assert data == [0, 1, 2, 5]


# ---------------------------------------------------------------- state_dict hooks (spec 9.5)
def test_state_dict_hooks_and_prepend():
    opt = torch.optim.SGD([_param()], lr=0.1)
    log = []
    opt.register_state_dict_pre_hook(lambda o: log.append("pre1"))
    opt.register_state_dict_pre_hook(lambda o: log.append("pre0"), prepend=True)

    def post(o, sd):
        log.append("post1")
        sd["extra"] = 1

    opt.register_state_dict_post_hook(post)
    opt.register_state_dict_post_hook(lambda o, sd: (log.append("post0"), {"x": sd})[1],
                                      prepend=True)
    sd = opt.state_dict()
    assert log == ["pre0", "pre1", "post0", "post1"]
    assert list(sd) == ["x", "extra"] and list(sd["x"]) == ["state", "param_groups"]


def test_load_state_dict_hooks_and_prepend():
    opt = torch.optim.SGD([_param()], lr=0.1)
    sd = copy.deepcopy(opt.state_dict())
    sd["param_groups"][0]["lr"] = 0.5
    log = []

    def pre(o, s):
        log.append(("pre", s is sd))
        s["param_groups"][0]["lr"] = 0.25

    def pre0(o, s):
        log.append(("pre0", s is sd, s == sd))
        return dict(s, param_groups=[dict(s["param_groups"][0], lr=0.002)])

    opt.register_load_state_dict_pre_hook(pre)
    opt.register_load_state_dict_pre_hook(pre0, prepend=True)
    opt.register_load_state_dict_post_hook(lambda o: log.append(("post", o.param_groups[0]["lr"])))
    opt.register_load_state_dict_post_hook(lambda o: log.append("post0"), prepend=True)
    opt.load_state_dict(sd)
    assert log == [("pre0", False, True), ("pre", False), "post0", ("post", 0.25)]
    assert opt.param_groups[0]["lr"] == 0.25 and sd["param_groups"][0]["lr"] == 0.5
    assert list(opt._optimizer_load_state_dict_pre_hooks) == sorted(
        opt._optimizer_load_state_dict_pre_hooks, reverse=True)


# ---------------------------------------------------------------- lr schedulers
def test_scheduler_state_dict_and_warnings():
    opt = torch.optim.SGD([_param()], lr=0.1)
    sched = lr_scheduler.StepLR(opt, 3, gamma=0.5)
    assert sched.state_dict() == {"step_size": 3, "gamma": 0.5, "base_lrs": [0.1],
                                  "last_epoch": 0, "_step_count": 1, "_is_initial": False,
                                  "_get_lr_called_within_step": False, "_last_lr": [0.1]}
    assert opt.param_groups[0]["initial_lr"] == 0.1 and opt.step._wrapped_by_lr_sched
    with pytest.warns(UserWarning, match=r"before `optimizer.step\(\)`"):
        sched.step()
    with pytest.warns(UserWarning, match=r"please use `get_last_lr\(\)`"):
        sched.get_lr()
    other = lr_scheduler.StepLR(torch.optim.SGD([_param()], lr=1.0), 3)
    other.load_state_dict(sched.state_dict())
    assert other.last_epoch == 1 and other.gamma == 0.5
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        opt2 = torch.optim.SGD([_param()], lr=0.1)
        sched2 = lr_scheduler.ExponentialLR(opt2, 0.5)
        opt2.step()
        sched2.step()
    assert sched2.get_last_lr() == [0.05]


def test_scheduler_closed_form_and_errors():
    sched = lr_scheduler.MultiStepLR(torch.optim.SGD([_param()], lr=0.1), [2, 4, 4])
    sched.optimizer.step()
    assert sched.state_dict()["milestones"] == {4: 2, 2: 1}
    with pytest.warns(UserWarning, match=r"The epoch parameter in `scheduler.step\(\)`"):
        sched.step(2)
    assert sched.get_last_lr() == [0.1 * 0.1]
    with pytest.raises(KeyError, match="param 'initial_lr' is not specified in param_groups"):
        lr_scheduler.StepLR(torch.optim.SGD([_param()], lr=0.1), 3, last_epoch=2)
    with pytest.raises(TypeError, match="^int is not an Optimizer$"):
        lr_scheduler.StepLR(5, 3)
    with pytest.raises(ValueError, match="^Expected 1 lr_lambdas, but got 2$"):
        lr_scheduler.LambdaLR(torch.optim.SGD([_param()], lr=0.1), [abs, abs])


def _record():
    import textwrap

    import torch as real_torch
    print("EXPECTED = {")
    for name in CONFIGS:
        print(f"    {name!r}: (")
        for fmt, values in zip(("%.8g", "%.8g", "%.12g"), train(real_torch, name)):
            chunks = textwrap.wrap(" ".join(fmt % v for v in values), 84) or [""]
            chunks = [c + " " for c in chunks[:-1]] + chunks[-1:]
            print("\n".join(f"        {c!r}" for c in chunks) + ",")
        print("    ),")
    print("}")


if __name__ == "__main__":
    _record()
