// spec_tables.h: the attribute rows of each Mjs* class (spec_tables.cc).
#pragma once
#include <string>
#include <vector>

#include "spec_attributes.h"

namespace mjsim {

// the rows of element type T, in mjSpec's member order
template <typename T>
const std::vector<AttrRow>& RowsOf();

// An element's `plugin`: the MjsPlugin its std::string member (at the row's offset) names,
// found in the element's spec (spec.cc).
py::object ElementPlugin(void* element, py::handle self, const AttrRow& row);
void SetElementPlugin(void* element, py::handle value, const AttrRow& row);

template <typename T, typename Access>
AttrRow PluginRow(Access access) {
  AttrRow row = Custom("plugin", ElementPlugin, SetElementPlugin);
  T& probe = Probe<T>();
  row.offset = reinterpret_cast<char*>(&access(probe)) - reinterpret_cast<char*>(&probe);
  return row;
}

}  // namespace mjsim
