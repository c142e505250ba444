#include "core/ValueIO.h"

#include "core/Escapes.h"

#include "frontend/Type.h"  // field access only, for printing empty boxed arrays

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace loom {

// ---------------------------------------------------------------- literal trees

struct ValueLiteral {
    enum class Kind : uint8_t { Int, Float, Bool, Special, Array, Empty };
    Kind kind = Kind::Int;
    SrcLoc loc;
    std::optional<PrimType> type;  ///< explicit suffix (always set for Special and Empty)
    bool negative = false;         ///< Int
    uint64_t mag = 0;              ///< Int magnitude
    std::string text;              ///< Float: the literal without underscores or suffix
    bool bval = false;             ///< Bool
    double special = 0;            ///< Special: nan or +-inf
    std::vector<std::shared_ptr<const ValueLiteral>> elems;  ///< Array
    std::vector<int64_t> shape;    ///< Array and Empty: the full shape
};
using LitPtr = std::shared_ptr<const ValueLiteral>;

namespace {

[[noreturn]] void fail(const SrcLoc &loc, const std::string &msg) { throw CompileError(loc, msg); }

bool mul_overflows(int64_t a, int64_t b, int64_t &out) {
    return __builtin_mul_overflow(a, b, &out) || out < 0;
}

class TextReader {
public:
    TextReader(SourceFilePtr file) : file_(std::move(file)), s_(file_->text) {}

    std::vector<ReadValue> read_all() {
        std::vector<ReadValue> out;
        for (;;) {
            skip_space();
            if (pos_ >= s_.size()) break;
            SrcLoc start = loc_at(pos_);
            if (s_[pos_] == 'b' || s_.compare(pos_, 6, "\x93NUMPY") == 0) {
                ReadValue rv;
                if (s_[pos_] == 'b') {
                    rv.value = read_binary();
                } else {  // one .npy file's bytes (np.save to a stream, as often as needed)
                    size_t used = 0;
                    rv.value = read_npy_at(s_.substr(pos_), start, used);
                    pos_ += used;
                }
                rv.loc = start;
                out.push_back(std::move(rv));
                continue;
            }
            LitPtr lit = read_literal();
            ReadValue rv;
            rv.literal = lit;
            rv.loc = start;
            rv.typed = find_type(*lit).has_value();
            rv.value = build_value(*lit, std::nullopt);
            out.push_back(std::move(rv));
        }
        return out;
    }

private:
    SourceFilePtr file_;
    std::string_view s_;
    size_t pos_ = 0;
    size_t loc_pos_ = 0;  // incremental line/column tracking
    int loc_line_ = 1, loc_col_ = 1;

    SrcLoc loc_at(size_t p) {
        if (p < loc_pos_) loc_pos_ = 0, loc_line_ = 1, loc_col_ = 1;
        p = std::min(p, s_.size());
        // memchr: the bytes between two values can be a binary array of a gigabyte.
        const char *b = s_.data() + loc_pos_, *e = s_.data() + p;
        while (const void *nl = b < e ? std::memchr(b, '\n', (size_t)(e - b)) : nullptr) {
            ++loc_line_, loc_col_ = 1;
            b = static_cast<const char *>(nl) + 1;
        }
        loc_col_ += (int)(e - b);
        loc_pos_ = p;
        SrcLoc l;
        l.file = file_;
        l.line = loc_line_;
        l.col = loc_col_;
        return l;
    }
    [[noreturn]] void error_here(const std::string &msg) { fail(loc_at(pos_), msg); }

    bool at_end() const { return pos_ >= s_.size(); }
    char peek(size_t k = 0) const { return pos_ + k < s_.size() ? s_[pos_ + k] : '\0'; }

    void skip_space() {
        while (!at_end()) {
            char c = s_[pos_];
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
                ++pos_;
            } else if (c == '-' && peek(1) == '-') {
                while (!at_end() && s_[pos_] != '\n') ++pos_;
            } else {
                break;
            }
        }
    }

    void expect(char c) {
        skip_space();
        if (peek() != c) error_here(std::string("expected `") + c + "` in value");
        ++pos_;
    }

    static bool is_word_char(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               c == '_' || c == '.';
    }

    std::string read_word() {
        size_t b = pos_;
        while (!at_end() && is_word_char(s_[pos_])) ++pos_;
        return std::string(s_.substr(b, pos_ - b));
    }

    LitPtr read_literal() {
        skip_space();
        if (at_end()) error_here("expected a value, found end of input");
        SrcLoc loc = loc_at(pos_);
        char c = peek();
        if (c == '[') return read_array(loc);
        if (c == '"') return read_string(loc);
        if (c == '-' || (c >= '0' && c <= '9') || c == '.') return read_number(loc);
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
            size_t save = pos_;
            std::string w = read_word();
            auto lit = std::make_shared<ValueLiteral>();
            lit->loc = loc;
            if (w == "true" || w == "false") {
                lit->kind = ValueLiteral::Kind::Bool;
                lit->bval = w == "true";
                return lit;
            }
            if (w == "empty") return read_empty(loc);
            if (auto sp = special_float(w)) {
                lit->kind = ValueLiteral::Kind::Special;
                lit->type = sp->first;
                lit->special = sp->second;
                return lit;
            }
            pos_ = save;
            error_here("unexpected `" + w + "` in value");
        }
        error_here(std::string("unexpected character `") + c + "` in value");
    }

    static std::optional<std::pair<PrimType, double>> special_float(const std::string &w) {
        size_t dot = w.find('.');
        if (dot == std::string::npos) return std::nullopt;
        auto t = prim_from_name(w.substr(0, dot));
        if (!t || !is_float(*t)) return std::nullopt;
        std::string what = w.substr(dot + 1);
        if (what == "nan") return std::make_pair(*t, std::nan(""));
        if (what == "inf") return std::make_pair(*t, HUGE_VAL);
        return std::nullopt;
    }

    LitPtr read_array(const SrcLoc &loc) {
        ++pos_;  // '['
        auto lit = std::make_shared<ValueLiteral>();
        lit->kind = ValueLiteral::Kind::Array;
        lit->loc = loc;
        skip_space();
        if (peek() == ']') error_here("empty array literal: write `empty([0]t)` instead");
        for (;;) {
            lit->elems.push_back(read_literal());
            skip_space();
            if (peek() == ',') {  // (a trailing comma is allowed, as in futhark-data)
                ++pos_;
                skip_space();
                if (peek() != ']') continue;
            }
            if (peek() == ']') { ++pos_; break; }
            error_here("expected `,` or `]` in array value");
        }
        // All rows must have the same shape.
        const std::vector<int64_t> row = lit->elems[0]->shape;
        for (const LitPtr &e : lit->elems)
            if (e->shape != row) fail(e->loc, "array rows have different shapes");
        lit->shape.push_back((int64_t)lit->elems.size());
        lit->shape.insert(lit->shape.end(), row.begin(), row.end());
        return lit;
    }

    /** `"abc"`: its UTF-8 bytes, an array of u8 (futhark-data's strings), with the escapes
     * of the language's string literals. */
    LitPtr read_string(const SrcLoc &loc) {
        ++pos_;  // '"'
        std::string bytes;
        for (;;) {
            if (at_end() || peek() == '\n') fail(loc, "unterminated string in value");
            if (peek() == '"') break;
            if (peek() == '\\') {
                size_t at = pos_;
                std::string err;
                std::optional<uint32_t> cp = decode_escape(s_, pos_, err);
                if (!cp) fail(loc_at(at), err + " in a string value");
                append_utf8(bytes, *cp);
            } else {
                bytes += s_[pos_++];
            }
        }
        ++pos_;
        auto lit = std::make_shared<ValueLiteral>();
        lit->loc = loc;
        lit->type = PrimType::U8;
        lit->shape.push_back((int64_t)bytes.size());
        if (bytes.empty()) {
            lit->kind = ValueLiteral::Kind::Empty;
            return lit;
        }
        lit->kind = ValueLiteral::Kind::Array;
        for (unsigned char b : bytes) {
            auto e = std::make_shared<ValueLiteral>();
            e->loc = loc;
            e->type = PrimType::U8;
            e->mag = b;
            lit->elems.push_back(e);
        }
        return lit;
    }

    LitPtr read_empty(const SrcLoc &loc) {
        auto lit = std::make_shared<ValueLiteral>();
        lit->kind = ValueLiteral::Kind::Empty;
        lit->loc = loc;
        expect('(');
        for (;;) {
            skip_space();
            if (peek() != '[') break;
            ++pos_;
            skip_space();
            size_t b = pos_;
            while (peek() >= '0' && peek() <= '9') ++pos_;
            if (b == pos_) error_here("expected a dimension size in `empty(...)`");
            int64_t d = 0;
            auto r = std::from_chars(s_.data() + b, s_.data() + pos_, d);
            if (r.ec != std::errc()) fail(loc_at(b), "dimension size too large");
            lit->shape.push_back(d);
            expect(']');
        }
        skip_space();
        std::string w = read_word();
        auto t = prim_from_name(w);
        if (!t) error_here("expected a primitive type in `empty(...)`, found `" + w + "`");
        lit->type = *t;
        expect(')');
        if (lit->shape.empty()) lit->shape.push_back(0);
        int64_t n = 1;
        for (int64_t d : lit->shape)
            if (mul_overflows(n, d, n)) fail(loc, "array too large");
        if (n != 0) fail(loc, "`empty(...)` needs a dimension of size 0");
        return lit;
    }

    LitPtr read_number(const SrcLoc &loc) {
        auto lit = std::make_shared<ValueLiteral>();
        lit->loc = loc;
        size_t start = pos_;
        bool neg = false;
        if (peek() == '-') {
            neg = true;
            ++pos_;
        }
        if ((peek() >= 'a' && peek() <= 'z')) {  // -f32.inf
            std::string w = read_word();
            auto sp = special_float(w);
            if (!sp) fail(loc, "unexpected `-" + w + "` in value");
            lit->kind = ValueLiteral::Kind::Special;
            lit->type = sp->first;
            lit->special = neg ? -sp->second : sp->second;
            return lit;
        }
        auto digit_in = [](char c, int base) {
            if (c >= '0' && c <= '9') return c - '0' < base;
            if (base == 16) return (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
            return false;
        };
        int base = 10;
        if (peek() == '0' && (peek(1) == 'x' || peek(1) == 'X')) base = 16, pos_ += 2;
        else if (peek() == '0' && (peek(1) == 'b' || peek(1) == 'B')) base = 2, pos_ += 2;
        std::string digits;
        bool is_float = false;
        std::string ftext = neg ? "-" : "";
        while (!at_end() && (digit_in(peek(), base) || peek() == '_')) {
            if (peek() != '_') digits += peek();
            ++pos_;
        }
        ftext += base == 16 ? "0x" + digits : digits;
        if (base == 16 && peek() == '.' && digit_in(peek(1), 16)) {
            // A hexadecimal float, `0x1.8p1` (the reference's hexadecimalfloat): strtod
            // reads the same text.
            is_float = true;
            ftext += '.';
            ++pos_;
            while (!at_end() && (digit_in(peek(), 16) || peek() == '_')) {
                if (peek() != '_') ftext += peek();
                ++pos_;
            }
            bool sign = peek(1) == '-' || peek(1) == '+';
            if ((peek() != 'p' && peek() != 'P') || !(peek(sign ? 2 : 1) >= '0' && peek(sign ? 2 : 1) <= '9'))
                error_here("a hexadecimal float needs an exponent (`p` and a decimal number, as in `0x1.8p1`)");
            ftext += 'p';
            ++pos_;
            if (sign) ftext += s_[pos_++];
            while (!at_end() && peek() >= '0' && peek() <= '9') ftext += s_[pos_++];
        }
        if (base == 10) {
            if (peek() == '.' && peek(1) >= '0' && peek(1) <= '9') {
                is_float = true;
                ftext += '.';
                ++pos_;
                while (!at_end() && ((peek() >= '0' && peek() <= '9') || peek() == '_')) {
                    if (peek() != '_') ftext += peek();
                    ++pos_;
                }
            }
            if ((peek() == 'e' || peek() == 'E') &&
                ((peek(1) >= '0' && peek(1) <= '9') ||
                 ((peek(1) == '-' || peek(1) == '+') && peek(2) >= '0' && peek(2) <= '9'))) {
                is_float = true;
                ftext += 'e';
                ++pos_;
                if (peek() == '-' || peek() == '+') ftext += s_[pos_++];
                while (!at_end() && peek() >= '0' && peek() <= '9') ftext += s_[pos_++];
            }
        }
        if (digits.empty()) fail(loc, "malformed number `" + std::string(s_.substr(start, pos_ - start + 1)) + "`");
        // Optional type suffix.
        if (peek() == 'i' || peek() == 'u' || peek() == 'f') {
            size_t b = pos_;
            std::string w = read_word();
            auto t = prim_from_name(w);
            if (!t || *t == PrimType::Bool) fail(loc_at(b), "unknown type suffix `" + w + "`");
            lit->type = *t;
        } else if (!at_end() && is_word_char(peek())) {
            error_here(std::string("unexpected `") + peek() + "` after number");
        }
        if (is_float) {
            if (lit->type && !loom::is_float(*lit->type))
                fail(loc, "decimal literal with integer type suffix");
            lit->kind = ValueLiteral::Kind::Float;
            lit->text = ftext;
            return lit;
        }
        // Integer magnitude (checked against 64 bits).
        uint64_t mag = 0;
        for (char c : digits) {
            int d = (c >= '0' && c <= '9') ? c - '0' : (c >= 'a' ? c - 'a' + 10 : c - 'A' + 10);
            if (__builtin_mul_overflow(mag, (uint64_t)base, &mag) ||
                __builtin_add_overflow(mag, (uint64_t)d, &mag))
                fail(loc, "integer literal too large");
        }
        if (lit->type && loom::is_float(*lit->type) && base == 10) {
            lit->kind = ValueLiteral::Kind::Float;
            lit->text = ftext;
            return lit;
        }
        lit->kind = ValueLiteral::Kind::Int;
        lit->negative = neg;
        lit->mag = mag;
        return lit;
    }

    Value read_binary();

public:
    static std::optional<PrimType> find_type(const ValueLiteral &l);
    static Value build_value(const ValueLiteral &l, std::optional<PrimType> want);
};

std::optional<PrimType> TextReader::find_type(const ValueLiteral &l) {
    if (l.type) return l.type;
    for (const LitPtr &e : l.elems)
        if (auto t = find_type(*e)) return t;
    return std::nullopt;
}

static bool has_kind(const ValueLiteral &l, ValueLiteral::Kind k) {
    if (l.kind == k) return true;
    for (const LitPtr &e : l.elems)
        if (has_kind(*e, k)) return true;
    return false;
}

static PrimValue leaf_value(const ValueLiteral &l, PrimType t) {
    if (l.type && *l.type != t)
        fail(l.loc, std::string("element of type ") + prim_name(*l.type) + " where " +
                        prim_name(t) + " was expected");
    switch (l.kind) {
    case ValueLiteral::Kind::Bool:
        if (t != PrimType::Bool) fail(l.loc, std::string("boolean where ") + prim_name(t) + " was expected");
        return PrimValue::boolean(l.bval);
    case ValueLiteral::Kind::Int:
        if (t == PrimType::Bool) fail(l.loc, "integer where bool was expected");
        if (is_float(t)) return PrimValue::floating(t, l.negative ? -(double)l.mag : (double)l.mag);
        return PrimValue::integer(t, l.negative ? (uint64_t)0 - l.mag : l.mag);
    case ValueLiteral::Kind::Float: {
        if (!is_float(t)) fail(l.loc, std::string("decimal number where ") + prim_name(t) + " was expected");
        PrimValue p;
        p.type = t;
        if (t == PrimType::F32) p.f = std::strtof(l.text.c_str(), nullptr);
        else if (t == PrimType::F64) p.f = std::strtod(l.text.c_str(), nullptr);
        else p.f = round_to_f16(std::strtod(l.text.c_str(), nullptr));
        return p;
    }
    case ValueLiteral::Kind::Special: return PrimValue::floating(t, l.special);
    default: break;
    }
    internal_error("leaf_value on a non-leaf");
}

static void collect_leaves(const ValueLiteral &l, PrimType t, Value &out, int64_t &k) {
    if (l.kind == ValueLiteral::Kind::Array) {
        for (const LitPtr &e : l.elems) collect_leaves(*e, t, out, k);
        return;
    }
    if (l.kind == ValueLiteral::Kind::Empty) {
        if (*l.type != t)
            fail(l.loc, std::string("empty array of ") + prim_name(*l.type) + " where " +
                            prim_name(t) + " was expected");
        return;
    }
    store_prim(t, out.mutable_data(), k++, leaf_value(l, t));
}

Value TextReader::build_value(const ValueLiteral &l, std::optional<PrimType> want) {
    PrimType t;
    if (auto explicit_type = find_type(l)) t = *explicit_type;
    else if (want) t = *want;
    else if (has_kind(l, ValueLiteral::Kind::Float)) t = PrimType::F64;
    else if (has_kind(l, ValueLiteral::Kind::Bool)) t = PrimType::Bool;
    else t = PrimType::I32;
    if (l.kind != ValueLiteral::Kind::Array && l.kind != ValueLiteral::Kind::Empty)
        return Value(leaf_value(l, t));
    int64_t n = 1;
    for (int64_t d : l.shape)
        if (mul_overflows(n, d, n)) fail(l.loc, "array too large");
    Value out = Value::prim_array(t, l.shape);
    int64_t k = 0;
    collect_leaves(l, t, out, k);
    return out;
}

// ---------------------------------------------------------------- binary format

const char *binary_type_name(PrimType t) {
    switch (t) {
    case PrimType::Bool: return "bool";
    case PrimType::I8: return "  i8";
    case PrimType::I16: return " i16";
    case PrimType::I32: return " i32";
    case PrimType::I64: return " i64";
    case PrimType::U8: return "  u8";
    case PrimType::U16: return " u16";
    case PrimType::U32: return " u32";
    case PrimType::U64: return " u64";
    case PrimType::F16: return " f16";
    case PrimType::F32: return " f32";
    case PrimType::F64: return " f64";
    }
    return "????";
}

Value TextReader::read_binary() {
    size_t start = pos_;
    auto need = [&](size_t n) {
        if (s_.size() - pos_ < n) fail(loc_at(start), "truncated binary value");
    };
    need(7);
    ++pos_;  // 'b'
    uint8_t version = (uint8_t)s_[pos_++];
    if (version != 2) fail(loc_at(start), "unsupported binary format version " + std::to_string(version));
    int rank = (uint8_t)s_[pos_++];
    std::string tname(s_.substr(pos_, 4));
    pos_ += 4;
    std::optional<PrimType> t;
    for (int i = 0; i < num_prim_types; ++i)
        if (tname == binary_type_name((PrimType)i)) t = (PrimType)i;
    if (!t) fail(loc_at(start), "unknown binary element type `" + tname + "`");
    std::vector<int64_t> shape;
    int64_t n = 1;
    for (int i = 0; i < rank; ++i) {
        need(8);
        uint64_t d;
        std::memcpy(&d, s_.data() + pos_, 8);
        pos_ += 8;
        if (d > (uint64_t)INT64_MAX || mul_overflows(n, (int64_t)d, n))
            fail(loc_at(start), "binary array too large");
        shape.push_back((int64_t)d);
    }
    int64_t bytes;
    if (mul_overflows(n, prim_size(*t), bytes) || (uint64_t)bytes > s_.size() - pos_)
        fail(loc_at(start), "truncated binary value");
    const uint8_t *src = reinterpret_cast<const uint8_t *>(s_.data() + pos_);
    pos_ += (size_t)bytes;
    if (rank == 0) return Value(load_prim(*t, src, 0));
    auto buf = std::make_shared<Bytes>(src, (size_t)bytes);
    if (*t == PrimType::Bool)
        for (size_t i = 0; i < buf->size(); i++) buf->data()[i] = buf->data()[i] ? 1 : 0;
    return Value::prim_array(*t, std::move(shape), std::move(buf));
}

// ---------------------------------------------------------------- printing

std::string bracketed(const Dim &d) {
    if (d.kind == Dim::Kind::Const) return "[" + std::to_string(d.value) + "]";
    if (d.kind == Dim::Kind::Var) return "[" + d.name + "]";
    return "[]";
}

// A small type printer (core does not link the frontend's type_to_string).
std::string type_string(const TypePtr &t) {
    if (!t) return "?";
    switch (t->kind) {
    case Type::Kind::Prim: return prim_name(t->prim);
    case Type::Kind::Array: {
        std::string s;
        for (const Dim &d : t->shape)
            s += bracketed(d);
        return s + type_string(t->elem);
    }
    case Type::Kind::Tuple: {
        std::string s = "(";
        for (size_t i = 0; i < t->elems.size(); ++i) s += (i ? ", " : "") + type_string(t->elems[i]);
        return s + ")";
    }
    case Type::Kind::Record: {
        std::string s = "{";
        for (size_t i = 0; i < t->fields.size(); ++i)
            s += (i ? ", " : "") + t->fields[i].first + ": " + type_string(t->fields[i].second);
        return s + "}";
    }
    case Type::Kind::Sum: {
        std::string s;
        for (size_t i = 0; i < t->fields.size(); ++i) {
            s += (i ? " | #" : "#") + t->fields[i].first;
            if (t->fields[i].second)
                for (const TypePtr &p : t->fields[i].second->elems) s += " " + type_string(p);
        }
        return s;
    }
    case Type::Kind::Func: return "(" + type_string(t->param) + " -> " + type_string(t->result) + ")";
    case Type::Kind::TypeVar: return t->var;
    }
    return "?";
}

/** Where print_value writes: a string, handed to a sink in pieces when there is one
 * (write_value_text), which may stop the printing. */
struct TextOut {
    std::string &s;
    const TextSink *sink = nullptr;
    size_t piece = 0;
    bool stopped = false;
    int64_t prims = 0;  ///< primitive values written (in `s` or handed over)

    /** Between elements: hands a full piece over; false once the sink said stop. */
    bool step() {
        if (!sink || s.size() < piece) return !stopped;
        if (!(*sink)(std::string_view(s))) stopped = true;
        s.clear();
        return !stopped;
    }
    void prim(const PrimValue &p) {
        s += prim_to_string(p);
        ++prims;
    }
};

void print_value(const Value &v, TextOut &out);

void print_array(const Value &v, int dim, int64_t &k, TextOut &out) {
    out.s += '[';
    int64_t n = v.shape()[dim];
    for (int64_t i = 0; i < n; ++i) {
        if (i) out.s += ", ";
        if (dim + 1 < v.rank()) {
            print_array(v, dim + 1, k, out);
        } else if (v.is_prim_array()) {
            out.prim(v.flat_prim(k++));
        } else {
            print_value(v.flat_boxed(k++), out);
        }
        if (!out.step()) return;
    }
    out.s += ']';
}

void print_value(const Value &v, TextOut &out) {
    std::string &s = out.s;
    switch (v.kind()) {
    case Value::Kind::Prim: out.prim(v.prim()); return;
    case Value::Kind::Array: {
        if (v.num_elements() == 0) {
            s += "empty(";
            for (int64_t d : v.shape()) s += "[" + std::to_string(d) + "]";
            s += v.is_prim_array() ? std::string(prim_name(v.elem_prim())) : type_string(v.elem_type());
            s += ')';
            return;
        }
        int64_t k = 0;
        print_array(v, 0, k, out);
        return;
    }
    case Value::Kind::Tuple: {
        s += '(';
        for (size_t i = 0; i < v.elems().size(); ++i) {
            if (i) s += ", ";
            print_value(v.elems()[i], out);
            if (!out.step()) return;
        }
        s += ')';
        return;
    }
    case Value::Kind::Record: {
        s += '{';
        for (size_t i = 0; i < v.elems().size(); ++i) {
            if (i) s += ", ";
            s += v.field_names()[i] + " = ";
            print_value(v.elems()[i], out);
            if (!out.step()) return;
        }
        s += '}';
        return;
    }
    case Value::Kind::Sum: {
        s += "#" + v.ctor();
        for (const Value &e : v.elems()) {
            s += ' ';
            bool paren = e.kind() == Value::Kind::Sum && !e.elems().empty();
            if (paren) s += '(';
            print_value(e, out);
            if (!out.step()) return;
            if (paren) s += ')';
        }
        return;
    }
    case Value::Kind::Function: s += "<function>"; return;
    }
}

// ---------------------------------------------------------------- npy

const char *npy_descr(PrimType t) {
    switch (t) {
    case PrimType::Bool: return "|b1";
    case PrimType::I8: return "|i1";
    case PrimType::I16: return "<i2";
    case PrimType::I32: return "<i4";
    case PrimType::I64: return "<i8";
    case PrimType::U8: return "|u1";
    case PrimType::U16: return "<u2";
    case PrimType::U32: return "<u4";
    case PrimType::U64: return "<u8";
    case PrimType::F16: return "<f2";
    case PrimType::F32: return "<f4";
    case PrimType::F64: return "<f8";
    }
    return "";
}

}  // namespace

