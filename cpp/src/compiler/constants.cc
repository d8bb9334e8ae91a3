// constants.cc: compiler stage for the quantities derived from the compiled model, run last
// (checklist B.16): body_gravcomp, ngravcomp, ntree, body_simple, dof_simplenum, the sparse
// structure of the inertia matrix (layouts in fields/constant.h), then mj_setConst's values at
// qpos0 computed with the engine on a temporary Data: dof_M0, dof_invweight0, body_invweight0,
// tendon_invweight0, flexedge_invweight0, actuator_length0, actuator_acc0 (nJmom, the room for actuator moments, too).
//
// The structure's sizes (nM, nC, nD, nB) follow from arrays the other stages fill (dof tree,
// body_sameframe, joint frames), so this stage sets them itself and re-lays out the model's
// arrays once, keeping everything already filled.
//
// Definitions (observed on mujoco 3.3.7):
//   body_simple[b]  1 for the world. Else 0 if b has child bodies, if b's parent is neither the
//                   world nor a jointless child of the world (a static or mocap root), if
//                   b's inertial frame is not its body frame (body_sameframe != BODY), or if a
//                   joint breaks the pattern "slides, then at most one rotational joint last":
//                   every joint anchor within 1e-6 of the body origin (per component), hinge
//                   and slide axes along a coordinate axis (other components within 1e-14).
//                   Otherwise 2 if every joint is a slide, 1 if not (a jointless body: 1).
//                   A body (the world too) with a site on a tendon that has armature is 0
//                   (fixed tendons with armature change nothing).
//   dof_simplenum   number of consecutive dofs from this one whose bodies are simple.
//   invweight0      with M^-1 at qpos0: dof_invweight0 is diag(M^-1), averaged over a ball
//                   joint's 3 dofs and over each half (translation, rotation) of a free joint;
//                   body_invweight0 = trace(J M^-1 J')/3 for the translational and rotational
//                   Jacobians at the body's center of mass. A simple body of slides only (2)
//                   takes 1/body_mass for its dofs and (1/body_mass, 0) for itself, without
//                   armature.
//   dof_M0          the diagonal of M from the composite inertias (dof armature included, tendon
//                   armature not); mj_crb then uses it for simple bodies.
//   tendon_invweight0  J M^-1 J' for the tendon's moment J at qpos0.
//   actuator_acc0   |M^-1 moment| at qpos0; actuator_length0 the length at qpos0.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "compiler/set_const.h"
#include "compiler/stages.h"
#include "engine/stages.h"
#include "mjsim/api.h"
#include "util/dot.h"
#include "util/math3.h"

