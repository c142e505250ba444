#include "frontend/Lexer.h"

#include "core/Escapes.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unordered_map>

namespace loom {

namespace {

bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_alnum(char c) { return is_alpha(c) || is_digit(c); }
bool is_constituent(char c) { return is_alnum(c) || c == '_' || c == '\''; }
bool is_opstart(char c) { return c != 0 && std::strchr("+-*/%=!><|&^", c) != nullptr; }
bool is_opchar(char c) { return is_opstart(c) || c == '.'; }
bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

const std::unordered_map<std::string, Tok> &keywords() {
    static const std::unordered_map<std::string, Tok> kw = {
        {"true", Tok::KwTrue},     {"false", Tok::KwFalse},   {"if", Tok::KwIf},
        {"then", Tok::KwThen},     {"else", Tok::KwElse},     {"def", Tok::KwDef},
        {"let", Tok::KwLet},       {"loop", Tok::KwLoop},     {"in", Tok::KwIn},
        {"val", Tok::KwVal},       {"for", Tok::KwFor},       {"do", Tok::KwDo},
        {"with", Tok::KwWith},     {"local", Tok::KwLocal},   {"open", Tok::KwOpen},
        {"include", Tok::KwInclude}, {"import", Tok::KwImport}, {"type", Tok::KwType},
        {"entry", Tok::KwEntry},   {"module", Tok::KwModule}, {"while", Tok::KwWhile},
        {"assert", Tok::KwAssert}, {"match", Tok::KwMatch},   {"case", Tok::KwCase},
    };
    return kw;
}

class Lexer {
public:
    explicit Lexer(const SourceFilePtr &file) : file_(file), s_(file->text) {}

    std::vector<Token> run() {
        std::vector<Token> toks;
        bool space = false;
        std::string pending_doc;
        while (true) {
            // Whitespace and comments.
            if (pos_ < s_.size() && is_space(s_[pos_])) {
                if (s_[pos_] == '\n') newline();
                ++pos_;
                space = true;
                continue;
            }
            if (peek(0) == '-' && peek(1) == '-') {
                space = true;
                if (s_.compare(pos_, 4, "-- |") == 0) {
                    pending_doc = lex_doc();
                } else {
                    skip_line();
                }
                continue;
            }
            if (pos_ >= s_.size()) break;
            Token t;
            t.begin = pos_;
            t.loc = here();
            t.space_before = space || pos_ == 0;
            lex_token(t);
            t.end = pos_;
            t.loc.end_col = t.loc.col + int(t.end - t.begin);
            if (!pending_doc.empty()) {
                t.doc = std::move(pending_doc);
                pending_doc.clear();
            }
            toks.push_back(std::move(t));
            space = false;
        }
        Token eof;
        eof.kind = Tok::Eof;
        eof.space_before = true;
        eof.begin = eof.end = s_.size();
        if (toks.empty()) {
            eof.loc = SrcLoc{file_, 1, 1, 0};
        } else {
            eof.loc = toks.back().loc;
        }
        toks.push_back(std::move(eof));
        return toks;
    }

private:
    SourceFilePtr file_;
    const std::string &s_;
    size_t pos_ = 0;
    int line_ = 1;
    size_t line_start_ = 0;

    char peek(size_t k) const { return pos_ + k < s_.size() ? s_[pos_ + k] : '\0'; }
    void newline() {
        ++line_;
        line_start_ = pos_ + 1;
    }
    SrcLoc here() const { return SrcLoc{file_, line_, int(pos_ - line_start_) + 1, 0}; }
    SrcLoc loc_at(size_t p) const { return SrcLoc{file_, line_, int(p - line_start_) + 1, 0}; }

    [[noreturn]] void error_at(size_t p, const std::string &msg) const {
        throw CompileError(loc_at(p), msg);
    }

    void skip_line() {
        while (pos_ < s_.size() && s_[pos_] != '\n') ++pos_;
    }

