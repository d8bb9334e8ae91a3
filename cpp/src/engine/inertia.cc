// inertia.cc: the joint-space inertia matrix, forward pipeline stage 6 (Computation, "Composite
// rigid-body algorithm"; checklist C.5), and products with it.
//   reads   m.body_parentid dof_bodyid dof_parentid dof_armature M_rownnz M_rowadr M_colind
//           mapM2M tendon_armature
//           d.cinert cdof                                           (written by com.cc)
//           d.ten_J ten_J_rownnz ten_J_rowadr ten_J_colind          (written by tendon.cc)
//   writes  d.crb M (mj_crb), qM (mj_makeM)
//
// Composite inertia: crb[b] = cinert[b] + sum of crb over b's children, all in the tree's
// c-frame. For dof i on body b and each dof j on the path from i to its tree's root:
//   M(i, j) = cdof_j . (crb[b] * cdof_i),   M(i, i) += armature_i.
// d.M has the CSR layout of M_* (fields/constant.h; row i: ancestors ascending, then i; rows
// of dofs in simple bodies hold only the diagonal). A simple body's M is diagonal and does not
// change with the configuration, so mj_crb takes its diagonal from m.dof_M0 (computed by the
// compiler, or mj_setConst) as the reference does: observed on mujoco 3.3.7, a simple dof's
// M entry equals dof_M0 whatever body_mass, body_inertia or dof_armature say at run time. d.qM is the legacy layout (row i at
// dof_Madr[i], diagonal first, then the ancestors upward); the entries C drops stay zero, as in
// the reference.
#include <algorithm>

#include "engine/solver.h"
#include "engine/stages.h"
#include "mjsim/api.h"
#include "util/math3.h"
#include "util/spatial.h"

