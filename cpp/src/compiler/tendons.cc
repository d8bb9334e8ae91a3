// tendons.cc: compiler stage for tendons and their wrap objects (checklist A.14, B.16, B.17).
//   reads   Spec tendons (xml/read_tendon.cc); names of joints, sites, geoms, materials
//   writes  m.ntendon nwrap nuser_tendon, tendon_*, wrap_*; tendon_length0 and
//           tendon_lengthspring come from mj_tendon at qpos0 and at qpos_spring.
// Resolution rules observed on the reference (REFERENCE-NOTES):
//   limited="auto" (the default) means range[0] < range[1] when autolimits is on;
//   actuatorfrclimited defaults to false and only an explicit "auto" looks at the range;
//   springlength "-1 -1" (the default, also a single -1) is the length at qpos_spring.
#include <cmath>
#include <cstring>
#include <string>

#include "compiler/stages.h"
#include "mjsim/api.h"
#include "mjsim/data.h"
#include "util/math3.h"

namespace mjsim {
namespace {

using Kind = SpecTendonWrap::Kind;

std::vector<const std::vector<mjtNum>*> TendonUserLists(const Spec& spec) {
  std::vector<const std::vector<mjtNum>*> lists;
  for (const SpecTendon& tendon : spec.tendons) lists.push_back(&tendon.user);
  return lists;
}

// ---- path validity (checklist B.17) -----------------------------------------------------------
// Every geom lies between two sites; consecutive sites differ; a pulley neither repeats nor
// ends the path; every site has a neighbour that is not a pulley (a branch has two points).
void CheckSpatialPath(const CompileContext& ctx, const SpecTendon& tendon, int id) {
  const ElementList<SpecTendonWrap>& path = tendon.path;
  int n = static_cast<int>(path.size());
  auto fail = [&](int i, const std::string& message) {
    ctx.Fail("tendon", tendon.name, id, path[i].source, message);
  };
  if (n < 2) fail(0, "a spatial tendon path needs at least two objects");
  auto kind = [&](int i) { return i < 0 || i >= n ? Kind::kJoint : path[i].kind; };
  for (int i = 0; i < n; ++i) {
    if (kind(i) == Kind::kGeom && (kind(i - 1) != Kind::kSite || kind(i + 1) != Kind::kSite)) {
      fail(i, "geom '" + path[i].target + "' (path element " + std::to_string(i) +
                  ") must lie between two sites");
    }
    if (kind(i) == Kind::kPulley && kind(i + 1) == Kind::kPulley) {
      fail(i, "consecutive pulleys (path element " + std::to_string(i) + ")");
    }
    if (kind(i) == Kind::kPulley && i == n - 1) fail(i, "the path ends with a pulley");
    if (kind(i) == Kind::kSite) {
      bool before = i > 0 && kind(i - 1) != Kind::kPulley;
      bool after = i < n - 1 && kind(i + 1) != Kind::kPulley;
      if (!before && !after) {
        fail(i, "site '" + path[i].target + "' (path element " + std::to_string(i) +
                    ") needs a neighbour that is not a pulley");
      }
      if (kind(i + 1) == Kind::kSite && path[i + 1].target == path[i].target) {
        fail(i + 1, "site '" + path[i].target + "' is repeated (path element " +
                        std::to_string(i + 1) + ")");
      }
    }
  }
}

// ---- one wrap object: type, object id, parameter ----------------------------------------------
void FillWrap(const CompileContext& ctx, Model& m, int w, const SpecTendon& tendon, int id,
              const SpecTendonWrap& wrap) {
  auto fail = [&](const std::string& message) {
    ctx.Fail("tendon", tendon.name, id, wrap.source, message);
  };
  auto find = [&](int type, const char* what, const std::string& name) {
    int found = ctx.FindId(type, name);
    if (found < 0) fail(std::string(what) + " '" + name + "' not found");
    return found;
  };
  m.wrap_prm[w] = 0;
  switch (wrap.kind) {
    case Kind::kJoint:
      m.wrap_type[w] = mjWRAP_JOINT;
      m.wrap_objid[w] = find(mjOBJ_JOINT, "joint", wrap.target);
      m.wrap_prm[w] = wrap.value;
      break;
    case Kind::kSite:
      m.wrap_type[w] = mjWRAP_SITE;
      m.wrap_objid[w] = find(mjOBJ_SITE, "site", wrap.target);
      break;
    case Kind::kPulley:
      if (wrap.value < 0) fail("pulley divisor must not be negative");
      m.wrap_type[w] = mjWRAP_PULLEY;
      m.wrap_objid[w] = -1;
      m.wrap_prm[w] = wrap.value;
      break;
    case Kind::kGeom: {
      int geom = find(mjOBJ_GEOM, "geom", wrap.target);
      int type = m.geom_type[geom];
      if (type != mjGEOM_SPHERE && type != mjGEOM_CYLINDER) {
        fail("wrap geom '" + wrap.target + "' must be a sphere or a cylinder");
      }
      m.wrap_type[w] = type == mjGEOM_SPHERE ? mjWRAP_SPHERE : mjWRAP_CYLINDER;
      m.wrap_objid[w] = geom;
      m.wrap_prm[w] = wrap.sidesite.empty() ? -1 : find(mjOBJ_SITE, "side site", wrap.sidesite);
      break;
    }
  }
}

// ---- limits -----------------------------------------------------------------------------------
// limited: explicit true needs range[0] < range[1]; auto is range[0] < range[1] under autolimits,
// an error for a non-zero range without autolimits
bool ResolveLimited(const CompileContext& ctx, const SpecTendon& tendon, int id, int flag,
                    const mjtNum range[2], const char* attribute) {
  if (flag == 2) {
    if (!ctx.spec.compiler.autolimits && (range[0] != 0 || range[1] != 0)) {
      ctx.Fail("tendon", tendon.name, id, tendon.source,
               std::string(attribute) + " is given but its 'limited' attribute is not set, and " +
                   "compiler autolimits is false");
    }
    return range[0] < range[1];
  }
  if (flag == 1 && !(range[0] < range[1])) {
    ctx.Fail("tendon", tendon.name, id, tendon.source,
             std::string(attribute) + " lower bound " + std::to_string(range[0]) +
                 " must be below upper bound " + std::to_string(range[1]));
  }
  return flag == 1;
}

void FillTendonValues(const CompileContext& ctx, Model& m, int t, const SpecTendon& tendon) {
  m.tendon_group[t] = tendon.group;
  m.tendon_limited[t] = ResolveLimited(ctx, tendon, t, tendon.limited, tendon.range, "range");
  m.tendon_actfrclimited[t] = ResolveLimited(ctx, tendon, t, tendon.actuatorfrclimited,
                                             tendon.actuatorfrcrange, "actuatorfrcrange");
  Copy2(m.tendon_range + 2 * t, tendon.range);
  Copy2(m.tendon_actfrcrange + 2 * t, tendon.actuatorfrcrange);
  Copy2(m.tendon_solref_lim + 2 * t, tendon.solref_limit);
  Copy2(m.tendon_solref_fri + 2 * t, tendon.solref_friction);
  for (int i = 0; i < 5; ++i) {
    m.tendon_solimp_lim[5 * t + i] = tendon.solimp_limit[i];
    m.tendon_solimp_fri[5 * t + i] = tendon.solimp_friction[i];
  }
  m.tendon_width[t] = tendon.width;
  m.tendon_margin[t] = tendon.margin;
  m.tendon_stiffness[t] = tendon.stiffness;
  m.tendon_damping[t] = tendon.damping;
  m.tendon_armature[t] = tendon.armature;
  m.tendon_frictionloss[t] = tendon.frictionloss;
  for (int i = 0; i < 4; ++i) m.tendon_rgba[4 * t + i] = tendon.rgba[i];
  m.tendon_matid[t] = -1;
  if (!tendon.material.empty()) {
    m.tendon_matid[t] = ctx.FindId(mjOBJ_MATERIAL, tendon.material);
    if (m.tendon_matid[t] < 0) {
      ctx.Fail("tendon", tendon.name, t, tendon.source,
               ctx.NotFound(mjOBJ_MATERIAL, tendon.material));
    }
  }
  if (tendon.springlength[0] > tendon.springlength[1]) {
    ctx.Fail("tendon", tendon.name, t, tendon.source,
             "springlength lower value must not exceed the upper value");
  }
}

// ---- lengths at reference poses ---------------------------------------------------------------
// ten_length at the pose qpos (all tendons), from kinematics and mj_tendon
void TendonLengthsAt(const Model& m, const mjtNum* qpos, Data& d) {
  std::memcpy(d.qpos, qpos, sizeof(mjtNum) * m.nq);
  mj_kinematics(m, d);
  mj_comPos(m, d);
  mj_tendon(m, d);
}

void FillReferenceLengths(const CompileContext& ctx, Model& m) {
  if (m.ntendon == 0) return;
  std::unique_ptr<Data> d = MakeData(m);
  TendonLengthsAt(m, m.qpos0, *d);
  for (int t = 0; t < m.ntendon; ++t) m.tendon_length0[t] = d->ten_length[t];
  TendonLengthsAt(m, m.qpos_spring, *d);
  for (int t = 0; t < m.ntendon; ++t) {
    const mjtNum* spring = ctx.spec.tendons[t].springlength;
    bool computed = spring[0] == -1 && spring[1] == -1;
    m.tendon_lengthspring[2 * t] = computed ? d->ten_length[t] : spring[0];
    m.tendon_lengthspring[2 * t + 1] = computed ? d->ten_length[t] : spring[1];
  }
}

}  // namespace

void CollectTendons(CompileContext& ctx, Model& m) {
  const ElementList<SpecTendon>& tendons = ctx.spec.tendons;
  m.ntendon = static_cast<int>(tendons.size());
  m.nwrap = 0;
  std::vector<std::string> names;
  for (const SpecTendon& tendon : tendons) {
    m.nwrap += static_cast<int>(tendon.path.size());
    names.push_back(tendon.name);
  }
  ctx.RegisterNames(mjOBJ_TENDON, names);
  m.nuser_tendon = ResolveUserSize(ctx, ctx.spec.size.nuser_tendon, TendonUserLists(ctx.spec),
                                   "tendon");
}

void FillTendons(CompileContext& ctx, Model& m) {
  int w = 0;
  for (int t = 0; t < m.ntendon; ++t) {
    const SpecTendon& tendon = ctx.spec.tendons[t];
    if (tendon.path.empty()) ctx.Fail("tendon", tendon.name, t, tendon.source, "the path is empty");
    if (tendon.spatial) CheckSpatialPath(ctx, tendon, t);
    m.tendon_adr[t] = w;
    m.tendon_num[t] = static_cast<int>(tendon.path.size());
    for (const SpecTendonWrap& wrap : tendon.path) FillWrap(ctx, m, w++, tendon, t, wrap);
    FillTendonValues(ctx, m, t, tendon);
  }
  FillUser(m.tendon_user, m.nuser_tendon, TendonUserLists(ctx.spec));
  FillReferenceLengths(ctx, m);
}

}  // namespace mjsim
