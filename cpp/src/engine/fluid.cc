// fluid.cc: fluid forces, part of the passive stage (Computation "Fluid forces"; checklist
// C.9): the inertia-box model, and its velocity derivative for the implicit integrators.
//   reads   m.opt.density viscosity wind, body_mass body_inertia body_rootid geom_fluid
//           d.xipos ximat subtree_com cvel cdof
//   writes  d.qfrc_fluid; qDeriv (AddFluidVelocityDerivative)
//
// Inertia-box model: each body moves through the medium as the box with its mass and principal
// inertia, half-sizes r_i = sqrt(3/(2m) (I_j + I_k - I_i)). In the body's inertial frame, with
// v and w its linear (at the com, relative to the wind) and angular velocity:
//   drag     f_i = -2 rho r_j r_k |v_i| v_i        g_i = -1/2 rho r_i (r_j^4 + r_k^4) |w_i| w_i
//   viscous  f   = -6 beta pi r_eq v                g   = -8 beta pi r_eq^3 w,  r_eq = mean r_i
// Every term acts on one velocity component, so the derivative in that frame is diagonal.
//
// The ellipsoid model (geom fluidshape="ellipsoid") is not implemented: FluidForces raises a
// ModelError naming the geom rather than leave its forces out.
#include <cmath>
#include <string>

#include "engine/stages.h"
#include "mjsim/api.h"
#include "mjsim/errors.h"
#include "util/math3.h"
#include "util/scratch.h"

