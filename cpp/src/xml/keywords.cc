// keywords.cc: the MJCF keyword tables (keywords.h).
#include "xml/keywords.h"

#include "mjsim/model.h"
#include "spec/spec.h"

namespace mjsim {

const std::map<std::string, int> kJointTypes = {
    {"free", mjJNT_FREE}, {"ball", mjJNT_BALL}, {"slide", mjJNT_SLIDE}, {"hinge", mjJNT_HINGE}};

const std::map<std::string, int> kGeomTypes = {
    {"plane", mjGEOM_PLANE},         {"hfield", mjGEOM_HFIELD},   {"sphere", mjGEOM_SPHERE},
    {"capsule", mjGEOM_CAPSULE},     {"ellipsoid", mjGEOM_ELLIPSOID},
    {"cylinder", mjGEOM_CYLINDER},   {"box", mjGEOM_BOX},         {"mesh", mjGEOM_MESH},
    {"sdf", mjGEOM_SDF}};

const std::map<std::string, int> kSiteTypes = {
    {"sphere", mjGEOM_SPHERE}, {"capsule", mjGEOM_CAPSULE}, {"ellipsoid", mjGEOM_ELLIPSOID},
    {"cylinder", mjGEOM_CYLINDER}, {"box", mjGEOM_BOX}};

const std::map<std::string, int> kFluidShapes = {{"none", 0}, {"ellipsoid", 1}};

const std::map<std::string, int> kTextureTypes = {
    {"2d", kTexture2D}, {"cube", kTextureCube}, {"skybox", kTextureSkybox}};

const std::map<std::string, int> kBuiltins = {
    {"none", kBuiltinNone}, {"gradient", kBuiltinGradient}, {"checker", kBuiltinChecker},
    {"flat", kBuiltinFlat}};

const std::map<std::string, int> kMarks = {
    {"none", kMarkNone}, {"edge", kMarkEdge}, {"cross", kMarkCross}, {"random", kMarkRandom}};

const std::map<std::string, int> kColorSpaces = {{"auto", 0}, {"linear", 1}, {"sRGB", 2}};

// mjtTextureRole, as <layer role> names them; "user" (0) cannot be set from XML
const std::map<std::string, int> kTextureRoleNames = {
    {"rgb", 1}, {"occlusion", 2}, {"roughness", 3}, {"metallic", 4}, {"normal", 5},
    {"opacity", 6}, {"emissive", 7}, {"rgba", 8}, {"orm", 9}};

const std::map<std::string, int> kMeshInertia = {{"convex", kMeshInertiaConvex},
                                                 {"exact", kMeshInertiaExact},
                                                 {"legacy", kMeshInertiaLegacy},
                                                 {"shell", kMeshInertiaShell}};

const std::map<std::string, int> kDynTypes = {
    {"none", mjDYN_NONE},           {"integrator", mjDYN_INTEGRATOR}, {"filter", mjDYN_FILTER},
    {"filterexact", mjDYN_FILTEREXACT}, {"muscle", mjDYN_MUSCLE},    {"user", mjDYN_USER}};

const std::map<std::string, int> kGainTypes = {
    {"fixed", mjGAIN_FIXED}, {"affine", mjGAIN_AFFINE}, {"muscle", mjGAIN_MUSCLE}, {"user", mjGAIN_USER}};

const std::map<std::string, int> kBiasTypes = {
    {"none", mjBIAS_NONE}, {"affine", mjBIAS_AFFINE}, {"muscle", mjBIAS_MUSCLE}, {"user", mjBIAS_USER}};

const std::map<std::string, int> kLengthRangeModes = {
    {"none", 0}, {"muscle", 1}, {"muscleuser", 2}, {"all", 3}};

const std::map<std::string, int> kModes = {
    {"fixed", kCamLightFixed}, {"track", kCamLightTrack}, {"trackcom", kCamLightTrackCom},
    {"targetbody", kCamLightTargetBody}, {"targetbodycom", kCamLightTargetBodyCom}};

const std::map<std::string, int> kLightTypes = {
    {"spot", kLightSpot}, {"directional", kLightDirectional}, {"point", kLightPoint},
    {"image", kLightImage}};

const std::map<std::string, int> kIntegrators = {
    {"Euler", mjINT_EULER}, {"RK4", mjINT_RK4}, {"implicit", mjINT_IMPLICIT},
    {"implicitfast", mjINT_IMPLICITFAST}};

const std::map<std::string, int> kCones = {{"pyramidal", mjCONE_PYRAMIDAL}, {"elliptic", mjCONE_ELLIPTIC}};

const std::map<std::string, int> kJacobians = {
    {"dense", mjJAC_DENSE}, {"sparse", mjJAC_SPARSE}, {"auto", mjJAC_AUTO}};

const std::map<std::string, int> kSolvers = {{"PGS", mjSOL_PGS}, {"CG", mjSOL_CG}, {"Newton", mjSOL_NEWTON}};

// mjtObj by its MJCF keyword (objtype, reftype); "frame", "default" and "model" name no
// sensorizable object
const std::map<std::string, int> kObjectTypes = {
    {"unknown", mjOBJ_UNKNOWN}, {"body", mjOBJ_BODY}, {"xbody", mjOBJ_XBODY},
    {"joint", mjOBJ_JOINT}, {"dof", mjOBJ_DOF}, {"geom", mjOBJ_GEOM}, {"site", mjOBJ_SITE},
    {"camera", mjOBJ_CAMERA}, {"light", mjOBJ_LIGHT}, {"flex", mjOBJ_FLEX}, {"mesh", mjOBJ_MESH},
    {"skin", mjOBJ_SKIN}, {"hfield", mjOBJ_HFIELD}, {"texture", mjOBJ_TEXTURE},
    {"material", mjOBJ_MATERIAL}, {"pair", mjOBJ_PAIR}, {"exclude", mjOBJ_EXCLUDE},
    {"equality", mjOBJ_EQUALITY}, {"tendon", mjOBJ_TENDON}, {"actuator", mjOBJ_ACTUATOR},
    {"sensor", mjOBJ_SENSOR}, {"numeric", mjOBJ_NUMERIC}, {"text", mjOBJ_TEXT},
    {"tuple", mjOBJ_TUPLE}, {"key", mjOBJ_KEY}, {"plugin", mjOBJ_PLUGIN},
    {"frame", mjOBJ_FRAME}, {"default", mjOBJ_DEFAULT}, {"model", mjOBJ_MODEL}};

// the objects a frame sensor (and insidesite) can follow
const std::map<std::string, int> kFrameObjectTypes = {
    {"body", mjOBJ_BODY}, {"xbody", mjOBJ_XBODY}, {"geom", mjOBJ_GEOM}, {"site", mjOBJ_SITE},
    {"camera", mjOBJ_CAMERA}};

const std::map<std::string, int> kDataTypes = {
    {"real", mjDATATYPE_REAL}, {"positive", mjDATATYPE_POSITIVE}, {"axis", mjDATATYPE_AXIS},
    {"quaternion", mjDATATYPE_QUATERNION}};

const std::map<std::string, int> kStages = {
    {"none", mjSTAGE_NONE}, {"pos", mjSTAGE_POS}, {"vel", mjSTAGE_VEL}, {"acc", mjSTAGE_ACC}};

const std::map<std::string, int> kContactReductions = {
    {"none", 0}, {"mindist", 1}, {"maxforce", 2}, {"netforce", 3}};

const char* KeywordOf(const std::map<std::string, int>& table, int value) {
  for (const auto& [keyword, number] : table) {
    if (number == value) return keyword.c_str();
  }
  return nullptr;
}

const std::map<std::string, int> kFlexSelfCollide = {
    {"none", 0}, {"narrow", 1}, {"bvh", 2}, {"sap", 3}, {"auto", 4}};
const std::map<std::string, int> kElastic2D = {{"none", 0}, {"bend", 1}, {"stretch", 2}, {"both", 3}};

}  // namespace mjsim
