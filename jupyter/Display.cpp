// MIME bundles for the Jupyter kernel (see Display.h and README.md).
#include "jupyter/Display.h"

#include "core/ValueIO.h"
#include "image/Png.h"
#include "session/Session.h"

#include <xtl/xbase64.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

namespace loom::jupyter {

using nlohmann::json;

namespace {

/** Rows/columns beyond this are abbreviated to the first and last `keep`. */
constexpr int64_t max_cells = 20, keep = 10;
/** Images larger than this (in array elements per side) are subsampled. */
constexpr int64_t max_side = 1024;

/** The indices shown of a dimension of size n; -1 stands for the elided middle. */
std::vector<int64_t> shown(int64_t n) {
    std::vector<int64_t> out;
    for (int64_t i = 0; i < n; ++i) {
        if (n > max_cells && i == keep) {
            out.push_back(-1);
            i = n - keep - 1;
            continue;
        }
        out.push_back(i);
    }
    return out;
}

/** A number for a table cell or a caption: no type suffix (the caption has it). */
std::string prim_text(const PrimValue &p) {
    if (p.type == PrimType::Bool) return p.b ? "true" : "false";
    if (is_float(p.type)) return show_float(p.f, p.type);
    if (is_unsigned_int(p.type)) return std::to_string(p.u);
    return std::to_string(p.i);
}

std::string cell_text(const Value &v) {
    return v.is_prim() ? prim_text(v.prim()) : format_value_abbrev(v, 10);
}

/** `[3][4]f32`: the actual shape and the element type. */
std::string shape_caption(const Value &v, const std::string &type) {
    std::string shape;
    for (int64_t d : v.shape()) shape += "[" + std::to_string(d) + "]";
    if (v.is_prim_array()) return shape + prim_name(v.elem_prim());
    // Strip the type's own (possibly symbolic) dimensions.
    size_t i = 0;
    for (int k = 0; k < v.rank(); ++k) {
        if (i >= type.size() || type[i] != '[') return shape + " " + type;
        i = type.find(']', i);
        if (i == std::string::npos) return shape + " " + type;
        ++i;
    }
    return shape + type.substr(i);
}

const char *const td = "<td style=\"text-align:right;font-family:monospace\">";
const char *const ellipsis_td = "<td style=\"text-align:center\">…</td>";

std::string table_html(const Value &v, const std::string &caption) {
    std::string h = "<table class=\"loom-array\"><caption style=\"caption-side:top;text-align:left\">" +
                    html_escape(caption) + "</caption>";
    if (v.num_elements() == 0) return h + "<tr><td><i>empty</i></td></tr></table>";
    auto row_html = [&](const Value &row) {
        std::string r = "<tr>";
        for (int64_t j : shown(row.length()))
            r += j < 0 ? ellipsis_td : td + html_escape(cell_text(row.row(j))) + "</td>";
        return r + "</tr>";
    };
    if (v.rank() == 1) return h + row_html(v) + "</table>";
    size_t cols = shown(v.shape()[1]).size();
    for (int64_t i : shown(v.length())) {
        if (i >= 0) {
            h += row_html(v.row(i));
            continue;
        }
        h += "<tr>";
        for (size_t j = 0; j < cols; ++j) h += ellipsis_td;
        h += "</tr>";
    }
    return h + "</table>";
}

/** How an r×c array maps to pixels (README.md): each element a k×k block, or for
 * arrays larger than max_side every s-th element. */
struct Grid {
    int64_t width, height, k = 1, s = 1;
    int64_t element(int64_t pixel) const { return pixel / k * s; }
};

Grid grid(int64_t rows, int64_t cols) {
    int64_t m = std::max(rows, cols);
    if (m <= max_side) {
        int64_t k = image_scale(rows, cols);
        return {cols * k, rows * k, k, 1};
    }
    int64_t s = (m + max_side - 1) / max_side;
    return {(cols + s - 1) / s, (rows + s - 1) / s, 1, s};
}

/** a < b for two values of one primitive type, exactly (u64 and i64 are not doubles). */
bool prim_less(const PrimValue &a, const PrimValue &b) {
    if (a.type == PrimType::Bool) return !a.b && b.b;
    if (is_float(a.type)) return a.f < b.f;
    if (is_unsigned_int(a.type)) return a.u < b.u;
    return a.i < b.i;
}

/** What the grey levels stand for, exactly as gray_image maps them (README.md): the
 * smallest finite value black, the largest white, one finite value gray; NaN and -inf
 * black, +inf white.  `black = 0, white = 18446744073709551615`. */
std::string gray_legend(const std::optional<PrimValue> &lo, const std::optional<PrimValue> &hi,
                        bool nan, bool neg_inf, bool pos_inf) {
    std::vector<std::string> black, gray, white;
    if (lo && prim_less(*lo, *hi)) {
        black.push_back(prim_text(*lo));
        white.push_back(prim_text(*hi));
    } else if (lo) {
        gray.push_back(prim_text(*lo));
    }
    if (nan) black.push_back("nan");
    if (neg_inf) black.push_back("-inf");
    if (pos_inf) white.push_back("inf");
    std::string out;
    const std::pair<const char *, const std::vector<std::string> *> levels[] = {
        {"black", &black}, {"gray", &gray}, {"white", &white}};
    for (const auto &[name, vals] : levels) {
        if (vals->empty()) continue;
        out += (out.empty() ? "" : ", ") + std::string(name) + " = ";
        for (size_t i = 0; i < vals->size(); ++i) out += (i ? " and " : "") + (*vals)[i];
    }
    return "grayscale, " + out;
}

std::optional<ArrayImage> gray_image(const Value &v) {
    int64_t rows = v.shape()[0], cols = v.shape()[1];
    // The range of the finite values, kept exactly for the legend (as doubles for the
    // pixels, where a rounding moves a grey level by one at most).
    std::optional<PrimValue> lo, hi;
    bool nan = false, neg_inf = false, pos_inf = false;
    for (int64_t i = 0; i < rows * cols; ++i) {
        PrimValue p = v.flat_prim(i);
        if (is_float(p.type) && !std::isfinite(p.f)) {
            nan |= std::isnan(p.f);
            neg_inf |= std::isinf(p.f) && p.f < 0;
            pos_inf |= std::isinf(p.f) && p.f > 0;
            continue;
        }
        if (!lo || prim_less(p, *lo)) lo = p;
        if (!hi || prim_less(*hi, p)) hi = p;
    }
    const double min = lo ? lo->as_f64() : 0, max = hi ? hi->as_f64() : 0;
    const bool constant = !lo || !prim_less(*lo, *hi);
    Grid g = grid(rows, cols);
    std::vector<uint8_t> px((size_t)(g.width * g.height));
    for (int64_t y = 0; y < g.height; ++y)
        for (int64_t x = 0; x < g.width; ++x) {
            double e = v.flat_prim(g.element(y) * cols + g.element(x)).as_f64();
            uint8_t p;
            if (std::isnan(e)) p = 0;
            else if (std::isinf(e)) p = e > 0 ? 255 : 0;
            else if (constant) p = 128;
            else p = (uint8_t)std::lround(std::clamp(255 * (e - min) / (max - min), 0.0, 255.0));
            px[(size_t)(y * g.width + x)] = p;
        }
    ArrayImage img;
    img.legend = gray_legend(lo, hi, nan, neg_inf, pos_inf);
    img.width = (int)g.width;
    img.height = (int)g.height;
    img.png = encode_png(img.width, img.height, 1, px);
    return img;
}

std::optional<ArrayImage> colour_image(const Value &v) {
    int64_t rows = v.shape()[0], cols = v.shape()[1], ch = v.shape()[2];
    PrimType t = v.elem_prim();
    Grid g = grid(rows, cols);
    std::vector<uint8_t> px((size_t)(g.width * g.height * ch));
    for (int64_t y = 0; y < g.height; ++y)
        for (int64_t x = 0; x < g.width; ++x)
            for (int64_t c = 0; c < ch; ++c) {
                PrimValue e = v.flat_prim((g.element(y) * cols + g.element(x)) * ch + c);
                uint8_t p;
                if (t == PrimType::U8) {
                    p = (uint8_t)e.u;
                } else {
                    double f = e.as_f64();
                    p = std::isnan(f) ? 0 : (uint8_t)std::lround(255 * std::clamp(f, 0.0, 1.0));
                }
                px[(size_t)((y * g.width + x) * ch + c)] = p;
            }
    ArrayImage img;
    img.gray = false;
    img.legend = ch == 3 ? "RGB" : "RGBA";
    img.width = (int)g.width;
    img.height = (int)g.height;
    img.png = encode_png(img.width, img.height, (int)ch, px);
    return img;
}

}  // namespace

int64_t image_scale(int64_t rows, int64_t cols) {
    return std::max<int64_t>(1, 256 / std::max<int64_t>(1, std::max(rows, cols)));
}

std::optional<ArrayImage> array_image(const Value &v) {
    if (!v.is_prim_array() || v.num_elements() == 0) return std::nullopt;
    PrimType t = v.elem_prim();
    if (v.rank() == 2) return gray_image(v);
    if (v.rank() == 3 && (v.shape()[2] == 3 || v.shape()[2] == 4) &&
        (t == PrimType::U8 || is_float(t)))
        return colour_image(v);
    return std::nullopt;
}

std::string html_escape(const std::string &s) {
    std::string out;
    out.reserve(s.size());
    for (char c : s) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        default: out += c;
        }
    }
    return out;
}

