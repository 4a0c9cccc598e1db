"""minigrad's random numbers are PyTorch's, bit for bit (minigrad/_generator.py): every draw of
many sizes, seeds, dtypes and layouts is compared with live PyTorch's. (The recorded semantics
case `data_random_numbers_are_pytorchs` checks printed values without PyTorch.)"""
import numpy as np
import pytest

import minigrad

torch = pytest.importorskip(
    "torch", reason="PyTorch 2.13 not installed: random numbers are checked against the recording only")

SIZES = (1, 2, 15, 16, 17, 31, 32, 100, 1000, 4099)
DRAWS = {
    "rand": lambda m, n, dt: m.rand(n, dtype=dt),
    "randn": lambda m, n, dt: m.randn(n, dtype=dt),
    "uniform_(-2, 3)": lambda m, n, dt: m.empty(n, dtype=dt).uniform_(-2, 3),
    "normal_(0.3, 2.5)": lambda m, n, dt: m.empty(n, dtype=dt).normal_(0.3, 2.5),
    "normal_ transposed": lambda m, n, dt: m.empty(n, 2, dtype=dt).t().normal_(),
    "uniform_ transposed": lambda m, n, dt: m.empty(n, 2, dtype=dt).t().uniform_(),
    "log_normal_": lambda m, n, dt: m.empty(n, dtype=dt).log_normal_(0.5, 0.3),
    "bernoulli_(0.3)": lambda m, n, dt: m.empty(n, dtype=dt).bernoulli_(0.3),
    "bernoulli(p)": lambda m, n, dt: m.bernoulli(m.full((n,), 0.4, dtype=dt)),
    "dropout": lambda m, n, dt: m.nn.functional.dropout(m.ones(n, dtype=dt), 0.3),
    "exponential_": lambda m, n, dt: m.empty(n, dtype=dt).exponential_(0.7),
    "geometric_": lambda m, n, dt: m.empty(n, dtype=dt).geometric_(0.3),
    "cauchy_": lambda m, n, dt: m.empty(n, 2, dtype=dt).t().cauchy_(0.5, 2.0),
    "randint": lambda m, n, dt: m.randint(-5, 2**40, (n,)),
    "random_": lambda m, n, dt: m.empty(n, dtype=dt).random_(),
    "randperm": lambda m, n, dt: m.randperm(n),
    "multinomial": lambda m, n, dt: m.multinomial(m.arange(1., 6., dtype=dt), n, True),
    "multinomial, no replacement": lambda m, n, dt: m.multinomial(m.arange(1., n + 2, dtype=dt),
                                                                  (n + 1) // 2),
    "poisson": lambda m, n, dt: m.poisson(m.arange(n, dtype=dt) * 0.37),
    "binomial": lambda m, n, dt: m.binomial(m.arange(n, dtype=dt) * 1.7 % 61,
                                            m.arange(n, dtype=dt) * 0.37 % 1),
    "binomial, large counts": lambda m, n, dt: m.binomial(m.full((n,), 1e3 + 0.5, dtype=dt),
                                                          m.tensor([0.3, 0.7, 0.01], dtype=dt)
                                                          .repeat(n)[:n]),
    "DataLoader shuffle": lambda m, n, dt: m.cat([b for b, in m.utils.data.DataLoader(
        m.utils.data.TensorDataset(m.arange(n, dtype=dt)), batch_size=7, shuffle=True)]),
}


def _bits(t):
    a = np.ascontiguousarray(t.detach().numpy())
    return a.view(np.uint8) if a.dtype.kind == "f" else a


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("draw", DRAWS)
def test_draws_are_pytorchs_bit_for_bit(draw, dtype):
    for seed in (0, 1, 2**33 + 5):
        torch.manual_seed(seed)
        minigrad.manual_seed(seed)
        for n in SIZES:
            ours = DRAWS[draw](minigrad, n, getattr(minigrad, dtype))
            theirs = DRAWS[draw](torch, n, getattr(torch, dtype))
            assert np.array_equal(_bits(ours), _bits(theirs)), (draw, dtype, seed, n)


def test_new_generators_start_as_pytorchs():
    """A new Generator() starts from PyTorch's fixed seed (its default generator is seeded from
    the operating system at startup; minigrad's from that fixed seed, so unseeded runs repeat)."""
    assert minigrad.Generator().initial_seed() == torch.Generator().initial_seed()
    assert minigrad.rand(5, generator=minigrad.Generator()).tolist() == \
        torch.rand(5, generator=torch.Generator()).tolist()


def test_a_kept_normal_carries_over_between_calls():
    """Fewer than 16 normals are drawn in pairs: the second of a pair waits in the generator for
    the next call, and manual_seed drops it."""
    for lib in (torch, minigrad):
        lib.manual_seed(0)
        lib.randn(3)
    assert minigrad.randn(1).item() == torch.randn(1).item()
    torch.manual_seed(0), minigrad.manual_seed(0)
    torch.randn(1), minigrad.randn(1)
    torch.manual_seed(0), minigrad.manual_seed(0)
    assert minigrad.randn(1).item() == torch.randn(1).item()


def test_samplers_take_the_uniforms_c_takes():
    """A uniform of exactly 0 (one in 2**53) is fine in C and an error in Python's math: a pair
    with u = 0 is refused (its candidate is -inf), and v = 0 accepts (log 0 is -inf, below any
    bound), as a v too small to matter does."""
    from minigrad._generator import _float32, _sample_binomial, _sample_poisson
    samplers = {"poisson": lambda uniform: _sample_poisson(30.0, uniform),
                "binomial": lambda uniform: _sample_binomial(200.0, 0.3, uniform, float),
                "binomial, float32": lambda uniform: _sample_binomial(200.0, 0.3, uniform, _float32)}
    rest = [0.31, 0.97, 0.52, 0.4, 0.6, 0.2] * 20
    for name, sample in samplers.items():
        draw = lambda values: sample(iter(values).__next__)
        assert draw([0.0, 0.5] + rest) == draw(rest), name
        assert draw([0.96, 0.0] + rest) == draw([0.96, 5e-324] + rest) != draw(rest), name
