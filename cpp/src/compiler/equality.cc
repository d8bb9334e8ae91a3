// equality.cc: compiler stage for equality constraints, contact pairs and excludes
// (checklist A.12, A.13).
//   reads   Spec equalities pairs excludes; m.body_pos body_quat site_pos site_quat site_bodyid
//           geom_bodyid (compile.cc); tendon names (tendons.cc)
//   writes  eq_* pair_* exclude_signature
//
// eq_data (mjNEQDATA numbers per row), as the reference lays it out:
//   connect (bodies)  [0:3] anchor in body1's frame, [3:6] the same point in body2's frame at
//                     qpos0, [10] 1;  connect (sites): all zero
//   weld (bodies)     [0:3] anchor in body2's frame, [3:10] relpose = pose of body2 in body1's
//                     frame (pos, quat), [10] torquescale. A relpose with an all-zero quat (the
//                     default) is computed at qpos0 so that body1 + R1 relpose_pos equals
//                     body2 + R2 anchor, and relpose_quat = conj(q1) q2.
//   weld (sites)      [0:3] "0 1 0", [3:10] zero, [10] torquescale (nothing computed)
//   joint, tendon     [0:5] polycoef, [10] 1
// Pairs and excludes are ordered by signature (body1 << 16) + body2 with body1 <= body2, ties in
// document order; a pair's geoms are swapped when geom1's body id exceeds geom2's.
#include <algorithm>

#include "mjsim/api.h"
#include "compiler/stages.h"
#include "util/math3.h"

