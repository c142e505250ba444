// Sound files through libsndfile (see Sound.h).
#include "audio/Sound.h"

#include <sndfile.h>

#include <algorithm>
#include <cstring>
#include <memory>

namespace loom {

namespace {

/** A file in memory for libsndfile's virtual I/O. */
struct MemoryFile {
    std::string bytes;
    sf_count_t at = 0;
};

sf_count_t mem_length(void *p) { return (sf_count_t)static_cast<MemoryFile *>(p)->bytes.size(); }
sf_count_t mem_seek(sf_count_t offset, int whence, void *p) {
    auto *m = static_cast<MemoryFile *>(p);
    sf_count_t base = whence == SEEK_CUR ? m->at : whence == SEEK_END ? (sf_count_t)m->bytes.size() : 0;
    m->at = std::max<sf_count_t>(0, base + offset);
    return m->at;
}
sf_count_t mem_read(void *dst, sf_count_t n, void *p) {
    auto *m = static_cast<MemoryFile *>(p);
    sf_count_t k = std::clamp<sf_count_t>((sf_count_t)m->bytes.size() - m->at, 0, n);
    std::memcpy(dst, m->bytes.data() + m->at, (size_t)k);
    m->at += k;
    return k;
}
sf_count_t mem_write(const void *src, sf_count_t n, void *p) {
    auto *m = static_cast<MemoryFile *>(p);
    if ((size_t)(m->at + n) > m->bytes.size()) m->bytes.resize((size_t)(m->at + n));
    std::memcpy(m->bytes.data() + m->at, src, (size_t)n);
    m->at += n;
    return n;
}
sf_count_t mem_tell(void *p) { return static_cast<MemoryFile *>(p)->at; }

struct Closer {
    void operator()(SNDFILE *f) const { sf_close(f); }
};
using SoundFile = std::unique_ptr<SNDFILE, Closer>;

int type_bits(SampleType t) {
    switch (t) {
    case SampleType::I8: case SampleType::U8: return 8;
    case SampleType::I16: case SampleType::U16: return 16;
    default: return 32;
    }
}

bool is_float(SampleType t) { return t == SampleType::F32 || t == SampleType::F64; }

/** The container and encoding for `codec` and samples of type `t`. */
int sound_format(const std::string &codec, SampleType t) {
    if (codec == "wav") {
        if (t == SampleType::F32) return SF_FORMAT_WAV | SF_FORMAT_FLOAT;
        if (t == SampleType::F64) return SF_FORMAT_WAV | SF_FORMAT_DOUBLE;
        int bits = type_bits(t);
        return SF_FORMAT_WAV | (bits == 8 ? SF_FORMAT_PCM_U8 : bits == 16 ? SF_FORMAT_PCM_16 : SF_FORMAT_PCM_32);
    }
    if (codec == "flac") {  // at most 24 bits a sample
        int bits = is_float(t) ? 24 : type_bits(t);
        return SF_FORMAT_FLAC | (bits == 8 ? SF_FORMAT_PCM_S8 : bits == 16 ? SF_FORMAT_PCM_16 : SF_FORMAT_PCM_24);
    }
    if (codec == "ogg") return SF_FORMAT_OGG | SF_FORMAT_VORBIS;
    if (codec == "opus") return SF_FORMAT_OGG | SF_FORMAT_OPUS;
    if (codec == "mp3") return SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III;
    throw SoundError("no codec `" + codec + "` (wav, flac, ogg, opus or mp3)");
}

/** Sample i of a channel as a full-scale 32-bit integer (libsndfile's int samples). */
int32_t as_int(const uint8_t *p, SampleType t, int64_t i) {
    switch (t) {
    case SampleType::I8: return (int32_t)(uint32_t)((int8_t)p[i]) << 24;
    case SampleType::U8: return (int32_t)((uint32_t)(p[i] ^ 0x80u) << 24);
    case SampleType::I16: { int16_t x; std::memcpy(&x, p + 2 * i, 2); return (int32_t)((uint32_t)(int32_t)x << 16); }
    case SampleType::U16: { uint16_t x; std::memcpy(&x, p + 2 * i, 2); return (int32_t)((uint32_t)(x ^ 0x8000u) << 16); }
    case SampleType::I32: { int32_t x; std::memcpy(&x, p + 4 * i, 4); return x; }
    case SampleType::U32: { uint32_t x; std::memcpy(&x, p + 4 * i, 4); return (int32_t)(x ^ 0x80000000u); }
    default: return 0;
    }
}

double as_double(const uint8_t *p, SampleType t, int64_t i) {
    if (t == SampleType::F32) {
        float x;
        std::memcpy(&x, p + 4 * i, 4);
        return x;
    }
    double x;
    std::memcpy(&x, p + 8 * i, 8);
    return x;
}

}  // namespace

std::string encode_sound(const std::vector<const uint8_t *> &channels, int64_t samples, SampleType type,
                         int rate, const std::string &codec) {
    if (channels.empty()) throw SoundError("a sound needs at least one channel");
    if (rate <= 0) throw SoundError("the sampling frequency must be positive, not " + std::to_string(rate));
    SF_INFO info{};
    info.samplerate = rate;
    info.channels = (int)channels.size();
    info.format = sound_format(codec, type);
    if (!sf_format_check(&info))
        throw SoundError("libsndfile cannot write " + std::to_string(channels.size()) + " channel(s) at " +
                         std::to_string(rate) + " Hz as " + codec);
    SF_VIRTUAL_IO io{mem_length, mem_seek, mem_read, mem_write, mem_tell};
    MemoryFile mem;
    SoundFile f(sf_open_virtual(&io, SFM_WRITE, &info, &mem));
    if (!f) throw SoundError(std::string("libsndfile cannot write ") + codec + ": " + sf_strerror(nullptr));
    // Floats past full scale clip, not wrap, where the codec stores integers.
    sf_command(f.get(), SFC_SET_CLIPPING, nullptr, SF_TRUE);
    const size_t nch = channels.size();
    const int64_t block = 4096;  // frames interleaved at a time
    std::vector<int32_t> ints;
    std::vector<double> doubles;
    for (int64_t at = 0; at < samples; at += block) {
        int64_t n = std::min(block, samples - at);
        sf_count_t wrote;
        if (is_float(type)) {
            doubles.resize((size_t)n * nch);
            for (int64_t i = 0; i < n; ++i)
                for (size_t c = 0; c < nch; ++c) doubles[(size_t)i * nch + c] = as_double(channels[c], type, at + i);
            wrote = sf_writef_double(f.get(), doubles.data(), n);
        } else {
            ints.resize((size_t)n * nch);
            for (int64_t i = 0; i < n; ++i)
                for (size_t c = 0; c < nch; ++c) ints[(size_t)i * nch + c] = as_int(channels[c], type, at + i);
            wrote = sf_writef_int(f.get(), ints.data(), n);
        }
        if (wrote != n) throw SoundError(std::string("libsndfile failed writing ") + codec + ": " + sf_strerror(f.get()));
    }
    f.reset();  // finishes the file (its header's sizes)
    return std::move(mem.bytes);
}

std::vector<std::vector<double>> decode_sound(const std::string &path, int &rate) {
    SF_INFO info{};
    SoundFile f(sf_open(path.c_str(), SFM_READ, &info));
    if (!f) throw SoundError("cannot read `" + path + "` as sound: " + sf_strerror(nullptr));
    rate = info.samplerate;
    const int nch = info.channels;
    std::vector<std::vector<double>> out((size_t)nch);
    std::vector<double> buf((size_t)4096 * nch);
    for (;;) {
        sf_count_t n = sf_readf_double(f.get(), buf.data(), 4096);
        if (n <= 0) break;
        for (sf_count_t i = 0; i < n; ++i)
            for (int c = 0; c < nch; ++c) out[(size_t)c].push_back(buf[(size_t)i * nch + c]);
    }
    if (sf_error(f.get()) != SF_ERR_NO_ERROR)
        throw SoundError("cannot read `" + path + "` as sound: " + sf_strerror(f.get()));
    return out;
}

}  // namespace loom
