// islands.cc: d.iM, d.iacc, d.iefc_force and the other island-ordered arrays of mujoco's MjData:
// the whole-system arrays in island order (dofs by map_idof2dof, rows by map_iefc2efc; within
// an island, dof columns counted from its first dof). mjsim's island solver keeps its island
// copies only while it runs, so these are gathered on each read: new arrays holding this
// step's values, not views (writing them does not reach the engine).
#include <algorithm>
#include <cstring>

#include "bindings.h"

namespace mjsim {
namespace {

template <typename T>
py::array_t<T> Zeros(py::ssize_t count) {
  py::array_t<T> out(count);
  std::fill(out.mutable_data(), out.mutable_data() + count, T(0));
  return out;
}

// the island holding island-order position `position` of a row (-1: none)
int IslandOfRow(const Data& d, int position) {
  for (int k = 0; k < d.nisland; ++k) {
    if (position >= d.island_iefcadr[k] && position < d.island_iefcadr[k] + d.island_nefc[k]) {
      return k;
    }
  }
  return -1;
}

// a dof array (nv) in island order (nidof)
py::array_t<mjtNum> DofsInIslandOrder(const Data& d, const mjtNum* values) {
  auto out = Zeros<mjtNum>(d.nidof);
  for (int i = 0; i < d.nidof; ++i) out.mutable_data()[i] = values[d.map_idof2dof[i]];
  return out;
}

// a row array (nefc) in island order; positions of no island stay 0
template <typename T>
py::array_t<T> RowsInIslandOrder(const Data& d, const T* values) {
  auto out = Zeros<T>(d.nefc);
  for (int p = 0; p < d.nefc; ++p) {
    if (IslandOfRow(d, p) >= 0) out.mutable_data()[p] = values[d.map_iefc2efc[p]];
  }
  return out;
}

// The inertia matrix (or its factor: same pattern) of each island's dofs in CSR form, rows in
// island order, columns local to the island: `which` 0 values, 1 rownnz, 2 rowadr, 3 colind.
py::object IslandMatrix(const Model& m, const Data& d, const mjtNum* values, int which) {
  auto rownnz = Zeros<int>(d.nidof), rowadr = Zeros<int>(d.nidof), colind = Zeros<int>(m.nC);
  auto entries = Zeros<mjtNum>(m.nC);
  int address = 0;
  for (int k = 0; k < d.nisland; ++k) {
    int first = d.island_idofadr[k];
    for (int i = first; i < first + d.island_nv[k]; ++i) {
      int dof = d.map_idof2dof[i];
      rowadr.mutable_data()[i] = address;
      for (int a = m.M_rowadr[dof]; a < m.M_rowadr[dof] + m.M_rownnz[dof]; ++a) {
        colind.mutable_data()[address] = d.map_dof2idof[m.M_colind[a]] - first;
        entries.mutable_data()[address++] = values[a];
      }
      rownnz.mutable_data()[i] = address - rowadr.data()[i];
    }
  }
  py::object parts[] = {entries, rownnz, rowadr, colind};
  return parts[which];
}

// The constraint Jacobian's rows in island order, columns local to their island: dense within
// the island (rows of island_nv entries from island_iefcadr * nidof on, pattern arrays 0) or, with mj_isSparse, the rows'
// nonzeros with rownnz, rowadr, colind and rowsuper (following rows of the island with the same
// columns). `which`: 0 values, 1 rownnz, 2 rowadr, 3 colind, 4 rowsuper.
py::object IslandJacobian(const Model& m, const Data& d, int which) {
  bool sparse = mj_isSparse(m);
  auto rownnz = Zeros<int>(d.nefc), rowadr = Zeros<int>(d.nefc), rowsuper = Zeros<int>(d.nefc);
  auto colind = Zeros<int>(d.nJ);
  auto values = Zeros<mjtNum>(d.nJ);
  int address = 0;
  for (int p = 0; p < d.nefc; ++p) {
    int k = IslandOfRow(d, p);
    if (k < 0) continue;
    int row = d.map_iefc2efc[p], first = d.island_idofadr[k];
    const mjtNum* dense = d.efc_J + static_cast<size_t>(row) * m.nv;
    if (!sparse) {
      // dense: island k's rows start at island_iefcadr[k] * nidof, island_nv entries each
      if (p == d.island_iefcadr[k]) address = d.island_iefcadr[k] * d.nidof;
      for (int c = 0; c < d.island_nv[k] && address < d.nJ; ++c) {
        values.mutable_data()[address++] = dense[d.map_idof2dof[first + c]];
      }
      continue;
    }
    rowadr.mutable_data()[p] = address;
    rownnz.mutable_data()[p] = d.efc_J_rownnz[row];
    for (int a = 0; a < d.efc_J_rownnz[row] && address < d.nJ; ++a) {
      int column = d.efc_J_colind[d.efc_J_rowadr[row] + a];
      colind.mutable_data()[address] = d.map_dof2idof[column] - first;
      values.mutable_data()[address++] = dense[column];
    }
  }
  if (sparse) {
    for (int p = d.nefc - 2; p >= 0; --p) {
      int n = rownnz.data()[p];
      bool same = IslandOfRow(d, p) >= 0 && IslandOfRow(d, p) == IslandOfRow(d, p + 1) &&
                  n == rownnz.data()[p + 1] &&
                  std::equal(colind.data() + rowadr.data()[p], colind.data() + rowadr.data()[p] + n,
                             colind.data() + rowadr.data()[p + 1]);
      rowsuper.mutable_data()[p] = same ? rowsuper.data()[p + 1] + 1 : 0;
    }
  }
  py::object parts[] = {values, rownnz, rowadr, colind, rowsuper};
  return parts[which];
}

}  // namespace

void BindIslandArrays(py::class_<PyData, std::shared_ptr<PyData>>& data) {
  struct DofArray {
    const char* name;
    mjtNum* Data::*values;
    const char* doc;
  };
  static const DofArray kDofArrays[] = {
      {"iacc", &Data::qacc, "qacc in island order (nidof)"},
      {"iacc_smooth", &Data::qacc_smooth, "qacc_smooth in island order (nidof)"},
      {"ifrc_smooth", &Data::qfrc_smooth, "qfrc_smooth in island order (nidof)"},
      {"ifrc_constraint", &Data::qfrc_constraint, "qfrc_constraint in island order (nidof)"},
      {"iLDiagInv", &Data::qLDiagInv, "qLDiagInv in island order (nidof)"},
  };
  for (const DofArray& entry : kDofArrays) {
    mjtNum* Data::*values = entry.values;
    data.def_property_readonly(
        entry.name,
        [values](const PyData& self) { return DofsInIslandOrder(*self.data, (*self.data).*values); },
        entry.doc);
  }
  const char* matrix_parts[] = {"", "_rownnz", "_rowadr", "_colind"};
  for (int which = 0; which < 4; ++which) {
    data.def_property_readonly(
        ("iM" + std::string(matrix_parts[which])).c_str(),
        [which](const PyData& self) {
          return IslandMatrix(*self.model, *self.data, self.data->M, which);
        },
        "the inertia matrix of each island in CSR form, island order, island-local columns");
  }
  data.def_property_readonly(
      "iLD",
      [](const PyData& self) { return IslandMatrix(*self.model, *self.data, self.data->qLD, 0); },
      "the factor of each island's inertia matrix, in iM's layout");
  const char* jacobian_parts[] = {"", "_rownnz", "_rowadr", "_colind", "_rowsuper"};
  for (int which = 0; which < 5; ++which) {
    data.def_property_readonly(
        ("iefc_J" + std::string(jacobian_parts[which])).c_str(),
        [which](const PyData& self) { return IslandJacobian(*self.model, *self.data, which); },
        "the constraint Jacobian in island order, island-local columns (dense within each "
        "island, or sparse as mj_isSparse)");
  }
#define MJSIM_ROW_ARRAY(name, field, doc)                                                     \
  data.def_property_readonly(                                                                 \
      #name, [](const PyData& self) { return RowsInIslandOrder(*self.data, self.data->field); }, \
      doc);
  MJSIM_ROW_ARRAY(iefc_type, efc_type, "efc_type in island order")
  MJSIM_ROW_ARRAY(iefc_id, efc_id, "efc_id in island order")
  MJSIM_ROW_ARRAY(iefc_frictionloss, efc_frictionloss, "efc_frictionloss in island order")
  MJSIM_ROW_ARRAY(iefc_D, efc_D, "efc_D in island order")
  MJSIM_ROW_ARRAY(iefc_R, efc_R, "efc_R in island order")
  MJSIM_ROW_ARRAY(iefc_aref, efc_aref, "efc_aref in island order")
  MJSIM_ROW_ARRAY(iefc_state, efc_state, "efc_state in island order")
  MJSIM_ROW_ARRAY(iefc_force, efc_force, "efc_force in island order")
#undef MJSIM_ROW_ARRAY
}

}  // namespace mjsim