    // A doc block: the `-- |` line and every directly following comment line.
    std::string lex_doc() {
        std::string doc;
        size_t start = pos_ + 4;
        skip_line();
        std::string first = s_.substr(start, pos_ - start);
        if (!first.empty() && first[0] == ' ') first.erase(0, 1);
        doc = first;
        while (pos_ < s_.size()) {
            // pos_ is at '\n'; look at the next line.
            size_t q = pos_ + 1;
            while (q < s_.size() && (s_[q] == ' ' || s_[q] == '\t' || s_[q] == '\f' ||
                                     s_[q] == '\v' || s_[q] == '\r'))
                ++q;
            if (s_.compare(q, 2, "--") != 0) break;
            newline();
            pos_ = q;
            size_t ls = pos_ + 2;
            skip_line();
            std::string l = s_.substr(ls, pos_ - ls);
            if (!l.empty() && l[0] == ' ') l.erase(0, 1);
            doc += "\n" + l;
        }
        while (!doc.empty() && (doc.back() == '\r' || doc.back() == ' ')) doc.pop_back();
        return doc;
    }

    // Decodes one UTF-8 code point at pos_ (invalid bytes count as one code point each).
    uint32_t decode_utf8() {
        unsigned char c = (unsigned char)s_[pos_];
        int n = 0;
        uint32_t cp = c;
        if (c >= 0xF0 && c < 0xF8) {
            n = 3;
            cp = c & 0x07;
        } else if (c >= 0xE0) {
            n = 2;
            cp = c & 0x0F;
        } else if (c >= 0xC0) {
            n = 1;
            cp = c & 0x1F;
        }
        if (c >= 0xF8) n = 0, cp = c;
        ++pos_;
        for (int i = 0; i < n; ++i) {
            if (pos_ >= s_.size() || ((unsigned char)s_[pos_] & 0xC0) != 0x80) return c;
            cp = (cp << 6) | ((unsigned char)s_[pos_] & 0x3F);
            ++pos_;
        }
        return cp;
    }

    // After a backslash at pos_ (pos_ points at the backslash); returns the code point.
    uint32_t lex_escape(const char *what) {
        size_t start = pos_;
        std::string err;
        std::optional<uint32_t> cp = decode_escape(s_, pos_, err);
        if (!cp) error_at(start, err == "unterminated" ? std::string("unterminated ") + what : err + " in " + what);
        return *cp;
    }

    void lex_token(Token &t) {
        char c = s_[pos_];
        size_t start = pos_;
        if (is_alpha(c) || (c == '_' && is_alnum(peek(1)))) {
            lex_name(t);
            return;
        }
        if (is_digit(c)) {
            lex_number(t);
            return;
        }
        auto punct = [&](Tok k, size_t n) {
            t.kind = k;
            t.text = s_.substr(pos_, n);
            pos_ += n;
        };
        switch (c) {
        case '_': return punct(Tok::Underscore, 1);
        case '(': return punct(Tok::LParen, 1);
        case ')': return punct(Tok::RParen, 1);
        case ']': return punct(Tok::RBracket, 1);
        case '{': return punct(Tok::LBrace, 1);
        case '}': return punct(Tok::RBrace, 1);
        case ',': return punct(Tok::Comma, 1);
        case '\\': return punct(Tok::Backslash, 1);
        case '~': return punct(Tok::Tilde, 1);
        case '[': {
            char p = pos_ > 0 ? s_[pos_ - 1] : '\0';
            return punct(is_constituent(p) || p == ')' || p == ']' ? Tok::Indexing : Tok::LBracket, 1);
        }
        case '?':
            if (peek(1) == '?' && peek(2) == '?') return punct(Tok::Hole, 3);
            return punct(Tok::Question, 1);
        case ':':
            if (peek(1) == '>') return punct(Tok::ColonGt, 2);
            return punct(Tok::Colon, 1);
        case '.':
            if (peek(1) == '.' && peek(2) == '.') return punct(Tok::ThreeDots, 3);
            if (peek(1) == '.' && peek(2) == '<') return punct(Tok::TwoDotsLt, 3);
            if (peek(1) == '.' && peek(2) == '>') return punct(Tok::TwoDotsGt, 3);
            if (peek(1) == '.') return punct(Tok::TwoDots, 2);
            return punct(Tok::Dot, 1);
        case '#':
            if (peek(1) == '[') return punct(Tok::HashLBracket, 2);
            if (is_alpha(peek(1)) || (peek(1) == '_' && is_alnum(peek(2)))) {
                ++pos_;
                while (is_constituent(peek(0))) ++pos_;
                t.kind = Tok::Ctor;
                t.text = s_.substr(start + 1, pos_ - start - 1);
                return;
            }
            error_at(start, "expected a constructor name after `#`");
        case '`': {
            ++pos_;
            size_t ns = pos_;
            if (!(is_alpha(peek(0)) || (peek(0) == '_' && is_alnum(peek(1)))))
                error_at(start, "expected a function name after the backtick");
            while (is_constituent(peek(0)) || (peek(0) == '.' && is_alnum(peek(1)))) ++pos_;
            if (peek(0) != '`') error_at(start, "missing closing backtick");
            t.kind = Tok::Backtick;
            t.text = s_.substr(ns, pos_ - ns);
            ++pos_;
            return;
        }
        case '"':
            lex_string(t);
            return;
        case '$':
            if (!is_alpha(peek(1))) break;
            // A call the session evaluated is the name of its value; any other is a
            // Script token, which only the session's scan takes (the parser rejects it).
            if (auto it = file_->script_names.find(start); it != file_->script_names.end()) {
                t.kind = Tok::Name;
                t.text = it->second.second;
                pos_ = it->second.first;
                return;
            }
            ++pos_;
            while (is_constituent(peek(0))) ++pos_;
            t.kind = Tok::Script;
            t.text = s_.substr(start + 1, pos_ - start - 1);
            return;
        case '\'':
            lex_apostrophe(t);
            return;
        default:
            break;
        }
        if (is_opstart(c)) {
            while (is_opchar(peek(0))) {
                // A `--` inside an operator would start a comment only at a token start;
                // like Futhark we take the longest operator.
                ++pos_;
            }
            t.text = s_.substr(start, pos_ - start);
            if (t.text == "=") t.kind = Tok::Equals;
            else if (t.text == "!") t.kind = Tok::Bang;
            else if (t.text == "->") t.kind = Tok::Arrow;
            else t.kind = Tok::Symbol;
            return;
        }
        if ((unsigned char)c >= 0x80) {
            uint32_t cp = decode_utf8();
            std::string ch;
            append_utf8(ch, cp);
            error_at(start, "unexpected character `" + ch + "`");
        }
        if ((unsigned char)c < 0x20 || c == 0x7f) {
            error_at(start, "unexpected control character (code " + std::to_string(int(c)) + ")");
        }
        error_at(start, std::string("unexpected character `") + c + "`");
    }

