#include "driver/RandomInput.h"

#include "core/PrimType.h"
#include "frontend/Frontend.h"

#include <cctype>

namespace loom {

namespace {

PrimValue random_prim(PrimType t, SplitMix64 &rng) {
    uint64_t x = rng.next();
    switch (t) {
    case PrimType::Bool: return PrimValue::boolean(x & 1);
    case PrimType::F16: return PrimValue::floating(t, (double)(x >> 53) * 0x1p-11);
    case PrimType::F32: return PrimValue::floating(t, (double)(x >> 40) * 0x1p-24);
    case PrimType::F64: return PrimValue::floating(t, (double)(x >> 11) * 0x1p-53);
    default: return PrimValue::integer(t, x);
    }
}

constexpr int64_t max_elements = int64_t(1) << 31;

}  // namespace

uint64_t random_input_seed(const std::string &spec, int line) {
    uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a
    for (unsigned char c : spec + "@" + std::to_string(line)) h = (h ^ c) * 0x100000001b3ull;
    return h;
}

std::vector<ReadValue> random_inputs(const std::string &spec, const SrcLoc &loc, const std::string &name,
                                     uint64_t seed) {
    // The text where it stands in the test file, so errors point into it.
    std::string padded(loc.line > 1 ? (size_t)loc.line - 1 : 0, '\n');
    padded.append(loc.col > 1 ? (size_t)loc.col - 1 : 0, ' ');
    const size_t base = padded.size();
    padded += spec;
    // Errors show the test file's own line where the caller knows it.
    SourceFilePtr src = loc.file ? loc.file : make_source(name, padded);
    auto where = [&](size_t at, size_t len) {
        SrcLoc l;
        l.file = src;
        l.line = loc.line > 0 ? loc.line : 1;
        l.col = loc.col > 0 ? loc.col : 1;
        for (size_t i = 0; i < at; i++) {
            if (spec[i] == '\n') {
                l.line++;
                l.col = 1;
            } else {
                l.col++;
            }
        }
        l.end_col = l.col + (int)len;
        return l;
    };
    SplitMix64 rng{seed};
    std::vector<ReadValue> out;
    for (size_t i = 0; (i = spec.find_first_not_of(" \t\r\n", i)) != std::string::npos;) {
        size_t end = std::min(spec.find_first_of(" \t\r\n", i), spec.size());
        const std::string word = spec.substr(i, end - i);
        const SrcLoc at = where(i, word.size());
        // A type: sizes, then a primitive type.
        std::vector<int64_t> shape;
        size_t k = 0;
        int64_t count = 1;
        while (k < word.size() && word[k] == '[') {
            size_t close = word.find(']', k);
            std::string digits = close == std::string::npos ? "" : word.substr(k + 1, close - k - 1);
            if (digits.empty() || digits.size() > 12 ||
                digits.find_first_not_of("0123456789") != std::string::npos)
                throw CompileError(at, "random input: expected a size in `[...]`, such as `[100]i32`");
            shape.push_back(std::stoll(digits));
            count *= shape.back();
            if (count > max_elements)
                throw CompileError(at, "random input: `" + word + "` has more than 2^31 elements");
            k = close + 1;
        }
        if (std::optional<PrimType> t = prim_from_name(word.substr(k))) {
            ReadValue v;
            v.loc = at;
            if (shape.empty()) {
                v.value = random_prim(*t, rng);
            } else {
                v.value = Value::prim_array(*t, shape);
                uint8_t *data = v.value.mutable_data();
                for (int64_t e = 0; e < count; e++) store_prim(*t, data, e, random_prim(*t, rng));
            }
            out.push_back(std::move(v));
        } else if (!shape.empty()) {
            throw CompileError(at, "random input: unknown element type `" + word.substr(k) + "`");
        } else {
            // A constant, as written (`10`, `10i64`, `2.5f32`).
            std::string alone = padded.substr(0, base + i);  // blanks before it, lines kept
            for (char &c : alone)
                if (c != '\n') c = ' ';
            std::vector<ReadValue> vs;
            try {
                vs = read_values(alone + word, name);
            } catch (const CompileError &) {
                vs.clear();
            }
            if (vs.size() != 1 || !vs[0].value.is_prim())
                throw CompileError(at, "random input: expected a type such as `[100]i32` or a constant "
                                       "such as `10i64`, not `" + word + "`");
            out.push_back(std::move(vs[0]));
        }
        i = end;
    }
    return out;
}

}  // namespace loom
