// fluid.cc: fluid forces, part of the passive stage (Computation "Fluid forces"; checklist
// C.10), and their velocity derivative for the implicit integrators.
//   reads   m.opt.density viscosity wind integrator, body_mass body_inertia body_rootid
//           body_geomadr body_geomnum geom_type geom_size geom_bodyid geom_fluid
//           d.xipos ximat geom_xpos geom_xmat subtree_com cvel cdof
//   writes  d.qfrc_fluid; qDeriv (AddFluidVelocityDerivative)
//
// Each model gives a force f and torque g in a local frame from the local angular velocity w and
// linear velocity v (of the frame's origin, minus opt.wind), with rho = density and
// beta = viscosity; R f and R g act at the origin and reach joint space through J'.
//
// Inertia-box model, per body without ellipsoid geoms, in its inertial frame: the box of the
// body's mass and principal inertia, half-sizes r_i = sqrt(3/(2m) (I_j + I_k - I_i)):
//   drag     f_i = -2 rho r_j r_k |v_i| v_i        g_i = -1/2 rho r_i (r_j^4 + r_k^4) |w_i| w_i
//   viscous  f   = -6 beta pi r_eq v                g   = -8 beta pi r_eq^3 w,  r_eq = mean r_i
//
// Ellipsoid model, per geom with fluidshape="ellipsoid", in the geom frame: the ellipsoid of
// semi-axes r (from the geom size), volume V; geom_fluid holds [1, C_blunt, C_slender, C_angular,
// C_Kutta, C_Magnus, virtual mass m_A(3), virtual inertia I_A(3)], the last two per unit density.
//   added mass  f = rho (m_A o v) x w     g = rho (m_A o v) x v + rho (I_A o w) x w
//   Magnus      f = C_M rho V w x v
//   Kutta       f = C_K rho A p (p v - |v|^2 N) / |v| q,  N = S o v, S_i = (r_j r_k)^2,
//               p = v.N, q = N.N: (v.n)(n x v) x v with n along the cross-section normal N
//   drag        f = -rho (C_blunt A + C_slender (A_max - A)) |v| v,  A_max = pi r_max r_mid
//               g = -rho |K o w| w,  K = C_angular I_D + C_slender (max_i I_D,i - I_D),
//               I_D,i = 8 pi/15 r_i max(r_j, r_k)^4
//   viscous     f = -6 beta pi r_D v,  g = -8 beta pi r_D^3 w,  r_D = mean r_i
// with A = pi sqrt(q/p) the area the ellipsoid projects along v (the chapter's lemma). As the
// reference does, the denominators p and |v| q are bounded below by mjMINVAL.
//
// Velocity derivative: qDeriv += J' R B R' J per body or geom, B = d(g, f)/d(w, v) in the local
// frame, whose terms are those the reference computes (compared with its qDeriv at random states
// and with finite differences of its forces): exact at ordinary velocities, but the derivative
// of A in the drag and the Kutta terms' coefficient have their own mjMINVAL bounds, which the
// helpers below state. implicitfast uses the symmetric part (B + B')/2, as the reference does.
#include <algorithm>
#include <cmath>

#include "engine/stages.h"
#include "mjsim/api.h"
#include "util/math3.h"
#include "util/scratch.h"

