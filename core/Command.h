/** \file
 * Running another program through the shell: the host compiler (cpu backend), gnuplot
 * (plots).
 */
#pragma once

#include <string>

namespace loom {

/** `s` as one shell word (single-quoted). */
std::string shell_quote(const std::string &s);

/** Runs a shell command with its standard input from /dev/null, returning its exit status
 * (pclose's) and its standard output and error together, in the C locale: diagnostics
 * quoted to users read the same on every machine. */
int run_command(const std::string &cmd, std::string &output);

/** Whether `program` is a command on $PATH (or a path that can be run). */
bool have_command(const std::string &program);

}  // namespace loom
