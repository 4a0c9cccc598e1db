"""minigrad.save / minigrad.load round trips through real files (the printed behaviour, checked
against PyTorch, is in semantics_cases.py's `data_save_load`)."""
import pickle

import numpy as np
import pytest

import minigrad as torch

DTYPES = [torch.float32, torch.float64, torch.int64, torch.int32, torch.int16, torch.int8,
          torch.uint8, torch.bool]


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("shape", [(), (0,), (3,), (2, 3), (2, 0, 4)])
def test_tensor_round_trip_keeps_values_dtype_and_shape(tmp_path, dtype, shape):
    x = (torch.arange(int(np.prod(shape))) % 3).reshape(shape).to(dtype)
    torch.save(x, tmp_path / "x.pt")
    y = torch.load(tmp_path / "x.pt")
    assert y is not x and y.dtype is dtype and y.shape == x.shape
    assert np.array_equal(y.numpy(), x.numpy())


def test_requires_grad_kept_history_and_grad_dropped(tmp_path):
    x = torch.tensor([1., 2.], requires_grad=True)
    x.grad = torch.ones(2)
    torch.save({"leaf": x, "result": x * 3, "plain": torch.ones(2)}, str(tmp_path / "d.pt"))
    d = torch.load(str(tmp_path / "d.pt"))
    assert d["leaf"].requires_grad and d["leaf"].is_leaf and d["leaf"].grad is None
    assert d["result"].requires_grad and d["result"].grad_fn is None
    assert d["result"].tolist() == [3., 6.]
    assert not d["plain"].requires_grad
    d["leaf"].sum().backward()  # a loaded leaf trains like any other
    assert d["leaf"].grad.tolist() == [1., 1.]


def test_tensors_sharing_memory_share_it_after_load(tmp_path):
    base = torch.arange(12.).reshape(3, 4)
    views = [base, base[1], base.t(), base[:, 1:3], base.flatten()]
    torch.save(views, tmp_path / "v.pt")
    loaded = torch.load(tmp_path / "v.pt")
    for saved, got in zip(views, loaded):
        assert got.shape == saved.shape and got.stride() == saved.stride()
        assert got.storage_offset() == saved.storage_offset()
        assert got.tolist() == saved.tolist()
    loaded[0][1, 2] = -1.  # one write, seen through every loaded view as before saving
    base[1, 2] = -1.
    for saved, got in zip(views, loaded):
        assert got.tolist() == saved.tolist()


def test_tensors_saved_separately_do_not_share(tmp_path):
    a = torch.zeros(3)
    torch.save(a, tmp_path / "a.pt")
    torch.save(a, tmp_path / "b.pt")
    x, y = torch.load(tmp_path / "a.pt"), torch.load(tmp_path / "b.pt")
    x[0] = 5.
    assert y[0].item() == 0. and a[0].item() == 0.


def test_parameter_loads_as_parameter(tmp_path):
    frozen = torch.nn.Parameter(torch.ones(2), requires_grad=False)
    torch.save([torch.nn.Parameter(torch.ones(2)), frozen], tmp_path / "p.pt")
    p, q = torch.load(tmp_path / "p.pt")
    assert type(p) is torch.nn.Parameter and p.requires_grad and p.is_leaf
    assert type(q) is torch.nn.Parameter and not q.requires_grad


def test_model_and_optimizer_checkpoint_resume_the_same_run(tmp_path):
    """Save mid-training, load into fresh objects: the next steps are the same."""
    torch.manual_seed(0)
    x, y = torch.randn(8, 3), torch.randn(8, 1)

    def step(model, opt):
        opt.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        opt.step()

    model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Tanh(), torch.nn.Linear(4, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    step(model, opt)
    with open(tmp_path / "ckpt.pt", "wb") as f:  # a file object works as well as a path
        torch.save({"model": model.state_dict(), "opt": opt.state_dict()}, f)
    step(model, opt)

    model2 = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Tanh(), torch.nn.Linear(4, 1))
    opt2 = torch.optim.SGD(model2.parameters(), lr=0.1, momentum=0.9)
    with open(tmp_path / "ckpt.pt", "rb") as f:
        ckpt = torch.load(f)
    model2.load_state_dict(ckpt["model"])
    opt2.load_state_dict(ckpt["opt"])
    step(model2, opt2)
    for a, b in zip(model.parameters(), model2.parameters()):
        assert np.array_equal(a.detach().numpy(), b.detach().numpy())


_CALLS = []


def _record(what):
    _CALLS.append(what)


class _Exploit:
    """Unpickling it calls _record: any function could be called instead (os.system, ...)."""

    def __reduce__(self):
        return _record, ("ran",)


def test_weights_only_refuses_other_globals_without_running_them(tmp_path):
    torch.save({"w": torch.ones(1), "x": _Exploit()}, tmp_path / "bad.pt")
    with pytest.raises(pickle.UnpicklingError, match="Weights only load failed"):
        torch.load(tmp_path / "bad.pt")
    assert _CALLS == []
    torch.load(tmp_path / "bad.pt", weights_only=False)  # trusted: now it runs
    assert _CALLS == ["ran"]


def test_other_pickle_protocols(tmp_path):
    x = torch.arange(6.).reshape(2, 3)[:, 1:]
    for protocol in (2, 4, pickle.HIGHEST_PROTOCOL):
        torch.save(x, tmp_path / "x.pt", pickle_protocol=protocol)
        y = torch.load(tmp_path / "x.pt")
        assert y.tolist() == x.tolist() and y.stride() == x.stride()


def test_generator_state_round_trips_through_a_file(tmp_path):
    g = torch.Generator().manual_seed(123)
    torch.save(g.get_state(), tmp_path / "rng.pt")
    first = torch.randn(5, generator=g)
    g2 = torch.Generator()
    g2.set_state(torch.load(tmp_path / "rng.pt"))
    assert g2.initial_seed() == 123
    assert torch.equal(torch.randn(5, generator=g2), first)