// ---------------------------------------------------------------- public API

std::vector<ReadValue> read_values(std::string_view input, const std::string &name) {
    auto file = std::make_shared<SourceFile>();
    file->name = name;
    file->text = std::string(input);
    TextReader r(file);
    return r.read_all();
}

Value adapt_value(const ReadValue &v, PrimType elem) {
    if (v.typed || !v.literal) return v.value;
    return TextReader::build_value(*v.literal, elem);
}

std::string show_float(double v, PrimType t) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
    std::string sign = std::signbit(v) ? "-" : "";
    double a = std::fabs(v);
    if (a == 0) return sign + "0.0";
    // Shortest digits that read back as the same value of type t, in scientific form.
    char buf[64];
    std::string sci;
    if (t == PrimType::F64) {
        auto r = std::to_chars(buf, buf + sizeof buf, a, std::chars_format::scientific);
        sci.assign(buf, r.ptr);
    } else {
        // f16 too: Haskell's `show` on a Half shows it converted to Float (package half).
        auto r = std::to_chars(buf, buf + sizeof buf, (float)a, std::chars_format::scientific);
        sci.assign(buf, r.ptr);
    }
    size_t epos = sci.find('e');
    std::string mant = sci.substr(0, epos);
    int exp10 = std::atoi(sci.c_str() + epos + 1);
    std::string ds;
    for (char c : mant)
        if (c != '.') ds += c;
    while (ds.size() > 1 && ds.back() == '0') ds.pop_back();
    int e = exp10 + 1;  // value = 0.ds * 10^e, as Haskell's floatToDigits
    std::string s;
    if (e < 0 || e > 7) {
        s = ds.substr(0, 1) + "." + (ds.size() > 1 ? ds.substr(1) : "0") + "e" + std::to_string(e - 1);
    } else if (e == 0) {
        s = "0." + ds;
    } else {
        std::string ip = ds.substr(0, std::min<size_t>(ds.size(), (size_t)e));
        while ((int)ip.size() < e) ip += '0';
        std::string fp = (int)ds.size() > e ? ds.substr((size_t)e) : "0";
        s = ip + "." + fp;
    }
    return sign + s;
}

