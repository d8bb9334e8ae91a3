// support.cc: support functions outside the pipeline: object names, the Jacobian layout,
// wrenches mapped to joint space.
#include <algorithm>
#include <cstring>

#include "engine/stages.h"
#include "mjsim/api.h"
#include "util/math3.h"
#include "util/names.h"

namespace mjsim {

const std::vector<NameField>& NameFields() {
  static const std::vector<NameField> fields = {
      {mjOBJ_BODY, &Model::nbody, &Model::name_bodyadr},
      {mjOBJ_JOINT, &Model::njnt, &Model::name_jntadr},
      {mjOBJ_GEOM, &Model::ngeom, &Model::name_geomadr},
      {mjOBJ_SITE, &Model::nsite, &Model::name_siteadr},
      {mjOBJ_CAMERA, &Model::ncam, &Model::name_camadr},
      {mjOBJ_LIGHT, &Model::nlight, &Model::name_lightadr},
      {mjOBJ_FLEX, &Model::nflex, &Model::name_flexadr},
      {mjOBJ_MESH, &Model::nmesh, &Model::name_meshadr},
      {mjOBJ_SKIN, &Model::nskin, &Model::name_skinadr},
      {mjOBJ_HFIELD, &Model::nhfield, &Model::name_hfieldadr},
      {mjOBJ_TEXTURE, &Model::ntex, &Model::name_texadr},
      {mjOBJ_MATERIAL, &Model::nmat, &Model::name_matadr},
      {mjOBJ_PAIR, &Model::npair, &Model::name_pairadr},
      {mjOBJ_EXCLUDE, &Model::nexclude, &Model::name_excludeadr},
      {mjOBJ_EQUALITY, &Model::neq, &Model::name_eqadr},
      {mjOBJ_TENDON, &Model::ntendon, &Model::name_tendonadr},
      {mjOBJ_ACTUATOR, &Model::nu, &Model::name_actuatoradr},
      {mjOBJ_SENSOR, &Model::nsensor, &Model::name_sensoradr},
      {mjOBJ_NUMERIC, &Model::nnumeric, &Model::name_numericadr},
      {mjOBJ_TEXT, &Model::ntext, &Model::name_textadr},
      {mjOBJ_TUPLE, &Model::ntuple, &Model::name_tupleadr},
      {mjOBJ_KEY, &Model::nkey, &Model::name_keyadr},
      {mjOBJ_PLUGIN, &Model::nplugin, &Model::name_pluginadr}};
  return fields;
}

const NameField* FindNameField(int type) {
  if (type == mjOBJ_XBODY) type = mjOBJ_BODY;
  for (const NameField& field : NameFields()) {
    if (field.type == type) return &field;
  }
  return nullptr;
}

namespace {
// FNV-1a over the bytes of 32-bit integers
struct Fnv1a {
  uint64_t hash = 0xcbf29ce484222325ull;
  void Add(int value) {
    uint32_t bits = static_cast<uint32_t>(value);
    for (int k = 0; k < 4; ++k, bits >>= 8) hash = (hash ^ (bits & 0xffu)) * 0x100000001b3ull;
  }
  void Add(const int* values, int count) {
    Add(count);
    for (int i = 0; i < count; ++i) Add(values[i]);
  }
};

bool IsStructuralSize(const char* name) {
  for (const char* other : {"nnames", "npaths", "nnames_map", "ntextdata", "narena", "njmax",
                            "nconmax"}) {
    if (std::strcmp(name, other) == 0) return false;
  }
  return true;
}
}  // namespace

uint64_t ModelSignature(const Model& m) {
  Fnv1a fnv;
#define MJSIM_X(name, doc) \
  if (IsStructuralSize(#name)) fnv.Add(m.name);
  MJSIM_MODEL_SIZES(MJSIM_X)
#undef MJSIM_X
  fnv.Add(m.body_parentid, m.nbody);
  fnv.Add(m.jnt_bodyid, m.njnt);
  fnv.Add(m.geom_bodyid, m.ngeom);
  fnv.Add(m.site_bodyid, m.nsite);
  fnv.Add(m.cam_bodyid, m.ncam);
  fnv.Add(m.light_bodyid, m.nlight);
  fnv.Add(m.sensor_type, m.nsensor);
  fnv.Add(m.sensor_dim, m.nsensor);
  return fnv.hash;
}

void mj_defaultSolRefImp(mjtNum* solref, mjtNum* solimp) {
  const Option defaults;
  if (solref) std::copy(defaults.o_solref, defaults.o_solref + 2, solref);
  if (solimp) std::copy(defaults.o_solimp, defaults.o_solimp + 5, solimp);
}

bool mj_isSparse(const Model& m) {
  return m.opt.jacobian == mjJAC_SPARSE || (m.opt.jacobian == mjJAC_AUTO && m.nv >= 60);
}

// The name's object through the type's hash table in names_map (util/names.h): from the name's
// slot onwards until an empty one. The table is writable from Python, so every id and address
// it yields is checked and the walk visits each slot at most once; a model without tables
// (nnames_map 0, as in a model read from an older file) is searched linearly.
int mj_name2id(const Model& m, int type, const char* name) {
  const NameField* field = FindNameField(type);
  if (!name || !field || !name[0]) return -1;
  const int* addresses = m.*(field->addresses);
  int count = m.*(field->count);
  auto matches = [&](int id) {
    return id >= 0 && id < count && addresses[id] >= 0 && addresses[id] < m.nnames &&
           std::strcmp(m.names + addresses[id], name) == 0;
  };
  int offset = 0;
  for (const NameField& other : NameFields()) {
    if (&other == field) break;
    offset += kNameSlotsPerObject * m.*(other.count);
  }
  int slots = kNameSlotsPerObject * count;
  if (slots == 0) return -1;
  if (offset + slots > m.nnames_map) {
    for (int id = 0; id < count; ++id) {
      if (matches(id)) return id;
    }
    return -1;
  }
  const int* table = m.names_map + offset;
  int slot = static_cast<int>(NameHash(name) % slots);
  for (int step = 0; step < slots && table[slot] != -1; ++step, slot = (slot + 1) % slots) {
    if (matches(table[slot])) return table[slot];
  }
  return -1;
}

const char* mj_id2name(const Model& m, int type, int id) {
  const NameField* field = FindNameField(type);
  if (!field || id < 0 || id >= m.*(field->count)) return nullptr;
  const char* name = m.names + (m.*(field->addresses))[id];
  return name[0] ? name : nullptr;
}

int LastDofAbove(const Model& m, int body) {
  while (body > 0 && m.body_dofnum[body] == 0) body = m.body_parentid[body];
  return body > 0 ? m.body_dofadr[body] + m.body_dofnum[body] - 1 : -1;
}

// qfrc_target += J(point)' force + Jrot' torque for a wrench on `body` acting at `point`: each
// dof up the tree contributes (v + w x (point - c)) . force + w . torque, with cdof = (w, v)
// about the tree's c-frame origin c (needs mj_comPos)
void mj_applyFT(const Model& m, const Data& d, const mjtNum force[3], const mjtNum torque[3],
                const mjtNum point[3], int body, mjtNum* qfrc_target) {
  if (body <= 0 || body >= m.nbody) return;
  mjtNum offset[3];
  Sub3(offset, point, d.subtree_com + 3 * m.body_rootid[body]);
  for (int dof = LastDofAbove(m, body); dof >= 0; dof = m.dof_parentid[dof]) {
    const mjtNum* cdof = d.cdof + 6 * dof;
    mjtNum point_velocity[3];
    Cross3(point_velocity, cdof, offset);
    AddTo3(point_velocity, cdof + 3);
    // the force's part added first, then the torque's (the reference's rounding, measured)
    qfrc_target[dof] += Dot3(point_velocity, force);
    qfrc_target[dof] += Dot3(cdof, torque);
  }
}

int DIndex(const Model& m, int row, int column) {
  const int* columns = m.D_colind + m.D_rowadr[row];
  int low = 0, high = m.D_rownnz[row] - 1;
  while (low <= high) {  // rows list their columns in increasing order
    int mid = (low + high) / 2;
    if (columns[mid] == column) return m.D_rowadr[row] + mid;
    if (columns[mid] < column) low = mid + 1; else high = mid - 1;
  }
  return -1;
}

}  // namespace mjsim