    void lex_name(Token &t) {
        size_t start = pos_;
        auto ident = [&] {
            ++pos_;
            while (is_constituent(peek(0))) ++pos_;
        };
        ident();
        bool dotted = false;
        // Qualified names and field chains: `f32.sqrt`, `r.x.y`, `t.0.1`.
        while (peek(0) == '.') {
            char n = peek(1);
            if (is_alpha(n) || (n == '_' && is_alnum(peek(2)))) {
                ++pos_;
                ident();
                dotted = true;
            } else if (is_digit(n)) {
                ++pos_;
                while (is_digit(peek(0))) ++pos_;
                dotted = true;
            } else if (is_opstart(n) && !(n == '-' && peek(2) == '-')) {
                // Qualified operator: `f32.+`.
                ++pos_;
                while (is_opchar(peek(0))) ++pos_;
                t.kind = Tok::Symbol;
                t.text = s_.substr(start, pos_ - start);
                return;
            } else {
                break;
            }
        }
        t.text = s_.substr(start, pos_ - start);
        t.kind = Tok::Name;
        if (!dotted) {
            auto it = keywords().find(t.text);
            if (it != keywords().end()) t.kind = it->second;
        }
    }

    // Reads identifier characters after a number as a type suffix.
    std::optional<PrimType> lex_suffix(size_t start) {
        if (!is_alpha(peek(0)) && peek(0) != '_') return std::nullopt;
        size_t s = pos_;
        while (is_constituent(peek(0))) ++pos_;
        std::string suf = s_.substr(s, pos_ - s);
        auto p = prim_from_name(suf);
        if (!p || *p == PrimType::Bool)
            error_at(start, "invalid suffix `" + suf + "` on numeric literal `" +
                                s_.substr(start, pos_ - start) + "`");
        return p;
    }

