// linalg.cc: the mju_ linear-algebra utilities beyond math.cc: Cholesky factorization (dense,
// rank-one update, band-dense), band and sparse matrix conversions, mat'*D*mat, sorting,
// number conversions, and the small text helpers (type names, warning texts, byte counts).
//
// Signatures are mujoco's Python ones: results go into the first (writable) array argument,
// sizes are checked before anything is written, and a wrong size or dtype raises naming the
// argument (ValueError for sizes, TypeError for dtypes and non-writable outputs).
//
// Storage formats (facts from the mujoco API documentation):
//   dense:  row-major n x n; the Cholesky factor L (mat = L L') lives in the lower triangle,
//           the upper triangle is neither read nor written.
//   band-dense: ntotal x ntotal symmetric, of which the first nsparse = ntotal - ndense rows
//           are banded (nband values each: columns i-nband+1 .. i, the diagonal last) and the
//           last ndense rows are dense (ntotal values each, left of and at the diagonal used).
//   sparse (CSR): row r holds rownnz[r] values res[rowadr[r] ...] at columns colind[...].
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <type_traits>
#include <vector>

#include "bindings.h"

namespace mjsim {
namespace {

using IntArray = py::array_t<int, py::array::c_style | py::array::forcecast>;

// --- argument checks ----------------------------------------------------------------------

InputArray In(const py::object& value, const char* name) {
  InputArray array = InputArray::ensure(value);
  if (!array) throw py::type_error(std::string(name) + " must be convertible to a float64 array");
  return array;
}

template <typename T>
T* Out(py::array& array, const char* name) {
  if (!array.dtype().is(py::dtype::of<T>()) || !(array.flags() & py::array::c_style) ||
      !array.writeable()) {
    throw py::type_error(std::string(name) + " must be a writable C-contiguous " +
                         (sizeof(T) == 8 ? "float64" : (std::is_same<T, int>::value ? "int32"
                                                                                   : "float32")) +
                         " array");
  }
  return static_cast<T*>(array.mutable_data());
}

// n of an n x n matrix argument (a 2-d square array, or n*n values when `n_hint` > 0)
py::ssize_t SquareSize(const py::array& array, const char* name) {
  if (array.ndim() == 2 && array.shape(0) == array.shape(1)) return array.shape(0);
  auto n = static_cast<py::ssize_t>(std::llround(std::sqrt(static_cast<double>(array.size()))));
  if (array.ndim() == 1 && n * n == array.size()) return n;
  throw py::type_error(std::string(name) + " must be a square matrix");
}

void CheckBand(int ntotal, int nband, int ndense) {
  if (ntotal < 0 || nband < 0 || ndense < 0 || ndense > ntotal || nband > ntotal) {
    throw py::value_error("band sizes must satisfy 0 <= ndense <= ntotal and 0 <= nband <= "
                          "ntotal");
  }
}

py::ssize_t BandSize(int ntotal, int nband, int ndense) {
  return static_cast<py::ssize_t>(ntotal - ndense) * nband +
         static_cast<py::ssize_t>(ndense) * ntotal;
}

// --- dense Cholesky ---------------------------------------------------------------------

// L L' = mat in place (lower triangle, row-major); a pivot below mindiag is replaced by
// mindiag and not counted in the returned rank
int CholFactor(mjtNum* mat, int n, mjtNum mindiag) {
  int rank = n;
  for (int j = 0; j < n; ++j) {
    mjtNum pivot = mat[j * n + j];
    for (int k = 0; k < j; ++k) pivot -= mat[j * n + k] * mat[j * n + k];
    if (pivot < mindiag) {
      pivot = mindiag;
      --rank;
    }
    mjtNum diag = std::sqrt(pivot);
    mat[j * n + j] = diag;
    for (int i = j + 1; i < n; ++i) {
      mjtNum sum = mat[i * n + j];
      for (int k = 0; k < j; ++k) sum -= mat[i * n + k] * mat[j * n + k];
      mat[i * n + j] = sum / diag;
    }
  }
  return rank;
}

// (L L') res = vec: forward substitution with L, back substitution with L'
void CholSolve(mjtNum* res, const mjtNum* L, const mjtNum* vec, int n) {
  for (int i = 0; i < n; ++i) {
    mjtNum sum = vec[i];
    for (int k = 0; k < i; ++k) sum -= L[i * n + k] * res[k];
    res[i] = sum / L[i * n + i];
  }
  for (int i = n - 1; i >= 0; --i) {
    mjtNum sum = res[i];
    for (int k = i + 1; k < n; ++k) sum -= L[k * n + i] * res[k];
    res[i] = sum / L[i * n + i];
  }
}

// L L' +/- x x' by Givens-like rotations column by column; x is used as scratch. A pivot
// that would fall below mjMINVAL is clamped there and not counted in the rank.
int CholUpdate(mjtNum* L, mjtNum* x, int n, bool plus) {
  int rank = 0;
  mjtNum sign = plus ? 1 : -1;
  for (int k = 0; k < n; ++k) {
    mjtNum old = L[k * n + k];
    mjtNum pivot = old * old + sign * x[k] * x[k];
    if (pivot < mjMINVAL) {
      pivot = mjMINVAL;
    } else {
      ++rank;
    }
    mjtNum r = std::sqrt(pivot);
    mjtNum c = r / old, s = x[k] / old;
    L[k * n + k] = r;
    for (int i = k + 1; i < n; ++i) {
      L[i * n + k] = (L[i * n + k] + sign * s * x[i]) / c;
      x[i] = c * x[i] - s * L[i * n + k];
    }
  }
  return rank;
}

// --- band-dense matrices ----------------------------------------------------------------

int BandDiag(int i, int ntotal, int nband, int ndense) {
  int nsparse = ntotal - ndense;
  return i < nsparse ? i * nband + nband - 1 : nsparse * nband + (i - nsparse) * ntotal + i;
}

// address of the stored element (i, j), j <= i, or -1 if it lies outside the band
int BandAddress(int i, int j, int ntotal, int nband, int ndense) {
  int nsparse = ntotal - ndense;
  if (i >= nsparse) return nsparse * nband + (i - nsparse) * ntotal + j;
  if (i - j >= nband) return -1;
  return i * nband + nband - 1 - (i - j);
}

void Dense2Band(mjtNum* res, const mjtNum* mat, int ntotal, int nband, int ndense) {
  std::fill(res, res + BandSize(ntotal, nband, ndense), 0.0);
  for (int i = 0; i < ntotal; ++i) {
    for (int j = 0; j <= i; ++j) {
      int adr = BandAddress(i, j, ntotal, nband, ndense);
      if (adr >= 0) res[adr] = mat[i * ntotal + j];
    }
  }
}

void Band2Dense(mjtNum* res, const mjtNum* mat, int ntotal, int nband, int ndense, bool sym) {
  std::fill(res, res + static_cast<py::ssize_t>(ntotal) * ntotal, 0.0);
  for (int i = 0; i < ntotal; ++i) {
    for (int j = 0; j <= i; ++j) {
      int adr = BandAddress(i, j, ntotal, nband, ndense);
      if (adr < 0) continue;
      res[i * ntotal + j] = mat[adr];
      if (sym) res[j * ntotal + i] = mat[adr];
    }
  }
}

// res = M vec for nvec vectors (rows of vec); M's upper triangle only if sym
void BandMulMatVec(mjtNum* res, const mjtNum* mat, const mjtNum* vec, int ntotal, int nband,
                   int ndense, int nvec, bool sym) {
  for (int v = 0; v < nvec; ++v) {
    const mjtNum* x = vec + v * ntotal;
    mjtNum* y = res + v * ntotal;
    std::fill(y, y + ntotal, 0.0);
    for (int i = 0; i < ntotal; ++i) {
      for (int j = 0; j <= i; ++j) {
        int adr = BandAddress(i, j, ntotal, nband, ndense);
        if (adr < 0) continue;
        y[i] += mat[adr] * x[j];
        if (sym && j < i) y[j] += mat[adr] * x[i];
      }
    }
  }
}

// in-place band-dense Cholesky of M + diag(diagadd + diagmul * M_ii); returns the smallest
// pivot (before its square root), or 0 when a pivot is not positive (factorization stops)
mjtNum CholFactorBand(mjtNum* mat, int ntotal, int nband, int ndense, mjtNum diagadd,
                      mjtNum diagmul) {
  auto at = [&](int i, int j) { return BandAddress(i, j, ntotal, nband, ndense); };
  mjtNum smallest = -1;
  for (int j = 0; j < ntotal; ++j) {
    int dj = at(j, j);
    mjtNum pivot = mat[dj] + diagadd + diagmul * mat[dj];
    for (int k = 0; k < j; ++k) {
      int a = at(j, k);
      if (a >= 0) pivot -= mat[a] * mat[a];
    }
    if (!(pivot > 0)) return 0;
    smallest = smallest < 0 ? pivot : std::min(smallest, pivot);
    mat[dj] = std::sqrt(pivot);
    for (int i = j + 1; i < ntotal; ++i) {
      int aij = at(i, j);
      if (aij < 0) continue;
      mjtNum sum = mat[aij];
      for (int k = 0; k < j; ++k) {
        int aik = at(i, k), ajk = at(j, k);
        if (aik >= 0 && ajk >= 0) sum -= mat[aik] * mat[ajk];
      }
      mat[aij] = sum / mat[dj];
    }
  }
  return smallest < 0 ? 0 : smallest;
}

void CholSolveBand(mjtNum* res, const mjtNum* mat, const mjtNum* vec, int ntotal, int nband,
                   int ndense) {
  auto at = [&](int i, int j) { return BandAddress(i, j, ntotal, nband, ndense); };
  for (int i = 0; i < ntotal; ++i) {
    mjtNum sum = vec[i];
    for (int k = 0; k < i; ++k) {
      int a = at(i, k);
      if (a >= 0) sum -= mat[a] * res[k];
    }
    res[i] = sum / mat[at(i, i)];
  }
  for (int i = ntotal - 1; i >= 0; --i) {
    mjtNum sum = res[i];
    for (int k = i + 1; k < ntotal; ++k) {
      int a = at(k, i);
      if (a >= 0) sum -= mat[a] * res[k];
    }
    res[i] = sum / mat[at(i, i)];
  }
}

// --- box-constrained QP -------------------------------------------------------------------

// minimize 0.5 x'Hx + g'x subject to lower <= x <= upper by projected Newton steps (the
// method of Tassa, Mansard and Todorov 2014, "Control-limited differential dynamic
// programming"): each iteration clamps the dimensions at a bound whose gradient pushes
// outward, takes the Newton step on the free ones (Cholesky of H restricted to them) and an
// Armijo line search along the projected path. R receives the free subspace's Cholesky
// factor (nfree x nfree, lower triangle, row-major), index the free dimensions. Returns nfree,
// or -1 when H restricted to the free dimensions is not positive definite.
class BoxQP {
 public:
  BoxQP(int n, const mjtNum* H, const mjtNum* g, const mjtNum* lower, const mjtNum* upper)
      : n_(n), H_(H), g_(g), lower_(lower), upper_(upper) {}

