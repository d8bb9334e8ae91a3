// spec.h: what the MjSpec binding files share: which spec an element belongs to, and wrapping
// elements as their Python objects.
#pragma once
#include <memory>

#include "bindings.h"
#include "spec/spec.h"

namespace mjsim {

// Remembers that `element` is in `spec` (every element handed to Python passes here).
// A spec attached to a parent does not take back the elements it gave away, unless `moved`.
void NoteOwner(const void* element, const std::shared_ptr<Spec>& spec, bool moved = false);
// The spec `element` was last handed out from; ValueError when that spec is gone.
std::shared_ptr<Spec> OwnerOf(const void* element);
// The element's Python object keeps its spec's alive, as the reference's do: a body taken from a
// spec nobody holds can still be attached.
void KeepSpecAlive(py::handle element, const std::shared_ptr<Spec>& spec);

template <typename T>
py::object WrapElement(const std::shared_ptr<Spec>& spec, const std::shared_ptr<T>& element) {
  if (!element) return py::none();
  NoteOwner(element.get(), spec);
  py::object object = py::cast(element);
  KeepSpecAlive(object, spec);
  return object;
}

void BindSpec(py::module_& module);
// MjSpec.to_xml, to_file (spec_writer.cc); called by BindSpec once MjSpec exists
void BindSpecWriter(py::module_& module);
// attach_body / MjSpec.attach (spec_attach.cc); after the element classes are bound
void BindSpecAttach(py::module_& module);

}  // namespace mjsim
