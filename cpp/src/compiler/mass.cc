// mass.cc: geom volumes and inertias of uniform solids, their combination into a body inertia,
// and the symmetric 3x3 eigen-decomposition that yields principal axes (checklist B.5).
#include "compiler/mass.h"

#include <cmath>

#include "util/math3.h"

namespace mjsim {
namespace {

// R diag(d) R' for a unit quaternion q
void RotateDiagonalInertia(mjtNum out[9], const mjtNum diagonal[3], const mjtNum q[4]) {
  mjtNum R[9];
  QuatToMat(R, q);
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      out[3 * i + j] = R[3 * i] * diagonal[0] * R[3 * j] + R[3 * i + 1] * diagonal[1] * R[3 * j + 1] +
                       R[3 * i + 2] * diagonal[2] * R[3 * j + 2];
    }
  }
}

// parallel-axis term m (|d|^2 I - d d') added to out
void AddPointMassInertia(mjtNum out[9], mjtNum mass, const mjtNum d[3]) {
  mjtNum dd = Dot3(d, d);
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) out[3 * i + j] += mass * ((i == j ? dd : 0) - d[i] * d[j]);
  }
}

// One Jacobi step: the largest off-diagonal element of D = R'AR, as the cyclic pair (i, j) with
// the rotation axis k, i.e. (i, j, k) in {(0,1,2), (1,2,0), (2,0,1)}.
void LargestOffDiagonal(const mjtNum D[9], int& i, int& j, int& k) {
  mjtNum d01 = std::fabs(D[1]), d12 = std::fabs(D[5]), d20 = std::fabs(D[2]);
  if (d01 >= d12 && d01 >= d20) {
    i = 0; j = 1; k = 2;
  } else if (d12 >= d20) {
    i = 1; j = 2; k = 0;
  } else {
    i = 2; j = 0; k = 1;
  }
}

// Rotates the frame q by +90 degrees about its own axis k: columns i, j become j, -i.
void SwapAxes(mjtNum q[4], int k) {
  // cos and sin of 45 degrees as one number: sin(pi/4) rounds one bit below cos(pi/4), and the
  // reference's turn is symmetric (its quaternions keep exactly equal components)
  const mjtNum half = std::sqrt(0.5);
  mjtNum turn[4] = {half, 0, 0, 0};
  turn[1 + k] = half;
  MulQuat(q, q, turn);
}

}  // namespace

mjtNum GeomVolume(int type, const mjtNum size[3]) {
  switch (type) {
    case mjGEOM_SPHERE:
      return 4.0 / 3.0 * mjPI * size[0] * size[0] * size[0];
    case mjGEOM_CAPSULE:
      return mjPI * size[0] * size[0] * 2 * size[1] +
             4.0 / 3.0 * mjPI * size[0] * size[0] * size[0];
    case mjGEOM_CYLINDER:
      return mjPI * size[0] * size[0] * 2 * size[1];
    case mjGEOM_ELLIPSOID:
      return 4.0 / 3.0 * mjPI * size[0] * size[1] * size[2];
    case mjGEOM_BOX:
      return 8 * size[0] * size[1] * size[2];
    default:
      return 0;
  }
}

void GeomInertia(mjtNum inertia[3], int type, const mjtNum size[3], mjtNum mass) {
  const mjtNum r = size[0];
  switch (type) {
    case mjGEOM_SPHERE:
      inertia[0] = inertia[1] = inertia[2] = 0.4 * mass * r * r;
      return;
    case mjGEOM_CAPSULE: {
      // a cylinder of length L plus two hemispheres; each hemisphere's com sits 3r/8 beyond
      // the cylinder's end, so about the center: 2/5 m r^2 + m (L^2/4 + 3 r L / 8)
      mjtNum length = 2 * size[1];
      mjtNum volume = GeomVolume(type, size);
      mjtNum cylinder_mass = mass * mjPI * r * r * length / volume;
      mjtNum spheres_mass = mass - cylinder_mass;
      inertia[0] = inertia[1] =
          cylinder_mass * (3 * r * r + length * length) / 12 +
          spheres_mass * (0.4 * r * r + 0.25 * length * length + 0.375 * r * length);
      inertia[2] = cylinder_mass * r * r / 2 + 0.4 * spheres_mass * r * r;
      return;
    }
    case mjGEOM_CYLINDER: {
      mjtNum length = 2 * size[1];
      inertia[0] = inertia[1] = mass * (3 * r * r + length * length) / 12;
      inertia[2] = mass * r * r / 2;
      return;
    }
    case mjGEOM_ELLIPSOID:
      inertia[0] = mass * (size[1] * size[1] + size[2] * size[2]) / 5;
      inertia[1] = mass * (size[0] * size[0] + size[2] * size[2]) / 5;
      inertia[2] = mass * (size[0] * size[0] + size[1] * size[1]) / 5;
      return;
    case mjGEOM_BOX:
      inertia[0] = mass * (size[1] * size[1] + size[2] * size[2]) / 3;
      inertia[1] = mass * (size[0] * size[0] + size[2] * size[2]) / 3;
      inertia[2] = mass * (size[0] * size[0] + size[1] * size[1]) / 3;
      return;
    default:
      inertia[0] = inertia[1] = inertia[2] = 0;
  }
}

