// `loom literate` (see Literate.h): the program's blocks, read line by line, become
// Markdown; directives are submitted to a session that has loaded the program.
#include "driver/Literate.h"

#include "core/Files.h"
#include "core/Text.h"
#include "core/ValueIO.h"
#include "session/Media.h"
#include "session/Plot.h"
#include "session/Session.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>

namespace loom {

namespace {

namespace fs = std::filesystem;

struct Block {
    enum class Kind { Text, Code, Directive } kind = Kind::Code;
    std::vector<std::string> lines;  ///< Text: without `-- `; Code: as written
    int line = 0;                    ///< where it starts (1-based)
    // Directive: `-- > text`, and its `-- key: value` parameters (after a `;`).
    std::string text;
    int column = 0;  ///< of text on its line (0-based)
    std::vector<std::pair<std::string, std::string>> params;
    std::vector<std::string> param_lines;
};

/** The blocks of a program: a line comment (`--`, not a `-- |` documentation comment)
 * that does not continue code is text, `-- >` after a blank line a directive (with
 * parameter lines when it ends in `;`), anything else code. */
std::vector<Block> blocks_of(const std::string &src) {
    std::vector<std::string> lines;
    for (size_t i = 0; i <= src.size();) {
        size_t nl = src.find('\n', i);
        if (nl == std::string::npos) nl = src.size();
        lines.push_back(src.substr(i, nl - i));
        i = nl + 1;
    }
    while (!lines.empty() && blank_line(lines.back())) lines.pop_back();
    std::vector<Block> out;
    bool after_blank = true, in_block = false;
    for (size_t i = 0; i < lines.size(); ++i) {
        const std::string &l = lines[i];
        int no = (int)i + 1;
        if (blank_line(l)) {
            after_blank = true;
            in_block = false;
            continue;
        }
        if (after_blank && l.starts_with("-- >")) {
            Block d;
            d.kind = Block::Kind::Directive;
            d.line = no;
            size_t at = l.find_first_not_of(' ', 4);
            d.column = at == std::string::npos ? (int)l.size() : (int)at;
            d.text = trim(l.substr(4));
            if (!d.text.empty() && d.text.back() == ';') {
                d.text = trim(d.text.substr(0, d.text.size() - 1));
                while (i + 1 < lines.size() && lines[i + 1].starts_with("--") && !lines[i + 1].starts_with("-- >")) {
                    std::string p = trim(lines[++i].substr(2));
                    d.param_lines.push_back(p);
                    d.params.push_back(param_of(p));
                }
            }
            out.push_back(std::move(d));
            after_blank = false;
            in_block = false;
            continue;
        }
        bool comment = l.starts_with("--") && !l.starts_with("-- |");
        Block::Kind k = comment && !(in_block && out.back().kind == Block::Kind::Code) ? Block::Kind::Text
                                                                                       : Block::Kind::Code;
        std::string text = l;
        if (k == Block::Kind::Text) text = l.substr(l.starts_with("-- ") ? 3 : 2);
        if (!in_block || out.back().kind != k) {
            out.emplace_back();
            out.back().kind = k;
            out.back().line = no;
        }
        out.back().lines.push_back(text);
        after_blank = false;
        in_block = true;
    }
    return out;
}

struct Options {
    std::string file, output, backend;
    bool stop_on_error = false, verbose = false;
};

/** FILE-img/ beside the output (futhark literate's place for them). */
fs::path image_dir(const Options &o) {
    fs::path out(o.output);
    return out.parent_path() / (out.stem().string() + "-img");
}

class Document {
public:
    Document(const Options &o, std::ostream &err) : o_(o), err_(err) {}

    /** The Markdown of the blocks; sets `failed` when a directive failed. */
    std::string render(const std::vector<Block> &blocks) {
        std::string md;
        for (size_t b = 0; b < blocks.size(); ++b) {
            const Block &k = blocks[b];
            if (k.kind == Block::Kind::Text) {
                for (const std::string &l : k.lines) md += l + "\n";
                md += "\n";
            } else if (k.kind == Block::Kind::Code) {
                md += "```futhark\n";
                for (;;) { // code blocks apart only by blank lines are one
                    for (const std::string &l : blocks[b].lines) md += l + "\n";
                    if (b + 1 == blocks.size() || blocks[b + 1].kind != Block::Kind::Code) break;
                    md += "\n";
                    ++b;
                }
                md += "```\n\n";
            } else {
                md += directive(k);
                if (failed && o_.stop_on_error) return md;
            }
        }
        return md;
    }

