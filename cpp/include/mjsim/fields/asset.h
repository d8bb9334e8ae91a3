// fields/asset.h: Model and Data arrays of height fields, textures and materials; written by compiler/assets.cc.
// Part of the fields.h table (same X-macro conventions); the object count and name addresses
// are in fields.h.
#pragma once

#define MJSIM_ASSET_SIZES(X)
#define MJSIM_ASSET_FIELDS(X)
#define MJSIM_ASSET_DATA_FIELDS(X)
