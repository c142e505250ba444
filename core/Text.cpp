// Small string helpers (see Text.h).
#include "core/Text.h"

namespace loom {

namespace {
const char *const blanks = " \t\r\n";
}

std::string trim(const std::string &s) {
    size_t a = s.find_first_not_of(blanks);
    if (a == std::string::npos) return {};
    return s.substr(a, s.find_last_not_of(blanks) - a + 1);
}

bool blank_line(const std::string &line) { return line.find_first_not_of(blanks) == std::string::npos; }

}  // namespace loom
