// gl_api.h: the OpenGL entry points and constants the renderer uses. They are declared here,
// not taken from system headers, so the build needs no GL development files; the values are the
// OpenGL registry's (gl.xml). Entry points are loaded at run time through the current context's
// GetProcAddress (gl_loader.cc): the library links no GL, and `import mjsim` works without one.
//
// MJSIM_GL_FUNCTIONS is the one list of entry points: the table `gl` of pointers and its loader
// expand from it. `gl.Clear(...)` calls glClear.
#pragma once
#include <cstddef>
#include <string>

#if defined(_WIN32)
#define MJSIM_GLAPI __stdcall
#else
#define MJSIM_GLAPI
#endif

namespace mjsim::glapi {

using GLenum = unsigned int;
using GLuint = unsigned int;
using GLint = int;
using GLsizei = int;
using GLfloat = float;
using GLdouble = double;
using GLboolean = unsigned char;
using GLbitfield = unsigned int;
using GLubyte = unsigned char;

// X(return type, name without the gl prefix, parameters)
#define MJSIM_GL_FUNCTIONS(X)                                                                  \
  X(GLenum, GetError, ())                                                                      \
  X(const GLubyte*, GetString, (GLenum name))                                                  \
  X(void, GetIntegerv, (GLenum pname, GLint* data))                                            \
  X(void, Enable, (GLenum cap))                                                                \
  X(void, Disable, (GLenum cap))                                                               \
  X(GLboolean, IsEnabled, (GLenum cap))                                                        \
  X(void, Clear, (GLbitfield mask))                                                            \
  X(void, ClearColor, (GLfloat r, GLfloat g, GLfloat b, GLfloat a))                           \
  X(void, ClearDepth, (GLdouble depth))                                                        \
  X(void, Viewport, (GLint x, GLint y, GLsizei width, GLsizei height))                         \
  X(void, Scissor, (GLint x, GLint y, GLsizei width, GLsizei height))                          \
  X(void, MatrixMode, (GLenum mode))                                                           \
  X(void, LoadIdentity, ())                                                                    \
  X(void, LoadMatrixf, (const GLfloat* m))                                                     \
  X(void, MultMatrixf, (const GLfloat* m))                                                     \
  X(void, PushMatrix, ())                                                                      \
  X(void, PopMatrix, ())                                                                       \
  X(void, Frustum, (GLdouble l, GLdouble r, GLdouble b, GLdouble t, GLdouble n, GLdouble f))   \
  X(void, Ortho, (GLdouble l, GLdouble r, GLdouble b, GLdouble t, GLdouble n, GLdouble f))     \
  X(void, Translatef, (GLfloat x, GLfloat y, GLfloat z))                                       \
  X(void, Scalef, (GLfloat x, GLfloat y, GLfloat z))                                           \
  X(void, Lightfv, (GLenum light, GLenum pname, const GLfloat* params))                        \
  X(void, Lightf, (GLenum light, GLenum pname, GLfloat param))                                 \
  X(void, LightModelfv, (GLenum pname, const GLfloat* params))                                 \
  X(void, LightModeli, (GLenum pname, GLint param))                                            \
  X(void, Materialfv, (GLenum face, GLenum pname, const GLfloat* params))                      \
  X(void, Materialf, (GLenum face, GLenum pname, GLfloat param))                               \
  X(void, Color4f, (GLfloat r, GLfloat g, GLfloat b, GLfloat a))                               \
  X(void, Color4ub, (GLubyte r, GLubyte g, GLubyte b, GLubyte a))                              \
  X(void, ShadeModel, (GLenum mode))                                                           \
  X(void, Begin, (GLenum mode))                                                                \
  X(void, End, ())                                                                             \
  X(void, Normal3f, (GLfloat x, GLfloat y, GLfloat z))                                         \
  X(void, Normal3fv, (const GLfloat* v))                                                       \
  X(void, Vertex3f, (GLfloat x, GLfloat y, GLfloat z))                                         \
  X(void, Vertex3fv, (const GLfloat* v))                                                       \
  X(void, Vertex2f, (GLfloat x, GLfloat y))                                                    \
  X(GLuint, GenLists, (GLsizei range))                                                         \
  X(void, NewList, (GLuint list, GLenum mode))                                                 \
  X(void, EndList, ())                                                                         \
  X(void, CallList, (GLuint list))                                                             \
  X(void, DeleteLists, (GLuint list, GLsizei range))                                           \
  X(void, BlendFunc, (GLenum sfactor, GLenum dfactor))                                         \
  X(void, DepthFunc, (GLenum func))                                                            \
  X(void, DepthMask, (GLboolean flag))                                                         \
  X(void, CullFace, (GLenum mode))                                                             \
  X(void, FrontFace, (GLenum mode))                                                            \
  X(void, Hint, (GLenum target, GLenum mode))                                                  \
  X(void, LineWidth, (GLfloat width))                                                          \
  X(void, ReadPixels, (GLint x, GLint y, GLsizei w, GLsizei h, GLenum format, GLenum type,     \
                       void* pixels))                                                          \
  X(void, ReadBuffer, (GLenum mode))                                                           \
  X(void, DrawBuffer, (GLenum mode))                                                           \
  X(void, PixelStorei, (GLenum pname, GLint param))                                            \
  X(void, DrawPixels, (GLsizei w, GLsizei h, GLenum format, GLenum type, const void* pixels))  \
  X(void, RasterPos2i, (GLint x, GLint y))                                                     \
  X(void, ColorMask, (GLboolean r, GLboolean g, GLboolean b, GLboolean a))                     \
  X(void, PolygonMode, (GLenum face, GLenum mode))                                             \
  X(void, TexGeni, (GLenum coord, GLenum pname, GLint param))                                  \
  X(void, TexGenfv, (GLenum coord, GLenum pname, const GLfloat* params))                       \
  X(void, GenTextures, (GLsizei n, GLuint* ids))                                               \
  X(void, DeleteTextures, (GLsizei n, const GLuint* ids))                                      \
  X(void, BindTexture, (GLenum target, GLuint texture))                                        \
  X(void, TexImage2D, (GLenum target, GLint level, GLint internal, GLsizei w, GLsizei h,        \
                       GLint border, GLenum format, GLenum type, const void* pixels))          \
  X(void, TexParameteri, (GLenum target, GLenum pname, GLint param))                           \
  X(void, TexEnvi, (GLenum target, GLenum pname, GLint param))                                 \
  X(void, GenerateMipmap, (GLenum target))                                                     \
  X(void, TexCoord2f, (GLfloat s, GLfloat t))                                                  \
  X(void, TexCoord2fv, (const GLfloat* v))                                                     \
  X(void, TexCoord3f, (GLfloat s, GLfloat t, GLfloat r))                                       \
  X(void, StencilFunc, (GLenum func, GLint ref, GLuint mask))                                  \
  X(void, StencilOp, (GLenum fail, GLenum zfail, GLenum zpass))                                \
  X(void, ClearStencil, (GLint s))                                                             \
  X(void, ClipPlane, (GLenum plane, const GLdouble* equation))                                 \
  X(void, Finish, ())                                                                          \
  X(void, ClipControl, (GLenum origin, GLenum depth))                                          \
  X(void, GenFramebuffers, (GLsizei n, GLuint* ids))                                           \
  X(void, DeleteFramebuffers, (GLsizei n, const GLuint* ids))                                  \
  X(void, BindFramebuffer, (GLenum target, GLuint framebuffer))                                \
  X(void, GenRenderbuffers, (GLsizei n, GLuint* ids))                                          \
  X(void, DeleteRenderbuffers, (GLsizei n, const GLuint* ids))                                 \
  X(void, BindRenderbuffer, (GLenum target, GLuint renderbuffer))                              \
  X(void, RenderbufferStorage, (GLenum target, GLenum format, GLsizei w, GLsizei h))          \
  X(void, RenderbufferStorageMultisample, (GLenum target, GLsizei samples, GLenum format,      \
                                           GLsizei w, GLsizei h))                              \
  X(void, FramebufferRenderbuffer, (GLenum target, GLenum attachment, GLenum rbtarget,         \
                                    GLuint renderbuffer))                                      \
  X(GLenum, CheckFramebufferStatus, (GLenum target))                                           \
  X(void, BlitFramebuffer, (GLint sx0, GLint sy0, GLint sx1, GLint sy1, GLint dx0, GLint dy0,  \
                            GLint dx1, GLint dy1, GLbitfield mask, GLenum filter))

struct Api {
#define MJSIM_X(ret, name, params) ret(MJSIM_GLAPI* name) params = nullptr;
  MJSIM_GL_FUNCTIONS(MJSIM_X)
#undef MJSIM_X
};
// the entry points of the current context's driver (LoadApi fills them)
extern Api gl;

using ProcLookup = void* (*)(const char* name);
// Fills `gl` through `lookup`; false (and the first missing name in `missing`) when an entry
// point is absent.
bool LoadApi(ProcLookup lookup, std::string* missing);

// ---- constants ----------------------------------------------------------------------------
constexpr GLenum GL_NO_ERROR = 0, GL_VERSION = 0x1F02, GL_RENDERER = 0x1F01;
constexpr GLenum GL_POINTS = 0x0000, GL_LINES = 0x0001, GL_LINE_LOOP = 0x0002,
                 GL_LINE_STRIP = 0x0003, GL_TRIANGLES = 0x0004, GL_TRIANGLE_STRIP = 0x0005,
                 GL_TRIANGLE_FAN = 0x0006, GL_QUADS = 0x0007, GL_QUAD_STRIP = 0x0008;
constexpr GLbitfield GL_DEPTH_BUFFER_BIT = 0x0100, GL_STENCIL_BUFFER_BIT = 0x0400,
                     GL_COLOR_BUFFER_BIT = 0x4000;
constexpr GLenum GL_DEPTH_TEST = 0x0B71, GL_LIGHTING = 0x0B50, GL_LIGHT0 = 0x4000,
                 GL_NORMALIZE = 0x0BA1, GL_BLEND = 0x0BE2, GL_CULL_FACE = 0x0B44,
                 GL_SCISSOR_TEST = 0x0C11, GL_MULTISAMPLE = 0x809D, GL_COLOR_MATERIAL = 0x0B57,
                 GL_DITHER = 0x0BD0;
constexpr GLenum GL_MODELVIEW = 0x1700, GL_PROJECTION = 0x1701;
constexpr GLenum GL_AMBIENT = 0x1200, GL_DIFFUSE = 0x1201, GL_SPECULAR = 0x1202,
                 GL_POSITION = 0x1203, GL_SPOT_DIRECTION = 0x1204, GL_SPOT_EXPONENT = 0x1205,
                 GL_SPOT_CUTOFF = 0x1206, GL_CONSTANT_ATTENUATION = 0x1207,
                 GL_LINEAR_ATTENUATION = 0x1208, GL_QUADRATIC_ATTENUATION = 0x1209,
                 GL_EMISSION = 0x1600, GL_SHININESS = 0x1601;
constexpr GLenum GL_LIGHT_MODEL_LOCAL_VIEWER = 0x0B51, GL_LIGHT_MODEL_TWO_SIDE = 0x0B52,
                 GL_LIGHT_MODEL_AMBIENT = 0x0B53;
constexpr GLenum GL_LINE = 0x1B01, GL_FILL = 0x1B02;
constexpr GLenum GL_S = 0x2000, GL_T = 0x2001, GL_R = 0x2002, GL_TEXTURE_GEN_MODE = 0x2500,
                 GL_OBJECT_LINEAR = 0x2401, GL_OBJECT_PLANE = 0x2501, GL_TEXTURE_GEN_S = 0x0C60,
                 GL_TEXTURE_GEN_T = 0x0C61, GL_TEXTURE_GEN_R = 0x0C62;
constexpr GLenum GL_FRONT = 0x0404, GL_BACK = 0x0405, GL_FRONT_AND_BACK = 0x0408,
                 GL_CCW = 0x0901, GL_SMOOTH = 0x1D01;
constexpr GLenum GL_SRC_ALPHA = 0x0302, GL_ONE_MINUS_SRC_ALPHA = 0x0303, GL_LEQUAL = 0x0203,
                 GL_LESS = 0x0201;
constexpr GLenum GL_COMPILE = 0x1300, GL_NICEST = 0x1102, GL_PERSPECTIVE_CORRECTION_HINT = 0x0C50;
constexpr GLenum GL_UNSIGNED_BYTE = 0x1401, GL_FLOAT = 0x1406, GL_RGB = 0x1907, GL_RGBA = 0x1908,
                 GL_DEPTH_COMPONENT = 0x1902, GL_RGBA8 = 0x8058, GL_DEPTH24_STENCIL8 = 0x88F0,
                 GL_DEPTH32F_STENCIL8 = 0x8CAD;
constexpr GLenum GL_LOWER_LEFT = 0x8CA1, GL_NEGATIVE_ONE_TO_ONE = 0x935E,
                 GL_ZERO_TO_ONE = 0x935F, GL_GEQUAL = 0x0206;
constexpr GLenum GL_MAX_TEXTURE_SIZE = 0x0D33, GL_MAX_CUBE_MAP_TEXTURE_SIZE = 0x851C;
constexpr GLenum GL_TEXTURE_2D = 0x0DE1, GL_TEXTURE = 0x1702, GL_TEXTURE_MIN_FILTER = 0x2801,
                 GL_TEXTURE_MAG_FILTER = 0x2800, GL_TEXTURE_WRAP_S = 0x2802,
                 GL_TEXTURE_WRAP_T = 0x2803, GL_REPEAT = 0x2901,
                 GL_LINEAR_MIPMAP_LINEAR = 0x2703, GL_TEXTURE_ENV = 0x2300,
                 GL_TEXTURE_ENV_MODE = 0x2200, GL_MODULATE = 0x2100, GL_REPLACE = 0x1E01,
                 GL_TEXTURE_CUBE_MAP = 0x8513, GL_TEXTURE_CUBE_MAP_POSITIVE_X = 0x8515,
                 GL_CLAMP_TO_EDGE = 0x812F, GL_TEXTURE_WRAP_R = 0x8072;
constexpr GLenum GL_STENCIL_TEST = 0x0B90, GL_KEEP = 0x1E00, GL_EQUAL = 0x0202,
                 GL_CLIP_PLANE0 = 0x3000, GL_CW = 0x0900;
constexpr GLenum GL_UNPACK_ALIGNMENT = 0x0CF5, GL_ALWAYS = 0x0207, GL_LINEAR = 0x2601;
constexpr GLenum GL_PACK_ALIGNMENT = 0x0D05, GL_MAX_SAMPLES = 0x8D57,
                 GL_MAX_RENDERBUFFER_SIZE = 0x84E8, GL_VIEWPORT = 0x0BA2;
constexpr GLenum GL_FRAMEBUFFER = 0x8D40, GL_READ_FRAMEBUFFER = 0x8CA8,
                 GL_DRAW_FRAMEBUFFER = 0x8CA9, GL_RENDERBUFFER = 0x8D41,
                 GL_COLOR_ATTACHMENT0 = 0x8CE0, GL_DEPTH_STENCIL_ATTACHMENT = 0x821A,
                 GL_FRAMEBUFFER_COMPLETE = 0x8CD5, GL_NEAREST = 0x2600;
constexpr GLenum GL_BACK_LEFT = 0x0402, GL_FRONT_LEFT = 0x0400;

}  // namespace mjsim::glapi
