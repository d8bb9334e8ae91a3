// rollout.h: many open-loop simulations of one model (or of models of equal sizes) from many
// initial states, run on a pool of threads that persists between calls (mujoco.rollout).
#pragma once
#include <atomic>
#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "mjsim/data.h"
#include "mjsim/model.h"

namespace mjsim {

// Worker threads started once and kept until destruction. Run() hands out tasks 0..ntask-1 to
// the workers (each task to one worker, in no fixed order) and returns when all are done,
// rethrowing the first exception a task threw; the tasks after it still run.
class ThreadPool {
 public:
  explicit ThreadPool(int nthread);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  int size() const { return static_cast<int>(workers_.size()); }
  void Run(int ntask, const std::function<void(int task, int worker)>& task);

 private:
  void Work(int worker);

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  const std::function<void(int, int)>* task_ = nullptr;
  int ntask_ = 0, next_ = 0;
  std::atomic<int> unfinished_{0};         // tasks of this job not yet done
  std::atomic<long long> generation_{0};  // counts Run calls, so a worker takes each job once
  std::atomic<bool> stopping_{false};
  std::exception_ptr error_;
};

// One call's inputs and outputs, row-major arrays of float64. A rollout r starts from
// mj_resetData and initial_state[r] (mjSTATE_FULLPHYSICS), takes initial_warmstart[r] as
// qacc_warmstart when given, and for each step t sets control[r][t] (control_spec, bits of
// mjSTATE_USER) when given, steps, and writes state[r][t] and sensordata[r][t] when given. A
// rollout whose state diverges (the step's bad-qpos/qvel/qacc warning) repeats its last row to
// the end.
struct RolloutJob {
  std::vector<const Model*> models;  // one per rollout
  std::vector<Data*> datas;          // one per worker (one when run on the calling thread)
  std::vector<const Model*> data_models;  // the model each data was made for
  int nstep = 0;
  int control_spec = 0;
  const mjtNum* initial_state = nullptr;      // nbatch x nstate
  const mjtNum* initial_warmstart = nullptr;  // nbatch x nv, or null
  const mjtNum* control = nullptr;            // nbatch x nstep x ncontrol, or null
  mjtNum* state = nullptr;                    // nbatch x nstep x nstate, or null
  mjtNum* sensordata = nullptr;               // nbatch x nstep x nsensordata, or null
  int chunk_size = 0;                         // rollouts per task; <= 0: nbatch / (10 nthread)
};

// Runs the job on `pool` (null: on the calling thread with datas[0]). Throws ModelError when a
// model does not fit the datas or the models differ in size.
void RunRollouts(const RolloutJob& job, ThreadPool* pool);

}  // namespace mjsim
