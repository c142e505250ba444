// Presentation of evaluation records for the terminal (see Repl.h).
#include "repl/Repl.h"

#ifdef LOOM_HAVE_IMAGE
#include "image/Png.h"
#endif

#include <algorithm>
#include <cstdio>
#include <ostream>

namespace loom {

namespace {

const char *const red = "\x1b[1;31m";
const char *const dim = "\x1b[2m";
const char *const cyan = "\x1b[36m";
const char *const reset = "\x1b[0m";

/** An `:img` picture in a colour terminal: each character two pixels, the upper half
 * block in the top one's colour on the bottom one's (24-bit colour), the picture scaled to
 * at most 64 columns and 64 pixel rows (small ones enlarged up to 8 times).  Nothing where
 * the PNG does not decode. */
std::string terminal_picture(const std::string &png) {
#ifdef LOOM_HAVE_IMAGE
    int w = 0, h = 0;
    std::vector<uint8_t> rgba;
    try {
        rgba = decode_png(png, w, h);
    } catch (const std::exception &) {
        return "";
    }
    if (w <= 0 || h <= 0) return "";
    const double f = std::min({64.0 / w, 64.0 / h, 8.0});
    const int cols = std::max(1, (int)(w * f)), rows = std::max(1, (int)(h * f));
    auto pixel = [&](int x, int y) {  // nearest source pixel, as "R;G;B"
        const uint8_t *p = &rgba[((size_t)std::min(h - 1, (int)(y / f)) * w + std::min(w - 1, (int)(x / f))) * 4];
        return std::to_string(p[0]) + ";" + std::to_string(p[1]) + ";" + std::to_string(p[2]);
    };
    std::string out;
    for (int y = 0; y < rows; y += 2) {
        for (int x = 0; x < cols; ++x) {
            out += "\x1b[38;2;" + pixel(x, y) + "m";
            out += y + 1 < rows ? "\x1b[48;2;" + pixel(x, y + 1) + "m" : std::string("\x1b[49m");
            out += "\u2580";
        }
        out += std::string(reset) + "\n";
    }
    return out;
#else
    (void)png;
    return "";
#endif
}

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
        if (r.show_image && style.colour) out << terminal_picture(r.media);
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
