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
//
// The numeric modules' doc texts are a table of `-- @doc` lines (Note [Numeric docs]).
#include "core/Diagnostic.h"
#include "core/PrimType.h"
#include "core/Text.h"
#include "frontend/Frontend.h"

#include <algorithm>
#include <cctype>
#include <regex>
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

// Note [Numeric docs]: the numeric modules (`i8` ... `f64`, `bool`) have a hundred-odd
// values each, most of them the same function at twelve types, defined by templates
// (intrinsic or in Loom) or built into the checker (the operators).  Their doc texts are
// one table, frontend/prelude/04_numeric_docs.fut, of lines
//     -- @doc NAMES (KINDS): TEXT
// each written once for every module with one of the NAMES (an operator as `(+)`), or
// for those of the KINDS only (int, signed, unsigned, float, bool; none: all), a line
// starting `--   ` going on with the entry.  For a module the most specific entry holds:
// its own kind (signed, unsigned, float, bool), then int, then none.  TEXT's `$T`, `$F`,
// `$N`, `$U`, `$S`, `$MAX` and `$MIN` are the module's type, the name, the type's bits,
// the unsigned and signed integer types of its width and an integer type's limits.  The
// expanded prelude gets each text as the `-- |` comment of the definition (so `:doc
// f32.sqrt` shows it as any prelude doc comment), where the definition has none of its
// own; numeric_doc() gives the operators' (`:doc f32.+`).  tests/unit/test_prelude_docs.cpp
// checks that every value of every numeric module has a text.

struct NumericDoc {
    std::vector<std::string> names;  ///< operators without their parentheses
    std::vector<std::string> kinds;  ///< empty: every numeric module
    std::string text;
};

bool doc_line(const std::string &l) { return starts_with(l, "-- @doc "); }
bool doc_continuation(const std::string &l) { return starts_with(l, "--   "); }

std::vector<NumericDoc> parse_numeric_docs(const std::string &text) {
    std::vector<NumericDoc> docs;
    std::istringstream is(text);
    bool in_entry = false;
    for (std::string l; std::getline(is, l);) {
        if (in_entry && doc_continuation(l)) {
            docs.back().text += " " + trim(l.substr(2));
            continue;
        }
        in_entry = doc_line(l);
        if (!in_entry) continue;
        const std::string rest = l.substr(8);
        const size_t colon = rest.find(": ");
        if (colon == std::string::npos)
            internal_error("prelude: a `-- @doc` line without `: `: " + l);
        NumericDoc d;
        d.text = trim(rest.substr(colon + 2));
        std::istringstream head(rest.substr(0, colon));
        bool kinds = false;
        for (std::string w; head >> w;) {
            // `(int float)` lists kinds; `(+)` is an operator.
            if (!kinds && w.size() > 1 && w[0] == '(' && std::isalpha((unsigned char)w[1])) {
                kinds = true;
                w.erase(0, 1);
            }
            if (kinds) {
                const bool last = w.back() == ')';
                if (last) w.pop_back();
                d.kinds.push_back(w);
                kinds = !last;
            } else if (w.size() > 2 && w.front() == '(' && w.back() == ')') {
                d.names.push_back(w.substr(1, w.size() - 2));
            } else {
                d.names.push_back(w);
            }
        }
        if (d.names.empty() || d.text.empty() || kinds)
            internal_error("prelude: a malformed `-- @doc` line: " + l);
        docs.push_back(std::move(d));
    }
    return docs;
}

/** How well an entry for `kinds` fits a module of kind `kind` (signed, unsigned, float or
 * bool): 0 its own kind, 1 int for an integer kind, 2 every kind, 3 not at all. */
int fit(const std::vector<std::string> &kinds, const std::string &kind) {
    if (kinds.empty()) return 2;
    int best = 3;
    for (const std::string &k : kinds) {
        if (k == kind) return 0;
        if (k == "int" && (kind == "signed" || kind == "unsigned")) best = 1;
    }
    return best;
}

