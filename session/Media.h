/** \file
 * Values as pictures, videos and sounds, as futhark-literate.rst's `:img`, `:video` and
 * `:audio` read them, for `loom literate`'s directives and the session's commands (Jupyter
 * shows them; a colour terminal draws pictures), and FutharkScript's `$loadaudio`.
 */
#pragma once

#include "core/Value.h"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace loom {

/** A value that is no picture, video or sound, or a library this build lacks. */
struct MediaError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/** 8-bit pixels, row-major, `channels` bytes each (1 grey, 3 RGB). */
struct Pixels {
    int width = 0, height = 0, channels = 0;
    std::vector<uint8_t> bytes;
};

/** The pixels of `v` (of type `type`, for messages): [][]i32 and [][]u32 ARGB (the alpha
 * byte ignored), [][]f32 and [][]f64 grey from 0 (black) to 1, [][]u8 grey, [][]bool
 * black and white.  Empty on success, else what is wrong. */
std::string image_of(const Value &v, const std::string &type, Pixels &out);

/** `:img`: the PNG of image_of's pixels.  Throws MediaError with what image_of says is
 * wrong, or when this build lacks libpng. */
std::string image_png(const Value &v, const std::string &type);

/** `:video`: `v` a [frames][h][w] array of what `:img` takes, as an animated GIF of
 * `fps` frames a second, looping or not.  Throws MediaError. */
std::string video_gif(const Value &v, const std::string &type, int fps, bool loop);

/** `:audio`: `v` a [n]t (one channel) or [c][n]t (a row a channel: [2][n] is stereo, left
 * first), t one of i8, u8, i16, u16, i32, u32 (PCM of the type's range), f32 or f64
 * (from -1 to 1), as a sound file of `codec` (wav, flac, ogg, opus, mp3) at `rate`
 * samples a second.  Throws MediaError. */
std::string audio_file(const Value &v, const std::string &type, int rate, const std::string &codec);

/** The parameters of `:video` (fps, loop, format, file) and `:audio` (sampling_frequency,
 * codec, file), as futhark-literate.rst names them; each a `key: value` pair. */
struct MediaParams {
    int rate = 0;       ///< frames or samples a second: 30 or 44100 when not given
    bool loop = true;   ///< a video's
    std::string codec;  ///< as given (a video's gif, a sound's wav when not: codec_or_default)
    std::string codec_or_default(bool video) const { return !codec.empty() ? codec : video ? "gif" : "wav"; }
    std::string file;   ///< a file name without a directory, or empty
};
/** `params` checked for `:video` (`video`) or `:audio`.  Throws MediaError naming the
 * parameter and what it takes (not the command: the caller says which). */
MediaParams media_params(bool video, const std::vector<std::pair<std::string, std::string>> &params);

/** A parameter's text `key: value` as (key, value), trimmed; no `:`, the text and "". */
std::pair<std::string, std::string> param_of(const std::string &text);

/** Whether `codec` names a sound file format audio_file writes (wav, flac, ogg, opus, mp3). */
bool sound_codec(const std::string &codec);

/** The MIME type of a sound codec's files ("audio/wav", ...), for a notebook's player. */
std::string sound_mime(const std::string &codec);

/** Whether `name` may be a `file:` parameter: a file name without a directory or spaces. */
bool plain_file_name(const std::string &name);

/** `text` cut at its first `;` outside brackets and strings: the expression before it,
 * and the `key: value` pairs after it, split at commas outside brackets (`:video e; fps:
 * 10, loop: false`, `size: (W, H)`).  No `;`: `text` and no pairs. */
std::pair<std::string, std::vector<std::pair<std::string, std::string>>> split_params(const std::string &text);

/** `$loadaudio "path"`: a sound file's samples, [channels][n]f64 from -1 to 1.  Throws
 * MediaError. */
Value load_audio(const std::string &path);

}  // namespace loom
