// The prelude's source: the embedded .fut files with their templates expanded.
//
// Template syntax (frontend/prelude/README.md):
//   -- @for T in i8 i16 ...   repeat the lines up to `-- @end` once per type, with
//                             `$T` the type and `$U` the unsigned integer type of the
//                             same width (for floats: their bit type), `$S` the
//                             signed integer type of the same width;
//   -- @fn a b c             inside a @for block: repeat the lines up to `-- @endfn`
//                             once per name, with `$F` the name.
// Template lines are replaced by blank lines elsewhere so line numbers stay meaningful
// for the non-template parts.
#include "frontend/Frontend.h"

#include <sstream>

namespace loom {

namespace {

std::vector<std::string> words_after(const std::string &line, const std::string &key) {
    std::vector<std::string> out;
    std::istringstream is(line.substr(line.find(key) + key.size()));
    std::string w;
    while (is >> w) out.push_back(w);
    return out;
}

std::string replace_all(std::string s, const std::string &from, const std::string &to) {
    size_t pos = 0;
    while ((pos = s.find(from, pos)) != std::string::npos) {
        s.replace(pos, from.size(), to);
        pos += to.size();
    }
    return s;
}

std::string unsigned_of(const std::string &t) {
    if (t == "i8" || t == "u8") return "u8";
    if (t == "i16" || t == "u16" || t == "f16") return "u16";
    if (t == "i32" || t == "u32" || t == "f32") return "u32";
    if (t == "i64" || t == "u64" || t == "f64") return "u64";
    return t;
}

std::string signed_of(const std::string &t) {
    std::string u = unsigned_of(t);
    return u.size() > 1 && u[0] == 'u' ? "i" + u.substr(1) : t;
}

// $F, then $T, $U (unsigned of the same width), $S (signed of the same width).
std::string subst_vars(const std::string &l, const std::string &t) {
    return replace_all(replace_all(replace_all(l, "$T", t), "$U", unsigned_of(t)), "$S", signed_of(t));
}

bool starts_with(const std::string &line, const std::string &p) {
    return line.compare(0, p.size(), p) == 0;
}

std::string expand_block(const std::vector<std::string> &body, const std::string &t) {
    std::string out;
    for (size_t i = 0; i < body.size(); ++i) {
        if (starts_with(body[i], "-- @fn")) {
            std::vector<std::string> fns = words_after(body[i], "-- @fn");
            std::vector<std::string> inner;
            size_t j = i + 1;
            while (j < body.size() && !starts_with(body[j], "-- @endfn")) inner.push_back(body[j++]);
            for (const std::string &f : fns)
                for (const std::string &l : inner)
                    out += subst_vars(replace_all(l, "$F", f), t) + "\n";
            i = j;
            continue;
        }
        out += subst_vars(body[i], t) + "\n";
    }
    return out;
}

}  // namespace

/** Expands the `-- @for` templates of the prelude text. */
std::string expand_prelude_templates(const std::string &text) {
    std::vector<std::string> lines;
    {
        std::istringstream is(text);
        std::string l;
        while (std::getline(is, l)) lines.push_back(l);
    }
    std::string out;
    for (size_t i = 0; i < lines.size(); ++i) {
        if (!starts_with(lines[i], "-- @for")) {
            out += lines[i] + "\n";
            continue;
        }
        std::vector<std::string> ws = words_after(lines[i], "-- @for");
        // ws: T in t1 t2 ...
        std::vector<std::string> types(ws.size() > 2 ? ws.begin() + 2 : ws.end(), ws.end());
        std::vector<std::string> body;
        size_t j = i + 1;
        while (j < lines.size() && lines[j].find_last_not_of(" \t\r") != std::string::npos &&
               lines[j].substr(0, lines[j].find_last_not_of(" \t\r") + 1) != "-- @end")
            body.push_back(lines[j++]);
        for (const std::string &t : types) out += expand_block(body, t);
        i = j;
    }
    return out;
}

SourceFilePtr make_source(std::string name, std::string text) {
    return std::make_shared<SourceFile>(SourceFile{std::move(name), std::move(text)});
}

SourceFilePtr prelude_file() {
    static SourceFilePtr f = std::make_shared<SourceFile>(
        SourceFile{"prelude.fut", expand_prelude_templates(prelude_source()), true});
    return f;
}

}  // namespace loom
