/** \file
 * The escapes of Futhark's string and character literals (`\n`, `\x41`, `\u{3bb}`,
 * `\955`, ...), shared by the lexer and the textual value format's strings (`"abc"`,
 * an array of u8 in futhark-data's reader).
 */
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace loom {

/** The digits of the escapes and of the lexer's numbers. */
inline bool is_digit(char c) { return c >= '0' && c <= '9'; }
inline bool is_hex(char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
inline int hex_value(char c) { return is_digit(c) ? c - '0' : (c | 0x20) - 'a' + 10; }

/** Decodes the escape that starts at s[pos] (a backslash) and moves pos past it: its code
 * point, or nullopt with `error` saying what is wrong ("unknown escape sequence `\q`"). */
std::optional<uint32_t> decode_escape(std::string_view s, size_t &pos, std::string &error);

/** Appends code point cp to out in UTF-8. */
void append_utf8(std::string &out, uint32_t cp);

}  // namespace loom
