/** \file
 * Small string helpers that several parts read lines with.
 */
#pragma once

#include <string>

namespace loom {

/** s without its leading and trailing blanks (spaces, tabs, CR, LF). */
std::string trim(const std::string &s);

/** Whether a line holds nothing but blanks. */
bool blank_line(const std::string &line);

}  // namespace loom
