// rotations.cc: the rotation and spatial-vector utilities beyond math.cc: symmetric 3x3
// eigendecomposition, rotation extraction, spatial transforms, friction pyramids, the
// derivatives of quaternion difference and integration, and mj_local2Global.
//
// Conventions (mujoco's documentation): quaternions (w, x, y, z); a spatial vector is
// (rotation, translation); mju_subQuat(qa, qb) is the rotation vector r with qa = qb * exp(r)
// (r in qb's frame); mju_quatIntegrate(q, v, s) is q * exp(v s).
#include <algorithm>
#include <cmath>
#include <string>

#include "bindings.h"
#include "../src/compiler/mass.h"
#include "../src/util/math3.h"

namespace mjsim {
namespace {

InputArray In(const py::object& value, py::ssize_t size, const char* name) {
  InputArray array = InputArray::ensure(value);
  if (!array) throw py::type_error(std::string(name) + " must be convertible to a float64 array");
  CheckInputSize(array, size, name);
  return array;
}

// --- eigendecomposition and rotation extraction ----------------------------------------

// mju_eig3: the compiler's Jacobi decomposition (compiler/mass.cc Eig3) with the sorting
// quarter turns renormalized, as the reference's API does it (observed bit for bit: quaternion,
// eigenvalues and iteration count). Returns the number of Jacobi iterations.
int ApiEig3(mjtNum eigval[3], mjtNum eigvec[9], mjtNum quat[4], const mjtNum mat[9]) {
  quat[0] = 1;
  quat[1] = quat[2] = quat[3] = 0;
  for (int i = 0; i < 9; ++i) {
    if (!std::isfinite(mat[i])) {  // no decomposition: NaN values, identity vectors
      for (int k = 0; k < 3; ++k) eigval[k] = NAN;
      QuatToMat(eigvec, quat);
      return 0;
    }
  }
  int iterations = Eig3(eigval, quat, mat, /*renormalize_swaps=*/true);
  QuatToMat(eigvec, quat);
  return iterations;
}

// the rotation closest to mat, refined from quat by the iteration of Mueller et al. 2016
// ("A Robust Method to Extract the Rotational Part of Deformations"): rotate by
// omega = sum_i r_i x a_i / (|sum_i r_i . a_i| + 1e-9) until |omega| < 1e-9
int MatToRotation(mjtNum quat[4], const mjtNum mat[9]) {
  const int kMaxIterations = 500;
  if (NormalizeQuat(quat) == 0) quat[0] = 1;
  int iteration = 0;
  for (; iteration < kMaxIterations; ++iteration) {
    mjtNum R[9], omega[3] = {0, 0, 0}, dot = 0;
    QuatToMat(R, quat);
    for (int c = 0; c < 3; ++c) {
      mjtNum r[3] = {R[c], R[3 + c], R[6 + c]}, a[3] = {mat[c], mat[3 + c], mat[6 + c]}, rxa[3];
      Cross3(rxa, r, a);
      AddTo3(omega, rxa);
      dot += Dot3(r, a);
    }
    Scale3(omega, omega, 1 / (std::fabs(dot) + 1e-9));
    mjtNum angle = Norm3(omega);
    if (!(angle >= 1e-9)) break;
    mjtNum axis[3], turn[4], next[4];
    Scale3(axis, omega, 1 / angle);
    AxisAngleToQuat(turn, axis, angle);
    MulQuat(next, turn, quat);
    NormalizeQuat(next);
    Copy4(quat, next);
  }
  return iteration;
}

// --- spatial vectors and pyramids -------------------------------------------------------

// move a motion (w, v) or force (t, f) vector from oldpos to newpos, then express it in the
// new frame (rotnew2old maps new-frame coordinates to old-frame ones; null: same axes)
void TransformSpatial(mjtNum res[6], const mjtNum vec[6], bool force, const mjtNum newpos[3],
                      const mjtNum oldpos[3], const mjtNum* rotnew2old) {
  mjtNum offset[3], moved[6], shift[3];
  Sub3(offset, newpos, oldpos);
  Copy3(moved, vec);
  Copy3(moved + 3, vec + 3);
  if (force) {  // t_new = t - offset x f
    Cross3(shift, offset, vec + 3);
    Sub3(moved, vec, shift);
  } else {  // v_new = v - offset x w
    Cross3(shift, offset, vec);
    Sub3(moved + 3, vec + 3, shift);
  }
  if (!rotnew2old) {
    for (int i = 0; i < 6; ++i) res[i] = moved[i];
    return;
  }
  MulMatTVec3(res, rotnew2old, moved);
  MulMatTVec3(res + 3, rotnew2old, moved + 3);
}

// pyramid edges (n + mu_i t_i, n - mu_i t_i) carrying the force, with ntangent = dim - 1 pairs;
// a positive tangential part beyond the cone is clipped to it, a negative one is not (the
// reference's results: force (1, 0.6) and mu 0.5 give (1, 0); force (1, -2) gives (-1.5, 2.5))
void EncodePyramid(mjtNum* pyramid, const mjtNum* force, const mjtNum* mu, int dim) {
  mjtNum share = force[0] / (dim - 1);
  for (int i = 0; i < dim - 1; ++i) {
    mjtNum tangent = std::min(force[i + 1] / mu[i], share);  // clipped above only (observed)
    pyramid[2 * i] = 0.5 * (share + tangent);
    pyramid[2 * i + 1] = 0.5 * (share - tangent);
  }
}

void DecodePyramid(mjtNum* force, const mjtNum* pyramid, const mjtNum* mu, int dim) {
  force[0] = 0;
  for (int i = 0; i < 2 * (dim - 1); ++i) force[0] += pyramid[i];
  for (int i = 0; i < dim - 1; ++i) force[i + 1] = mu[i] * (pyramid[2 * i] - pyramid[2 * i + 1]);
}

// --- SO(3) Jacobians ----------------------------------------------------------------------

void Skew(mjtNum S[9], const mjtNum v[3]) {
  S[0] = 0;     S[1] = -v[2]; S[2] = v[1];
  S[3] = v[2];  S[4] = 0;     S[5] = -v[0];
  S[6] = -v[1]; S[7] = v[0];  S[8] = 0;
}

// J = I + a [r] + b [r]^2 for the rotation vector r
void SkewSeries(mjtNum J[9], const mjtNum r[3], mjtNum a, mjtNum b) {
  mjtNum S[9], S2[9];
  Skew(S, r);
  MulMat3(S2, S, S);
  for (int i = 0; i < 9; ++i) J[i] = (i % 4 == 0) + a * S[i] + b * S2[i];
}

// right Jacobian of exp: d(exp(r + dr)) = exp(r) exp(Jr dr);
// Jr = I - (1 - cos t)/t^2 [r] + (t - sin t)/t^3 [r]^2
void RightJacobian(mjtNum J[9], const mjtNum r[3]) {
  mjtNum t = Norm3(r);
  if (t < 1e-6) return SkewSeries(J, r, -0.5, 1.0 / 6);
  SkewSeries(J, r, -(1 - std::cos(t)) / (t * t), (t - std::sin(t)) / (t * t * t));
}

// inverse right Jacobian: Jr^-1 = I + [r]/2 + (1/t^2 - (1 + cos t)/(2 t sin t)) [r]^2
void InverseRightJacobian(mjtNum J[9], const mjtNum r[3], bool left) {
  mjtNum t = Norm3(r);
  mjtNum b = t < 1e-6 ? 1.0 / 12 : 1 / (t * t) - (1 + std::cos(t)) / (2 * t * std::sin(t));
  SkewSeries(J, r, left ? -0.5 : 0.5, b);
}

// --- bindings ---------------------------------------------------------------------------

void BindDecompositions(py::module_& module) {
  module.def("mju_eig3", [](py::array eigval, py::array eigvec, py::array quat, py::object mat) {
    InputArray M = In(mat, 9, "mat");
    mjtNum *val = OutputArray(eigval, 3, "eigval"), *vec = OutputArray(eigvec, 9, "eigvec");
    mjtNum* q = OutputArray(quat, 4, "quat");
    return ApiEig3(val, vec, q, M.data());
  }, py::arg("eigval"), py::arg("eigvec"), py::arg("quat"), py::arg("mat"),
     "Eigen-decomposition of a symmetric 3x3 matrix: mat = V diag(eigval) V', V = quat2Mat(quat), eigenvalues in decreasing order. Returns the Jacobi iterations used.");
  module.def("mju_mat2Rot", [](py::array quat, py::object mat) {
    InputArray M = In(mat, 9, "mat");
    return MatToRotation(OutputArray(quat, 4, "quat"), M.data());
  }, py::arg("quat"), py::arg("mat"),
     "Nearest rotation to a 3x3 matrix, found by iterating from the quaternion passed in; returns the iterations used.");
}

void BindSpatial(py::module_& module) {
  module.def("mju_transformSpatial", [](py::array res, py::object vec, int flg_force,
                                        py::object newpos, py::object oldpos,
                                        py::object rotnew2old) {
    InputArray v = In(vec, 6, "vec"), np = In(newpos, 3, "newpos"), op = In(oldpos, 3, "oldpos");
    InputArray rot;
    const mjtNum* rotation = nullptr;
    if (!rotnew2old.is_none()) {
      rot = In(rotnew2old, 9, "rotnew2old");
      rotation = rot.data();
    }
    mjtNum* out = OutputArray(res, 6, "res");
    mjtNum input[6];
    std::copy(v.data(), v.data() + 6, input);  // res may alias vec
    TransformSpatial(out, input, flg_force != 0, np.data(), op.data(), rotation);
  }, py::arg("res"), py::arg("vec"), py::arg("flg_force"), py::arg("newpos"), py::arg("oldpos"),
     py::arg("rotnew2old"),
     "Re-express a 6D motion or force vector (rotation part first) in a frame displaced by newpos and rotated by rotnew2old (None: no rotation); flg_force picks the force rule.");
  // as mujoco's Python binding: the contact dimension passed on is mu's size (so the last
  // friction coefficient and pyramid pair are not used)
  module.def("mju_encodePyramid", [](py::array pyramid, py::object force, py::object mu) {
    InputArray m = InputArray::ensure(mu), f = InputArray::ensure(force);
    if (!m || !f) throw py::type_error("force and mu must be float64 arrays");
    if (pyramid.size() != 2 * m.size()) {
      throw py::type_error("size of pyramid should be twice as large as size of mu");
    }
    if (f.size() != m.size() + 1) {
      throw py::type_error("size of force should be exactly one larger than size of mu");
    }
    EncodePyramid(OutputArray(pyramid, pyramid.size(), "pyramid"), f.data(), m.data(),
                  static_cast<int>(m.size()));
  }, py::arg("pyramid"), py::arg("force"), py::arg("mu"),
     "Forces on the pyramid's edges that sum to the contact force (normal, tangents).");
  module.def("mju_decodePyramid", [](py::array force, py::object pyramid, py::object mu) {
    InputArray m = InputArray::ensure(mu), p = InputArray::ensure(pyramid);
    if (!m || !p) throw py::type_error("pyramid and mu must be float64 arrays");
    if (p.size() != 2 * m.size()) {
      throw py::type_error("size of pyramid should be twice as large as size of mu");
    }
    if (force.size() != m.size() + 1) {
      throw py::type_error("size of force should be exactly one larger than size of mu");
    }
    DecodePyramid(OutputArray(force, force.size(), "force"), p.data(), m.data(),
                  static_cast<int>(m.size()));
  }, py::arg("force"), py::arg("pyramid"), py::arg("mu"),
     "Contact force (normal, tangents) from the forces on the pyramid's edges.");
}

void BindQuaternionDerivatives(py::module_& module) {
  // res = subQuat(qa, qb): Da = Jr^-1(res) (qa perturbed in its own frame), Db = -Jl^-1(res)
  module.def("mjd_subQuat", [](py::object qa, py::object qb, py::object Da, py::object Db) {
    InputArray a = In(qa, 4, "qa"), b = In(qb, 4, "qb");
    mjtNum res[3], J[9];
    QuatDifference(res, b.data(), a.data());  // qb * exp(res) = qa
    for (const py::object* D : {&Da, &Db}) {
      if (!D->is_none() && !py::isinstance<py::array>(*D)) {
        throw py::type_error(std::string(D == &Da ? "Da" : "Db") + " must be a float64 array");
      }
    }
    if (!Da.is_none()) {
      py::array out = Da;
      mjtNum* da = OutputArray(out, 9, "Da");
      InverseRightJacobian(J, res, false);
      std::copy(J, J + 9, da);
    }
    if (!Db.is_none()) {
      py::array out = Db;
      mjtNum* db = OutputArray(out, 9, "Db");
      InverseRightJacobian(J, res, true);
      for (int i = 0; i < 9; ++i) db[i] = -J[i];
    }
  }, py::arg("qa"), py::arg("qb"), py::arg("Da") = py::none(), py::arg("Db") = py::none(),
     "Derivatives of mju_subQuat.");
  // q' = q exp(v s): Dquat = exp(v s)' (rotation of the increment, transposed),
  // Dvel = Jr(v s) (observed: the reference's Dvel is not multiplied by s, i.e. it is the
  // derivative with respect to v s), Dscale = Jr(v s) v
  module.def("mjd_quatIntegrate", [](py::object vel, mjtNum scale, py::array Dquat,
                                     py::array Dvel, py::array Dscale) {
    InputArray v = In(vel, 3, "vel");
    mjtNum *dq = OutputArray(Dquat, 9, "Dquat"), *dv = OutputArray(Dvel, 9, "Dvel");
    mjtNum* ds = OutputArray(Dscale, 3, "Dscale");
    mjtNum r[3], J[9], turn[4], R[9];
    Scale3(r, v.data(), scale);
    mjtNum angle = Norm3(r);
    mjtNum axis[3] = {1, 0, 0};
    if (angle > 0) Scale3(axis, r, 1 / angle);
    AxisAngleToQuat(turn, axis, angle);
    QuatToMat(R, turn);
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 3; ++j) dq[3 * i + j] = R[3 * j + i];
    }
    RightJacobian(J, r);
    for (int i = 0; i < 9; ++i) dv[i] = J[i];
    MulMatVec3(ds, J, v.data());
  }, py::arg("vel"), py::arg("scale"), py::arg("Dquat"), py::arg("Dvel"), py::arg("Dscale"),
     "Derivatives of mju_quatIntegrate.");
}