namespace mjsim {
namespace {

bool FluidEnabled(const Model& m) { return m.opt.density > 0 || m.opt.viscosity > 0; }

bool UsesEllipsoidModel(const Model& m, int g) { return m.geom_fluid[12 * g] > 0; }

// whether body b feels the inertia-box model: massive, and none of its geoms uses the ellipsoid
bool BoxBody(const Model& m, int b) {
  if (m.body_mass[b] < mjMINVAL) return false;
  for (int g = m.body_geomadr[b]; g >= 0 && g < m.body_geomadr[b] + m.body_geomnum[b]; ++g) {
    if (UsesEllipsoidModel(m, g)) return false;
  }
  return true;
}

// A local frame moving with a body: its origin, orientation R and velocity in the frame.
struct FluidFrame {
  int body;
  const mjtNum* origin;    // 3, world
  const mjtNum* rotation;  // 9, world from local
  mjtNum angular[3];       // w = R' cvel_rot
  mjtNum linear[3];        // v = R' (cvel_lin + cvel_rot x (origin - subtree_com) - wind)
};

FluidFrame MakeFrame(const Model& m, const Data& d, int body, const mjtNum* origin,
                     const mjtNum* rotation) {
  FluidFrame frame{body, origin, rotation, {0, 0, 0}, {0, 0, 0}};
  const mjtNum* cvel = d.cvel + 6 * body;
  mjtNum offset[3], turn[3], world_linear[3];
  Sub3(offset, origin, d.subtree_com + 3 * m.body_rootid[body]);
  Cross3(turn, cvel, offset);
  Add3(world_linear, cvel + 3, turn);
  Sub3(world_linear, world_linear, m.opt.wind);
  MulMatTVec3(frame.angular, rotation, cvel);
  MulMatTVec3(frame.linear, rotation, world_linear);
  return frame;
}

// qfrc_fluid += J' (R force) + Jrot' (R torque) at the frame's origin
void ApplyLocal(const Model& m, Data& d, const FluidFrame& frame, const mjtNum force[3],
                const mjtNum torque[3]) {
  mjtNum world_force[3], world_torque[3];
  MulMatVec3(world_force, frame.rotation, force);
  MulMatVec3(world_torque, frame.rotation, torque);
  mj_applyFT(m, d, world_force, world_torque, frame.origin, frame.body, d.qfrc_fluid);
}

// qDeriv += J' R B R' J, B the 6x6 (row-major) d(torque, force)/d(w, v) in the frame, J the
// Jacobian (rotation; translation of the origin) of the frame's body; only the dofs on the
// body's chain have nonzero columns
void AddLocalDerivative(const Model& m, Data& d, const FluidFrame& frame, const mjtNum B[36],
                        mjtNum* qDeriv) {
  ScratchFrame scratch(d);
  int* dofs = scratch.Allocate<int>(m.nv);
  mjtNum* local = scratch.Allocate<mjtNum>(6 * static_cast<size_t>(m.nv));  // R' J columns
  mjtNum offset[3];
  Sub3(offset, frame.origin, d.subtree_com + 3 * m.body_rootid[frame.body]);
  int count = 0;
  for (int dof = LastDofAbove(m, frame.body); dof >= 0; dof = m.dof_parentid[dof], ++count) {
    const mjtNum* cdof = d.cdof + 6 * dof;
    mjtNum point_velocity[3];
    Cross3(point_velocity, cdof, offset);
    AddTo3(point_velocity, cdof + 3);
    dofs[count] = dof;
    MulMatTVec3(local + 6 * count, frame.rotation, cdof);
    MulMatTVec3(local + 6 * count + 3, frame.rotation, point_velocity);
  }
  for (int p = 0; p < count; ++p) {
    mjtNum row[6];  // local_p' B
    for (int j = 0; j < 6; ++j) {
      row[j] = 0;
      for (int i = 0; i < 6; ++i) row[j] += local[6 * p + i] * B[6 * i + j];
    }
    for (int q = 0; q < count; ++q) {
      mjtNum value = 0;
      for (int j = 0; j < 6; ++j) value += row[j] * local[6 * q + j];
      int e = DIndex(m, dofs[p], dofs[q]);
      if (e >= 0) qDeriv[e] += value;
    }
  }
}

// B <- (B + B')/2 under implicitfast, whose qDeriv the reference keeps symmetric
void SymmetrizeForImplicitFast(const Model& m, mjtNum B[36]) {
  if (m.opt.integrator != mjINT_IMPLICITFAST) return;
  for (int i = 0; i < 6; ++i) {
    for (int j = i + 1; j < 6; ++j) B[6 * i + j] = B[6 * j + i] = (B[6 * i + j] + B[6 * j + i]) / 2;
  }
}

// ---- inertia-box model ----

struct BoxCoefficients {
  mjtNum drag_angular[3], drag_linear[3];  // times |u_i| u_i
  mjtNum viscous_angular, viscous_linear;  // times u
};

BoxCoefficients BoxModel(const Model& m, int b) {
  const mjtNum* I = m.body_inertia + 3 * b;
  mjtNum mass = m.body_mass[b], r[3];
  for (int i = 0; i < 3; ++i) {
    int j = (i + 1) % 3, k = (i + 2) % 3;
    r[i] = std::sqrt(std::fmax(mjMINVAL, 3 / (2 * mass) * (I[j] + I[k] - I[i])));
  }
  BoxCoefficients c;
  mjtNum rho = m.opt.density, beta = m.opt.viscosity;
  mjtNum r_eq = (r[0] + r[1] + r[2]) / 3;
  for (int i = 0; i < 3; ++i) {
    int j = (i + 1) % 3, k = (i + 2) % 3;
    c.drag_linear[i] = -2 * rho * r[j] * r[k];
    c.drag_angular[i] = -0.5 * rho * r[i] * (std::pow(r[j], 4) + std::pow(r[k], 4));
  }
  c.viscous_linear = -6 * beta * mjPI * r_eq;
  c.viscous_angular = -8 * beta * mjPI * r_eq * r_eq * r_eq;
  return c;
}

FluidFrame BoxFrame(const Model& m, const Data& d, int b) {
  return MakeFrame(m, d, b, d.xipos + 3 * b, d.ximat + 9 * b);
}

void BoxForces(const Model& m, Data& d, int b) {
  FluidFrame frame = BoxFrame(m, d, b);
  BoxCoefficients c = BoxModel(m, b);
  mjtNum torque[3], force[3];
  for (int i = 0; i < 3; ++i) {
    mjtNum w = frame.angular[i], v = frame.linear[i];
    torque[i] = c.drag_angular[i] * std::fabs(w) * w + c.viscous_angular * w;
    force[i] = c.drag_linear[i] * std::fabs(v) * v + c.viscous_linear * v;
  }
  ApplyLocal(m, d, frame, force, torque);
}

// every term acts on one velocity component: B is diagonal, 2 c |u_i| + viscous
void AddBoxDerivative(const Model& m, Data& d, int b, mjtNum* qDeriv) {
  FluidFrame frame = BoxFrame(m, d, b);
  BoxCoefficients c = BoxModel(m, b);
  mjtNum B[36] = {0};
  for (int i = 0; i < 3; ++i) {
    B[7 * i] = 2 * c.drag_angular[i] * std::fabs(frame.angular[i]) + c.viscous_angular;
    B[7 * (i + 3)] = 2 * c.drag_linear[i] * std::fabs(frame.linear[i]) + c.viscous_linear;
  }
  AddLocalDerivative(m, d, frame, B, qDeriv);
}

// ---- ellipsoid model ----

struct Ellipsoid {
  mjtNum S[3];                        // (r_j r_k)^2: the cross-section normal is S o v
  mjtNum volume;                      // 4/3 pi r_x r_y r_z
  mjtNum blunt, slender, kutta, magnus;  // fluidcoef (the angular one is inside angular_drag)
  mjtNum added_mass[3];               // rho m_A
  mjtNum added_inertia[3];            // rho I_A
  mjtNum area_max;                    // pi r_max r_mid
  mjtNum angular_drag[3];             // K = C_angular I_D + C_slender (max I_D - I_D)
  mjtNum viscous_linear, viscous_angular;  // -6 beta pi r_D, -8 beta pi r_D^3
};

Ellipsoid EllipsoidModel(const Model& m, int g) {
  const mjtNum* fluid = m.geom_fluid + 12 * g;
  mjtNum r[3], rho = m.opt.density, beta = m.opt.viscosity;
  FluidSemiAxes(m.geom_type[g], m.geom_size + 3 * g, r);
  Ellipsoid e;
  mjtNum inertia[3];  // I_D
  for (int i = 0; i < 3; ++i) {
    int j = (i + 1) % 3, k = (i + 2) % 3;
    e.S[i] = r[j] * r[k] * r[j] * r[k];
    e.added_mass[i] = rho * fluid[6 + i];
    e.added_inertia[i] = rho * fluid[9 + i];
    inertia[i] = 8.0 / 15.0 * mjPI * r[i] * std::pow(std::fmax(r[j], r[k]), 4);
  }
  e.volume = 4.0 / 3.0 * mjPI * r[0] * r[1] * r[2];
  e.blunt = fluid[1];
  e.slender = fluid[2];
  e.kutta = fluid[4];
  e.magnus = fluid[5];
  mjtNum r_max = std::fmax(r[0], std::fmax(r[1], r[2]));
  mjtNum r_min = std::fmin(r[0], std::fmin(r[1], r[2]));
  e.area_max = mjPI * r_max * (r[0] + r[1] + r[2] - r_max - r_min);
  mjtNum inertia_max = std::fmax(inertia[0], std::fmax(inertia[1], inertia[2]));
  for (int i = 0; i < 3; ++i) {
    e.angular_drag[i] = fluid[3] * inertia[i] + e.slender * (inertia_max - inertia[i]);
  }
  mjtNum r_D = (r[0] + r[1] + r[2]) / 3;
  e.viscous_linear = -6 * beta * mjPI * r_D;
  e.viscous_angular = -8 * beta * mjPI * r_D * r_D * r_D;
  return e;
}

// The flow's view of the ellipsoid at linear velocity v: N = S o v, p = v.N, q = N.N, and the
// area projected along v, A = pi sqrt(q/p) (p bounded below by mjMINVAL)
struct Projection {
  mjtNum N[3], p, q, speed, area;
};

Projection Project(const Ellipsoid& e, const mjtNum v[3]) {
  Projection pr;
  for (int i = 0; i < 3; ++i) pr.N[i] = e.S[i] * v[i];
  pr.p = Dot3(v, pr.N);
  pr.q = Dot3(pr.N, pr.N);
  pr.speed = Norm3(v);
  pr.area = mjPI * std::sqrt(pr.q / std::fmax(mjMINVAL, pr.p));
  return pr;
}

FluidFrame EllipsoidFrame(const Model& m, const Data& d, int g) {
  return MakeFrame(m, d, m.geom_bodyid[g], d.geom_xpos + 3 * g, d.geom_xmat + 9 * g);
}

// added mass, Magnus, Kutta, drag and viscous terms, in the geom frame
void EllipsoidForces(const Model& m, Data& d, int g) {
  FluidFrame frame = EllipsoidFrame(m, d, g);
  Ellipsoid e = EllipsoidModel(m, g);
  const mjtNum *w = frame.angular, *v = frame.linear;
  mjtNum rho = m.opt.density;
  Projection pr = Project(e, v);
  mjtNum momentum[3], angular_momentum[3], turn[3], force[3], torque[3];
  for (int i = 0; i < 3; ++i) {
    momentum[i] = e.added_mass[i] * v[i];
    angular_momentum[i] = e.added_inertia[i] * w[i];
  }
  Cross3(force, momentum, w);  // added mass
  Cross3(torque, momentum, v);
  Cross3(turn, angular_momentum, w);
  AddTo3(torque, turn);
  Cross3(turn, w, v);  // Magnus
  AddScaledTo3(force, turn, e.magnus * rho * e.volume);
  mjtNum kutta = e.kutta * rho * pr.area * pr.p / std::fmax(mjMINVAL, pr.speed * pr.q);
  for (int i = 0; i < 3; ++i) force[i] += kutta * (pr.p * v[i] - pr.speed * pr.speed * pr.N[i]);
  mjtNum drag = -rho * (e.blunt * pr.area + e.slender * (e.area_max - pr.area)) * pr.speed;
  mjtNum weighted[3];  // K o w
  for (int i = 0; i < 3; ++i) weighted[i] = e.angular_drag[i] * w[i];
  mjtNum angular_drag = -rho * Norm3(weighted);
  for (int i = 0; i < 3; ++i) {
    force[i] += (drag + e.viscous_linear) * v[i];
    torque[i] += (angular_drag + e.viscous_angular) * w[i];
  }
  ApplyLocal(m, d, frame, force, torque);
}

// B(row block, column block) += scale [a]x diag(diagonal), blocks 0 = angular, 1 = linear;
// diagonal == nullptr: the identity
void AddCrossBlock(mjtNum B[36], int row, int col, const mjtNum a[3], const mjtNum* diagonal,
                   mjtNum scale) {
  const mjtNum cross[9] = {0, -a[2], a[1], a[2], 0, -a[0], -a[1], a[0], 0};
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      B[6 * (3 * row + i) + 3 * col + j] += scale * cross[3 * i + j] * (diagonal ? diagonal[j] : 1);
    }
  }
}

