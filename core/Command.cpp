#include "core/Command.h"

#include <cstdio>

namespace loom {

std::string shell_quote(const std::string &s) {
    std::string r = "'";
    for (char c : s)
        r += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return r + "'";
}

int run_command(const std::string &cmd, std::string &output) {
    FILE *p = popen(("LC_ALL=C " + cmd + " </dev/null 2>&1").c_str(), "r");
    if (!p) {
        output = "cannot run: " + cmd;
        return -1;
    }
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0)
        output.append(buf, n);
    return pclose(p);
}

bool have_command(const std::string &program) {
    std::string out;
    return run_command("command -v " + shell_quote(program) + " >/dev/null", out) == 0;
}

}  // namespace loom
