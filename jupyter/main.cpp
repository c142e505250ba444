// loom-kernel: the Jupyter kernel of Loom (DESIGN.md §4), on xeus.
//   loom-kernel -f CONNECTION_FILE        run the kernel (what kernel.json says)
//   loom-kernel install [--user | --prefix DIR | --sys-prefix]   write the kernel spec
#include "jupyter/History.h"
#include "jupyter/KernelServer.h"
#include "jupyter/KernelSpec.h"
#include "jupyter/LoomInterpreter.h"

#include <xeus/xkernel.hpp>
#include <xeus/xkernel_configuration.hpp>

#include <pthread.h>
#include <signal.h>

#include <atomic>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace {

std::atomic<bool> g_interrupt{false};

/** Interrupts (interrupt_mode "signal") arrive as SIGINT.  The signal is blocked in
 * every thread (xeus's ZeroMQ threads would see EINTR) and taken by one thread that
 * only raises the flag the running evaluation polls. */
void watch_sigint() {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    pthread_sigmask(SIG_BLOCK, &set, nullptr);
    std::thread([set] {
        for (;;) {
            int sig = 0;
            if (sigwait(&set, &sig) == 0 && sig == SIGINT) g_interrupt.store(true);
        }
    }).detach();
}

const char *const usage =
    "usage: loom-kernel -f CONNECTION_FILE\n"
    "       loom-kernel install [--user | --prefix DIR | --sys-prefix]\n"
    "       loom-kernel --version\n";

}  // namespace

int main(int argc, char **argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (!args.empty() && args[0] == "install")
        return loom::jupyter::install_command({args.begin() + 1, args.end()}, std::cout, std::cerr);
    if (!args.empty() && (args[0] == "--version" || args[0] == "-V")) {
        std::cout << "loom-kernel " << loom::jupyter::kernel_version << "\n";
        return 0;
    }
    std::string connection_file;
    if (args.size() == 2 && args[0] == "-f") connection_file = args[1];
    else if (args.size() == 1 && args[0].rfind("--f=", 0) == 0) connection_file = args[0].substr(4);
    if (connection_file.empty()) {
        std::cerr << usage;
        return args.size() == 1 && (args[0] == "--help" || args[0] == "-h") ? 0 : 2;
    }
    if (!std::ifstream(connection_file)) {
        std::cerr << "loom-kernel: cannot read the connection file " << connection_file << "\n";
        return 1;
    }
    try {
        xeus::xconfiguration config = xeus::load_configuration(connection_file);
        watch_sigint();
        auto history = std::make_unique<loom::jupyter::History>();
        auto interpreter = std::make_unique<loom::jupyter::LoomInterpreter>(&g_interrupt, *history);
        loom::jupyter::LoomInterpreter &interp = *interpreter;
        xeus::xkernel kernel(config, xeus::get_user_name(), xeus::make_context<zmq::context_t>(),
                             std::move(interpreter), loom::jupyter::make_kernel_server,
                             std::move(history), nullptr, xeus::make_null_debugger,
                             nl::json::object(), nl::json::error_handler_t::replace);
        static_cast<loom::jupyter::KernelServer &>(kernel.get_server()).attach(interp);
        kernel.start();
    } catch (const std::exception &e) {
        std::cerr << "loom-kernel: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
