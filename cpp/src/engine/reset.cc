// reset.cc: mj_resetData, the state a fresh Data starts in.
//   reads   m.qpos0 body_mocapid body_pos body_quat eq_active0
//   writes  every Data array (zeroed), time, energy and warnings; then d.qpos = qpos0,
//           the mocap poses and eq_active = eq_active0
#include <cstring>

#include "engine/stages.h"
#include "mjsim/api.h"
#include "util/math3.h"

namespace mjsim {

void mj_resetData(const Model& m, Data& d) {
  std::memset(d.buffer.bytes(), 0, d.buffer.size());
  d.time = 0;
  d.ncon = 0;
  d.ne = d.nf = d.nl = d.nefc = 0;
  d.nisland = d.nidof = 0;
  LayoutConstraintRows(m, d, 0);
  for (SolverStat& stat : d.solver) stat = SolverStat();
  for (int i = 0; i < mjNISLAND; ++i) d.solver_niter[i] = d.solver_nnz[i] = 0;
  d.solver_fwdinv[0] = d.solver_fwdinv[1] = 0;
  d.energy[0] = d.energy[1] = 0;
  for (WarningStat& warning : d.warning) warning = WarningStat();
  std::memcpy(d.qpos, m.qpos0, sizeof(mjtNum) * m.nq);
  for (int b = 0; b < m.nbody; ++b) {
    int id = m.body_mocapid[b];
    if (id < 0) continue;
    Copy3(d.mocap_pos + 3 * id, m.body_pos + 3 * b);
    Copy4(d.mocap_quat + 4 * id, m.body_quat + 4 * b);
  }
  std::memcpy(d.eq_active, m.eq_active0, sizeof(mjtByte) * m.neq);
}

}  // namespace mjsim
