"""PyTorch's CPU random numbers: the same Mersenne Twister, seeded the same way, turned into
floats and ints by the same formulas, so `manual_seed(0); randn(3)` prints what PyTorch prints.

PyTorch's CPU generator is a 32-bit MT19937 (NumPy has the very same bit generator, so the 32-bit
words come from NumPy); its kernels read them one element at a time, in memory order:
- uniform (rand, uniform_): float32 takes the low 24 bits of one word, float64 the low 53 bits
  of two (first << 32 | second), as x / 2**bits, then from + x * (to - from);
- normal (randn, normal_) of 16+ contiguous elements fills them with uniforms, then turns each
  block of 16 into 8 Box-Muller pairs (the last block, if short, is drawn again whole); fewer
  elements, or strided ones, are drawn in float64 one at a time, every second one the other
  half of the previous pair (kept in the generator: "next_double_normal_sample");
- integers (randint, random_): one word (two past 2**32) modulo the range;
- bernoulli and dropout: a uniform below p (53 bits for a number p);
- exponential, geometric, cauchy: a formula of one float64 uniform;
- multinomial: a binary search of the cumulative sums (with replacement), else the largest
  p / Exponential(1); poisson and binomial: ATen's sample_poisson and sample_binomial.
The float arithmetic is PyTorch's own too, down to the fused multiply-adds its compiler makes,
so the bits are the same (tests/test_random.py).
"""
import math
import numbers
import os

import numpy as np

from ._math import _c, _fma
from .tensor import Tensor, _Device, _check_device

# PyTorch's seed of a new Generator(). Its default generator takes one from the operating system
# at startup; minigrad's takes this one too, so that unseeded runs repeat.
DEFAULT_SEED = 67280421310721


def _mt19937(key, pos):
    """NumPy's MT19937 bit generator at this state: 624 words, and the position of the next."""
    bits = np.random.MT19937()
    bits.state = {"bit_generator": "MT19937", "state": {"key": key, "pos": pos}}
    return bits


def _mt_key(seed):
    """MT19937's 624 words of state for a 32-bit seed (init_genrand, as PyTorch's at::mt19937)."""
    key = [seed & 0xFFFFFFFF]
    for i in range(1, 624):
        key.append((1812433253 * (key[-1] ^ (key[-1] >> 30)) + i) & 0xFFFFFFFF)
    return np.array(key, np.uint32)


_f32 = np.float32
_LOG_P = [_f32(c) for c in (7.0376836292E-2, -1.1514610310E-1, 1.1676998740E-1, -1.2420140846E-1,
                            1.4249322787E-1, -1.6668057665E-1, 2.0000714765E-1, -2.4999993993E-1,
                            3.3333331174E-1)]
_COS_P = [_f32(c) for c in (2.443315711809948E-005, -1.388731625493765E-003, 4.166664568298827E-002)]
_SIN_P = [_f32(c) for c in (-1.9515295891E-4, 8.3321608736E-3, -1.6666654611E-1)]
_MINUS_DP = [_f32(c) for c in (-0.78515625, -2.4187564849853515625e-4, -3.77489497744594108e-8)]


def _log256(x):
    """avx_mathfun's log256_ps (Cephes' logf) for x > 0: x = m 2**e with m in [sqrt(1/2),
    sqrt(2)), then log(m) by a polynomial, plus e log(2) in two parts."""
    bits = np.maximum(x, _f32(2.0**-126)).view(np.int32)
    e = ((bits >> 23) - 0x7F).astype(_f32) + _f32(1)
    x = ((bits & ~0x7F800000) | 0x3F000000).view(_f32)  # the mantissa, as a number in [0.5, 1)
    small = x < _f32(0.707106781186547524)
    tmp = np.where(small, x, _f32(0))
    x, e = x - _f32(1), e - small.astype(_f32)
    x = x + tmp
    z = x * x
    y = np.full_like(x, _LOG_P[0])
    for c in _LOG_P[1:]:
        y = _fma(y, x, c)
    y = _fma(y * x, z, e * _f32(-2.12194440e-4))
    y = _fma(-z, _f32(0.5), y)
    return _fma(e, _f32(0.693359375), x + y)


def _flip(v, sign):
    """v with its sign bit flipped where `sign` (avx_mathfun's xor with a sign mask)."""
    return (v.view(np.uint32) ^ (sign.astype(np.uint32) << 31)).view(_f32)


