"""Recurrent cells: one time step of an RNN, LSTM or GRU, as in torch.nn.modules.rnn.

PyTorch computes a step with ATen's rnn_tanh_cell / lstm_cell / gru_cell (RNN.cpp), which are
made of ordinary ops (linear, unsafe_chunk, sigmoid, tanh, mul, add): the functions below (torch
has them as torch.rnn_tanh_cell, ...) repeat them op for op, so the graph has PyTorch's nodes, in
its order."""
import math

from ... import ops
from .. import functional as F, init
from ..parameter import Parameter
from .module import Module


def _check_input(input, w_ih):
    if input.size(1) != w_ih.size(1):
        raise RuntimeError(f"input has inconsistent input_size: got {input.size(1)} expected "
                           f"{w_ih.size(1)}")


def _check_hidden(input, hx, w_hh):
    """For each hidden state k (hidden0, and hidden1 for an LSTM's cell state)."""
    for k, h in enumerate(hx):
        if input.size(0) != h.size(0):
            raise RuntimeError(f"Input batch size {input.size(0)} doesn't match hidden{k} batch "
                               f"size {h.size(0)}")
        if h.size(1) != w_hh.size(1):
            raise RuntimeError(f"hidden{k} has inconsistent hidden_size: got {h.size(1)}, "
                               f"expected {w_hh.size(1)}")


def _check_weights(w_ih, w_hh, gates):
    """Each weight holds `gates` blocks of hidden_size rows (hidden_size: w_hh's columns)."""
    for name, w in (("weight_ih", w_ih), ("weight_hh", w_hh)):
        if w.size(0) != gates * w_hh.size(1):
            raise RuntimeError(f"{name} first dim must be {gates} * hidden_size = "
                               f"{gates * w_hh.size(1)}, but got {w.size(0)}")


def rnn_tanh_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None):
    """h' = tanh(W_hh h + b_hh + W_ih x + b_ih): ATen adds the input's part to the hidden's.
    (ATen checks each cell's arguments in its own order.)"""
    _check_weights(w_ih, w_hh, 1)
    _check_input(input, w_ih)
    _check_hidden(input, (hx,), w_hh)
    return ops.tanh(F.linear(hx, w_hh, b_hh) + F.linear(input, w_ih, b_ih))


def rnn_relu_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None):
    """rnn_tanh_cell with relu."""
    _check_weights(w_ih, w_hh, 1)
    _check_input(input, w_ih)
    _check_hidden(input, (hx,), w_hh)
    return ops.relu(F.linear(hx, w_hh, b_hh) + F.linear(input, w_ih, b_ih))


def lstm_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None):
    """The four gates come out of one pair of linears, cut in four (input, forget, cell, output);
    c' = f * c + i * g and h' = o * tanh(c')."""
    if not isinstance(hx, (tuple, list)):
        raise TypeError("lstm_cell(): argument 'hx' (position 2) must be tuple of Tensors, not "
                        f"{type(hx).__name__}")
    if len(hx) != 2:
        raise RuntimeError("lstm_cell expects two hidden states")
    _check_input(input, w_ih)
    _check_weights(w_ih, w_hh, 4)
    _check_hidden(input, hx, w_hh)
    hx, cx = hx
    gates = F.linear(hx, w_hh, b_hh) + F.linear(input, w_ih, b_ih)
    i, f, g, o = ops.unsafe_chunk(gates, 4, 1)
    cy = f.sigmoid() * cx + i.sigmoid() * g.tanh()
    return o.sigmoid() * cy.tanh(), cy


def gru_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None):
    """Reset gate r, update gate z, new gate n = tanh(x part + r * h part);
    h' = (h - n) * z + n, which is (1 - z) * n + z * h."""
    _check_input(input, w_ih)
    _check_hidden(input, (hx,), w_hh)
    _check_weights(w_ih, w_hh, 3)
    i_r, i_z, i_n = ops.unsafe_chunk(F.linear(input, w_ih, b_ih), 3, 1)
    h_r, h_z, h_n = ops.unsafe_chunk(F.linear(hx, w_hh, b_hh), 3, 1)
    r, z = (h_r + i_r).sigmoid(), (h_z + i_z).sigmoid()
    n = (i_n + h_n * r).tanh()
    return (hx - n) * z + n


