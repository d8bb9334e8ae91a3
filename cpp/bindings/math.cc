// math.cc: the mju_ vector, matrix and quaternion utilities scripts call, with mujoco's Python
// signatures: the result is written into the first (writable float64) array argument. Sizes are
// checked before anything is written; a wrong size or dtype raises naming the argument.
//
// Quaternions are (w, x, y, z), unit length, and compose as rotations: q1*q2 applies q2 first in
// the frame of q1. A rotation vector is axis * angle with angle in (-pi, pi].
#include <cmath>
#include <string>

#include "bindings.h"
#include "mjsim/errors.h"
#include "../src/util/dot.h"
#include "../src/util/math3.h"

namespace mjsim {
namespace {

constexpr mjtNum kMaxVal = 1e10;  // mjMAXVAL: larger magnitudes count as bad (mju_isBad)

// a read-only float64 view of any array-like argument
InputArray Input(const py::object& value, const char* name) {
  InputArray array = InputArray::ensure(value);
  if (!array) throw py::type_error(std::string(name) + " must be convertible to a float64 array");
  return array;
}
InputArray Input(const py::object& value, py::ssize_t size, const char* name) {
  InputArray array = Input(value, name);
  CheckInputSize(array, size, name);
  return array;
}
// a writable float64 argument of any size
mjtNum* Output(py::array& array, const char* name, py::ssize_t* size) {
  if (!array.dtype().is(py::dtype::of<mjtNum>()) || !(array.flags() & py::array::c_style) ||
      !array.writeable()) {
    throw py::type_error(std::string(name) + " must be a writable C-contiguous float64 array");
  }
  *size = array.size();
  return static_cast<mjtNum*>(array.mutable_data());
}

// (rows, cols) of a matrix argument: a 2-d array, or a 1-d array taken as one row
std::pair<py::ssize_t, py::ssize_t> MatrixShape(const py::array& array, const char* name) {
  if (array.ndim() == 2) return {array.shape(0), array.shape(1)};
  if (array.ndim() == 1) return {1, array.shape(0)};
  throw py::type_error(std::string(name) + " must be a 2-d array");
}

// --- quaternions ---

mjtNum NormalizeOr(mjtNum* v, int n) {  // unit vector, or the first axis when too short
  mjtNum norm = 0;
  for (int i = 0; i < n; ++i) norm += v[i] * v[i];
  norm = std::sqrt(norm);
  if (norm < mjMINVAL) {
    for (int i = 0; i < n; ++i) v[i] = i == 0;
  } else {
    for (int i = 0; i < n; ++i) v[i] /= norm;
  }
  return norm;
}

// angular velocity that rotates by quat in time dt: axis * angle / dt, angle in (-pi, pi]
void QuatToVelocity(mjtNum res[3], const mjtNum quat[4], mjtNum dt) {
  mjtNum axis[3] = {quat[1], quat[2], quat[3]};
  mjtNum sin_half = NormalizeOr(axis, 3);
  mjtNum angle = 2 * std::atan2(sin_half, quat[0]);
  if (angle > mjPI) angle -= 2 * mjPI;
  Scale3(res, axis, angle / dt);
}

// q = (cos(angle/2), axis sin(angle/2))
void AxisAngle(mjtNum q[4], const mjtNum axis[3], mjtNum angle) {
  mjtNum s = std::sin(angle / 2);
  q[0] = std::cos(angle / 2);
  Scale3(q + 1, axis, s);
}

// Euler angles with sequence seq: lowercase axes rotate about the moving (intrinsic) frame,
// uppercase about the fixed (extrinsic) frame
void EulerToQuat(mjtNum quat[4], const mjtNum euler[3], const std::string& seq) {
  // FatalError with the reference's mju_error messages
  if (seq.size() != 3) throw FatalError("mju_euler2Quat: seq must contain exactly 3 characters");
  mjtNum result[4] = {1, 0, 0, 0};
  for (int i = 0; i < 3; ++i) {
    char c = seq[i];
    int axis_index = (c == 'x' || c == 'X') ? 0 : (c == 'y' || c == 'Y') ? 1
                   : (c == 'z' || c == 'Z') ? 2 : -1;
    if (axis_index < 0) {
      throw FatalError("mju_euler2Quat: seq[" + std::to_string(i) + "] is '" + std::string(1, c) +
                       "', should be one of x, y, z, X, Y, Z");
    }
    mjtNum axis[3] = {0, 0, 0}, turn[4], product[4];
    axis[axis_index] = 1;
    AxisAngle(turn, axis, euler[i]);
    if (c >= 'a') MulQuat(product, result, turn); else MulQuat(product, turn, result);
    Copy4(result, product);
  }
  Copy4(quat, result);
}

void BindQuaternions(py::module_& module) {
  module.def("mju_mulQuat", [](py::array res, py::object quat1, py::object quat2) {
    InputArray a = Input(quat1, 4, "quat1"), b = Input(quat2, 4, "quat2");
    mjtNum r[4];
    MulQuat(r, a.data(), b.data());
    Copy4(OutputArray(res, 4, "res"), r);
  }, py::arg("res"), py::arg("quat1"), py::arg("quat2"), "Multiply quaternions.");
  module.def("mju_negQuat", [](py::array res, py::object quat) {
    InputArray q = Input(quat, 4, "quat");
    mjtNum r[4];
    ConjugateQuat(r, q.data());
    Copy4(OutputArray(res, 4, "res"), r);
  }, py::arg("res"), py::arg("quat"), "Conjugate of a quaternion, the inverse rotation.");
  module.def("mju_quat2Mat", [](py::array res, py::object quat) {
    InputArray q = Input(quat, 4, "quat");
    QuatToMat(OutputArray(res, 9, "res"), q.data());
  }, py::arg("res"), py::arg("quat"), "3x3 rotation matrix of a unit quaternion.");
  module.def("mju_mat2Quat", [](py::array quat, py::object mat) {
    InputArray R = Input(mat, 9, "mat");
    MatToQuat(OutputArray(quat, 4, "quat"), R.data());
  }, py::arg("quat"), py::arg("mat"), "Unit quaternion of a 3x3 rotation matrix.");
  module.def("mju_axisAngle2Quat", [](py::array res, py::object axis, mjtNum angle) {
    InputArray a = Input(axis, 3, "axis");
    AxisAngle(OutputArray(res, 4, "res"), a.data(), angle);
  }, py::arg("res"), py::arg("axis"), py::arg("angle"),
     "Convert axisAngle to quaternion.");
  module.def("mju_quat2Vel", [](py::array res, py::object quat, mjtNum dt) {
    InputArray q = Input(quat, 4, "quat");
    QuatToVelocity(OutputArray(res, 3, "res"), q.data(), dt);
  }, py::arg("res"), py::arg("quat"), py::arg("dt"),
     "Angular velocity that turns the identity into quat in time dt.");
  module.def("mju_subQuat", [](py::array res, py::object qa, py::object qb) {
    InputArray a = Input(qa, 4, "qa"), b = Input(qb, 4, "qb");
    mjtNum inverse[4], difference[4];  // qb * difference = qa, difference in qb's frame
    ConjugateQuat(inverse, b.data());
    MulQuat(difference, inverse, a.data());
    QuatToVelocity(OutputArray(res, 3, "res"), difference, 1);
  }, py::arg("res"), py::arg("qa"), py::arg("qb"),
     "Rotation vector res taking qb to qa: qb * quat(res) = qa.");
  module.def("mju_rotVecQuat", [](py::array res, py::object vec, py::object quat) {
    InputArray v = Input(vec, 3, "vec"), q = Input(quat, 4, "quat");
    mjtNum r[3];
    RotateVecByQuat(r, v.data(), q.data());
    Copy3(OutputArray(res, 3, "res"), r);
  }, py::arg("res"), py::arg("vec"), py::arg("quat"), "Rotate vector by quaternion.");
  module.def("mju_quatIntegrate", [](py::array quat, py::object vel, mjtNum scale) {
    InputArray v = Input(vel, 3, "vel");
    mjtNum* q = OutputArray(quat, 4, "quat");
    mjtNum axis[3] = {v.data()[0], v.data()[1], v.data()[2]};
    mjtNum angle = Normalize3(axis) * scale;
    mjtNum turn[4], product[4];
    AxisAngle(turn, axis, angle);
    MulQuat(product, q, turn);
    NormalizeQuat(product);
    Copy4(q, product);
  }, py::arg("quat"), py::arg("vel"), py::arg("scale"),
     "Rotate quat in place by the rotation vector scale * vel (vel in the quaternion's own frame).");
  module.def("mju_euler2Quat", [](py::array quat, py::object euler, const std::string& seq) {
    InputArray e = Input(euler, 3, "euler");
    mjtNum q[4];
    EulerToQuat(q, e.data(), seq);
    Copy4(OutputArray(quat, 4, "quat"), q);
  }, py::arg("quat"), py::arg("euler"), py::arg("seq"),
     "Quaternion of successive rotations by the Euler angles (radians) about the axes named in seq.");
  module.def("mju_mulQuatAxis", [](py::array res, py::object quat, py::object axis) {
    InputArray q = Input(quat, 4, "quat"), a = Input(axis, 3, "axis");
    mjtNum pure[4] = {0, a.data()[0], a.data()[1], a.data()[2]}, r[4];
    MulQuat(r, q.data(), pure);
    Copy4(OutputArray(res, 4, "res"), r);
  }, py::arg("res"), py::arg("quat"), py::arg("axis"), "Multiply quaternion and axis.");
  module.def("mju_derivQuat", [](py::array res, py::object quat, py::object vel) {
    InputArray q = Input(quat, 4, "quat"), v = Input(vel, 3, "vel");
    mjtNum pure[4] = {0, v.data()[0] / 2, v.data()[1] / 2, v.data()[2] / 2}, r[4];
    MulQuat(r, pure, q.data());  // d(quat)/dt = (0, vel) * quat / 2, as the reference computes
    Copy4(OutputArray(res, 4, "res"), r);
  }, py::arg("res"), py::arg("quat"), py::arg("vel"),
     "Rate of change of quat for angular velocity vel (in the rotated frame).");
  module.def("mju_quatZ2Vec", [](py::array quat, py::object vec) {
    InputArray v = Input(vec, 3, "vec");
    mjtNum q[4];
    ZAxisToQuat(q, v.data());
    Copy4(OutputArray(quat, 4, "quat"), q);
  }, py::arg("quat"), py::arg("vec"),
       "Quaternion of the shortest rotation taking the z axis to vec.");
  module.def("mju_unit4", [](py::array res) {
    mjtNum* r = OutputArray(res, 4, "res");
    r[0] = 1;
    r[1] = r[2] = r[3] = 0;
  }, py::arg("res"), "The identity quaternion, written into res.");
}

void BindPoses(py::module_& module) {
  module.def("mju_mulPose", [](py::array posres, py::array quatres, py::object pos1,
                               py::object quat1, py::object pos2, py::object quat2) {
    InputArray p1 = Input(pos1, 3, "pos1"), q1 = Input(quat1, 4, "quat1");
    InputArray p2 = Input(pos2, 3, "pos2"), q2 = Input(quat2, 4, "quat2");
    mjtNum* p = OutputArray(posres, 3, "posres");
    mjtNum* q = OutputArray(quatres, 4, "quatres");
    mjtNum position[3], rotation[4];
    RotateVecByQuat(position, p2.data(), q1.data());  // pose1 * pose2
    AddTo3(position, p1.data());
    MulQuat(rotation, q1.data(), q2.data());
    Copy3(p, position);
    Copy4(q, rotation);
  }, py::arg("posres"), py::arg("quatres"), py::arg("pos1"), py::arg("quat1"), py::arg("pos2"),
     py::arg("quat2"), "Multiply two poses.");
  module.def("mju_negPose", [](py::array posres, py::array quatres, py::object pos,
                               py::object quat) {
    InputArray p = Input(pos, 3, "pos"), q = Input(quat, 4, "quat");
    mjtNum* pr = OutputArray(posres, 3, "posres");
    mjtNum* qr = OutputArray(quatres, 4, "quatres");
    mjtNum inverse[4], position[3];
    ConjugateQuat(inverse, q.data());
    RotateVecByQuat(position, p.data(), inverse);
    Scale3(pr, position, -1);
    Copy4(qr, inverse);
  }, py::arg("posres"), py::arg("quatres"), py::arg("pos"), py::arg("quat"),
     "Inverse of a pose (pos, quat): the transform back.");
  module.def("mju_trnVecPose", [](py::array res, py::object pos, py::object quat, py::object vec) {
    InputArray p = Input(pos, 3, "pos"), q = Input(quat, 4, "quat"), v = Input(vec, 3, "vec");
    mjtNum r[3];
    RotateVecByQuat(r, v.data(), q.data());
    AddTo3(r, p.data());
    Copy3(OutputArray(res, 3, "res"), r);
  }, py::arg("res"), py::arg("pos"), py::arg("quat"), py::arg("vec"),
     "Transform vector by pose.");
}

// res[i] = f(i) for a result the size of res, after the inputs are checked
template <typename F>
void Elementwise(py::array& res, const char* name, F f) {
  py::ssize_t n;
  mjtNum* r = Output(res, name, &n);
  for (py::ssize_t i = 0; i < n; ++i) r[i] = f(i);
}

void BindVectors(py::module_& module) {
  // fixed-size 3-vector helpers
  module.def("mju_zero3", [](py::array res) { Zero3(OutputArray(res, 3, "res")); },
             py::arg("res"), "Set res = 0.");
  module.def("mju_zero4", [](py::array res) {
    mjtNum* r = OutputArray(res, 4, "res");
    r[0] = r[1] = r[2] = r[3] = 0;
  }, py::arg("res"), "Set res = 0.");
  module.def("mju_copy3", [](py::array res, py::object data) {
    InputArray a = Input(data, 3, "data");
    Copy3(OutputArray(res, 3, "res"), a.data());
  }, py::arg("res"), py::arg("data"), "Set res = vec.");
  module.def("mju_copy4", [](py::array res, py::object data) {
    InputArray a = Input(data, 4, "data");
    Copy4(OutputArray(res, 4, "res"), a.data());
  }, py::arg("res"), py::arg("data"), "Set res = vec.");
  module.def("mju_add3", [](py::array res, py::object vec1, py::object vec2) {
    InputArray a = Input(vec1, 3, "vec1"), b = Input(vec2, 3, "vec2");
    Add3(OutputArray(res, 3, "res"), a.data(), b.data());
  }, py::arg("res"), py::arg("vec1"), py::arg("vec2"), "Set res = vec1 + vec2.");
  module.def("mju_sub3", [](py::array res, py::object vec1, py::object vec2) {
    InputArray a = Input(vec1, 3, "vec1"), b = Input(vec2, 3, "vec2");
    Sub3(OutputArray(res, 3, "res"), a.data(), b.data());
  }, py::arg("res"), py::arg("vec1"), py::arg("vec2"), "Set res = vec1 - vec2.");
  module.def("mju_scl3", [](py::array res, py::object vec, mjtNum scl) {
    InputArray a = Input(vec, 3, "vec");
    Scale3(OutputArray(res, 3, "res"), a.data(), scl);
  }, py::arg("res"), py::arg("vec"), py::arg("scl"), "Set res = vec*scl.");
  module.def("mju_addTo3", [](py::array res, py::object vec) {
    InputArray a = Input(vec, 3, "vec");
    AddTo3(OutputArray(res, 3, "res"), a.data());
  }, py::arg("res"), py::arg("vec"), "Set res = res + vec.");
  module.def("mju_subFrom3", [](py::array res, py::object vec) {
    InputArray a = Input(vec, 3, "vec");
    AddScaledTo3(OutputArray(res, 3, "res"), a.data(), -1);
  }, py::arg("res"), py::arg("vec"), "Set res = res - vec.");
  module.def("mju_addToScl3", [](py::array res, py::object vec, mjtNum scl) {
    InputArray a = Input(vec, 3, "vec");
    AddScaledTo3(OutputArray(res, 3, "res"), a.data(), scl);
  }, py::arg("res"), py::arg("vec"), py::arg("scl"), "res += scl * vec, for 3-vectors.");
  module.def("mju_addScl3", [](py::array res, py::object vec1, py::object vec2, mjtNum scl) {
    InputArray a = Input(vec1, 3, "vec1"), b = Input(vec2, 3, "vec2");
    mjtNum r[3];
    Copy3(r, a.data());
    AddScaledTo3(r, b.data(), scl);
    Copy3(OutputArray(res, 3, "res"), r);
  }, py::arg("res"), py::arg("vec1"), py::arg("vec2"), py::arg("scl"),
       "res = vec1 + scl * vec2, for 3-vectors.");
  module.def("mju_cross", [](py::array res, py::object a, py::object b) {
    InputArray x = Input(a, 3, "a"), y = Input(b, 3, "b");
    mjtNum r[3];
    Cross3(r, x.data(), y.data());
    Copy3(OutputArray(res, 3, "res"), r);
  }, py::arg("res"), py::arg("a"), py::arg("b"), "res = a x b, the cross product of 3-vectors.");
  module.def("mju_dot3", [](py::object vec1, py::object vec2) {
    InputArray a = Input(vec1, 3, "vec1"), b = Input(vec2, 3, "vec2");
    return Dot3(a.data(), b.data());
  }, py::arg("vec1"), py::arg("vec2"), "Inner product of two 3-vectors.");
  module.def("mju_dist3", [](py::object pos1, py::object pos2) {
    InputArray a = Input(pos1, 3, "pos1"), b = Input(pos2, 3, "pos2");
    mjtNum d[3];
    Sub3(d, a.data(), b.data());
    return Norm3(d);
  }, py::arg("pos1"), py::arg("pos2"),
       "Euclidean distance between two points.");
  module.def("mju_norm3", [](py::object vec) { return Norm3(Input(vec, 3, "vec").data()); },
             py::arg("vec"), "Euclidean length of a 3-vector.");
  module.def("mju_normalize3", [](py::array vec) {
    return Normalize3(OutputArray(vec, 3, "vec"));
  }, py::arg("vec"), "Scale a 3-vector to unit length in place; returns its former length.");
  module.def("mju_normalize4", [](py::array vec) {
    return NormalizeQuat(OutputArray(vec, 4, "vec"));
  }, py::arg("vec"), "Scale a 4-vector to unit length in place; returns its former length.");
  module.def("mju_mulMatVec3", [](py::array res, py::object mat, py::object vec) {
    InputArray M = Input(mat, 9, "mat"), v = Input(vec, 3, "vec");
    mjtNum r[3];
    MulMatVec3(r, M.data(), v.data());
    Copy3(OutputArray(res, 3, "res"), r);
  }, py::arg("res"), py::arg("mat"), py::arg("vec"),
       "res = mat vec, mat 3x3.");
  module.def("mju_mulMatTVec3", [](py::array res, py::object mat, py::object vec) {
    InputArray M = Input(mat, 9, "mat"), v = Input(vec, 3, "vec");
    mjtNum r[3];
    MulMatTVec3(r, M.data(), v.data());
    Copy3(OutputArray(res, 3, "res"), r);
  }, py::arg("res"), py::arg("mat"), py::arg("vec"),
       "res = mat' vec, mat 3x3.");

  // vectors of any length n = size of res (or of the input)
  module.def("mju_zero", [](py::array res) { Elementwise(res,
       "res", [](py::ssize_t) { return 0.0; }); },
             py::arg("res"), "Set res = 0.");
  module.def("mju_fill", [](py::array res, mjtNum val) {
    Elementwise(res, "res", [val](py::ssize_t) { return val; });
  }, py::arg("res"), py::arg("val"), "Set res = val.");
  module.def("mju_copy", [](py::array res, py::object vec) {
    InputArray a = Input(vec, res.size(), "vec");
    Elementwise(res, "res", [&](py::ssize_t i) { return a.data()[i]; });
  }, py::arg("res"), py::arg("vec"), "Set res = vec.");
  module.def("mju_add", [](py::array res, py::object vec1, py::object vec2) {
    InputArray a = Input(vec1, res.size(), "vec1"), b = Input(vec2, res.size(), "vec2");
    Elementwise(res, "res", [&](py::ssize_t i) { return a.data()[i] + b.data()[i]; });
  }, py::arg("res"), py::arg("vec1"), py::arg("vec2"), "Set res = vec1 + vec2.");
  module.def("mju_sub", [](py::array res, py::object vec1, py::object vec2) {
    InputArray a = Input(vec1, res.size(), "vec1"), b = Input(vec2, res.size(), "vec2");
    Elementwise(res, "res", [&](py::ssize_t i) { return a.data()[i] - b.data()[i]; });
  }, py::arg("res"), py::arg("vec1"), py::arg("vec2"), "Set res = vec1 - vec2.");
  module.def("mju_scl", [](py::array res, py::object vec, mjtNum scl) {
    InputArray a = Input(vec, res.size(), "vec");
    Elementwise(res, "res", [&](py::ssize_t i) { return a.data()[i] * scl; });
  }, py::arg("res"), py::arg("vec"), py::arg("scl"), "Set res = vec*scl.");
  module.def("mju_addTo", [](py::array res, py::object vec) {
    InputArray a = Input(vec, res.size(), "vec");
    py::ssize_t n;
    mjtNum* r = Output(res, "res", &n);
    for (py::ssize_t i = 0; i < n; ++i) r[i] += a.data()[i];
  }, py::arg("res"), py::arg("vec"), "Set res = res + vec.");
  module.def("mju_subFrom", [](py::array res, py::object vec) {
    InputArray a = Input(vec, res.size(), "vec");
    py::ssize_t n;
    mjtNum* r = Output(res, "res", &n);
    for (py::ssize_t i = 0; i < n; ++i) r[i] -= a.data()[i];
  }, py::arg("res"), py::arg("vec"), "Set res = res - vec.");
  module.def("mju_addToScl", [](py::array res, py::object vec, mjtNum scl) {
    InputArray a = Input(vec, res.size(), "vec");
    py::ssize_t n;
    mjtNum* r = Output(res, "res", &n);
    for (py::ssize_t i = 0; i < n; ++i) r[i] += scl * a.data()[i];
  }, py::arg("res"), py::arg("vec"), py::arg("scl"), "res += scl * vec.");
  module.def("mju_addScl", [](py::array res, py::object vec1, py::object vec2, mjtNum scl) {
    InputArray a = Input(vec1, res.size(), "vec1"), b = Input(vec2, res.size(), "vec2");
    Elementwise(res, "res", [&](py::ssize_t i) { return a.data()[i] + scl * b.data()[i]; });
  }, py::arg("res"), py::arg("vec1"), py::arg("vec2"), py::arg("scl"),
       "res = vec1 + scl * vec2.");
  module.def("mju_dot", [](py::object vec1, py::object vec2) {
    InputArray a = Input(vec1, "vec1");
    InputArray b = Input(vec2, a.size(), "vec2");
    return Dot(a.data(), b.data(), static_cast<int>(a.size()));
  }, py::arg("vec1"), py::arg("vec2"), "Inner product of two vectors.");
  module.def("mju_norm", [](py::object res) {
    InputArray a = Input(res, "res");
    mjtNum sum = 0;
    for (py::ssize_t i = 0; i < a.size(); ++i) sum += a.data()[i] * a.data()[i];
    return std::sqrt(sum);
  }, py::arg("res"), "Euclidean length of a vector.");
  module.def("mju_normalize", [](py::array res) {
    py::ssize_t n;
    mjtNum* r = Output(res, "res", &n);
    return NormalizeOr(r, static_cast<int>(n));
  }, py::arg("res"), "Scale vec to unit length in place; returns its former length.");
  module.def("mju_sum", [](py::object vec) {
    InputArray a = Input(vec, "vec");
    mjtNum sum = 0;
    for (py::ssize_t i = 0; i < a.size(); ++i) sum += a.data()[i];
    return sum;
  }, py::arg("vec"), "Return sum(vec).");
  module.def("mju_L1", [](py::object vec) {
    InputArray a = Input(vec, "vec");
    mjtNum sum = 0;
    for (py::ssize_t i = 0; i < a.size(); ++i) sum += std::fabs(a.data()[i]);
    return sum;
  }, py::arg("vec"), "Sum of the absolute values of vec.");
  module.def("mju_isZero", [](py::object vec) {
    InputArray a = Input(vec, "vec");
    for (py::ssize_t i = 0; i < a.size(); ++i) {
      if (a.data()[i] != 0) return 0;
    }
    return 1;
  }, py::arg("vec"), "1 if every entry of vec is 0, else 0.");
}

void BindMatrices(py::module_& module) {
  module.def("mju_mulMatVec", [](py::array res, py::object mat, py::object vec) {
    InputArray M = Input(mat, "mat");
    auto [rows, cols] = MatrixShape(M, "mat");
    InputArray v = Input(vec, cols, "vec");
    CheckArraySize(res.size(), rows, "res");
    Elementwise(res, "res", [&](py::ssize_t r) {
      mjtNum sum = 0;
      for (py::ssize_t c = 0; c < cols; ++c) sum += M.data()[r * cols + c] * v.data()[c];
      return sum;
    });
  }, py::arg("res"), py::arg("mat"), py::arg("vec"),
       "res = mat vec.");
  module.def("mju_mulMatTVec", [](py::array res, py::object mat, py::object vec) {
    InputArray M = Input(mat, "mat");
    auto [rows, cols] = MatrixShape(M, "mat");
    InputArray v = Input(vec, rows, "vec");
    CheckArraySize(res.size(), cols, "res");
    Elementwise(res, "res", [&](py::ssize_t c) {
      mjtNum sum = 0;
      for (py::ssize_t r = 0; r < rows; ++r) sum += M.data()[r * cols + c] * v.data()[r];
      return sum;
    });
  }, py::arg("res"), py::arg("mat"), py::arg("vec"),
     "res = mat' vec.");
  // res = op(mat1) op(mat2) with op = identity or transpose; shapes as mujoco documents them
  auto product = [](py::array& res, const py::object& mat1, const py::object& mat2,
                    bool transpose1, bool transpose2) {
    InputArray A = Input(mat1, "mat1"), B = Input(mat2, "mat2");
    auto [ar, ac] = MatrixShape(A, "mat1");
    auto [br, bc] = MatrixShape(B, "mat2");
    py::ssize_t rows = transpose1 ? ac : ar, inner = transpose1 ? ar : ac;
    py::ssize_t inner2 = transpose2 ? bc : br, cols = transpose2 ? br : bc;
    if (inner != inner2) throw py::type_error("mat1 and mat2 have incompatible shapes");
    CheckArraySize(res.size(), rows * cols, "res");
    Elementwise(res, "res", [&](py::ssize_t k) {
      py::ssize_t i = k / cols, j = k % cols;
      mjtNum sum = 0;
      for (py::ssize_t t = 0; t < inner; ++t) {
        mjtNum a = transpose1 ? A.data()[t * ac + i] : A.data()[i * ac + t];
        mjtNum b = transpose2 ? B.data()[j * bc + t] : B.data()[t * bc + j];
        sum += a * b;
      }
      return sum;
    });
  };
  module.def("mju_mulMatMat", [product](py::array res, py::object mat1, py::object mat2) {
    product(res, mat1, mat2, false, false);
  }, py::arg("res"), py::arg("mat1"), py::arg("mat2"), "res = mat1 mat2.");
  module.def("mju_mulMatMatT", [product](py::array res, py::object mat1, py::object mat2) {
    product(res, mat1, mat2, false, true);
  }, py::arg("res"), py::arg("mat1"), py::arg("mat2"),
       "res = mat1 mat2'.");
  module.def("mju_mulMatTMat", [product](py::array res, py::object mat1, py::object mat2) {
    product(res, mat1, mat2, true, false);
  }, py::arg("res"), py::arg("mat1"), py::arg("mat2"),
       "res = mat1' mat2.");
  module.def("mju_mulVecMatVec", [](py::object vec1, py::object mat, py::object vec2) {
    InputArray M = Input(mat, "mat");
    auto [rows, cols] = MatrixShape(M, "mat");
    InputArray a = Input(vec1, rows, "vec1"), b = Input(vec2, cols, "vec2");
    mjtNum sum = 0;  // vec1' * mat * vec2
    for (py::ssize_t r = 0; r < rows; ++r) {
      for (py::ssize_t c = 0; c < cols; ++c) {
        sum += a.data()[r] * M.data()[r * cols + c] * b.data()[c];
      }
    }
    return sum;
  }, py::arg("vec1"), py::arg("mat"), py::arg("vec2"),
       "The scalar vec1' mat vec2, mat square.");
  module.def("mju_symmetrize", [](py::array res, py::object mat) {
    InputArray M = Input(mat, "mat");
    auto [rows, cols] = MatrixShape(M, "mat");
    if (rows != cols) throw py::type_error("mat must be square");
    CheckArraySize(res.size(), rows * cols, "res");
    Elementwise(res, "res", [&](py::ssize_t k) {
      py::ssize_t i = k / rows, j = k % rows;
      return (M.data()[i * rows + j] + M.data()[j * rows + i]) / 2;
    });
  }, py::arg("res"), py::arg("mat"), "res = (mat + mat') / 2.");
  module.def("mju_transpose", [](py::array res, py::object mat) {
    InputArray M = Input(mat, "mat");
    auto [rows, cols] = MatrixShape(M, "mat");
    CheckArraySize(res.size(), rows * cols, "res");
    Elementwise(res, "res", [&](py::ssize_t k) { return M.data()[(k % rows) * cols + k / rows]; });
  }, py::arg("res"), py::arg("mat"), "Transpose matrix: res = mat'.");
  module.def("mju_eye", [](py::array mat) {
    auto [rows, cols] = MatrixShape(mat, "mat");
    if (rows != cols) throw py::type_error("mat must be square");
    Elementwise(mat, "mat", [n = rows](py::ssize_t k) { return k / n == k % n ? 1.0 : 0.0; });
  }, py::arg("mat"), "Fill mat with the identity.");
}

void BindScalars(py::module_& module) {
  module.def("mju_max",
             [](mjtNum a, mjtNum b) { return a >= b ? a : b; }, py::arg("a"), py::arg("b"),
             "The larger of a and b.");
  module.def("mju_min",
             [](mjtNum a, mjtNum b) { return a <= b ? a : b; }, py::arg("a"), py::arg("b"),
             "The smaller of a and b.");
  module.def("mju_sign", [](mjtNum x) { return x < 0 ? -1.0 : (x > 0 ? 1.0 : 0.0); }, py::arg("x"),
             "-1, 0 or +1, the sign of x.");
  module.def("mju_round", [](mjtNum x) {
    if (!(std::fabs(x) < 2147483647.0)) throw py::value_error("x is not a finite int-sized number");
    return static_cast<int>(std::lround(x));
  }, py::arg("x"), "x rounded to the nearest integer.");
  module.def("mju_clip",
             [](mjtNum x, mjtNum lo, mjtNum hi) { return x < lo ? lo : (x > hi ? hi : x); },
             py::arg("x"), py::arg("min"), py::arg("max"), "x limited to [min, max].");
  module.def("mju_isBad",
             [](mjtNum x) { return static_cast<int>(x != x || x > kMaxVal || x < -kMaxVal); },
             py::arg("x"), "1 if x is NaN or its magnitude exceeds mjMAXVAL, else 0.");
  // quintic smoothstep: 0 below 0, 1 above 1, x^3 (6x^2 - 15x + 10) between
  module.def("mju_sigmoid", [](mjtNum x) {
    if (x <= 0) return 0.0;
    if (x >= 1) return 1.0;
    return x * x * x * (x * (6 * x - 15) + 10);
  }, py::arg("x"), "Smooth step from 0 at x <= 0 to 1 at x >= 1 (a quintic in between).");
}

}  // namespace

void BindMath(py::module_& module) {
  BindQuaternions(module);
  BindPoses(module);
  BindVectors(module);
  BindMatrices(module);
  BindScalars(module);
}

}  // namespace mjsim