def _sincos256(x):
    """avx_mathfun's sincos256_ps (Cephes' sinf and cosf) for x >= 0: x reduced by multiples of
    pi/4 in three parts, then one of two polynomials and a sign, chosen by the octant."""
    j = (x * _f32(1.27323954473516)).astype(np.int32)
    j = (j + 1) & ~1
    y = j.astype(_f32)
    for dp in _MINUS_DP:
        x = _fma(y, dp, x)
    z = x * x
    c = _fma(_fma(np.full_like(z, _COS_P[0]), z, _COS_P[1]), z, _COS_P[2]) * z
    c = _fma(c, z, -(z * _f32(0.5))) + _f32(1)
    s = _fma(_fma(_fma(np.full_like(z, _SIN_P[0]), z, _SIN_P[1]), z, _SIN_P[2]) * z, x, x)
    first = (j & 2) == 0  # octants where sin takes the sine polynomial
    sin = np.where(first, s, c)
    cos = np.where(first, c, s)
    return _flip(sin, (j & 4) != 0), _flip(cos, ((j - 2) & 4) == 0)


def _box_muller_16(u, mean, std):
    """normal_fill_16_AVX2 on rows of 16 float32 uniforms: u1 = 1 - u[:8], u2 = u[8:];
    r = sqrt(-2 log u1), theta = 2 pi u2; r cos theta and r sin theta, times std plus mean.
    PyTorch's AVX2 kernel, which x86 machines with AVX2 run (with AVX-512 too): avx_mathfun's
    log and sincos, as GCC compiles them (each multiply feeding an add fused with it)."""
    u1, u2 = _f32(1) - u[:, :8], u[:, 8:]
    radius = np.sqrt(_f32(-2) * _log256(u1))
    sin, cos = _sincos256(_f32(2 * np.pi) * u2)
    n = np.concatenate([radius * cos, radius * sin], 1)
    return n if std == 1 and mean == 0 else _fma(n, _f32(std), _f32(mean))


def _box_muller_16_scalar(u, mean, std):
    """normal_fill_16 (the scalar kernel, float64 here): log, cos and sin from C, theta
    rounded to the dtype, r cos theta * std + mean."""
    u1, u2 = 1.0 - u[:, :8], u[:, 8:]
    radius = np.sqrt(-2.0 * _c("log", u1))
    theta = 2 * np.pi * u2
    return _fma(np.concatenate([radius * _c("cos", theta), radius * _c("sin", theta)], 1),
                std, mean)


def _log(v):
    """C's log: -inf at 0 and nan below, where Python's math.log raises."""
    return math.log(v) if v > 0 else -math.inf if v == 0 else math.nan


def _whole(round_, v):
    """C's floor or ceil (math.floor or math.ceil): an inf or nan stays as it is."""
    return float(round_(v)) if math.isfinite(v) else v


def _float32(v):
    """v rounded to float32: a float sampler's own sums and products (exact in float64 first,
    so rounding once more gives float32's)."""
    return float(np.float32(v))


def _sample_poisson(lam, uniform):
    """ATen's sample_poisson for one rate, `uniform()` its float64 draws: a product of
    uniforms below 10, Hoermann's transformed rejection (1993) from 10 up."""
    if lam >= 10:
        slam, loglam = math.sqrt(lam), math.log(lam)
        b = 0.931 + 2.53 * slam
        a = -0.059 + 0.02483 * b
        invalpha = 1.1239 + 1.1328 / (b - 3.4)
        vr = 0.9277 - 3.6224 / (b - 2)
        while True:
            u = uniform() - 0.5
            v = uniform()
            us = 0.5 - abs(u)
            if us == 0:  # (u = -0.5: C's k is int64's smallest, refused below; Python would
                continue  # divide by zero)
            k = math.floor((2 * a / us + b) * u + lam + 0.43)
            if us >= 0.07 and v <= vr:
                return k
            if k < 0 or (us < 0.013 and v > us):
                continue
            if (_log(v) + math.log(invalpha) - math.log(a / (us * us) + b)  # (log(0): -inf)
                    <= -lam + k * loglam - math.lgamma(k + 1)):
                return k
    if lam == 0:
        return 0
    count, product, limit = 0, 1.0, math.exp(-lam)
    while True:
        product *= uniform()
        if not product > limit:  # (a nan rate: at once, 0)
            return count
        count += 1