    void lex_number(Token &t) {
        size_t start = pos_;
        bool after_dot = start > 0 && s_[start - 1] == '.';
        auto digits = [&](auto pred) {
            size_t s = pos_;
            while (pred(peek(0)) || (peek(0) == '_' && pos_ > s)) ++pos_;
        };
        int base = 10;
        bool is_float = false;
        std::string body;  // digits without prefix/underscores
        if (peek(0) == '0' && (peek(1) == 'x' || peek(1) == 'X') && is_hex(peek(2))) {
            base = 16;
            pos_ += 2;
            digits(is_hex);
            bool hexfloat = false;
            if (peek(0) == '.' && is_hex(peek(1))) {
                ++pos_;
                digits(is_hex);
                hexfloat = true;
            }
            if ((peek(0) == 'p' || peek(0) == 'P') &&
                (is_digit(peek(1)) || ((peek(1) == '+' || peek(1) == '-') && is_digit(peek(2))))) {
                pos_ += 2;
                while (is_digit(peek(0)) || peek(0) == '_') ++pos_;
                hexfloat = true;
            } else if (hexfloat) {
                error_at(start, "hexadecimal float literal needs a `p` exponent");
            }
            is_float = hexfloat;
        } else if (peek(0) == '0' && (peek(1) == 'b' || peek(1) == 'B') &&
                   (peek(2) == '0' || peek(2) == '1')) {
            base = 2;
            pos_ += 2;
            digits([](char c) { return c == '0' || c == '1'; });
            if (is_digit(peek(0))) error_at(start, "invalid digit in binary literal");
        } else {
            digits(is_digit);
            if (!after_dot) {
                if (peek(0) == '.' && is_digit(peek(1))) {
                    ++pos_;
                    digits(is_digit);
                    is_float = true;
                }
                if ((peek(0) == 'e' || peek(0) == 'E') &&
                    (is_digit(peek(1)) ||
                     ((peek(1) == '+' || peek(1) == '-') && is_digit(peek(2))))) {
                    pos_ += 2;
                    while (is_digit(peek(0))) ++pos_;
                    is_float = true;
                }
            }
        }
        size_t num_end = pos_;
        std::optional<PrimType> suffix = lex_suffix(start);
        for (size_t i = start; i < num_end; ++i)
            if (s_[i] != '_') body += s_[i];
        t.suffix = suffix;
        // Explicit flags (rather than `suffix && ...`) keep valgrind quiet about
        // GCC reading the optional's payload speculatively.
        const bool has_suffix = suffix.has_value();
        const PrimType suffix_type = has_suffix ? suffix.value() : PrimType::I32;
        if (is_float || (has_suffix && loom::is_float(suffix_type))) {
            if (has_suffix && !loom::is_float(suffix_type))
                error_at(start, "float literal `" + s_.substr(start, pos_ - start) +
                                    "` cannot have integer suffix `" + prim_name(*suffix) + "`");
            t.kind = Tok::FloatLit;
            t.text = body;
            if (base == 16 && !is_float) {
                // An integer written in hex with a float suffix: its integer value.
                t.float_value = double(parse_int(body.substr(2), 16, start));
            } else if (base == 2) {
                t.float_value = double(parse_int(body.substr(2), 2, start));
            } else {
                t.float_value = std::strtod(body.c_str(), nullptr);
            }
            return;
        }
        t.kind = Tok::IntLit;
        t.text = s_.substr(start, pos_ - start);
        t.int_value = parse_int(base == 10 ? body : body.substr(2), base, start);
    }

    uint64_t parse_int(const std::string &digits, int base, size_t start) {
        uint64_t v = 0;
        for (char c : digits) {
            uint64_t d = uint64_t(hex_value(c));
            if (v > (UINT64_MAX - d) / uint64_t(base))
                error_at(start, "integer literal `" + s_.substr(start, pos_ - start) +
                                    "` is too large");
            v = v * base + d;
        }
        return v;
    }

    void lex_string(Token &t) {
        size_t start = pos_;
        ++pos_;
        std::string out;
        while (true) {
            if (pos_ >= s_.size() || s_[pos_] == '\n')
                error_at(start, "unterminated string literal");
            char c = s_[pos_];
            if (c == '"') {
                ++pos_;
                break;
            }
            if (c == '\\') {
                append_utf8(out, lex_escape("string literal"));
            } else {
                out += c;
                ++pos_;
            }
        }
        t.kind = Tok::StringLit;
        t.text = std::move(out);
    }

