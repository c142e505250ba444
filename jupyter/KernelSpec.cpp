// The kernel spec and `loom-kernel install` (see KernelSpec.h).
#include "jupyter/KernelSpec.h"

#include "image/Png.h"

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <ostream>

namespace loom::jupyter {

namespace fs = std::filesystem;

namespace {

/** This binary's absolute path (what kernel.json must run). */
std::string self_path() {
    std::error_code ec;
    fs::path p = fs::read_symlink("/proc/self/exe", ec);
    return ec ? std::string("loom-kernel") : p.string();
}

/** The user's Jupyter data directory, as jupyter_core computes it on Linux. */
fs::path user_data_dir() {
    if (const char *d = std::getenv("JUPYTER_DATA_DIR"); d && *d) return d;
    if (const char *x = std::getenv("XDG_DATA_HOME"); x && *x) return fs::path(x) / "jupyter";
    const char *h = std::getenv("HOME");
    return fs::path(h && *h ? h : ".") / ".local" / "share" / "jupyter";
}

const char *const usage =
    "usage: loom-kernel install [--user | --prefix DIR | --sys-prefix]\n"
    "  --user        (the default) into $JUPYTER_DATA_DIR/kernels/loom, or\n"
    "                ~/.local/share/jupyter/kernels/loom\n"
    "  --prefix DIR  into DIR/share/jupyter/kernels/loom\n"
    "  --sys-prefix  into /usr/local/share/jupyter/kernels/loom\n";

void write_file(const fs::path &p, const std::string &bytes) {
    std::ofstream f(p, std::ios::binary | std::ios::trunc);
    f << bytes;
    if (!f.flush()) throw fs::filesystem_error("cannot write", p, std::make_error_code(std::errc::io_error));
}

}  // namespace

std::string kernel_json(const std::string &exe) {
    nlohmann::ordered_json j;
    j["argv"] = {exe, "-f", "{connection_file}"};
    j["display_name"] = "Loom";
    j["language"] = "loom";
    j["interrupt_mode"] = "signal";
    j["metadata"] = {{"file_extension", ".fut"}};
    return j.dump(2) + "\n";
}

std::string logo_png(int size) {
    // Warp (vertical, orange) and weft (horizontal, teal) threads crossing over and
    // under in a checkerboard, on a transparent background.
    const int cell = size / 4, pad = std::max(1, cell / 6);
    std::vector<uint8_t> px((size_t)size * size * 4, 0);
    for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x) {
            bool warp = x % cell >= pad && x % cell < cell - pad;
            bool weft = y % cell >= pad && y % cell < cell - pad;
            if (!warp && !weft) continue;
            bool warp_on_top = ((x / cell) + (y / cell)) % 2 == 0;
            bool show_warp = warp && (!weft || warp_on_top);
            uint8_t *p = &px[((size_t)y * size + x) * 4];
            p[0] = show_warp ? 0xe8 : 0x1f;
            p[1] = show_warp ? 0x8a : 0x9e;
            p[2] = show_warp ? 0x1a : 0x9a;
            p[3] = 0xff;
        }
    return encode_png(size, size, 4, px);
}

int install_command(const std::vector<std::string> &args, std::ostream &out, std::ostream &err) {
    fs::path kernels;
    if (args.empty() || (args.size() == 1 && args[0] == "--user")) {
        kernels = user_data_dir() / "kernels";
    } else if (args.size() == 2 && args[0] == "--prefix") {
        kernels = fs::path(args[1]) / "share" / "jupyter" / "kernels";
    } else if (args.size() == 1 && args[0] == "--sys-prefix") {
        kernels = "/usr/local/share/jupyter/kernels";
    } else {
        err << usage;
        return 2;
    }
    fs::path dir = kernels / "loom";
    try {
        fs::create_directories(dir);
        dir = fs::absolute(dir);
        write_file(dir / "kernel.json", kernel_json(self_path()));
        write_file(dir / "logo-32x32.png", logo_png(32));
        write_file(dir / "logo-64x64.png", logo_png(64));
    } catch (const std::exception &e) {
        err << "loom-kernel install: " << e.what() << "\n";
        return 1;
    }
    out << "installed the Loom kernel spec in " << dir.string() << "\n";
    return 0;
}

}  // namespace loom::jupyter
