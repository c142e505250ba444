// Unit tests of what the session draws: plots through gnuplot (session/Plot.h), pictures,
// videos and sounds (session/Media.h, image/Gif.h, audio/Sound.h).  GIFs are read back with
// giflib's decoder, frame by frame and pixel by pixel; sounds are written and read back
// through libsndfile; each has its errors for values that are none, and gnuplot missing.
#include "session/Media.h"
#include "session/Plot.h"
#include "session/Session.h"

#ifdef LOOM_HAVE_IMAGE
#include "image/Gif.h"
#include <gif_lib.h>
#endif
#ifdef LOOM_HAVE_AUDIO
#include "audio/Sound.h"
#endif

#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>

using namespace loom;
using Kind = EvalRecord::Kind;

namespace {

/** The value of `exp` on the session, and its type. */
Value value_of(Session &s, const std::string &exp, std::string &type) {
    EvalRecord r = s.submit(exp + "\n");
    INFO(exp, ": ", r.error);
    REQUIRE(r.value);
    type = r.type;
    return *r.value;
}

/** PATH set for a scope. */
struct ScopedPath {
    std::string old;
    explicit ScopedPath(const char *p) : old(std::getenv("PATH") ? std::getenv("PATH") : "") { setenv("PATH", p, 1); }
    ~ScopedPath() { setenv("PATH", old.c_str(), 1); }
};

#ifdef LOOM_HAVE_IMAGE
struct Reader {
    const std::string *bytes;
    size_t at = 0;
};
int read_gif(GifFileType *gif, GifByteType *dst, int n) {
    auto *r = static_cast<Reader *>(gif->UserData);
    int k = (int)std::min<size_t>((size_t)n, r->bytes->size() - r->at);
    std::memcpy(dst, r->bytes->data() + r->at, (size_t)k);
    r->at += (size_t)k;
    return k;
}

/** A GIF's frames as RGB triples a pixel, and the first frame's delay (1/100 s). */
std::vector<std::vector<uint32_t>> gif_frames(const std::string &gif, int &w, int &h, int &delay, bool &loops) {
    Reader r{&gif};
    int err = 0;
    GifFileType *f = DGifOpen(&r, read_gif, &err);
    REQUIRE(f);
    REQUIRE(DGifSlurp(f) == GIF_OK);
    w = f->SWidth;
    h = f->SHeight;
    loops = gif.find("NETSCAPE2.0") != std::string::npos;
    GraphicsControlBlock gcb{};
    REQUIRE(DGifSavedExtensionToGCB(f, 0, &gcb) == GIF_OK);
    delay = gcb.DelayTime;
    std::vector<std::vector<uint32_t>> out;
    for (int i = 0; i < f->ImageCount; ++i) {
        const SavedImage &im = f->SavedImages[i];
        const ColorMapObject *map = im.ImageDesc.ColorMap ? im.ImageDesc.ColorMap : f->SColorMap;
        REQUIRE(map);
        std::vector<uint32_t> px;
        for (int k = 0; k < w * h; ++k) {
            GifColorType c = map->Colors[im.RasterBits[k]];
            px.push_back((uint32_t)c.Red << 16 | (uint32_t)c.Green << 8 | c.Blue);
        }
        out.push_back(px);
    }
    DGifCloseFile(f, &err);
    return out;
}
#endif

}  // namespace

