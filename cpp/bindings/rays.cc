// rays.cc: ray casting (mj_ray, mj_multiRay, mj_rayHfield, mj_rayMesh, mju_rayGeom).
#include <cstdint>
#include <string>

#include "bindings.h"

namespace mjsim {
namespace {

// The int32 C-contiguous writable array `array` of exactly `size` values, for output.
int* Int32OutputArray(py::array& array, py::ssize_t size, const char* name) {
  if (!array.dtype().is(py::dtype::of<int32_t>()) || !(array.flags() & py::array::c_style) ||
      !array.writeable()) {
    throw py::type_error(std::string(name) + " must be a writable C-contiguous int32 array");
  }
  if (array.size() != size) {
    throw py::type_error(std::string(name) + " must have " + std::to_string(size) +
                          " values, got " + std::to_string(array.size()));
  }
  return static_cast<int*>(array.mutable_data());
}

// mj_ray's geomgroup: None (no group filter) or 6 integer or boolean flags. The flags array is
// kept in `holder`; the result points into it, or is nullptr for None.
using GroupArray = py::array_t<mjtByte, py::array::c_style | py::array::forcecast>;
const mjtByte* GeomGroupFlags(const py::object& geomgroup, GroupArray* holder) {
  if (geomgroup.is_none()) return nullptr;
  py::array array = py::array::ensure(geomgroup);
  char kind = array ? array.dtype().kind() : 'O';
  if (kind != 'u' && kind != 'i' && kind != 'b') {
    throw py::type_error("geomgroup must be None or an array of 6 uint8 flags");
  }
  *holder = GroupArray::ensure(array);
  CheckInputSize(*holder, 6, "geomgroup");
  return holder->data();
}

// a ray direction the reference accepts: |vec| >= mjMINVAL (it aborts the process otherwise)
void CheckRayDirection(const mjtNum* vec, const std::string& name) {
  mjtNum norm2 = vec[0] * vec[0] + vec[1] * vec[1] + vec[2] * vec[2];
  if (norm2 < mjMINVAL * mjMINVAL) {
    char length[32];
    std::snprintf(length, sizeof(length), "%.3g", std::sqrt(norm2));
    throw py::value_error(name + ": vector length is too small (" + length +
                          " < mjMINVAL = 1e-15)");
  }
}

void CheckGeomOfType(const PyModel& m, int geomid, int type, const char* function,
                     const char* type_name) {
  const Model& model = *m.model;
  if (geomid < 0 || geomid >= model.ngeom || model.geom_type[geomid] != type) {
    throw py::value_error(std::string(function) + ": geomid " + std::to_string(geomid) +
                          " is not a " + type_name + " geom");
  }
}

// mj_ray, mj_multiRay, mj_rayHfield, mj_rayMesh, mju_rayGeom (engine/ray.cc)
}  // namespace

void BindRayFunctions(py::module_& module) {
  module.def("mj_ray", [](const PyModel& m, PyData& d, InputArray pnt, InputArray vec,
                          const py::object& geomgroup, int flg_static, int bodyexclude,
                          py::array geomid) {
    CheckSameModel(m, d);
    CheckInputSize(pnt, 3, "pnt");
    CheckInputSize(vec, 3, "vec");
    GroupArray holder;
    const mjtByte* groups = GeomGroupFlags(geomgroup, &holder);
    int* out = Int32OutputArray(geomid, 1, "geomid");
    CheckRayDirection(vec.data(), "mj_ray");
    return mj_ray(*m.model, *d.data, pnt.data(), vec.data(), groups, flg_static, bodyexclude,
                  out);
  }, py::arg("m"), py::arg("d"), py::arg("pnt"), py::arg("vec"), py::arg("geomgroup").none(true),
     py::arg("flg_static"), py::arg("bodyexclude"), py::arg("geomid"),
     "Distance along pnt + x vec (x >= 0) to the first visible geom hit, or -1 when none is; its id goes to geomid (-1 if none). Geoms of bodyexclude are skipped; geomgroup (None: all groups) and flg_static select which geoms count, as in mjvOption.");
  module.def("mj_multiRay", [](const PyModel& m, PyData& d, InputArray pnt, InputArray vec,
                               const py::object& geomgroup, int flg_static, int bodyexclude,
                               py::array geomid, py::array dist, int nray, mjtNum cutoff) {
    CheckSameModel(m, d);
    if (nray < 0) throw py::value_error("nray must be >= 0, got " + std::to_string(nray));
    CheckInputSize(pnt, 3, "pnt");
    CheckInputSize(vec, 3 * static_cast<py::ssize_t>(nray), "vec");
    GroupArray holder;
    const mjtByte* groups = GeomGroupFlags(geomgroup, &holder);
    int* ids = Int32OutputArray(geomid, nray, "geomid");
    mjtNum* distances = OutputArray(dist, nray, "dist");
    for (int i = 0; i < nray; ++i) {
      CheckRayDirection(vec.data() + 3 * i, "mj_multiRay: ray " + std::to_string(i));
    }
    mj_multiRay(*m.model, *d.data, pnt.data(), vec.data(), groups, flg_static, bodyexclude, ids,
                distances, nray, cutoff);
  }, py::arg("m"), py::arg("d"), py::arg("pnt"), py::arg("vec"),
     py::arg("geomgroup").none(true), py::arg("flg_static"), py::arg("bodyexclude"),
     py::arg("geomid"), py::arg("dist"), py::arg("nray"), py::arg("cutoff"),
     "Cast nray rays from one point (vec: nray x 3 directions), as mj_ray does one; distances and geom ids go to dist and geomid, cutoff bounds the search.");
  module.def("mj_rayHfield", [](const PyModel& m, PyData& d, int geomid, InputArray pnt,
                                InputArray vec) {
    CheckSameModel(m, d);
    CheckGeomOfType(m, geomid, mjGEOM_HFIELD, "mj_rayHfield", "height field");
    CheckInputSize(pnt, 3, "pnt");
    CheckInputSize(vec, 3, "vec");
    return mj_rayHfield(*m.model, *d.data, geomid, pnt.data(), vec.data());
  }, py::arg("m"), py::arg("d"), py::arg("geomid"), py::arg("pnt"), py::arg("vec"),
     "Distance along the ray to the height field of geom geomid, or -1 if the ray misses it.");
  module.def("mj_rayMesh", [](const PyModel& m, PyData& d, int geomid, InputArray pnt,
                              InputArray vec) {
    CheckSameModel(m, d);
    CheckGeomOfType(m, geomid, mjGEOM_MESH, "mj_rayMesh", "mesh");
    CheckInputSize(pnt, 3, "pnt");
    CheckInputSize(vec, 3, "vec");
    return mj_rayMesh(*m.model, *d.data, geomid, pnt.data(), vec.data());
  }, py::arg("m"), py::arg("d"), py::arg("geomid"), py::arg("pnt"), py::arg("vec"),
     "Distance along the ray to the mesh of geom geomid, or -1 if the ray misses it.");
  module.def("mju_rayGeom", [](InputArray pos, InputArray mat, InputArray size, InputArray pnt,
                               InputArray vec, int geomtype) {
    CheckInputSize(pos, 3, "pos");
    CheckInputSize(mat, 9, "mat");
    CheckInputSize(size, 3, "size");
    CheckInputSize(pnt, 3, "pnt");
    CheckInputSize(vec, 3, "vec");
    if (geomtype < mjGEOM_PLANE || geomtype > mjGEOM_BOX || geomtype == mjGEOM_HFIELD) {
      throw py::value_error("mju_rayGeom: unexpected geom type " + std::to_string(geomtype) +
                            " (plane, sphere, capsule, ellipsoid, cylinder or box expected)");
    }
    return mju_rayGeom(pos.data(), mat.data(), size.data(), pnt.data(), vec.data(), geomtype);
  }, py::arg("pos"), py::arg("mat"), py::arg("size"), py::arg("pnt"), py::arg("vec"),
     py::arg("geomtype"),
     "Distance along the ray to a primitive geom of the given type, size, pose; -1 if missed.");
}


}  // namespace mjsim
