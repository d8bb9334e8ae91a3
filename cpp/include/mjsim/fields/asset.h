// fields/asset.h: Model and Data arrays of height fields, textures and materials; written by compiler/assets.cc.
// Part of the fields.h table (same X-macro conventions); the object count and name addresses
// are in fields.h.
#pragma once

#define MJSIM_ASSET_SIZES(X)                                                        \
  X(nhfielddata, "elevation samples of all hfields")                      \
  X(ntexdata,    "texture bytes of all textures")

//     type    name              rows      cols  doc
#define MJSIM_ASSET_FIELDS(X)                                                                   \
  X(mjtNum, hfield_size,       nhfield,  4,  "half-extents x, y; top height z; base depth (assets.cc)")            \
  X(int,    hfield_nrow,       nhfield,  1,  "grid rows (assets.cc)")             \
  X(int,    hfield_ncol,       nhfield,  1,  "grid columns (assets.cc)")          \
  X(int,    hfield_adr,        nhfield,  1,  "address in hfield_data (assets.cc)")             \
  X(float,  hfield_data,       nhfielddata, 1, "elevation data (assets.cc)")                   \
  X(int,    tex_type,          ntex,     1,  "texture type (mjtTexture) (assets.cc)")          \
  X(int,    tex_colorspace,    ntex,     1,  "texture colorspace (mjtColorSpace) (assets.cc)") \
  X(int,    tex_height,        ntex,     1,  "image height in pixels (assets.cc)")    \
  X(int,    tex_width,         ntex,     1,  "image width in pixels (assets.cc)") \
  X(int,    tex_nchannel,      ntex,     1,  "channels per pixel (assets.cc)") \
  X(int,    tex_adr,           ntex,     1,  "first byte in tex_data (assets.cc)")          \
  X(mjtByte, tex_data,         ntexdata, 1,  "pixel values (assets.cc)")                       \
  X(int,    mat_texid,         nmat,     10, "texture for each mjtTextureRole; -1 if unset (assets.cc)") \
  X(mjtByte, mat_texuniform,   nmat,     1,  "make texture cube uniform (assets.cc)")          \
  X(float,  mat_texrepeat,     nmat,     2,  "repeats of a 2d texture across the surface (assets.cc)")  \
  X(float,  mat_emission,      nmat,     1,  "emission (x rgb) (assets.cc)")                   \
  X(float,  mat_specular,      nmat,     1,  "specular (x white) (assets.cc)")                 \
  X(float,  mat_shininess,     nmat,     1,  "shininess coef (assets.cc)")                     \
  X(float,  mat_reflectance,   nmat,     1,  "reflectance (0: disable) (assets.cc)")           \
  X(float,  mat_metallic,      nmat,     1,  "metallic coef (assets.cc)")                      \
  X(float,  mat_roughness,     nmat,     1,  "roughness coef (assets.cc)")                     \
  X(float,  mat_rgba,          nmat,     4,  "rgba (assets.cc)")

#define MJSIM_ASSET_DATA_FIELDS(X)