MassProperties CombineMassProperties(const std::vector<MassProperties>& parts) {
  MassProperties body;
  for (const MassProperties& part : parts) {
    body.mass += part.mass;
    AddScaledTo3(body.pos, part.pos, part.mass);
  }
  if (body.mass < mjMINVAL) return body;
  // com = sum(m p) / sum(m); with one part this rounds like the reference, (m p) / m != p
  for (int i = 0; i < 3; ++i) body.pos[i] /= body.mass;
  if (parts.size() == 1) {  // one part keeps its own principal frame
    Copy3(body.inertia, parts[0].inertia);
    Copy4(body.quat, parts[0].quat);
    return body;
  }

  // I = sum of R I_part R' + m (|d|^2 I - d d'), d = part com - body com
  mjtNum total[9] = {0};
  for (const MassProperties& part : parts) {
    mjtNum rotated[9];
    RotateDiagonalInertia(rotated, part.inertia, part.quat);
    for (int i = 0; i < 9; ++i) total[i] += rotated[i];
    mjtNum offset[3];
    Sub3(offset, part.pos, body.pos);
    AddPointMassInertia(total, part.mass, offset);
  }
  Eig3(body.inertia, body.quat, total);
  return body;
}

void Eig3(mjtNum eigval[3], mjtNum quat[4], const mjtNum mat[9]) {
  const mjtNum kEig3MinRotation = 1.4142135623730951e-6;
  const mjtNum kEig3MinOffDiagonal = 1e-12;
  quat[0] = 1; quat[1] = quat[2] = quat[3] = 0;
  mjtNum D[9];
  for (int iteration = 0; iteration < 500; ++iteration) {
    // D = R' mat R
    mjtNum R[9], AR[9], RT[9];
    QuatToMat(R, quat);
    MulMat3(AR, mat, R);
    for (int a = 0; a < 3; ++a) {
      for (int b = 0; b < 3; ++b) RT[3 * a + b] = R[3 * b + a];
    }
    MulMat3(D, RT, AR);

    int i, j, k;
    LargestOffDiagonal(D, i, j, k);
    mjtNum off = D[3 * i + j];
    // the reference also stops on a small absolute off-diagonal (observed on tiny meshes: 1e-12)
    if (std::fabs(off) < kEig3MinOffDiagonal) break;
    // rotate about axis k by theta with tan(2 theta) = 2 D_ij / (D_ii - D_jj), |theta| <= pi/4:
    // zeroes D_ij. Like the reference, stop once the rotation is below sqrt(2e-12) (a
    // 1 - cos(theta) < 1e-12 test): the reference's principal axes are those of this iterate.
    mjtNum theta = 0.5 * std::atan(2 * off / (D[3 * i + i] - D[3 * j + j]));
    if (std::fabs(theta) < kEig3MinRotation) break;
    mjtNum axis[3] = {0, 0, 0};
    axis[k] = 1;
    mjtNum step[4];
    AxisAngleToQuat(step, axis, theta);
    MulQuat(quat, quat, step);
    NormalizeQuat(quat);
  }
  eigval[0] = D[0]; eigval[1] = D[4]; eigval[2] = D[8];

  // sort decreasing with the bubble sequence (0,1), (1,2), (0,1); each swap is a quarter turn
  // about the third axis, so the frame stays right-handed
  const int pairs[3][3] = {{0, 1, 2}, {1, 2, 0}, {0, 1, 2}};
  for (const auto& pair : pairs) {
    int a = pair[0], b = pair[1];
    if (eigval[a] + kEig3MinOffDiagonal < eigval[b]) {  // the reference keeps near-ties in place (observed)
      mjtNum t = eigval[a]; eigval[a] = eigval[b]; eigval[b] = t;
      SwapAxes(quat, pair[2]);
    }
  }
  NormalizeQuat(quat);
}

}  // namespace mjsim
