#include "core/Escapes.h"

namespace loom {

std::optional<uint32_t> decode_escape(std::string_view s, size_t &pos, std::string &error) {
    auto peek = [&] { return pos < s.size() ? s[pos] : '\0'; };
    ++pos;  // the backslash
    char c = peek();
    ++pos;
    // A number of at most 8 digits, in `base`; nullopt (and error) beyond U+10FFFF.
    auto digits = [&](int base, int &n) -> std::optional<uint32_t> {
        uint32_t v = 0;
        n = 0;
        while ((base == 16 ? is_hex(peek()) : is_digit(peek())) && n < 8) {
            v = v * base + (base == 16 ? hex_value(peek()) : peek() - '0');
            ++pos, ++n;
        }
        if (v > 0x10FFFF) {
            error = "escape out of range";
            return std::nullopt;
        }
        return v;
    };
    int n = 0;
    switch (c) {
    case 'n': return '\n';
    case 't': return '\t';
    case 'r': return '\r';
    case 'a': return 7;
    case 'b': return 8;
    case 'f': return 12;
    case 'v': return 11;
    case '\\': return '\\';
    case '\'': return '\'';
    case '"': return '"';
    case 'x': {
        std::optional<uint32_t> v = digits(16, n);
        if (v && n == 0) error = "invalid escape `\\x`";
        return n == 0 ? std::nullopt : v;
    }
    case 'u': {
        if (peek() != '{') {
            error = "expected `{` after `\\u`";
            return std::nullopt;
        }
        ++pos;
        std::optional<uint32_t> v = digits(16, n);
        if (!v) return std::nullopt;
        if (n == 0 || peek() != '}') {
            error = "invalid `\\u{...}` escape";
            return std::nullopt;
        }
        ++pos;
        return v;
    }
    default:
        break;
    }
    if (is_digit(c)) {  // `\0`, `\955`: decimal
        --pos;
        return digits(10, n);
    }
    if (c == '\0' || c == '\n') {
        error = "unterminated";
        return std::nullopt;
    }
    error = std::string("unknown escape sequence `\\") + c + "`";
    return std::nullopt;
}

void append_utf8(std::string &out, uint32_t cp) {
    if (cp < 0x80) {
        out += char(cp);
    } else if (cp < 0x800) {
        out += char(0xC0 | (cp >> 6));
        out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += char(0xE0 | (cp >> 12));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    } else {
        out += char(0xF0 | (cp >> 18));
        out += char(0x80 | ((cp >> 12) & 0x3F));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    }
}

}  // namespace loom
