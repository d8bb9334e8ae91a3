// sensor_layout.cc: the output layout of each sensor type, as MuJoCo 3.3.7 gives it.
#include "spec/sensor_layout.h"

#include <vector>

#include "mjsim/types.h"

namespace mjsim {

const SensorLayout* FindSensorLayout(int type) {
  static const std::vector<SensorLayout> layouts = {
      {mjSENS_TOUCH, mjDATATYPE_POSITIVE, mjSTAGE_ACC, 1},
      {mjSENS_ACCELEROMETER, mjDATATYPE_REAL, mjSTAGE_ACC, 3},
      {mjSENS_VELOCIMETER, mjDATATYPE_REAL, mjSTAGE_VEL, 3},
      {mjSENS_GYRO, mjDATATYPE_REAL, mjSTAGE_VEL, 3},
      {mjSENS_FORCE, mjDATATYPE_REAL, mjSTAGE_ACC, 3},
      {mjSENS_TORQUE, mjDATATYPE_REAL, mjSTAGE_ACC, 3},
      {mjSENS_MAGNETOMETER, mjDATATYPE_REAL, mjSTAGE_POS, 3},
      {mjSENS_CAMPROJECTION, mjDATATYPE_REAL, mjSTAGE_POS, 2},
      {mjSENS_RANGEFINDER, mjDATATYPE_POSITIVE, mjSTAGE_POS, 1},
      {mjSENS_JOINTPOS, mjDATATYPE_REAL, mjSTAGE_POS, 1},
      {mjSENS_JOINTVEL, mjDATATYPE_REAL, mjSTAGE_VEL, 1},
      {mjSENS_TENDONPOS, mjDATATYPE_REAL, mjSTAGE_POS, 1},
      {mjSENS_TENDONVEL, mjDATATYPE_REAL, mjSTAGE_VEL, 1},
      {mjSENS_ACTUATORPOS, mjDATATYPE_REAL, mjSTAGE_POS, 1},
      {mjSENS_ACTUATORVEL, mjDATATYPE_REAL, mjSTAGE_VEL, 1},
      {mjSENS_ACTUATORFRC, mjDATATYPE_REAL, mjSTAGE_ACC, 1},
      {mjSENS_JOINTACTFRC, mjDATATYPE_REAL, mjSTAGE_ACC, 1},
      {mjSENS_TENDONACTFRC, mjDATATYPE_REAL, mjSTAGE_ACC, 1},
      {mjSENS_BALLQUAT, mjDATATYPE_QUATERNION, mjSTAGE_POS, 4},
      {mjSENS_BALLANGVEL, mjDATATYPE_REAL, mjSTAGE_VEL, 3},
      {mjSENS_JOINTLIMITPOS, mjDATATYPE_REAL, mjSTAGE_POS, 1},
      {mjSENS_JOINTLIMITVEL, mjDATATYPE_REAL, mjSTAGE_VEL, 1},
      {mjSENS_JOINTLIMITFRC, mjDATATYPE_REAL, mjSTAGE_ACC, 1},
      {mjSENS_TENDONLIMITPOS, mjDATATYPE_REAL, mjSTAGE_POS, 1},
      {mjSENS_TENDONLIMITVEL, mjDATATYPE_REAL, mjSTAGE_VEL, 1},
      {mjSENS_TENDONLIMITFRC, mjDATATYPE_REAL, mjSTAGE_ACC, 1},
      {mjSENS_FRAMEPOS, mjDATATYPE_REAL, mjSTAGE_POS, 3},
      {mjSENS_FRAMEQUAT, mjDATATYPE_QUATERNION, mjSTAGE_POS, 4},
      {mjSENS_FRAMEXAXIS, mjDATATYPE_AXIS, mjSTAGE_POS, 3},
      {mjSENS_FRAMEYAXIS, mjDATATYPE_AXIS, mjSTAGE_POS, 3},
      {mjSENS_FRAMEZAXIS, mjDATATYPE_AXIS, mjSTAGE_POS, 3},
      {mjSENS_FRAMELINVEL, mjDATATYPE_REAL, mjSTAGE_VEL, 3},
      {mjSENS_FRAMEANGVEL, mjDATATYPE_REAL, mjSTAGE_VEL, 3},
      {mjSENS_FRAMELINACC, mjDATATYPE_REAL, mjSTAGE_ACC, 3},
      {mjSENS_FRAMEANGACC, mjDATATYPE_REAL, mjSTAGE_ACC, 3},
      {mjSENS_SUBTREECOM, mjDATATYPE_REAL, mjSTAGE_POS, 3},
      {mjSENS_SUBTREELINVEL, mjDATATYPE_REAL, mjSTAGE_VEL, 3},
      {mjSENS_SUBTREEANGMOM, mjDATATYPE_REAL, mjSTAGE_VEL, 3},
      {mjSENS_INSIDESITE, mjDATATYPE_POSITIVE, mjSTAGE_POS, 1},
      {mjSENS_GEOMDIST, mjDATATYPE_REAL, mjSTAGE_POS, 1},
      {mjSENS_GEOMNORMAL, mjDATATYPE_AXIS, mjSTAGE_POS, 3},
      {mjSENS_GEOMFROMTO, mjDATATYPE_REAL, mjSTAGE_POS, 6},
      {mjSENS_CONTACT, mjDATATYPE_REAL, mjSTAGE_ACC, 0},
      {mjSENS_E_POTENTIAL, mjDATATYPE_REAL, mjSTAGE_POS, 1},
      {mjSENS_E_KINETIC, mjDATATYPE_REAL, mjSTAGE_POS, 1},
      {mjSENS_CLOCK, mjDATATYPE_REAL, mjSTAGE_POS, 1},
      {mjSENS_USER, mjDATATYPE_REAL, mjSTAGE_ACC, 0},
      {mjSENS_TACTILE, mjDATATYPE_REAL, mjSTAGE_ACC, 0}};
  for (const SensorLayout& layout : layouts) {
    if (layout.type == type) return &layout;
  }
  return nullptr;
}

int SensorDataSize(const SpecSensor& sensor) {
  if (sensor.type == mjSENS_USER) return sensor.dim;
  if (sensor.type == mjSENS_TACTILE) return -1;
  if (sensor.type == mjSENS_CONTACT) {
    int per_contact = 0;
    for (int i = 0; i < kContactDataCount; ++i) {
      if (sensor.intprm[0] & (1 << i)) per_contact += kContactDataSizes[i];
    }
    return per_contact * sensor.intprm[2];
  }
  const SensorLayout* layout = FindSensorLayout(sensor.type);
  return layout ? layout->dim : 0;
}

}  // namespace mjsim
