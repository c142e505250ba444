/** \file
 * Plots of values through gnuplot, as futhark-literate.rst's `:plot2d` and `:gnuplot`
 * draw them: `loom literate`'s directives, and the session's `:plot2d` (a picture in
 * Jupyter, characters in the terminal).  See Note [Plots through gnuplot].
 */
#pragma once

#include "core/Value.h"

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace loom {

/** A value that cannot be plotted, or gnuplot missing or failing: the message says which. */
struct PlotError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/** What a plot is drawn as: a PNG image (pixels), or gnuplot's `dumb` terminal (text,
 * characters). */
enum class PlotFormat { Png, Text };

/** `:plot2d v`: `v` (of type `type`, for messages) a pair of one-dimensional arrays of
 * numbers of one length, the x and y values of a line, or a record of such pairs, a line a
 * field with the field's name in the key.  The PNG's bytes, or the text; throws PlotError. */
std::string plot2d(const Value &v, const std::string &type, PlotFormat format, int width, int height);

/** `:plot2d`'s parameters (futhark-literate.rst's: `size: (W, H)`, the picture's width and
 * height in pixels), checked: (w, h) as given, else the defaults.  Throws PlotError
 * naming the parameter and what it takes. */
std::pair<int, int> plot_size(const std::vector<std::pair<std::string, std::string>> &params, int w, int h);

/** `:gnuplot v; script`: `v` a record whose fields are tuples of one-dimensional arrays of
 * one length each; each field's arrays are the columns of a data file whose name the
 * script finds in a variable named after the field.  The PNG's bytes; throws PlotError. */
std::string gnuplot_script(const Value &v, const std::string &type, const std::string &script);

}  // namespace loom