#ifdef LOOM_HAVE_IMAGE
TEST_CASE("media: `:video` frames become a looping GIF, each pixel's colour exact") {
    Session s;
    std::string type;
    Value v = value_of(s, "[[[0xFFFF0000u32, 0xFF00FF00u32, 0xFF0000FFu32]], [[0xFF123456u32, 0u32, 0xFFFFFFFFu32]]]", type);
    int w = 0, h = 0, delay = 0;
    bool loops = false;
    auto frames = gif_frames(video_gif(v, type, 10, true), w, h, delay, loops);
    CHECK(w == 3);
    CHECK(h == 1);
    CHECK(delay == 10);  // hundredths of a second: 10 frames a second
    CHECK(loops);
    REQUIRE(frames.size() == 2);
    CHECK(frames[0] == std::vector<uint32_t>{0xFF0000, 0x00FF00, 0x0000FF});
    CHECK(frames[1] == std::vector<uint32_t>{0x123456, 0x000000, 0xFFFFFF});
    // Grey levels exactly; played once.
    Value grey = value_of(s, "[[[0f32, 0.5, 1]]]", type);
    auto g = gif_frames(video_gif(grey, type, 30, false), w, h, delay, loops);
    CHECK(!loops);
    CHECK(delay == 3);
    CHECK(g[0] == std::vector<uint32_t>{0x000000, 0x808080, 0xFFFFFF});
    // More than 256 colours: 256 chosen, each pixel near its own (a wrong index would be far).
    Value many = value_of(s, "[tabulate_2d 30 30 (\\i j -> 0xFF000000u32 | u32.i64 (i * 8) << 16 | u32.i64 (j * 8) << 8)]", type);
    auto m = gif_frames(video_gif(many, type, 30, true), w, h, delay, loops);
    int worst = 0;
    for (int i = 0; i < 30; ++i)
        for (int j = 0; j < 30; ++j) {
            uint32_t c = m[0][(size_t)(i * 30 + j)];
            worst = std::max({worst, std::abs((int)(c >> 16) - i * 8), std::abs((int)((c >> 8) & 255) - j * 8)});
        }
    CHECK(worst <= 32);  // giflib's median cut works on 5 bits a channel
}
#endif

TEST_CASE("media: values that are no video or sound say what `:video` and `:audio` take") {
    Session s;
    std::string type;
    for (const char *exp : {"[[1u32]]", "[[[1i64]]]", "[[[(1, 2)]]]"}) {
        INFO(exp);
        Value v = value_of(s, exp, type);
        CHECK_THROWS_WITH_AS(video_gif(v, type, 30, true), doctest::Contains("`:video` takes an array of frames"),
                             MediaError);
    }
    Value none = value_of(s, "replicate 0 [[1u32]]", type);
    CHECK_THROWS_WITH_AS(video_gif(none, type, 30, true), doctest::Contains("no frames"), MediaError);
    for (const char *exp : {"[true]", "[[[1i16]]]", "3i16", "[1i64]"}) {
        INFO(exp);
        Value v = value_of(s, exp, type);
        CHECK_THROWS_WITH_AS(audio_file(v, type, 44100, "wav"), doctest::Contains("`:audio` takes"), MediaError);
    }
}

#ifdef LOOM_HAVE_AUDIO
TEST_CASE("media: sounds round-trip through each sample type and codec; `$loadaudio` reads them") {
    namespace fs = std::filesystem;
    Session s;
    std::string type;
    fs::path dir = fs::temp_directory_path() / ("loom-media-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    auto load = [&](const std::string &name, const std::string &bytes) {
        std::ofstream((dir / name).string(), std::ios::binary) << bytes;
        int rate = 0;
        auto ch = decode_sound((dir / name).string(), rate);
        return std::make_pair(rate, ch);
    };
    // Full scale of each PCM type is -1..1; WAV keeps integer samples exactly.
    struct Case {
        const char *exp;
        std::vector<double> want;
    } cases[] = {
        {"[0i8, 64, -128]", {0, 0.5, -1}},          {"[128u8, 192, 0]", {0, 0.5, -1}},
        {"[0i16, 16384, -32768]", {0, 0.5, -1}},    {"[32768u16, 49152, 0]", {0, 0.5, -1}},
        {"[0i32, 1073741824, -2147483648]", {0, 0.5, -1}},
        {"[2147483648u32, 3221225472, 0]", {0, 0.5, -1}},
        {"[0f32, 0.5, -1]", {0, 0.5, -1}},          {"[0f64, 0.25, -0.75]", {0, 0.25, -0.75}},
    };
    for (const Case &c : cases) {
        INFO(c.exp);
        Value v = value_of(s, c.exp, type);
        auto [rate, ch] = load("a.wav", audio_file(v, type, 8000, "wav"));
        CHECK(rate == 8000);
        REQUIRE(ch.size() == 1);
        CHECK(ch[0] == c.want);
    }
    // Two channels, a row each (left first), through the session's `$loadaudio`.
    Value stereo = value_of(s, "[[0i16, 16384], [-32768, 0]]", type);
    std::ofstream((dir / "st.wav").string(), std::ios::binary) << audio_file(stereo, type, 22050, "wav");
    EvalRecord r = s.submit("$loadaudio \"" + (dir / "st.wav").string() + "\"\n");
    REQUIRE(r.value);
    CHECK(r.type == "[2][2]f64");
    // Every codec writes a file libsndfile reads back with its rate and length (lossy ones
    // within a margin: a 440 Hz tone).
    Value tone = value_of(s, "map (\\i -> 0.5 * f32.sin (f32.i64 i * 2 * f32.pi * 440 / 48000)) (iota 48000)", type);
    for (const char *codec : {"wav", "flac", "ogg", "opus", "mp3"}) {
        INFO(codec);
        auto [rate, ch] = load(std::string("t.") + codec, audio_file(tone, type, 48000, codec));
        CHECK(rate == 48000);
        REQUIRE(ch.size() == 1);
        CHECK(std::abs((double)ch[0].size() - 48000) < 2400);  // mp3 and opus pad a little
        double peak = 0;
        for (double x : ch[0]) peak = std::max(peak, std::abs(x));
        CHECK(peak > 0.4);
        CHECK(peak < 0.6);
    }
    CHECK_THROWS_WITH_AS(audio_file(tone, type, 48000, "aac"), doctest::Contains("no codec `aac`"), MediaError);
    fs::remove_all(dir);
}
#endif

