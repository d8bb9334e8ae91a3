// stages.h: engine functions that are not part of MuJoCo's API but are shared between stage
// files (forward.cc calls them in the Computation chapter's order).
#pragma once
#include "mjsim/data.h"
#include "mjsim/model.h"

namespace mjsim {

// L'DL factorization in place of a matrix with the pattern of M (CSR layout M_rowadr,
// M_colind), and solves with it; mj_factorM and mj_solveM apply them to d.M (factorization.cc)
void FactorInertiaPattern(const Model& m, mjtNum* factor, mjtNum* diag_inverse);
void SolveInertiaPattern(const Model& m, const mjtNum* factor, const mjtNum* diag_inverse,
                         mjtNum* x, const mjtNum* y, int n);

// mj_crb computing every row of d.M from the composite inertias, simple bodies included (the
// compiler's dof_M0 comes from it; engine/inertia.cc)
void CompositeInertiaMatrix(const Model& m, Data& d);

// the last dof at or above body b in its tree (the start of its dof chain), -1 if none moves
// it (engine/support.cc)
int LastDofAbove(const Model& m, int body);

// index of entry (row, column) in the D layout (D_rowadr, D_colind), -1 if the pattern lacks
// it (engine/support.cc)
int DIndex(const Model& m, int row, int column);

// mj_fwdPosition (mj_fwdVelocity), then the position (velocity) sensors if asked and the
// energy when enabled: mj_invPosition (mj_invVelocity) and the halves of the two below.
// islands: mj_island too (the forward dynamics; the inverse makes none)
void PositionStages(const Model& m, Data& d, bool sensors, bool islands);
void VelocityStages(const Model& m, Data& d, bool sensors);

// the position stages unless skipstage is mjSTAGE_POS or later, then the velocity stages unless
// it is mjSTAGE_VEL or later; skipsensor leaves out the sensors. Shared by mj_forwardSkip,
// mj_inverseSkip and mj_step1 (forward.cc)
void PositionVelocityStages(const Model& m, Data& d, int skipstage, int skipsensor,
                            bool islands);

// linear velocity of the world point p moving with body b: v + w x (p - subtree_com[root]),
// from cvel (engine/velocity.cc)
void PointVelocity(const Model& m, const Data& d, int b, const mjtNum p[3], mjtNum velocity[3]);

// ten_velocity = ten_J qvel and actuator_velocity = actuator_moment qvel (engine/velocity.cc)
void TendonActuatorVelocity(const Model& m, Data& d);

// actuator i's activation after one step at rate act_dot (engine/actuation.cc)
mjtNum NextActivation(const Model& m, int i, mjtNum act, mjtNum act_dot);
// The frame of an object with one (mjOBJ_BODY: the inertial frame xipos/ximat, mjOBJ_XBODY: the
// body frame, mjOBJ_GEOM, mjOBJ_SITE, mjOBJ_CAMERA) and the body that carries it; false for any
// other type or an id out of range (object_velocity.cc)
struct ObjectPose {
  const mjtNum* pos;  // 3 numbers, world
  const mjtNum* mat;  // 9 numbers, row-major, object to world
  int body;
};
bool ObjectFrame(const Model& m, const Data& d, int objtype, int objid, ObjectPose* pose);

// qfrc_fluid: inertia-box and ellipsoid fluid models (engine/fluid.cc)
void FluidForces(const Model& m, Data& d);
// semi-axes r of the ellipsoid standing for a geom of this type and size in the ellipsoid fluid
// model (sphere r r r, capsule r r r+h, cylinder r r h, others the three sizes); the compiler's
// virtual inertia (geom_fluid) uses them too (engine/fluid.cc)
void FluidSemiAxes(int type, const mjtNum size[3], mjtNum r[3]);

// Velocity derivatives, each added into qDeriv (D layout: D_rowadr, D_rownnz, D_colind).
// d(qfrc_actuator)/d(qvel) (engine/actuation.cc)
void AddActuatorVelocityDerivative(const Model& m, Data& d, mjtNum* qDeriv);
// d(qfrc_passive)/d(qvel): dof and tendon dampers (engine/passive.cc) and fluid (engine/fluid.cc)
void AddPassiveVelocityDerivative(const Model& m, Data& d, mjtNum* qDeriv);
void AddFluidVelocityDerivative(const Model& m, Data& d, mjtNum* qDeriv);
// -d(qfrc_bias)/d(qvel), the Coriolis and centrifugal terms of RNE (engine/rne.cc)
void AddBiasVelocityDerivative(const Model& m, Data& d, mjtNum* qDeriv);

// points the efc arrays at Data::arena for nefc rows after the ncon contacts and sets
// d.parena; the Jacobian's arrays take max(nefc * nv, d.nJ) entries; false when the arena is
// too small (engine/constraint.cc)
bool LayoutConstraintRows(const Model& m, Data& d, int nefc);
// points efc_AR and its pattern arrays (nA entries) at Data::arena after the rows, sets d.nA and
// moves d.parena past them; false (nA = 0) when the arena is too small
// (engine/project_constraint.cc)
bool LayoutDualMatrix(Data& d, int nA);
// cfrc += the com-based wrenches of contacts, connect and weld constraints on their bodies,
// from efc_force (engine/constraint_force.cc)
void AddConstraintWrenches(const Model& m, const Data& d, mjtNum* cfrc);

}  // namespace mjsim
