/** \file
 * Jupyter MIME bundles for evaluation results (see jupyter/README.md for the exact
 * rules, which the tests rely on):
 *  - every value: text/plain, the REPL's text (format_value_abbrev);
 *  - arrays of rank >= 1: text/html, a table captioned with the type and shape,
 *    abbreviated beyond 20 rows/columns;
 *  - 2-D arrays of numbers or booleans: image/png in grayscale (min black, max white),
 *    also shown inside the HTML with the value range;
 *  - [h][w][3] / [h][w][4] arrays of u8 or floats: RGB / RGBA image/png;
 *  - code (`:ir`, `:code`, `:cuda`): text/plain and a fenced text/markdown block.
 */
#pragma once

#include "core/Value.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace loom::jupyter {

/** The bundle for a value; `type` is its Loom type as text, `full` shows text/plain
 * unabbreviated (`:print`). */
nlohmann::json value_bundle(const Value &v, const std::string &type, bool full);

/** The bundle for generated code or IR; `language` is EvalRecord::code_language. */
nlohmann::json code_bundle(const std::string &code, const std::string &language);

/** A line of text as text/plain plus a small, dimmed text/html line. */
nlohmann::json note_bundle(const std::string &line);

/** `&`, `<`, `>`, `"` escaped. */
std::string html_escape(const std::string &s);

/** An image of an array as PNG bytes, with its pixel size: see README.md. */
struct ArrayImage {
    std::string png;
    int width = 0, height = 0;
    double min = 0, max = 0;  ///< the value range (grayscale images)
    bool gray = true;
};
std::optional<ArrayImage> array_image(const Value &v);

/** The side of the square block each array element becomes in an image of an
 * r×c array (r, c <= 1024): max(1, 256 / max(r, c)). */
int64_t image_scale(int64_t rows, int64_t cols);

}  // namespace loom::jupyter
