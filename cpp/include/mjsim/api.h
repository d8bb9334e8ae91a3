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

// joint-space inertia: d.crb and d.M (CSR layout); needs mj_comPos (engine/inertia.cc)
void mj_crb(const Model& m, Data& d);
// mj_crb plus tendon armature (needs mj_tendon), then d.qM (legacy layout) from d.M (engine/inertia.cc)
void mj_makeM(const Model& m, Data& d);
// dense row-major nv x nv copy of an inertia matrix M in the qM layout (engine/inertia.cc)
void mj_fullM(const Model& m, mjtNum* dst, const mjtNum* M);
// res = M vec with d.M (engine/inertia.cc)
void mj_mulM(const Model& m, const Data& d, mjtNum* res, const mjtNum* vec);
// L'DL factorization of d.M into d.qLD, d.qLDiagInv (engine/factorization.cc)
void mj_factorM(const Model& m, Data& d);
// x = M^-1 y for n row vectors of length nv, with the factorization (engine/factorization.cc)
void mj_solveM(const Model& m, const Data& d, mjtNum* x, const mjtNum* y, int n);
// tendon lengths, moments and wrap paths; needs mj_kinematics and mj_comPos (engine/tendon.cc)
void mj_tendon(const Model& m, Data& d);

// actuator lengths and sparse moments; needs mj_tendon (engine/transmission.cc)
void mj_transmission(const Model& m, Data& d);

// whether Jacobians (ten_J, ...) use the sparse layout: jacobian="sparse", or "auto" and
// nv >= 60 (support.cc)
bool mj_isSparse(const Model& m);

// names (support.cc)
int mj_name2id(const Model& m, int type, const char* name);
const char* mj_id2name(const Model& m, int type, int id);

}  // namespace mjsim
