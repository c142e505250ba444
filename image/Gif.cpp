// Animated GIF through giflib (see Gif.h).
#include "image/Gif.h"

#include <gif_lib.h>

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <unordered_map>

namespace loom {

namespace {

int write_to_string(GifFileType *gif, const GifByteType *bytes, int n) {
    static_cast<std::string *>(gif->UserData)->append(reinterpret_cast<const char *>(bytes), (size_t)n);
    return n;
}

/** The indices and palette of an RGB frame of at most 256 colours, exactly; false for
 * more (median cut then chooses 256). */
bool exact_palette(const std::vector<uint8_t> &rgb, size_t n, std::vector<GifByteType> &index, GifColorType *colours) {
    std::unordered_map<uint32_t, int> seen;
    for (size_t i = 0; i < n; ++i) {
        uint32_t c = (uint32_t)rgb[3 * i] << 16 | (uint32_t)rgb[3 * i + 1] << 8 | rgb[3 * i + 2];
        auto [it, fresh] = seen.emplace(c, (int)seen.size());
        if (fresh) {
            if (seen.size() > 256) return false;
            colours[it->second] = {rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2]};
        }
        index[i] = (GifByteType)it->second;
    }
    return true;
}

struct MapFree {
    void operator()(ColorMapObject *m) const { GifFreeMapObject(m); }
};

}  // namespace

std::string encode_gif(int width, int height, int channels, const std::vector<std::vector<uint8_t>> &frames,
                       int fps, bool loop) {
    auto fail = [](const std::string &what, int code) {
        return std::runtime_error("cannot make the GIF: " + what + " (" + GifErrorString(code) + ")");
    };
    std::string out;
    int err = 0;
    GifFileType *gif = EGifOpen(&out, write_to_string, &err);
    if (!gif) throw fail("giflib would not start", err);
    auto close = [&] { EGifCloseFile(gif, &err); };
    EGifSetGifVersion(gif, true);  // GIF89a: delays and looping
    if (EGifPutScreenDesc(gif, width, height, 8, 0, nullptr) == GIF_ERROR) {
        int e = gif->Error;
        close();
        throw fail("the screen", e);
    }
    if (loop) {  // the NETSCAPE2.0 extension: repeat forever
        const GifByteType app[] = {'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0'};
        const GifByteType forever[] = {1, 0, 0};
        EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE);
        EGifPutExtensionBlock(gif, sizeof app, app);
        EGifPutExtensionBlock(gif, sizeof forever, forever);
        EGifPutExtensionTrailer(gif);
    }
    GraphicsControlBlock gcb{};
    gcb.DisposalMode = DISPOSE_DO_NOT;
    gcb.DelayTime = std::max(2, (int)(100.0 / std::max(1, fps) + 0.5));  // browsers slow a delay under 2
    gcb.TransparentColor = NO_TRANSPARENT_COLOR;
    GifByteType ext[4];
    EGifGCBToExtension(&gcb, ext);
    const size_t n = (size_t)width * height;
    std::vector<GifByteType> index(n), r(n), g(n), b(n);
    for (const std::vector<uint8_t> &frame : frames) {
        std::unique_ptr<ColorMapObject, MapFree> map(GifMakeMapObject(256, nullptr));
        if (channels == 1) {
            for (int c = 0; c < 256; ++c) map->Colors[c] = {(GifByteType)c, (GifByteType)c, (GifByteType)c};
            std::copy(frame.begin(), frame.begin() + (ptrdiff_t)n, index.begin());
        } else if (!exact_palette(frame, n, index, map->Colors)) {
            for (size_t i = 0; i < n; ++i) {
                r[i] = frame[3 * i];
                g[i] = frame[3 * i + 1];
                b[i] = frame[3 * i + 2];
            }
            int colours = 256;
            if (GifQuantizeBuffer((unsigned)width, (unsigned)height, &colours, r.data(), g.data(), b.data(),
                                  index.data(), map->Colors) == GIF_ERROR) {
                close();
                throw fail("the colours of a frame", D_GIF_ERR_NOT_ENOUGH_MEM);
            }
        }
        if (EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, ext) == GIF_ERROR ||
            EGifPutImageDesc(gif, 0, 0, width, height, false, map.get()) == GIF_ERROR) {
            int e = gif->Error;
            close();
            throw fail("a frame", e);
        }
        for (int y = 0; y < height; ++y)
            if (EGifPutLine(gif, index.data() + (size_t)y * width, width) == GIF_ERROR) {
                int e = gif->Error;
                close();
                throw fail("a frame's pixels", e);
            }
    }
    if (EGifCloseFile(gif, &err) == GIF_ERROR) throw fail("its end", err);
    return out;
}

}  // namespace loom
