"""Named results like PyTorch's `torch.return_types.max(values=..., indices=...)`.

Each class is made the first time it is used (PEP 562's module `__getattr__`): making all of
them at import took a tenth of minigrad's own import time."""
from collections import namedtuple

_FIELDS = {  # name -> its fields; ("values", "indices") unless given
    "max": None,
    "min": None,
    "sort": None,
    "topk": None,
    "median": None,
    "nanmedian": None,
    "kthvalue": None,
    "mode": None,
    "cummax": None,
    "cummin": None,
    "aminmax": ("min", "max"),
    "frexp": ("mantissa", "exponent"),
    "slogdet": ("sign", "logabsdet"),
    "linalg_slogdet": ("sign", "logabsdet"),
    "linalg_svd": ("U", "S", "Vh"),
    "svd": ("U", "S", "V"),
    "linalg_eigh": ("eigenvalues", "eigenvectors"),
    "linalg_qr": ("Q", "R"),
    "qr": ("Q", "R"),
    "triangular_solve": ("solution", "cloned_coefficient"),
    "linalg_lu_factor": ("LU", "pivots"),
    "linalg_lu_factor_ex": ("LU", "pivots", "info"),
    "linalg_lu": ("P", "L", "U"),
    "lu_unpack": ("P", "L", "U"),
    "_lu_with_info": ("LU", "pivots", "info"),
    "linalg_lstsq": ("solution", "residuals", "rank", "singular_values"),
    "geqrf": ("a", "tau"),
    "linalg_inv_ex": ("inverse", "info"),
    "linalg_solve_ex": ("result", "info"),
    "linalg_cholesky_ex": ("L", "info"),
    "linalg_ldl_factor": ("LD", "pivots"),
    "linalg_ldl_factor_ex": ("LD", "pivots", "info"),
    "histogram": ("hist", "bin_edges"),  # (part numfns)
    "histogramdd": ("hist", "bin_edges"),
}


def _return_type(name, fields=None):
    fields = fields or ("values", "indices")
    base = namedtuple(name, fields)

    def __repr__(self):
        return f"minigrad.return_types.{name}(\n" + ",\n".join(
            f"{field}={value!r}" for field, value in zip(fields, self)) + ")"

    return type(name, (base,), {"__slots__": (), "__repr__": __repr__,
                                "__module__": "minigrad.return_types"})


def __getattr__(name):
    """A result's class; `max_out` is max's, returned by torch.max(..., out=(values, indices))."""
    base = name.removesuffix("_out")
    if base not in _FIELDS:
        raise AttributeError(f"module 'minigrad.return_types' has no attribute '{name}'")
    cls = globals()[name] = _return_type(name, _FIELDS[base])
    return cls


def __dir__():
    return sorted({*globals(), *_FIELDS, *(f"{n}_out" for n in _FIELDS)})
