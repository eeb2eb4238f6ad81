"""End to end: a small CNN learns the bundled digits (autograd, conv layers, Adam, DataLoader)."""
import hookgrad as torch
from hookgrad.demo import build_model, predict, split_digits, train_epoch, whole
from hookgrad.utils.data import DataLoader


def test_small_cnn_reaches_95_percent_on_held_out_digits():
    torch.manual_seed(0)
    train_set, test_set = split_digits(seed=0)
    model = build_model()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
    schedule = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, 10)
    loader = DataLoader(train_set, batch_size=32, shuffle=True)
    losses = []
    for _ in range(10):  # 97.2% with seed 0; at least 96.4% for seeds 0..7
        losses.append(train_epoch(model, optimizer, loader)[0])
        schedule.step()
    images, labels = whole(test_set)
    accuracy = (predict(model, images) == labels.numpy()).mean()
    assert len(test_set) == 359 and not set(train_set.indices) & set(test_set.indices)
    assert losses[-1] < losses[0] / 5
    assert accuracy >= 0.95, f"test accuracy {accuracy:.1%}, losses {losses}"
