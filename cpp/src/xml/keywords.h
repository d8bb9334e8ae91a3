// keywords.h: the MJCF keyword tables (attribute value -> enum value), shared by the reader,
// which parses them, and the writer, which writes the keyword of a value.
#pragma once
#include <map>
#include <string>

namespace mjsim {

extern const std::map<std::string, int> kBools;      // false true (reader_base.cc)
extern const std::map<std::string, int> kAutoBools;  // false true auto -> 0 1 2
extern const std::map<std::string, int> kJointTypes;
extern const std::map<std::string, int> kGeomTypes;
extern const std::map<std::string, int> kSiteTypes;
extern const std::map<std::string, int> kFluidShapes;
extern const std::map<std::string, int> kTextureTypes;
extern const std::map<std::string, int> kBuiltins;
extern const std::map<std::string, int> kMarks;
extern const std::map<std::string, int> kColorSpaces;
extern const std::map<std::string, int> kTextureRoleNames;
extern const std::map<std::string, int> kMeshInertia;
extern const std::map<std::string, int> kDynTypes;
extern const std::map<std::string, int> kGainTypes;
extern const std::map<std::string, int> kBiasTypes;
extern const std::map<std::string, int> kLengthRangeModes;
extern const std::map<std::string, int> kModes;
extern const std::map<std::string, int> kLightTypes;
extern const std::map<std::string, int> kIntegrators;
extern const std::map<std::string, int> kCones;
extern const std::map<std::string, int> kJacobians;
extern const std::map<std::string, int> kSolvers;
extern const std::map<std::string, int> kObjectTypes;
extern const std::map<std::string, int> kFrameObjectTypes;
extern const std::map<std::string, int> kDataTypes;
extern const std::map<std::string, int> kStages;
extern const std::map<std::string, int> kContactReductions;
extern const std::map<std::string, int> kFlexSelfCollide;  // mjtFlexSelf: none ... auto
extern const std::map<std::string, int> kElastic2D;        // none bend stretch both

// the keyword of `value` in `table`, nullptr when none names it
const char* KeywordOf(const std::map<std::string, int>& table, int value);

}  // namespace mjsim
