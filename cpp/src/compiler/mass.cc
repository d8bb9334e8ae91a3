// mass.cc: geom volumes and inertias of uniform solids, their combination into a body inertia,
// and the symmetric 3x3 eigen-decomposition that yields principal axes (checklist B.5).
#include "compiler/mass.h"

#include <cmath>

#include "util/math3.h"

namespace mjsim {
namespace {

// R diag(d) R' for a unit quaternion q: the upper triangle as R[i][k] (d_k R[j][k]) summed
// over k in order, mirrored (the reference's compiler, bit-equal on 1500 random bodies)
void RotateDiagonalInertia(mjtNum out[9], const mjtNum diagonal[3], const mjtNum q[4]) {
  mjtNum R[9];
  QuatToMat(R, q);
  for (int i = 0; i < 3; ++i) {
    for (int j = i; j < 3; ++j) {
      out[3 * i + j] = R[3 * i] * (diagonal[0] * R[3 * j]) +
                       R[3 * i + 1] * (diagonal[1] * R[3 * j + 1]) +
                       R[3 * i + 2] * (diagonal[2] * R[3 * j + 2]);
      out[3 * j + i] = out[3 * i + j];
    }
  }
}

// parallel-axis term m (|d|^2 I - d d') added to out, as the reference's compiler rounds it:
// diagonal m (d_j^2 + d_k^2), off-diagonal ((-m) d_i) d_j with i < j, mirrored
void AddPointMassInertia(mjtNum out[9], mjtNum mass, const mjtNum d[3]) {
  mjtNum term[9];
  term[0] = mass * (d[1] * d[1] + d[2] * d[2]);
  term[4] = mass * (d[0] * d[0] + d[2] * d[2]);
  term[8] = mass * (d[0] * d[0] + d[1] * d[1]);
  term[1] = term[3] = -mass * d[0] * d[1];
  term[2] = term[6] = -mass * d[0] * d[2];
  term[5] = term[7] = -mass * d[1] * d[2];
  for (int i = 0; i < 9; ++i) out[i] += term[i];
}

// The Jacobi pivot of D: the off-diagonal pair (i, j) with the rotation axis k. Candidates in
// the order (1,2), (2,0), (0,1), read from the upper triangle (D[5], D[2], D[1]); a later one
// replaces an earlier only if strictly larger in magnitude (observed on integer matrices with
// tied off-diagonals).
struct JacobiPivot {
  int i, j, k;
  mjtNum off;
};
JacobiPivot LargestOffDiagonal(const mjtNum D[9]) {
  JacobiPivot pivot = {1, 2, 0, D[5]};
  if (std::fabs(D[2]) > std::fabs(pivot.off)) pivot = {2, 0, 1, D[2]};
  if (std::fabs(D[1]) > std::fabs(pivot.off)) pivot = {0, 1, 2, D[1]};
  return pivot;
}

// Rotates the frame q by +90 degrees about its own axis k: columns i, j become j, -i. The
// reference's quarter turn has cos = sin = 0.707106781186548 (a 15-digit constant, 4 ulps above
// sqrt(1/2)). Its compiler does not renormalize the product (observed bit for bit on
// fullinertia and geom-combined bodies: two swaps give 0.5000000000000007 = 0.707106781186548^2,
// three give 2 * 0.707106781186548^3 = 0.7071067811865489); its API mju_eig3 does.
void SwapAxes(mjtNum q[4], int k, bool renormalize) {
  const mjtNum half = 0.707106781186548;
  mjtNum turn[4] = {half, 0, 0, 0};
  turn[1 + k] = half;
  MulQuat(q, q, turn);
  if (renormalize) NormalizeQuat(q);
}

// D = R' A R, as (R' A) R, for R the rotation of q
void RotatedMatrix(mjtNum D[9], const mjtNum A[9], const mjtNum q[4]) {
  mjtNum R[9], RtA[9];
  QuatToMat(R, q);
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      RtA[3 * i + j] = R[i] * A[j] + R[3 + i] * A[3 + j] + R[6 + i] * A[6 + j];
    }
  }
  MulMat3(D, RtA, R);
}

}  // namespace