// B(row block, column block) += scale a b' + diagonal_scale I
void AddOuterBlock(mjtNum B[36], int row, int col, const mjtNum a[3], const mjtNum b[3],
                   mjtNum scale, mjtNum diagonal_scale) {
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      B[6 * (3 * row + i) + 3 * col + j] += scale * a[i] * b[j] + (i == j ? diagonal_scale : 0);
    }
  }
}

// added mass: df/dv = -[w]x diag(m_A), df/dw = [m_A o v]x, dg/dv = [m_A o v]x - [v]x diag(m_A),
// dg/dw = [I_A o w]x - [w]x diag(I_A); Magnus: df/dw = -c [v]x, df/dv = c [w]x
void AddGyroscopicDerivative(const Ellipsoid& e, mjtNum rho, const mjtNum w[3], const mjtNum v[3],
                             mjtNum B[36]) {
  mjtNum momentum[3], angular_momentum[3];
  for (int i = 0; i < 3; ++i) {
    momentum[i] = e.added_mass[i] * v[i];
    angular_momentum[i] = e.added_inertia[i] * w[i];
  }
  AddCrossBlock(B, 1, 1, w, e.added_mass, -1);
  AddCrossBlock(B, 1, 0, momentum, nullptr, 1);
  AddCrossBlock(B, 0, 1, momentum, nullptr, 1);
  AddCrossBlock(B, 0, 1, v, e.added_mass, -1);
  AddCrossBlock(B, 0, 0, angular_momentum, nullptr, 1);
  AddCrossBlock(B, 0, 0, w, e.added_inertia, -1);
  mjtNum magnus = e.magnus * rho * e.volume;
  AddCrossBlock(B, 1, 0, v, nullptr, -magnus);
  AddCrossBlock(B, 1, 1, w, nullptr, magnus);
}