class RNNCellBase(Module):
    """The parameters of a cell: weight_ih, weight_hh (and bias_ih, bias_hh), each holding
    num_chunks blocks of hidden_size rows (one for each gate)."""

    def __init__(self, input_size, hidden_size, bias, num_chunks, device=None, dtype=None):
        super().__init__()
        factory_kwargs = {"device": device, "dtype": dtype}
        self.input_size, self.hidden_size, self.bias = input_size, hidden_size, bias
        rows = num_chunks * hidden_size
        self.weight_ih = Parameter(ops.empty((rows, input_size), **factory_kwargs))
        self.weight_hh = Parameter(ops.empty((rows, hidden_size), **factory_kwargs))
        if bias:
            self.bias_ih = Parameter(ops.empty(rows, **factory_kwargs))
            self.bias_hh = Parameter(ops.empty(rows, **factory_kwargs))
        else:
            self.register_parameter("bias_ih", None)
            self.register_parameter("bias_hh", None)
        self.reset_parameters()

    def extra_repr(self):
        s = "{input_size}, {hidden_size}"
        if "bias" in self.__dict__ and self.bias is not True:
            s += ", bias={bias}"
        if "nonlinearity" in self.__dict__ and self.nonlinearity != "tanh":
            s += ", nonlinearity={nonlinearity}"
        return s.format(**self.__dict__)

    def reset_parameters(self):
        """Every parameter uniform on [-1/sqrt(hidden_size), 1/sqrt(hidden_size)], in order."""
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    def _check_dim(self, name, tensor):
        """A step takes one vector (unbatched) or a matrix of them (one row per sequence)."""
        if tensor.dim() not in (1, 2):
            raise ValueError(f"{type(self).__name__}: Expected {name} to be 1D or 2D, got "
                             f"{tensor.dim()}D instead")

    def _batched(self, input, hx):
        """input and hx with a batch dim (an unbatched pair gets one of size 1), hx zeros if None;
        and whether input came batched."""
        self._check_dim("input", input)
        if hx is not None:
            self._check_dim("hidden", hx)
        is_batched = input.dim() == 2
        if not is_batched:
            input = input.unsqueeze(0)
        hx = self._zeros(input) if hx is None else hx if is_batched else hx.unsqueeze(0)
        return input, hx, is_batched

    def _zeros(self, input):
        """The hidden state when none is given."""
        return ops.zeros(input.size(0), self.hidden_size, dtype=input.dtype)


class RNNCell(RNNCellBase):
    """An Elman cell: h' = tanh(W_ih x + b_ih + W_hh h + b_hh) (relu in place of tanh if asked)."""

    def __init__(self, input_size, hidden_size, bias=True, nonlinearity="tanh", device=None,
                 dtype=None):
        super().__init__(input_size, hidden_size, bias, 1, device=device, dtype=dtype)
        self.nonlinearity = nonlinearity

    def forward(self, input, hx=None):
        input, hx, is_batched = self._batched(input, hx)
        if self.nonlinearity not in ("tanh", "relu"):
            raise RuntimeError(f"Unknown nonlinearity: {self.nonlinearity}")
        cell = rnn_tanh_cell if self.nonlinearity == "tanh" else rnn_relu_cell
        ret = cell(input, hx, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)
        return ret if is_batched else ret.squeeze(0)


class LSTMCell(RNNCellBase):
    """A long short-term memory cell: hx is the pair (h, c); returns (h', c')."""

    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, 4, device=device, dtype=dtype)

    def forward(self, input, hx=None):
        self._check_dim("input", input)
        for idx, value in enumerate(() if hx is None else hx):
            self._check_dim(f"hx[{idx}]", value)
        is_batched = input.dim() == 2
        if not is_batched:
            input = input.unsqueeze(0)
        if hx is None:
            hx = (self._zeros(input), self._zeros(input))
        elif not is_batched:
            hx = (hx[0].unsqueeze(0), hx[1].unsqueeze(0))
        ret = lstm_cell(input, hx, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)
        return ret if is_batched else (ret[0].squeeze(0), ret[1].squeeze(0))


class GRUCell(RNNCellBase):
    """A gated recurrent unit: h' = (1 - z) * n + z * h, see gru_cell."""

    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, 3, device=device, dtype=dtype)

    def forward(self, input, hx=None):
        input, hx, is_batched = self._batched(input, hx)
        ret = gru_cell(input, hx, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)
        return ret if is_batched else ret.squeeze(0)