// Volumes and inertias with the reference's rounding (fitted bit for bit on single-geom bodies:
// body_mass and body_inertia; the last bits decide the principal axes of bodies whose moments
// repeat, e.g. a capsule and a sphere on one axis).
mjtNum GeomVolume(int type, const mjtNum size[3]) {
  const mjtNum r = size[0];
  switch (type) {
    case mjGEOM_SPHERE:
      return 4 * mjPI * r * r * r / 3;
    case mjGEOM_CAPSULE:
      return mjPI * (r * r * (2 * size[1]) + 4 * r * r * r / 3);
    case mjGEOM_CYLINDER:
      return mjPI * r * r * 2 * size[1];
    case mjGEOM_ELLIPSOID:
      return 4 * mjPI * size[0] * size[1] * size[2] / 3;
    case mjGEOM_BOX:
      return 8 * size[0] * size[1] * size[2];
    default:
      return 0;
  }
}

mjtNum GeomSurfaceArea(int type, const mjtNum size[3]) {
  const mjtNum a = size[0], b = size[1], c = size[2];
  switch (type) {
    case mjGEOM_SPHERE:
      return 4 * mjPI * a * a;
    case mjGEOM_CAPSULE:  // the side of the cylinder plus one sphere
      return 2 * mjPI * a * (2 * b) + 4 * mjPI * a * a;
    case mjGEOM_CYLINDER:  // the side plus the two discs
      return 2 * mjPI * a * (2 * b) + 2 * mjPI * a * a;
    case mjGEOM_ELLIPSOID: {
      // Thomsen's approximation, 4 pi ((ab^p + bc^p + ac^p) / 3)^(1/p), relative error
      // under 1.1%; the reference's (bit-equal on 150 random ellipsoids)
      const mjtNum p = 1.6075;
      return 4 * mjPI * std::pow((std::pow(a * b, p) + std::pow(b * c, p) + std::pow(a * c, p)) / 3, 1 / p);
    }
    case mjGEOM_BOX:
      return 8 * (a * b + b * c + a * c);
    default:
      return 0;
  }
}

