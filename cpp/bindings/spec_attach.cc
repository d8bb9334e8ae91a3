// spec_attach.cc: MjsFrame.attach_body, MjsSite.attach_body and MjSpec.attach (spec/attach).
// As in the reference, a body is attached by reference: the same Python object, renamed, is now
// in the parent (and still listed by its old spec, which can no longer compile). Attaching a
// whole spec adds a new frame in the given frame (or in a frame made at the given site),
// copies the child's asset dict with renamed keys and sets child.parent.
#include <string>

#include "mjsim/errors.h"
#include "spec.h"
#include "spec/attach.h"
#include "spec_tree.h"

namespace mjsim {

namespace {

template <typename T>
using ElementClass = py::class_<T, std::shared_ptr<T>>;

template <typename T>
ElementClass<T> ClassOf(py::module_& module, const char* name) {
  return py::reinterpret_borrow<ElementClass<T>>(module.attr(name));
}

AttachNames NamesOf(const py::object& prefix, const py::object& suffix) {
  AttachNames names;
  if (!prefix.is_none()) names.prefix = prefix.cast<std::string>();
  if (!suffix.is_none()) names.suffix = suffix.cast<std::string>();
  return names;
}

// every element of `spec` now answers to it (attached elements were the child's)
template <typename... Kinds>
void NoteOwnerOfAll(const std::shared_ptr<Spec>& spec) {
  (
      [&] {
        for (const auto& element : AllOf<Kinds>(spec)) NoteOwner(element.get(), spec, true);
      }(),
      ...);
}

void NoteAttached(const std::shared_ptr<Spec>& spec) {
  NoteOwnerOfAll<SpecBody, SpecFrame, SpecJoint, SpecGeom, SpecSite, SpecCamera, SpecLight,
                 SpecMesh, SpecSkin, SpecHField, SpecTexture, SpecMaterial, SpecPair, SpecExclude,
                 SpecEquality, SpecTendon, SpecActuator, SpecSensor, SpecNumeric, SpecText,
                 SpecTuple, SpecKey, SpecDefault>(spec);
}

// the reference's message for a body that is already in the parent (attached twice)
void RefuseBodyInParent(const std::shared_ptr<Spec>& parent, const SpecBody& body,
                        const AttachNames& names) {
  std::vector<std::shared_ptr<SpecBody>> bodies = AllOf<SpecBody>(parent);
  for (size_t id = 0; id < bodies.size(); ++id) {
    if (bodies[id].get() != &body) continue;
    throw ModelError("Error: incompatible id in body array, position " +
                     std::to_string(bodies.size()) + "\nElement name '" +
                     names.Apply(body.name) + "', id " + std::to_string(id));
  }
}

// The body holding `frame` in `spec` and the frame's index there
AttachPoint PointAtFrame(const std::shared_ptr<Spec>& spec, const SpecFrame& frame) {
  AttachPoint point;
  point.body = HolderOf<SpecFrame>(spec->worldbody, &frame, point.frame);
  if (!point.body) throw py::value_error("Frame not found.");
  return point;
}

// a new frame at `site`, in the body holding it
AttachPoint PointAtSite(const std::shared_ptr<Spec>& spec, const SpecSite& site) {
  AttachPoint point;
  int index = -1;
  point.body = HolderOf<SpecSite>(spec->worldbody, &site, index);
  if (!point.body) throw py::value_error("Site not found.");
  point.frame = AddSiteFrame(*point.body, site, spec->compiler);
  return point;
}

py::object AttachBody(const std::shared_ptr<Spec>& parent, const AttachPoint& point,
                      const std::shared_ptr<SpecBody>& body, const AttachNames& names) {
  std::shared_ptr<Spec> child = OwnerOf(body.get());
  if (body.get() == &child->worldbody) throw py::value_error("attach_body: cannot attach the world body");
  RefuseBodyInParent(parent, *body, names);
  AttachSpec(*parent, point, *child, body.get(), names);
  child->attached_to_parent = true;
  NoteAttached(parent);
  return py::cast(body);
}

template <typename T>
void FindByNameInto(const std::shared_ptr<Spec>& spec, py::handle name, std::shared_ptr<T>& out) {
  std::string wanted = name.cast<std::string>();
  for (const auto& element : AllOf<T>(spec)) {
    if (element->name == wanted) out = element;
  }
}

template <typename T>
std::shared_ptr<T> Resolve(const std::shared_ptr<Spec>& spec, py::handle given) {
  std::shared_ptr<T> found;
  if (py::isinstance<py::str>(given)) {
    FindByNameInto<T>(spec, given, found);
  } else if (py::isinstance<T>(given)) {
    found = given.cast<std::shared_ptr<T>>();
  } else {
    throw py::type_error(std::string("attach: ") + KindTraits<T>::name + " needs a name or an Mjs" +
                         (std::is_same_v<T, SpecSite> ? "Site" : "Frame"));
  }
  return found;
}

AttachPoint PointFor(const std::shared_ptr<Spec>& spec, py::handle site, py::handle frame) {
  if (!site.is_none() && !frame.is_none()) throw py::value_error("Only one of frame or site can be specified.");
  if (site.is_none() && frame.is_none()) throw py::value_error("One of frame or site must be specified.");
  if (!site.is_none()) {
    std::shared_ptr<SpecSite> found = Resolve<SpecSite>(spec, site);
    if (!found) throw py::value_error("Site not found.");
    return PointAtSite(spec, *found);
  }
  std::shared_ptr<SpecFrame> found = Resolve<SpecFrame>(spec, frame);
  if (!found) throw py::value_error("Frame not found.");
  return PointAtFrame(spec, *found);
}

// the child's asset dict, its keys renamed, into the parent's
void CopyAssets(py::object parent, py::object child, const AttachNames& names,
                std::set<std::string>& keys) {
  py::dict into = parent.attr("assets");
  for (auto item : py::dict(child.attr("assets"))) {
    std::string key = item.first.cast<std::string>();
    keys.insert(key);
    into[py::str(names.ApplyToFile(key))] = item.second;
  }
}

py::object AttachChildSpec(py::object self, py::object child_object, py::object prefix,
                           py::object suffix, py::object site, py::object frame) {
  auto parent = self.cast<std::shared_ptr<Spec>>();
  auto child = child_object.cast<std::shared_ptr<Spec>>();
  if (parent == child) throw py::value_error("attach: a spec cannot be attached to itself");
  AttachNames names = NamesOf(prefix, suffix);
  AttachPoint point = PointFor(parent, site, frame);
  for (const SpecBody& body : child->worldbody.children) RefuseBodyInParent(parent, body, names);
  SpecFrame made;
  made.parent = point.frame;
  point.body->frames.push_back(std::move(made));
  point.frame = static_cast<int>(point.body->frames.size()) - 1;
  std::set<std::string> renamed_files;
  CopyAssets(self, child_object, names, renamed_files);
  AttachSpec(*parent, point, *child, nullptr, names, renamed_files);
  child->attached_to_parent = true;
  child_object.attr("__dict__")["_parent"] = self;
  NoteAttached(parent);
  return WrapElement(parent, point.body->frames.ptr(point.frame));
}

}  // namespace

void BindSpecAttach(py::module_& module) {
  ClassOf<SpecFrame>(module, "MjsFrame").def("attach_body",
      [](const std::shared_ptr<SpecFrame>& frame, const std::shared_ptr<SpecBody>& body,
         py::object prefix, py::object suffix) {
        std::shared_ptr<Spec> parent = OwnerOf(frame.get());
        return AttachBody(parent, PointAtFrame(parent, *frame), body, NamesOf(prefix, suffix));
      }, py::arg("body"), py::arg("prefix") = py::none(), py::arg("suffix") = py::none());
  ClassOf<SpecSite>(module, "MjsSite").def("attach_body",
      [](const std::shared_ptr<SpecSite>& site, const std::shared_ptr<SpecBody>& body,
         py::object prefix, py::object suffix) {
        std::shared_ptr<Spec> parent = OwnerOf(site.get());
        return AttachBody(parent, PointAtSite(parent, *site), body, NamesOf(prefix, suffix));
      }, py::arg("body"), py::arg("prefix") = py::none(), py::arg("suffix") = py::none());
  auto spec = py::reinterpret_borrow<py::class_<Spec, std::shared_ptr<Spec>>>(module.attr("MjSpec"));
  spec.def("attach", &AttachChildSpec, py::arg("child"), py::arg("prefix") = py::none(),
           py::arg("suffix") = py::none(), py::arg("site") = py::none(),
           py::arg("frame") = py::none());
  spec.def_property_readonly("parent", [](py::object self) -> py::object {
    py::dict attributes = self.attr("__dict__");
    return attributes.contains("_parent") ? py::object(attributes["_parent"]) : py::none();
  }, "the spec this one was attached to (None: not attached)");
}

}  // namespace mjsim
