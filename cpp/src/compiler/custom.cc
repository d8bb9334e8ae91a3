// custom.cc: compiler stage for custom data (numeric, text, tuple), keyframes, <size> and
// <visual>/<statistic> (checklist A.5-A.7, A.9, A.17).
//   reads   Spec numerics texts tuples keys size visual statistic; m.qpos0 body_pos body_quat
//           body_mocapid jnt_type jnt_qposadr (compile.cc), m.na nu (actuators.cc), all names
//   writes  numeric_* text_* tuple_* key_* nuserdata njmax nconmax; m.vis, m.stat (statistic.cc)
//
// Keyframes: nkey = max(<size nkey>, number of <key>). A key's arrays may be shorter than their
// model size but not longer: qvel, act and ctrl are zero-padded; a short qpos is padded with
// the joints' ref as written (hinge refs not converted from degrees: observed) and zeros, then
// its quaternions are normalized (a zero quaternion becomes the identity). Mocap arrays take whole bodies: mpos fills the complete
// triples given and keeps the body position for the rest; mquat likewise, with the identity for
// the rest. Keys that are absent or not written take qpos0 and the mocap bodies' poses.
#include <algorithm>
#include <cmath>
#include <limits>

#include "compiler/stages.h"
#include "util/math3.h"

namespace mjsim {
namespace {

constexpr long long kDefaultArenaBytes = 16LL << 20;

// narena: <size memory> when given; else the default, or more when the legacy nconmax / njmax
// ask for it: a contact row and its constraint rows take about 2 KiB, and njmax rows' dual
// matrices 32 bytes per pair of rows (efc_AR sparse with its column index, 12, beside the
// dense copy PGS makes of it, 8, or noslip's, 8). dog (njmax 900, nefc up to 1100 under PGS)
// needs 24 MiB; the reference's guess for it is 49 MiB (narena is implementation-defined:
// tests/conformance/test_compiler.py).
long long ArenaBytes(const SpecSize& size) {
  if (size.memory >= 0) return size.memory;
  double njmax = std::max(0, size.njmax);  // in double: 32 njmax^2 overflows 64 bits
  double legacy = 2048.0 * std::max(0, size.nconmax) + 1024 * njmax + 32 * njmax * njmax;
  if (legacy > std::numeric_limits<int>::max()) return std::numeric_limits<int>::max() + 1LL;
  return std::max(kDefaultArenaBytes, static_cast<long long>(legacy));
}

// The sizes that make memory, before anything is allocated for them (the key names below):
// nconmax or njmax of 2e9 ask for an arena beyond an int (the reference: "Could not allocate
// memory"); nkey of 2e9 for arrays beyond the memory available.
void SetMemorySizes(const CompileContext& ctx, Model& m) {
  const SpecSize& size = ctx.spec.size;
  m.nkey = std::max(size.nkey, static_cast<int>(ctx.spec.keys.size()));
  m.nuserdata = size.nuserdata;
  m.njmax = size.njmax;
  m.nconmax = size.nconmax;
  long long arena = ArenaBytes(size);
  if (arena > std::numeric_limits<int>::max()) {
    ctx.Fail("size", "", 0, size.source,
             "could not allocate memory: nconmax " + std::to_string(size.nconmax) + " and njmax " +
                 std::to_string(size.njmax) + " ask for an arena larger than mjsim's arena " +
                 "holds (2^31-1 bytes)");
  }
  m.narena = static_cast<int>(arena);
  CheckDataFitsMemory(m);
}

// ---- custom numeric, text, tuple ---------------------------------------------------------------
void FillNumerics(const CompileContext& ctx, Model& m) {
  int adr = 0;
  for (int n = 0; n < m.nnumeric; ++n) {
    const SpecNumeric& numeric = ctx.spec.numerics[n];
    m.numeric_adr[n] = adr;
    m.numeric_size[n] = numeric.size;
    for (size_t i = 0; i < numeric.data.size(); ++i) m.numeric_data[adr + i] = numeric.data[i];
    adr += numeric.size;
  }
}

void FillTexts(const CompileContext& ctx, Model& m) {
  int adr = 0;
  for (int t = 0; t < m.ntext; ++t) {
    const std::string& data = ctx.spec.texts[t].data;
    m.text_adr[t] = adr;
    m.text_size[t] = static_cast<int>(data.size()) + 1;  // with the terminating 0
    for (char c : data) m.text_data[adr++] = c;
    m.text_data[adr++] = '\0';
  }
}

void FillTuples(const CompileContext& ctx, Model& m) {
  int adr = 0;
  for (int t = 0; t < m.ntuple; ++t) {
    const SpecTuple& tuple = ctx.spec.tuples[t];
    if (tuple.elements.empty()) ctx.Fail("tuple", tuple.name, t, tuple.source, "tuple is empty");
    m.tuple_adr[t] = adr;
    m.tuple_size[t] = static_cast<int>(tuple.elements.size());
    for (const SpecTupleElement& element : tuple.elements) {
      int id = ctx.FindId(element.objtype, element.objname);
      if (id < 0) {
        ctx.Fail("tuple", tuple.name, t, tuple.source,
                 "element " + std::to_string(adr - m.tuple_adr[t]) + ": unknown " +
                     element.objtype_name + " '" + element.objname + "'");
      }
      m.tuple_objtype[adr] = element.objtype;
      m.tuple_objid[adr] = id;
      m.tuple_objprm[adr] = element.prm;
      ++adr;
    }
  }
}

// ---- keyframes -------------------------------------------------------------------------------
// copies `given` into the first values of `row` (length `size`), the rest keeps its padding
// (zero unless `padded`); longer is an error
void CopyKeyArray(const CompileContext& ctx, const SpecKey& key, int k, const char* attr,
                  const std::optional<std::vector<mjtNum>>& given, mjtNum* row, int size) {
  if (!given) return;
  int n = static_cast<int>(given->size());
  if (n > size) {
    ctx.Fail("key", key.name, k, key.source,
             std::string("attribute '") + attr + "' has " + std::to_string(n) +
                 " numbers, but the model needs at most " + std::to_string(size));
  }
  for (int i = 0; i < n; ++i) row[i] = (*given)[i];
}

// what a short key qpos is padded with, as the reference pads it: a hinge or slide joint's ref
// as written (a hinge's ref is not converted from degrees), zero positions and zero quaternions
// (which normalize to the identity)
void PadKeyQpos(const CompileContext& ctx, const Model& m, mjtNum* qpos) {
  for (int i = 0; i < m.nq; ++i) qpos[i] = 0;
  for (int j = 0; j < m.njnt; ++j) {
    int type = m.jnt_type[j];
    if (type == mjJNT_HINGE || type == mjJNT_SLIDE) qpos[m.jnt_qposadr[j]] = ctx.joints[j]->ref;
  }
}

void NormalizeKeyQuaternions(const Model& m, mjtNum* qpos) {
  for (int j = 0; j < m.njnt; ++j) {
    int type = m.jnt_type[j];
    if (type == mjJNT_FREE) NormalizeQuatByDivision(qpos + m.jnt_qposadr[j] + 3);
    if (type == mjJNT_BALL) NormalizeQuatByDivision(qpos + m.jnt_qposadr[j]);
  }
}

// mpos and mquat: whole mocap bodies from the values given, the others keep `fallback`
void CopyKeyMocap(const CompileContext& ctx, const SpecKey& key, int k, const char* attr,
                  const std::optional<std::vector<mjtNum>>& given, mjtNum* row, int width,
                  int nmocap, bool quaternion) {
  if (!given) return;
  int n = static_cast<int>(given->size());
  if (n > width * nmocap) {
    ctx.Fail("key", key.name, k, key.source,
             std::string("attribute '") + attr + "' has " + std::to_string(n) +
                 " numbers, but the model needs at most " + std::to_string(width * nmocap));
  }
  for (int b = 0; b < nmocap; ++b) {
    mjtNum* values = row + width * b;
    if (width * (b + 1) <= n) {
      for (int i = 0; i < width; ++i) values[i] = (*given)[width * b + i];
      bool zero = values[0] == 0 && values[1] == 0 && values[2] == 0 && (!quaternion || values[3] == 0);
      if (quaternion && !zero) NormalizeQuatByDivision(values);
    } else if (quaternion) {
      values[0] = 1;
      values[1] = values[2] = values[3] = 0;
    }
  }
}

void FillKeyDefaults(Model& m, int k) {
  m.key_time[k] = 0;
  for (int i = 0; i < m.nq; ++i) m.key_qpos[k * m.nq + i] = m.qpos0[i];
  for (int b = 0; b < m.nbody; ++b) {
    int id = m.body_mocapid[b];
    if (id < 0) continue;
    Copy3(m.key_mpos + 3 * (k * m.nmocap + id), m.body_pos + 3 * b);
    Copy4(m.key_mquat + 4 * (k * m.nmocap + id), m.body_quat + 4 * b);
  }
}

// an attached key's values for single joints, actuators and mocap bodies (spec/attach)
void FillKeyParts(const CompileContext& ctx, Model& m, const SpecKey& key, int k) {
  auto put = [](const std::vector<mjtNum>& values, mjtNum* row, int size) {
    for (int i = 0; i < size && i < static_cast<int>(values.size()); ++i) row[i] = values[i];
  };
  for (const SpecKeyPart& part : key.parts) {
    int id = ctx.FindId(part.objtype, part.name);
    if (id < 0) continue;
    if (part.objtype == mjOBJ_JOINT) {
      int type = m.jnt_type[id];
      int nq = type == mjJNT_FREE ? 7 : type == mjJNT_BALL ? 4 : 1;
      put(part.first, m.key_qpos + k * m.nq + m.jnt_qposadr[id], nq);
      put(part.second, m.key_qvel + k * m.nv + m.jnt_dofadr[id], nq == 1 ? 1 : nq - 1);
    } else if (part.objtype == mjOBJ_ACTUATOR) {
      if (m.actuator_actadr[id] >= 0) {
        put(part.first, m.key_act + k * m.na + m.actuator_actadr[id], m.actuator_actnum[id]);
      }
      put(part.second, m.key_ctrl + k * m.nu + id, 1);
    } else if (part.objtype == mjOBJ_BODY && m.body_mocapid[id] >= 0) {
      put(part.first, m.key_mpos + 3 * (k * m.nmocap + m.body_mocapid[id]), 3);
      put(part.second, m.key_mquat + 4 * (k * m.nmocap + m.body_mocapid[id]), 4);
    }
  }
  if (!key.parts.empty()) NormalizeKeyQuaternions(m, m.key_qpos + k * m.nq);
}

void FillKey(const CompileContext& ctx, Model& m, int k) {
  FillKeyDefaults(m, k);
  if (k >= static_cast<int>(ctx.spec.keys.size())) return;
  const SpecKey& key = ctx.spec.keys[k];
  m.key_time[k] = key.time;
  mjtNum* qpos = m.key_qpos + k * m.nq;
  if (key.qpos) PadKeyQpos(ctx, m, qpos);
  CopyKeyArray(ctx, key, k, "qpos", key.qpos, qpos, m.nq);
  if (key.qpos) NormalizeKeyQuaternions(m, qpos);
  CopyKeyArray(ctx, key, k, "qvel", key.qvel, m.key_qvel + k * m.nv, m.nv);
  CopyKeyArray(ctx, key, k, "act", key.act, m.key_act + k * m.na, m.na);
  CopyKeyArray(ctx, key, k, "ctrl", key.ctrl, m.key_ctrl + k * m.nu, m.nu);
  CopyKeyMocap(ctx, key, k, "mpos", key.mpos, m.key_mpos + 3 * k * m.nmocap, 3, m.nmocap, false);
  CopyKeyMocap(ctx, key, k, "mquat", key.mquat, m.key_mquat + 4 * k * m.nmocap, 4, m.nmocap, true);
  FillKeyParts(ctx, m, key, k);
}

}  // namespace

void CollectCustom(CompileContext& ctx, Model& m) {
  const Spec& spec = ctx.spec;
  m.nnumeric = static_cast<int>(spec.numerics.size());
  m.ntext = static_cast<int>(spec.texts.size());
  m.ntuple = static_cast<int>(spec.tuples.size());
  SetMemorySizes(ctx, m);
  std::vector<std::string> names;
  for (const SpecNumeric& numeric : spec.numerics) {
    m.nnumericdata += numeric.size;
    names.push_back(numeric.name);
  }
  ctx.RegisterNames(mjOBJ_NUMERIC, names);
  names.clear();
  for (const SpecText& text : spec.texts) {
    m.ntextdata += static_cast<int>(text.data.size()) + 1;
    names.push_back(text.name);
  }
  ctx.RegisterNames(mjOBJ_TEXT, names);
  names.clear();
  for (const SpecTuple& tuple : spec.tuples) {
    m.ntupledata += static_cast<int>(tuple.elements.size());
    names.push_back(tuple.name);
  }
  ctx.RegisterNames(mjOBJ_TUPLE, names);
  names.assign(m.nkey, "");
  for (size_t k = 0; k < spec.keys.size(); ++k) names[k] = spec.keys[k].name;
  ctx.RegisterNames(mjOBJ_KEY, names);
  m.vis = spec.visual.values;
}

void FillCustom(CompileContext& ctx, Model& m) {
  FillNumerics(ctx, m);
  FillTexts(ctx, m);
  FillTuples(ctx, m);
  for (int k = 0; k < m.nkey; ++k) FillKey(ctx, m, k);
  ComputeStatistic(ctx, m);
}

}  // namespace mjsim
