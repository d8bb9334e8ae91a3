// derivative.cc: the velocity derivative of the smooth forces, which the implicit integrators
// need (checklist C.13): qDeriv = d(qfrc_actuator + qfrc_passive - qfrc_bias)/d(qvel), in the
// D layout (D_rowadr, D_rownnz, D_colind). Each force stage's file adds its own part.
//   reads   what actuation.cc, passive.cc, fluid.cc and rne.cc read
//   writes  d.qDeriv
#include "engine/stages.h"
#include "mjsim/api.h"

namespace mjsim {

// flg_bias: include -d(qfrc_bias)/d(qvel) (implicit); implicitfast leaves it out
void mjd_smooth_vel(const Model& m, Data& d, int flg_bias) {
  for (int e = 0; e < m.nD; ++e) d.qDeriv[e] = 0;
  AddActuatorVelocityDerivative(m, d, d.qDeriv);
  AddPassiveVelocityDerivative(m, d, d.qDeriv);
  if (flg_bias) AddBiasVelocityDerivative(m, d, d.qDeriv);
}

}  // namespace mjsim
