// vis.h: the abstract scene (mjv): what a renderer draws, as plain numbers, with no OpenGL.
// mjvOption (what to show), mjvGeom (one thing to draw), mjvLight, mjvGLCamera (an eye), and
// mjvScene (all of them for one frame), with mujoco 3.3.7's member names and defaults, each
// struct one table; then the functions that fill a scene from a Model and Data (vis/*.cc).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "mjsim/data.h"
#include "mjsim/model.h"
#include "mjsim/vis_enums.h"
#include "mjsim/visual.h"

namespace mjsim {

constexpr int mjNGROUP = 6;      // groups of geoms, sites, joints, ... a viewer toggles
constexpr int mjMAXLIGHT = 100;  // lights in a scene
constexpr int mjMAXLABEL = 100;  // characters of an mjvGeom label, with the terminating zero

// decorative geom types, after the model's (mjtGeom)
enum mjtGeomDecor : int {
  mjGEOM_ARROW = 100, mjGEOM_ARROW1, mjGEOM_ARROW2, mjGEOM_LINE, mjGEOM_LINEBOX, mjGEOM_FLEX,
  mjGEOM_SKIN, mjGEOM_LABEL, mjGEOM_TRIANGLE, mjGEOM_NONE = 1001
};
enum mjtCatBit : int { mjCAT_STATIC = 1, mjCAT_DYNAMIC = 2, mjCAT_DECOR = 4, mjCAT_ALL = 7 };
enum mjtCamera : int { mjCAMERA_FREE = 0, mjCAMERA_TRACKING, mjCAMERA_FIXED, mjCAMERA_USER };
enum mjtMouse : int {
  mjMOUSE_NONE = 0, mjMOUSE_ROTATE_V, mjMOUSE_ROTATE_H, mjMOUSE_MOVE_V, mjMOUSE_MOVE_H,
  mjMOUSE_ZOOM, mjMOUSE_MOVE_V_REL, mjMOUSE_MOVE_H_REL
};
enum mjtPertBit : int { mjPERT_TRANSLATE = 1, mjPERT_ROTATE = 2 };
enum mjtStereo : int { mjSTEREO_NONE = 0, mjSTEREO_QUADBUFFERED, mjSTEREO_SIDEBYSIDE };

// X(type, name, count, default values, doc)
#define MJSIM_VIS_OPTION_MEMBERS(X)                                                        \
  X(int,     label,         1,          (0),              "mjtLabel: which objects get labels") \
  X(int,     frame,         1,          (0),              "mjtFrame: which frames are drawn")  \
  X(uint8_t, geomgroup,     mjNGROUP,   (1, 1, 1, 0, 0, 0), "geoms shown, by group")          \
  X(uint8_t, sitegroup,     mjNGROUP,   (1, 1, 1, 0, 0, 0), "sites shown, by group")          \
  X(uint8_t, jointgroup,    mjNGROUP,   (1, 1, 1, 0, 0, 0), "joints shown, by group")         \
  X(uint8_t, tendongroup,   mjNGROUP,   (1, 1, 1, 0, 0, 0), "tendons shown, by group")        \
  X(uint8_t, actuatorgroup, mjNGROUP,   (1, 1, 1, 0, 0, 0), "actuators shown, by group")      \
  X(uint8_t, flexgroup,     mjNGROUP,   (1, 1, 1, 0, 0, 0), "flexes shown, by group")         \
  X(uint8_t, skingroup,     mjNGROUP,   (1, 1, 1, 0, 0, 0), "skins shown, by group")          \
  X(uint8_t, flags,         mjNVISFLAG, (MJSIM_VIS_FLAG_DEFAULTS), "mjtVisFlag: what is drawn") \
  X(int,     bvh_depth,     1,          (1),              "depth of the bounding volumes drawn") \
  X(int,     flex_layer,    1,          (0),              "element layer drawn of a 3D flex")
#define MJSIM_VIS_FLAG_DEFAULT(flag, text, on, shortcut) on,
#define MJSIM_VIS_FLAG_DEFAULTS MJSIM_VIS_FLAGS(MJSIM_VIS_FLAG_DEFAULT)

#define MJSIM_VIS_GEOM_MEMBERS(X)                                                          \
  X(int,     type,        1, (mjGEOM_NONE),  "mjtGeom, a model type or a decoration")        \
  X(int,     dataid,      1, (-1),           "mesh, hfield or plane id; -1: none")           \
  X(int,     objtype,     1, (0),            "mjtObj of the model object; 0 for decoration") \
  X(int,     objid,       1, (-1),           "id of the model object; -1 for decoration")    \
  X(int,     category,    1, (0),            "mjtCatBit")                                    \
  X(int,     matid,       1, (-1),           "material id; -1: none")                        \
  X(int,     texcoord,    1, (0),            "the mesh or flex has texture coordinates")     \
  X(int,     segid,       1, (0),            "index in the scene, for segmentation")         \
  X(float,   size,        3, (0, 0, 0),      "size parameters")                              \
  X(float,   pos,         3, (0, 0, 0),      "position in the world")                        \
  X(float,   mat,         9, (1, 0, 0, 0, 1, 0, 0, 0, 1), "orientation, row-major")          \
  X(float,   rgba,        4, (1, 1, 1, 1),   "colour and opacity")                           \
  X(float,   emission,    1, (0),            "emission coefficient")                         \
  X(float,   specular,    1, (0.5f),         "specular coefficient")                         \
  X(float,   shininess,   1, (0.5f),         "shininess coefficient")                        \
  X(float,   reflectance, 1, (0),            "reflectance coefficient")                      \
  X(char,    label,       mjMAXLABEL, (0),   "text label")                                   \
  X(float,   camdist,     1, (0),            "distance to the camera (the renderer sorts)")  \
  X(float,   modelrbound, 1, (0),            "the model geom's bounding radius; 0 otherwise") \
  X(uint8_t, transparent, 1, (0),            "drawn as transparent")

#define MJSIM_VIS_LIGHT_MEMBERS(X)                                                         \
  X(int,     id,          1, (-1),          "model light id; -1 for the headlight")          \
  X(float,   pos,         3, (0, 0, 0),     "position in the world")                         \
  X(float,   dir,         3, (0, 0, -1),    "direction in the world")                        \
  X(int,     type,        1, (0),           "mjtLightType")                                  \
  X(int,     texid,       1, (-1),          "texture of an image light; -1: none")           \
  X(float,   attenuation, 3, (1, 0, 0),     "constant, linear and quadratic attenuation")    \
  X(float,   cutoff,      1, (45),          "spot cutoff, degrees")                          \
  X(float,   exponent,    1, (10),          "spot exponent")                                 \
  X(float,   ambient,     3, (0, 0, 0),     "ambient rgb")                                   \
  X(float,   diffuse,     3, (0.7f, 0.7f, 0.7f), "diffuse rgb")                              \
  X(float,   specular,    3, (0.3f, 0.3f, 0.3f), "specular rgb")                             \
  X(uint8_t, headlight,   1, (0),           "the viewer's headlight")                        \
  X(uint8_t, castshadow,  1, (1),           "casts shadows")                                 \
  X(float,   bulbradius,  1, (0.02f),       "bulb radius, for soft shadows")                 \
  X(float,   intensity,   1, (0),           "intensity, candela")                            \
  X(float,   range,       1, (10),          "range of effectiveness")

#define MJSIM_VIS_GLCAMERA_MEMBERS(X)                                                      \
  X(float, pos,            3, (0, 0, 0), "eye position")                                     \
  X(float, forward,        3, (0, 0, 0), "view direction")                                   \
  X(float, up,             3, (0, 0, 0), "up direction")                                     \
  X(float, frustum_center, 1, (0),       "horizontal centre of the frustum")                 \
  X(float, frustum_width,  1, (0),       "width of the frustum (the renderer sets it)")      \
  X(float, frustum_bottom, 1, (0),       "bottom of the frustum at the near plane")          \
  X(float, frustum_top,    1, (0),       "top of the frustum at the near plane")             \
  X(float, frustum_near,   1, (0),       "near clip distance")                               \
  X(float, frustum_far,    1, (0),       "far clip distance")                                \
  X(int,   orthographic,   1, (0),       "1: parallel projection")

constexpr int mjMAXLINE = 100;      // lines of a figure
constexpr int mjMAXLINEPNT = 1001;  // points of a figure line

// mjvFigure: a 2D plot the renderer draws (mjr_figure); the defaults are mjv_defaultFigure's.
// Two-dimensional members are flat here (rows in the third column, for the Python views).
// X(type, name, count, rows, doc)
#define MJSIM_VIS_FIGURE_MEMBERS(X)                                                      \
  X(int,   flg_legend,    1, 1, "show legend")                                           \
  X(int,   flg_ticklabel, 2, 1, "show grid tick labels (x, y)")                           \
  X(int,   flg_extend,    1, 1, "automatically extend axis ranges to fit data")           \
  X(int,   flg_barplot,   1, 1, "isolated line segments (histogram)")                     \
  X(int,   flg_selection, 1, 1, "vertical selection line")                                \
  X(int,   flg_symmetric, 1, 1, "symmetric y-axis")                                       \
  X(float, linewidth,     1, 1, "line width")                                             \
  X(float, gridwidth,     1, 1, "grid line width")                                        \
  X(int,   gridsize,      2, 1, "number of grid points in (x, y)")                        \
  X(float, gridrgb,       3, 1, "grid line rgb")                                          \
  X(float, figurergba,    4, 1, "figure color and alpha")                                 \
  X(float, panergba,      4, 1, "pane color and alpha")                                   \
  X(float, legendrgba,    4, 1, "legend color and alpha")                                 \
  X(float, textrgb,       3, 1, "text color")                                             \
  X(float, linergb,       3 * mjMAXLINE, mjMAXLINE, "line colors")                        \
  X(float, range,         4, 2, "axis ranges; (min >= max) automatic")                    \
  X(char,  xformat,       20, 1, "x-tick label format for sprintf")                       \
  X(char,  yformat,       20, 1, "y-tick label format for sprintf")                       \
  X(char,  minwidth,      20, 1, "string used to determine min y-tick width")             \
  X(char,  title,         1000, 1, "figure title")                                        \
  X(char,  xlabel,        100, 1, "x-axis label")                                         \
  X(char,  linename,      100 * mjMAXLINE, mjMAXLINE, "line names for legend")            \
  X(int,   legendoffset,  1, 1, "number of lines to offset legend")                       \
  X(int,   subplot,       1, 1, "selected subplot (for title rendering)")                 \
  X(int,   highlight,     2, 1, "if point is in legend rect, highlight line")             \
  X(int,   highlightid,   1, 1, "if id>=0 and in range, highlight id")                    \
  X(float, selection,     1, 1, "selection line x-value")                                 \
  X(int,   linepnt,       mjMAXLINE, 1, "number of points in line; (0) disable")          \
  X(float, linedata,      2 * mjMAXLINEPNT * mjMAXLINE, mjMAXLINE, "line data (x,y)")     \
  X(int,   xaxispixel,    2, 1, "range of x-axis in pixels")                              \
  X(int,   yaxispixel,    2, 1, "range of y-axis in pixels")                              \
  X(float, xaxisdata,     2, 1, "range of x-axis in data units")                          \
  X(float, yaxisdata,     2, 1, "range of y-axis in data units")

struct VisFigure {
#define MJSIM_X(type, name, count, rows, doc) typename MemberStorage<type, count>::Storage name;
  MJSIM_VIS_FIGURE_MEMBERS(MJSIM_X)
#undef MJSIM_X
};
// mjv_defaultFigure
void DefaultFigure(VisFigure& fig);

#define MJSIM_VIS_DEFAULT_MEMBER(type, name, count, values, doc) \
  typename MemberStorage<type, count>::Storage name = {MJSIM_VISUAL_UNPAREN values};
struct VisOption {
  MJSIM_VIS_OPTION_MEMBERS(MJSIM_VIS_DEFAULT_MEMBER)
};
struct VisGeom {
  MJSIM_VIS_GEOM_MEMBERS(MJSIM_VIS_DEFAULT_MEMBER)
};
struct VisLight {
  MJSIM_VIS_LIGHT_MEMBERS(MJSIM_VIS_DEFAULT_MEMBER)
};
struct VisGLCamera {
  MJSIM_VIS_GLCAMERA_MEMBERS(MJSIM_VIS_DEFAULT_MEMBER)
};
#undef MJSIM_VIS_DEFAULT_MEMBER

#define MJSIM_RND_FLAG_DEFAULT(flag, text, on, shortcut) on,
#define MJSIM_RND_FLAG_DEFAULTS MJSIM_RND_FLAGS(MJSIM_RND_FLAG_DEFAULT)

// mjvScene: the geoms (up to maxgeom), lights and the two eyes of one frame, and how the
// renderer transforms and draws them. Skin vertices are per model skin (nskin of the model the
// scene was made for).
// X(type, name, default, access): numbers; access ReadOnly or ReadWrite from Python
#define MJSIM_VIS_SCENE_NUMBERS(X)                                                          \
  X(int,     maxgeom,         0,             ReadOnly,  "size of the geom buffer")          \
  X(int,     ngeom,           0,             ReadWrite, "geoms in the buffer")              \
  X(int,     nlight,          0,             ReadWrite, "lights in the buffer")             \
  X(uint8_t, enabletransform, 0,             ReadWrite, "apply the model transformation")   \
  X(float,   scale,           1,             ReadWrite, "model scaling")                    \
  X(int,     stereo,          mjSTEREO_NONE, ReadWrite, "mjtStereo")                        \
  X(int,     framewidth,      0,             ReadWrite, "frame pixel width; 0: no frame")   \
  X(int,     status,          0,             ReadWrite, "1: more geoms than maxgeom were offered") \
  X(int,     nskin,           0,             ReadOnly,  "skins of the model")               \
  X(int,     nflex,           0,             ReadOnly,  "flexes of the model")              \
  X(uint8_t, flexvertopt,     0,             ReadWrite, "copy of mjVIS_FLEXVERT")           \
  X(uint8_t, flexedgeopt,     0,             ReadWrite, "copy of mjVIS_FLEXEDGE")           \
  X(uint8_t, flexfaceopt,     0,             ReadWrite, "copy of mjVIS_FLEXFACE")           \
  X(uint8_t, flexskinopt,     0,             ReadWrite, "copy of mjVIS_FLEXSKIN")
// X(type, name, count, default values): fixed arrays, NumPy views
#define MJSIM_VIS_SCENE_ARRAYS(X)                                                           \
  X(float,   translate, 3,          (0, 0, 0))                                              \
  X(float,   rotate,    4,          (1, 0, 0, 0))                                           \
  X(uint8_t, flags,     mjNRNDFLAG, (MJSIM_RND_FLAG_DEFAULTS))                              \
  X(float,   framergb,  3,          (0, 0, 0))
// X(type, name): buffers sized at creation (geomorder: maxgeom; skin and flex arrays: the model)
#define MJSIM_VIS_SCENE_BUFFERS(X)                                                          \
  X(int, geomorder) X(int, skinfacenum) X(int, skinvertadr) X(int, skinvertnum)             \
  X(float, skinvert) X(float, skinnormal) X(int, flexedgeadr) X(int, flexedgenum)           \
  X(int, flexvertadr) X(int, flexvertnum) X(int, flexfaceadr) X(int, flexfacenum)           \
  X(int, flexfaceused) X(int, flexedge) X(float, flexvert) X(float, flexface)               \
  X(float, flexnormal) X(float, flextexcoord)

struct VisScene {
#define MJSIM_X(type, name, value, access, doc) type name = value;
  MJSIM_VIS_SCENE_NUMBERS(MJSIM_X)
#undef MJSIM_X
#define MJSIM_X(type, name, count, values) type name[count] = {MJSIM_VISUAL_UNPAREN values};
  MJSIM_VIS_SCENE_ARRAYS(MJSIM_X)
#undef MJSIM_X
#define MJSIM_X(type, name) std::vector<type> name;
  MJSIM_VIS_SCENE_BUFFERS(MJSIM_X)
#undef MJSIM_X
  std::vector<VisGeom> geoms;  // maxgeom
  // mjv_updateSkin's working space, 7 numbers per vertex of the largest skin (not in mjvScene)
  std::vector<mjtNum> skin_scratch;
  VisLight lights[mjMAXLIGHT];
  VisGLCamera camera[2];       // left and right eye
};
// mjv_makeScene: a scene for `m` with room for `maxgeom` geoms (m null: an empty scene)
VisScene MakeScene(const Model* m, int maxgeom);

// ---- cameras (vis/camera.cc) ------------------------------------------------------------------
// mjv_defaultFreeCamera: the free camera looking at the model's centre from its <visual> angles
void DefaultFreeCamera(const Model& m, VisCamera& cam);
// mjv_updateCamera: the scene's two eyes (and frustum) from an abstract camera
void UpdateCamera(const Model& m, const Data& d, VisCamera& cam, VisScene& scn);
// mjv_moveCamera: a mouse motion (dx, dy as fractions of the window height) applied to `cam`
void MoveCamera(const Model& m, int action, mjtNum reldx, mjtNum reldy, const VisScene& scn,
                VisCamera& cam);
// mjv_frustumHeight: the frustum's height at unit distance
mjtNum FrustumHeight(const VisScene& scn);
// mjv_averageCamera: the middle of the two eyes
VisGLCamera AverageCamera(const VisGLCamera& a, const VisGLCamera& b);
// mjv_alignToCamera: `vec` (x right, y forward) turned into the world as the camera sees it
void AlignToCamera(mjtNum res[3], const mjtNum vec[3], const mjtNum forward[3]);
// mjv_room2model / mjv_model2room: poses between the room and the model transform
void RoomToModel(mjtNum modelpos[3], mjtNum modelquat[4], const mjtNum roompos[3],
                 const mjtNum roomquat[4], const VisScene& scn);
void ModelToRoom(mjtNum roompos[3], mjtNum roomquat[4], const mjtNum modelpos[3],
                 const mjtNum modelquat[4], const VisScene& scn);
// mjv_cameraInModel / mjv_cameraInRoom: the average eye in model or room coordinates
void CameraInModel(mjtNum headpos[3], mjtNum forward[3], mjtNum up[3], const VisScene& scn);
void CameraInRoom(mjtNum headpos[3], mjtNum forward[3], mjtNum up[3], const VisScene& scn);

// ---- perturbation and model motion (vis/perturb.cc) -------------------------------------------
// mjv_initPerturb: the reference pose, selection point, localmass and scale of the selected body
void InitPerturb(const Model& m, const Data& d, const VisScene& scn, VisPerturb& pert);
// mjv_movePerturb: a mouse motion (fractions of the window height) of the reference pose
void MovePerturb(const Model& m, const Data& d, int action, mjtNum reldx, mjtNum reldy,
                 const VisScene& scn, VisPerturb& pert);
// mjv_applyPerturbForce: the springs pulling the selected body to its reference, written into
// d.xfrc_applied
void ApplyPerturbForce(const Model& m, Data& d, const VisPerturb& pert);
// mjv_applyPerturbPose: the reference pose given to a mocap body, or (when paused) to the free
// joint of the selected body's root
void ApplyPerturbPose(const Model& m, Data& d, const VisPerturb& pert, int flg_paused);
// mjv_moveModel: a mouse motion of the model's room transform (scn.translate, rotate, scale)
void MoveModel(const Model& m, int action, mjtNum reldx, mjtNum reldy, const mjtNum roomup[3],
               VisScene& scn);
// mj_printFormattedScene: the scene as text (float_format null or invalid: the default);
// false when the file cannot be written
bool PrintFormattedScene(const VisScene& scn, const char* filename, const char* float_format);

// ---- scene contents (vis/*.cc) ----------------------------------------------------------------
// mjv_initGeom: a geom of `type` with the given values (nullptr: the defaults)
void InitGeom(VisGeom& geom, int type, const mjtNum size[3], const mjtNum pos[3],
              const mjtNum mat[9], const float rgba[4]);
// mjv_connector: a capsule, cylinder, line or arrow of `width` from `from` to `to`
void Connector(VisGeom& geom, int type, mjtNum width, const mjtNum from[3], const mjtNum to[3]);
// mjv_addGeoms: the model's geoms, sites, tendons (and decorations) of the categories in
// `catmask` appended to the scene
void AddGeoms(const Model& m, const Data& d, const VisOption& opt, const VisPerturb* pert,
              int catmask, VisScene& scn);
// mjv_updateSkin: the scene's skin vertices and normals for this state
void UpdateSkin(const Model& m, const Data& d, VisScene& scn);
// mjv_makeLights: the headlight (when active) and the model's active lights
void MakeLights(const Model& m, const Data& d, VisScene& scn);
// mjv_select: the body (or -1) whose geom the ray through window point (relx, rely) hits first,
// with the point and geom; flexes and skins are not hit yet (ids -1)
int Select(const Model& m, const Data& d, const VisOption& opt, mjtNum aspectratio, mjtNum relx,
           mjtNum rely, const VisScene& scn, mjtNum selpnt[3], int* geomid, int* flexid,
           int* skinid);
// mjv_updateScene: geoms, lights and cameras for this state
void UpdateScene(const Model& m, const Data& d, const VisOption& opt, const VisPerturb* pert,
                 VisCamera& cam, int catmask, VisScene& scn);

}  // namespace mjsim
