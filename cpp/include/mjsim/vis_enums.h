// vis_enums.h: the visualization enumerations the engine's API names (mjtLabel, mjtFrame,
// mjtVisFlag, mjtRndFlag), each one table in value order from 0, with the text the viewer shows
// for a value (mjLABELSTRING, mjFRAMESTRING) or, for a flag, its text, whether it is on by
// default (mjv_defaultOption, mjr_defaultScene) and its keyboard shortcut ("" for none):
// mjVISSTRING and mjRNDSTRING. The count closes each enum (mjNLABEL, ...).
#pragma once

namespace mjsim {

#define MJSIM_LABELS(X)                   \
  X(mjLABEL_NONE, "None")                 \
  X(mjLABEL_BODY, "Body")                 \
  X(mjLABEL_JOINT, "Joint")               \
  X(mjLABEL_GEOM, "Geom")                 \
  X(mjLABEL_SITE, "Site")                 \
  X(mjLABEL_CAMERA, "Camera")             \
  X(mjLABEL_LIGHT, "Light")               \
  X(mjLABEL_TENDON, "Tendon")             \
  X(mjLABEL_ACTUATOR, "Actuator")         \
  X(mjLABEL_CONSTRAINT, "Constraint")     \
  X(mjLABEL_FLEX, "Flex")                 \
  X(mjLABEL_SKIN, "Skin")                 \
  X(mjLABEL_SELECTION, "Selection")       \
  X(mjLABEL_SELPNT, "SelPoint")           \
  X(mjLABEL_CONTACTPOINT, "Contact")      \
  X(mjLABEL_CONTACTFORCE, "ContactForce") \
  X(mjLABEL_ISLAND, "Island")
#define MJSIM_FRAMES(X)         \
  X(mjFRAME_NONE, "None")       \
  X(mjFRAME_BODY, "Body")       \
  X(mjFRAME_GEOM, "Geom")       \
  X(mjFRAME_SITE, "Site")       \
  X(mjFRAME_CAMERA, "Camera")   \
  X(mjFRAME_LIGHT, "Light")     \
  X(mjFRAME_CONTACT, "Contact") \
  X(mjFRAME_WORLD, "World")
// X(flag, text, on by default, shortcut)
#define MJSIM_VIS_FLAGS(X)                       \
  X(mjVIS_CONVEXHULL, "Convex Hull", 0, "H")     \
  X(mjVIS_TEXTURE, "Texture", 1, "X")            \
  X(mjVIS_JOINT, "Joint", 0, "J")                \
  X(mjVIS_CAMERA, "Camera", 0, "Q")              \
  X(mjVIS_ACTUATOR, "Actuator", 0, "U")          \
  X(mjVIS_ACTIVATION, "Activation", 0, ",")      \
  X(mjVIS_LIGHT, "Light", 0, "Z")                \
  X(mjVIS_TENDON, "Tendon", 1, "V")              \
  X(mjVIS_RANGEFINDER, "Range Finder", 1, "Y")   \
  X(mjVIS_CONSTRAINT, "Equality", 0, "E")        \
  X(mjVIS_INERTIA, "Inertia", 0, "I")            \
  X(mjVIS_SCLINERTIA, "Scale Inertia", 0, "'")   \
  X(mjVIS_PERTFORCE, "Perturb Force", 0, "B")    \
  X(mjVIS_PERTOBJ, "Perturb Object", 1, "O")     \
  X(mjVIS_CONTACTPOINT, "Contact Point", 0, "C") \
  X(mjVIS_ISLAND, "Island", 0, "N")              \
  X(mjVIS_CONTACTFORCE, "Contact Force", 0, "F") \
  X(mjVIS_CONTACTSPLIT, "Contact Split", 0, "P") \
  X(mjVIS_TRANSPARENT, "Transparent", 0, "T")    \
  X(mjVIS_AUTOCONNECT, "Auto Connect", 0, "A")   \
  X(mjVIS_COM, "Center of Mass", 0, "M")         \
  X(mjVIS_SELECT, "Select Point", 0, "")         \
  X(mjVIS_STATIC, "Static Body", 1, "D")         \
  X(mjVIS_SKIN, "Skin", 1, ";")                  \
  X(mjVIS_FLEXVERT, "Flex Vert", 0, "")          \
  X(mjVIS_FLEXEDGE, "Flex Edge", 1, "")          \
  X(mjVIS_FLEXFACE, "Flex Face", 0, "")          \
  X(mjVIS_FLEXSKIN, "Flex Skin", 1, "")          \
  X(mjVIS_BODYBVH, "Body Tree", 0, "`")          \
  X(mjVIS_MESHBVH, "Mesh Tree", 0, "\\")         \
  X(mjVIS_SDFITER, "SDF iters", 0, "")
#define MJSIM_RND_FLAGS(X)                  \
  X(mjRND_SHADOW, "Shadow", 1, "S")         \
  X(mjRND_WIREFRAME, "Wireframe", 0, "W")   \
  X(mjRND_REFLECTION, "Reflection", 1, "R") \
  X(mjRND_ADDITIVE, "Additive", 0, "L")     \
  X(mjRND_SKYBOX, "Skybox", 1, "K")         \
  X(mjRND_FOG, "Fog", 0, "G")               \
  X(mjRND_HAZE, "Haze", 1, "/")             \
  X(mjRND_SEGMENT, "Segment", 0, ",")       \
  X(mjRND_IDCOLOR, "Id Color", 0, "")       \
  X(mjRND_CULL_FACE, "Cull Face", 1, "")

#define MJSIM_X(name, ...) name,
enum mjtLabel : int { MJSIM_LABELS(MJSIM_X) mjNLABEL };
enum mjtFrame : int { MJSIM_FRAMES(MJSIM_X) mjNFRAME };
enum mjtVisFlag : int { MJSIM_VIS_FLAGS(MJSIM_X) mjNVISFLAG };
enum mjtRndFlag : int { MJSIM_RND_FLAGS(MJSIM_X) mjNRNDFLAG };
#undef MJSIM_X

}  // namespace mjsim
