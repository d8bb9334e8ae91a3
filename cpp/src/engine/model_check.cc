// model_check.cc: the Model's integer fields are in range of the arrays they index
// (fields.h MJSIM_MODEL_INDEX_FIELDS and MJSIM_MODEL_SPAN_FIELDS), so that a model read from
// bytes or edited from Python raises FatalError instead of reading outside its buffers; and
// that simulating calls are not given a model with flexes (ModelError: not simulated yet).
//   reads   m (sizes, the option enums, every field of the two tables)
#include <string>

#include "engine/stages.h"
#include "mjsim/api.h"
#include "mjsim/errors.h"
#include "util/names.h"

namespace mjsim {
namespace {

// the number of values of each Model field: rows times columns
#define MJSIM_X(type, name, rows, cols, doc) \
  [[maybe_unused]] long long ValueCount_##name(const Model& m) { return 1LL * m.rows * (cols); }
MJSIM_MODEL_FIELDS(MJSIM_X)
#undef MJSIM_X

// whether a field of the index table is checked before every simulating call (scope step)
constexpr bool kEveryCall_step = true, kEveryCall_load = false;
#define MJSIM_X(field, low, high, what, scope) constexpr bool kEveryCall_##field = kEveryCall_##scope;
MJSIM_MODEL_INDEX_FIELDS(MJSIM_X)
#undef MJSIM_X

int ObjectCount(const Model& m, int type) {
  if (type == mjOBJ_DOF) return m.nv;
  const NameField* field = FindNameField(type);
  return field ? m.*(field->count) : 0;
}

// loose upper bounds of the type-dependent ids; CheckTypedIds checks each against its type
int Largest(std::initializer_list<int> values) {
  int largest = 0;
  for (int value : values) largest = value > largest ? value : largest;
  return largest;
}
int TransmissionTargets(const Model& m) { return Largest({m.njnt, m.ntendon, m.nsite, m.nbody}); }
int WrapTargets(const Model& m) { return Largest({m.njnt, m.ngeom, m.nsite}) + 1; }
int EqualityTargets(const Model& m) { return Largest({m.nbody, m.njnt, m.ntendon, m.nsite, m.nflex}); }
int SensorTargets(const Model& m) {
  int largest = m.nv;  // dofs have no names
  for (const NameField& field : NameFields()) largest = Largest({largest, m.*(field.count)});
  return largest;
}

[[noreturn]] void Fail(const char* caller, const std::string& what) {
  throw FatalError(std::string(caller) + ": " + what);
}

std::string Entry(const char* field, long long i, long long value) {
  return std::string("m.") + field + "[" + std::to_string(i) + "] = " + std::to_string(value);
}

// min and max in one branch-free pass (vectorized): the check costs a fraction of a
// nanosecond per value, so that every simulating call can afford it
bool AllInRange(const int* values, long long count, long long low, long long high) {
  int smallest = 0, largest = 0;
  if (count > 0) smallest = largest = values[0];
  for (long long i = 1; i < count; ++i) {
    smallest = values[i] < smallest ? values[i] : smallest;
    largest = values[i] > largest ? values[i] : largest;
  }
  return count == 0 || (smallest >= low && largest < high);
}

void CheckValues(const char* caller, const char* field, const int* values, long long count,
                 long long low, long long high, const char* what) {
  if (AllInRange(values, count, low, high)) return;
  for (long long i = 0; i < count; ++i) {
    if (values[i] < low || values[i] >= high) {
      Fail(caller, "invalid " + std::string(what) + " " + std::to_string(values[i]) + " in m." + field +
                       "[" + std::to_string(i) + "] (expected " + std::to_string(low) + " to " +
                       std::to_string(high - 1) + ")");
    }
  }
}

void CheckSpan(const char* caller, const char* adr_field, const int* adr, const int* num,
               int rows, long long target) {
  bool bad = false;
  for (int i = 0; i < rows; ++i) bad |= num[i] > 0 && (adr[i] < 0 || 1LL * adr[i] + num[i] > target);
  if (!bad) return;
  for (int i = 0; i < rows; ++i) {
    if (num[i] > 0 && (adr[i] < 0 || 1LL * adr[i] + num[i] > target)) {
      Fail(caller, Entry(adr_field, i, adr[i]) + " with " + std::to_string(num[i]) +
                       " entries runs past the " + std::to_string(target) + " it indexes");
    }
  }
}

void CheckOptions(const Model& m, const char* caller) {
  const Option& o = m.opt;
  if (o.integrator < mjINT_EULER || o.integrator > mjINT_IMPLICITFAST) Fail(caller, "invalid integrator");
  if (o.cone < mjCONE_PYRAMIDAL || o.cone > mjCONE_ELLIPTIC) Fail(caller, "invalid cone type");
  if (o.jacobian < mjJAC_DENSE || o.jacobian > mjJAC_AUTO) Fail(caller, "invalid Jacobian type");
  // checked before any step, so also when nothing is constrained; in the reference's words
  if (o.solver < mjSOL_PGS || o.solver > mjSOL_NEWTON) {
    Fail("mj_fwdConstraint", "unknown solver type " + std::to_string(o.solver));
  }
}

// parents precede their children: the sweeps over bodies and dofs rely on it
void CheckTrees(const Model& m, const char* caller) {
  for (int b = 1; b < m.nbody; ++b) {
    if (m.body_parentid[b] >= b) Fail(caller, Entry("body_parentid", b, m.body_parentid[b]) + ", a parent must precede its child");
  }
  for (int i = 0; i < m.nv; ++i) {
    if (m.dof_parentid[i] >= i) Fail(caller, Entry("dof_parentid", i, m.dof_parentid[i]) + ", a parent must precede its child");
  }
  static const int kQpos[] = {7, 4, 1, 1}, kDofs[] = {6, 3, 1, 1};
  for (int j = 0; j < m.njnt; ++j) {
    int type = m.jnt_type[j];
    if (m.jnt_qposadr[j] + kQpos[type] > m.nq || m.jnt_dofadr[j] + kDofs[type] > m.nv) {
      Fail(caller, "joint " + std::to_string(j) + " of type " + std::to_string(type) +
                       " does not fit in qpos/qvel at its addresses");
    }
  }
}

void CheckId(const char* caller, const char* field, int i, int id, int count) {
  if (id < -1 || id >= count) {
    Fail(caller, "invalid id " + std::to_string(id) + " in m." + field + "[" + std::to_string(i) +
                     "] (expected -1 to " + std::to_string(count - 1) + ")");
  }
}

int TransmissionCount(const Model& m, int type) {
  switch (type) {
    case mjTRN_JOINT: case mjTRN_JOINTINPARENT: return m.njnt;
    case mjTRN_TENDON: return m.ntendon;
    case mjTRN_SITE: case mjTRN_SLIDERCRANK: return m.nsite;
    default: return m.nbody;
  }
}

int WrapCount(const Model& m, int type) {
  switch (type) {
    case mjWRAP_JOINT: return m.njnt;
    case mjWRAP_SITE: return m.nsite;
    case mjWRAP_SPHERE: case mjWRAP_CYLINDER: return m.ngeom;
    default: return 1;  // none and pulley hold no object
  }
}

// ids whose array depends on a type field next to them
void CheckTypedIds(const Model& m, const char* caller) {
  for (int u = 0; u < m.nu; ++u) {
    int count = TransmissionCount(m, m.actuator_trntype[u]);
    CheckId(caller, "actuator_trnid", 2 * u, m.actuator_trnid[2 * u], count);
    CheckId(caller, "actuator_trnid", 2 * u + 1, m.actuator_trnid[2 * u + 1],
            m.actuator_trntype[u] == mjTRN_SLIDERCRANK || m.actuator_trntype[u] == mjTRN_SITE ? m.nsite : count);
  }
  for (int w = 0; w < m.nwrap; ++w) CheckId(caller, "wrap_objid", w, m.wrap_objid[w], WrapCount(m, m.wrap_type[w]));
  for (int s = 0; s < m.nsensor; ++s) {
    CheckId(caller, "sensor_objid", s, m.sensor_objid[s], ObjectCount(m, m.sensor_objtype[s]));
    CheckId(caller, "sensor_refid", s, m.sensor_refid[s], ObjectCount(m, m.sensor_reftype[s]));
  }
  for (int e = 0; e < m.neq; ++e) {
    int count = ObjectCount(m, m.eq_objtype[e]);
    if (m.eq_type[e] == mjEQ_JOINT) count = m.njnt;
    if (m.eq_type[e] == mjEQ_TENDON) count = m.ntendon;
    CheckId(caller, "eq_obj1id", e, m.eq_obj1id[e], count);
    CheckId(caller, "eq_obj2id", e, m.eq_obj2id[e], count);
  }
  for (int g = 0; g < m.ngeom; ++g) {
    int type = m.geom_type[g];
    if (type != mjGEOM_MESH && type != mjGEOM_HFIELD) continue;  // fitted primitives keep their mesh id
    int count = type == mjGEOM_MESH ? m.nmesh : m.nhfield;
    if (m.geom_dataid[g] < 0 || m.geom_dataid[g] >= count) {
      Fail(caller, "invalid mesh/hfield id " + std::to_string(m.geom_dataid[g]) + " in m.geom_dataid[" +
                       std::to_string(g) + "] for a geom of type " + std::to_string(type));
    }
  }
}

void CheckCondims(const char* caller, const char* field, const int* values, int count) {
  for (int i = 0; i < count; ++i) {
    if (!IsValidCondim(values[i])) {
      Fail(caller, "invalid condim " + std::to_string(values[i]) + " in m." + field + "[" +
                       std::to_string(i) + "] (expected 1, 3, 4 or 6)");
    }
  }
}

// names and paths are 0-terminated strings at addresses inside their buffers
void CheckNames(const Model& m, const char* caller) {
  if ((m.nnames > 0 && m.names[m.nnames - 1] != 0) || (m.npaths > 0 && m.paths[m.npaths - 1] != 0)) {
    Fail(caller, "the names or paths buffer is not 0-terminated");
  }
  for (const NameField& field : NameFields()) {
    CheckValues(caller, "name_*adr", m.*(field.addresses), m.*(field.count), 0, m.nnames > 0 ? m.nnames : 1,
                "name address");
  }
}

// flexes compile (compiler/flexes.cc) but the pipeline does not move, collide or push them
// yet: simulating calls refuse them rather than step a model whose flexes stand still
void RefuseFlexes(const Model& m, const char* caller) {
  if (m.nflex == 0) return;
  const char* name = m.names + m.name_flexadr[0];
  throw ModelError(std::string(caller) + ": flex '" + name + "' (id 0): mjsim compiles flexes "
                   "but does not simulate them yet (flex vertices, edge forces and flex contacts)");
}

}  // namespace

void mj_checkModel(const Model& m, const char* caller, bool load) {
  CheckOptions(m, caller);
#define MJSIM_X(field, low, high, what, scope)                                              \
  if (load || kEveryCall_##field) {                                                         \
    long long count = ValueCount_##field(m); /* an empty field's bound is not computed */    \
    if (count > 0) CheckValues(caller, #field, m.field, count, low, high, what);            \
  }
  MJSIM_MODEL_INDEX_FIELDS(MJSIM_X)
#undef MJSIM_X
#define MJSIM_X(adr, num, target) \
  if (load || kEveryCall_##adr) CheckSpan(caller, #adr, m.adr, m.num, static_cast<int>(ValueCount_##adr(m)), target);
  MJSIM_MODEL_SPAN_FIELDS(MJSIM_X)
#undef MJSIM_X
  CheckCondims(caller, "geom_condim", m.geom_condim, m.ngeom);
  CheckCondims(caller, "pair_dim", m.pair_dim, m.npair);
  CheckTrees(m, caller);
  CheckTypedIds(m, caller);
  if (load) CheckNames(m, caller);
  if (!load) RefuseFlexes(m, caller);
}

}  // namespace mjsim
