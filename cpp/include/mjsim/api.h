// api.h: the engine's public functions, with MuJoCo's names and (m, d, ...) arguments.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "mjsim/data.h"
#include "mjsim/model.h"

namespace mjsim {

// Virtual files given by the caller (MjModel.from_xml_string(xml, assets)): name -> bytes.
using AssetMap = std::map<std::string, std::string>;

std::unique_ptr<Model> LoadXmlString(const std::string& xml, const AssetMap& assets);
std::unique_ptr<Model> LoadXmlFile(const std::string& path, const AssetMap& assets);
// mj_saveLastXML: writes the MJCF of the last model loaded by LoadXmlString/LoadXmlFile (MJCF
// or URDF), written from its spec by WriteMjcf (edits of a Model are not copied back; the
// reference copies them). Throws FatalError when there is none or the file fails.
void SaveLastXml(const std::string& filename);

// Every id, address, count and enum of m in range of what it indexes (fields.h
// MJSIM_MODEL_INDEX_FIELDS, MJSIM_MODEL_SPAN_FIELDS), parents before children: throws
// FatalError("<caller>: ...") naming the first bad entry. `load` adds the large arrays (mesh
// faces and polygons, bvh nodes, sparse layouts, names) checked when a model is read from bytes
// (engine/model_check.cc).
void mj_checkModel(const Model& m, const char* caller, bool load);
// whether a Data made for `made_for` can be used with m: every Data array, the arena and the
// scratch have the same sizes (util/buffer.cc)
bool DataFitsModel(const Model& made_for, const Model& m);
// the contact dimensionalities MJCF accepts
inline bool IsValidCondim(int condim) { return condim == 1 || condim == 3 || condim == 4 || condim == 6; }

void mj_resetData(const Model& m, Data& d);
// mj_resetData, but every array the reset does not set is filled with the byte debug_value
void mj_resetDataDebug(const Model& m, Data& d, unsigned char debug_value);
void mj_kinematics(const Model& m, Data& d);
void mj_comPos(const Model& m, Data& d);
void mj_camlight(const Model& m, Data& d);  // camlight.cc: needs kinematics and comPos

// joint-space inertia: d.crb and d.M (CSR layout); needs mj_comPos (engine/inertia.cc)
void mj_crb(const Model& m, Data& d);
// mj_crb plus tendon armature (needs mj_tendon), then d.qM (legacy layout) from d.M (engine/inertia.cc)
void mj_makeM(const Model& m, Data& d);
// dense row-major nv x nv copy of an inertia matrix M in the qM layout (engine/inertia.cc)
void mj_fullM(const Model& m, mjtNum* dst, const mjtNum* M);
// res = M vec with d.M (engine/inertia.cc)
void mj_mulM(const Model& m, const Data& d, mjtNum* res, const mjtNum* vec);
// L'DL factorization of d.M into d.qLD, d.qLDiagInv (engine/factorization.cc)
void mj_factorM(const Model& m, Data& d);
// x = M^-1 y for n row vectors of length nv, with the factorization (engine/factorization.cc)
void mj_solveM(const Model& m, const Data& d, mjtNum* x, const mjtNum* y, int n);
// half of it: x = sqrtInvD .* (L'^-1 y) for n row vectors, so that x_i . x_j = y_i M^-1 y_j'
// (engine/factorization.cc)
void mj_solveM2(const Model& m, const Data& d, mjtNum* x, const mjtNum* y,
                const mjtNum* sqrtInvD, int n);
// tendon lengths, moments and wrap paths; needs mj_kinematics and mj_comPos (engine/tendon.cc)
void mj_tendon(const Model& m, Data& d);

// actuator lengths and sparse moments; needs mj_tendon (engine/transmission.cc)
void mj_transmission(const Model& m, Data& d);

// --- collision (engine/collision/): d.contact and d.ncon for the current geom poses; needs
// mj_kinematics ---
void mj_collision(const Model& m, Data& d);
// Append `con` to d.contact as contact ncon: the arena's rows are given up first (parena back to
// the contacts' end, nefc and nisland 0, every contact's efc_address -1); 1 with a
// mjWARN_CONTACTFULL warning when the arena below the stack has no room for it, else 0
// (engine/collision/collision.cc)
int mj_addContact(const Model& m, Data& d, const Contact& con);
// Signed distance between two geoms (negative: penetration), capped at distmax; fromto (6
// values, may be null) receives the closest points on geom1 and geom2, zero when the distance
// is not below distmax (engine/collision/collision.cc)
mjtNum mj_geomDistance(const Model& m, const Data& d, int geom1, int geom2, mjtNum distmax,
                       mjtNum* fromto);

// --- ray casting (engine/ray.cc): distance x >= 0 along pnt + x vec, in units of |vec|, to the
// nearest surface; -1 if none; needs mj_kinematics ---
// every geom except those filtered out (geomgroup: NULL or 6 flags indexed by geom group
// clamped to 0..5; flg_static 0: skip bodies welded to the world; bodyexclude: a body id or -1;
// invisible geoms, alpha 0); *geomid = the geom hit or -1 (may be NULL)
mjtNum mj_ray(const Model& m, const Data& d, const mjtNum pnt[3], const mjtNum vec[3],
              const mjtByte* geomgroup, int flg_static, int bodyexclude, int* geomid);
// nray rays from pnt along vec[3*i..3*i+2], the filters of mj_ray; geoms farther than cutoff
// (bounding sphere) are skipped
void mj_multiRay(const Model& m, const Data& d, const mjtNum pnt[3], const mjtNum* vec,
                 const mjtByte* geomgroup, int flg_static, int bodyexclude, int* geomid,
                 mjtNum* dist, int nray, mjtNum cutoff);
// one height field / mesh geom; -1 if geomid is not one
mjtNum mj_rayHfield(const Model& m, const Data& d, int geomid, const mjtNum pnt[3],
                    const mjtNum vec[3]);
mjtNum mj_rayMesh(const Model& m, const Data& d, int geomid, const mjtNum pnt[3],
                  const mjtNum vec[3]);
// a primitive (plane, sphere, capsule, ellipsoid, cylinder, box) at pos, mat; -1 for others
mjtNum mju_rayGeom(const mjtNum pos[3], const mjtNum mat[9], const mjtNum size[3],
                   const mjtNum pnt[3], const mjtNum vec[3], int geomtype);

// --- constraints (engine/constraint.cc, engine/solver*.cc) ---
// the constraint rows (efc_*) of equalities, friction loss, limits and contacts; needs the
// position stages and mj_collision
void mj_makeConstraint(const Model& m, Data& d);
// the constraint islands (nisland, dof_island, efc_island, island_*, map_*); needs
// mj_makeConstraint (engine/island.cc)
void mj_island(const Model& m, Data& d);
// efc_vel = J qvel and the reference acceleration efc_aref; needs mj_makeConstraint
void mj_referenceConstraint(const Model& m, Data& d);
// efc_AR = J M^-1 J' + diag(R) and its nonzero pattern (nA, efc_AR_rownnz/rowadr/colind), dense
// or sparse as mj_isSparse, for PGS or noslip (otherwise nA = 0, as the reference); needs
// mj_makeConstraint and the factorization of M (engine/project_constraint.cc)
void mj_projectConstraint(const Model& m, Data& d);
// the 6-d force (normal, tangents, torsion, rolls) of contact id in its frame, from efc_force
// (engine/constraint_force.cc)
void mj_contactForce(const Model& m, const Data& d, int id, mjtNum result[6]);
// efc_force, efc_state and qfrc_constraint at jar = J qacc - aref (nefc values), the total
// constraint cost in *cost (if given), and with flg_coneHessian the cones' Hessians
// (contact.H) (engine/solver.cc)
void mj_constraintUpdate(const Model& m, Data& d, const mjtNum* jar, mjtNum* cost,
                         int flg_coneHessian);

// --- smooth dynamics (one file per stage; each file also holds its stage's derivative with
// respect to qvel, which the implicit integrators need) ---

// cvel and cdof_dot; needs mj_comPos (engine/velocity.cc)
void mj_comVel(const Model& m, Data& d);
// subtree_linvel and subtree_angmom; needs mj_comVel (engine/velocity.cc)
void mj_subtreeVel(const Model& m, Data& d);
// recursive Newton-Euler: result = M*qacc + C(qpos, qvel) with flg_acc, else C(qpos, qvel)
// (the bias force); needs mj_comVel (engine/rne.cc)
void mj_rne(const Model& m, Data& d, int flg_acc, mjtNum* result);
// cacc, cfrc_int, cfrc_ext after the constraint solve (engine/rne.cc)
void mj_rnePostConstraint(const Model& m, Data& d);
// d.energy[0]: gravity and spring potential energy; d.energy[1]: kinetic energy (engine/energy.cc)
void mj_energyPos(const Model& m, Data& d);
void mj_energyVel(const Model& m, Data& d);
// qfrc_spring, qfrc_damper, qfrc_gravcomp, qfrc_fluid and their sum qfrc_passive; needs
// mj_comVel and ten_velocity (engine/passive.cc, engine/fluid.cc)
void mj_passive(const Model& m, Data& d);
// act_dot, actuator_force, qfrc_actuator; needs mj_transmission and actuator_velocity
// (engine/actuation.cc)
void mj_fwdActuation(const Model& m, Data& d);
// muscle active force, passive force and activation dynamics, as documented (engine/actuation.cc)
mjtNum mju_muscleGain(mjtNum len, mjtNum vel, const mjtNum lengthrange[2], mjtNum acc0,
                      const mjtNum prm[9]);
mjtNum mju_muscleBias(mjtNum len, const mjtNum lengthrange[2], mjtNum acc0, const mjtNum prm[9]);
mjtNum mju_muscleDynamics(mjtNum ctrl, mjtNum act, const mjtNum prm[3]);
// d.qDeriv = d(qfrc_actuator + qfrc_passive - [qfrc_bias if flg_bias])/d(qvel) (engine/derivative.cc)
void mjd_smooth_vel(const Model& m, Data& d, int flg_bias);

// --- sensors (engine/sensor.cc): the sensors of each stage write their rows of d.sensordata;
// nothing with mjDSBL_SENSOR. mj_sensorVel runs mj_subtreeVel and mj_sensorAcc runs
// mj_rnePostConstraint when a sensor of theirs needs them ---
void mj_sensorPos(const Model& m, Data& d);
void mj_sensorVel(const Model& m, Data& d);
void mj_sensorAcc(const Model& m, Data& d);
// 6-d velocity / acceleration (rot:lin) of an object frame at the object's origin, in world
// orientation or (flg_local) the object's; zero for a type without a frame or an id out of
// range (engine/object_velocity.cc)
void mj_objectVelocity(const Model& m, const Data& d, int objtype, int objid, mjtNum res[6],
                       int flg_local);
void mj_objectAcceleration(const Model& m, const Data& d, int objtype, int objid, mjtNum res[6],
                           int flg_local);

// --- forward dynamics and stepping (engine/forward.cc, engine/integrate.cc, engine/check.cc) ---
void mj_fwdPosition(const Model& m, Data& d);
void mj_fwdVelocity(const Model& m, Data& d);
void mj_fwdAcceleration(const Model& m, Data& d);
void mj_fwdConstraint(const Model& m, Data& d);
// the forward pass, skipping the stages before skipstage (mjtStage) and optionally sensors
void mj_forwardSkip(const Model& m, Data& d, int skipstage, int skipsensor);
void mj_forward(const Model& m, Data& d);
void mj_step(const Model& m, Data& d);
void mj_step1(const Model& m, Data& d);
void mj_step2(const Model& m, Data& d);
void mj_Euler(const Model& m, Data& d);
void mj_RungeKutta(const Model& m, Data& d, int N);
void mj_implicit(const Model& m, Data& d);
// qpos += qvel * dt on the joint manifolds (quaternions rotate) (engine/integrate.cc)
void mj_integratePos(const Model& m, mjtNum* qpos, const mjtNum* qvel, mjtNum dt);
// qvel = (qpos2 - qpos1) / dt on the joint manifolds (quaternion differences as angular
// velocities in the local frame) (engine/integrate.cc)
void mj_differentiatePos(const Model& m, mjtNum* qvel, mjtNum dt, const mjtNum* qpos1,
                         const mjtNum* qpos2);
// normalize the quaternions of ball and free joints in qpos (engine/integrate.cc)
void mj_normalizeQuat(const Model& m, mjtNum* qpos);
// NaN/huge state: warn, and reset unless mjDSBL_AUTORESET (engine/check.cc)
void mj_checkPos(const Model& m, Data& d);
void mj_checkVel(const Model& m, Data& d);
void mj_checkAcc(const Model& m, Data& d);
// count warning `warning` with info `info`; the first count since the last reset also passes
// "<mju_warningText> Time = <d.time>." to mju_user_warning when one is installed (engine/check.cc)
void mj_warning(Data& d, int warning, int info);
// the message of mjtWarning `warning`, with `info` where mujoco 3.3.7 puts it (engine/check.cc)
std::string mju_warningText(int warning, long long info);

// whether Jacobians (ten_J, ...) use the sparse layout: jacobian="sparse", or "auto" and
// nv >= 60 (support.cc)
bool mj_isSparse(const Model& m);

// qfrc_target += J' force + Jrot' torque of a wrench on `body` at `point` (world frame);
// needs mj_comPos (support.cc)
void mj_applyFT(const Model& m, const Data& d, const mjtNum force[3], const mjtNum torque[3],
                const mjtNum point[3], int body, mjtNum* qfrc_target);

// the default solver reference (2 numbers) and impedance (5) of every constraint, which
// <option o_solref o_solimp> also start from; a null pointer is skipped (support.cc)
void mj_defaultSolRefImp(mjtNum* solref, mjtNum* solimp);

// m.signature (mjsim's own, support.cc): a 64-bit FNV-1a hash of the model's structure: every
// size that counts objects, dofs or array rows (not the names' and texts' lengths, nor the
// memory and capacity settings narena, njmax, nconmax), the body tree (body_parentid), the body
// of each joint, geom, site, camera and light, and each sensor's type and dimension. Numbers
// (sizes, poses, options), names and joint types of equal width leave it unchanged.
uint64_t ModelSignature(const Model& m);

// names (support.cc)
int mj_name2id(const Model& m, int type, const char* name);
const char* mj_id2name(const Model& m, int type, int id);

// --- Jacobians (engine/jacobian.cc): 3 x nv row-major outputs, a null output is skipped; zero
// for the world body. They need mj_kinematics and mj_comPos (mj_jacDot also mj_comVel). ---
void mj_jac(const Model& m, const Data& d, mjtNum* jacp, mjtNum* jacr, const mjtNum point[3],
            int body);
void mj_jacBody(const Model& m, const Data& d, mjtNum* jacp, mjtNum* jacr, int body);
void mj_jacBodyCom(const Model& m, const Data& d, mjtNum* jacp, mjtNum* jacr, int body);
void mj_jacSubtreeCom(const Model& m, const Data& d, mjtNum* jacp, int body);
void mj_jacGeom(const Model& m, const Data& d, mjtNum* jacp, mjtNum* jacr, int geom);
void mj_jacSite(const Model& m, const Data& d, mjtNum* jacp, mjtNum* jacr, int site);
void mj_jacPointAxis(const Model& m, const Data& d, mjtNum* jacPoint, mjtNum* jacAxis,
                     const mjtNum point[3], const mjtNum axis[3], int body);
void mj_jacDot(const Model& m, const Data& d, mjtNum* jacp, mjtNum* jacr, const mjtNum point[3],
               int body);
// res = efc_J vec (nefc values from nv) and res = efc_J' vec (nv values from nefc); need
// mj_makeConstraint (engine/jacobian.cc)
void mj_mulJacVec(const Model& m, const Data& d, mjtNum* res, const mjtNum* vec);
void mj_mulJacTVec(const Model& m, const Data& d, mjtNum* res, const mjtNum* vec);

// --- state vectors, keyframes, total mass (engine/state.cc) ---
// components of a state vector, in this order; a signature is a set of these bits
enum mjtState : int {
  mjSTATE_TIME = 1 << 0, mjSTATE_QPOS = 1 << 1, mjSTATE_QVEL = 1 << 2, mjSTATE_ACT = 1 << 3,
  mjSTATE_WARMSTART = 1 << 4, mjSTATE_CTRL = 1 << 5, mjSTATE_QFRC_APPLIED = 1 << 6,
  mjSTATE_XFRC_APPLIED = 1 << 7, mjSTATE_EQ_ACTIVE = 1 << 8, mjSTATE_MOCAP_POS = 1 << 9,
  mjSTATE_MOCAP_QUAT = 1 << 10, mjSTATE_USERDATA = 1 << 11, mjSTATE_PLUGIN = 1 << 12,
  mjNSTATE = 13,
  mjSTATE_PHYSICS = mjSTATE_QPOS | mjSTATE_QVEL | mjSTATE_ACT,
  mjSTATE_FULLPHYSICS = mjSTATE_TIME | mjSTATE_PHYSICS | mjSTATE_PLUGIN,
  mjSTATE_USER = mjSTATE_CTRL | mjSTATE_QFRC_APPLIED | mjSTATE_XFRC_APPLIED | mjSTATE_EQ_ACTIVE |
                 mjSTATE_MOCAP_POS | mjSTATE_MOCAP_QUAT | mjSTATE_USERDATA,
  mjSTATE_INTEGRATION = mjSTATE_FULLPHYSICS | mjSTATE_USER | mjSTATE_WARMSTART
};
// number of values in a state vector of this signature (bits at or above mjNSTATE ignored)
int mj_stateSize(const Model& m, int signature);
void mj_getState(const Model& m, const Data& d, mjtNum* state, int signature);
void mj_setState(const Model& m, Data& d, const mjtNum* state, int signature);
// mj_resetData, then the keyframe's time, qpos, qvel, act, mocap poses and ctrl (no keyframe
// for an index out of range: just the reset)
void mj_resetDataKeyframe(const Model& m, Data& d, int key);
// store d's time, qpos, qvel, act, mocap poses and ctrl as keyframe `key` (in range)
void mj_setKeyframe(Model& m, const Data& d, int key);
// sum of body masses; scaling every body's mass and inertia to a new total
mjtNum mj_getTotalmass(const Model& m);
void mj_setTotalmass(Model& m, mjtNum newmass);

// every size, option and array as text into `filename`; false if it cannot be written
// (engine/print.cc)
bool mj_printModel(const Model& m, const char* filename);
bool mj_printData(const Model& m, const Data& d, const char* filename);
// the same with every real number written by `float_format`, a printf conversion of one number
// (ValidFloatFormat); an invalid or null format prints as mj_printModel and mj_printData do
bool mj_printFormattedModel(const Model& m, const char* filename, const char* float_format);
bool mj_printFormattedData(const Model& m, const Data& d, const char* filename,
                           const char* float_format);
// "" when `format` is one printf conversion of a real number: '%', each flag of "-+ #0" at most
// once, digits for width, '.' and digits for precision, an optional 'L', then one of "fgGeE",
// at most 20 characters in all, nothing around it (the reference's rule, measured); else why
// it is not
std::string FloatFormatProblem(const char* format);
// every MJCF element, nested as allowed, with how often it may appear (! once, ? at most once,
// * any number, R nested in itself) and its attributes; as text, or as an HTML table indented
// by padding (`pad`) or by spaces (xml/schema.cc)
std::string mj_printSchema(bool html, bool pad);

}  // namespace mjsim