    bool failed = false;
    Session session;

private:
    const Options &o_;
    std::ostream &err_;
    int images_ = 0, plots_ = 0, videos_ = 0, sounds_ = 0;

    std::string failure(const std::string &message) {
        failed = true;
        err_ << message << "\n";
        return "**FAILED**\n```\n" + message + "\n```\n\n";
    }

    std::string directive(const Block &d) {
        std::string text = d.text;
        bool brief = false, covert = false;
        for (;;) {
            if (text.starts_with(":brief ")) brief = true;
            else if (text.starts_with(":covert ")) covert = true;
            else break;
            text = trim(text.substr(text.find(' ')));
        }
        std::string md;
        if (!covert) {
            md += "```\n> " + (brief ? text : d.text) + "\n";
            if (!brief)
                for (const std::string &p : d.param_lines) md += p + "\n";
            md += "```\n\n";
        }
        // The directive (`:img`, `:plot2d`, `:gnuplot`, `:video`, `:audio`) and its expression;
        // `> e` has none.
        std::string what;
        for (const char *k : {":img", ":plot2d", ":gnuplot", ":video", ":audio"})
            if (text.starts_with(std::string(k) + " ")) what = k;
        if (!text.empty() && text[0] == ':' && what.empty())
            return md + failure(o_.file + ":" + std::to_string(d.line) + ": unknown directive `" +
                                text.substr(0, text.find(' ')) + "`");
        std::string exp = what.empty() ? text : trim(text.substr(what.size()));
        int column = d.column + (int)(d.text.find(exp) == std::string::npos ? 0 : d.text.find(exp));
        // The expression at its place in the file, so that errors point there.
        EvalRecord r = session.submit(std::string((size_t)column, ' ') + exp + "\n", o_.file, d.line);
        if (o_.verbose)
            for (const std::string &t : r.traces) err_ << t << "\n";
        if (r.kind == EvalRecord::Kind::Error || r.kind == EvalRecord::Kind::Incomplete)
            return md + failure(r.error.empty() ? "`" + exp + "` is unfinished" : r.error);
        if (r.kind != EvalRecord::Kind::Value || !r.value)
            return md + failure(o_.file + ":" + std::to_string(d.line) + ": `" + exp + "` is not an expression");
        if (what == ":img") return md + image(d, *r.value, r.type);
        if (what == ":plot2d" || what == ":gnuplot") return md + plot(d, what, *r.value, r.type);
        if (what == ":video" || what == ":audio") return md + media(d, what, *r.value, r.type);
        return md + "```\n" + value_to_string(*r.value) + "\n```\n\n";
    }

    /** A file of the document's in FILE-img/, and its Markdown (an image's, as futhark
     * literate links videos and sounds too). */
    std::string save_file(const Block &d, const std::string &name, const std::string &bytes) {
        fs::path dir = image_dir(o_);
        std::error_code ec;
        fs::create_directories(dir, ec);
        std::ofstream f(dir / name, std::ios::binary);
        f << bytes;
        if (!f) return failure(o_.file + ":" + std::to_string(d.line) + ": cannot write `" + (dir / name).string() + "`");
        return "![](" + (dir.filename() / name).string() + ")\n\n";
    }

    /** `:video e[; fps: N, loop: B, format: gif, file: F]` (an animated GIF) and `:audio
     * e[; sampling_frequency: N, codec: C, file: F]` (session/Media.h). */
    std::string media(const Block &d, const std::string &what, const Value &v, const std::string &type) {
        std::string where = o_.file + ":" + std::to_string(d.line) + ": ";
        const bool video = what == ":video";
        MediaParams m;
        try {
            m = media_params(video, d.params);
        } catch (const MediaError &e) {
            return failure(where + "`" + what + "`: " + e.what());
        }
        const std::string codec = m.codec_or_default(video);
        std::string name = m.file;
        if (name.empty())
            name = (video ? "video" + std::to_string(++videos_) : "audio" + std::to_string(++sounds_)) + "." + codec;
        try {
            if (!video) return save_file(d, name, audio_file(v, type, m.rate, codec));
            std::string frames_type = type;
            Value frames = session.video_frames(v, frames_type);
            return save_file(d, name, video_gif(frames, frames_type, m.rate, m.loop));
        } catch (const MediaError &e) {
            return failure(where + e.what());
        } catch (const LocatedError &e) {  // the step function's run-time error
            return failure(e.render());
        }
    }