std::string prim_to_string(const PrimValue &p) {
    if (p.type == PrimType::Bool) return p.b ? "true" : "false";
    if (is_signed_int(p.type)) return std::to_string(p.i) + prim_name(p.type);
    if (is_unsigned_int(p.type)) return std::to_string(p.u) + prim_name(p.type);
    if (std::isnan(p.f)) return std::string(prim_name(p.type)) + ".nan";
    if (std::isinf(p.f)) return std::string(p.f < 0 ? "-" : "") + prim_name(p.type) + ".inf";
    return show_float(p.f, p.type) + prim_name(p.type);
}

std::string value_to_string(const Value &v) {
    std::string out;
    TextOut to{out};
    print_value(v, to);
    return out;
}

WrittenText write_value_text(const Value &v, const TextSink &sink, size_t piece) {
    std::string buf;
    TextOut to{buf, &sink, std::max<size_t>(piece, 1)};
    print_value(v, to);
    if (!to.stopped && !buf.empty() && !sink(std::string_view(buf))) to.stopped = true;
    return {!to.stopped, to.prims};
}

int64_t count_prims(const Value &v) {
    switch (v.kind()) {
    case Value::Kind::Prim: return 1;
    case Value::Kind::Array: {
        if (v.is_prim_array()) return v.num_elements();
        int64_t n = 0;
        for (int64_t k = 0; k < v.num_elements(); ++k) n += count_prims(v.flat_boxed(k));
        return n;
    }
    case Value::Kind::Tuple:
    case Value::Kind::Record:
    case Value::Kind::Sum: {
        int64_t n = 0;
        for (const Value &e : v.elems()) n += count_prims(e);
        return n;
    }
    case Value::Kind::Function: return 0;
    }
    return 0;
}

