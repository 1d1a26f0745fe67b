#include "experiments/runner/scheduler.h"

#include <glog/logging.h>
#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <thread>

namespace dprl {
namespace {

constexpr int kTagRequest = 101;   // worker -> 0: int64 finished task (-1: none), int64 status
                                   // code, then the error message bytes
constexpr int kTagAssign = 102;    // 0 -> worker: int64 task id, -1 = stop
constexpr int kTagProgress = 103;  // worker -> 0: double {task id, fraction}

constexpr double kRemoteProgressIntervalSeconds = 1.0;

void SleepMicros(int micros) { std::this_thread::sleep_for(std::chrono::microseconds(micros)); }

// Waits for `request` by polling with exponential back-off up to 2 ms.
void WaitPolitely(MPI_Request* request) {
  int sleep_us = 20;
  while (true) {
    int done = 0;
    MPI_Test(request, &done, MPI_STATUS_IGNORE);
    if (done) return;
    SleepMicros(sleep_us);
    sleep_us = std::min(2 * sleep_us, 2000);
  }
}

// The queue of task ids on rank 0, shared by the dispatcher thread and the computing thread.
class SharedQueue {
 public:
  explicit SharedQueue(const std::vector<int>& order) : order_(order) {}

  bool Next(int* task_id) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!first_error_.ok() || next_ >= order_.size()) return false;
    *task_id = order_[next_++];
    return true;
  }
  void Fail(const absl::Status& status) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (first_error_.ok()) first_error_ = status;
  }
  absl::Status first_error() {
    std::lock_guard<std::mutex> lock(mutex_);
    return first_error_;
  }

 private:
  const std::vector<int>& order_;
  std::mutex mutex_;
  size_t next_ = 0;
  absl::Status first_error_;
};

class LocalReporter : public ProgressReporter {
 public:
  LocalReporter(ProgressMonitor* monitor, int task_id) : monitor_(monitor), task_id_(task_id) {}
  void Update(double fraction) override {
    if (monitor_ != nullptr) monitor_->TaskProgress(task_id_, fraction);
  }

 private:
  ProgressMonitor* monitor_;
  int task_id_;
};

class RemoteReporter : public ProgressReporter {
 public:
  explicit RemoteReporter(int task_id) : task_id_(task_id) {}
  void Update(double fraction) override {
    const auto now = std::chrono::steady_clock::now();
    if (sent_once_ &&
        std::chrono::duration<double>(now - last_sent_).count() < kRemoteProgressIntervalSeconds) {
      return;
    }
    sent_once_ = true;
    last_sent_ = now;
    const double message[2] = {static_cast<double>(task_id_), fraction};
    MPI_Send(message, 2, MPI_DOUBLE, 0, kTagProgress, MPI_COMM_WORLD);
  }

 private:
  int task_id_;
  bool sent_once_ = false;
  std::chrono::steady_clock::time_point last_sent_;
};

std::vector<char> EncodeRequest(int64_t finished, const absl::Status& status) {
  const int64_t header[2] = {finished, static_cast<int64_t>(status.code())};
  const std::string message(status.message());
  std::vector<char> buffer(sizeof(header) + message.size());
  std::memcpy(buffer.data(), header, sizeof(header));
  std::memcpy(buffer.data() + sizeof(header), message.data(), message.size());
  return buffer;
}

double WeightOf(const std::vector<double>& weights, int task_id) {
  return task_id >= 0 && static_cast<size_t>(task_id) < weights.size() ? weights[task_id] : 1.0;
}