// mjtSameFrame: none, body, inertia, bodyrot, inertiarot
void Local2Global(const Data& d, mjtNum xpos[3], mjtNum xmat[9], const mjtNum pos[3],
                  const mjtNum quat[4], int body, int sameframe) {
  const mjtNum *bpos = d.xpos + 3 * body, *bmat = d.xmat + 9 * body;
  const mjtNum *ipos = d.xipos + 3 * body, *imat = d.ximat + 9 * body;
  mjtNum offset[3];
  MulMatVec3(offset, bmat, pos);
  switch (sameframe) {
    case 1: Copy3(xpos, bpos); Copy9(xmat, bmat); return;
    case 2: Copy3(xpos, ipos); Copy9(xmat, imat); return;
    case 3: Add3(xpos, bpos, offset); Copy9(xmat, bmat); return;
    case 4: Add3(xpos, bpos, offset); Copy9(xmat, imat); return;
    default: {
      mjtNum local[9];
      Add3(xpos, bpos, offset);
      QuatToMat(local, quat);
      MulMat3(xmat, bmat, local);
    }
  }
}

void BindLocal2Global(py::module_& module) {
  module.def("mj_local2Global", [](PyData& d, py::array xpos, py::array xmat, py::object pos,
                                   py::object quat, int body, int sameframe) {
    const Model& m = *d.model;
    if (body < 0 || body >= m.nbody) {
      throw py::value_error("body must be in [0, nbody), got " + std::to_string(body));
    }
    if (sameframe < 0 || sameframe > 4) {
      throw py::value_error("sameframe must be an mjtSameFrame value (0..4)");
    }
    InputArray p = In(pos, 3, "pos"), q = In(quat, 4, "quat");
    mjtNum *outpos = OutputArray(xpos, 3, "xpos"), *outmat = OutputArray(xmat, 9, "xmat");
    Local2Global(*d.data, outpos, outmat, p.data(), q.data(), body, sameframe);
  }, py::arg("d"), py::arg("xpos"), py::arg("xmat"), py::arg("pos"), py::arg("quat"),
     py::arg("body"), py::arg("sameframe"),
     "World position and orientation of a pose given in a body's frame (sameframe: mjtSameFrame shortcut).");
}

}  // namespace

void BindRotations(py::module_& module) {
  BindDecompositions(module);
  BindSpatial(module);
  BindQuaternionDerivatives(module);
  BindLocal2Global(module);
}

}  // namespace mjsim
