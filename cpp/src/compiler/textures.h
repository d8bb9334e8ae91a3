// textures.h: texture images for the compiler (compiler/textures.cc): PNG decoding, the
// binary formats, procedural textures, cube-face assembly.
#pragma once
#include <string>
#include <vector>

#include "compiler/context.h"

namespace mjsim {

// Decodes PNG bytes to 8-bit pixels with `channels` channels (1 grey, 3 rgb, 4 rgba); false
// with a message when the bytes are not a PNG lodepng can read. `srgb`, if given, tells whether
// the file has an sRGB chunk.
bool DecodePng(const std::string& bytes, int channels, std::vector<unsigned char>& pixels,
               int& width, int& height, std::string& error, bool* srgb = nullptr);

// The pixels of texture `id` (rows top to bottom; cube and skybox faces stacked in the order
// right, left, up, down, front, back); fails naming the texture on bad input.
CompileContext::TextureImage BuildTexture(const CompileContext& ctx, const SpecTexture& texture,
                                          int id);

// "dir/name.ext" -> "name": the name an unnamed asset takes from its file
std::string NameFromFile(const std::string& file);

}  // namespace mjsim