TEST_CASE("media: the session's `:video` and `:audio` give the file and say what it holds") {
    Session s;
    EvalRecord v = s.submit(":video [[[0u8, 255]], [[255u8, 0]], [[9u8, 9]]]");
    REQUIRE(v.kind == Kind::Output);
    CHECK(v.output == "-- video: 3 frames of 2x1 pixels, 30 a second");
    CHECK(v.media_mime == "image/gif");
    CHECK(v.media.compare(0, 6, "GIF89a") == 0);
    // Futhark's other form: a step function, its first state and the number of frames.
    REQUIRE(s.submit("def step (t: i64) = (tabulate_2d 2 3 (\\i j -> u8.i64 (i + j + t)), t + 10)\n").kind ==
            Kind::Definitions);
    EvalRecord steps = s.submit(":video (step, 5i64, 4i64)");
    REQUIRE(steps.kind == Kind::Output);
    CHECK(steps.output == "-- video: 4 frames of 3x2 pixels, 30 a second");
#ifdef LOOM_HAVE_IMAGE
    int w = 0, h = 0, delay = 0;
    bool loops = false;
    auto frames = gif_frames(steps.media, w, h, delay, loops);
    REQUIRE(frames.size() == 4);
    CHECK(frames[3][5] == 0x262626);  // frame 3: t = 5 + 3 * 10, pixel (1, 2): grey 1 + 2 + 35
#endif
    CHECK(s.submit(":video (step, 0i64, 0i64)").error.find("no frames") != std::string::npos);
    CHECK(s.submit(":video (\\(t: i64) -> (t, t), 0i64, 2i64)").error.find("frame 0 is i64") != std::string::npos);
    EvalRecord a = s.submit(":audio [[0i16, 1, 2, 3], [4, 5, 6, 7]]");
    REQUIRE(a.kind == Kind::Output);
    CHECK(a.output == "-- sound: 2 channels of 4 samples at 44100 Hz, 0.00 s");
    CHECK(a.media_mime == "audio/wav");
    CHECK(a.media.compare(0, 4, "RIFF") == 0);
    EvalRecord bad = s.submit(":audio [true, false]");
    REQUIRE(bad.kind == Kind::Error);
    CHECK(bad.error.find("<repl>:1:8: error: `:audio` takes") == 0);
}