  int Solve(mjtNum* x, mjtNum* R, int* index) {
    std::vector<mjtNum> grad(n_), step(n_), trial(n_), sub(n_);
    for (int i = 0; i < n_; ++i) x[i] = Clamp(i, x[i]);
    int nfree = 0;
    for (int iteration = 0; iteration < kMaxIterations; ++iteration) {
      Gradient(x, grad.data());
      nfree = FreeSet(x, grad.data(), index);
      if (!Factor(index, nfree, R)) return -1;
      // Newton step on the free dimensions: R R' s = -g_free
      mjtNum gnorm = 0;
      for (int k = 0; k < nfree; ++k) {
        sub[k] = -grad[index[k]];
        gnorm += sub[k] * sub[k];
      }
      if (nfree == 0 || std::sqrt(gnorm) < kGradientTolerance) break;
      CholSolve(sub.data(), R, sub.data(), nfree);
      std::fill(step.begin(), step.end(), 0.0);
      for (int k = 0; k < nfree; ++k) step[index[k]] = sub[k];
      if (!LineSearch(x, step.data(), grad.data(), trial.data())) break;
    }
    return nfree;
  }

 private:
  static constexpr int kMaxIterations = 100;
  static constexpr mjtNum kGradientTolerance = 1e-8, kArmijo = 0.1, kBacktrack = 0.6;
  static constexpr mjtNum kMinStep = 1e-22, kMinImprovement = 1e-8;

