/** \file
 * The CUDA emulator: with $LOOM_CUDA_EMULATE=1 the cuda backend runs without a GPU.  The
 * generated CUDA is compiled as host C++ (emu_prelude(): runtime/cuda/loom_cuda_emu.h, then
 * the CUDA) by the host compiler, and emu_program runs the host program's device calls on
 * the CPU: "device memory" is host memory (filled with garbage when allocated, every
 * transfer checked against the live allocations), kernels run through the object's `loom_emu_launch` (one block after
 * another, the threads of a block as fibers), on a small "device" of a few blocks so that
 * grid-stride loops, several scan tiles and per-block partials are all exercised.
 */
#pragma once

#include "runtime/cuda/CudaDevice.h"

#include <memory>
#include <string>

namespace loom::runtime {

class SharedObject;

/** Whether $LOOM_CUDA_EMULATE is 1: the cuda backend then emulates the device. */
bool cuda_emulated();

/** The text before the generated CUDA in the emulator's host C++ translation unit (the
 * same for every program: a precompiled header). */
std::string emu_prelude();

/** How much of emu_prelude() + `cuda` (a generated CUDA translation unit) is the same for
 * every program, so the precompiled header: the prelude and the device runtime the CUDA
 * starts with, up to its wanted kernels (cuda_runtime_wanted_at; parsing the runtime was a
 * third of a small program's kernels' compile). */
size_t emu_shared_size(const std::string &cuda);

/** The host compiler's optimisation flags for the emulated kernels: $LOOM_CUDA_EMULATE_CXXFLAGS,
 * else `-O1`.  The emulator checks what the kernels compute, not how fast: `-O1` compiles
 * the test corpus's kernels in about three quarters of `-O3 -march=native`'s time, and
 * they run as fast there (the scheduler, not the code, bounds an emulated launch). */
std::string emu_compiler_opt();

/** The kernels of `kernels` (an object built from emu_prelude() + the CUDA) on the emulated device.
 * Emulated calls run one at a time in the process. */
std::shared_ptr<DeviceProgram> emu_program(std::shared_ptr<SharedObject> kernels);

/** The emulated device's kept arrays (kept_arrays()); nothing before a program used it. */
std::optional<KeptArrays> emu_kept_arrays();

} // namespace loom::runtime