TEST_CASE("media: `:video` and `:audio` take literate's parameters after a `;`") {
    // The expression ends at the first `;` outside brackets and strings; commas inside
    // brackets stay with their parameter.
    auto [exp, params] = split_params("f (1, 2) \"a;b\"; size: (3, 4), fps: 10,");
    CHECK(exp == "f (1, 2) \"a;b\"");
    REQUIRE(params.size() == 2);
    CHECK(params[0] == std::pair<std::string, std::string>{"size", "(3, 4)"});
    CHECK(params[1] == std::pair<std::string, std::string>{"fps", "10"});
    CHECK(split_params("[1, 2]").second.empty());
    CHECK(media_params(true, {{"fps", "12"}, {"loop", "false"}}).rate == 12);
    CHECK(media_params(false, {}).rate == 44100);
    CHECK_THROWS_WITH_AS(media_params(true, {{"fps", "0"}}), doctest::Contains("`fps: 0`"), MediaError);
    CHECK_THROWS_WITH_AS(media_params(false, {{"codec", "aac"}}), doctest::Contains("wav, flac, ogg, opus or mp3"),
                         MediaError);

    Session s;
    EvalRecord v = s.submit(":video [[[0u8, 255]], [[255u8, 0]]]; fps: 20, loop: false");
    REQUIRE(v.kind == Kind::Output);
    CHECK(v.output == "-- video: 2 frames of 2x1 pixels, 20 a second, once");
#ifdef LOOM_HAVE_IMAGE
    int w = 0, h = 0, delay = 0;
    bool loops = true;
    auto frames = gif_frames(v.media, w, h, delay, loops);
    CHECK(frames.size() == 2);
    CHECK(delay == 5);  // hundredths of a second
    CHECK(!loops);
#endif
    EvalRecord a = s.submit(":audio [0i16, 1, 2, 3]; sampling_frequency: 8000");
    REQUIRE(a.kind == Kind::Output);
    CHECK(a.output == "-- sound: 1 channel of 4 samples at 8000 Hz, 0.00 s");
    uint32_t rate = 0;
    REQUIRE(a.media.size() > 28);
    std::memcpy(&rate, a.media.data() + 24, 4);  // the WAV header's sample rate
    CHECK(rate == 8000);
#ifdef LOOM_HAVE_AUDIO
    EvalRecord flac = s.submit(":audio [0i16, 1, 2, 3]; codec: flac");
    REQUIRE(flac.kind == Kind::Output);
    CHECK(flac.media_mime == "audio/flac");
    CHECK(flac.media.compare(0, 4, "fLaC") == 0);
#endif
    // Wrong parameters say which, before the evaluation.
    CHECK(s.submit(":video [[[1u8]]]; speed: 2").error ==
          "error: `:video`: no parameter `speed` (only fps, loop, format, file)");
    CHECK(s.submit(":audio [0i16]; sampling_frequency: many").error.find("`sampling_frequency: many`") !=
          std::string::npos);
    CHECK(s.submit(":audio [0i16]; file: a.wav").error.find(":save a.wav EXPR") != std::string::npos);
}

TEST_CASE("plot: a pair of arrays is a line; a record's fields are lines named in the key") {
    Session s;
    std::string type;
    Value line = value_of(s, "(map f64.i64 (iota 11), map (\\i -> f64.i64 (i * i)) (iota 11))", type);
    std::string text = plot2d(line, type, PlotFormat::Text, 60, 20);
    CHECK(text.find("+----") != std::string::npos);  // the frame
    CHECK(text.find("100 +") != std::string::npos);  // the y axis ends at the largest y
    CHECK(text.find('*') != std::string::npos);      // the line
    CHECK(text.find('\f') == std::string::npos);
    std::string png = plot2d(line, type, PlotFormat::Png, 320, 200);
    REQUIRE(png.size() > 24);
    CHECK(png.compare(0, 8, "\x89PNG\r\n\x1a\n") == 0);
    // Width and height in the header, big-endian.
    auto be32 = [&](size_t at) {
        return (uint32_t)(uint8_t)png[at] << 24 | (uint32_t)(uint8_t)png[at + 1] << 16 |
               (uint32_t)(uint8_t)png[at + 2] << 8 | (uint32_t)(uint8_t)png[at + 3];
    };
    CHECK(be32(16) == 320);
    CHECK(be32(20) == 200);
    // Integers, unsigned and f32 plot too; a record's field names are the key.
    Value rec = value_of(s, "{up_1 = (iota 5, map u8.i64 (iota 5)), down = ([0f32, 1], [1f32, 0])}", type);
    std::string key = plot2d(rec, type, PlotFormat::Text, 70, 20);
    CHECK(key.find("up_1") != std::string::npos);
    CHECK(key.find("down") != std::string::npos);
}

