// api.h: the engine's public functions, with MuJoCo's names and (m, d, ...) arguments.
#pragma once
#include <map>
#include <memory>
#include <string>

#include "mjsim/data.h"
#include "mjsim/model.h"

namespace mjsim {

// Virtual files given by the caller (MjModel.from_xml_string(xml, assets)): name -> bytes.
using AssetMap = std::map<std::string, std::string>;

std::unique_ptr<Model> LoadXmlString(const std::string& xml, const AssetMap& assets);
std::unique_ptr<Model> LoadXmlFile(const std::string& path, const AssetMap& assets);

void mj_resetData(const Model& m, Data& d);
void mj_kinematics(const Model& m, Data& d);
void mj_comPos(const Model& m, Data& d);
void mj_camlight(const Model& m, Data& d);  // camlight.cc: needs kinematics and comPos
// tendon lengths, moments and wrap paths; needs mj_kinematics and mj_comPos (engine/tendon.cc)
void mj_tendon(const Model& m, Data& d);

// names (support.cc)
int mj_name2id(const Model& m, int type, const char* name);
const char* mj_id2name(const Model& m, int type, int id);

}  // namespace mjsim
