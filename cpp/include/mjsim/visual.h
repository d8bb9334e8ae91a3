// visual.h: mjVisual (rendering settings, <visual>) and mjStatistic (model statistics,
// <statistic>), with MuJoCo's member names and defaults. The tables below declare the structs,
// the XML attributes that set them (xml/read_custom.cc) and the Python properties (m.vis, m.stat).
#pragma once

#include "mjsim/types.h"

// One table per mjVisual section: X(type, name, count, kind, default values, doc).
// kind says how MJCF writes it: Real, Int, or Bool ("true"/"false" stored as 0/1); count > 1 is
// an array attribute.
#define MJSIM_VISUAL_GLOBAL(X)                                                                  \
  X(int,   cameraid,         1, Int,  (-1),    "camera shown at start; -1 for the free camera")                     \
  X(int,   orthographic,     1, Bool, (0),     "free camera uses an orthographic projection")                 \
  X(float, fovy,             1, Real, (45),    "vertical view angle of the free camera, in degrees")        \
  X(float, ipd,              1, Real, (0.068f), "eye separation of the free camera for stereo")        \
  X(float, azimuth,          1, Real, (90),    "free camera's starting azimuth, in degrees")        \
  X(float, elevation,        1, Real, (-45),   "free camera's starting elevation, in degrees")      \
  X(float, linewidth,        1, Real, (1),     "width of wireframe and ray lines")      \
  X(float, glow,             1, Real, (0.3f),  "brightness boost of the selected body")              \
  X(float, realtime,         1, Real, (1),     "starting speed relative to wall-clock time")         \
  X(int,   offwidth,         1, Int,  (640),   "width of offscreen buffer")                       \
  X(int,   offheight,        1, Int,  (480),   "height of offscreen buffer")                      \
  X(int,   ellipsoidinertia, 1, Bool, (0),     "draw inertias as ellipsoids (1) rather than boxes (0)") \
  X(int,   bvactive,         1, Bool, (1),     "visualize active bounding volumes")
#define MJSIM_VISUAL_QUALITY(X)                                                                 \
  X(int, shadowsize, 1, Int, (4096), "size of shadowmap texture")                                \
  X(int, offsamples, 1, Int, (4),    "multisampling level of offscreen buffers")           \
  X(int, numslices,  1, Int, (28),   "angular subdivisions of round geoms")                \
  X(int, numstacks,  1, Int, (16),   "subdivisions along the axis of round geoms")                \
  X(int, numquads,   1, Int, (4),    "subdivisions per box face")
#define MJSIM_VISUAL_HEADLIGHT(X)                                                               \
  X(float, ambient,  3, Real, (0.1f, 0.1f, 0.1f), "ambient rgb (alpha=1)")                       \
  X(float, diffuse,  3, Real, (0.4f, 0.4f, 0.4f), "diffuse rgb (alpha=1)")                       \
  X(float, specular, 3, Real, (0.5f, 0.5f, 0.5f), "specular rgb (alpha=1)")                      \
  X(int,   active,   1, Int,  (1),                "is headlight active")
#define MJSIM_VISUAL_MAP(X)                                                                     \
  X(float, stiffness,      1, Real, (100),    "spring constant of mouse perturbation, translation")     \
  X(float, stiffnessrot,   1, Real, (500),    "spring constant of mouse perturbation, rotation")    \
  X(float, force,          1, Real, (0.005f), "length per newton when drawing forces")                 \
  X(float, torque,         1, Real, (0.1f),   "length per newton-meter when drawing torques")                \
  X(float, alpha,          1, Real, (0.3f),   "multiplier of geom alpha in transparent mode")  \
  X(float, fogstart,       1, Real, (3),      "fog start distance, in units of stat.extent") \
  X(float, fogend,         1, Real, (10),     "fog end distance, in units of stat.extent") \
  X(float, znear,          1, Real, (0.01f),  "near clip distance, in units of stat.extent") \
  X(float, zfar,           1, Real, (50),     "far clip distance, in units of stat.extent") \
  X(float, haze,           1, Real, (0.3f),   "haze ratio")                                      \
  X(float, shadowclip,     1, Real, (1),      "shadow range of directional lights, in units of stat.extent") \
  X(float, shadowscale,    1, Real, (0.6f),   "shadow cone of spot lights, as a fraction of their cutoff")          \
  X(float, actuatortendon, 1, Real, (2),      "scale tendon width")