namespace {

// a box's six faces: a pair of faces normal to axis i is a pair of plates at distance size[i]
// from the center, each of mass m_i (its share of the area); about axis i it adds
// 2 m_i (p^2 + q^2) / 3, about another axis j 2 m_i (size[j]^2 / 3 + size[i]^2)
void BoxShellInertia(mjtNum inertia[3], const mjtNum size[3], mjtNum mass) {
  const mjtNum a = size[0], b = size[1], c = size[2];
  const mjtNum area = 8 * (a * b + b * c + a * c);
  const mjtNum face_mass[3] = {mass * 4 * b * c / area, mass * 4 * a * c / area, mass * 4 * a * b / area};
  for (int i = 0; i < 3; ++i) {
    const int j = (i + 1) % 3, k = (i + 2) % 3;
    const mjtNum p2 = size[j] * size[j], q2 = size[k] * size[k];
    inertia[i] = 2 * (face_mass[i] * (p2 + q2) / 3 + face_mass[j] * (p2 + q2 / 3) + face_mass[k] * (p2 / 3 + q2));
  }
}

// the side (a tube of mass m_side: r^2 about the axis, r^2/2 + h^2/3 across it) plus the two
// ends: discs of mass m_end each (r^2/2 along, r^2/4 + h^2 across) for a cylinder, for a
// capsule two hemispherical shells of joint mass m_end (2r^2/3 along, 2r^2/3 + h r + h^2
// across: their centroids sit r/2 beyond the ends)
void TubeShellInertia(mjtNum inertia[3], int type, const mjtNum size[3], mjtNum mass) {
  const mjtNum r = size[0], h = size[1];
  const mjtNum side_area = 2 * mjPI * r * (2 * h);
  const mjtNum side_mass = mass * side_area / GeomSurfaceArea(type, size);
  const mjtNum end_mass = mass - side_mass;
  const mjtNum side_across = side_mass * (r * r / 2 + h * h / 3);
  if (type == mjGEOM_CYLINDER) {
    inertia[0] = inertia[1] = side_across + end_mass * (r * r / 4 + h * h);
    inertia[2] = side_mass * r * r + end_mass * r * r / 2;
  } else {
    inertia[0] = inertia[1] = side_across + end_mass * (2 * r * r / 3 + h * r + h * h);
    inertia[2] = side_mass * r * r + end_mass * 2 * r * r / 3;
  }
}

// the solid of semi-axes a+t, b+t, c+t less the solid a, b, c, t = 1e-6, at the density that
// gives the shell its mass: the reference's construction (bit-equal on 60 random ellipsoids;
// relative error about t / size against the exact thin shell)
void EllipsoidShellInertia(mjtNum inertia[3], const mjtNum size[3], mjtNum mass) {
  const mjtNum t = 1e-6;
  const mjtNum outer[3] = {size[0] + t, size[1] + t, size[2] + t};
  const mjtNum outer_volume = GeomVolume(mjGEOM_ELLIPSOID, outer);
  const mjtNum inner_volume = GeomVolume(mjGEOM_ELLIPSOID, size);
  const mjtNum density = mass / (outer_volume - inner_volume);
  mjtNum outer_inertia[3], inner_inertia[3];
  GeomInertia(outer_inertia, mjGEOM_ELLIPSOID, outer, density * outer_volume);
  GeomInertia(inner_inertia, mjGEOM_ELLIPSOID, size, density * inner_volume);
  for (int i = 0; i < 3; ++i) inertia[i] = outer_inertia[i] - inner_inertia[i];
}

}  // namespace

void GeomShellInertia(mjtNum inertia[3], int type, const mjtNum size[3], mjtNum mass) {
  switch (type) {
    case mjGEOM_SPHERE:
      inertia[0] = inertia[1] = inertia[2] = 2 * mass * size[0] * size[0] / 3;
      return;
    case mjGEOM_CAPSULE:
    case mjGEOM_CYLINDER:
      TubeShellInertia(inertia, type, size, mass);
      return;
    case mjGEOM_ELLIPSOID:
      EllipsoidShellInertia(inertia, size, mass);
      return;
    case mjGEOM_BOX:
      BoxShellInertia(inertia, size, mass);
      return;
    default:
      inertia[0] = inertia[1] = inertia[2] = 0;
  }
}