    void lex_apostrophe(Token &t) {
        size_t start = pos_;
        char n = peek(1);
        // A character literal `'c'` or `'\n'`; otherwise the quote of a type parameter.
        if (n == '\\') {
            ++pos_;
            uint32_t cp = lex_escape("character literal");
            if (peek(0) != '\'') error_at(start, "unterminated character literal");
            ++pos_;
            t.kind = Tok::CharLit;
            t.int_value = cp;
            t.text = s_.substr(start, pos_ - start);
            return;
        }
        if (n != '\0' && n != '\'' && n != '\n') {
            size_t save = pos_;
            ++pos_;
            uint32_t cp = decode_utf8();
            if (peek(0) == '\'') {
                ++pos_;
                t.kind = Tok::CharLit;
                t.int_value = cp;
                t.text = s_.substr(start, pos_ - start);
                return;
            }
            pos_ = save;
        }
        if (n == '^') {
            t.kind = Tok::ApostropheHat;
            pos_ += 2;
        } else if (n == '~') {
            t.kind = Tok::ApostropheTilde;
            pos_ += 2;
        } else {
            t.kind = Tok::Apostrophe;
            pos_ += 1;
        }
        t.text = s_.substr(start, pos_ - start);
    }
};

}  // namespace

std::vector<Token> lex(const SourceFilePtr &file) { return Lexer(file).run(); }

std::string token_kind_name(Tok k) {
    switch (k) {
    case Tok::Eof: return "end of input";
    case Tok::Name: return "a name";
    case Tok::Symbol: return "an operator";
    case Tok::Backtick: return "a backtick operator";
    case Tok::Ctor: return "a constructor";
    case Tok::IntLit: return "an integer literal";
    case Tok::FloatLit: return "a float literal";
    case Tok::CharLit: return "a character literal";
    case Tok::StringLit: return "a string literal";
    case Tok::Script: return "a FutharkScript built-in";
    case Tok::LParen: return "`(`";
    case Tok::RParen: return "`)`";
    case Tok::LBracket: return "`[`";
    case Tok::Indexing: return "`[`";
    case Tok::RBracket: return "`]`";
    case Tok::LBrace: return "`{`";
    case Tok::RBrace: return "`}`";
    case Tok::Comma: return "`,`";
    case Tok::Underscore: return "`_`";
    case Tok::Question: return "`?`";
    case Tok::Arrow: return "`->`";
    case Tok::Colon: return "`:`";
    case Tok::ColonGt: return "`:>`";
    case Tok::Backslash: return "`\\`";
    case Tok::Tilde: return "`~`";
    case Tok::Apostrophe: return "`'`";
    case Tok::ApostropheHat: return "`'^`";
    case Tok::ApostropheTilde: return "`'~`";
    case Tok::HashLBracket: return "`#[`";
    case Tok::TwoDots: return "`..`";
    case Tok::TwoDotsLt: return "`..<`";
    case Tok::TwoDotsGt: return "`..>`";
    case Tok::ThreeDots: return "`...`";
    case Tok::Dot: return "`.`";
    case Tok::Bang: return "`!`";
    case Tok::Equals: return "`=`";
    case Tok::Hole: return "`???`";
    case Tok::KwTrue: return "`true`";
    case Tok::KwFalse: return "`false`";
    case Tok::KwIf: return "`if`";
    case Tok::KwThen: return "`then`";
    case Tok::KwElse: return "`else`";
    case Tok::KwDef: return "`def`";
    case Tok::KwLet: return "`let`";
    case Tok::KwLoop: return "`loop`";
    case Tok::KwIn: return "`in`";
    case Tok::KwVal: return "`val`";
    case Tok::KwFor: return "`for`";
    case Tok::KwDo: return "`do`";
    case Tok::KwWith: return "`with`";
    case Tok::KwLocal: return "`local`";
    case Tok::KwOpen: return "`open`";
    case Tok::KwInclude: return "`include`";
    case Tok::KwImport: return "`import`";
    case Tok::KwType: return "`type`";
    case Tok::KwEntry: return "`entry`";
    case Tok::KwModule: return "`module`";
    case Tok::KwWhile: return "`while`";
    case Tok::KwAssert: return "`assert`";
    case Tok::KwMatch: return "`match`";
    case Tok::KwCase: return "`case`";
    }
    return "a token";
}

std::string describe_token(const Token &t) {
    switch (t.kind) {
    case Tok::Eof: return "end of input";
    case Tok::StringLit: return "string literal";
    case Tok::Name:
    case Tok::Symbol:
    case Tok::Ctor:
    case Tok::IntLit:
    case Tok::FloatLit:
    case Tok::CharLit:
    case Tok::Backtick: {
        std::string src;
        if (t.loc.file && t.end <= t.loc.file->text.size() && t.begin < t.end)
            src = t.loc.file->text.substr(t.begin, t.end - t.begin);
        else
            src = t.text;
        if (src.size() > 40) src = src.substr(0, 40) + "...";
        return "`" + src + "`";
    }
    default: return token_kind_name(t.kind);
    }
}

}  // namespace loom
