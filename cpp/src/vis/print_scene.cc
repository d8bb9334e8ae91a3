// print_scene.cc: mj_printScene and mj_printFormattedScene: the scene's geoms, lights, eyes,
// flex and skin sizes, render flags and model transform as text, in mujoco 3.3.7's layout
// (measured byte for byte): a name left-aligned in 17 columns, then the values; a real number
// is written "% -9.2g" (or the caller's float_format), each array element followed by a space.
#include <cstdio>
#include <cstring>

#include "mjsim/api.h"
#include "mjsim/vis.h"

namespace mjsim {
namespace {

struct ScenePrinter {
  std::FILE* file;
  const char* real_format = "% -9.2g";
  bool long_double = false;  // real_format has the 'L' length modifier

  void Real(double value) const {
    if (long_double) {
      std::fprintf(file, real_format, static_cast<long double>(value));
    } else {
      std::fprintf(file, real_format, value);
    }
  }
  void Int(const char* name, int value) const {
    std::fprintf(file, "    %-17s %d\n", name, value);
  }
  void Scalar(const char* name, float value) const {
    std::fprintf(file, "    %-17s", name);
    Real(value);
    std::fprintf(file, "\n");
  }
  void Array(const char* name, const float* values, int count, const char* indent = "    ",
             int width = 17) const {
    std::fprintf(file, "%s%-*s", indent, width, name);
    for (int i = 0; i < count; ++i) {
      Real(values[i]);
      std::fputc(' ', file);
    }
    std::fprintf(file, "\n");
  }
  void Elided(const char* name) const { std::fprintf(file, "    %-17s...\n", name); }
};

void PrintGeom(const ScenePrinter& out, const VisGeom& geom) {
  out.Int("type", geom.type);
  out.Int("category", geom.category);
  std::fprintf(out.file, "    %-17s%s\n", "label", geom.label);
  out.Int("objtype", geom.objtype);
  out.Int("objid", geom.objid);
  out.Array("pos", geom.pos, 3);
  out.Array("mat", geom.mat, 9);
  out.Array("size", geom.size, 3);
  out.Int("segid", geom.segid);
  out.Int("dataid", geom.dataid);
  out.Int("matid", geom.matid);
  out.Int("texcoord", geom.texcoord);
  out.Array("rgba", geom.rgba, 4);
  out.Scalar("emission", geom.emission);
  out.Scalar("specular", geom.specular);
  out.Scalar("shininess", geom.shininess);
  out.Scalar("reflectance", geom.reflectance);
}

void PrintLight(const ScenePrinter& out, const VisLight& light) {
  out.Int("id", light.id);
  out.Array("pos", light.pos, 3);
  out.Array("dir", light.dir, 3);
  out.Int("type", light.type);
  out.Int("castshadow", light.castshadow);
  out.Int("headlight", light.headlight);
  out.Scalar("intensity", light.intensity);
  out.Scalar("range", light.range);
  out.Array("ambient", light.ambient, 3);
  out.Array("diffuse", light.diffuse, 3);
  out.Array("specular", light.specular, 3);
  out.Int("texid", light.texid);
  out.Scalar("exponent", light.exponent);
  out.Array("attenuation", light.attenuation, 3);
  out.Scalar("cutoff", light.cutoff);
  out.Scalar("bulbradius", light.bulbradius);
}

void PrintEye(const ScenePrinter& out, const VisGLCamera& eye) {
  out.Array("pos", eye.pos, 3);
  out.Array("forward", eye.forward, 3);
  out.Array("up", eye.up, 3);
  out.Int("orthographic", eye.orthographic);
  out.Scalar("frustum_center", eye.frustum_center);
  out.Scalar("frustum_width", eye.frustum_width);
  out.Scalar("frustum_bottom", eye.frustum_bottom);
  out.Scalar("frustum_top", eye.frustum_top);
  out.Scalar("frustum_near", eye.frustum_near);
  out.Scalar("frustum_far", eye.frustum_far);
}

// the sizes of each flex's and skin's buffers; their contents are elided ("...")
void PrintFlexes(const ScenePrinter& out, const VisScene& scn) {
  std::fprintf(out.file, "FLEX DATA %d\n", scn.nflex);
  for (int f = 0; f < scn.nflex; ++f) {
    std::fprintf(out.file, "  FLEX DATA %d\n", f);
    out.Int("face_used", scn.flexfaceused[f]);
    out.Int("edge_adr", scn.flexedgeadr[f]);
    out.Int("edge_num", scn.flexedgenum[f]);
    out.Int("vert_adr", scn.flexvertadr[f]);
    out.Int("vert_num", scn.flexvertnum[f]);
    out.Int("face_adr", scn.flexfaceadr[f]);
    out.Int("face_num", scn.flexfacenum[f]);
    for (const char* name : {"edges", "verts", "faces", "normals", "texcoords"}) out.Elided(name);
    std::fprintf(out.file, "\n");
  }
  std::fprintf(out.file, "\n");
}

void PrintSkins(const ScenePrinter& out, const VisScene& scn) {
  std::fprintf(out.file, "SKIN DATA %d\n", scn.nskin);
  for (int s = 0; s < scn.nskin; ++s) {
    std::fprintf(out.file, "  SKIN DATA %d\n", s);
    out.Int("face_num", scn.skinfacenum[s]);
    out.Int("vert_adr", scn.skinvertadr[s]);
    out.Int("vert_num", scn.skinvertnum[s]);
    out.Elided("verts");
    out.Elided("normals");
    std::fprintf(out.file, "\n");
  }
  std::fprintf(out.file, "\n");
}

void PrintFlags(const ScenePrinter& out, const VisScene& scn) {
  std::fprintf(out.file, "FLAGS\n");
  const char* names[] = {
#define MJSIM_X(flag, text, on, shortcut) text,
      MJSIM_RND_FLAGS(MJSIM_X)
#undef MJSIM_X
  };
  for (int i = 0; i < mjNRNDFLAG; ++i) {
    std::fprintf(out.file, "  %-22s%d\n", names[i], scn.flags[i]);
  }
  std::fprintf(out.file, "  %-20s%d\n", "flexvertopt", scn.flexvertopt);
  std::fprintf(out.file, "  %-20s%d\n", "flexedgeopt", scn.flexedgeopt);
  std::fprintf(out.file, "  %-20s%d\n", "flexfaceopt", scn.flexfaceopt);
  std::fprintf(out.file, "  %-20s%d\n", "flexskinopt", scn.flexskinopt);
  std::fprintf(out.file, "  %-20s%d\n", "stereo", scn.stereo);
  std::fprintf(out.file, "\n\n");
}

void PrintTransform(const ScenePrinter& out, const VisScene& scn) {
  std::fprintf(out.file, "TRANSFORM %d\n", scn.enabletransform);
  if (scn.enabletransform) {
    out.Array("translate", scn.translate, 3, "  ", 19);
    out.Array("rotate", scn.rotate, 4, "  ", 19);
    std::fprintf(out.file, "  %-19s", "scale");
    out.Real(scn.scale);
    std::fprintf(out.file, "\n\n");
  }
  std::fprintf(out.file, "\n");
}

void PrintScene(const ScenePrinter& out, const VisScene& scn) {
  std::fprintf(out.file, "GEOMS %d\n", scn.ngeom);
  for (int i = 0; i < scn.ngeom; ++i) {
    std::fprintf(out.file, "  GEOM %d\n", i);
    PrintGeom(out, scn.geoms[i]);
    std::fprintf(out.file, "\n");
  }
  std::fprintf(out.file, "\nLIGHTS %d\n", scn.nlight);
  for (int i = 0; i < scn.nlight; ++i) {
    std::fprintf(out.file, "  LIGHT %d\n", i);
    PrintLight(out, scn.lights[i]);
    std::fprintf(out.file, "\n");
  }
  std::fprintf(out.file, "\nCAMERAS 2\n");
  for (int i = 0; i < 2; ++i) {
    std::fprintf(out.file, "  CAMERA %d\n", i);
    PrintEye(out, scn.camera[i]);
    std::fprintf(out.file, "\n");
  }
  std::fprintf(out.file, "\n");
  PrintFlexes(out, scn);
  PrintSkins(out, scn);
  PrintFlags(out, scn);
  PrintTransform(out, scn);
}

}  // namespace

bool PrintFormattedScene(const VisScene& scn, const char* filename, const char* float_format) {
  std::FILE* file = std::fopen(filename, "w");
  if (!file) return false;
  ScenePrinter out{file};
  if (float_format && FloatFormatProblem(float_format).empty()) {
    out.real_format = float_format;
    out.long_double = std::strchr(float_format, 'L') != nullptr;
  }
  PrintScene(out, scn);
  return std::fclose(file) == 0;
}

}  // namespace mjsim