// Serves the requests of `workers` worker ranks until each has been told to stop.
void Dispatch(int workers, SharedQueue* queue, const std::vector<double>& weights,
              ProgressMonitor* monitor) {
  int active = workers;
  int sleep_us = 20;
  while (active > 0) {
    int flag = 0;
    MPI_Status probe;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &probe);
    if (!flag) {
      SleepMicros(sleep_us);
      sleep_us = std::min(2 * sleep_us, 1000);
      continue;
    }
    sleep_us = 20;
    if (probe.MPI_TAG == kTagProgress) {
      double message[2];
      MPI_Recv(message, 2, MPI_DOUBLE, probe.MPI_SOURCE, kTagProgress, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
      if (monitor != nullptr) monitor->TaskProgress(static_cast<int>(message[0]), message[1]);
      continue;
    }
    int count = 0;
    MPI_Get_count(&probe, MPI_CHAR, &count);
    std::vector<char> buffer(std::max<int>(count, 2 * sizeof(int64_t)));
    MPI_Recv(buffer.data(), count, MPI_CHAR, probe.MPI_SOURCE, probe.MPI_TAG, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    int64_t header[2];
    std::memcpy(header, buffer.data(), sizeof(header));
    if (header[0] >= 0) {
      if (monitor != nullptr) monitor->TaskFinished(static_cast<int>(header[0]));
      if (header[1] != 0) {
        queue->Fail(
            absl::Status(static_cast<absl::StatusCode>(header[1]),
                         std::string(buffer.data() + sizeof(header), buffer.data() + count)));
      }
    }
    int64_t next = -1;
    int task_id = 0;
    if (queue->Next(&task_id)) {
      next = task_id;
      if (monitor != nullptr) monitor->TaskStarted(task_id, WeightOf(weights, task_id));
    } else {
      --active;
    }
    MPI_Send(&next, 1, MPI_INT64_T, probe.MPI_SOURCE, kTagAssign, MPI_COMM_WORLD);
  }
}

void ComputeLocally(SharedQueue* queue, const std::vector<double>& weights,
                    const RunOneTask& run_one, ProgressMonitor* monitor) {
  int task_id = 0;
  while (queue->Next(&task_id)) {
    if (monitor != nullptr) monitor->TaskStarted(task_id, WeightOf(weights, task_id));
    LocalReporter reporter(monitor, task_id);
    const absl::Status status = run_one(task_id, &reporter);
    if (monitor != nullptr) monitor->TaskFinished(task_id);
    if (!status.ok()) queue->Fail(status);
  }
}

absl::Status WorkerLoop(const RunOneTask& run_one) {
  int64_t finished = -1;
  absl::Status last;
  absl::Status worst;
  while (true) {
    std::vector<char> request = EncodeRequest(finished, last);
    MPI_Request pending;
    MPI_Isend(request.data(), static_cast<int>(request.size()), MPI_CHAR, 0, kTagRequest,
              MPI_COMM_WORLD, &pending);
    WaitPolitely(&pending);
    int64_t next = -1;
    MPI_Irecv(&next, 1, MPI_INT64_T, 0, kTagAssign, MPI_COMM_WORLD, &pending);
    WaitPolitely(&pending);
    if (next < 0) break;
    RemoteReporter reporter(static_cast<int>(next));
    last = run_one(static_cast<int>(next), &reporter);
    if (!last.ok()) worst = last;
    finished = next;
  }
  return worst;
}

}  // namespace

absl::Status RunTasksOverRanks(const std::vector<int>& order, const std::vector<double>& weights,
                               const RunOneTask& run_one, ProgressMonitor* monitor,
                               bool rank0_computes, int local_threads) {
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  CHECK_GE(local_threads, 1);
  CHECK(size == 1 || local_threads == 1) << "local threads need a single rank";
  if (rank != 0) return WorkerLoop(run_one);
  SharedQueue queue(order);
  if (size == 1) {
    std::vector<std::thread> helpers;
    for (int i = 1; i < local_threads; ++i) {
      helpers.emplace_back([&] { ComputeLocally(&queue, weights, run_one, monitor); });
    }
    ComputeLocally(&queue, weights, run_one, monitor);
    for (std::thread& helper : helpers) helper.join();
  } else if (rank0_computes) {
    std::thread dispatcher([&] { Dispatch(size - 1, &queue, weights, monitor); });
    ComputeLocally(&queue, weights, run_one, monitor);
    dispatcher.join();
  } else {
    Dispatch(size - 1, &queue, weights, monitor);
  }
  return queue.first_error();
}

void BroadcastInt(int* value, int root) {
  MPI_Request request;
  MPI_Ibcast(value, 1, MPI_INT, root, MPI_COMM_WORLD, &request);
  WaitPolitely(&request);
}

void BroadcastString(std::string* value, int root) {
  int size = static_cast<int>(value->size());
  BroadcastInt(&size, root);
  value->resize(size);
  if (size == 0) return;
  MPI_Request request;
  MPI_Ibcast(value->data(), size, MPI_CHAR, root, MPI_COMM_WORLD, &request);
  WaitPolitely(&request);
}

}  // namespace dprl
