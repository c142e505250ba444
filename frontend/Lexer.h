/** \file
 * The lexer: turns source text into tokens, following Futhark's lexical syntax
 * (language-reference.rst, "Lexical Syntax").
 *
 * Lexical decisions that resolve grammar ambiguities are made here:
 *  - `[` directly after an identifier character, `)` or `]` is an Indexing token
 *    (`a[i]`), any other `[` is LBracket (`f [i]` applies f to an array);
 *  - a name followed without spaces by `.name` / `.digits` is one Name token with
 *    the dotted text ("f32.sqrt", "r.x", "t.0.1");
 *  - after a `.` a number is a plain natural (so `(e).0.1` is two projections);
 *  - `-- |` comment blocks become the `doc` of the next token.
 */
#pragma once

#include "core/Diagnostic.h"
#include "core/PrimType.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace loom {

enum class Tok : uint8_t {
    Eof,
    Name,       ///< identifier, possibly dotted ("f32.sqrt"); text
    Symbol,     ///< infix operator, possibly qualified ("+", "|>", "f32.+"); text
    Backtick,   ///< `` `f` ``: text is the (qualified) name
    Ctor,       ///< `#foo`: text is "foo"
    IntLit,     ///< int_value, suffix (an integer type or none)
    FloatLit,   ///< float_value, suffix (a float type or none), text without '_'/suffix
    CharLit,    ///< int_value: the code point
    StringLit,  ///< text: the UTF-8 bytes
    Script,     ///< `$loaddata`: a FutharkScript built-in (text: "loaddata"); see Lexer.cpp
    LParen, RParen, LBracket, Indexing, RBracket, LBrace, RBrace,
    Comma, Underscore, Question, Arrow, Colon, ColonGt, Backslash, Tilde,
    Apostrophe, ApostropheHat, ApostropheTilde, HashLBracket,
    TwoDots, TwoDotsLt, TwoDotsGt, ThreeDots, Dot, Bang, Equals, Hole,
    // keywords
    KwTrue, KwFalse, KwIf, KwThen, KwElse, KwDef, KwLet, KwLoop, KwIn, KwVal, KwFor,
    KwDo, KwWith, KwLocal, KwOpen, KwInclude, KwImport, KwType, KwEntry, KwModule,
    KwWhile, KwAssert, KwMatch, KwCase,
};

struct Token {
    Tok kind = Tok::Eof;
    std::string text;       ///< see Tok; for keywords and punctuation the spelling
    SrcLoc loc;             ///< first character (end_col: one past the last, same line)
    size_t begin = 0, end = 0;  ///< byte offsets into the source
    bool space_before = false;  ///< whitespace or a comment precedes the token
    uint64_t int_value = 0;
    double float_value = 0;
    std::optional<PrimType> suffix;
    std::string doc;        ///< a `-- |` block right before this token
};

/** Lexes a whole file.  The result always ends with an Eof token (located at the
 * last real token, or 1:1 for empty input).  Throws CompileError on bad input. */
std::vector<Token> lex(const SourceFilePtr &file);

/** How a token is named in messages: "`)`", "`foo`", "end of input", ... */
std::string describe_token(const Token &t);

/** The spelling of a token kind ("`then`", "`)`", "a name", ...), for "expected X". */
std::string token_kind_name(Tok k);

}  // namespace loom
