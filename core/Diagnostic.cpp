#include "Diagnostic.h"

#include <algorithm>
#include <cstring>

namespace loom {

static std::string source_line(const SourceFile &f, int line);

// Columns are bytes inside Loom (the lexer's offsets), but characters in what users
// read, as Futhark counts them and as the caret is drawn: `"日本語" ++ [true]` has its
// `[` at column 10, not 16.
static int char_column(const SourceFile &f, int line, int col) {
    if (col <= 1 || std::all_of(f.text.begin(), f.text.end(), [](char c) { return (unsigned char)c < 0x80; }))
        return col;
    std::string text = source_line(f, line);
    int chars = 1;
    for (size_t i = 0; i + 1 < (size_t)col && i < text.size(); ++i)
        chars += ((unsigned char)text[i] & 0xC0) != 0x80;
    return chars;
}

int SrcLoc::char_col() const { return file ? char_column(*file, line, col) : col; }

std::string SrcLoc::str() const {
    if (!known()) return "<unknown>";
    std::ostringstream os;
    os << (file ? file->name : std::string("<input>")) << ":" << line << ":" << char_col();
    return os.str();
}

static std::string source_line(const SourceFile &f, int line) {
    int cur = 1;
    size_t start = 0;
    while (cur < line) {
        size_t nl = f.text.find('\n', start);
        if (nl == std::string::npos) return "";
        start = nl + 1;
        ++cur;
    }
    size_t end = f.text.find('\n', start);
    return f.text.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

std::string render_diagnostic(const SrcLoc &loc, const std::string &kind,
                              const std::string &message) {
    std::ostringstream os;
    os << loc.str() << ": " << kind << ": " << message;
    if (loc.known() && loc.file) {
        std::string text = source_line(*loc.file, loc.line);
        if (!text.empty() || loc.col == 1) {
            // A byte after the first of a UTF-8 character.
            auto continues = [&](size_t i) { return (text[i] & 0xC0) == 0x80; };
            // A long line (a data literal, generated code) is shown around the caret only.
            size_t at = (size_t)std::max(loc.col - 1, 0), from = 0, to = text.size();
            if (text.size() > max_shown_line) {
                from = at > 60 ? at - 60 : 0;
                to = std::min(text.size(), from + max_shown_line);
                // Whole UTF-8 characters: no cut inside one.
                while (from > 0 && continues(from)) --from;
                while (to < text.size() && continues(to)) ++to;
            }
            const char *before = from > 0 ? "..." : "", *after = to < text.size() ? "..." : "";
            // Control bytes (binary data read as values) as dots: one column each still.
            std::string shown = text.substr(from, to - from);
            for (char &c : shown)
                if (((unsigned char)c < 0x20 && c != '\t') || c == 0x7f) c = '.';
            os << "\n  " << before << shown << after << "\n  "
               << std::string(std::strlen(before), ' ');
            // One space a character (not a byte of one), tabs kept: the caret lines up.
            for (size_t i = from; i < at && i < to; ++i)
                if (!continues(i)) os << (text[i] == '\t' ? '\t' : ' ');
            size_t end = loc.end_col > loc.col ? (size_t)loc.end_col - 1 : at + 1;
            int width = 0;
            for (size_t i = at; i < std::min(end, to); ++i) width += !continues(i);
            os << std::string((size_t)std::max(width, 1), '^');
        }
    }
    if (loc.via) {
        const SrcLoc &at = loc.via->at;
        os << "\n  in `" << loc.via->fn << "`, at " << at.str();
        if (at.file && at.end_col > at.col) {
            std::string text = source_line(*at.file, at.line);
            if ((size_t)at.col - 1 < text.size()) {
                std::string part = text.substr((size_t)at.col - 1, (size_t)(at.end_col - at.col));
                os << ": " << (part.size() > 60 ? part.substr(0, 57) + "..." : part);
            }
        }
    }
    return os.str();
}

bool in_prelude(const SrcLoc &loc) { return loc.file && loc.file->prelude; }

SrcLoc called_at(const SrcLoc &inner, const SrcLoc &call, const std::string &fn) {
    if (!in_prelude(inner) || inner.via || !call.known() || in_prelude(call))
        return inner;
    SrcLoc r = call;
    r.via = std::make_shared<const Via>(Via{fn, inner});
    return r;
}

namespace internal {
void internal_error_at(const char *file, int line, const std::string &msg) {
    std::ostringstream os;
    os << "internal compiler error at " << file << ":" << line << ": " << msg
       << " (this is a bug in Loom; please report it)";
    throw InternalError(os.str());
}
}  // namespace internal

}  // namespace loom