namespace mjsim {
namespace {

// Global pose of every body at qpos0: at the reference configuration every joint is at its
// reference, so the chain of body_pos/body_quat gives it directly.
struct Poses {
  std::vector<mjtNum> pos, quat;  // 3 and 4 per body
};

Poses BodyPosesAtQpos0(const Model& m) {
  Poses poses{std::vector<mjtNum>(3 * m.nbody, 0), std::vector<mjtNum>(4 * m.nbody, 0)};
  poses.quat[0] = 1;
  for (int b = 1; b < m.nbody; ++b) {
    int parent = m.body_parentid[b];
    mjtNum offset[3], quat[4];
    Copy4(quat, m.body_quat + 4 * b);
    NormalizeQuatByDivision(quat);
    RotateVecByQuat(offset, m.body_pos + 3 * b, &poses.quat[4 * parent]);
    Add3(&poses.pos[3 * b], &poses.pos[3 * parent], offset);
    MulQuat(&poses.quat[4 * b], &poses.quat[4 * parent], quat);
    NormalizeQuatByDivision(&poses.quat[4 * b]);
  }
  return poses;
}

// point given in frame (pos, quat) -> global, and global -> frame
void FrameToGlobal(mjtNum out[3], const mjtNum* pos, const mjtNum* quat, const mjtNum local[3]) {
  RotateVecByQuat(out, local, quat);
  AddTo3(out, pos);
}
void GlobalToFrame(mjtNum out[3], const mjtNum* pos, const mjtNum* quat, const mjtNum global[3]) {
  mjtNum delta[3], conj[4];
  Sub3(delta, global, pos);
  ConjugateQuat(conj, quat);
  RotateVecByQuat(out, delta, conj);
}

const char* EqualityObjectName(int type, bool sites) {
  switch (type) {
    case mjEQ_CONNECT: case mjEQ_WELD: return sites ? "site" : "body";
    case mjEQ_JOINT: return "joint";
    default: return "tendon";
  }
}

// eq_obj1id/obj2id/objtype: the second object defaults to the world body (connect, weld) or
// none (joint, tendon)
void ResolveEqualityObjects(const CompileContext& ctx, Model& m, int e, const SpecEquality& eq) {
  bool spatial = eq.type == mjEQ_CONNECT || eq.type == mjEQ_WELD;
  int objtype = !spatial ? mjOBJ_JOINT : eq.sites ? mjOBJ_SITE : mjOBJ_BODY;
  if (eq.type == mjEQ_TENDON) objtype = mjOBJ_TENDON;
  const char* what = EqualityObjectName(eq.type, eq.sites);
  int ids[2] = {-1, spatial && !eq.sites ? 0 : -1};
  const std::string* names[2] = {&eq.name1, &eq.name2};
  // an empty second body means the world, an empty second joint or tendon none; any other
  // empty name is unknown (measured: body1="", site1="", site2="" and joint1="" are errors)
  for (int i = 0; i < 2; ++i) {
    if (names[i]->empty() && i == 1 && !eq.sites) continue;
    ids[i] = names[i]->empty() ? -1 : ctx.FindId(objtype, *names[i]);
    if (ids[i] < 0) {
      ctx.Fail("equality", eq.name, e, eq.source,
               std::string("unknown ") + what + " '" + *names[i] + "' in " + what + std::to_string(i + 1));
    }
  }
  if (ids[0] == ids[1]) {
    ctx.Fail("equality", eq.name, e, eq.source,
             std::string(what) + " '" + ctx.Names(objtype)[ids[0]] +
                 "' is both objects of the constraint");
  }
  if (eq.type == mjEQ_JOINT) {
    for (int id : ids) {
      if (id >= 0 && m.jnt_type[id] != mjJNT_HINGE && m.jnt_type[id] != mjJNT_SLIDE) {
        ctx.Fail("equality", eq.name, e, eq.source,
                 "joint '" + ctx.Names(mjOBJ_JOINT)[id] + "' is not a hinge or slide joint");
      }
    }
  }
  m.eq_obj1id[e] = ids[0];
  m.eq_obj2id[e] = ids[1];
  m.eq_objtype[e] = spatial ? objtype : mjOBJ_UNKNOWN;  // the reference leaves 0 for joint/tendon
}

// connect: the anchor (body1 frame) expressed in body2's frame at qpos0
void ComputeConnectAnchor(const Poses& poses, mjtNum* data, int body1, int body2) {
  mjtNum global[3];
  FrameToGlobal(global, &poses.pos[3 * body1], &poses.quat[4 * body1], data);
  GlobalToFrame(data + 3, &poses.pos[3 * body2], &poses.quat[4 * body2], global);
}

// weld: relpose from qpos0 when its quaternion is zero, else its quaternion normalized
void ComputeWeldRelpose(const Poses& poses, mjtNum* data, int body1, int body2) {
  mjtNum* relpos = data + 3;
  mjtNum* relquat = data + 6;
  if (relquat[0] != 0 || relquat[1] != 0 || relquat[2] != 0 || relquat[3] != 0) {
    NormalizeQuatByDivision(relquat);
    return;
  }
  mjtNum global[3], conj[4];
  FrameToGlobal(global, &poses.pos[3 * body2], &poses.quat[4 * body2], data);  // body2 + R2 anchor
  GlobalToFrame(relpos, &poses.pos[3 * body1], &poses.quat[4 * body1], global);
  ConjugateQuat(conj, &poses.quat[4 * body1]);
  MulQuat(relquat, conj, &poses.quat[4 * body2]);
  NormalizeQuatByDivision(relquat);
}

void FillEquality(const CompileContext& ctx, Model& m, const Poses& poses, int e) {
  const SpecEquality& eq = ctx.spec.equalities[e];
  m.eq_type[e] = eq.type;
  m.eq_active0[e] = eq.active;
  Copy2(m.eq_solref + 2 * e, eq.solref);
  for (int i = 0; i < 5; ++i) m.eq_solimp[5 * e + i] = eq.solimp[i];
  ResolveEqualityObjects(ctx, m, e, eq);
  mjtNum* data = m.eq_data + mjNEQDATA * e;
  for (int i = 0; i < mjNEQDATA; ++i) data[i] = eq.data[i];
  if (eq.sites) return;
  if (eq.type == mjEQ_CONNECT) ComputeConnectAnchor(poses, data, m.eq_obj1id[e], m.eq_obj2id[e]);
  if (eq.type == mjEQ_WELD) ComputeWeldRelpose(poses, data, m.eq_obj1id[e], m.eq_obj2id[e]);
}

// ---- pairs and excludes --------------------------------------------------------------------
struct ResolvedPair {
  int index;  // into Spec::pairs
  int geom1, geom2, signature;
};

int Signature(int body1, int body2) {
  return (std::min(body1, body2) << 16) + std::max(body1, body2);
}

std::vector<ResolvedPair> SortedPairs(const CompileContext& ctx) {
  std::vector<ResolvedPair> pairs;
  for (size_t p = 0; p < ctx.spec.pairs.size(); ++p) {
    const SpecPair& pair = ctx.spec.pairs[p];
    int id = static_cast<int>(p);
    int geoms[2];
    const std::string* names[2] = {&pair.geom1, &pair.geom2};
    for (int i = 0; i < 2; ++i) {
      geoms[i] = ctx.FindId(mjOBJ_GEOM, *names[i]);
      if (geoms[i] < 0) {
        ctx.Fail("pair", pair.name, id, pair.source,
                 "unknown geom '" + *names[i] + "' in geom" + std::to_string(i + 1));
      }
    }
    if (!IsValidCondim(pair.condim)) {
      ctx.Fail("pair", pair.name, id, pair.source,
               "invalid condim in contact pair: must be 1, 3, 4 or 6, got " +
                   std::to_string(pair.condim));
    }
    int body1 = ctx.geom_body[geoms[0]], body2 = ctx.geom_body[geoms[1]];
    if (body1 > body2) std::swap(geoms[0], geoms[1]);
    pairs.push_back({id, geoms[0], geoms[1], Signature(body1, body2)});
  }
  std::stable_sort(pairs.begin(), pairs.end(), [](const ResolvedPair& a, const ResolvedPair& b) {
    return a.signature < b.signature;
  });
  return pairs;
}

struct ResolvedExclude {
  int index;  // into Spec::excludes
  int signature;
};

std::vector<ResolvedExclude> SortedExcludes(const CompileContext& ctx) {
  std::vector<ResolvedExclude> excludes;
  for (size_t x = 0; x < ctx.spec.excludes.size(); ++x) {
    const SpecExclude& exclude = ctx.spec.excludes[x];
    int bodies[2];
    const std::string* names[2] = {&exclude.body1, &exclude.body2};
    for (int i = 0; i < 2; ++i) {
      bodies[i] = ctx.FindId(mjOBJ_BODY, *names[i]);
      if (bodies[i] < 0) {
        ctx.Fail("exclude", exclude.name, static_cast<int>(x), exclude.source,
                 "unknown body '" + *names[i] + "' in body" + std::to_string(i + 1));
      }
    }
    excludes.push_back({static_cast<int>(x), Signature(bodies[0], bodies[1])});
  }
  std::stable_sort(excludes.begin(), excludes.end(),
                   [](const ResolvedExclude& a, const ResolvedExclude& b) {
                     return a.signature < b.signature;
                   });
  return excludes;
}

void FillPair(const CompileContext& ctx, Model& m, const ResolvedPair& resolved, int p) {
  const SpecPair& pair = ctx.spec.pairs[resolved.index];
  m.pair_dim[p] = pair.condim;
  m.pair_geom1[p] = resolved.geom1;
  m.pair_geom2[p] = resolved.geom2;
  m.pair_signature[p] = resolved.signature;
  Copy2(m.pair_solref + 2 * p, pair.solref);
  Copy2(m.pair_solreffriction + 2 * p, pair.solreffriction);
  for (int i = 0; i < 5; ++i) m.pair_solimp[5 * p + i] = pair.solimp[i];
  for (int i = 0; i < 5; ++i) m.pair_friction[5 * p + i] = pair.friction[i];
  m.pair_margin[p] = pair.margin;
  m.pair_gap[p] = pair.gap;
}

}  // namespace

void CollectEqualities(CompileContext& ctx, Model& m) {
  const Spec& spec = ctx.spec;
  m.neq = static_cast<int>(spec.equalities.size());
  m.npair = static_cast<int>(spec.pairs.size());
  m.nexclude = static_cast<int>(spec.excludes.size());
  std::vector<std::string> names;
  for (const SpecEquality& eq : spec.equalities) names.push_back(eq.name);
  ctx.RegisterNames(mjOBJ_EQUALITY, names);
  names.clear();
  for (const ResolvedPair& pair : SortedPairs(ctx)) names.push_back(spec.pairs[pair.index].name);
  ctx.RegisterNames(mjOBJ_PAIR, names);
  names.clear();
  for (const ResolvedExclude& x : SortedExcludes(ctx)) names.push_back(spec.excludes[x.index].name);
  ctx.RegisterNames(mjOBJ_EXCLUDE, names);
}

void FillEqualities(CompileContext& ctx, Model& m) {
  Poses poses = BodyPosesAtQpos0(m);
  for (int e = 0; e < m.neq; ++e) FillEquality(ctx, m, poses, e);
  // constraint rows an equality can produce, as the reference counts them: a weld counts 7
  static const int kRows[] = {3, 7, 1, 1};  // connect, weld, joint, tendon
  m.nemax = 0;
  for (int e = 0; e < m.neq; ++e) m.nemax += kRows[m.eq_type[e]];
  std::vector<ResolvedPair> pairs = SortedPairs(ctx);
  for (int p = 0; p < m.npair; ++p) FillPair(ctx, m, pairs[p], p);
  std::vector<ResolvedExclude> excludes = SortedExcludes(ctx);
  for (int x = 0; x < m.nexclude; ++x) m.exclude_signature[x] = excludes[x].signature;
}

}  // namespace mjsim