    /** `:plot2d e[; size: (W, H)]` and `:gnuplot e; script` (session/Plot.h). */
    std::string plot(const Block &d, const std::string &what, const Value &v, const std::string &type) {
        std::string where = o_.file + ":" + std::to_string(d.line) + ": ";
        try {
            std::string png;
            if (what == ":gnuplot") {
                if (d.param_lines.empty())
                    return failure(where + "`:gnuplot` needs its script: `;` at the end of the line, then the "
                                           "script on `--` lines");
                std::string script;
                for (const std::string &l : d.param_lines) script += l + "\n";
                png = gnuplot_script(v, type, script);
            } else {
                std::pair<int, int> size;
                try {
                    size = plot_size(d.params, 500, 500);  // futhark literate's size
                } catch (const PlotError &e) {
                    return failure(where + "`:plot2d`: " + e.what());
                }
                png = plot2d(v, type, PlotFormat::Png, size.first, size.second);
            }
            return save_file(d, "plot" + std::to_string(++plots_) + ".png", png);
        } catch (const PlotError &e) {
            return failure(where + e.what());
        }
    }

    std::string image(const Block &d, const Value &v, const std::string &type) {
        std::string where = o_.file + ":" + std::to_string(d.line) + ": ";
        std::string png;
        try {
            png = image_png(v, type);
        } catch (const MediaError &e) {
            return failure(where + e.what());
        }
        std::string name = "img" + std::to_string(++images_) + ".png";
        for (const auto &[k, val] : d.params) {
            if (k != "file") return failure(where + "`:img` takes no parameter `" + k + "` (only `file`)");
            if (!plain_file_name(val))
                return failure(where + "`file: " + val + "`: a file name without a directory or spaces");
            name = val;
        }
        return save_file(d, name, png);
    }
};

}  // namespace

int literate_main(const std::vector<std::string> &args, std::ostream &out, std::ostream &err) {
    Options o;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string &a = args[i];
        auto value = [&](const std::string &name) -> std::string {
            if (a.starts_with(name + "=")) return a.substr(name.size() + 1);
            if (i + 1 < args.size()) return args[++i];
            err << "loom literate: " << name << " needs a value\n";
            return "";
        };
        if (a == "--backend" || a.starts_with("--backend=")) o.backend = value("--backend");
        else if (a == "--output" || a == "-o" || a.starts_with("--output=")) o.output = value(a == "-o" ? "-o" : "--output");
        else if (a == "--stop-on-error") o.stop_on_error = true;
        else if (a == "-v" || a == "--verbose") o.verbose = true;
        else if (!a.empty() && a[0] == '-') {
            err << "loom literate: unknown option `" << a << "`\n";
            return 2;
        } else if (o.file.empty()) o.file = a;
        else {
            err << "loom literate: one program file\n";
            return 2;
        }
    }
    if (o.file.empty()) {
        err << "usage: loom literate FILE.fut [--backend B] [--output FILE.md] [--stop-on-error] [-v]\n";
        return 2;
    }
    if (o.output.empty())
        o.output = (fs::path(o.file).parent_path() / (fs::path(o.file).stem().string() + ".md")).string();
    std::string src;
    if (!read_file(o.file, src)) {
        err << "loom literate: cannot read `" << o.file << "`\n";
        return 2;
    }
    Document doc(o, err);
    doc.session.set_data_dir(fs::path(o.file).parent_path().string());  // `$loaddata "x.in"` beside it
    doc.session.set_uncurry(true);  // FutharkScript's `main ($loaddata "x.in")`
    if (!o.backend.empty()) {
        EvalRecord r = doc.session.submit(":backend " + o.backend);
        if (r.kind == EvalRecord::Kind::Error) {
            err << "loom literate: " << r.error << "\n";
            return 2;
        }
    }
    EvalRecord loaded = doc.session.submit(":load " + o.file);
    if (loaded.kind == EvalRecord::Kind::Error || loaded.kind == EvalRecord::Kind::Incomplete) {
        err << loaded.error << "\n";
        return 2;
    }
    std::vector<Block> blocks = blocks_of(src);
    std::error_code ec;
    fs::remove_all(image_dir(o), ec); // what an earlier run made
    std::string md = doc.render(blocks);
    if (doc.failed && o.stop_on_error) return 1;
    std::ofstream f(o.output, std::ios::binary);
    f << md;
    if (!f) {
        err << "loom literate: cannot write `" << o.output << "`\n";
        return 2;
    }
    out << "wrote " << o.output << "\n";
    return doc.failed ? 1 : 0;
}

}  // namespace loom
