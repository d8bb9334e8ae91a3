// lights.cc: mjv_makeLights: the headlight, placed at the average eye and looking where it
// looks, then the model's active lights at their current world poses.
#include <algorithm>

#include "mjsim/vis.h"

namespace mjsim {
namespace {

void MakeHeadlight(const Model& m, VisScene& scn) {
  VisLight& light = scn.lights[scn.nlight++];
  light = VisLight();
  VisGLCamera eye = AverageCamera(scn.camera[0], scn.camera[1]);
  std::copy(eye.pos, eye.pos + 3, light.pos);
  std::copy(eye.forward, eye.forward + 3, light.dir);
  light.type = 1;  // mjLIGHT_DIRECTIONAL
  std::fill(light.attenuation, light.attenuation + 3, 0.0f);
  light.cutoff = 0;
  light.exponent = 0;
  std::copy(m.vis.headlight.ambient, m.vis.headlight.ambient + 3, light.ambient);
  std::copy(m.vis.headlight.diffuse, m.vis.headlight.diffuse + 3, light.diffuse);
  std::copy(m.vis.headlight.specular, m.vis.headlight.specular + 3, light.specular);
  light.headlight = 1;
  light.castshadow = 0;
}

void MakeModelLight(const Model& m, const Data& d, int id, VisLight& light) {
  light = VisLight();
  light.id = id;
  for (int i = 0; i < 3; ++i) {
    light.pos[i] = static_cast<float>(d.light_xpos[3 * id + i]);
    light.dir[i] = static_cast<float>(d.light_xdir[3 * id + i]);
    light.attenuation[i] = m.light_attenuation[3 * id + i];
    light.ambient[i] = m.light_ambient[3 * id + i];
    light.diffuse[i] = m.light_diffuse[3 * id + i];
    light.specular[i] = m.light_specular[3 * id + i];
  }
  light.type = m.light_type[id];
  light.texid = m.light_texid[id];
  light.cutoff = m.light_cutoff[id];
  light.exponent = m.light_exponent[id];
  light.castshadow = m.light_castshadow[id];
  light.bulbradius = m.light_bulbradius[id];
  light.intensity = m.light_intensity[id];
  light.range = m.light_range[id];
  if (light.type != 0) {  // only a spot light keeps attenuation and a cone (measured)
    std::fill(light.attenuation, light.attenuation + 3, 0.0f);
    light.cutoff = 0;
    light.exponent = 0;
  }
}

}  // namespace

void MakeLights(const Model& m, const Data& d, VisScene& scn) {
  scn.nlight = 0;
  if (m.vis.headlight.active) MakeHeadlight(m, scn);
  for (int id = 0; id < m.nlight && scn.nlight < mjMAXLIGHT; ++id) {
    if (m.light_active[id]) MakeModelLight(m, d, id, scn.lights[scn.nlight++]);
  }
}

}  // namespace mjsim