// drag: df/dv = -rho (a (|v|^2 I + v v') / |v| + (C_blunt - C_slender) |v| v dA'), with
// a = (C_blunt - C_slender) A + C_slender A_max and, as the reference computes it,
// dA = pi (p S o N - q N) / (p^2 A/pi), both denominators bounded below by mjMINVAL;
// dg/dw = -rho (|K o w|^2 I + w (K o K o w)') / |K o w|, the denominator bounded likewise
void AddDragDerivative(const Ellipsoid& e, const Projection& pr, mjtNum rho, const mjtNum w[3],
                       const mjtNum v[3], mjtNum B[36]) {
  mjtNum a = (e.blunt - e.slender) * pr.area + e.slender * e.area_max;
  mjtNum scale = -rho * a / std::fmax(mjMINVAL, pr.speed);
  AddOuterBlock(B, 1, 1, v, v, scale, scale * pr.speed * pr.speed);
  mjtNum area_gradient[3];
  mjtNum denominator = std::fmax(mjMINVAL, pr.p * pr.p * pr.area / mjPI);
  for (int i = 0; i < 3; ++i) {
    area_gradient[i] = mjPI * (pr.p * e.S[i] - pr.q) * pr.N[i] / denominator;
  }
  AddOuterBlock(B, 1, 1, v, area_gradient, -rho * (e.blunt - e.slender) * pr.speed, 0);
  mjtNum weighted[3], weighted_twice[3];
  for (int i = 0; i < 3; ++i) {
    weighted[i] = e.angular_drag[i] * w[i];
    weighted_twice[i] = e.angular_drag[i] * weighted[i];
  }
  mjtNum norm = Norm3(weighted);
  mjtNum angular_scale = -rho / std::fmax(mjMINVAL, norm);
  AddOuterBlock(B, 0, 0, w, weighted_twice, angular_scale, angular_scale * norm * norm);
}