  mjtNum Clamp(int i, mjtNum v) const {
    if (lower_ && v < lower_[i]) v = lower_[i];
    if (upper_ && v > upper_[i]) v = upper_[i];
    return v;
  }
  mjtNum H(int i, int j) const { return i >= j ? H_[i * n_ + j] : H_[j * n_ + i]; }
  void Gradient(const mjtNum* x, mjtNum* grad) const {
    for (int i = 0; i < n_; ++i) {
      grad[i] = g_[i];
      for (int j = 0; j < n_; ++j) grad[i] += H(i, j) * x[j];
    }
  }
  mjtNum Value(const mjtNum* x) const {
    mjtNum value = 0;
    for (int i = 0; i < n_; ++i) {
      value += g_[i] * x[i];
      for (int j = 0; j < n_; ++j) value += 0.5 * x[i] * H(i, j) * x[j];
    }
    return value;
  }
  // free: not at a bound whose gradient points out of the box
  int FreeSet(const mjtNum* x, const mjtNum* grad, int* index) const {
    int nfree = 0;
    for (int i = 0; i < n_; ++i) {
      bool at_lower = lower_ && x[i] <= lower_[i] && grad[i] > 0;
      bool at_upper = upper_ && x[i] >= upper_[i] && grad[i] < 0;
      if (!at_lower && !at_upper) index[nfree++] = i;
    }
    return nfree;
  }
  bool Factor(const int* index, int nfree, mjtNum* R) const {
    for (int a = 0; a < nfree; ++a) {
      for (int b = 0; b <= a; ++b) R[a * nfree + b] = H(index[a], index[b]);
    }
    for (int j = 0; j < nfree; ++j) {  // in place, as CholFactor, stopping at a bad pivot
      mjtNum pivot = R[j * nfree + j];
      for (int k = 0; k < j; ++k) pivot -= R[j * nfree + k] * R[j * nfree + k];
      if (!(pivot > 0)) return false;
      R[j * nfree + j] = std::sqrt(pivot);
      for (int i = j + 1; i < nfree; ++i) {
        mjtNum sum = R[i * nfree + j];
        for (int k = 0; k < j; ++k) sum -= R[i * nfree + k] * R[j * nfree + k];
        R[i * nfree + j] = sum / R[j * nfree + j];
      }
    }
    return true;
  }
  // Armijo backtracking along the projected step; false when no decrease is found
  bool LineSearch(mjtNum* x, const mjtNum* step, const mjtNum* grad, mjtNum* trial) const {
    mjtNum value = Value(x);
    for (mjtNum alpha = 1; alpha > kMinStep; alpha *= kBacktrack) {
      mjtNum expected = 0;
      for (int i = 0; i < n_; ++i) {
        trial[i] = Clamp(i, x[i] + alpha * step[i]);
        expected += grad[i] * (trial[i] - x[i]);
      }
      mjtNum improvement = value - Value(trial);
      if (improvement >= -kArmijo * expected && improvement > 0) {
        std::copy(trial, trial + n_, x);
        return improvement > kMinImprovement * (1 + std::fabs(value));
      }
    }
    return false;
  }

