// dprl.RandomStream (random/random_stream.h) and the general distributions of
// random/distributions.h.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstdint>
#include <optional>

#include "absl/strings/str_cat.h"
#include "common/resource_limits.h"
#include "common/validation.h"
#include "python/ext/bindings.h"
#include "random/distributions.h"
#include "random/random_stream.h"

namespace py = pybind11;

namespace dprl::python {

void BindRandom(py::module_& m) {
  py::class_<StreamKey>(m, "StreamKey", "The name of a Philox stream (random/random_stream.h).")
      .def(py::init([](uint64_t master_seed, uint64_t config, uint64_t replicate,
                       uint64_t purpose) { return StreamKey{master_seed, config, replicate, purpose}; }),
           py::arg("master_seed") = 0, py::arg("config") = 0, py::arg("replicate") = 0,
           py::arg("purpose") = 0)
      .def_readwrite("master_seed", &StreamKey::master_seed)
      .def_readwrite("config", &StreamKey::config)
      .def_readwrite("replicate", &StreamKey::replicate)
      .def_readwrite("purpose", &StreamKey::purpose)
      .def("__repr__", [](const StreamKey& k) {
        return py::str("StreamKey(master_seed={}, config={}, replicate={}, purpose={})")
            .format(k.master_seed, k.config, k.replicate, k.purpose);
      });

  py::class_<RandomStream>(
      m, "RandomStream",
      "Philox4x64-10 counter-based stream named by (master_seed, config, replicate, purpose): the "
      "C++ dprl::RandomStream itself, so the same key gives the same bits as in C++. Functions that "
      "take a stream advance it in place.")
      .def(py::init([](uint64_t master_seed, uint64_t config, uint64_t replicate,
                       uint64_t purpose) {
             return RandomStream(StreamKey{master_seed, config, replicate, purpose});
           }),
           py::arg("master_seed"), py::arg("config") = 0, py::arg("replicate") = 0,
           py::arg("purpose") = 0)
      .def(py::init<const StreamKey&>(), py::arg("key"))
      .def("child", py::overload_cast<uint64_t>(&RandomStream::Child, py::const_), py::arg("index"),
           "Independent sub-stream number `index` (does not advance this stream).")
      .def("child_pair", py::overload_cast<uint64_t, uint64_t>(&RandomStream::Child, py::const_),
           py::arg("a"), py::arg("b"),
           "Independent sub-stream named by the pair (a, b) (does not advance this stream).")
      .def("copy", [](const RandomStream& s) { return RandomStream(s); },
           "An independent copy at the same position.")
      .def("__copy__", [](const RandomStream& s) { return RandomStream(s); })
      .def("__deepcopy__", [](const RandomStream& s, py::dict) { return RandomStream(s); })
      .def("next_u64", &RandomStream::NextU64, "Next 64 uniformly random bits.")
      .def(
          "next_u64_array",
          [](RandomStream& s, int64_t size) {
            ThrowIfError(ValidateAtLeastOne("size", size));
            ThrowIfError(CheckMemoryEstimate(
                absl::StrCat("next_u64_array: size = ", size, " (8 bytes per word)"),
                8.0 * static_cast<double>(size)));
            py::array_t<uint64_t> out(size);
            auto view = out.mutable_unchecked<1>();
            for (int64_t i = 0; i < size; ++i) view(i) = s.NextU64();
            return out;
          },
          py::arg("size"), "The next `size` 64-bit words as a uint64 array.")
      .def("next_open_uniform", &RandomStream::NextOpenUniform,
           "Uniform double in (0, 1) from 53 bits: (k + 0.5) / 2^53.")
      .def(
          "uniform_int",
          [](RandomStream& s, uint64_t bound) {
            ThrowIfError(ValidateAtLeastOne("bound", bound == 0 ? 0 : 1));
            return s.UniformInt(bound);
          },
          py::arg("bound"), "Uniform integer in [0, bound), exactly. bound >= 1.")
      .def("next_bit", &RandomStream::NextBit, "Fair coin.");

  m.def(
      "sample_gaussian",
      [](double stddev, RandomStream& stream) {
        ThrowIfError(ValidateFiniteNonNegative("stddev", stddev));
        return SampleGaussian(stddev, stream);
      },
      py::arg("stddev"), py::arg("stream"),
      "N(0, stddev^2) by Box-Muller (random/distributions.h); two words of the stream. Floating "
      "point: for real-valued releases only.");
}

}  // namespace dprl::python
