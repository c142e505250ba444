/** \file
 * Gzip files' contents (data files of test cases, `$loaddata`), through zlib.
 */
#pragma once

#include <optional>
#include <string>

namespace loom {

/** Whether `bytes` start with gzip's magic number. */
inline bool is_gzip(const std::string &bytes) {
    return bytes.size() >= 2 && (unsigned char)bytes[0] == 0x1f && (unsigned char)bytes[1] == 0x8b;
}

/** The content of the gzip file `gz` (read from `path`, for messages) into `out`: every
 * member of it, one after another, as `gzip -d` reads a file of several (`cat a.gz b.gz`);
 * See Note [Gzip members].  Nothing on success, else why not: "cannot decompress `P`: ...". */
std::optional<std::string> gunzip(const std::string &gz, const std::string &path, std::string &out);

}  // namespace loom