std::string doc_vars(std::string text, const std::string &type, const std::string &name) {
    std::optional<PrimType> p = prim_from_name(type);
    const int bits = p && *p != PrimType::Bool ? prim_bits(*p) : 1;
    std::string max, min;
    if (p && is_signed_int(*p)) {
        max = std::to_string((1ull << (bits - 1)) - 1);
        min = "-" + std::to_string(1ull << (bits - 1));
    } else if (p && is_unsigned_int(*p)) {
        max = std::to_string(bits == 64 ? ~0ull : (1ull << bits) - 1);
        min = "0";
    }
    text = replace_all(replace_all(text, "$MAX", max), "$MIN", min);
    text = subst_vars(replace_all(replace_all(text, "$F", name), "$N", std::to_string(bits)), type);
    // "a $T" is "an i32", "an f16" (but "a u8", "a bool").
    static const std::regex a_vowel("\\ba ([if](8|16|32|64)\\b)");
    return std::regex_replace(text, a_vowel, "an $1");
}

const std::vector<NumericDoc> &numeric_docs() {
    static const std::vector<NumericDoc> docs = parse_numeric_docs(prelude_source());
    return docs;
}

/** The numeric module a definition's line defines a value of (`intrinsic def f32.sqrt
 * ...`, `def i32.sum ...`): {type, name}, or nothing. */
std::optional<std::pair<std::string, std::string>> numeric_def(const std::string &line) {
    std::istringstream is(line);
    std::string w;
    is >> w;
    if (w == "intrinsic") is >> w;
    if (w != "def" || !(is >> w)) return std::nullopt;
    const size_t dot = w.find('.');
    if (dot == std::string::npos || !prim_from_name(w.substr(0, dot))) return std::nullopt;
    size_t end = dot + 1;
    auto name_char = [](char c) { return std::isalnum((unsigned char)c) || c == '_' || c == '\''; };
    while (end < w.size() && name_char(w[end])) ++end;
    return std::make_pair(w.substr(0, dot), w.substr(dot + 1, end - dot - 1));
}

/** The expanded prelude with the `-- @doc` table's lines blank and each numeric module's
 * definition with its text as a `-- |` comment (Note [Numeric docs]). */
std::string with_numeric_docs(const std::string &text) {
    std::vector<std::string> out;
    std::istringstream is(text);
    bool in_entry = false;
    for (std::string l; std::getline(is, l);) {
        if (doc_line(l) || (in_entry && doc_continuation(l))) {
            in_entry = true;
            out.emplace_back();
            continue;
        }
        in_entry = false;
        if (auto def = numeric_def(l)) {
            bool documented = false;  // a `-- |` block of its own right above it
            for (size_t i = out.size(); i > 0 && starts_with(out[i - 1], "--"); --i)
                documented = documented || starts_with(out[i - 1], "-- |");
            if (!documented)
                if (std::optional<std::string> doc = numeric_doc(def->first, def->second))
                    out.push_back("-- | " + *doc);
        }
        out.push_back(l);
    }
    std::string s;
    for (const std::string &l : out) s += l + "\n";
    return s;
}

}  // namespace

std::optional<std::string> numeric_doc(const std::string &type, const std::string &name) {
    std::optional<PrimType> p = prim_from_name(type);
    if (!p) return std::nullopt;
    const std::string kind = *p == PrimType::Bool ? "bool"
                             : is_signed_int(*p)  ? "signed"
                             : is_unsigned_int(*p) ? "unsigned"
                                                   : "float";
    const NumericDoc *best = nullptr;
    int best_fit = 3;
    for (const NumericDoc &d : numeric_docs()) {
        if (std::find(d.names.begin(), d.names.end(), name) == d.names.end()) continue;
        if (int f = fit(d.kinds, kind); f < best_fit) {
            best_fit = f;
            best = &d;
        }
    }
    if (!best) return std::nullopt;
    return doc_vars(best->text, type, name);
}

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
    static SourceFilePtr f = std::make_shared<SourceFile>(SourceFile{
        "prelude.fut", with_numeric_docs(expand_prelude_templates(prelude_source())), true});
    return f;
}

}  // namespace loom
