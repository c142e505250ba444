/** \file
 * The text of runtime/cpu/loom_cpu_rt.h, embedded at build time (cmake/EmbedText.cmake):
 * the CPU backend pastes it at the top of every generated translation unit, so the
 * generated code needs no include path into Loom's sources.
 */
#pragma once

#include <string>

namespace loom::cpu {
const std::string &cpu_runtime_text();
/** The text of runtime/cpu/loom_cpu_lib.h: the C API runtime of a library (CpuLibrary.cpp). */
const std::string &cpu_library_text();
} // namespace loom::cpu