// Kutta, f = h u with u = p v - |v|^2 N: df/dv = u dh' + h du, du = 2 v N' + p I - 2 N v' -
// |v|^2 diag(S). As the reference computes it, h = c pi p / Y with Y = |v| sqrt(p q) (equal
// to c A p / |v| q), dh = c pi / Y (N - p v / |v|^2 - p S o N / q), each of Y, |v|^2 and q
// bounded below by mjMINVAL
void AddKuttaDerivative(const Ellipsoid& e, const Projection& pr, mjtNum rho, const mjtNum v[3],
                        mjtNum B[36]) {
  mjtNum c = e.kutta * rho * mjPI / std::fmax(mjMINVAL, pr.speed * std::sqrt(pr.p * pr.q));
  mjtNum h = c * pr.p, speed2 = pr.speed * pr.speed;
  mjtNum u[3], gradient[3];
  for (int i = 0; i < 3; ++i) {
    u[i] = pr.p * v[i] - speed2 * pr.N[i];
    gradient[i] = c * (pr.N[i] - pr.p * v[i] / std::fmax(mjMINVAL, speed2) -
                       pr.p * e.S[i] * pr.N[i] / std::fmax(mjMINVAL, pr.q));
  }
  AddOuterBlock(B, 1, 1, u, gradient, 1, h * pr.p);
  AddOuterBlock(B, 1, 1, v, pr.N, 2 * h, 0);
  AddOuterBlock(B, 1, 1, pr.N, v, -2 * h, 0);
  for (int i = 0; i < 3; ++i) B[6 * (3 + i) + 3 + i] -= h * speed2 * e.S[i];
}

