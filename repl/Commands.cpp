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
            std::string text = style.abbreviate && !r.full ? format_value_abbrev(*r.value)
                                                           : format_value_abbrev(*r.value, INT64_MAX);
            // In pieces, so that Ctrl-C stops a long `:print` (a terminal takes a while).
            const size_t piece = 1 << 16;
            for (size_t at = 0; at < text.size(); at += piece) {
                if (style.interrupt && style.interrupt->load()) {
                    out << '\n'
                        << paint(dim, "-- interrupted: printed " + std::to_string(at) + " of " +
                                          std::to_string(text.size()) + " characters");
                    break;
                }
                out.write(text.data() + at, (std::streamsize)std::min(piece, text.size() - at));
                out.flush();
            }
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
