/** \file
 * The xeus interpreter of the Loom Jupyter kernel: each request goes to the session
 * engine (session/Session.h) and its EvalRecords are published as Jupyter messages
 * (MIME bundles from Display.h).  Presentation only, like the terminal REPL.  The
 * server (KernelServer.h) and the history (History.h) mend what xeus 2.4 does not do as
 * the protocol says.
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

class History;

class LoomInterpreter : public xeus::xinterpreter {
public:
    /** `interrupt` is set (by the SIGINT watcher in main) to stop an evaluation; `history`
     * gets each counted cell. */
    LoomInterpreter(std::atomic<bool> *interrupt, History &history);

    /** Stops the running evaluation (an interrupt_request; SIGINT does the same). */
    void interrupt() { interrupt_->store(true); }
    /** Whether the running evaluation has been told to stop (by SIGINT, an
     * interrupt_request or a shutdown_request). */
    bool interrupted() const { return interrupt_->load(); }
    /** Set by the server around an execute request with store_history false, which comes
     * in as silent so that xeus does not count it: it is shown all the same, not stored
     * (Note [Kernel server] in KernelServer.cpp). */
    void set_unstored(bool unstored) { unstored_ = unstored; }

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
    /** A shutdown_request (on the control channel's thread): a running cell stops. */
    void shutdown_request_impl() override { interrupt(); }

    nl::json execute_cell(int execution_counter, const std::string &code, bool silent,
                          bool allow_stdin, std::optional<std::string> &result);
    /** The protocol's user_expressions: each evaluated as an expression after the cell. */
    nl::json user_expressions(const nl::json &expressions);

    /** What one cell publishes.  The last value of the cell becomes the execute_result
     * and the values before it display_data; since that is known only when a later value
     * arrives (or the cell ends), what follows a value is held back until then. */
    class Publisher;

    std::atomic<bool> *interrupt_;
    History &history_;
    bool unstored_ = false;
    Session session_;
};

}  // namespace loom::jupyter