namespace mjsim {
namespace {

// crb = cinert, then each body's composite added to its parent's (children follow parents);
// the world's row stays zero: trees do not share a c-frame
void ComputeCompositeInertias(const Model& m, Data& d) {
  for (int i = 0; i < 10 * m.nbody; ++i) d.crb[i] = d.cinert[i];
  for (int i = 0; i < 10; ++i) d.crb[i] = 0;
  for (int b = m.nbody - 1; b > 0; --b) {
    int parent = m.body_parentid[b];
    if (parent == 0) continue;
    for (int i = 0; i < 10; ++i) d.crb[10 * parent + i] += d.crb[10 * b + i];
  }
}

// M row by row: the force of dof i's motion on its body's composite, projected on i and, from
// the end of the row backwards, on the ancestors the row keeps; with use_M0, dofs of simple
// bodies (dof_simplenum > 0, rows of the diagonal alone) take dof_M0 instead
void ComputeInertiaMatrix(const Model& m, Data& d, bool use_M0) {
  for (int i = 0; i < m.nv; ++i) {
    mjtNum* row = d.M + m.M_rowadr[i];
    int last = m.M_rownnz[i] - 1;
    if (use_M0 && m.dof_simplenum[i] > 0) {
      row[last] = m.dof_M0[i];
      continue;
    }
    mjtNum force[6];
    MulInertiaMotion(force, d.crb + 10 * m.dof_bodyid[i], d.cdof + 6 * i);
    row[last] = DotMotionForce(d.cdof + 6 * i, force) + m.dof_armature[i];
    int k = last - 1;
    for (int j = m.dof_parentid[i]; j >= 0 && k >= 0; j = m.dof_parentid[j], --k) {
      row[k] = DotMotionForce(d.cdof + 6 * j, force);
    }
  }
}

// position of column j in row i of M (columns ascending), -1 if M does not keep it
int FindInRow(const Model& m, int i, int j) {
  const int* begin = m.M_colind + m.M_rowadr[i];
  const int* end = begin + m.M_rownnz[i];
  const int* found = std::lower_bound(begin, end, j);
  return (found != end && *found == j) ? m.M_rowadr[i] + static_cast<int>(found - begin) : -1;
}

// tendon armature a: M += a J' J for the tendon's moment J (d.ten_J, dense or sparse as
// mj_isSparse), on the entries M keeps: couplings outside the tree pattern are dropped, as in
// the reference
void AddTendonArmature(const Model& m, Data& d) {
  bool sparse = mj_isSparse(m);
  for (int t = 0; t < m.ntendon; ++t) {
    mjtNum armature = m.tendon_armature[t];
    if (armature == 0) continue;
    const mjtNum* J = sparse ? d.ten_J + d.ten_J_rowadr[t] : d.ten_J + t * m.nv;
    const int* columns = sparse ? d.ten_J_colind + d.ten_J_rowadr[t] : nullptr;
    int count = sparse ? d.ten_J_rownnz[t] : m.nv;
    for (int p = 0; p < count; ++p) {
      int i = columns ? columns[p] : p;
      if (J[p] == 0) continue;
      for (int q = 0; q < count; ++q) {
        int j = columns ? columns[q] : q;
        if (j > i || J[q] == 0) continue;
        int k = FindInRow(m, i, j);
        if (k >= 0) d.M[k] += armature * J[p] * J[q];
      }
    }
  }
}

}  // namespace

void mj_crb(const Model& m, Data& d) {
  ComputeCompositeInertias(m, d);
  ComputeInertiaMatrix(m, d, /*use_M0=*/true);
}

void CompositeInertiaMatrix(const Model& m, Data& d) {
  ComputeCompositeInertias(m, d);
  ComputeInertiaMatrix(m, d, /*use_M0=*/false);
}

// M with tendon armature (needs mj_tendon), and qM from it: scattered into the legacy layout
void mj_makeM(const Model& m, Data& d) {
  mj_crb(m, d);
  AddTendonArmature(m, d);
  for (int k = 0; k < m.nM; ++k) d.qM[k] = 0;
  for (int k = 0; k < m.nC; ++k) d.qM[m.mapM2M[k]] = d.M[k];
}

// dense nv x nv (row-major) from the legacy layout
void mj_fullM(const Model& m, mjtNum* dst, const mjtNum* M) {
  for (int i = 0; i < m.nv * m.nv; ++i) dst[i] = 0;
  for (int i = 0; i < m.nv; ++i) {
    const mjtNum* row = M + m.dof_Madr[i];
    dst[i * m.nv + i] = row[0];
    int k = 1;
    for (int j = m.dof_parentid[i]; j >= 0; j = m.dof_parentid[j], ++k) {
      dst[i * m.nv + j] = row[k];
      dst[j * m.nv + i] = row[k];
    }
  }
}

namespace {
// res = M vec with d.M, each stored entry below the diagonal used for both halves (a template:
// the solvers multiply by one constraint island's M, engine/solver.h SolverModel). The order of
// the sums is the reference's (mj_mulM bit-equal on 63 of 63 corpus models): the diagonal
// products first, then dof by dof ascending, its ancestors from the parent up, each entry
// added to both rows.
template <class ModelT, class DataT>
void MulPattern(const ModelT& m, const DataT& d, mjtNum* res, const mjtNum* vec) {
  for (int i = 0; i < m.nv; ++i) {
    int last = m.M_rowadr[i] + m.M_rownnz[i] - 1;
    res[i] = d.M[last] * vec[i];
  }
  for (int i = 0; i < m.nv; ++i) {
    int first = m.M_rowadr[i];
    for (int p = first + m.M_rownnz[i] - 2; p >= first; --p) {
      int j = m.M_colind[p];
      res[i] += d.M[p] * vec[j];
      res[j] += d.M[p] * vec[i];
    }
  }
}
}  // namespace

void mj_mulM(const Model& m, const Data& d, mjtNum* res, const mjtNum* vec) {
  MulPattern(m, d, res, vec);
}

void MulInertia(const SolverModel& m, const SolverData& d, mjtNum* res, const mjtNum* vec) {
  MulPattern(m, d, res, vec);
}

}  // namespace mjsim