void AddEllipsoidDerivative(const Model& m, Data& d, int g, mjtNum* qDeriv) {
  FluidFrame frame = EllipsoidFrame(m, d, g);
  Ellipsoid e = EllipsoidModel(m, g);
  Projection pr = Project(e, frame.linear);
  mjtNum rho = m.opt.density, B[36] = {0};
  AddGyroscopicDerivative(e, rho, frame.angular, frame.linear, B);
  AddDragDerivative(e, pr, rho, frame.angular, frame.linear, B);
  AddKuttaDerivative(e, pr, rho, frame.linear, B);
  for (int i = 0; i < 3; ++i) {
    B[7 * i] += e.viscous_angular;
    B[7 * (i + 3)] += e.viscous_linear;
  }
  SymmetrizeForImplicitFast(m, B);
  AddLocalDerivative(m, d, frame, B, qDeriv);
}

}  // namespace

void FluidSemiAxes(int type, const mjtNum size[3], mjtNum r[3]) {
  switch (type) {
    case mjGEOM_SPHERE: r[0] = r[1] = r[2] = size[0]; break;
    case mjGEOM_CAPSULE: r[0] = r[1] = size[0]; r[2] = size[1] + size[0]; break;
    case mjGEOM_CYLINDER: r[0] = r[1] = size[0]; r[2] = size[1]; break;
    default: Copy3(r, size); break;
  }
}

void FluidForces(const Model& m, Data& d) {
  for (int i = 0; i < m.nv; ++i) d.qfrc_fluid[i] = 0;
  if (!FluidEnabled(m)) return;
  for (int b = 1; b < m.nbody; ++b) {
    if (BoxBody(m, b)) BoxForces(m, d, b);
  }
  for (int g = 0; g < m.ngeom; ++g) {
    if (UsesEllipsoidModel(m, g) && m.geom_bodyid[g] > 0) EllipsoidForces(m, d, g);
  }
}

void AddFluidVelocityDerivative(const Model& m, Data& d, mjtNum* qDeriv) {
  if (!FluidEnabled(m)) return;
  for (int b = 1; b < m.nbody; ++b) {
    if (BoxBody(m, b)) AddBoxDerivative(m, d, b, qDeriv);
  }
  for (int g = 0; g < m.ngeom; ++g) {
    if (UsesEllipsoidModel(m, g) && m.geom_bodyid[g] > 0) AddEllipsoidDerivative(m, d, g, qDeriv);
  }
}

}  // namespace mjsim
