// Presentation of evaluation records for the terminal (see Repl.h).
#include "repl/Repl.h"

#include <algorithm>
#include <cstdio>
#include <ostream>

namespace loom {

namespace {

const char *const red = "\x1b[1;31m";
const char *const dim = "\x1b[2m";
const char *const cyan = "\x1b[36m";
const char *const reset = "\x1b[0m";

}  // namespace

void print_record(const EvalRecord &r, const ReplStyle &style, std::ostream &out,
                  std::ostream &err) {
    auto paint = [&](const char *c, const std::string &s) {
        return style.colour ? c + s + reset : s;
    };
    for (const std::string &t : r.traces) out << t << '\n';
    for (const std::string &n : r.notes) out << paint(dim, "-- note: " + n) << '\n';
    switch (r.kind) {
    case EvalRecord::Kind::Value:
        if (r.value) {
            // Piece by piece as the text is built (Session's show_value), so that a long
            // `:print` starts at once and Ctrl-C stops it (a terminal takes a while).
            size_t printed = 0;
            bool stopped = false;
            show_value(*r.value, r.full || !style.abbreviate, [&](std::string_view piece) {
                if (style.interrupt && style.interrupt->load()) {
                    stopped = true;
                    return false;
                }
                out.write(piece.data(), (std::streamsize)piece.size());
                out.flush();
                printed += piece.size();
                return true;
            });
            if (stopped)
                out << '\n'
                    << paint(dim, "-- interrupted: printed " + std::to_string(printed) +
                                      " characters");
            out << '\n';
        }
        break;
    case EvalRecord::Kind::Output:
        out << (r.output.rfind("-- ", 0) == 0 ? paint(cyan, r.output) : r.output) << '\n';
        break;
    case EvalRecord::Kind::Error:
    case EvalRecord::Kind::Incomplete: {
        if (r.error.empty()) break;
        out.flush();
        // The first line ("file:l:c: error: msg") stands out; source and caret follow.
        size_t nl = r.error.find('\n');
        std::string head = r.error.substr(0, nl);
        err << paint(red, head);
        if (nl != std::string::npos) err << r.error.substr(nl);
        if (r.error.back() != '\n') err << '\n';
        err.flush();
        break;
    }
    case EvalRecord::Kind::Empty:
    case EvalRecord::Kind::Definitions:
    case EvalRecord::Kind::Quit:
        break;
    }
    if (std::string s = summary_line(r); !s.empty()) out << paint(dim, s) << '\n';
    if (r.show_timing) out << paint(dim, timing_line(r)) << '\n';
    out.flush();
}

}  // namespace loom
