// statistic.cc: mjStatistic (m.stat), computed at qpos0 unless <statistic> gives a value
// (checklist A.7). Rules observed on the reference:
//   meaninertia  mean of diag(M) at qpos0, armature included; 1 without dofs
//   meanmass     mean body_mass over bodies 1..nbody-1; 1 without bodies
//   meansize     mean over bodies 1..nbody-1 of the body size: the largest distance from the
//                body com (xipos) to the far side of its geoms (|geom_xpos - xipos| + rbound),
//                to its joint anchors and to the anchors of its children's joints, at least 1e-5;
//                0.2 without bodies
//   center       middle of the bounding box of body frame origins and coms (1..), geom
//                bounding spheres (meshes too), sites and joint anchors
//   extent       the box's largest side (2 when the box is a point), at least 2 * meansize
// A geom's bounding radius (rbound) is computed here from its type and size; planes count with
// 0.1 * their largest half-size (1 for an infinite plane).
//   reads   m.body_* geom_* site_* jnt_* dof_armature (compile.cc), Spec statistic
//   writes  m.stat
#include <algorithm>
#include <cmath>

#include "compiler/meshes.h"
#include "compiler/set_const.h"
#include "compiler/stages.h"
#include "mjsim/api.h"
#include "mjsim/data.h"
#include "util/math3.h"

