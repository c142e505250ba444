// Values as pictures, videos and sounds (see Media.h).
#include "session/Media.h"

#include "core/Text.h"

#ifdef LOOM_HAVE_IMAGE
#include "image/Gif.h"
#include "image/Png.h"
#endif
#ifdef LOOM_HAVE_AUDIO
#include "audio/Sound.h"
#endif

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace loom {

std::string image_of(const Value &v, const std::string &type, Pixels &out) {
    int &w = out.width, &h = out.height, &channels = out.channels;
    std::vector<uint8_t> &px = out.bytes;
    const std::string wanted = "`:img` takes a [][]i32, [][]u32 (ARGB), [][]f32, [][]f64 (grey, 0 to 1), "
                               "[][]u8 (grey) or [][]bool, not " + type;
    if (!v.is_prim_array() || v.rank() != 2) return wanted;
    PrimType t = v.elem_prim();
    h = (int)v.shape()[0];
    w = (int)v.shape()[1];
    if (w <= 0 || h <= 0) return "`:img` of an empty array (" + std::to_string(h) + " by " + std::to_string(w) + ")";
    bool argb = t == PrimType::I32 || t == PrimType::U32;
    if (!argb && t != PrimType::F32 && t != PrimType::F64 && t != PrimType::U8 && t != PrimType::Bool)
        return wanted;
    channels = argb ? 3 : 1;
    px.clear();
    px.reserve((size_t)w * h * channels);
    const uint8_t *data = v.data();
    for (int64_t i = 0, n = (int64_t)w * h; i < n; ++i) {
        PrimValue p = load_prim(t, data, i);
        if (argb) {
            uint32_t x = (uint32_t)p.i;
            px.insert(px.end(), {(uint8_t)(x >> 16), (uint8_t)(x >> 8), (uint8_t)x});
        } else if (t == PrimType::Bool) {
            px.push_back(p.b ? 255 : 0);
        } else if (t == PrimType::U8) {
            px.push_back((uint8_t)p.i);
        } else {
            double g = p.as_f64();
            px.push_back(std::isnan(g) ? 0 : (uint8_t)std::lround(std::fmin(1.0, std::fmax(0.0, g)) * 255));
        }
    }
    return "";
}

std::string image_png(const Value &v, const std::string &type) {
    Pixels px;
    if (std::string bad = image_of(v, type, px); !bad.empty()) throw MediaError(bad);
#ifdef LOOM_HAVE_IMAGE
    return encode_png(px.width, px.height, px.channels, px.bytes);
#else
    throw MediaError("`:img` needs libpng, which this build of Loom lacks (scripts/setup.sh installs it)");
#endif
}

std::string video_gif(const Value &v, const std::string &type, int fps, bool loop) {
    const std::string wanted = "`:video` takes an array of frames, [n][h][w] of what `:img` takes "
                               "([][][]u32 ARGB, [][][]f32 grey...), not " + type;
    if (!v.is_prim_array() || v.rank() != 3) throw MediaError(wanted);
    if (v.shape()[0] == 0) throw MediaError("`:video` of no frames (" + type + ")");
    if (v.shape()[1] == 0 || v.shape()[2] == 0) throw MediaError("`:video` of empty frames (" + type + ")");
    std::vector<std::vector<uint8_t>> frames;
    Pixels px;
    for (int64_t f = 0; f < v.shape()[0]; ++f) {
        if (!image_of(v.row(f), type, px).empty()) throw MediaError(wanted);
        frames.push_back(std::move(px.bytes));
    }
#ifdef LOOM_HAVE_IMAGE
    try {
        return encode_gif(px.width, px.height, px.channels, frames, fps, loop);
    } catch (const std::runtime_error &e) {
        throw MediaError(e.what());
    }
#else
    (void)fps, (void)loop;
    throw MediaError("`:video` needs giflib, which this build of Loom lacks (scripts/setup.sh installs it)");
#endif
}

std::string audio_file(const Value &v, const std::string &type, int rate, const std::string &codec) {
    const std::string wanted = "`:audio` takes [n]t or [channels][n]t samples, t one of i8, u8, i16, u16, "
                               "i32, u32, f32 or f64, not " + type;
    if (!v.is_prim_array() || (v.rank() != 1 && v.rank() != 2)) throw MediaError(wanted);
#ifdef LOOM_HAVE_AUDIO
    SampleType t;
    switch (v.elem_prim()) {
    case PrimType::I8: t = SampleType::I8; break;
    case PrimType::U8: t = SampleType::U8; break;
    case PrimType::I16: t = SampleType::I16; break;
    case PrimType::U16: t = SampleType::U16; break;
    case PrimType::I32: t = SampleType::I32; break;
    case PrimType::U32: t = SampleType::U32; break;
    case PrimType::F32: t = SampleType::F32; break;
    case PrimType::F64: t = SampleType::F64; break;
    default: throw MediaError(wanted);
    }
    const int64_t nch = v.rank() == 1 ? 1 : v.shape()[0], n = v.shape().back();
    if (nch == 0 || n == 0) throw MediaError("`:audio` of no samples (" + type + ")");
    std::vector<const uint8_t *> channels;
    for (int64_t c = 0; c < nch; ++c) channels.push_back(v.data() + c * n * prim_size(v.elem_prim()));
    try {
        return encode_sound(channels, n, t, rate, codec);
    } catch (const SoundError &e) {
        throw MediaError("`:audio`: " + std::string(e.what()));
    }
#else
    (void)rate, (void)codec;
    throw MediaError("`:audio` needs libsndfile, which this build of Loom lacks (scripts/setup.sh installs it)");
#endif
}

Value load_audio(const std::string &path) {
#ifdef LOOM_HAVE_AUDIO
    int rate = 0;
    std::vector<std::vector<double>> ch;
    try {
        ch = decode_sound(path, rate);
    } catch (const SoundError &e) {
        throw MediaError(e.what());
    }
    const int64_t n = ch.empty() ? 0 : (int64_t)ch[0].size();
    std::vector<double> flat;
    flat.reserve((size_t)(n * (int64_t)ch.size()));
    for (const auto &c : ch) flat.insert(flat.end(), c.begin(), c.end());
    auto buf = std::make_shared<Bytes>(reinterpret_cast<const uint8_t *>(flat.data()), flat.size() * sizeof(double));
    return Value::prim_array(PrimType::F64, {(int64_t)ch.size(), n}, buf);
#else
    throw MediaError("`$loadaudio` needs libsndfile, which this build of Loom lacks (scripts/setup.sh installs it; `" +
                     path + "` not read)");
#endif
}

MediaParams media_params(bool video, const std::vector<std::pair<std::string, std::string>> &params) {
    MediaParams m;
    m.rate = video ? 30 : 44100;  // futhark literate's defaults
    for (const auto &[k, val] : params) {
        auto bad = [&](const std::string &why) { return MediaError("`" + k + ": " + val + "`: " + why); };
        if (k == "file") {
            if (!plain_file_name(val)) throw bad("a file name without a directory or spaces");
            m.file = val;
        } else if (k == (video ? "fps" : "sampling_frequency")) {
            char *end = nullptr;
            long n = std::strtol(val.c_str(), &end, 10);
            if (val.empty() || *end || n < 1 || n > (video ? 100 : 768000))
                throw bad(video ? "a whole number of frames a second, 1 to 100" : "a whole number of samples a second, 1 to 768000");
            m.rate = (int)n;
        } else if (video && (k == "loop" || k == "repeat" || k == "autoplay")) {
            if (val != "true" && val != "false") throw bad("`true` or `false`");
            if (k != "autoplay") m.loop = val == "true";  // a GIF always plays
        } else if (k == (video ? "format" : "codec")) {
            m.codec = val;
            if (video && val != "gif") throw bad("Loom writes videos as animated GIFs (`format: gif`); webm needs ffmpeg");
            if (!video && !sound_codec(val)) throw bad("wav, flac, ogg, opus or mp3");
        } else {
            throw MediaError("no parameter `" + k + "` (only " +
                             (video ? "fps, loop, format, file" : "sampling_frequency, codec, file") + ")");
        }
    }
    return m;
}

std::pair<std::string, std::string> param_of(const std::string &text) {
    size_t colon = text.find(':');
    return {trim(text.substr(0, colon)), colon == std::string::npos ? "" : trim(text.substr(colon + 1))};
}

bool sound_codec(const std::string &codec) {
    return codec == "wav" || codec == "flac" || codec == "ogg" || codec == "opus" || codec == "mp3";
}

std::string sound_mime(const std::string &codec) {
    if (codec == "wav") return "audio/wav";
    if (codec == "flac") return "audio/flac";
    if (codec == "mp3") return "audio/mpeg";
    return "audio/ogg";  // ogg and opus
}

bool plain_file_name(const std::string &name) {
    return !name.empty() && name.find_first_of("/ \t") == std::string::npos;
}

std::pair<std::string, std::vector<std::pair<std::string, std::string>>> split_params(const std::string &text) {
    // Where each piece ends: `;` (the first only) or `,` at depth 0, outside strings.
    std::vector<size_t> cuts;
    int depth = 0;
    bool in_string = false;
    for (size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (in_string) {
            if (c == '\\') ++i;
            else if (c == '"') in_string = false;
        } else if (c == '"') in_string = true;
        else if (c == '-' && i + 1 < text.size() && text[i + 1] == '-') i = std::min(text.find('\n', i), text.size());
        else if (c == '(' || c == '[' || c == '{') ++depth;
        else if (c == ')' || c == ']' || c == '}') --depth;
        else if (depth == 0 && (c == ';' ? cuts.empty() : c == ',' && !cuts.empty())) cuts.push_back(i);
    }
    if (cuts.empty()) return {text, {}};
    std::vector<std::pair<std::string, std::string>> params;
    cuts.push_back(text.size());
    for (size_t k = 0; k + 1 < cuts.size(); ++k) {
        std::string p = trim(text.substr(cuts[k] + 1, cuts[k + 1] - cuts[k] - 1));
        if (!p.empty()) params.push_back(param_of(p));  // none for `e;` alone, or a trailing comma
    }
    return {text.substr(0, cuts[0]), params};
}

}  // namespace loom
