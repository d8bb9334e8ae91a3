// visualization.cc: the abstract scene in Python (mjsim/vis.h): MjvOption, MjvGeom, MjvLight,
// MjvGLCamera and MjvScene with mujoco's constructors and views (scn.geoms is a tuple of maxgeom
// MjvGeom views, scn.lights of mjMAXLIGHT, scn.camera of the two eyes), and the mjv_ functions.
// Scene updates release the GIL.
#include <memory>
#include <string>

#include "bindings.h"
#include "mjsim/errors.h"
#include "mjsim/vis.h"
#include "structs.h"

namespace mjsim {
namespace {

using SceneHandle = std::shared_ptr<VisScene>;

template <typename T>
py::tuple ViewsOf(T* first, int count, const SceneHandle& scene) {
  py::tuple views(count);
  for (int i = 0; i < count; ++i) {
    views[i] = py::cast(StructHandle<T>::View(first + i, scene));
  }
  return views;
}

template <typename E>
py::object VectorView(std::vector<E>& values, const SceneHandle& scene) {
  return MakeView(values.data(), static_cast<int>(values.size()), 1, "1", ViewBase(scene));
}

template <typename E, size_t count>
py::object ArrayView(E (&values)[count], const SceneHandle& scene) {
  return MakeView(values, static_cast<int>(count), 1, "1", ViewBase(scene));
}

const mjtNum* In3(const InputArray& array, const char* name) {
  CheckInputSize(array, 3, name);
  return array.data();
}

void BindVisStructs(py::module_& module) {
  {
    using Struct = VisOption;
    auto cls = BindStruct<VisOption>(module, "MjvOption", "What the abstract scene shows.");
    MJSIM_VIS_OPTION_MEMBERS(MJSIM_STRUCT_MEMBER_WITH_DEFAULT)
    FinishStruct<VisOption>(cls, [] { return VisOption(); });
    module.def("mjv_defaultOption", [](StructHandle<VisOption>& opt) { *opt.value = VisOption(); },
               py::arg("opt"), "Resets the visualization options to their defaults.");
  }
  {
    using Struct = VisGeom;
    auto cls = BindStruct<VisGeom>(module, "MjvGeom", "One thing the renderer draws.");
#define MJSIM_GEOM_MEMBER(type, name, count, values, doc) \
  AddMember(cls, #name, &Struct::name, doc, std::string(#name) == "mat" ? 3 : 1);
    MJSIM_VIS_GEOM_MEMBERS(MJSIM_GEOM_MEMBER)
#undef MJSIM_GEOM_MEMBER
    FinishStruct<VisGeom>(cls, [] { return VisGeom(); });
  }
  {
    using Struct = VisLight;
    auto cls = BindStruct<VisLight>(module, "MjvLight", "A light of the scene.");
    MJSIM_VIS_LIGHT_MEMBERS(MJSIM_STRUCT_MEMBER_WITH_DEFAULT)
    FinishStruct<VisLight>(cls, [] { return VisLight(); });
  }
  {
    using Struct = VisFigure;
    auto cls = BindStruct<VisFigure>(module, "MjvFigure", "A 2D plot the renderer draws.");
#define MJSIM_FIGURE_MEMBER(type, name, count, rows, doc) \
  AddMember(cls, #name, &Struct::name, doc, rows);
    MJSIM_VIS_FIGURE_MEMBERS(MJSIM_FIGURE_MEMBER)
#undef MJSIM_FIGURE_MEMBER
    FinishStruct<VisFigure>(cls, [] {
      VisFigure fig;
      DefaultFigure(fig);
      return fig;
    });
    module.def("mjv_defaultFigure", [](StructHandle<VisFigure>& fig) { DefaultFigure(*fig.value); },
               py::arg("fig"), "Resets a figure to the defaults.");
  }
  {
    using Struct = VisGLCamera;
    auto cls = BindStruct<VisGLCamera>(module, "MjvGLCamera", "One eye of the scene.");
    MJSIM_VIS_GLCAMERA_MEMBERS(MJSIM_STRUCT_MEMBER_WITH_DEFAULT)
    FinishStruct<VisGLCamera>(cls, [] { return Zeroed<VisGLCamera>(); });
  }
}

template <typename M>
void DefReadOnly(py::class_<VisScene, SceneHandle>& cls, const char* name, M VisScene::*member,
                 const char* doc) {
  cls.def_readonly(name, member, doc);
}
template <typename M>
void DefReadWrite(py::class_<VisScene, SceneHandle>& cls, const char* name, M VisScene::*member,
                  const char* doc) {
  cls.def_readwrite(name, member, doc);
}

void BindScene(py::module_& module) {
  py::class_<VisScene, SceneHandle> cls(module, "MjvScene",
                                        "The geoms, lights and eyes of one frame.");
  cls.def(py::init([] { return std::make_shared<VisScene>(MakeScene(nullptr, 0)); }));
  cls.def(py::init([](const PyModel& model, int maxgeom) {
            if (maxgeom < 0) throw py::value_error("maxgeom must be non-negative");
            return std::make_shared<VisScene>(MakeScene(model.model.get(), maxgeom));
          }),
          py::arg("model"), py::arg("maxgeom"));
#define MJSIM_X(type, name, value, access, doc) Def##access(cls, #name, &VisScene::name, doc);
  MJSIM_VIS_SCENE_NUMBERS(MJSIM_X)
#undef MJSIM_X
#define MJSIM_X(type, name)                                                        \
  cls.def_property_readonly(#name, [](const SceneHandle& self) {                  \
    return VectorView(self->name, self);                                           \
  });
  MJSIM_VIS_SCENE_BUFFERS(MJSIM_X)
#undef MJSIM_X
#define MJSIM_X(type, name, count, values)                                                     \
  cls.def_property(#name, [](const SceneHandle& self) { return ArrayView(self->name, self); }, \
                   [](const SceneHandle& self, py::handle value) {                             \
                     AssignToView(ArrayView(self->name, self), value, #name);                   \
                   });
  MJSIM_VIS_SCENE_ARRAYS(MJSIM_X)
#undef MJSIM_X
  cls.def_property_readonly("geoms", [](const SceneHandle& self) {
    return ViewsOf(self->geoms.data(), self->maxgeom, self);
  });
  cls.def_property_readonly("lights", [](const SceneHandle& self) {
    return ViewsOf(self->lights, mjMAXLIGHT, self);
  });
  cls.def_property_readonly("camera", [](const SceneHandle& self) {
    return ViewsOf(self->camera, 2, self);
  });
}

const VisPerturb* PerturbOrNull(const py::object& pert) {
  if (pert.is_none()) return nullptr;
  return pert.cast<StructHandle<VisPerturb>&>().value;
}

void BindSceneFunctions(py::module_& module) {
  module.def("mjv_updateScene", [](const PyModel& m, PyData& d, StructHandle<VisOption>& opt,
                                   py::object pert, StructHandle<VisCamera>& cam, int catmask,
                                   VisScene& scn) {
    CheckSameModel(m, d);
    const VisPerturb* perturb = PerturbOrNull(pert);
    py::gil_scoped_release release;
    UpdateScene(*m.model, *d.data, *opt.value, perturb, *cam.value, catmask, scn);
  }, py::arg("m"), py::arg("d"), py::arg("opt"), py::arg("pert").none(true), py::arg("cam"),
     py::arg("catmask"), py::arg("scn"), "Fills the scene's geoms, lights and eyes for d.");
  module.def("mjv_addGeoms", [](const PyModel& m, PyData& d, StructHandle<VisOption>& opt,
                                py::object pert, int catmask, VisScene& scn) {
    CheckSameModel(m, d);
    const VisPerturb* perturb = PerturbOrNull(pert);
    py::gil_scoped_release release;
    AddGeoms(*m.model, *d.data, *opt.value, perturb, catmask, scn);
  }, py::arg("m"), py::arg("d"), py::arg("opt"), py::arg("pert").none(true), py::arg("catmask"),
     py::arg("scn"), "Appends the geoms of the chosen categories to the scene.");
  module.def("mjv_makeLights", [](const PyModel& m, PyData& d, VisScene& scn) {
    CheckSameModel(m, d);
    MakeLights(*m.model, *d.data, scn);
  }, py::arg("m"), py::arg("d"), py::arg("scn"), "Fills the scene's lights.");
  module.def("mjv_updateSkin", [](const PyModel& m, PyData& d, VisScene& scn) {
    CheckSameModel(m, d);
    py::gil_scoped_release release;
    UpdateSkin(*m.model, *d.data, scn);
  }, py::arg("m"), py::arg("d"), py::arg("scn"), "Moves the scene's skin vertices with d.");
  module.def("mjv_updateCamera", [](const PyModel& m, PyData& d, StructHandle<VisCamera>& cam,
                                    VisScene& scn) {
    CheckSameModel(m, d);
    UpdateCamera(*m.model, *d.data, *cam.value, scn);
  }, py::arg("m"), py::arg("d"), py::arg("cam"), py::arg("scn"), "Sets the scene's two eyes.");
}

int* IntOutput(py::array& array, const char* name) {
  if (!array.dtype().is(py::dtype::of<int>()) || array.size() != 1 || !array.writeable()) {
    throw py::type_error(std::string(name) + " must be a writable int32 array of one element");
  }
  return static_cast<int*>(array.mutable_data());
}

void BindSelect(py::module_& module) {
  module.def("mjv_select", [](const PyModel& m, PyData& d, StructHandle<VisOption>& opt,
                              mjtNum aspectratio, mjtNum relx, mjtNum rely, const VisScene& scn,
                              py::array selpnt, py::array geomid, py::array flexid,
                              py::array skinid) {
    CheckSameModel(m, d);
    mjtNum* point = OutputArray(selpnt, 3, "selpnt");
    int* geom = IntOutput(geomid, "geomid");
    int* flex = IntOutput(flexid, "flexid");
    int* skin = IntOutput(skinid, "skinid");
    py::gil_scoped_release release;
    return Select(*m.model, *d.data, *opt.value, aspectratio, relx, rely, scn, point, geom, flex,
                  skin);
  }, py::arg("m"), py::arg("d"), py::arg("vopt"), py::arg("aspectratio"), py::arg("relx"),
     py::arg("rely"), py::arg("scn"), py::arg("selpnt"), py::arg("geomid"), py::arg("flexid"),
     py::arg("skinid"), "The body under a window point (-1: none), with the point and geom hit.");
}

void BindCameraFunctions(py::module_& module) {
  module.def("mjv_defaultFreeCamera", [](const PyModel& m, StructHandle<VisCamera>& cam) {
    DefaultFreeCamera(*m.model, *cam.value);
  }, py::arg("m"), py::arg("cam"), "The free camera looking at the whole model.");
  module.def("mjv_moveCamera", [](const PyModel& m, int action, mjtNum reldx, mjtNum reldy,
                                  const VisScene& scn, StructHandle<VisCamera>& cam) {
    MoveCamera(*m.model, action, reldx, reldy, scn, *cam.value);
  }, py::arg("m"), py::arg("action"), py::arg("reldx"), py::arg("reldy"), py::arg("scn"),
     py::arg("cam"), "Moves the camera by a mouse motion (fractions of the window height).");
  module.def("mjv_frustumHeight", [](const VisScene& scn) { return FrustumHeight(scn); },
             py::arg("scn"), "The frustum's height at unit distance.");
  module.def("mjv_averageCamera", [](StructHandle<VisGLCamera>& a, StructHandle<VisGLCamera>& b) {
    return StructHandle<VisGLCamera>::Own(AverageCamera(*a.value, *b.value));
  }, py::arg("cam1"), py::arg("cam2"), "The camera halfway between two eyes.");
  module.def("mjv_alignToCamera", [](py::array res, const InputArray& vec,
                                     const InputArray& forward) {
    AlignToCamera(OutputArray(res, 3, "res"), In3(vec, "vec"), In3(forward, "forward"));
  }, py::arg("res"), py::arg("vec"), py::arg("forward"),
     "vec turned about z as the camera's heading turns (0, 1).");
  auto pose = [&module](const char* name, auto convert, const char* doc) {
    module.def(name, [convert](py::array outpos, py::array outquat, const InputArray& pos,
                               const InputArray& quat, const VisScene& scn) {
      CheckInputSize(quat, 4, "quat");
      convert(OutputArray(outpos, 3, "pos"), OutputArray(outquat, 4, "quat"), In3(pos, "pos"),
              quat.data(), scn);
    }, py::arg(std::string(name) == "mjv_room2model" ? "modelpos" : "roompos"),
       py::arg(std::string(name) == "mjv_room2model" ? "modelquat" : "roomquat"),
       py::arg(std::string(name) == "mjv_room2model" ? "roompos" : "modelpos"),
       py::arg(std::string(name) == "mjv_room2model" ? "roomquat" : "modelquat"), py::arg("scn"),
       doc);
  };
  pose("mjv_room2model", RoomToModel, "A pose in the room as a pose in the model.");
  pose("mjv_model2room", ModelToRoom, "A pose in the model as a pose in the room.");
  auto head = [&module](const char* name, auto locate, const char* doc) {
    module.def(name, [locate](py::array headpos, py::array forward, py::array up,
                              const VisScene& scn) {
      locate(OutputArray(headpos, 3, "headpos"), OutputArray(forward, 3, "forward"),
             OutputArray(up, 3, "up"), scn);
    }, py::arg("headpos"), py::arg("forward"), py::arg("up"), py::arg("scn"), doc);
  };
  head("mjv_cameraInModel", CameraInModel, "The average eye in model coordinates.");
  head("mjv_cameraInRoom", CameraInRoom, "The average eye in room coordinates.");
}

VisPerturb& PerturbOf(StructHandle<VisPerturb>& pert) { return *pert.value; }

void BindPerturbFunctions(py::module_& module) {
  module.def("mjv_initPerturb", [](const PyModel& m, PyData& d, const VisScene& scn,
                                   StructHandle<VisPerturb>& pert) {
    CheckSameModel(m, d);
    InitPerturb(*m.model, *d.data, scn, PerturbOf(pert));
  }, py::arg("m"), py::arg("d"), py::arg("scn"), py::arg("pert"),
     "Sets the perturbation's reference pose, point, mass and scale from the selected body.");
  module.def("mjv_movePerturb", [](const PyModel& m, PyData& d, int action, mjtNum reldx,
                                   mjtNum reldy, const VisScene& scn,
                                   StructHandle<VisPerturb>& pert) {
    CheckSameModel(m, d);
    MovePerturb(*m.model, *d.data, action, reldx, reldy, scn, PerturbOf(pert));
  }, py::arg("m"), py::arg("d"), py::arg("action"), py::arg("reldx"), py::arg("reldy"),
     py::arg("scn"), py::arg("pert"),
     "Moves the perturbation's reference by a mouse motion (mjtMouse action).");
  module.def("mjv_applyPerturbPose", [](const PyModel& m, PyData& d,
                                        StructHandle<VisPerturb>& pert, int flg_paused) {
    CheckSameModel(m, d);
    ApplyPerturbPose(*m.model, *d.data, PerturbOf(pert), flg_paused);
  }, py::arg("m"), py::arg("d"), py::arg("pert"), py::arg("flg_paused"),
     "Gives the reference pose to a selected mocap body, or when paused to its root's free joint.");
  module.def("mjv_applyPerturbForce", [](const PyModel& m, PyData& d,
                                         StructHandle<VisPerturb>& pert) {
    CheckSameModel(m, d);
    ApplyPerturbForce(*m.model, *d.data, PerturbOf(pert));
  }, py::arg("m"), py::arg("d"), py::arg("pert"),
     "Writes the springs pulling the selected body to its reference into d.xfrc_applied.");
  module.def("mjv_moveModel", [](const PyModel& m, int action, mjtNum reldx, mjtNum reldy,
                                 const InputArray& roomup, VisScene& scn) {
    MoveModel(*m.model, action, reldx, reldy, In3(roomup, "roomup"), scn);
  }, py::arg("m"), py::arg("action"), py::arg("reldx"), py::arg("reldy"), py::arg("roomup"),
     py::arg("scn"), "Moves the model's room transform by a mouse motion (mjtMouse action).");
}

// a scene whose counts fit its buffers (ngeom and nlight are writable from Python)
void CheckSceneCounts(const VisScene& scn) {
  if (scn.ngeom < 0 || scn.ngeom > scn.maxgeom || scn.nlight < 0 || scn.nlight > mjMAXLIGHT) {
    throw FatalError("mj_printScene: ngeom " + std::to_string(scn.ngeom) + " or nlight " +
                     std::to_string(scn.nlight) + " is outside the scene's buffers (maxgeom " +
                     std::to_string(scn.maxgeom) + ", " + std::to_string(mjMAXLIGHT) +
                     " lights)");
  }
}

void BindPrintScene(py::module_& module) {
  module.def("mj_printScene", [](const VisScene& s, const py::object& filename) {
    CheckSceneCounts(s);
    PrintTo(filename, [&](const char* path) { return PrintFormattedScene(s, path, nullptr); });
  }, py::arg("s"), py::arg("filename"),
     "The scene's geoms, lights, eyes and flags as text, into the file filename.");
  module.def("mj_printFormattedScene", [](const VisScene& s, const py::object& filename,
                                          const py::object& float_format) {
    CheckSceneCounts(s);
    WarnOnInvalidFloatFormat(float_format);
    std::string format = float_format.is_none() ? "" : float_format.cast<std::string>();
    PrintTo(filename, [&](const char* path) {
      return PrintFormattedScene(s, path, format.c_str());
    });
  }, py::arg("s"), py::arg("filename"), py::arg("float_format"),
     "mj_printScene with each real number written by the printf conversion float_format.");
}

void BindGeomFunctions(py::module_& module) {
  module.def("mjv_initGeom", [](StructHandle<VisGeom>& geom, int type, py::object size,
                                py::object pos, py::object mat, py::object rgba) {
    auto optional = [](const py::object& value, int count, const char* name) -> InputArray {
      if (value.is_none()) return InputArray();
      InputArray array = InputArray::ensure(value);
      if (!array) throw py::type_error(std::string(name) + " must be a float64 array");
      CheckInputSize(array, count, name);
      return array;
    };
    InputArray s = optional(size, 3, "size"), p = optional(pos, 3, "pos"),
               r = optional(mat, 9, "mat");
    float color[4];
    const float* color_ptr = nullptr;
    if (!rgba.is_none()) {
      auto values = py::array_t<float, py::array::forcecast>::ensure(rgba);
      if (!values) throw py::type_error("rgba must be a float32 array");
      CheckArraySize(values.size(), 4, "rgba");
      std::copy(values.data(), values.data() + 4, color);
      color_ptr = color;
    }
    InitGeom(*geom.value, type, size.is_none() ? nullptr : s.data(),
             pos.is_none() ? nullptr : p.data(), mat.is_none() ? nullptr : r.data(), color_ptr);
  }, py::arg("geom"), py::arg("type"), py::arg("size").none(true), py::arg("pos").none(true),
     py::arg("mat").none(true), py::arg("rgba").none(true),
     "Sets a geom's type and pose and its other values to the defaults.");
  module.def("mjv_connector", [](StructHandle<VisGeom>& geom, int type, mjtNum width,
                                 const InputArray& from, const InputArray& to) {
    Connector(*geom.value, type, width, In3(from, "from_"), In3(to, "to"));
  }, py::arg("geom"), py::arg("type"), py::arg("width"), py::arg("from_"), py::arg("to"),
     "Makes the geom a capsule, cylinder, line or arrow from one point to another.");
}

}  // namespace

void BindVisualization(py::module_& module) {
  BindVisStructs(module);
  BindScene(module);
  BindSceneFunctions(module);
  BindCameraFunctions(module);
  BindGeomFunctions(module);
  BindSelect(module);
  BindPerturbFunctions(module);
  BindPrintScene(module);
}

}  // namespace mjsim