namespace mjsim {
namespace {

constexpr mjtNum kSimplePosTolerance = 1e-6;    // joint anchor at the body origin
constexpr mjtNum kSimpleAxisTolerance = 1e-14;  // joint axis along a coordinate axis

// ---- body_gravcomp, ngravcomp, ntree --------------------------------------------------------

void FillGravcomp(const CompileContext& ctx, Model& m) {
  m.ngravcomp = 0;
  for (int b = 0; b < m.nbody; ++b) {
    m.body_gravcomp[b] = ctx.bodies[b]->gravcomp;
    if (m.body_gravcomp[b] > 0) ++m.ngravcomp;
  }
}

int CountTrees(const Model& m) {
  int ntree = 0;
  for (int b = 0; b < m.nbody; ++b) ntree = std::max(ntree, m.body_treeid[b] + 1);
  return ntree;
}

// ---- body_simple, dof_simplenum -------------------------------------------------------------

bool AlongCoordinateAxis(const mjtNum axis[3]) {
  int off_axis = 0;
  for (int k = 0; k < 3; ++k) off_axis += std::fabs(axis[k]) > kSimpleAxisTolerance;
  return off_axis <= 1;
}

bool AtBodyOrigin(const mjtNum pos[3]) {
  for (int k = 0; k < 3; ++k) {
    if (std::fabs(pos[k]) >= kSimplePosTolerance) return false;
  }
  return true;
}

// 0, 1 or 2 for a body other than the world (see the definitions on top)
mjtByte BodySimple(const Model& m, int b, const std::vector<bool>& has_children) {
  int parent = m.body_parentid[b];
  if (has_children[b]) return 0;
  if (parent != 0 && (m.body_parentid[parent] != 0 || m.body_weldid[parent] != 0)) return 0;
  if (m.body_sameframe[b] != 1) return 0;
  bool rotated = false, slides_only = true;
  for (int j = m.body_jntadr[b]; j >= 0 && j < m.body_jntadr[b] + m.body_jntnum[b]; ++j) {
    int type = m.jnt_type[j];
    if (rotated || !AtBodyOrigin(m.jnt_pos + 3 * j)) return 0;
    if ((type == mjJNT_HINGE || type == mjJNT_SLIDE) && !AlongCoordinateAxis(m.jnt_axis + 3 * j)) return 0;
    if (type != mjJNT_SLIDE) {
      rotated = true;
      slides_only = false;
    }
  }
  return (slides_only && m.body_jntnum[b] > 0) ? 2 : 1;
}

void FillSimple(Model& m) {
  std::vector<bool> has_children(m.nbody, false);
  for (int b = 1; b < m.nbody; ++b) has_children[m.body_parentid[b]] = true;
  m.body_simple[0] = 1;
  for (int b = 1; b < m.nbody; ++b) m.body_simple[b] = BodySimple(m, b, has_children);
  // the bodies of a tendon's sites, the world's too, when the tendon has armature
  for (int t = 0; t < m.ntendon; ++t) {
    if (!(m.tendon_armature[t] > 0)) continue;
    for (int w = m.tendon_adr[t]; w < m.tendon_adr[t] + m.tendon_num[t]; ++w) {
      if (m.wrap_type[w] == mjWRAP_SITE) m.body_simple[m.site_bodyid[m.wrap_objid[w]]] = 0;
    }
  }
  for (int i = m.nv - 1; i >= 0; --i) {
    bool simple = m.body_simple[m.dof_bodyid[i]] != 0;
    m.dof_simplenum[i] = simple ? 1 + (i + 1 < m.nv ? m.dof_simplenum[i + 1] : 0) : 0;
  }
}

// ---- sparse structure -----------------------------------------------------------------------

// The dof tree as lists: ancestors[i] ascending, descendants[i] ascending.
struct DofTree {
  std::vector<std::vector<int>> ancestors, descendants;
};

DofTree MakeDofTree(const Model& m) {
  DofTree tree;
  tree.ancestors.resize(m.nv);
  tree.descendants.resize(m.nv);
  for (int i = 0; i < m.nv; ++i) {
    for (int j = m.dof_parentid[i]; j >= 0; j = m.dof_parentid[j]) {
      tree.ancestors[i].push_back(j);
      tree.descendants[j].push_back(i);
    }
    std::reverse(tree.ancestors[i].begin(), tree.ancestors[i].end());
  }
  return tree;  // descendants are pushed in increasing i: already ascending
}

// the dofs of body b's ancestors, b, and b's descendants, ascending
std::vector<int> BodyDofs(const Model& m, int b) {
  std::vector<int> dofs;
  for (int i = 0; i < m.nv; ++i) {
    int body = m.dof_bodyid[i];
    bool related = false;
    for (int a = body; !related; a = m.body_parentid[a]) {  // b is body or one of its ancestors
      related = a == b;
      if (a == 0) break;
    }
    for (int a = b; !related && a > 0; a = m.body_parentid[a]) related = a == body;  // body above b
    if (related) dofs.push_back(i);
  }
  return dofs;
}

struct SparseSizes {
  int nM = 0, nC = 0, nD = 0, nB = 0;
};

// the C pattern keeps only the diagonal in rows of simple bodies' dofs
int ReducedRowCount(const Model& m, const DofTree& tree, int i) {
  return m.body_simple[m.dof_bodyid[i]] ? 1 : static_cast<int>(tree.ancestors[i].size()) + 1;
}

SparseSizes CountSparse(const Model& m, const DofTree& tree) {
  SparseSizes sizes;
  for (int i = 0; i < m.nv; ++i) {
    sizes.nM += static_cast<int>(tree.ancestors[i].size()) + 1;
    sizes.nC += ReducedRowCount(m, tree, i);
    sizes.nD += static_cast<int>(tree.ancestors[i].size() + tree.descendants[i].size()) + 1;
  }
  for (int b = 0; b < m.nbody; ++b) sizes.nB += static_cast<int>(BodyDofs(m, b).size());
  return sizes;
}

// legacy qM addresses, the C pattern (M_*) and its map into the legacy layout (mapM2M)
void FillInertiaPattern(Model& m, const DofTree& tree) {
  int legacy = 0, adr = 0;
  for (int i = 0; i < m.nv; ++i) {
    m.dof_Madr[i] = legacy;
    legacy += static_cast<int>(tree.ancestors[i].size()) + 1;
    m.M_rownnz[i] = ReducedRowCount(m, tree, i);
    m.M_rowadr[i] = adr;
    const std::vector<int>& up = tree.ancestors[i];
    int depth = static_cast<int>(up.size());
    if (m.M_rownnz[i] > 1) {
      for (int p = 0; p < depth; ++p) {
        m.M_colind[adr] = up[p];
        m.mapM2M[adr++] = m.dof_Madr[i] + depth - p;  // ancestor up[p] is depth - p steps up
      }
    }
    m.M_colind[adr] = i;
    m.mapM2M[adr++] = m.dof_Madr[i];
  }
}

// position of column j in row i of the C pattern, -1 if absent
int FindInRow(const int* rownnz, const int* rowadr, const int* colind, int i, int j) {
  for (int k = rowadr[i]; k < rowadr[i] + rownnz[i]; ++k) {
    if (colind[k] == j) return k;
  }
  return -1;
}

// D_*: the full symmetric pattern, and the maps between D and C
void FillSymmetricPattern(Model& m, const DofTree& tree) {
  int adr = 0;
  for (int i = 0; i < m.nv; ++i) {
    m.D_rowadr[i] = adr;
    m.D_diag[i] = static_cast<int>(tree.ancestors[i].size());
    for (int j : tree.ancestors[i]) m.D_colind[adr++] = j;
    m.D_colind[adr++] = i;
    for (int j : tree.descendants[i]) m.D_colind[adr++] = j;
    m.D_rownnz[i] = adr - m.D_rowadr[i];
  }
  for (int i = 0; i < m.nv; ++i) {
    for (int k = m.D_rowadr[i]; k < m.D_rowadr[i] + m.D_rownnz[i]; ++k) {
      int j = m.D_colind[k];
      m.mapM2D[k] = FindInRow(m.M_rownnz, m.M_rowadr, m.M_colind, std::max(i, j), std::min(i, j));
    }
    for (int k = m.M_rowadr[i]; k < m.M_rowadr[i] + m.M_rownnz[i]; ++k) {
      m.mapD2M[k] = FindInRow(m.D_rownnz, m.D_rowadr, m.D_colind, i, m.M_colind[k]);
    }
  }
}

void FillBodyDofPattern(Model& m) {
  int adr = 0;
  for (int b = 0; b < m.nbody; ++b) {
    std::vector<int> dofs = BodyDofs(m, b);
    m.B_rowadr[b] = adr;
    m.B_rownnz[b] = static_cast<int>(dofs.size());
    for (int i : dofs) m.B_colind[adr++] = i;
  }
}

// room for the actuator moments: a joint's dofs for joint transmissions, nv for the others
int CountMomentCapacity(const Model& m) {
  int total = 0;
  for (int i = 0; i < m.nu; ++i) {
    int type = m.actuator_trntype[i];
    bool joint = type == mjTRN_JOINT || type == mjTRN_JOINTINPARENT;
    total += joint ? JointDofCount(m.jnt_type[m.actuator_trnid[2 * i]]) : m.nv;
  }
  return total;
}

// Sets this stage's sizes and re-lays out the model's arrays for them; every array keeps its
// contents (the arrays sized by the new counts are filled afterwards).
void ResizeModel(Model& m, const SparseSizes& sparse, int ntree, int nJmom) {
  std::unique_ptr<Model> old = CopyModel(m);
  m.nJmom = nJmom;
  m.nM = sparse.nM;
  m.nC = sparse.nC;
  m.nD = sparse.nD;
  m.nB = sparse.nB;
  m.ntree = ntree;
  AllocateModelArrays(m);
#define MJSIM_X(type, name, rows, cols, doc) \
  std::memcpy(m.name, old->name, sizeof(type) * std::min(m.rows, old->rows) * (cols));
  MJSIM_MODEL_FIELDS(MJSIM_X)
#undef MJSIM_X
}

// ---- mj_setConst at qpos0 -------------------------------------------------------------------

// J M^-1 J' for one row J of nv entries: x = M^-1 J by the factor, then J.x (mju_dot's lanes),
// the reference's rounding (body_invweight0 bit-equal in 908 of 908 corpus values)
mjtNum InverseWeight(const Model& m, const Data& d, const mjtNum* row, std::vector<mjtNum>& x) {
  mj_solveM(m, d, x.data(), row, 1);
  return Dot(row, x.data(), m.nv);
}

// trace(J M^-1 J')/3 for the 3 rows of J (3 x nv, row-major)
mjtNum MeanInverseWeight(const Model& m, const Data& d, const std::vector<mjtNum>& J,
                         std::vector<mjtNum>& x) {
  mjtNum trace = InverseWeight(m, d, J.data(), x) + InverseWeight(m, d, J.data() + m.nv, x) +
                 InverseWeight(m, d, J.data() + 2 * m.nv, x);
  return trace / 3;
}

// translational and rotational Jacobians of body b's center of mass: dof i of b or of an
// ancestor moves it with cdof_lin + cdof_rot x (xipos - subtree_com[root])
void BodyComJacobians(const Model& m, const Data& d, int b, std::vector<mjtNum>& Jp,
                      std::vector<mjtNum>& Jr) {
  std::fill(Jp.begin(), Jp.end(), 0);
  std::fill(Jr.begin(), Jr.end(), 0);
  mjtNum offset[3];
  Sub3(offset, d.xipos + 3 * b, d.subtree_com + 3 * m.body_rootid[b]);
  for (int a = b; a > 0; a = m.body_parentid[a]) {
    for (int i = m.body_dofadr[a]; i >= 0 && i < m.body_dofadr[a] + m.body_dofnum[a]; ++i) {
      const mjtNum* cdof = d.cdof + 6 * i;
      mjtNum velocity[3];
      Cross3(velocity, cdof, offset);
      AddTo3(velocity, cdof + 3);
      for (int k = 0; k < 3; ++k) {
        Jr[k * m.nv + i] = cdof[k];
        Jp[k * m.nv + i] = velocity[k];
      }
    }
  }
}

void FillDofInvWeights(Model& m, const std::vector<mjtNum>& Minv) {
  for (int j = 0; j < m.njnt; ++j) {
    int adr = m.jnt_dofadr[j];
    int type = m.jnt_type[j];
    int group = (type == mjJNT_FREE || type == mjJNT_BALL) ? 3 : 1;  // dofs averaged together
    for (int start = adr; start < adr + JointDofCount(type); start += group) {
      mjtNum mean = 0;
      for (int i = start; i < start + group; ++i) mean += Minv[i * m.nv + i];
      mean /= group;
      for (int i = start; i < start + group; ++i) m.dof_invweight0[i] = mean;
    }
  }
}

void FillBodyInvWeights(Model& m, const Data& d) {
  std::vector<mjtNum> Jp(3 * m.nv), Jr(3 * m.nv), x(m.nv);
  m.body_invweight0[0] = m.body_invweight0[1] = 0;
  for (int b = 1; b < m.nbody; ++b) {
    BodyComJacobians(m, d, b, Jp, Jr);
    m.body_invweight0[2 * b] = MeanInverseWeight(m, d, Jp, x);
    m.body_invweight0[2 * b + 1] = MeanInverseWeight(m, d, Jr, x);
  }
}

// simple bodies of slides only: the reference takes the bare mass
void ApplySliderBodies(Model& m) {
  for (int b = 1; b < m.nbody; ++b) {
    if (m.body_simple[b] != 2) continue;
    mjtNum inverse_mass = 1 / m.body_mass[b];
    m.body_invweight0[2 * b] = inverse_mass;
    m.body_invweight0[2 * b + 1] = 0;
    for (int i = m.body_dofadr[b]; i < m.body_dofadr[b] + m.body_dofnum[b]; ++i) {
      m.dof_invweight0[i] = inverse_mass;
    }
  }
}

// row = the moment of tendon t over all nv dofs, from d.ten_J dense or sparse (mj_isSparse)
void DenseTendonRow(const Model& m, const Data& d, int t, mjtNum* row) {
  if (!mj_isSparse(m)) {
    for (int dof = 0; dof < m.nv; ++dof) row[dof] = d.ten_J[t * m.nv + dof];
    return;
  }
  for (int dof = 0; dof < m.nv; ++dof) row[dof] = 0;
  for (int k = d.ten_J_rowadr[t]; k < d.ten_J_rowadr[t] + d.ten_J_rownnz[t]; ++k) {
    row[d.ten_J_colind[k]] = d.ten_J[k];
  }
}

// tendon_invweight0 = J M^-1 J' for each tendon's moment row J
void FillTendonInvWeights(Model& m, const Data& d) {
  std::vector<mjtNum> J(m.nv), x(m.nv);
  for (int t = 0; t < m.ntendon; ++t) {
    DenseTendonRow(m, d, t, J.data());
    m.tendon_invweight0[t] = InverseWeight(m, d, J.data(), x);
  }
}

// flexedge_invweight0 = J M^-1 J' for the edge's length Jacobian J = u' (Jp(b) - Jp(a)), u the
// unit vector from vertex a to b; only for flexes with edge forces (edge stiffness or damping,
// or elastic damping) and edges between two bodies, else 0 (measured on the reference)
void FillFlexEdgeInvWeights(Model& m, const Data& d) {
  std::vector<mjtNum> Ja(3 * m.nv), Jb(3 * m.nv), J(m.nv), x(m.nv);
  for (int f = 0; f < m.nflex; ++f) {
    if (m.flex_edgestiffness[f] == 0 && m.flex_edgedamping[f] == 0 && m.flex_damping[f] == 0) continue;
    for (int e = m.flex_edgeadr[f]; e < m.flex_edgeadr[f] + m.flex_edgenum[f]; ++e) {
      if (m.flexedge_rigid[e]) continue;
      int va = m.flex_vertadr[f] + m.flex_edge[2 * e], vb = m.flex_vertadr[f] + m.flex_edge[2 * e + 1];
      mjtNum pa[3], pb[3], u[3];
      for (auto [v, p] : {std::pair<int, mjtNum*>{va, pa}, {vb, pb}}) {
        int b = m.flex_vertbodyid[v];
        MulMatVec3(p, d.xmat + 9 * b, m.flex_vert + 3 * v);
        AddTo3(p, d.xpos + 3 * b);
      }
      Sub3(u, pb, pa);
      Scale3(u, u, 1 / Norm3(u));
      mj_jac(m, d, Ja.data(), nullptr, pa, m.flex_vertbodyid[va]);
      mj_jac(m, d, Jb.data(), nullptr, pb, m.flex_vertbodyid[vb]);
      for (int i = 0; i < m.nv; ++i) {
        J[i] = 0;
        for (int k = 0; k < 3; ++k) J[i] += u[k] * (Jb[k * m.nv + i] - Ja[k * m.nv + i]);
      }
      m.flexedge_invweight0[e] = InverseWeight(m, d, J.data(), x);
    }
  }
}

// actuator_length0 = length at qpos0; actuator_acc0 = |M^-1 moment|
void FillActuatorConstants(Model& m, const Data& d) {
  std::vector<mjtNum> moment(m.nv), acceleration(m.nv);
  for (int i = 0; i < m.nu; ++i) {
    m.actuator_length0[i] = d.actuator_length[i];
    std::fill(moment.begin(), moment.end(), 0);
    for (int k = d.moment_rowadr[i]; k < d.moment_rowadr[i] + d.moment_rownnz[i]; ++k) {
      moment[d.moment_colind[k]] = d.actuator_moment[k];
    }
    mj_solveM(m, d, acceleration.data(), moment.data(), 1);
    m.actuator_acc0[i] = std::sqrt(Dot(acceleration.data(), acceleration.data(), m.nv));
  }
}

}  // namespace

void FillSetConst(Model& m) {
  std::unique_ptr<Data> d = MakeData(m);  // qpos = qpos0
  mj_kinematics(m, *d);
  mj_comPos(m, *d);
  if (m.ntendon > 0) mj_tendon(m, *d);
  mj_transmission(m, *d);
  CompositeInertiaMatrix(m, *d);  // dof_M0: the diagonal without tendon armature
  for (int i = 0; i < m.nv; ++i) m.dof_M0[i] = d->M[m.M_rowadr[i] + m.M_rownnz[i] - 1];
  mj_makeM(m, *d);
  mj_factorM(m, *d);
  std::vector<mjtNum> Minv(static_cast<size_t>(m.nv) * m.nv, 0);
  for (int i = 0; i < m.nv; ++i) Minv[i * m.nv + i] = 1;
  mj_solveM(m, *d, Minv.data(), Minv.data(), m.nv);
  FillDofInvWeights(m, Minv);
  FillBodyInvWeights(m, *d);
  ApplySliderBodies(m);
  FillTendonInvWeights(m, *d);
  FillFlexEdgeInvWeights(m, *d);
  FillActuatorConstants(m, *d);
}

// the sizes of this stage depend on filled arrays: FillConstants sets them (see top)
void CollectConstants(CompileContext&, Model&) {}

void FillConstants(CompileContext& ctx, Model& m) {
  FillGravcomp(ctx, m);
  FillSimple(m);
  {
    DofTree tree = MakeDofTree(m);
    ResizeModel(m, CountSparse(m, tree), CountTrees(m), CountMomentCapacity(m));
    FillInertiaPattern(m, tree);
    FillSymmetricPattern(m, tree);
    FillBodyDofPattern(m);
  }
  FillSetConst(m);
}

}  // namespace mjsim
