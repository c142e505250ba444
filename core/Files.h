/** \file
 * Reading a whole file or stream into memory, in large pieces: an input of a hundred
 * megabytes read a character at a time (std::istreambuf_iterator) took half a second.
 */
#pragma once

#include <istream>
#include <optional>
#include <string>

namespace loom {

/** Everything left in `in`. */
std::string read_stream(std::istream &in);

/** The whole file at `path` into `out`; false when it cannot be opened or read. */
bool read_file(const std::string &path, std::string &out);

/** read_file of a regular file, or why not, as a message: "cannot read `P`: no such file",
 * "...: not a file", or "cannot read `P`".  Nothing on success. */
std::optional<std::string> read_regular_file(const std::string &path, std::string &out);

}  // namespace loom