_STIRLING_TAIL = (0.0810614667953272, 0.0413406959554092, 0.0276779256849983, 0.02079067210376509,
                  0.0166446911898211, 0.0138761288230707, 0.0118967099458917, 0.0104112652619720,
                  0.00925546218271273, 0.00833056343336287)


def _stirling_tail(k):
    """log(k!) minus Stirling's approximation of it: a table up to 9, a series above."""
    if k <= 9:
        return _STIRLING_TAIL[int(k)]
    kp1sq = (k + 1) * (k + 1)
    return (1.0 / 12 - (1.0 / 360 - 1.0 / 1260 / kp1sq) / kp1sq) / (k + 1)


def _binomial_inversion(count, prob, uniform, f):
    """Successes as geometric waiting times, ceil(log u / log1p(-prob)), summed until they pass
    count. (`f`: the tensors' dtype; for float32 log1p is C's log1pf.)"""
    logprob = float(_c("log1p", np.float32(-prob))) if f is _float32 else math.log1p(-prob)
    geom_sum, successes = 0.0, 0.0
    while True:
        geom_sum += _whole(math.ceil, _log(uniform()) / logprob)
        if geom_sum > count:
            return successes
        successes += 1


def _btrs(count, prob, uniform, f):
    """Hoermann's transformed rejection with squeeze (BTRS, 1993), as TensorFlow's: a candidate
    from a pair of uniforms, kept at once inside a box, else checked against a Stirling bound.
    Sums and products of count and prob are in the tensors' dtype (`f`), the rest in float64."""
    stddev = f(math.sqrt(f(f(count * prob) * f(1 - prob))))
    b = 1.15 + 2.53 * stddev
    a = -0.0873 + 0.0248 * b + 0.01 * prob
    c = f(count * prob) + 0.5
    v_r = 0.92 - 4.2 / b
    r = f(prob / f(1 - prob))
    alpha = (2.83 + 5.1 / b) * stddev
    m = _whole(math.floor, f(f(count + 1) * prob))
    while True:
        u = uniform() - 0.5
        v = uniform()
        us = 0.5 - abs(u)
        if us == 0:  # (u = -0.5: C's k is -inf, refused below; Python would divide by zero)
            continue
        k = f(_whole(math.floor, (2 * a / us + b) * u + c))
        if k < 0 or k > count:
            continue
        if us >= 0.07 and v <= v_r:
            return k
        left = f(f(count - k) + 1)
        bound = ((m + 0.5) * _log((m + 1) / (r * (count - m + 1)))
                 + f(count + 1) * _log((count - m + 1) / left)
                 + (k + 0.5) * _log(r * left / f(k + 1))
                 + _stirling_tail(m) + _stirling_tail(count - m)
                 - _stirling_tail(k) - _stirling_tail(f(count - k)))
        if _log(v * alpha / (a / (us * us) + b)) <= bound:
            return k


def _sample_binomial(count, prob, uniform, f):
    """ATen's sample_binomial for one count and prob: inversion while count * prob < 10, else
    BTRS; a prob above 1/2 counts the failures instead. A nan prob gives nan, as PyTorch's; so
    does a nan count (PyTorch's inversion never ends: no sum of waiting times passes nan)."""
    if count <= 0 or prob <= 0:
        return 0.0
    if prob >= 1:
        return count
    if math.isnan(prob) or math.isnan(count):
        return math.nan
    sampler = lambda p: _btrs if f(count * p) >= 10 else _binomial_inversion
    if prob <= 0.5:
        return sampler(prob)(count, prob, uniform, f)
    q = f(1.0 - prob)
    return f(count - sampler(q)(count, q, uniform, f))