void GeomInertia(mjtNum inertia[3], int type, const mjtNum size[3], mjtNum mass) {
  const mjtNum r = size[0];
  switch (type) {
    case mjGEOM_SPHERE:
      inertia[0] = inertia[1] = inertia[2] = 2 * mass * r * r / 5;
      return;
    case mjGEOM_CAPSULE: {
      // a cylinder of length L plus two hemispheres of mass ms = m 4r / (4r + 3L) (their share
      // of the volume); each hemisphere's com sits 3r/8 beyond the cylinder's end, so about the
      // center they add 2/5 ms r^2 + ms L (3r + 2L) / 8. Grouped as the reference's compiler
      // (bit-equal on 300 random capsules; the algebraically equal forms differ in the last bit)
      mjtNum length = 2 * size[1];
      mjtNum spheres_mass = mass * 4 * r / (4 * r + 3 * length);
      mjtNum cylinder_mass = mass - spheres_mass;
      mjtNum spheres_inertia = 2 * spheres_mass * r * r / 5;
      inertia[0] = cylinder_mass * (3 * r * r + length * length) / 12;
      inertia[0] += spheres_inertia + spheres_mass * length * (3 * r + 2 * length) / 8;
      inertia[1] = inertia[0];
      inertia[2] = cylinder_mass * r * r / 2;
      inertia[2] += spheres_inertia;
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
  // one part keeps its own com and principal frame (bit for bit), even when massless: an
  // <inertial mass="0"> keeps its written pos and quat (metaworld's sawyer cameras)
  if (parts.size() == 1) {
    Copy3(body.pos, parts[0].pos);
    Copy3(body.inertia, parts[0].inertia);
    Copy4(body.quat, parts[0].quat);
    return body;
  }
  if (body.mass < mjMINVAL) return body;
  // com = sum(m p) / sum(m), summed in geom order (observed bit for bit on 1-3 spheres)
  for (int i = 0; i < 3; ++i) body.pos[i] /= body.mass;

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

// Cyclic Jacobi on a quaternion frame (fitted bit for bit to the reference's mju_eig3 on random,
// repeated-eigenvalue and integer matrices): each step zeroes the pivot D_ij with the rotation
// about k of tan(phi) = t, the smaller root of t^2 + 2 tau t - 1 = 0, tau = (D_jj - D_ii) / 2 D_ij
// (at tau = 0: t = 1, but t = -1 for the pair (2,0)); the step quaternion is
// (sqrt(1 - s^2), s along k), s = sign(sin phi) sqrt((1 - cos phi) / 2). Stops when
// |D_ij| < 1e-12 or 1 - cos(phi) < 1e-12, before the step. With renormalize_swaps this is the
// reference's API mju_eig3 bit for bit (quaternion, eigenvalues and iteration count observed
// equal on 300 random matrices of scales 1e-3..1e3).
int Eig3(mjtNum eigval[3], mjtNum quat[4], const mjtNum mat[9], bool renormalize_swaps) {
  const mjtNum kEig3Tolerance = 1e-12;
  quat[0] = 1; quat[1] = quat[2] = quat[3] = 0;
  mjtNum D[9];
  int iteration = 0;
  for (; iteration < 500; ++iteration) {
    RotatedMatrix(D, mat, quat);
    JacobiPivot p = LargestOffDiagonal(D);
    if (std::fabs(p.off) < kEig3Tolerance) break;
    mjtNum tau = (D[3 * p.j + p.j] - D[3 * p.i + p.i]) / (2 * p.off);
    mjtNum sign = tau > 0 ? 1 : tau < 0 ? -1 : (p.i == 2 ? -1 : 1);
    mjtNum t = sign / (std::fabs(tau) + std::sqrt(1 + tau * tau));
    mjtNum c = 1 / std::sqrt(1 + t * t);
    if (1 - c < kEig3Tolerance) break;
    mjtNum s = -t * c;
    mjtNum half_sin = (s >= 0 ? 1 : -1) * std::sqrt(0.5 * (1 - c));
    mjtNum step[4] = {std::sqrt(1 - half_sin * half_sin), 0, 0, 0};
    step[1 + p.k] = half_sin;
    MulQuat(quat, quat, step);
    NormalizeQuat(quat);
  }
  eigval[0] = D[0]; eigval[1] = D[4]; eigval[2] = D[8];

  // sort decreasing with the bubble sequence (0,1), (1,2), (0,1); each swap is a quarter turn
  // about the third axis, so the frame stays right-handed; near-ties (within 1e-12) stay in place
  const int pairs[3][3] = {{0, 1, 2}, {1, 2, 0}, {0, 1, 2}};
  for (const auto& pair : pairs) {
    int a = pair[0], b = pair[1];
    if (eigval[a] + kEig3Tolerance < eigval[b]) {
      mjtNum t = eigval[a]; eigval[a] = eigval[b]; eigval[b] = t;
      SwapAxes(quat, pair[2], renormalize_swaps);
    }
  }
  return iteration;
}

}  // namespace mjsim
