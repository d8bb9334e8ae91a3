// attach.h: attaching one spec's body (with its subtree) or its whole world body to a body or
// frame of another spec, as mjs_attach does. The attached elements are renamed with a prefix
// and suffix, and so is every reference to them; the child's defaults, assets, custom data and
// the tendons, actuators, sensors, equalities, contacts and keyframes that refer only to
// attached elements go with them.
//
// The child's elements are renamed in place and the parent holds the same shared elements as
// the child (the reference attaches "by reference": the child can no longer compile). To copy,
// attach a copy of the child (the XML reader does).
#pragma once
#include <set>
#include <string>

#include "spec/spec.h"

namespace mjsim {

struct AttachNames {
  std::string prefix, suffix;
  // "" stays "": unnamed elements stay unnamed
  std::string Apply(const std::string& name) const {
    return name.empty() ? name : prefix + name + suffix;
  }
  // an asset file key: the name part renamed, directory and extension kept
  // ("path/cube.obj" -> "path/<prefix>cube<suffix>.obj")
  std::string ApplyToFile(const std::string& path) const;
};

// Where attached elements go: a body of the parent, the frame in it they sit in (-1: none),
// and where among the body's children attached bodies are inserted (-1: at the end).
struct AttachPoint {
  SpecBody* body = nullptr;
  int frame = -1;
  int child_index = -1;
};

// Attaches `body` of `child` (nullptr: everything in its world body) at `point` of `parent`.
// Asset files named in `renamed_files` (the child's asset dict) are renamed as their keys are.
// Throws ModelError "Error: repeated name '<name>' in <type>" when a renamed asset or default
// class clashes with one of the parent's.
void AttachSpec(Spec& parent, const AttachPoint& point, Spec& child, SpecBody* body,
                const AttachNames& names, const std::set<std::string>& renamed_files = {});

// A new frame in `holder` at the pose of `site` (which `holder` holds), for attaching to a site
int AddSiteFrame(SpecBody& holder, const SpecSite& site, const SpecCompiler& compiler);

}  // namespace mjsim