namespace mjsim {
namespace {

constexpr mjtNum kMinBodySize = 1e-5;
constexpr mjtNum kSizeWithoutBodies = 0.2;

// a plane counts with 0.1 * its largest half-size, 1 when infinite
mjtNum PlaneBoundingRadius(const mjtNum size[3]) {
  mjtNum half = std::max(size[0], size[1]);
  return half > 0 ? 0.1 * half : 1;
}

// rbound of a geom: for a mesh the farthest corner of its vertices' box (as geom_rbound)
mjtNum GeomBoundingRadius(const CompileContext& ctx, const Model& m, int g) {
  const mjtNum* size = m.geom_size + 3 * g;
  switch (m.geom_type[g]) {
    case mjGEOM_PLANE: return PlaneBoundingRadius(size);
    case mjGEOM_HFIELD: {  // the farthest corner of the box from -base to +elevation
      const mjtNum* hfield = m.hfield_size + 4 * m.geom_dataid[g];
      mjtNum height = std::max(hfield[2], hfield[3]);
      return std::sqrt(size[0] * size[0] + size[1] * size[1] + height * height);
    }
    case mjGEOM_SPHERE: return size[0];
    case mjGEOM_CAPSULE: return size[0] + size[1];
    case mjGEOM_CYLINDER: return std::sqrt(size[0] * size[0] + size[1] * size[1]);
    case mjGEOM_ELLIPSOID: return std::max(size[0], std::max(size[1], size[2]));
    case mjGEOM_MESH: return Norm3(ctx.meshes[m.geom_dataid[g]].halfsize);
    default: return Norm3(size);  // box
  }
}

// tendon armature a adds a J'J to M (J the tendon's moment row): its trace is a |J|^2
mjtNum TendonArmatureDiagonal(const Model& m, const Data& d) {
  mjtNum total = 0;
  for (int t = 0; t < m.ntendon; ++t) {
    if (m.tendon_armature[t] == 0) continue;
    bool sparse = mj_isSparse(m);
    int begin = sparse ? d.ten_J_rowadr[t] : t * m.nv;
    int count = sparse ? d.ten_J_rownnz[t] : m.nv;
    for (int i = begin; i < begin + count; ++i) total += m.tendon_armature[t] * d.ten_J[i] * d.ten_J[i];
  }
  return total;
}

// diag(M)_i = sum over the bodies b moved by dof i of cdof_i' cinert_b cdof_i, plus armature;
// cinert = (I, h = m (xipos - origin), m): cdof' cinert cdof = w'Iw + 2 v.(w x h) + m |v|^2
mjtNum MeanDiagonalInertia(const Model& m, const Data& d) {
  if (m.nv == 0) return 1;
  mjtNum total = 0;
  for (int dof = 0; dof < m.nv; ++dof) {
    const mjtNum* w = d.cdof + 6 * dof;
    const mjtNum* v = w + 3;
    total += m.dof_armature[dof];
    for (int b = 1; b < m.nbody; ++b) {
      int ancestor = b;
      while (ancestor > 0 && ancestor != m.dof_bodyid[dof]) ancestor = m.body_parentid[ancestor];
      if (ancestor == 0) continue;
      const mjtNum* c = d.cinert + 10 * b;
      mjtNum Iw[3] = {c[0] * w[0] + c[3] * w[1] + c[4] * w[2],
                      c[3] * w[0] + c[1] * w[1] + c[5] * w[2],
                      c[4] * w[0] + c[5] * w[1] + c[2] * w[2]};
      mjtNum wxh[3];
      Cross3(wxh, w, c + 6);
      total += Dot3(w, Iw) + 2 * Dot3(v, wxh) + c[9] * Dot3(v, v);
    }
  }
  return (total + TendonArmatureDiagonal(m, d)) / m.nv;
}

void GrowBodySize(std::vector<mjtNum>& sizes, const Data& d, int b, const mjtNum point[3],
                  mjtNum radius) {
  if (b <= 0) return;
  mjtNum offset[3];
  Sub3(offset, point, d.xipos + 3 * b);
  sizes[b] = std::max(sizes[b], Norm3(offset) + radius);
}

mjtNum MeanBodySize(const Model& m, const Data& d, const std::vector<mjtNum>& rbound) {
  if (m.nbody <= 1) return kSizeWithoutBodies;
  std::vector<mjtNum> sizes(m.nbody, kMinBodySize);
  for (int g = 0; g < m.ngeom; ++g) GrowBodySize(sizes, d, m.geom_bodyid[g], d.geom_xpos + 3 * g, rbound[g]);
  for (int j = 0; j < m.njnt; ++j) {
    int b = m.jnt_bodyid[j];
    GrowBodySize(sizes, d, b, d.xanchor + 3 * j, 0);
    GrowBodySize(sizes, d, m.body_parentid[b], d.xanchor + 3 * j, 0);
  }
  mjtNum total = 0;
  for (int b = 1; b < m.nbody; ++b) total += sizes[b];
  return total / (m.nbody - 1);
}

struct Box {
  mjtNum low[3] = {INFINITY, INFINITY, INFINITY};
  mjtNum high[3] = {-INFINITY, -INFINITY, -INFINITY};
  void Add(const mjtNum p[3], mjtNum radius) {
    for (int i = 0; i < 3; ++i) {
      low[i] = std::min(low[i], p[i] - radius);
      high[i] = std::max(high[i], p[i] + radius);
    }
  }
  bool Empty() const { return low[0] > high[0]; }
};

Box ModelBox(const Model& m, const Data& d, const std::vector<mjtNum>& rbound) {
  Box box;
  for (int b = 1; b < m.nbody; ++b) {
    box.Add(d.xpos + 3 * b, 0);  // body frame origins count too (observed)
    box.Add(d.xipos + 3 * b, 0);
  }
  // mesh geoms count with the bounding sphere of their vertices' box (geom_rbound), like the
  // other geoms
  for (int g = 0; g < m.ngeom; ++g) box.Add(d.geom_xpos + 3 * g, rbound[g]);
  for (int s = 0; s < m.nsite; ++s) box.Add(d.site_xpos + 3 * s, 0);
  for (int j = 0; j < m.njnt; ++j) box.Add(d.xanchor + 3 * j, 0);
  return box;
}

// m.stat's computed values at qpos0, with the geoms' bounding radii `rbound`
void FillStatistic(Model& m, const std::vector<mjtNum>& rbound) {
  std::unique_ptr<Data> d = MakeData(m);  // qpos = qpos0
  mj_kinematics(m, *d);
  mj_comPos(m, *d);
  mj_tendon(m, *d);
  Statistic& stat = m.stat;
  stat.meaninertia = MeanDiagonalInertia(m, *d);
  stat.meanmass = 1;
  if (m.nbody > 1) {
    mjtNum mass = 0;
    for (int b = 1; b < m.nbody; ++b) mass += m.body_mass[b];
    stat.meanmass = mass / (m.nbody - 1);
  }
  stat.meansize = MeanBodySize(m, *d, rbound);
  Box box = ModelBox(m, *d, rbound);
  stat.extent = 0;
  Zero3(stat.center);
  if (!box.Empty()) {
    for (int i = 0; i < 3; ++i) {
      stat.center[i] = (box.low[i] + box.high[i]) / 2;
      stat.extent = std::max(stat.extent, box.high[i] - box.low[i]);
    }
  }
  if (stat.extent < mjMINVAL) stat.extent = 2;
  stat.extent = std::max(stat.extent, 2 * stat.meansize);
}

}  // namespace

void ComputeStatistic(const CompileContext& ctx, Model& m) {
  std::vector<mjtNum> rbound(m.ngeom);
  for (int g = 0; g < m.ngeom; ++g) rbound[g] = GeomBoundingRadius(ctx, m, g);
  FillStatistic(m, rbound);
  const SpecStatistic& given = ctx.spec.statistic;
  Statistic& stat = m.stat;
  if (given.meaninertia) stat.meaninertia = *given.meaninertia;
  if (given.meanmass) stat.meanmass = *given.meanmass;
  if (given.meansize) stat.meansize = *given.meansize;
  if (given.extent) stat.extent = *given.extent;
  if (given.center) Copy3(stat.center, given.center->data());
}

// mj_setConst's statistic (observed): every value recomputed, values given in <statistic>
// included, with the model's geom_rbound (planes: the compiler's rule, their rbound is 0)
void RecomputeStatistic(Model& m) {
  std::vector<mjtNum> rbound(m.ngeom);
  for (int g = 0; g < m.ngeom; ++g) {
    rbound[g] = m.geom_type[g] == mjGEOM_PLANE ? PlaneBoundingRadius(m.geom_size + 3 * g)
                                                : m.geom_rbound[g];
  }
  FillStatistic(m, rbound);
}

}  // namespace mjsim
