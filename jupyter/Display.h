/** \file
 * Jupyter MIME bundles for evaluation results (see jupyter/README.md for the exact
 * rules, which the tests rely on):
 *  - every value: text/plain, the REPL's text (format_value_abbrev; `:print` in full up
 *    to a size, Session's show_value);
 *  - arrays of rank >= 1: text/html, a table captioned with the type and shape,
 *    abbreviated beyond 20 rows/columns;
 *  - 2-D arrays of numbers or booleans: image/png in grayscale (min black, max white),
 *    also shown inside the HTML with the value range;
 *  - [h][w][3] / [h][w][4] arrays of u8 or floats: RGB / RGBA image/png;
 *  - code (`:ir`, `:code`, `:cuda`): text/plain and a fenced text/markdown block;
 *  - pictures, videos and sounds (`:plot2d`, `:img`, `:video`, `:audio`): image/png,
 *    image/gif, or text/html with an audio player; text/plain the plot in the
 *    terminal's characters, or what the file holds.
 */
#pragma once

#include "core/Value.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>

namespace loom::jupyter {

/** How value_bundle writes a value's text/plain. */
struct ValueText {
    bool full = false;  ///< `:print`: unabbreviated, up to max_bytes
    /// What a notebook takes of a `:print` (README.md): its text stops being built there,
    /// and a line says how much was left out.
    size_t max_bytes = size_t(4) << 20;
    const std::atomic<bool> *interrupt = nullptr;  ///< stops a long `:print` when set
};

/** The bundle for a value; `type` is its Loom type as text.  `interrupted`, if given, is
 * set when the interrupt stopped a `:print` (its text then ends with a line saying so). */
nlohmann::json value_bundle(const Value &v, const std::string &type, const ValueText &how = {},
                            bool *interrupted = nullptr);

/** The bundle for generated code or IR; `language` is EvalRecord::code_language. */
nlohmann::json code_bundle(const std::string &code, const std::string &language);

/** A file of `:plot2d`, `:img`, `:video` or `:audio` (EvalRecord::media): a picture under
 * its MIME type (image/png, image/gif), a sound as a text/html player (`<audio controls>`
 * over a data URL); and as text/plain the plot in characters, or what the file holds. */
nlohmann::json media_bundle(const std::string &bytes, const std::string &mime, const std::string &text);

/** A line of text as text/plain plus a small, dimmed text/html line. */
nlohmann::json note_bundle(const std::string &line);

/** `&`, `<`, `>`, `"` escaped. */
std::string html_escape(const std::string &s);

/** An image of an array as PNG bytes, with its pixel size: see README.md. */
struct ArrayImage {
    std::string png;
    int width = 0, height = 0;
    /// What the pixels stand for, as the caption says it: `grayscale, black = 0, white =
    /// 255`, `grayscale, gray = 1.0` (a constant array), `RGB`.
    std::string legend;
    bool gray = true;
};
std::optional<ArrayImage> array_image(const Value &v);

/** The side of the square block each array element becomes in an image of an
 * r×c array (r, c <= 1024): max(1, 256 / max(r, c)). */
int64_t image_scale(int64_t rows, int64_t cols);

}  // namespace loom::jupyter