#define MJSIM_VISUAL_SCALE(X)                                                                   \
  X(float, forcewidth,     1, Real, (0.1f), "width of force arrow")                              \
  X(float, contactwidth,   1, Real, (0.3f), "contact width")                                     \
  X(float, contactheight,  1, Real, (0.1f), "contact height")                                    \
  X(float, connect,        1, Real, (0.2f), "autoconnect capsule width")                         \
  X(float, com,            1, Real, (0.4f), "com radius")                                        \
  X(float, camera,         1, Real, (0.3f), "camera object")                                     \
  X(float, light,          1, Real, (0.3f), "light object")                                      \
  X(float, selectpoint,    1, Real, (0.2f), "selection point")                                   \
  X(float, jointlength,    1, Real, (1),    "joint length")                                      \
  X(float, jointwidth,     1, Real, (0.1f), "joint width")                                       \
  X(float, actuatorlength, 1, Real, (0.7f), "actuator length")                                   \
  X(float, actuatorwidth,  1, Real, (0.2f), "actuator width")                                    \
  X(float, framelength,    1, Real, (1),    "bodyframe axis length")                             \
  X(float, framewidth,     1, Real, (0.1f), "bodyframe axis width")                              \
  X(float, constraint,     1, Real, (0.1f), "constraint width")                                  \
  X(float, slidercrank,    1, Real, (0.2f), "slidercrank width")                                 \
  X(float, frustum,        1, Real, (10),   "frustum zfar plane")
#define MJSIM_VISUAL_RGBA(X)                                                                    \
  X(float, fog,              4, Real, (0, 0, 0, 1),           "fog")                             \
  X(float, haze,             4, Real, (1, 1, 1, 1),           "haze")                            \
  X(float, force,            4, Real, (1, 0.5f, 0.5f, 1),     "external force")                  \
  X(float, inertia,          4, Real, (0.8f, 0.2f, 0.2f, 0.6f), "inertia box")                   \
  X(float, joint,            4, Real, (0.2f, 0.6f, 0.8f, 1),  "joint")                           \
  X(float, actuator,         4, Real, (0.2f, 0.25f, 0.2f, 1), "actuator, neutral")               \
  X(float, actuatornegative, 4, Real, (0.2f, 0.6f, 0.9f, 1),  "actuator, negative limit")        \
  X(float, actuatorpositive, 4, Real, (0.9f, 0.4f, 0.2f, 1),  "actuator, positive limit")        \
  X(float, com,              4, Real, (0.9f, 0.9f, 0.9f, 1),  "center of mass")                  \
  X(float, camera,           4, Real, (0.6f, 0.9f, 0.6f, 1),  "camera object")                   \
  X(float, light,            4, Real, (0.6f, 0.6f, 0.9f, 1),  "light object")                    \
  X(float, selectpoint,      4, Real, (0.9f, 0.9f, 0.1f, 1),  "selection point")                 \
  X(float, connect,          4, Real, (0.2f, 0.2f, 0.8f, 1),  "auto connect")                    \
  X(float, contactpoint,     4, Real, (0.9f, 0.6f, 0.2f, 1),  "contact point")                   \
  X(float, contactforce,     4, Real, (0.7f, 0.9f, 0.9f, 1),  "contact force")                   \
  X(float, contactfriction,  4, Real, (0.9f, 0.8f, 0.4f, 1),  "contact friction force")          \
  X(float, contacttorque,    4, Real, (0.9f, 0.7f, 0.9f, 1),  "contact torque")                  \
  X(float, contactgap,       4, Real, (0.5f, 0.8f, 0.9f, 1),  "contact point in gap")            \
  X(float, rangefinder,      4, Real, (1, 1, 0.1f, 1),        "rangefinder ray")                 \
  X(float, constraint,       4, Real, (0.9f, 0, 0, 1),        "constraint")                      \
  X(float, slidercrank,      4, Real, (0.5f, 0.3f, 0.8f, 1),  "slidercrank")                     \
  X(float, crankbroken,      4, Real, (0.9f, 0, 0, 1),        "color of a slider-crank whose rod cannot reach") \
  X(float, frustum,          4, Real, (1, 1, 0, 0.2f),        "camera frustum")                  \
  X(float, bv,               4, Real, (0, 1, 0, 0.5f),        "bounding volume")                 \
  X(float, bvactive,         4, Real, (1, 0, 0, 0.5f),        "active bounding volume")

// The sections in mjVisual order: X(Struct, member, xml tag, table)
#define MJSIM_VISUAL_SECTIONS(X)                                    \
  X(VisualGlobal, global, "global", MJSIM_VISUAL_GLOBAL)             \
  X(VisualQuality, quality, "quality", MJSIM_VISUAL_QUALITY)         \
  X(VisualHeadlight, headlight, "headlight", MJSIM_VISUAL_HEADLIGHT) \
  X(VisualMap, map, "map", MJSIM_VISUAL_MAP)                         \
  X(VisualScale, scale, "scale", MJSIM_VISUAL_SCALE)                 \
  X(VisualRgba, rgba, "rgba", MJSIM_VISUAL_RGBA)

