/** \file
 * The xeus interpreter of the Loom Jupyter kernel: each request goes to the session
 * engine (session/Session.h) and its EvalRecords are published as Jupyter messages
 * (MIME bundles from Display.h).  Presentation only, like the terminal REPL.
 */
#pragma once

#include "session/Session.h"

#include <xeus/xinterpreter.hpp>

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace loom::jupyter {

/** The kernel's version, shown in kernel_info. */
inline constexpr const char *kernel_version = "0.1.0";

class LoomInterpreter : public xeus::xinterpreter {
public:
    /** `interrupt` is set (by the SIGINT watcher in main) to stop an evaluation. */
    explicit LoomInterpreter(std::atomic<bool> *interrupt);

private:
    void configure_impl() override {}
    nl::json execute_request_impl(int execution_counter, const std::string &code, bool silent,
                                  bool store_history, nl::json user_expressions,
                                  bool allow_stdin) override;
    nl::json complete_request_impl(const std::string &code, int cursor_pos) override;
    nl::json inspect_request_impl(const std::string &code, int cursor_pos,
                                  int detail_level) override;
    nl::json is_complete_request_impl(const std::string &code) override;
    nl::json kernel_info_request_impl() override;
    void shutdown_request_impl() override {}

    nl::json execute_cell(int execution_counter, const std::string &code, bool silent, bool allow_stdin);

    /** What one cell publishes.  The last value of the cell becomes the execute_result
     * and the values before it display_data; since that is known only when a later value
     * arrives (or the cell ends), what follows a value is held back until then. */
    class Publisher;

    std::atomic<bool> *interrupt_;
    Session session_;
};

}  // namespace loom::jupyter
