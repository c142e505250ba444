/** \file
 * `loom-kernel install`: writes the Jupyter kernel spec directory `loom` (kernel.json
 * and two logos) so that `jupyter console --kernel loom` and notebooks find the kernel.
 * See jupyter/README.md for where each option writes.
 */
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace loom::jupyter {

/** The kernel.json text for a kernel binary at `exe` (an absolute path). */
std::string kernel_json(const std::string &exe);

/** A `size`×`size` RGBA PNG of the logo (a woven pattern). */
std::string logo_png(int size);

/** Runs `loom-kernel install ARGS...`; prints where it wrote on `out`, problems on
 * `err`; returns the exit status. */
int install_command(const std::vector<std::string> &args, std::ostream &out, std::ostream &err);

}  // namespace loom::jupyter
