"""Named results like PyTorch's `torch.return_types.max(values=..., indices=...)`."""
from collections import namedtuple


def _return_type(name, fields=("values", "indices")):
    base = namedtuple(name, fields)

    def __repr__(self):
        return f"minigrad.return_types.{name}(\n" + ",\n".join(
            f"{field}={value!r}" for field, value in zip(fields, self)) + ")"

    return type(name, (base,), {"__slots__": (), "__repr__": __repr__,
                                "__module__": "minigrad.return_types"})


max = _return_type("max")
min = _return_type("min")
sort = _return_type("sort")
topk = _return_type("topk")
median = _return_type("median")  # part reduce2
nanmedian = _return_type("nanmedian")
kthvalue = _return_type("kthvalue")
mode = _return_type("mode")
cummax = _return_type("cummax")
cummin = _return_type("cummin")
aminmax = _return_type("aminmax", ("min", "max"))
frexp = _return_type("frexp", ("mantissa", "exponent"))  # part elem2
slogdet = _return_type("slogdet", ("sign", "logabsdet"))  # part einsum
linalg_slogdet = _return_type("linalg_slogdet", ("sign", "logabsdet"))
linalg_svd = _return_type("linalg_svd", ("U", "S", "Vh"))  # part svd
svd = _return_type("svd", ("U", "S", "V"))
linalg_eigh = _return_type("linalg_eigh", ("eigenvalues", "eigenvectors"))
linalg_qr = _return_type("linalg_qr", ("Q", "R"))
linalg_lu_factor = _return_type("linalg_lu_factor", ("LU", "pivots"))  # part linalg2
linalg_lu_factor_ex = _return_type("linalg_lu_factor_ex", ("LU", "pivots", "info"))
linalg_lu = _return_type("linalg_lu", ("P", "L", "U"))
lu_unpack = _return_type("lu_unpack", ("P", "L", "U"))
_lu_with_info = _return_type("_lu_with_info", ("LU", "pivots", "info"))
linalg_lstsq = _return_type("linalg_lstsq", ("solution", "residuals", "rank", "singular_values"))
geqrf = _return_type("geqrf", ("a", "tau"))  # part linalg3
linalg_inv_ex = _return_type("linalg_inv_ex", ("inverse", "info"))
linalg_solve_ex = _return_type("linalg_solve_ex", ("result", "info"))
linalg_cholesky_ex = _return_type("linalg_cholesky_ex", ("L", "info"))
linalg_ldl_factor = _return_type("linalg_ldl_factor", ("LD", "pivots"))
linalg_ldl_factor_ex = _return_type("linalg_ldl_factor_ex", ("LD", "pivots", "info"))