void write_binary_value(const Value &v, std::string &out) {
    PrimType t;
    if (v.is_prim()) t = v.prim().type;
    else if (v.is_prim_array()) t = v.elem_prim();
    else throw RuntimeError(SrcLoc{}, "only primitive values and arrays of them have a binary form");
    out += 'b';
    out += (char)2;
    out += (char)(v.is_prim() ? 0 : v.rank());
    out += binary_type_name(t);
    if (v.is_prim()) {
        uint8_t tmp[8];
        store_prim(t, tmp, 0, v.prim());
        out.append(reinterpret_cast<const char *>(tmp), (size_t)prim_size(t));
        return;
    }
    for (int64_t d : v.shape()) {
        uint64_t x = (uint64_t)d;
        out.append(reinterpret_cast<const char *>(&x), 8);
    }
    out.append(reinterpret_cast<const char *>(v.data()), (size_t)(v.num_elements() * prim_size(t)));
}

std::string write_npy(const Value &v) {
    PrimType t;
    if (v.is_prim()) t = v.prim().type;
    else if (v.is_prim_array()) t = v.elem_prim();
    else throw RuntimeError(SrcLoc{}, "only primitive values and arrays of them can be written as .npy");
    std::string shape = "(";
    if (v.is_array()) {
        for (size_t i = 0; i < v.shape().size(); ++i)
            shape += (i ? ", " : "") + std::to_string(v.shape()[i]);
        if (v.rank() == 1) shape += ",";
    }
    shape += ")";
    std::string header = std::string("{'descr': '") + npy_descr(t) +
                         "', 'fortran_order': False, 'shape': " + shape + ", }";
    size_t total = 10 + header.size() + 1;
    header.append((64 - total % 64) % 64, ' ');
    header += '\n';
    std::string out = "\x93NUMPY";
    out += (char)1;
    out += (char)0;
    uint16_t len = (uint16_t)header.size();
    out += (char)(len & 0xff);
    out += (char)(len >> 8);
    out += header;
    if (v.is_prim()) {
        uint8_t tmp[8];
        store_prim(t, tmp, 0, v.prim());
        out.append(reinterpret_cast<const char *>(tmp), (size_t)prim_size(t));
    } else {
        out.append(reinterpret_cast<const char *>(v.data()),
                   (size_t)(v.num_elements() * prim_size(t)));
    }
    return out;
}

