/** \file
 * Sound files through libsndfile: `:audio` (loom literate, the REPL and Jupyter) writes
 * an array of samples as WAV, FLAC, Ogg Vorbis, Opus or MP3, and FutharkScript's
 * `$loadaudio` reads one (futhark-literate.rst).
 */
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace loom {

/** A sound that cannot be written or read: the message says why. */
struct SoundError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/** The samples' type, as `:audio` takes them: PCM integers of 8, 16 or 32 bits, signed or
 * not (full scale is the type's range), or floats from -1 to 1. */
enum class SampleType { I8, U8, I16, U16, I32, U32, F32, F64 };

/** A sound file of `codec` ("wav", "flac", "ogg", "opus" or "mp3") holding `channels`
 * (each the same number of samples, of type `type`, their bytes little-endian and
 * packed) at `rate` samples a second.  WAV keeps the samples' own format (8-bit as
 * unsigned, as WAV has it); the others take what their codec can.  Throws SoundError. */
std::string encode_sound(const std::vector<const uint8_t *> &channels, int64_t samples, SampleType type,
                         int rate, const std::string &codec);

/** A sound file's samples as doubles from -1 to 1, a row a channel; sets `rate`.  Throws
 * SoundError with libsndfile's reason. */
std::vector<std::vector<double>> decode_sound(const std::string &path, int &rate);

}  // namespace loom