TEST_CASE("plot: values that are no plot say what `:plot2d` and `:gnuplot` take") {
    Session s;
    std::string type;
    for (const char *exp : {"[1, 2, 3]", "(iota 3, iota 4)", "([true], [false])", "([[1]], [[2]])",
                            "(iota 3, iota 3, iota 3)", "{a = (iota 2, iota 2), b = 1}"}) {
        INFO(exp);
        Value v = value_of(s, exp, type);
        CHECK_THROWS_WITH_AS(plot2d(v, type, PlotFormat::Text, 60, 20),
                             doctest::Contains("`:plot2d` takes a pair of one-dimensional arrays"), PlotError);
    }
    Value empty = value_of(s, "(iota 0, iota 0)", type);
    CHECK_THROWS_WITH_AS(plot2d(empty, type, PlotFormat::Png, 60, 20), doctest::Contains("nothing to plot"),
                         PlotError);
    Value pair = value_of(s, "(iota 3, iota 3)", type);
    CHECK_THROWS_WITH_AS(gnuplot_script(pair, type, "plot 1"), doctest::Contains("`:gnuplot` takes a record"),
                         PlotError);
    // A script's error is gnuplot's, at the script's own line.
    Value rec = value_of(s, "{xs = (iota 3, iota 3)}", type);
    CHECK(gnuplot_script(rec, type, "plot xs using 1:2 with lines").compare(0, 4, "\x89PNG") == 0);
    CHECK_THROWS_WITH_AS(gnuplot_script(rec, type, "set title 't'\nplot nope"),
                         doctest::Contains("script line 2: undefined variable: nope"), PlotError);
    // Without gnuplot: what to install.
    ScopedPath no_path("/nonexistent");
    CHECK_THROWS_WITH_AS(plot2d(pair, type, PlotFormat::Text, 60, 20), doctest::Contains("gnuplot-nox"), PlotError);
}

TEST_CASE("plot: the session's `:plot2d` gives the characters and the picture; errors point at the expression") {
    Session s;
    REQUIRE(s.submit("def xs = map f64.i64 (iota 8)\n").kind == Kind::Definitions);
    EvalRecord r = s.submit(":plot2d (xs, map (* 2) xs)");
    REQUIRE(r.kind == Kind::Output);
    CHECK(r.output.find("+----") != std::string::npos);
    CHECK(r.media.compare(0, 4, "\x89PNG") == 0);
    // The picture's size: 640x400, or `size: (W, H)` as `loom literate` takes it.
    auto png_size = [](const std::string &png) {
        auto be = [&](size_t at) {
            return (uint32_t)(uint8_t)png[at] << 24 | (uint32_t)(uint8_t)png[at + 1] << 16 |
                   (uint32_t)(uint8_t)png[at + 2] << 8 | (uint32_t)(uint8_t)png[at + 3];
        };
        return png.size() > 24 ? std::make_pair(be(16), be(20)) : std::make_pair(0u, 0u);
    };
    CHECK(png_size(r.media) == std::make_pair(640u, 400u));
    EvalRecord sized = s.submit(":plot2d (xs, xs); size: (300, 200)");
    REQUIRE(sized.kind == Kind::Output);
    CHECK(png_size(sized.media) == std::make_pair(300u, 200u));
    CHECK(s.submit(":plot2d (xs, xs); size: 3").error == "error: `:plot2d`: `size: 3`: the width and height in "
                                                       "pixels, `size: (W, H)`");
    EvalRecord bad = s.submit(":plot2d xs");
    REQUIRE(bad.kind == Kind::Error);
    CHECK(bad.error.find("<repl>:1:9: error: `:plot2d` takes a pair") == 0);
    CHECK(s.submit(":plot2d").error.find(":plot2d needs an expression") != std::string::npos);
    CHECK(s.submit("xs[1]\n").kind == Kind::Value);
}

TEST_CASE("plot: the session's `:img` gives the picture and its size; errors point at the expression") {
    Session s;
    EvalRecord r = s.submit(":img [[0xFFFF0000u32, 0xFF00FF00u32, 0xFF0000FFu32]]");
    REQUIRE(r.kind == Kind::Output);
    CHECK(r.output == "-- image: 3x1 pixels");
    CHECK(r.show_image);
    REQUIRE(r.media.size() > 24);
    CHECK(r.media.compare(0, 8, "\x89PNG\r\n\x1a\n") == 0);
    CHECK((uint8_t)r.media[19] == 3);  // the width's low byte
    CHECK((uint8_t)r.media[23] == 1);  // the height's
    // Grey from floats and bools too; not from a 1-D array or an empty one.
    CHECK(s.submit(":img [[0f32, 0.5], [1, 1]]").kind == Kind::Output);
    CHECK(s.submit(":img [[true]]").kind == Kind::Output);
    EvalRecord bad = s.submit(":img [1, 2]");
    REQUIRE(bad.kind == Kind::Error);
    CHECK(bad.error.find("<repl>:1:6: error: `:img` takes a [][]i32, [][]u32 (ARGB)") == 0);
    CHECK(s.submit(":img replicate 0 [1u32, 2u32]").error.find("`:img` of an empty array") != std::string::npos);
    CHECK(s.submit(":img").error.find(":img needs an expression") != std::string::npos);
    CHECK(!s.submit(":plot2d (iota 3, iota 3)").show_image);  // a plot's text is the plot
}

