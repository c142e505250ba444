// FutharkScript's built-ins (see Script.h, Note [Script built-ins]).
#include "session/Script.h"

#include "core/Files.h"
#include "core/Gzip.h"
#include "core/ValueIO.h"
#include "session/Media.h"
#include "frontend/Lexer.h"
#ifdef LOOM_HAVE_IMAGE
#include "image/Png.h"
#endif

#include <filesystem>

namespace loom {

namespace {

namespace fs = std::filesystem;

/** The built-ins futhark-literate.rst lists, with their number of string arguments and
 * whether Loom has them (the others say why not when called). */
struct BuiltinInfo {
    const char *name;
    size_t args;
    bool loom;
};
constexpr BuiltinInfo builtins[] = {
    {"loaddata", 1, true}, {"loadbytes", 1, true}, {"loadimg", 1, true},
    {"loadaudio", 1, true}, {"restore", 2, false},
};

std::string quoted(const std::string &s) { return "`" + s + "`"; }

Value bytes_array(const std::string &bytes) {
    auto buf = std::make_shared<Bytes>(reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size());
    return Value::prim_array(PrimType::U8, {(int64_t)bytes.size()}, buf);
}

/** An image as Futhark's `$loadimg` gives it: rows of ARGB pixels. */
Value image_array(const ScriptCall &c, const std::string &path, const std::string &bytes) {
#ifdef LOOM_HAVE_IMAGE
    int w = 0, h = 0;
    std::vector<uint8_t> rgba;
    try {
        rgba = decode_png(bytes, w, h);
    } catch (const std::exception &e) {
        throw CompileError(c.loc, "`$loadimg`: cannot read `" + path + "` as an image: " + e.what());
    }
    Value v = Value::prim_array(PrimType::U32, {h, w});
    auto *out = const_cast<uint32_t *>(reinterpret_cast<const uint32_t *>(v.data()));
    for (size_t i = 0; i < (size_t)w * h; ++i) {
        const uint8_t *p = &rgba[4 * i];
        out[i] = (uint32_t)p[3] << 24 | (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
    }
    return v;
#else
    (void)path, (void)bytes;
    throw CompileError(c.loc, "`$loadimg` needs libpng, which this build of Loom lacks (scripts/setup.sh)");
#endif
}

}  // namespace

std::vector<std::string> script_builtins() {
    std::vector<std::string> out;
    for (const BuiltinInfo &b : builtins)
        if (b.loom) out.push_back(std::string("$") + b.name);
    return out;
}

std::vector<ScriptCall> script_calls(const SourceFilePtr &file) {
    std::vector<Token> toks;
    try {
        toks = lex(file);
    } catch (const CompileError &) {
        return {};
    }
    std::vector<ScriptCall> out;
    for (size_t i = 0; i < toks.size(); ++i) {
        const Token &t = toks[i];
        if (t.kind != Tok::Script) continue;
        const BuiltinInfo *info = nullptr;
        for (const BuiltinInfo &b : builtins)
            if (t.text == b.name) info = &b;
        if (!info)
            throw CompileError(t.loc, "Unknown FutharkScript built-in `$" + t.text +
                                          "`: Loom has `$loaddata`, `$loadbytes` and `$loadimg`");
        ScriptCall c{t.text, {}, t.begin, t.end, t.loc};
        while (c.args.size() < info->args && i + 1 < toks.size() && toks[i + 1].kind == Tok::StringLit &&
               toks[i + 1].loc.line == t.loc.line) {
            c.args.push_back(toks[++i].text);
            c.end = toks[i].end;
        }
        if (c.args.size() < info->args)
            throw CompileError(t.loc, "`$" + t.text + "` takes " +
                                          (info->args == 1 ? "a file name as a string literal"
                                                           : "a type and a file name as string literals") +
                                          " on its line: `$" + t.text +
                                          (info->args == 1 ? " \"data.in\"`" : " \"[]i32\" \"data.bin\"`"));
        c.loc.end_col = c.loc.col + int(c.end - c.begin);
        out.push_back(std::move(c));
    }
    return out;
}

std::string data_path(const std::string &file, const std::string &dir) {
    if (dir.empty() || fs::path(file).is_absolute()) return file;
    return (fs::path(dir) / file).string();
}

std::string script_path(const ScriptCall &c, const std::string &dir) { return data_path(c.args.back(), dir); }

Value run_script_call(const ScriptCall &c, const std::string &path) {
    if (c.fn == "restore")
        throw CompileError(c.loc, "`$restore` is not supported by Loom: it has no serialised opaque "
                                  "values (use `$loaddata` on values written by `loom run -b`)");
    if (c.args.back().empty()) throw CompileError(c.loc, "`$" + c.fn + "`: the file name is empty");
    std::string bytes;
    if (std::optional<std::string> why = read_regular_file(path, bytes))
        throw CompileError(c.loc, "`$" + c.fn + "`: " + *why);
    if (c.fn == "loadbytes") return bytes_array(bytes);
    if (c.fn == "loadaudio") {  // libsndfile reads the file itself (WAV, FLAC, Ogg, Opus, MP3)
        try {
            return load_audio(path);
        } catch (const MediaError &e) {
            throw CompileError(c.loc, "`$loadaudio`: " + std::string(e.what()));
        }
    }
    if (c.fn == "loadimg") return image_array(c, path, bytes);
    // loaddata: Futhark's text or binary values, or a .npy file (read_values tells them apart).
    // Gzipped, whatever its name: as the test runner's `data.in.gz`.
    if (is_gzip(bytes)) {
        std::string plain;
        if (std::optional<std::string> why = gunzip(bytes, path, plain))
            throw CompileError(c.loc, "`$loaddata`: " + *why);
        bytes = std::move(plain);
    }
    std::vector<ReadValue> read = read_values(bytes, path);
    if (read.empty()) throw CompileError(c.loc, "`$loaddata`: " + quoted(path) + " holds no values");
    if (read.size() == 1) return read[0].value;
    std::vector<Value> values;
    for (ReadValue &r : read) values.push_back(std::move(r.value));
    return Value::tuple(std::move(values));
}

std::string written_type(const Value &v) {
    switch (v.kind()) {
    case Value::Kind::Prim:
        return prim_name(v.prim().type);
    case Value::Kind::Array: {
        if (!v.is_prim_array()) break;
        std::string s;
        for (int64_t d : v.shape()) s += "[" + std::to_string(d) + "]";
        return s + prim_name(v.elem_prim());
    }
    case Value::Kind::Tuple: {
        std::string s = "(";
        for (size_t i = 0; i < v.elems().size(); ++i) s += (i ? ", " : "") + written_type(v.elems()[i]);
        return s + ")";
    }
    default:
        break;
    }
    throw InternalError("written_type: a value no data file holds");
}

}  // namespace loom
