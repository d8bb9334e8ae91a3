// textures.cc: the model's 2D textures as GL textures (mipmapped, repeating), and the
// materials' texture roles, repetition and uniform flags copied into MjrContext.
#include <algorithm>
#include <string>

#include "mjsim/errors.h"
#include "render/gl_api.h"
#include "render/shapes.h"

namespace mjsim {
namespace {
using namespace glapi;

constexpr int kTexture2D = 0;  // mjTEXTURE_2D

// a cube or skybox texture: six square faces stacked in tex_data in GL's order (+x, -x, +y,
// -y, +z, -z of a y-up frame; measured on a builtin gradient: face 2 is all rgb1, face 3 all
// rgb2, the side faces run from rgb1 in their first row to rgb2 in their last)
void UploadTextureCube(const Model& m, int tex, GLuint id) {
  int channels = m.tex_nchannel[tex], side = m.tex_width[tex];
  GLenum format = channels == 4 ? GL_RGBA : GL_RGB;
  size_t face_bytes = static_cast<size_t>(side) * side * channels;
  gl.BindTexture(GL_TEXTURE_CUBE_MAP, id);
  gl.PixelStorei(GL_UNPACK_ALIGNMENT, 1);
  for (int face = 0; face < 6; ++face) {
    gl.TexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + face, 0, static_cast<GLint>(format), side,
                  side, 0, format, GL_UNSIGNED_BYTE, m.tex_data + m.tex_adr[tex] + face * face_bytes);
  }
  gl.GenerateMipmap(GL_TEXTURE_CUBE_MAP);
  gl.TexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
  gl.TexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  for (GLenum wrap : {GL_TEXTURE_WRAP_S, GL_TEXTURE_WRAP_T, GL_TEXTURE_WRAP_R}) {
    gl.TexParameteri(GL_TEXTURE_CUBE_MAP, wrap, GL_CLAMP_TO_EDGE);
  }
  gl.BindTexture(GL_TEXTURE_CUBE_MAP, 0);
}

void UploadTexture2D(const Model& m, int tex, GLuint id) {
  int channels = m.tex_nchannel[tex];
  GLenum format = channels == 4 ? GL_RGBA : GL_RGB;
  gl.BindTexture(GL_TEXTURE_2D, id);
  gl.PixelStorei(GL_UNPACK_ALIGNMENT, 1);
  gl.TexImage2D(GL_TEXTURE_2D, 0, static_cast<GLint>(format), m.tex_width[tex],
                m.tex_height[tex], 0, format, GL_UNSIGNED_BYTE, m.tex_data + m.tex_adr[tex]);
  gl.GenerateMipmap(GL_TEXTURE_2D);
  gl.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
  gl.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  gl.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
  gl.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
  gl.BindTexture(GL_TEXTURE_2D, 0);
}
}  // namespace

// a texture beyond the driver's size limit: a clear error rather than a GL error and no image
void CheckTextureSize(const Model& m, int tex) {
  bool cube = m.tex_type[tex] != kTexture2D;
  GLint limit = 0;
  gl.GetIntegerv(cube ? GL_MAX_CUBE_MAP_TEXTURE_SIZE : GL_MAX_TEXTURE_SIZE, &limit);
  int height = cube ? m.tex_height[tex] / 6 : m.tex_height[tex];
  if (m.tex_width[tex] > limit || height > limit) {
    throw FatalError("MjrContext: texture " + std::to_string(tex) + " of " +
                     std::to_string(m.tex_width[tex]) + " x " + std::to_string(height) +
                     " pixels exceeds the driver's limit of " + std::to_string(limit));
  }
}

void UploadModelTexture(const Model& m, RenderContext& con, int tex) {
  if (tex < 0 || tex >= m.ntex || tex >= con.ntexture) {
    throw FatalError("Invalid texture index " + std::to_string(tex));
  }
  CheckTextureSize(m, tex);
  if (m.tex_nchannel[tex] < 3) return;  // single-channel maps: not drawn yet
  if (m.tex_type[tex] == kTexture2D) {
    UploadTexture2D(m, tex, con.texture[tex]);
  } else if (m.tex_height[tex] == 6 * m.tex_width[tex]) {
    UploadTextureCube(m, tex, con.texture[tex]);
  }
}

void MakeTextures(const Model& m, RenderContext& con) {
  if (m.ntex > mjMAXTEXTURE || m.nmat > mjMAXMATERIAL) {
    throw FatalError("MjrContext: " + std::to_string(m.ntex) + " textures and " +
                     std::to_string(m.nmat) + " materials; at most " +
                     std::to_string(mjMAXTEXTURE) + " and " + std::to_string(mjMAXMATERIAL));
  }
  con.ntexture = m.ntex;
  if (m.ntex) gl.GenTextures(m.ntex, con.texture);
  for (int tex = 0; tex < m.ntex; ++tex) {
    con.textureType[tex] = m.tex_type[tex];
    UploadModelTexture(m, con, tex);
  }
  std::fill(con.mat_texid, con.mat_texid + mjMAXMATERIAL * mjNTEXROLE, -1);
  for (int mat = 0; mat < m.nmat; ++mat) {
    std::copy(m.mat_texid + mjNTEXROLE * mat, m.mat_texid + mjNTEXROLE * (mat + 1),
              con.mat_texid + mjNTEXROLE * mat);
    con.mat_texuniform[mat] = m.mat_texuniform[mat];
    con.mat_texrepeat[2 * mat] = m.mat_texrepeat[2 * mat];
    con.mat_texrepeat[2 * mat + 1] = m.mat_texrepeat[2 * mat + 1];
  }
}

void DeleteTextures(RenderContext& con) {
  if (con.ntexture) gl.DeleteTextures(con.ntexture, con.texture);
  con.ntexture = 0;
}

}  // namespace mjsim