TEST_CASE("media: `:save` writes a value in the format its file's name says, and the built-ins read it back") {
    namespace fs = std::filesystem;
    fs::path dir = fs::temp_directory_path() / ("loom-save-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    Session s;
    s.set_data_dir(dir.string());
    struct Case {
        const char *save, *read, *want;
    } cases[] = {
        {":save xs.npy map f32.i64 (iota 4)", "$loaddata \"xs.npy\"", "[0.0f32, 1.0f32, 2.0f32, 3.0f32]"},
        {":save t.in (iota 2, 2.5f64)", "$loaddata \"t.in\"", "([0i64, 1i64], 2.5f64)"},
        {":save t.bin ([[1u8, 2]], true)", "$loaddata \"t.bin\"", "([[1u8, 2u8]], true)"},
        {":save p.png [[0xFF0000FFu32, 0xFFFFFFFFu32]]", "$loadimg \"p.png\"", "[[4278190335u32, 4294967295u32]]"},
        {":save s.wav [0i16, 16384]", "$loadaudio \"s.wav\"", "[[0.0f64, 0.5f64]]"},
        {":save s.flac [[0i16], [-32768]]", "$loadaudio \"s.flac\"", "[[0.0f64], [-1.0f64]]"},
    };
    for (const Case &c : cases) {
        INFO(c.save);
        EvalRecord w = s.submit(c.save);
        INFO(w.error);
        REQUIRE(w.kind == Kind::Output);
        CHECK(w.output.rfind("-- wrote " + dir.string() + "/", 0) == 0);
        EvalRecord r = s.submit(std::string(c.read) + "\n");
        REQUIRE(r.value);
        CHECK(value_to_string(*r.value) == c.want);
    }
    EvalRecord gif = s.submit(":save v.gif [[[1u8]], [[2u8]]]");
    REQUIRE(gif.kind == Kind::Output);
    std::ifstream g((dir / "v.gif").string(), std::ios::binary);
    std::string head(6, '\0');
    g.read(head.data(), 6);
    CHECK(head == "GIF89a");
    // A video's and a sound's parameters, as `:video`'s and `:audio`'s.
    REQUIRE(s.submit(":save r.wav [0i16, 1]; sampling_frequency: 22050").kind == Kind::Output);
    std::ifstream wav((dir / "r.wav").string(), std::ios::binary);
    std::string header(28, '\0');
    wav.read(header.data(), 28);
    uint32_t rate = 0;
    std::memcpy(&rate, header.data() + 24, 4);
    CHECK(rate == 22050);
    CHECK(s.submit(":save f.gif [[[1u8]]]; fps: 5").kind == Kind::Output);
    CHECK(s.submit(":save f.flac [0i16]; codec: mp3").error.find("the file's name says its codec") !=
          std::string::npos);
    CHECK(s.submit(":save f.flac [0i16]; codec: flac").kind == Kind::Output);
    // Errors, at the expression: a format by no name, a value the format cannot hold, a
    // folder that is not there; a missing expression.
    CHECK(s.submit(":save x.doc 1").error.find("<repl>:1:13: error: `:save` writes .npy, .in or .txt") == 0);
    CHECK(s.submit(":save y.npy (1, 2)").error.find("`:save` to .npy takes a number or an array") !=
          std::string::npos);
    CHECK(s.submit(":save y.in \\(x: i32) -> x").error.find("`:save` to .in takes values of primitive types") !=
          std::string::npos);
    CHECK(s.submit(":save no/such/x.npy [1]").error.find("cannot write `") != std::string::npos);
    CHECK(s.submit(":save y.npy").error.find(":save needs a file name and an expression") != std::string::npos);
    // Tab completes the file's name where `:save` writes.
    CHECK(s.complete(":save xs.n", 10).matches == std::vector<std::string>{"xs.npy"});
    fs::remove_all(dir);
}