namespace {

/** text/plain: the REPL's text; a `:print` up to how.max_bytes, or up to an interrupt. */
std::string plain_text(const Value &v, const ValueText &how, bool &interrupted) {
    std::string text;
    bool capped = false;
    WrittenText w = show_value(v, how.full, [&](std::string_view piece) {
        text += piece;
        if (how.interrupt && how.interrupt->load()) return !(interrupted = true);
        return !(capped = how.full && text.size() >= how.max_bytes);
    });
    if (w.complete) return text;
    const std::string shown =
        std::to_string(w.prims) + " of " + std::to_string(count_prims(v)) + " values";
    if (interrupted) return text + "\n-- interrupted: " + shown + " shown";
    if (capped)
        return text + "\n-- left out: a notebook shows :print's first " +
               std::to_string(how.max_bytes >> 20) + " MiB (" + shown +
               "); `loom run` or the terminal REPL (`loom`) prints all of it";
    return text;
}

}  // namespace

json value_bundle(const Value &v, const std::string &type, const ValueText &how,
                  bool *interrupted) {
    json data;
    bool stopped = false;
    data["text/plain"] = plain_text(v, how, stopped);
    if (interrupted) *interrupted = stopped;
    if (!v.is_array() || v.rank() < 1) return data;
    std::string caption = shape_caption(v, type);
    std::string html = table_html(v, caption);
    if (std::optional<ArrayImage> img = array_image(v)) {
        std::string b64 = xtl::base64encode(img->png);
        data["image/png"] = b64;
        // Notebooks show the richest type only (HTML before PNG), so the HTML
        // carries the image too.
        html += "<div><img src=\"data:image/png;base64," + b64 + "\" width=\"" +
                std::to_string(img->width) + "\" height=\"" + std::to_string(img->height) +
                "\"/><br/><small>" + html_escape(caption) + " as a " + std::to_string(img->width) +
                "×" + std::to_string(img->height) + " image: " + html_escape(img->legend) +
                "</small></div>";
    }
    data["text/html"] = "<div class=\"loom-value\">" + html + "</div>";
    return data;
}

json code_bundle(const std::string &code, const std::string &language) {
    // CUDA under a `cpp` fence: notebook renderers (CodeMirror's modes, GitHub) highlight
    // C++ and know no `cuda` (README.md).
    std::string lang = language == "cuda" || language == "cpp" ? "cpp" : "text";
    std::string fence = code.find("```") == std::string::npos ? "```" : "~~~~";
    json data;
    data["text/plain"] = code;
    data["text/markdown"] = fence + lang + "\n" + code + "\n" + fence + "\n";
    return data;
}

json media_bundle(const std::string &bytes, const std::string &mime, const std::string &text) {
    json data;
    std::string b64 = xtl::base64encode(bytes);
    if (mime.rfind("audio/", 0) == 0)  // a player: Jupyter's front ends have none for audio/*
        data["text/html"] = "<audio controls src=\"data:" + mime + ";base64," + b64 + "\"></audio>";
    else
        data[mime] = b64;
    data["text/plain"] = text;
    return data;
}

json note_bundle(const std::string &line) {
    json data;
    data["text/plain"] = line;
    data["text/html"] = "<div style=\"color:#777;font-family:monospace;font-size:smaller\">" +
                        html_escape(line) + "</div>";
    return data;
}

}  // namespace loom::jupyter
