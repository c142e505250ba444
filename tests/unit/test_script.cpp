// Unit tests of FutharkScript's built-ins in the session (session/Script.h, Note [Script
// built-ins]): what each reads, its errors and where they point, that a file is read once
// per change, that a replay does not read it again, and that compiled evaluations take
// the values as the interpreter does.  The REPL transcript tests/repl/script.in shows the
// same from the user's side (with the messages' wording masked).
#include "core/ValueIO.h"
#include "session/Session.h"

#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

using namespace loom;
using Kind = EvalRecord::Kind;

namespace {

namespace fs = std::filesystem;

/** A fresh folder for one test's files, removed after it. */
struct TempDir {
    fs::path path;
    TempDir() {
        char tmpl[] = "/tmp/loom-script-XXXXXX";
        REQUIRE(mkdtemp(tmpl));
        path = tmpl;
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    std::string write(const std::string &name, const std::string &bytes) const {
        std::ofstream f(path / name, std::ios::binary);
        f << bytes;
        return (path / name).string();
    }
};

/** The value's text, or the error (with its place) when the input failed. */
std::string show(Session &s, const std::string &input) {
    EvalRecord r = s.submit(input + "\n");
    if (r.kind == Kind::Error) return "error: " + r.error;
    if (r.kind == Kind::Output) return r.output;
    REQUIRE_MESSAGE(r.value, input);
    return value_to_string(*r.value);
}

/** A 2x1 RGBA PNG: an opaque red pixel, then a half-transparent blue one. */
const unsigned char tiny_png[] = {
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44,
    0x52, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0xf4,
    0x22, 0x7f, 0x8a, 0x00, 0x00, 0x00, 0x0e, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8,
    0xcf, 0xc0, 0x00, 0x42, 0x0d, 0x00, 0x0f, 0x7a, 0x03, 0x7e, 0x77, 0xe9, 0x7f, 0x97, 0x00,
    0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82};

/** A WAV file: 16-bit PCM, one channel at 8000 Hz, the samples 0, 16384 and -32768. */
const unsigned char tiny_wav[] = {
    0x52, 0x49, 0x46, 0x46, 0x2a, 0x00, 0x00, 0x00, 0x57, 0x41, 0x56, 0x45, 0x66, 0x6d, 0x74, 0x20, 0x10,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x40, 0x1f, 0x00, 0x00, 0x80, 0x3e, 0x00, 0x00, 0x02, 0x00,
    0x10, 0x00, 0x64, 0x61, 0x74, 0x61, 0x06, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x40, 0x00, 0x80};

/** `[3i32, 4i32, 5i32]` and a newline, gzipped. */
const unsigned char values_gz[] = {0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0x8b, 0x36,
                                   0xce, 0x34, 0x36, 0xd2, 0x51, 0x30, 0x01, 0x93, 0xa6, 0x40, 0x32, 0x96,
                                   0x0b, 0x00, 0x11, 0x39, 0x6e, 0x79, 0x13, 0x00, 0x00, 0x00};

}  // namespace

TEST_CASE("script: $loaddata, $loadbytes and $loadimg read files into values of their exact types") {
    TempDir d;
    Session s;
    s.set_data_dir(d.path.string());
    d.write("xs.in", "[1i32, 2i32, 3i32]\n");
    d.write("pair.in", "[1.5f32, 2.5f32]\n4i64\n");
    d.write("bytes", std::string("a\0b", 3));
    d.write("img.png", std::string(reinterpret_cast<const char *>(tiny_png), sizeof tiny_png));
    const std::string gz(reinterpret_cast<const char *>(values_gz), sizeof values_gz);
    d.write("values.in.gz", gz);
    d.write("values.in", gz);  // gzipped whatever the name
    d.write("twice.gz", gz + gz);  // two members: both read, as `gzip -d` does
    CHECK(show(s, "$loaddata \"xs.in\"") == "[1i32, 2i32, 3i32]");
    CHECK(show(s, "$loaddata \"values.in.gz\"") == "[3i32, 4i32, 5i32]");
    CHECK(show(s, "$loaddata \"values.in\"") == "[3i32, 4i32, 5i32]");
    CHECK(show(s, "$loaddata \"twice.gz\"") == "([3i32, 4i32, 5i32], [3i32, 4i32, 5i32])");
    // A sound: a row a channel, samples from -1 to 1.
    d.write("tiny.wav", std::string(reinterpret_cast<const char *>(tiny_wav), sizeof tiny_wav));
    CHECK(show(s, "$loadaudio \"tiny.wav\"") == "[[0.0f64, 0.5f64, -1.0f64]]");
    CHECK(show(s, ":type $loaddata \"xs.in\"").find("[3]i32") != std::string::npos);
    CHECK(show(s, "$loaddata \"pair.in\"") == "([1.5f32, 2.5f32], 4i64)");
    CHECK(s.submit("let (a, n) = $loaddata \"pair.in\"\n").kind == Kind::Definitions);
    CHECK(show(s, "f32.sum a + f32.i64 n") == "8.0f32");
    CHECK(show(s, "$loadbytes \"bytes\"") == "[97u8, 0u8, 98u8]");
    // ARGB: alpha in the top byte.
    CHECK(show(s, "$loadimg \"img.png\"") == "[[" + std::to_string(0xFFFF0000u) + "u32, " +
                                                  std::to_string(0x800000FFu) + "u32]]");
    // An absolute path ignores the data folder.
    Session elsewhere;
    CHECK(show(elsewhere, "$loaddata \"" + (d.path / "xs.in").string() + "\"") == "[1i32, 2i32, 3i32]");
}

TEST_CASE("script: errors say what went wrong at the call, and the session goes on") {
    TempDir d;
    Session s;
    s.set_data_dir(d.path.string());
    d.write("xs.in", "[1i32, 2i32]\n");
    d.write("bad.in", "[1i32, 2i32\n");
    d.write("text.png", "not a picture\n");
    d.write("gz.in", std::string("\x1f\x8b\x08\x00", 4));
    REQUIRE(s.submit("def xs = $loaddata \"xs.in\"\n").kind == Kind::Definitions);
    struct Case {
        const char *input, *message;
    } cases[] = {
        {"1 + $loaddata \"nope.in\"", "<repl>:1:5: error: `$loaddata`: cannot read `"},
        {"$loaddata \".\"", "not a file"},
        {"$loaddata \"bad.in\"", "bad.in:2:1: error: expected `,` or `]` in array value"},
        {"$loaddata \"gz.in\"", "<repl>:1:1: error: `$loaddata`: cannot decompress `"},
        {"$loaddata \"gz.in\"", "gz.in`: the file ends inside gzip member 1 (from byte 0): it is truncated"},
        {"$loadimg \"text.png\"", "it is not a PNG file"},
        {"$loaddata", "`$loaddata` takes a file name as a string literal on its line"},
        {"$loaddata\n\"xs.in\"", "`$loaddata` takes a file name"},
        {"$restore \"[]i32\"", "`$restore` takes a type and a file name"},
        {"$restore \"[]i32\" \"xs.in\"", "`$restore` is not supported by Loom"},
        {"$loadaudio \"a.wav\"", "`$loadaudio`: cannot read `"},
        {"$loadaudio \"xs.in\"", "as sound: "},
        {"$loadata \"xs.in\"", "Unknown FutharkScript built-in `$loadata`"},
        {"$loaddata \"\"", "the file name is empty"},
        // A message that names the value names the call.
        {"($loaddata \"xs.in\") with [0] = 5", "Would consume `$loaddata \"xs.in\"`, which is not consumable"},
        {"xs ++ $loaddata \"xs.in\" ++ true", "<repl>:1:28: error: Cannot unify type `[]i32` with type `bool`"},
    };
    for (const Case &c : cases) {
        std::string out = show(s, c.input);
        const std::string seen = std::string(c.input) + " -> " + out;
        INFO(seen);
        CHECK(out.find(c.message) != std::string::npos);
    }
    CHECK(show(s, "xs") == "[1i32, 2i32]");
}

TEST_CASE("script: a #[break] prompt takes built-in calls over its locals") {
    TempDir d;
    Session s;
    s.set_data_dir(d.path.string());
    d.write("xs.in", "[1i32, 2i32]\n");
    std::vector<std::string> lines = {"x + i32.sum ($loaddata \"xs.in\")", "$loaddata \"nope.in\"", ":continue"};
    std::vector<EvalRecord> shown;
    size_t next = 0;
    s.set_break_io(BreakIO{[&](const std::string &) -> std::optional<std::string> {
                               if (next == lines.size()) return std::nullopt;
                               return lines[next++];
                           },
                           [&](const EvalRecord &r) { shown.push_back(r); }});
    REQUIRE(s.submit("def f (x: i32) = #[break] x + 1\n").kind == Kind::Definitions);
    CHECK(show(s, "f 3") == "4i32");
    REQUIRE(shown.size() == 3);
    REQUIRE(shown[1].value);
    CHECK(value_to_string(*shown[1].value) == "6i32");
    CHECK(shown[2].kind == Kind::Error);
    CHECK(shown[2].error.find("<break>:1:1: error: `$loaddata`: cannot read `") == 0);
    // The value read at the prompt stays the session's, as one read at the top level.
    CHECK(show(s, "i32.sum ($loaddata \"xs.in\")") == "3i32");
}

TEST_CASE("script: a program cannot call a built-in; the parse error says where one can") {
    Session s;
    TempDir d;
    const std::string prog = d.write("p.fut", "def main = $loaddata \"x.in\"\n");
    EvalRecord r = s.submit(":load " + prog);
    REQUIRE(r.kind == Kind::Error);
    CHECK(r.error.find("p.fut:1:12: error: `$loaddata` is a FutharkScript built-in: it works in the REPL") !=
          std::string::npos);
}

TEST_CASE("script: a file is read again only when it changed; a replay does not read it") {
    TempDir d;
    Session s;
    s.set_data_dir(d.path.string());
    d.write("xs.in", "[1i32, 2i32]\n");
    REQUIRE(s.submit("def xs = $loaddata \"xs.in\"\n").kind == Kind::Definitions);
    d.write("xs.in", "[1i32, 2i32, 3i32]\n");  // a new size: a new value
    CHECK(show(s, "$loaddata \"xs.in\"") == "[1i32, 2i32, 3i32]");
    CHECK(show(s, "xs") == "[1i32, 2i32]");
    // A redefinition that changes a type replays every input; the files are gone.
    fs::remove(d.path / "xs.in");
    REQUIRE(s.submit("def f (x: i32) = x\n").kind == Kind::Definitions);
    EvalRecord r = s.submit("def f (x: i64) = x\n");
    CHECK(r.kind == Kind::Definitions);
    CHECK(r.notes.empty());
    CHECK(show(s, "xs") == "[1i32, 2i32]");
    CHECK(show(s, "$loaddata \"xs.in\"").find("no such file") != std::string::npos);
}

TEST_CASE("script: compiled evaluations take the values as arguments, as the interpreter has them") {
    TempDir d;
    d.write("m.in", "[[1.0f64, 2.0f64], [3.0f64, 4.0f64]]\n");
    d.write("k.in", "3i32\n");
    for (const char *backend : {"interp", "cpu"}) {
        Session s;
        s.set_data_dir(d.path.string());
        REQUIRE(s.submit(std::string(":backend ") + backend).kind == Kind::Output);
        INFO(backend);
        CHECK(show(s, "map f64.sum ($loaddata \"m.in\")") == "[3.0f64, 7.0f64]");
        CHECK(show(s, "map (* $loaddata \"k.in\") (map i32.i64 (iota 4))") == "[0i32, 3i32, 6i32, 9i32]");
        REQUIRE(s.submit("def m = $loaddata \"m.in\"\n").kind == Kind::Definitions);
        CHECK(show(s, "f64.sum (flatten m)") == "10.0f64");
    }
}

TEST_CASE("script: Tab completes the built-ins after `$`") {
    Session s;
    Session::Completion c = s.complete("i32.sum ($lo", 12);
    CHECK(c.start == 9);
    CHECK(c.matches == std::vector<std::string>{"$loadaudio", "$loadbytes", "$loaddata", "$loadimg"});
    CHECK(s.complete("$loadi", 6).matches == std::vector<std::string>{"$loadimg"});
}

TEST_CASE("script: Tab in a call's string completes files and folders where the call looks") {
    TempDir d;
    d.write("points.in", "1\n");
    d.write("pixels.png", "");
    fs::create_directory(d.path / "more");
    d.write("more/p.npy", "");
    Session s;
    s.set_data_dir(d.path.string());
    const std::string line = "f ($loaddata \"p";
    Session::Completion c = s.complete(line, line.size());
    CHECK(c.start == line.size() - 1);
    CHECK(c.matches == std::vector<std::string>{"pixels.png", "points.in"});
    CHECK(s.complete("$loadimg  \"m", 12).matches == std::vector<std::string>{"more/"});
    CHECK(s.complete("$loadbytes \"more/", 18).matches == std::vector<std::string>{"more/p.npy"});
    // Not in a call's string: names as ever; a closed string: no files.
    CHECK(s.complete("\"p", 2).matches != std::vector<std::string>{"pixels.png", "points.in"});
    CHECK(s.complete("$loaddata \"points.in\" p", 23).matches != std::vector<std::string>{"pixels.png", "points.in"});
}

TEST_CASE("script: literate's uncurrying applies a function to a tuple's values where the call does not check") {
    TempDir d;
    d.write("pair.in", "[1i32, 2i32]\n3i32\n");
    for (bool on : {false, true}) {
        Session s;
        s.set_data_dir(d.path.string());
        s.set_uncurry(on);
        INFO(on);
        REQUIRE(s.submit("def f (xs: []i32) (k: i32) = map (* k) xs\n").kind == Kind::Definitions);
        const std::string call = show(s, "f ($loaddata \"pair.in\")");
        if (on)
            CHECK(call == "[3i32, 6i32]");
        else
            CHECK(call.find("error: Cannot unify") != std::string::npos);
        // A call that checks as written is left alone; one that checks neither way reports
        // the error as written.
        CHECK(show(s, "(\\(a: i32, b: i32) -> a + b) (1, 2)") == "3i32");
        const std::string bad = show(s, "f (true, 1)");
        CHECK(bad.find("<repl>:1:1") == std::string::npos);
        CHECK(bad.find("error: Cannot unify") != std::string::npos);
    }
}
