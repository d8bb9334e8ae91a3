// thread_pool.cc: the persistent worker threads of rollouts (mjsim/rollout.h).
#include "mjsim/rollout.h"

namespace mjsim {

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
  std::unique_lock<std::mutex> lock(mutex_);
  task_ = &task;
  ntask_ = ntask;
  next_ = 0;
  running_ = 0;
  error_ = nullptr;
  ++generation_;
  wake_.notify_all();
  done_.wait(lock, [this] { return next_ >= ntask_ && running_ == 0; });
  task_ = nullptr;
  if (error_) std::rethrow_exception(error_);
}

void ThreadPool::Work(int worker) {
  long long seen = 0;
  std::unique_lock<std::mutex> lock(mutex_);
  while (true) {
    wake_.wait(lock, [&] { return stopping_ || (generation_ != seen && task_ && next_ < ntask_); });
    if (stopping_) return;
    while (task_ && next_ < ntask_) {
      int task = next_++;
      const std::function<void(int, int)>& run = *task_;  // task_ stays set until all are done
      ++running_;
      lock.unlock();
      std::exception_ptr error;
      try {
        run(task, worker);
      } catch (...) {
        error = std::current_exception();
      }
      lock.lock();
      if (error && !error_) error_ = error;
      --running_;
    }
    seen = generation_;
    if (running_ == 0) done_.notify_all();
  }
}

}  // namespace mjsim