namespace mjsim {
namespace {

bool FluidEnabled(const Model& m) { return m.opt.density > 0 || m.opt.viscosity > 0; }

// the first geom of body b that uses the ellipsoid model, or -1
int EllipsoidGeom(const Model& m, int b) {
  for (int g = m.body_geomadr[b]; g >= 0 && g < m.body_geomadr[b] + m.body_geomnum[b]; ++g) {
    if (m.geom_fluid[12 * g] > 0) return g;
  }
  return -1;
}

void RejectEllipsoidModel(const Model& m) {
  for (int g = 0; g < m.ngeom; ++g) {
    if (m.geom_fluid[12 * g] > 0) {
      const char* name = mj_id2name(m, mjOBJ_GEOM, g);
      throw ModelError("fluid forces: geom '" + std::string(name ? name : "") + "' (id " +
                       std::to_string(g) + ") uses fluidshape=\"ellipsoid\", whose fluid model "
                       "is not supported by mjsim yet");
    }
  }
}

// whether body b feels the inertia-box model (massive, no ellipsoid geom)
bool BoxBody(const Model& m, int b) { return m.body_mass[b] >= mjMINVAL && EllipsoidGeom(m, b) < 0; }

void BoxHalfSizes(const Model& m, int b, mjtNum r[3]) {
  const mjtNum* I = m.body_inertia + 3 * b;
  mjtNum mass = m.body_mass[b];
  for (int i = 0; i < 3; ++i) {
    int j = (i + 1) % 3, k = (i + 2) % 3;
    r[i] = std::sqrt(std::fmax(mjMINVAL, 3 / (2 * mass) * (I[j] + I[k] - I[i])));
  }
}

// body b's angular and linear (at its com, minus the wind) velocity in its inertial frame
void LocalVelocity(const Model& m, const Data& d, int b, mjtNum angular[3], mjtNum linear[3]) {
  const mjtNum* cvel = d.cvel + 6 * b;
  mjtNum offset[3], turn[3], world_linear[3];
  Sub3(offset, d.xipos + 3 * b, d.subtree_com + 3 * m.body_rootid[b]);
  Cross3(turn, cvel, offset);
  Add3(world_linear, cvel + 3, turn);
  Sub3(world_linear, world_linear, m.opt.wind);
  MulMatTVec3(angular, d.ximat + 9 * b, cvel);
  MulMatTVec3(linear, d.ximat + 9 * b, world_linear);
}

struct BoxCoefficients {
  mjtNum drag_linear[3], drag_angular[3];  // times |u_i| u_i
  mjtNum viscous_linear, viscous_angular;  // times u
};

BoxCoefficients Coefficients(const Model& m, const mjtNum r[3]) {
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

void BoxForces(const Model& m, Data& d, int b) {
  mjtNum r[3], angular[3], linear[3], torque[3], force[3];
  BoxHalfSizes(m, b, r);
  LocalVelocity(m, d, b, angular, linear);
  BoxCoefficients c = Coefficients(m, r);
  for (int i = 0; i < 3; ++i) {
    torque[i] = c.drag_angular[i] * std::fabs(angular[i]) * angular[i] + c.viscous_angular * angular[i];
    force[i] = c.drag_linear[i] * std::fabs(linear[i]) * linear[i] + c.viscous_linear * linear[i];
  }
  mjtNum world_torque[3], world_force[3];
  MulMatVec3(world_torque, d.ximat + 9 * b, torque);
  MulMatVec3(world_force, d.ximat + 9 * b, force);
  mj_applyFT(m, d, world_force, world_torque, d.xipos + 3 * b, b, d.qfrc_fluid);
}

// qDeriv += J' R diag(slopes) R' J for body b's box (J: the 6 x nv Jacobian at its com)
void AddBoxDerivative(const Model& m, Data& d, int b, mjtNum* qDeriv) {
  mjtNum r[3], angular[3], linear[3];
  BoxHalfSizes(m, b, r);
  LocalVelocity(m, d, b, angular, linear);
  BoxCoefficients c = Coefficients(m, r);
  mjtNum slope[6];  // d(local force)/d(local velocity), angular then linear
  for (int i = 0; i < 3; ++i) {
    slope[i] = 2 * c.drag_angular[i] * std::fabs(angular[i]) + c.viscous_angular;
    slope[3 + i] = 2 * c.drag_linear[i] * std::fabs(linear[i]) + c.viscous_linear;
  }
  ScratchFrame frame(d);
  int* dofs = frame.Allocate<int>(m.nv);
  mjtNum* local = frame.Allocate<mjtNum>(6 * static_cast<size_t>(m.nv));  // R' J columns
  mjtNum offset[3];
  Sub3(offset, d.xipos + 3 * b, d.subtree_com + 3 * m.body_rootid[b]);
  int count = 0;
  for (int dof = LastDofAbove(m, b); dof >= 0; dof = m.dof_parentid[dof], ++count) {
    const mjtNum* cdof = d.cdof + 6 * dof;
    mjtNum point_velocity[3];
    Cross3(point_velocity, cdof, offset);
    AddTo3(point_velocity, cdof + 3);
    dofs[count] = dof;
    MulMatTVec3(local + 6 * count, d.ximat + 9 * b, cdof);
    MulMatTVec3(local + 6 * count + 3, d.ximat + 9 * b, point_velocity);
  }
  for (int p = 0; p < count; ++p) {
    for (int q = 0; q < count; ++q) {
      mjtNum value = 0;
      for (int i = 0; i < 6; ++i) value += local[6 * p + i] * slope[i] * local[6 * q + i];
      int e = DIndex(m, dofs[p], dofs[q]);
      if (e >= 0) qDeriv[e] += value;
    }
  }
}

}  // namespace

void FluidForces(const Model& m, Data& d) {
  for (int i = 0; i < m.nv; ++i) d.qfrc_fluid[i] = 0;
  if (!FluidEnabled(m)) return;
  RejectEllipsoidModel(m);
  for (int b = 1; b < m.nbody; ++b) {
    if (BoxBody(m, b)) BoxForces(m, d, b);
  }
}

void AddFluidVelocityDerivative(const Model& m, Data& d, mjtNum* qDeriv) {
  if (!FluidEnabled(m)) return;
  RejectEllipsoidModel(m);
  for (int b = 1; b < m.nbody; ++b) {
    if (BoxBody(m, b)) AddBoxDerivative(m, d, b, qDeriv);
  }
}

}  // namespace mjsim