Value read_npy(std::string_view bytes, const std::string &name) {
    auto file = std::make_shared<SourceFile>();
    file->name = name;
    SrcLoc loc;
    loc.file = file;
    loc.line = 1;
    loc.col = 1;
    size_t used = 0;
    return read_npy_at(bytes, loc, used);
}

Value read_npy_at(std::string_view bytes, const SrcLoc &loc, size_t &used) {
    auto bad = [&](const std::string &why) -> void { fail(loc, "not a valid .npy file: " + why); };
    if (bytes.size() < 10 || bytes.substr(0, 6) != "\x93NUMPY") bad("missing magic string");
    int major = (uint8_t)bytes[6];
    size_t hlen, hstart;
    if (major == 1) {
        hlen = (uint8_t)bytes[8] | ((size_t)(uint8_t)bytes[9] << 8);
        hstart = 10;
    } else if (major == 2 || major == 3) {
        if (bytes.size() < 12) bad("truncated header");
        hlen = 0;
        for (int i = 0; i < 4; ++i) hlen |= (size_t)(uint8_t)bytes[8 + i] << (8 * i);
        hstart = 12;
    } else {
        bad("unsupported version " + std::to_string(major));
        return Value();
    }
    if (bytes.size() - hstart < hlen) bad("truncated header");
    std::string header(bytes.substr(hstart, hlen));
    auto field = [&](const std::string &key) -> size_t {
        size_t p = header.find("'" + key + "'");
        if (p == std::string::npos) bad("header lacks '" + key + "'");
        p = header.find(':', p);
        if (p == std::string::npos) bad("malformed header");
        ++p;
        while (p < header.size() && header[p] == ' ') ++p;
        return p;
    };
    size_t p = field("descr");
    if (p >= header.size() || (header[p] != '\'' && header[p] != '"')) bad("malformed descr");
    size_t q = header.find(header[p], p + 1);
    if (q == std::string::npos) bad("malformed descr");
    std::string descr = header.substr(p + 1, q - p - 1);
    p = field("fortran_order");
    bool fortran = header.compare(p, 4, "True") == 0;
    p = field("shape");
    if (p >= header.size() || header[p] != '(') bad("malformed shape");
    q = header.find(')', p);
    if (q == std::string::npos) bad("malformed shape");
    std::vector<int64_t> shape;
    int64_t n = 1;
    for (size_t i = p + 1; i < q;) {
        char c = header[i];
        if (c >= '0' && c <= '9') {
            int64_t d = 0;
            auto r = std::from_chars(header.data() + i, header.data() + q, d);
            if (r.ec != std::errc() || mul_overflows(n, d, n)) bad("dimension too large");
            shape.push_back(d);
            i = (size_t)(r.ptr - header.data());
        } else if (c == ',' || c == ' ' || c == 'L') {
            ++i;
        } else {
            bad("malformed shape");
        }
    }
    if (descr.size() < 3) bad("unsupported dtype '" + descr + "'");
    char order = descr[0];
    std::string kind = descr.substr(1);
    std::optional<PrimType> t;
    for (int i = 0; i < num_prim_types; ++i)
        if (kind == npy_descr((PrimType)i) + 1) t = (PrimType)i;
    if (kind == "?") t = PrimType::Bool;
    if (!t || (order != '<' && order != '>' && order != '|' && order != '='))
        bad("unsupported dtype '" + descr + "'");
    int size = prim_size(*t);
    int64_t nbytes;
    size_t dstart = hstart + hlen;
    if (mul_overflows(n, size, nbytes) || (uint64_t)nbytes > bytes.size() - dstart) bad("truncated data");
    used = dstart + (size_t)nbytes;
    const uint8_t *src = reinterpret_cast<const uint8_t *>(bytes.data() + dstart);
    auto buf = std::make_shared<Bytes>(src, (size_t)nbytes);
    uint8_t *d = buf->data();
    if (order == '>' && size > 1)
        for (int64_t i = 0; i < n; ++i)
            for (int a = 0, b = size - 1; a < b; ++a, --b)
                std::swap(d[i * size + a], d[i * size + b]);
    if (*t == PrimType::Bool)
        for (int64_t i = 0; i < nbytes; ++i) d[i] = d[i] ? 1 : 0;
    if (fortran && shape.size() > 1) {
        // Reorder column-major data into row-major.
        auto c = std::make_shared<Bytes>(buf->size());
        size_t r = shape.size();
        std::vector<int64_t> idx(r, 0), fstride(r, 1);
        for (size_t k = 1; k < r; ++k) fstride[k] = fstride[k - 1] * shape[k - 1];
        for (int64_t i = 0; i < n; ++i) {
            int64_t off = 0;
            for (size_t k = 0; k < r; ++k) off += idx[k] * fstride[k];
            std::memcpy(c->data() + i * size, buf->data() + off * size, (size_t)size);
            for (size_t k = r; k-- > 0;) {
                if (++idx[k] < shape[k]) break;
                idx[k] = 0;
            }
        }
        buf = c;
    }
    if (shape.empty()) return Value(load_prim(*t, buf->data(), 0));
    return Value::prim_array(*t, std::move(shape), std::move(buf));
}

}  // namespace loom
