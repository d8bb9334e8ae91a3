// read_attach.h: <asset><model> (sub-models read from their files) and <attach> (a sub-model's
// body, or its whole world body, attached to the enclosing body or frame; spec/attach).
// The reference attaches once the whole model is read: the parent's own actuators, keys, ...
// come before the attached ones, while attached bodies keep their place in the tree.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "mjsim/api.h"
#include "xml/reader_base.h"

namespace mjsim {

class AttachReader {
 public:
  AttachReader(XmlReader& reader, const AssetMap& assets) : reader_(reader), assets_(assets) {}
  void ReadModel(const XMLElement* elem);
  // records an <attach> written in `body`, inside its frame `frame` (-1: none)
  void ReadAttach(const XMLElement* elem, SpecBody& body, int frame);
  // performs the recorded attaches in document order
  void AttachAll();

 private:
  struct Pending {
    const XMLElement* elem;
    SpecBody* body;
    int frame;
    int child_index;
  };
  void AttachOne(const Pending& pending);
  XmlReader& reader_;
  const AssetMap& assets_;
  std::map<std::string, Spec> models_;
  std::vector<Pending> pending_;
};

}  // namespace mjsim