// mjStatistic: X(type, name, count, doc). Computed by the compiler unless <statistic> sets them.
#define MJSIM_STATISTIC_FIELDS(X)                                              \
  X(mjtNum, meaninertia, 1, "mean diagonal inertia")                           \
  X(mjtNum, meanmass,    1, "mean body mass")                                  \
  X(mjtNum, meansize,    1, "mean body size")                                  \
  X(mjtNum, extent,      1, "spatial extent")                                  \
  X(mjtNum, center,      3, "center of model")

// mjvCamera: how a viewer looks at the scene (mjv_defaultCamera's values):
// X(type, name, count, default values, doc)
#define MJSIM_VIS_CAMERA_MEMBERS(X)                                                       \
  X(int,    type,         1, (0),  "mjtCamera: free, tracking, fixed or user")            \
  X(int,    fixedcamid,   1, (-1), "the model camera of a fixed view")                     \
  X(int,    trackbodyid,  1, (-1), "the body a tracking view follows; -1: none")           \
  X(mjtNum, lookat,       3, (0),  "the point the free or tracking view aims at")          \
  X(mjtNum, distance,     1, (2),  "how far the view is from lookat")                      \
  X(mjtNum, azimuth,      1, (90), "the view's horizontal angle, degrees")                 \
  X(mjtNum, elevation,    1, (-45), "the view's vertical angle, degrees")                  \
  X(int,    orthographic, 1, (0),  "1: parallel projection, 0: perspective")
// mjvPerturb: the body a user grabbed and where they pull it (mjv_defaultPerturb's values)
#define MJSIM_VIS_PERTURB_MEMBERS(X)                                                      \
  X(int,    select,     1, (0),          "the selected body; 0: none")                     \
  X(int,    flexselect, 1, (-1),         "the selected flex; -1: none")                    \
  X(int,    skinselect, 1, (-1),         "the selected skin; -1: none")                    \
  X(int,    active,     1, (0),          "mjtPertBit: what the perturbation moves")        \
  X(int,    active2,    1, (0),          "mjtPertBit of a second perturbation")            \
  X(mjtNum, refpos,     3, (0),          "where the selection is pulled to")               \
  X(mjtNum, refquat,    4, (1, 0, 0, 0), "the orientation it is turned to")                \
  X(mjtNum, refselpos,  3, (0),          "the picked point when the selection was made")   \
  X(mjtNum, localpos,   3, (0),          "the picked point in the body's frame")           \
  X(mjtNum, localmass,  1, (0),          "the selected body's subtree mass (spring scale)") \
  X(mjtNum, scale,      1, (1),          "scale of the drawn perturbation")

namespace mjsim {


#define MJSIM_VISUAL_MEMBER(type, name, count, kind, values, doc) \
  typename MemberStorage<type, count>::Storage name = {MJSIM_VISUAL_UNPAREN values};
#define MJSIM_VISUAL_UNPAREN(...) __VA_ARGS__
#define MJSIM_VISUAL_STRUCT(Struct, member, tag, TABLE) \
  struct Struct {                                       \
    TABLE(MJSIM_VISUAL_MEMBER)                          \
  };
MJSIM_VISUAL_SECTIONS(MJSIM_VISUAL_STRUCT)
#undef MJSIM_VISUAL_STRUCT
#undef MJSIM_VISUAL_MEMBER

struct Visual {
#define MJSIM_VISUAL_SECTION(Struct, member, tag, TABLE) Struct member;
  MJSIM_VISUAL_SECTIONS(MJSIM_VISUAL_SECTION)
#undef MJSIM_VISUAL_SECTION
};

#define MJSIM_VIS_DEFAULT_MEMBER(type, name, count, values, doc) \
  typename MemberStorage<type, count>::Storage name = {MJSIM_VISUAL_UNPAREN values};
struct VisCamera {
  MJSIM_VIS_CAMERA_MEMBERS(MJSIM_VIS_DEFAULT_MEMBER)
};
struct VisPerturb {
  MJSIM_VIS_PERTURB_MEMBERS(MJSIM_VIS_DEFAULT_MEMBER)
};
#undef MJSIM_VIS_DEFAULT_MEMBER

struct Statistic {
#define MJSIM_X(type, name, count, doc) typename MemberStorage<type, count>::Storage name = {};
  MJSIM_STATISTIC_FIELDS(MJSIM_X)
#undef MJSIM_X
};

}  // namespace mjsim