class Generator:
    """The random state behind randn/rand/randint/randperm/...: manual_seed(s) makes runs
    repeatable, with PyTorch's own numbers (see the module's docstring)."""

    def __init__(self, device="cpu"):
        # The NumPy bit generator is made on first draw: importing numpy.random at `import
        # minigrad` would cost every import ~20 ms.
        self.device = _Device(device)
        _check_device(self.device)
        self._seed, self._bits, self._next_normal = DEFAULT_SEED, None, None

    def manual_seed(self, seed):
        if not isinstance(seed, numbers.Integral):
            from ._arg_parser import type_name
            raise RuntimeError(f"manual_seed expected a long, but got {type_name(seed)}")
        self._seed = int(seed) % 2**64  # a negative seed wraps around, as PyTorch's uint64
        self._bits = self._next_normal = None  # (MT19937 reads the seed's low 32 bits)
        return self

    def seed(self):
        """Seed from the operating system's entropy (a fresh, unrepeatable start); returns it."""
        return self.manual_seed(int.from_bytes(os.urandom(8), "little"))._seed

    def initial_seed(self):
        return self._seed

    @property
    def _mt(self):
        if self._bits is None:
            self._bits = _mt19937(_mt_key(self._seed), 624)
        return self._bits

    # --- PyTorch's draws ------------------------------------------------------------------------
    def _words(self, n):
        """The next n 32-bit words (as uint64)."""
        return self._mt.random_raw(n)

    def _words64(self, n):
        """random64(): two words, the first as the high half."""
        w = self._words(2 * n)
        return (w[0::2] << np.uint64(32)) | w[1::2]

    def uniform(self, shape, dtype, from_=0.0, to=1.0):
        """uniform_real_distribution, element by element: [from, to) in `dtype`."""
        n = int(np.prod(shape))
        if dtype == np.float64:
            x = (self._words64(n) & np.uint64(2**53 - 1)) * 2.0**-53
        else:
            x = (self._words(n) & np.uint64(2**24 - 1)) * 2.0**-24
        if from_ == 0 and to == 1:  # (x itself: rand's, and every sampler's uniform)
            return x.astype(dtype).reshape(shape)
        t = np.dtype(dtype).type
        span = np.float64(t(to) - t(from_))  # (to - from in the dtype; the rest in float64, a
        return _fma(x, span, t(from_)).astype(dtype).reshape(shape)  # fused multiply-add)

    def normal(self, shape, dtype, mean=0.0, std=1.0, contiguous=True):
        """normal_kernel: N(mean, std) in `dtype` (see the module's docstring)."""
        n = int(np.prod(shape))
        if n >= 16 and contiguous:
            u = self.uniform((n,), dtype)
            out = np.empty(n, dtype)
            full = n // 16 * 16
            fill = _box_muller_16 if dtype == np.float32 else _box_muller_16_scalar
            out[:full] = fill(u[:full].reshape(-1, 16), mean, std).reshape(-1)
            if full < n:  # the last 16 drawn again: they overwrite the end of the last block
                out[n - 16:] = fill(self.uniform((1, 16), dtype), mean, std).reshape(-1)
            return out.reshape(shape)
        # normal_distribution<double>, a pair at a time: the number kept from the last call
        # first, then (u1, u2) -> r cos(theta), r sin(theta), with C's log1p, cos and sin;
        # an odd count keeps the last sine for the next call
        kept = [] if self._next_normal is None else [self._next_normal]
        u = self.uniform((max(n - len(kept) + 1, 0) // 2, 2), np.float64)
        radius = np.sqrt(-2.0 * _c("log1p", -u[:, 1]))
        theta = 2.0 * math.pi * u[:, 0]
        pairs = np.stack([radius * _c("cos", theta), radius * _c("sin", theta)], 1).reshape(-1)
        out = np.concatenate([kept, pairs])
        self._next_normal = out[n].item() if len(out) > n else None
        return _fma(out[:n], std, mean).astype(dtype).reshape(shape)

    # ATen's serial samplers: a float64 formula per element (C's functions), then cast to dtype
    def exponential(self, shape, dtype, lambd=1.0):
        """-1 / lambd * log1p(-u)."""
        return (-1.0 / lambd * _c("log1p", -self.uniform(shape, np.float64))).astype(dtype)

    def geometric(self, shape, dtype, p):
        """ceil(log(u) / log1p(-p))."""
        return np.ceil(_c("log", self.uniform(shape, np.float64)) / math.log1p(-p)).astype(dtype)

    def cauchy(self, shape, dtype, median, sigma):
        """median + sigma * tan(pi * (u - 0.5))."""
        u = self.uniform(shape, np.float64)
        return (median + sigma * _c("tan", np.pi * (u - 0.5))).astype(dtype)

    def log_normal(self, shape, dtype, mean, std):
        """exp of a float64 normal_distribution's draw (the serial one, pair by pair)."""
        return _c("exp", self.normal(shape, np.float64, mean, std, False)).astype(dtype)

    def poisson(self, rates):
        """ATen's sample_poisson for each rate (row-major), in the rates' dtype. A rate past
        int64's range gives int64's smallest value, as PyTorch's, whose int64 count overflows."""
        counts = self._serially(lambda lam, uniform: -2.0**63 if lam >= 2.0**63
                                else _sample_poisson(lam, uniform), rates.astype(np.float64))
        return counts.astype(rates.dtype)

    def binomial(self, count, prob):
        """ATen's sample_binomial for each (count, prob) pair (row-major, broadcast), in count's
        dtype: float32 tensors round the sampler's sums and products of them to float32."""
        f = _float32 if count.dtype == np.float32 else float
        count, prob = np.broadcast_arrays(count, prob)
        return self._serially(lambda n, p, uniform: _sample_binomial(n, p, uniform, f),
                              count, prob).astype(count.dtype)

    def _serially(self, sample, *arrays):
        """sample(*values, uniform) for each element of the arrays in turn (row-major), as
        ATen's serial kernels run: `uniform()` gives the next float64 uniform. Samplers take a
        varying number of them: they are drawn in blocks (a NumPy call each took most of the
        time), then the generator is set just past those used."""
        start, drawn, used = self._mt.state, [], 0

        def uniform():
            nonlocal used
            if used == len(drawn):
                drawn.extend(self.uniform((2 * len(drawn) + 64,), np.float64).tolist())
            used += 1
            return drawn[used - 1]

        values = zip(*(a.reshape(-1).tolist() for a in arrays))
        out = np.array([sample(*v, uniform) for v in values], np.float64)
        self._mt.state = start
        self._words(2 * used)
        return out.reshape(arrays[0].shape)

    def integers(self, shape, dtype, low, high):
        """random_from_to: low + word % (high - low), two words for a range of 2**32 or more."""
        n, span = int(np.prod(shape)), high - low
        words = self._words64(n) if span >= 2**32 else self._words(n)
        return (low + (words % np.uint64(span)).astype(np.int64)).astype(dtype).reshape(shape)

    def permutation(self, n):
        """randperm: swap element i with one of i..n-1 (word % (n - i)), for i = 0 .. n-2."""
        r = np.arange(n)
        words = self._words(max(n - 1, 0))
        for i in range(n - 1):
            z = i + int(words[i] % (n - i))
            r[i], r[z] = r[z], r[i]
        return r

    # --- state ----------------------------------------------------------------------------------
    _STATE_BYTES = 8 + 624 * 4 + 4 + 1 + 8  # seed, MT19937's words and position, a kept normal

    def get_state(self):
        """The whole state as a uint8 tensor (2,513 bytes: minigrad's layout, not PyTorch's)."""
        state = self._mt.state["state"]
        kept = self._next_normal
        raw = (self._seed.to_bytes(8, "little") + state["key"].astype("<u4").tobytes()
               + int(state["pos"]).to_bytes(4, "little") + bytes([kept is not None])
               + np.float64(kept or 0.0).tobytes())
        return Tensor._make(np.frombuffer(raw, np.uint8).copy())

    def set_state(self, new_state):
        from ._arg_parser import type_name
        from .dtypes import uint8
        if not isinstance(new_state, Tensor):
            raise TypeError(f"expected a minigrad.ByteTensor, but got {type_name(new_state)}")
        if new_state.dtype is not uint8:
            raise TypeError("RNG state must be a minigrad.ByteTensor")
        if new_state.numel() != self._STATE_BYTES:
            raise RuntimeError(f"Expected a CPUGeneratorImplState of size {self._STATE_BYTES} "
                               f"but found the input RNG state size to be {new_state.numel()}")
        raw = new_state._data.tobytes()
        self._seed = int.from_bytes(raw[:8], "little")
        key = np.frombuffer(raw[8:2504], "<u4").astype(np.uint32)
        self._bits = _mt19937(key, int.from_bytes(raw[2504:2508], "little"))
        self._next_normal = float(np.frombuffer(raw[2509:], np.float64)[0]) if raw[2508] else None
        return self


Generator.__module__ = "minigrad._C"
default_generator = Generator()
