// Plots through gnuplot (see Plot.h).
#include "session/Plot.h"

#include "core/Command.h"
#include "core/Files.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace loom {

// Note [Plots through gnuplot]
// As futhark literate does, a plot is a gnuplot script over data files: each series's
// arrays are the columns of a file (a row a line, numbers as gnuplot reads them: no
// suffixes, NaN for what is not finite, which gnuplot leaves out), in a fresh folder under
// the system's temporary folder that goes when the plot is drawn.  Record fields are
// series in the order the record has them, each titled by its name (`noenhanced`: an
// `_` in a name is no subscript).  `:plot2d` draws lines on `pngcairo` (smoothed) or, for
// a terminal, on `dumb`; `:gnuplot` scripts start on `png`, as futhark literate's, so a
// script's `set term png size W,H` keeps its terminal.  gnuplot's messages (its errors
// point into the script) are the error when it fails.

namespace {

namespace fs = std::filesystem;

/** A fresh folder, removed with everything in it at the end of its scope. */
struct ScratchDir {
    fs::path path;
    ScratchDir() {
        std::string tmpl = (fs::temp_directory_path() / "loom-plot-XXXXXX").string();
        if (!mkdtemp(tmpl.data())) throw PlotError("cannot make a temporary folder for the plot's data");
        path = tmpl;
    }
    ~ScratchDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    ScratchDir(const ScratchDir &) = delete;
    ScratchDir &operator=(const ScratchDir &) = delete;
};

/** One element as gnuplot reads a number. */
std::string number(PrimValue p, PrimType t) {
    char buf[40];
    if (is_float(t)) {
        double d = p.as_f64();
        if (!std::isfinite(d)) return "NaN";
        snprintf(buf, sizeof buf, t == PrimType::F64 ? "%.17g" : "%.9g", d);
    } else if (is_signed_int(t)) {
        snprintf(buf, sizeof buf, "%lld", (long long)p.i);
    } else {
        snprintf(buf, sizeof buf, "%llu", (unsigned long long)p.u);
    }
    return buf;
}

/** The columns of a series: a tuple of one-dimensional arrays of numbers of one length;
 * false when `v` is not one. */
bool columns_of(const Value &v, std::vector<const Value *> &cols) {
    if (v.kind() != Value::Kind::Tuple || v.elems().empty()) return false;
    cols.clear();
    for (const Value &c : v.elems()) {
        if (!c.is_prim_array() || c.rank() != 1 || c.elem_prim() == PrimType::Bool) return false;
        if (!cols.empty() && c.length() != cols[0]->length()) return false;
        cols.push_back(&c);
    }
    return true;
}

/** Writes a series's columns to `file`, a row a line. */
void write_data(const fs::path &file, const std::vector<const Value *> &cols) {
    std::string text;
    for (int64_t i = 0, n = cols[0]->length(); i < n; ++i) {
        for (size_t c = 0; c < cols.size(); ++c) {
            if (c) text += ' ';
            text += number(cols[c]->flat_prim(i), cols[c]->elem_prim());
        }
        text += '\n';
    }
    std::ofstream f(file, std::ios::binary);
    f << text;
    if (!f) throw PlotError("cannot write the plot's data to `" + file.string() + "`");
}

/** A gnuplot string literal of `s` (single quotes, doubled inside). */
std::string gp_string(const std::string &s) {
    std::string r = "'";
    for (char c : s) r += c == '\'' ? std::string("''") : std::string(1, c);
    return r + "'";
}

/** gnuplot's messages with the script's place (`"/tmp/.../plot.gp" line 7:`) as a line
 * of the user's script (from `first`, 1-based; 0: none of it is the user's). */
std::string user_lines(std::string msg, const std::string &path, int first) {
    const std::string at = "\"" + path + "\" line ";
    for (size_t p; (p = msg.find(at)) != std::string::npos;) {
        size_t q = p + at.size();
        int n = std::atoi(msg.c_str() + q);
        while (q < msg.size() && std::isdigit((unsigned char)msg[q])) ++q;
        msg.replace(p, q - p, first > 0 && n >= first ? "script line " + std::to_string(n - first + 1) : "plot");
    }
    return msg;
}

/** Runs `script` (which writes `out`; the user's part from line `first`) and returns what
 * it wrote. */
std::string run_gnuplot(const ScratchDir &dir, const std::string &what, const std::string &script,
                        const fs::path &out, int first = 0) {
    if (!have_command("gnuplot"))
        throw PlotError(what + " draws with gnuplot, which is not installed (Debian's gnuplot-nox; "
                               "scripts/setup.sh installs it)");
    fs::path file = dir.path / "plot.gp";
    {
        std::ofstream f(file, std::ios::binary);
        f << script;
        if (!f) throw PlotError("cannot write the gnuplot script to `" + file.string() + "`");
    }
    std::string output;
    int status = run_command("gnuplot " + shell_quote(file.string()), output);
    std::string bytes;
    if (status != 0 || !read_file(out.string(), bytes) || bytes.empty()) {
        while (!output.empty() && (output.back() == '\n' || output.back() == ' ')) output.pop_back();
        throw PlotError(what + ": gnuplot failed" +
                        (output.empty() ? std::string() : ":\n" + user_lines(output, file.string(), first)));
    }
    return bytes;
}

/** The dumb terminal's page without its form feed and trailing blanks. */
std::string text_page(std::string page) {
    if (!page.empty() && page[0] == '\f') page.erase(0, 1);
    std::string out, line;
    for (size_t i = 0; i <= page.size(); ++i) {
        if (i == page.size() || page[i] == '\n') {
            while (!line.empty() && line.back() == ' ') line.pop_back();
            out += line + '\n';
            line.clear();
        } else {
            line += page[i];
        }
    }
    while (out.size() > 1 && out[out.size() - 1] == '\n' && out[out.size() - 2] == '\n') out.pop_back();
    while (!out.empty() && out[0] == '\n') out.erase(0, 1);
    if (!out.empty() && out.back() == '\n') out.pop_back();
    return out;
}

}  // namespace