  int n_;
  const mjtNum *H_, *g_, *lower_, *upper_;
};

// --- text helpers -----------------------------------------------------------------------

// object type names by mjtObj value (mjOBJ_UNKNOWN and values past mjOBJ_PLUGIN have none)
const char* const kObjectNames[] = {
    nullptr,    "body",     "xbody",   "joint",   "dof",     "geom",     "site",
    "camera",   "light",    "flex",    "mesh",    "skin",    "hfield",   "texture",
    "material", "pair",     "exclude", "equality", "tendon", "actuator", "sensor",
    "numeric",  "text",     "tuple",   "key",     "plugin"};
constexpr int kObjectNameCount = sizeof(kObjectNames) / sizeof(kObjectNames[0]);

py::object TypeToString(int type) {
  if (type >= 1 && type < kObjectNameCount) return py::str(kObjectNames[type]);
  if (type == mjOBJ_FRAME) return py::str("frame");
  return py::none();
}

int StringToType(const std::string& name) {
  for (int type = 1; type < kObjectNameCount; ++type) {
    if (name == kObjectNames[type]) return type;
  }
  return mjOBJ_UNKNOWN;
}

// bytes with the largest of K, M, G, T, P, E that divides them exactly
std::string NumBytes(long long nbytes) {
  const char suffixes[] = {'K', 'M', 'G', 'T', 'P', 'E'};
  int chosen = -1;
  long long value = nbytes;
  for (int s = 0; s < 6 && value != 0 && value % 1024 == 0; ++s) {
    value /= 1024;
    chosen = s;
  }
  std::string text = std::to_string(value);
  if (chosen >= 0) text += suffixes[chosen];
  return text;
}

// --- bindings ---------------------------------------------------------------------------

void BindCholesky(py::module_& module) {
  module.def("mju_cholFactor", [](py::array mat, mjtNum mindiag) {
    int n = static_cast<int>(SquareSize(mat, "mat"));
    return CholFactor(Out<mjtNum>(mat, "mat"), n, mindiag);
  }, py::arg("mat"), py::arg("mindiag"),
     "Factor mat = L L' in place (L in the lower triangle); returns the rank.");
  module.def("mju_cholSolve", [](py::array res, py::object mat, py::object vec) {
    InputArray L = In(mat, "mat");
    int n = static_cast<int>(SquareSize(L, "mat"));
    InputArray v = In(vec, "vec");
    CheckArraySize(v.size(), n, "vec");
    CheckArraySize(res.size(), n, "res");
    CholSolve(Out<mjtNum>(res, "res"), L.data(), v.data(), n);
  }, py::arg("res"), py::arg("mat"), py::arg("vec"),
     "res = inv(L L') vec, L from mju_cholFactor.");
  module.def("mju_cholUpdate", [](py::array mat, py::array x, int flg_plus) {
    int n = static_cast<int>(SquareSize(mat, "mat"));
    CheckArraySize(x.size(), n, "x");
    mjtNum* L = Out<mjtNum>(mat, "mat");
    return CholUpdate(L, Out<mjtNum>(x, "x"), n, flg_plus != 0);
  }, py::arg("mat"), py::arg("x"), py::arg("flg_plus"),
     "Replace the factor of mat by that of mat + x x' (flg_plus) or mat - x x'; returns the rank.");
}

void BindBand(py::module_& module) {
  module.def("mju_bandDiag", [](int i, int ntotal, int nband, int ndense) {
    CheckBand(ntotal, nband, ndense);
    return BandDiag(i, ntotal, nband, ndense);
  }, py::arg("i"), py::arg("ntotal"), py::arg("nband"), py::arg("ndense"),
     "Index of diagonal entry i in the band-dense storage.");
  module.def("mju_dense2Band", [](py::array res, py::object mat, int ntotal, int nband,
                                  int ndense) {
    CheckBand(ntotal, nband, ndense);
    InputArray M = In(mat, "mat");
    CheckArraySize(M.size(), static_cast<py::ssize_t>(ntotal) * ntotal, "mat");
    CheckArraySize(res.size(), BandSize(ntotal, nband, ndense), "res");
    Dense2Band(Out<mjtNum>(res, "res"), M.data(), ntotal, nband, ndense);
  }, py::arg("res"), py::arg("mat"), py::arg("ntotal"), py::arg("nband"), py::arg("ndense"),
     "Pack a dense matrix into band-dense storage.");
  module.def("mju_band2Dense", [](py::array res, py::object mat, int ntotal, int nband,
                                  int ndense, int flg_sym) {
    CheckBand(ntotal, nband, ndense);
    InputArray M = In(mat, "mat");
    CheckArraySize(M.size(), BandSize(ntotal, nband, ndense), "mat");
    CheckArraySize(res.size(), static_cast<py::ssize_t>(ntotal) * ntotal, "res");
    Band2Dense(Out<mjtNum>(res, "res"), M.data(), ntotal, nband, ndense, flg_sym > 0);
  }, py::arg("res"), py::arg("mat"), py::arg("ntotal"), py::arg("nband"), py::arg("ndense"),
     py::arg("flg_sym"), "Expand a band-dense matrix into a full one; flg_sym > 0 also fills the upper triangle.");
  module.def("mju_bandMulMatVec", [](py::array res, py::object mat, py::object vec, int ntotal,
                                     int nband, int ndense, int nvec, int flg_sym) {
    CheckBand(ntotal, nband, ndense);
    if (nvec < 0) throw py::value_error("nvec must be non-negative");
    InputArray M = In(mat, "mat"), V = In(vec, "vec");
    CheckArraySize(M.size(), BandSize(ntotal, nband, ndense), "mat");
    CheckArraySize(V.size(), static_cast<py::ssize_t>(ntotal) * nvec, "vec");
    CheckArraySize(res.size(), static_cast<py::ssize_t>(ntotal) * nvec, "res");
    BandMulMatVec(Out<mjtNum>(res, "res"), M.data(), V.data(), ntotal, nband, ndense, nvec,
                  flg_sym > 0);
  }, py::arg("res"), py::arg("mat"), py::arg("vec"), py::arg("ntotal"), py::arg("nband"),
     py::arg("ndense"), py::arg("nvec"), py::arg("flg_sym"),
     "res = mat vec for nvec vectors, mat band-dense; flg_sym > 0 treats mat as symmetric.");
  module.def("mju_cholFactorBand", [](py::array mat, int ntotal, int nband, int ndense,
                                      mjtNum diagadd, mjtNum diagmul) {
    CheckBand(ntotal, nband, ndense);
    CheckArraySize(mat.size(), BandSize(ntotal, nband, ndense), "mat");
    return CholFactorBand(Out<mjtNum>(mat, "mat"), ntotal, nband, ndense, diagadd, diagmul);
  }, py::arg("mat"), py::arg("ntotal"), py::arg("nband"), py::arg("ndense"), py::arg("diagadd"),
     py::arg("diagmul"),
     "Factor a band-dense matrix in place, L L'; diagadd + diagmul*mat_ii is added to each diagonal entry first. Returns the smallest diagonal of the factor, 0 when rank-deficient.");
  module.def("mju_cholSolveBand", [](py::array res, py::object mat, py::object vec, int ntotal,
                                     int nband, int ndense) {
    CheckBand(ntotal, nband, ndense);
    InputArray M = In(mat, "mat"), v = In(vec, "vec");
    CheckArraySize(M.size(), BandSize(ntotal, nband, ndense), "mat");
    CheckArraySize(v.size(), ntotal, "vec");
    CheckArraySize(res.size(), ntotal, "res");
    CholSolveBand(Out<mjtNum>(res, "res"), M.data(), v.data(), ntotal, nband, ndense);
  }, py::arg("res"), py::arg("mat"), py::arg("vec"), py::arg("ntotal"), py::arg("nband"),
     py::arg("ndense"), "res = inv(L L') vec, L from mju_cholFactorBand.");
}

void BindProductsAndSparse(py::module_& module) {
  module.def("mju_sqrMatTD", [](py::array res, py::object mat, py::object diag) {
    InputArray M = In(mat, "mat");
    if (M.ndim() != 2) throw py::type_error("mat must be a 2-d array");
    py::ssize_t rows = M.shape(0), cols = M.shape(1);
    InputArray D;
    const mjtNum* weights = nullptr;
    if (!diag.is_none()) {
      D = In(diag, "diag");
      CheckArraySize(D.size(), rows, "diag");
      weights = D.data();
    }
    CheckArraySize(res.size(), cols * cols, "res");
    mjtNum* out = Out<mjtNum>(res, "res");
    const mjtNum* a = M.data();
    for (py::ssize_t i = 0; i < cols; ++i) {
      for (py::ssize_t j = 0; j < cols; ++j) {
        mjtNum sum = 0;  // (mat' D mat)_ij = sum_k mat_ki d_k mat_kj
        for (py::ssize_t k = 0; k < rows; ++k) {
          sum += a[k * cols + i] * (weights ? weights[k] : 1.0) * a[k * cols + j];
        }
        out[i * cols + j] = sum;
      }
    }
  }, py::arg("res"), py::arg("mat"), py::arg("diag") = py::none(),
     "res = mat' diag(diag) mat, or mat' mat when diag is None.");
  module.def("mju_dense2sparse", [](py::array res, py::object mat, py::array rownnz,
                                    py::array rowadr, py::array colind) {
    InputArray M = In(mat, "mat");
    if (M.ndim() != 2) throw py::type_error("mat must be a 2-d array");
    py::ssize_t rows = M.shape(0), cols = M.shape(1), capacity = res.size();
    CheckArraySize(rownnz.size(), rows, "rownnz");
    CheckArraySize(rowadr.size(), rows, "rowadr");
    CheckArraySize(colind.size(), capacity, "colind");
    mjtNum* values = Out<mjtNum>(res, "res");
    int *nnz = Out<int>(rownnz, "rownnz"), *adr = Out<int>(rowadr, "rowadr");
    int* col = Out<int>(colind, "colind");
    py::ssize_t count = 0;
    for (py::ssize_t r = 0; r < rows; ++r) {
      adr[r] = static_cast<int>(count);
      nnz[r] = 0;
      for (py::ssize_t c = 0; c < cols; ++c) {
        mjtNum value = M.data()[r * cols + c];
        if (value == 0) continue;
        if (count >= capacity) return 1;  // res too small
        values[count] = value;
        col[count++] = static_cast<int>(c);
        ++nnz[r];
      }
    }
    return 0;
  }, py::arg("res"), py::arg("mat"), py::arg("rownnz"), py::arg("rowadr"), py::arg("colind"),
     "Pack a dense matrix into CSR arrays; nnz is the capacity of res and colind. Returns 1 if that is too small, else 0.");
  module.def("mju_sparse2dense", [](py::array res, py::object mat, py::object rownnz,
                                    py::object rowadr, py::object colind) {
    if (res.ndim() != 2) throw py::type_error("res must be a 2-d array");
    py::ssize_t rows = res.shape(0), cols = res.shape(1);
    InputArray values = In(mat, "mat");
    IntArray nnz = IntArray::ensure(rownnz), adr = IntArray::ensure(rowadr);
    IntArray col = IntArray::ensure(colind);
    if (!nnz || !adr || !col) throw py::type_error("rownnz, rowadr, colind must be int arrays");
    CheckArraySize(nnz.size(), rows, "rownnz");
    CheckArraySize(adr.size(), rows, "rowadr");
    mjtNum* out = Out<mjtNum>(res, "res");
    for (py::ssize_t r = 0; r < rows; ++r) {  // check every index before writing
      for (int k = 0; k < nnz.data()[r]; ++k) {
        py::ssize_t at = static_cast<py::ssize_t>(adr.data()[r]) + k;
        if (at < 0 || at >= values.size() || at >= col.size() || col.data()[at] < 0 ||
            col.data()[at] >= cols) {
          throw py::value_error("sparse structure indexes outside mat, colind or res");
        }
      }
    }
    std::fill(out, out + rows * cols, 0.0);
    for (py::ssize_t r = 0; r < rows; ++r) {
      for (int k = 0; k < nnz.data()[r]; ++k) {
        int at = adr.data()[r] + k;
        out[r * cols + col.data()[at]] = values.data()[at];
      }
    }
  }, py::arg("res"), py::arg("mat"), py::arg("rownnz"), py::arg("rowadr"), py::arg("colind"),
     "Unpack CSR arrays into a dense matrix.");
}

void BindSortAndConvert(py::module_& module) {
  module.def("mju_insertionSort", [](py::array list) {
    mjtNum* values = Out<mjtNum>(list, "list");
    std::stable_sort(values, values + list.size());
  }, py::arg("list"), "Sort numbers in place, smallest first (insertion sort).");
  module.def("mju_insertionSortInt", [](py::array list) {
    int* values = Out<int>(list, "list");
    std::stable_sort(values, values + list.size());
  }, py::arg("list"), "Sort integers in place, smallest first (insertion sort).");
  auto copy64 = [](py::array res, py::object vec) {
    InputArray v = In(vec, "vec");
    CheckArraySize(res.size(), v.size(), "res");
    std::copy(v.data(), v.data() + v.size(), Out<mjtNum>(res, "res"));
  };
  module.def("mju_n2d", copy64, py::arg("res"), py::arg("vec"),
             "Copy an mjtNum array into doubles.");
  module.def("mju_d2n", copy64, py::arg("res"), py::arg("vec"),
             "Copy doubles into an mjtNum array.");
  module.def("mju_f2n", [](py::array res, py::array_t<float, py::array::c_style> vec) {
    CheckArraySize(res.size(), vec.size(), "res");
    std::copy(vec.data(), vec.data() + vec.size(), Out<mjtNum>(res, "res"));
  }, py::arg("res"), py::arg("vec"), "Copy floats into an mjtNum array.");
  module.def("mju_n2f", [](py::array res, py::object vec) {
    InputArray v = In(vec, "vec");
    CheckArraySize(res.size(), v.size(), "res");
    float* out = Out<float>(res, "res");
    for (py::ssize_t i = 0; i < v.size(); ++i) out[i] = static_cast<float>(v.data()[i]);
  }, py::arg("res"), py::arg("vec"), "Copy an mjtNum array into floats.");
}

void BindBoxQP(py::module_& module) {
  module.def("mju_boxQP", [](py::array res, py::array R, py::object index, py::object H,
                             py::object g, py::object lower, py::object upper) {
    InputArray h = In(H, "H"), gv = In(g, "g");
    int n = static_cast<int>(gv.size());
    CheckArraySize(h.size(), static_cast<py::ssize_t>(n) * n, "H");
    CheckArraySize(res.size(), n, "res");
    if (R.size() != static_cast<py::ssize_t>(n) * (n + 7)) {
      throw py::type_error("size of R should be n*(n+7)");
    }
    InputArray lo, hi;
    const mjtNum *lower_bounds = nullptr, *upper_bounds = nullptr;
    if (!lower.is_none()) {
      lo = In(lower, "lower");
      CheckArraySize(lo.size(), n, "lower");
      lower_bounds = lo.data();
    }
    if (!upper.is_none()) {
      hi = In(upper, "upper");
      CheckArraySize(hi.size(), n, "upper");
      upper_bounds = hi.data();
    }
    std::vector<int> free_index(n);
    int* out_index = free_index.data();
    py::array index_array;
    if (!index.is_none()) {
      index_array = index;
      CheckArraySize(index_array.size(), n, "index");
      out_index = Out<int>(index_array, "index");
    }
    mjtNum* x = Out<mjtNum>(res, "res");
    mjtNum* factor = Out<mjtNum>(R, "R");
    BoxQP qp(n, h.data(), gv.data(), lower_bounds, upper_bounds);
    return qp.Solve(x, factor, out_index);
  }, py::arg("res"), py::arg("R"), py::arg("index"), py::arg("H"), py::arg("g"),
     py::arg("lower"), py::arg("upper"),
     "Solve min 0.5 x'Hx + x'g subject to lower <= x <= upper (projected Newton).\n"
         "Returns the number of free dimensions, or -1 on failure. res: the solution, its input value the warm start; R: Cholesky factor of the free subspace, n*(n+7) allocated, nfree*nfree used (lower triangle); index (optional): the free dimensions. Only H's lower triangle is read.");
}

void BindScalarsAndText(py::module_& module) {
  // radical inverse of index in base: its base-b digits mirrored about the point
  module.def("mju_Halton", [](int index, int base) {
    if (base < 2) throw py::value_error("base must be at least 2");
    mjtNum result = 0, scale = 1.0 / base;
    for (long long i = index; i > 0; i /= base, scale /= base) result += scale * (i % base);
    return result;
  }, py::arg("index"), py::arg("base"), "Generate Halton sequence.");
  module.def("mju_springDamper", [](mjtNum pos0, mjtNum vel0, mjtNum Kp, mjtNum Kv, mjtNum dt) {
    // x'' + Kv x' + Kp x = 0 from (pos0, vel0): x(dt) in closed form by the sign of the
    // discriminant (under-, over- and critically damped)
    mjtNum half = Kv / 2, disc = half * half - Kp;
    mjtNum decay = std::exp(-half * dt);
    if (disc < 0) {
      mjtNum w = std::sqrt(-disc);
      return decay * (pos0 * std::cos(w * dt) + (vel0 + half * pos0) / w * std::sin(w * dt));
    }
    if (disc > 0) {
      mjtNum r = std::sqrt(disc);
      return decay * (pos0 * std::cosh(r * dt) + (vel0 + half * pos0) / r * std::sinh(r * dt));
    }
    return decay * (pos0 + (vel0 + half * pos0) * dt);
  }, py::arg("pos0"), py::arg("vel0"), py::arg("Kp"), py::arg("Kv"), py::arg("dt"),
     "Position after time dt of a damped spring (exact solution from pos0, vel0, stiffness k, damping b).");
  // Box-Muller on the C library's rand(), as documented; the Python signature's num2 (a
  // pointer for the second sample in C) carries nothing back and is ignored, as in mujoco
  module.def("mju_standardNormal", [](py::object) {
    mjtNum u1 = (std::rand() + 1.0) / (RAND_MAX + 2.0), u2 = std::rand() / (RAND_MAX + 1.0);
    return std::sqrt(-2 * std::log(u1)) * std::cos(2 * mjPI * u2);
  }, py::arg("num2") = py::none(),
     "Generate standard normal random number using Box-Muller transform.");
  module.def("mju_type2Str", &TypeToString, py::arg("type"),
             "Name of an mjtObj value ('body', 'geom', ...).");
  module.def("mju_str2Type", &StringToType, py::arg("str"),
             "mjtObj value of an object-type name ('body', 'geom', ...); mjOBJ_UNKNOWN if none matches.");
  module.def("mju_warningText", [](int warning, long long info) {
    return mju_warningText(warning, info);
  }, py::arg("warning"), py::arg("info"),
     "Message text for warning type warning with its info number.");
  module.def("mju_writeNumBytes", [](long long nbytes) { return NumBytes(nbytes); },
             py::arg("nbytes"), "Byte count as short text with a K, M, G... suffix.");
  module.def("mju_printMatSparse", [](py::object mat, py::object rownnz, py::object rowadr,
                                     py::object colind) {
    InputArray values = In(mat, "mat");
    IntArray nnz = IntArray::ensure(rownnz), adr = IntArray::ensure(rowadr);
    IntArray col = IntArray::ensure(colind);
    if (!nnz || !adr || !col) throw py::type_error("rownnz, rowadr, colind must be int arrays");
    CheckArraySize(adr.size(), nnz.size(), "rowadr");
    std::string text;
    char cell[96];
    for (py::ssize_t r = 0; r < nnz.size(); ++r) {
      for (int k = 0; k < nnz.data()[r]; ++k) {
        py::ssize_t at = static_cast<py::ssize_t>(adr.data()[r]) + k;
        if (at < 0 || at >= values.size() || at >= col.size()) {
          throw py::value_error("sparse structure indexes outside mat or colind");
        }
        std::snprintf(cell, sizeof(cell), "(%d %d): %9.6f  ", static_cast<int>(r),
                      col.data()[at], values.data()[at]);
        text += cell;
      }
      text += "\n";
    }
    text += "\n";
    py::print(text, py::arg("end") = "");
  }, py::arg("mat"), py::arg("rownnz"), py::arg("rowadr"), py::arg("colind"),
     "Write a CSR matrix to standard output.");
  // appends "<ctime>TYPE: message" and a blank line to MUJOCO_LOG.TXT in the working directory
  module.def("mju_writeLog", [](const std::string& type, const std::string& msg) {
    std::FILE* file = std::fopen("MUJOCO_LOG.TXT", "a");
    if (!file) return;
    std::time_t now = std::time(nullptr);
    std::fprintf(file, "%s%s: %s\n\n", std::ctime(&now), type.c_str(), msg.c_str());
    std::fclose(file);
  }, py::arg("type"), py::arg("msg"), "Append a timestamped line \"type: msg\" to MUJOCO_LOG.TXT.");
  module.def("mju_printMat", [](py::object mat) {
    InputArray M = In(mat, "mat");
    if (M.ndim() != 2) throw py::type_error("mat must be a 2-d array");
    py::ssize_t rows = M.shape(0), cols = M.shape(1);
    std::string text;
    char cell[64];
    for (py::ssize_t r = 0; r < rows; ++r) {
      for (py::ssize_t c = 0; c < cols; ++c) {
        std::snprintf(cell, sizeof(cell), "%.8f ", M.data()[r * cols + c]);
        text += cell;
      }
      text += "\n";
    }
    text += "\n";
    py::print(text, py::arg("end") = "");
  }, py::arg("mat"), "Print matrix to screen.");
}

}  // namespace

void BindLinearAlgebra(py::module_& module) {
  BindCholesky(module);
  BindBand(module);
  BindProductsAndSparse(module);
  BindSortAndConvert(module);
  BindBoxQP(module);
  BindScalarsAndText(module);
}

}  // namespace mjsim
