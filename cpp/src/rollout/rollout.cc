// rollout.cc: open-loop rollouts (mjsim/rollout.h), each from a reset Data so that results do
// not depend on which worker ran a rollout, nor on the thread count or the chunk size.
#include "mjsim/rollout.h"

#include <algorithm>
#include <cstring>
#include <string>

#include "mjsim/api.h"
#include "mjsim/errors.h"

namespace mjsim {
namespace {

struct Widths {
  int nstate, ncontrol, nv, nsensordata;
};

Widths WidthsOf(const Model& m, int control_spec) {
  return {mj_stateSize(m, mjSTATE_FULLPHYSICS), mj_stateSize(m, control_spec), m.nv,
          m.nsensordata};
}

bool SameWidths(const Widths& a, const Widths& b) {
  return a.nstate == b.nstate && a.ncontrol == b.ncontrol && a.nv == b.nv &&
         a.nsensordata == b.nsensordata;
}

// every model fits every data, and all have the widths of the first: rows are laid out by them
Widths CheckJob(const RolloutJob& job) {
  if (job.models.empty() || job.datas.empty()) throw ModelError("rollout: no model or no data");
  if (job.data_models.size() != job.datas.size()) {
    throw ModelError("rollout: each data needs the model it was made for");
  }
  if (!job.initial_state) throw ModelError("rollout: initial_state is required");
  if (job.control_spec & ~mjSTATE_USER) {
    throw ModelError("control_spec can only contain bits in mjSTATE_USER");
  }
  Widths widths = WidthsOf(*job.models[0], job.control_spec);
  for (const Model* m : job.models) {
    if (!SameWidths(widths, WidthsOf(*m, job.control_spec))) {
      throw ModelError("models are not compatible");
    }
  }
  for (const Model* made_for : job.data_models) {
    for (const Model* m : job.models) {
      if (!DataFitsModel(*made_for, *m)) {
        throw ModelError("rollout: a data was made for a model of other sizes");
      }
    }
  }
  return widths;
}

bool Diverged(const Data& d) {
  return d.warning[mjWARN_BADQPOS].number > 0 || d.warning[mjWARN_BADQVEL].number > 0 ||
         d.warning[mjWARN_BADQACC].number > 0;
}

void CopyRowToEnd(mjtNum* rows, int width, int from, int nstep) {
  if (!rows || width == 0) return;
  for (int t = from + 1; t < nstep; ++t) {
    std::memcpy(rows + static_cast<size_t>(t) * width, rows + static_cast<size_t>(from) * width,
                sizeof(mjtNum) * width);
  }
}

void OneRollout(const RolloutJob& job, const Widths& w, int r, Data& d) {
  const Model& m = *job.models[r];
  const size_t rows = static_cast<size_t>(r) * job.nstep;
  mjtNum* state = job.state ? job.state + rows * w.nstate : nullptr;
  mjtNum* sensordata = job.sensordata ? job.sensordata + rows * w.nsensordata : nullptr;
  mj_resetData(m, d);
  mj_setState(m, d, job.initial_state + static_cast<size_t>(r) * w.nstate, mjSTATE_FULLPHYSICS);
  if (job.initial_warmstart) {
    std::copy_n(job.initial_warmstart + static_cast<size_t>(r) * w.nv, w.nv, d.qacc_warmstart);
  }
  for (int t = 0; t < job.nstep; ++t) {
    if (job.control) {
      mj_setState(m, d, job.control + (rows + t) * w.ncontrol, job.control_spec);
    }
    mj_step(m, d);
    if (state) mj_getState(m, d, state + static_cast<size_t>(t) * w.nstate, mjSTATE_FULLPHYSICS);
    if (sensordata) {
      std::copy_n(d.sensordata, w.nsensordata, sensordata + static_cast<size_t>(t) * w.nsensordata);
    }
    if (Diverged(d)) {
      CopyRowToEnd(state, w.nstate, t, job.nstep);
      CopyRowToEnd(sensordata, w.nsensordata, t, job.nstep);
      return;
    }
  }
}

}  // namespace

void RunRollouts(const RolloutJob& job, ThreadPool* pool) {
  const Widths widths = CheckJob(job);
  const int nbatch = static_cast<int>(job.models.size());
  if (!pool || pool->size() == 0) {
    for (int r = 0; r < nbatch; ++r) OneRollout(job, widths, r, *job.datas[0]);
    return;
  }
  if (static_cast<int>(job.datas.size()) != pool->size()) {
    throw ModelError("Length of data: " + std::to_string(job.datas.size()) +
                     " not equal to nthread: " + std::to_string(pool->size()));
  }
  const int chunk = job.chunk_size > 0 ? job.chunk_size : std::max(1, nbatch / (pool->size() * 10));
  const int ntask = (nbatch + chunk - 1) / chunk;
  pool->Run(ntask, [&](int task, int worker) {
    int end = std::min(nbatch, (task + 1) * chunk);
    for (int r = task * chunk; r < end; ++r) OneRollout(job, widths, r, *job.datas[worker]);
  });
}

}  // namespace mjsim
