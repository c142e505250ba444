/** \file
 * The kernel's ZeroMQ server: xeus 2.x's `xserver_zmq` (its sockets, publisher and
 * heartbeat threads and message signing) with a message loop of our own, which keeps to
 * the Jupyter protocol where xeus 2.4's does not (Note [Kernel server] in the .cpp):
 *  - the control channel has a thread of its own, so a shutdown_request reaches a running
 *    cell (the interpreter's shutdown hook interrupts it) and is answered at once, and an
 *    interrupt_request interrupts (xeus would end the process);
 *  - after an execute request fails (an error or an interrupt) with stop_on_error, the
 *    execute requests sent before its reply are aborted as ipykernel aborts them: each
 *    gets busy, an execute_reply `{"status": "aborted"}` and idle;
 *  - an execute request with store_history false is neither counted nor stored;
 *  - an interrupt while a cell waits for an input reply (a `#[break]` prompt) ends the
 *    wait, and the cell stops as interrupted.
 */
#pragma once

#include <xeus/xserver_zmq.hpp>

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace loom::jupyter {

class LoomInterpreter;

class KernelServer : public xeus::xserver_zmq {
public:
    KernelServer(zmq::context_t &context, const xeus::xconfiguration &config,
                 nl::json::error_handler_t eh);
    ~KernelServer() override;

    /** The interpreter that shows the requests that store no history, and that an
     * interrupt_request interrupts.  Set before the kernel starts. */
    void attach(LoomInterpreter &interpreter) { interpreter_ = &interpreter; }

protected:
    void start_impl(xeus::xpub_message message) override;
    void stop_impl() override;
    /** xeus's abort after a failed request (replies `{"status": "error"}`, nothing on
     * iopub): not used, the shell loop aborts instead. */
    void abort_queue_impl(const listener &l, long polling_interval) override;
    void publish_impl(xeus::xpub_message message, xeus::channel c) override;
    void send_shell_impl(xeus::xmessage message) override;
    void send_control_impl(xeus::xmessage message) override;
    /** An input_request, then its input_reply, waited for so that an interrupt (or a
     * shutdown) ends the wait: the input is then empty and the interrupt flag set
     * (Note [Interrupting an input request] in the .cpp). */
    void send_stdin_impl(xeus::xmessage message) override;

private:
    void shell_loop();
    void control_loop();
    /** Reads the next message of `socket` within `timeout`; false when none came (or it
     * did not deserialize). */
    bool receive(zmq::socket_t &socket, std::chrono::milliseconds timeout, xeus::xmessage &out);
    /** Hands a shell request to the kernel core; execute requests that store no history go
     * in as silent (xeus counts every other), shown by the interpreter. */
    void dispatch_shell(xeus::xmessage message);
    /** After a failed execute request: aborts those sent before its reply. */
    void abort_queued();
    /** Answers `request` with `content`, between busy and idle on iopub. */
    void reply(const xeus::xmessage &request, xeus::channel c, nl::json content);
    void publish_status(const nl::json &parent, const std::string &state, xeus::channel c);

    LoomInterpreter *interpreter_ = nullptr;
    std::atomic<bool> stop_{false}, shell_done_{false};
    std::mutex publish_mutex_;  ///< the publisher's socket, used by both loops
    std::thread control_;
    /// From the kernel's first message (its `starting` status): what our own messages say.
    std::string topic_prefix_, user_name_, session_id_;
    /// The execute request being handled: its id, and the time its reply said `error`.
    std::string current_id_;
    std::optional<std::chrono::system_clock::time_point> failed_at_;
};

/** The xkernel server builder for KernelServer. */
std::unique_ptr<xeus::xserver> make_kernel_server(xeus::xcontext &context,
                                                  const xeus::xconfiguration &config,
                                                  nl::json::error_handler_t eh);

}  // namespace loom::jupyter
