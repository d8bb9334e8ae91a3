// read_attach.cc: <asset><model> and <attach> (read_attach.h).
#include "xml/read_attach.h"

#include <functional>

#include "mjsim/errors.h"
#include "spec/attach.h"
#include "util/files.h"
#include "xml/xml_reader.h"

namespace mjsim {

void AttachReader::ReadModel(const XMLElement* elem) {
  reader_.Require(elem, "file");
  std::string file, name;
  reader_.ReadString(elem, "file", file);
  std::string content_type;
  if (reader_.ReadString(elem, "content_type", content_type) && content_type != "text/xml") {
    reader_.Fail(elem, "unsupported content_type: " + content_type);
  }
  std::string text;
  std::string path = file;
  auto asset = assets_.find(file);
  if (asset != assets_.end()) {
    text = asset->second;
  } else {
    path = reader_.spec().model_dir + file;
    if (ReadRegularFile(path, text) != FileStatus::kOk) {
      reader_.Fail(elem, "could not parse model file with error: ParseXML: Error opening file '" +
                             path + "': No such file or directory");
    }
  }
  Spec model;
  try {
    model = ReadMjcf(text, path, assets_);
  } catch (const ModelError& error) {
    reader_.Fail(elem, std::string("could not parse model file with error: ") + error.what());
  }
  if (!reader_.ReadString(elem, "name", name)) name = model.model_name;
  models_[name] = std::move(model);
}

void AttachReader::ReadAttach(const XMLElement* elem, SpecBody& body, int frame) {
  reader_.Require(elem, "model");
  reader_.Require(elem, "prefix");
  SpecFrame made;  // the reference holds what it attaches in a frame of its own
  made.parent = frame;
  made.source = reader_.Locate(elem);
  body.frames.push_back(std::move(made));
  pending_.push_back({elem, &body, static_cast<int>(body.frames.size()) - 1,
                      static_cast<int>(body.children.size())});
}

namespace {

SpecBody* FindBody(SpecBody& body, const std::string& name) {
  if (body.name == name) return &body;
  for (SpecBody& child : body.children) {
    if (SpecBody* found = FindBody(child, name)) return found;
  }
  return nullptr;
}

}  // namespace

void AttachReader::AttachAll() {
  for (size_t i = 0; i < pending_.size(); ++i) {
    size_t before = pending_[i].body->children.size();
    AttachOne(pending_[i]);
    int inserted = static_cast<int>(pending_[i].body->children.size() - before);
    for (size_t j = i + 1; j < pending_.size(); ++j) {
      if (pending_[j].body == pending_[i].body && pending_[j].child_index >= pending_[i].child_index) {
        pending_[j].child_index += inserted;
      }
    }
  }
  pending_.clear();
}

void AttachReader::AttachOne(const Pending& pending) {
  const XMLElement* elem = pending.elem;
  std::string model_name, body_name;
  AttachNames names;
  reader_.ReadString(elem, "model", model_name);
  reader_.ReadString(elem, "prefix", names.prefix);
  bool whole = !reader_.ReadString(elem, "body", body_name);
  auto model = models_.find(model_name);
  if (model == models_.end()) reader_.Fail(elem, "could not find model '" + model_name + "'");
  Spec& parent = reader_.spec();
  // a body already attached under the same name is not attached again (observed)
  if (!whole && FindBody(parent.worldbody, names.Apply(body_name))) return;
  Spec child = model->second;  // each attach takes its own copy
  SpecBody* body = whole ? nullptr : FindBody(child.worldbody, body_name);
  if (!whole && !body) reader_.Fail(elem, "could not find body '" + body_name + "'");
  try {
    AttachSpec(parent, {pending.body, pending.frame, pending.child_index}, child, body, names);
  } catch (const ModelError& error) {
    reader_.Fail(elem, error.what());
  }
}

}  // namespace mjsim
