// thread_pool.cc: the persistent worker threads of rollouts (mjsim/rollout.h). Waking a
// sleeping thread costs tens of microseconds on virtual machines, as much as a small rollout,
// so both sides spin briefly before they sleep: workers after a job, for the next one, and the
// caller for the job's end.
#include <chrono>

#include "mjsim/rollout.h"

namespace mjsim {
namespace {

constexpr auto kSpin = std::chrono::microseconds(200);

// true once `ready()` holds, false if kSpin passed first
template <typename Ready>
bool SpinUntil(Ready ready) {
  auto deadline = std::chrono::steady_clock::now() + kSpin;
  while (!ready()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::yield();
  }
  return true;
}

}  // namespace

ThreadPool::ThreadPool(int nthread) {
  for (int i = 0; i < nthread; ++i) workers_.emplace_back([this, i] { Work(i); });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (std::thread& worker : workers_) worker.join();
}

void ThreadPool::Run(int ntask, const std::function<void(int, int)>& task) {
  if (ntask <= 0) return;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    task_ = &task;
    ntask_ = ntask;
    next_ = 0;
    unfinished_ = ntask;
    error_ = nullptr;
    ++generation_;
  }
  wake_.notify_all();
  SpinUntil([this] { return unfinished_.load() == 0; });
  std::unique_lock<std::mutex> lock(mutex_);
  done_.wait(lock, [this] { return unfinished_.load() == 0; });
  task_ = nullptr;
  if (error_) std::rethrow_exception(error_);
}

void ThreadPool::Work(int worker) {
  long long seen = 0;
  while (true) {
    SpinUntil([&] { return stopping_.load() || generation_.load() != seen; });
    std::unique_lock<std::mutex> lock(mutex_);
    wake_.wait(lock, [&] { return stopping_.load() || generation_.load() != seen; });
    if (stopping_) return;
    seen = generation_;
    while (task_ && next_ < ntask_) {
      int task = next_++;
      const std::function<void(int, int)>& run = *task_;  // task_ stays set until all are done
      lock.unlock();
      std::exception_ptr error;
      try {
        run(task, worker);
      } catch (...) {
        error = std::current_exception();
      }
      lock.lock();
      if (error && !error_) error_ = error;
      if (--unfinished_ == 0) done_.notify_all();
    }
  }
}

}  // namespace mjsim