std::string plot2d(const Value &v, const std::string &type, PlotFormat format, int width, int height) {
    const std::string wanted = "`:plot2d` takes a pair of one-dimensional arrays of numbers of one length "
                               "(x and y), or a record of such pairs, not `" + type + "`";
    struct Series {
        std::string title;
        std::vector<const Value *> cols;
    };
    std::vector<Series> series;
    std::vector<const Value *> cols;
    if (v.kind() == Value::Kind::Record) {
        for (size_t i = 0; i < v.elems().size(); ++i) {
            if (!columns_of(v.elems()[i], cols) || cols.size() != 2) throw PlotError(wanted);
            series.push_back({v.field_names()[i], cols});
        }
        if (series.empty()) throw PlotError(wanted);
    } else {
        if (!columns_of(v, cols) || cols.size() != 2) throw PlotError(wanted);
        series.push_back({"", cols});
    }
    bool any = false;
    for (const Series &s : series) any = any || s.cols[0]->length() > 0;
    if (!any) throw PlotError("`:plot2d`: nothing to plot (the arrays are empty)");
    ScratchDir dir;
    fs::path out = dir.path / (format == PlotFormat::Png ? "plot.png" : "plot.txt");
    std::string script = format == PlotFormat::Png ? "set terminal pngcairo size " : "set terminal dumb size ";
    script += std::to_string(width) + "," + std::to_string(height) + "\n";
    script += "set output " + gp_string(out.string()) + "\n";
    std::string plot;
    for (size_t i = 0; i < series.size(); ++i) {
        fs::path data = dir.path / ("series" + std::to_string(i) + ".dat");
        write_data(data, series[i].cols);
        if (series[i].cols[0]->length() == 0) continue;  // gnuplot fails on an empty file
        plot += std::string(plot.empty() ? "plot " : ", ") + gp_string(data.string()) + " using 1:2 " +
                (series[i].title.empty() ? "notitle" : "title " + gp_string(series[i].title) + " noenhanced") +
                " with lines";
    }
    if (series.size() > 1 || !series[0].title.empty()) script += "set key outside\n";
    script += plot + "\n";
    std::string bytes = run_gnuplot(dir, "`:plot2d`", script, out);
    return format == PlotFormat::Png ? bytes : text_page(bytes);
}

std::string gnuplot_script(const Value &v, const std::string &type, const std::string &script) {
    const std::string wanted = "`:gnuplot` takes a record whose fields are tuples of one-dimensional "
                               "arrays of numbers of one length, not `" + type + "`";
    if (v.kind() != Value::Kind::Record || v.elems().empty()) throw PlotError(wanted);
    ScratchDir dir;
    fs::path out = dir.path / "plot.png";
    std::string head = "set terminal png enhanced\nset output " + gp_string(out.string()) + "\n";
    std::vector<const Value *> cols;
    for (size_t i = 0; i < v.elems().size(); ++i) {
        if (!columns_of(v.elems()[i], cols)) throw PlotError(wanted);
        fs::path data = dir.path / (v.field_names()[i] + ".dat");
        write_data(data, cols);
        head += v.field_names()[i] + " = " + gp_string(data.string()) + "\n";
    }
    int first = 1 + (int)std::count(head.begin(), head.end(), '\n');
    return run_gnuplot(dir, "`:gnuplot`", head + script + "\n", out, first);
}

std::pair<int, int> plot_size(const std::vector<std::pair<std::string, std::string>> &params, int w, int h) {
    for (const auto &[k, val] : params) {
        int a = 0, b = 0;
        char end = 0;
        if (k != "size") throw PlotError("no parameter `" + k + "` (only `size: (W, H)`)");
        if (sscanf(val.c_str(), " ( %d , %d ) %c", &a, &b, &end) != 2 || a < 1 || b < 1 || a > 10000 || b > 10000)
            throw PlotError("`size: " + val + "`: the width and height in pixels, `size: (W, H)`");
        w = a;
        h = b;
    }
    return {w, h};
}

}  // namespace loom
