// The PNG writer (see Png.h).
#include "image/Png.h"

#include <png.h>

#include <stdexcept>

namespace loom {

namespace {

extern "C" void append_bytes(png_structp png, png_bytep data, png_size_t n) {
    auto *out = static_cast<std::string *>(png_get_io_ptr(png));
    out->append(reinterpret_cast<const char *>(data), n);
}

extern "C" void flush_nothing(png_structp) {}

// libpng reports errors by longjmp unless the handler leaves otherwise: throwing from
// it unwinds through C frames, which is fine for libpng built with -fexceptions but
// not in general, so the handler records the message and longjmps as libpng expects.
extern "C" void on_error(png_structp png, png_const_charp msg) {
    auto *err = static_cast<std::string *>(png_get_error_ptr(png));
    *err = msg ? msg : "unknown error";
    png_longjmp(png, 1);
}

extern "C" void on_warning(png_structp, png_const_charp) {}

}  // namespace

std::string encode_png(int width, int height, int channels, const std::vector<uint8_t> &pixels) {
    if (width <= 0 || height <= 0 || (size_t)width * height * channels != pixels.size())
        throw std::invalid_argument("encode_png: bad image size");
    int color = channels == 1   ? PNG_COLOR_TYPE_GRAY
                : channels == 3 ? PNG_COLOR_TYPE_RGB
                : channels == 4 ? PNG_COLOR_TYPE_RGBA
                                : -1;
    if (color < 0) throw std::invalid_argument("encode_png: 1, 3 or 4 channels");
    std::string out, err;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &err, on_error, on_warning);
    if (!png) throw std::runtime_error("png_create_write_struct failed");
    png_infop info = png_create_info_struct(png);
    std::vector<png_bytep> rows((size_t)height);
    if (!info || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        throw std::runtime_error("PNG encoding failed: " + err);
    }
    png_set_write_fn(png, &out, append_bytes, flush_nothing);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, color,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (int y = 0; y < height; ++y)
        rows[(size_t)y] = const_cast<png_bytep>(pixels.data() + (size_t)y * width * channels);
    png_write_image(png, rows.data());
    png_write_end(png, nullptr);
    png_destroy_write_struct(&png, &info);
    return out;
}

std::vector<uint8_t> decode_png(const std::string &bytes, int &width, int &height) {
    // libpng's simplified API converts every colour type and bit depth to RGBA.
    if (bytes.size() < 8 || png_sig_cmp(reinterpret_cast<png_const_bytep>(bytes.data()), 0, 8) != 0)
        throw std::runtime_error("it is not a PNG file (convert other formats to PNG first)");
    png_image image{};
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, bytes.data(), bytes.size()))
        throw std::runtime_error(image.message[0] ? image.message : "not a PNG image");
    image.format = PNG_FORMAT_RGBA;
    if ((uint64_t)image.width * image.height > (uint64_t(1) << 31)) {
        png_image_free(&image);
        throw std::runtime_error("the image is too large (" + std::to_string(image.width) + "x" +
                                 std::to_string(image.height) + ")");
    }
    std::vector<uint8_t> px(PNG_IMAGE_SIZE(image));
    if (!png_image_finish_read(&image, nullptr, px.data(), 0, nullptr))
        throw std::runtime_error(image.message[0] ? image.message : "a damaged PNG image");
    width = (int)image.width;
    height = (int)image.height;
    return px;
}

}  // namespace loom
