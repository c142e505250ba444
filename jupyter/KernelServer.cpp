// The kernel's ZeroMQ server (see KernelServer.h and Note [Kernel server] below).
#include "jupyter/KernelServer.h"

#include "jupyter/LoomInterpreter.h"

#include <xeus/xguid.hpp>
#include <xeus/xzmq_serializer.hpp>

#include <zmq_addon.hpp>

#include <cctype>
#include <cstdio>
#include <ctime>
#include <vector>

namespace loom::jupyter {

using Clock = std::chrono::system_clock;

namespace {

/** A message header's `date` (ISO 8601, as jupyter_client writes it:
 * `2024-05-01T12:34:56.789012Z` or with an offset), or nothing. */
std::optional<Clock::time_point> header_date(const nl::json &header) {
    auto it = header.find("date");
    if (it == header.end() || !it->is_string()) return std::nullopt;
    const std::string s = it->get<std::string>();
    std::tm tm{};
    int consumed = 0;
    if (std::sscanf(s.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d%n", &tm.tm_year, &tm.tm_mon, &tm.tm_mday,
                    &tm.tm_hour, &tm.tm_min, &tm.tm_sec, &consumed) != 6)
        return std::nullopt;
    tm.tm_year -= 1900;
    tm.tm_mon -= 1;
    auto t = Clock::from_time_t(timegm(&tm));
    size_t i = (size_t)consumed;
    if (i < s.size() && s[i] == '.') {
        long long micros = 0;
        int digits = 0;
        for (++i; i < s.size() && std::isdigit((unsigned char)s[i]); ++i)
            if (digits < 6) {
                micros = micros * 10 + (s[i] - '0');
                ++digits;
            }
        for (; digits < 6; ++digits) micros *= 10;
        t += std::chrono::microseconds(micros);
    }
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
        int h = 0, m = 0;
        if (std::sscanf(s.c_str() + i + 1, "%2d:%2d", &h, &m) == 2)
            t -= (s[i] == '+' ? 1 : -1) * (std::chrono::hours(h) + std::chrono::minutes(m));
    }
    return t;
}

std::string msg_type(const xeus::xmessage &m) { return m.header().value("msg_type", ""); }

/** `m` with `content` instead of its own. */
xeus::xmessage with_content(xeus::xmessage m, nl::json content) {
    nl::json header = m.header(), parent = m.parent_header(), metadata = m.metadata();
    const xeus::xmessage::guid_list ids = m.identities();
    return xeus::xmessage(ids, std::move(header), std::move(parent), std::move(metadata),
                          std::move(content), std::move(m).buffers());
}

}  // namespace

// Note [Kernel server]: xeus 2.4's xserver_zmq serves both channels from one loop on the
// main thread, and its kernel core (xkernel_core, not replaceable) falls short of the
// protocol in three ways that only the server can mend:
//  1. A control message waits for the running cell, so a shutdown_request during a long
//     evaluation was never answered (the process died only because jupyter_client sends
//     SIGINT before it gives up).  Here a thread serves the control channel: the core's
//     shutdown_request calls the interpreter's shutdown hook, which sets the interrupt
//     flag, answers, and stops the server; the cell stops at its next poll and both loops
//     end (a cell that does not stop within 2 s is left; one waiting for an input reply
//     stops at once, Note [Interrupting an input request]).  The core answers an
//     interrupt_request by ending the process, so the control loop answers that one
//     itself, raising the interrupt flag (interrupt_mode "message").
//     The two loops share only the publisher's socket (behind a mutex): the core keeps
//     each channel's parent header apart.  (The core's shutdown_reply gets the `status`
//     it lacks.)
//  2. After a failed execute request with stop_on_error, the core calls abort_queue,
//     which answers the requests then waiting on the socket `{"status": "error"}` with no
//     busy/idle on iopub, and those sent just before the failure but not yet arrived
//     (a cell that fails at once) not at all: they ran.  ipykernel aborts the execute
//     requests sent before the failure's reply, answering `{"status": "aborted"}` between
//     busy and idle.  Here abort_queue does nothing, and the shell loop, having seen the
//     reply's status (send_shell_impl), aborts the execute requests whose header `date`
//     precedes the reply, waiting 200 ms for those still on their way (the first request
//     sent after the reply ends the wait: it and what follows run).  Other requests are
//     served in order meanwhile.  (Dates from a client on another machine are compared
//     with this machine's clock.)
//  3. The core counts every execute request that is not silent, store_history or not, and
//     a request's count is fixed before the interpreter sees it.  An execute request with
//     store_history false goes to the core as silent (not counted, no execute_input, not
//     stored); the interpreter, told so by set_unstored, shows it as usual and publishes
//     its execute_input with the current count, which its reply carries too (ipykernel's
//     reply does the same).

KernelServer::KernelServer(zmq::context_t &context, const xeus::xconfiguration &config,
                           nl::json::error_handler_t eh)
    : xserver_zmq(context, config, eh) {}

KernelServer::~KernelServer() {
    if (control_.joinable()) control_.detach();
}

bool KernelServer::receive(zmq::socket_t &socket, std::chrono::milliseconds timeout,
                           xeus::xmessage &out) {
    zmq::pollitem_t item{socket, 0, ZMQ_POLLIN, 0};
    zmq::poll(&item, 1, timeout);
    if (!(item.revents & ZMQ_POLLIN)) return false;
    zmq::multipart_t wire;
    if (!wire.recv(socket, ZMQ_DONTWAIT)) return false;
    try {
        out = xeus::xzmq_serializer::deserialize(wire, *p_auth);
        return true;
    } catch (const std::exception &) {
        return false;  // a bad signature or a malformed message: dropped, as xeus drops it
    }
}

void KernelServer::start_impl(xeus::xpub_message message) {
    start_publisher_thread();
    start_heartbeat_thread();
    const std::string &topic = message.topic();
    topic_prefix_ = topic.substr(0, topic.rfind('.') + 1);
    user_name_ = message.header().value("username", "");
    session_id_ = message.header().value("session", xeus::new_xguid());
    publish(std::move(message), xeus::channel::SHELL);
    control_ = std::thread([this] { control_loop(); });
    shell_loop();
    shell_done_ = true;
    control_.join();
    stop_channels();
    std::exit(0);
}

void KernelServer::stop_impl() { stop_ = true; }

void KernelServer::abort_queue_impl(const listener &, long) {}

void KernelServer::publish_impl(xeus::xpub_message message, xeus::channel c) {
    std::lock_guard<std::mutex> lock(publish_mutex_);
    xserver_zmq::publish_impl(std::move(message), c);
}

void KernelServer::send_shell_impl(xeus::xmessage message) {
    if (msg_type(message) == "execute_reply" && message.content().value("status", "") == "error" &&
        message.parent_header().value("msg_id", "") == current_id_)
        failed_at_ = Clock::now();
    xserver_zmq::send_shell_impl(std::move(message));
}

void KernelServer::send_control_impl(xeus::xmessage message) {
    // The core's shutdown_reply lacks the protocol's `status`.
    if (msg_type(message) == "shutdown_reply" && !message.content().contains("status")) {
        nl::json content = message.content();
        content["status"] = "ok";
        message = with_content(std::move(message), std::move(content));
    }
    xserver_zmq::send_control_impl(std::move(message));
}

// Note [Interrupting an input request]: xeus's server sends an input_request on the stdin
// socket and then blocks in a recv until the reply comes, so an interrupt (SIGINT, or an
// interrupt_request, both raising the flag the evaluation polls) while a `#[break]`
// prompt waited was not seen until the frontend answered, and a shutdown left the cell
// behind.  Here the reply is polled for every 50 ms, looking at the interrupt flag (and
// at a stop) between polls, as ipykernel polls its stdin socket so that a KeyboardInterrupt
// reaches its input(): on an interrupt the wait ends with no reply, the input is empty,
// and the interpreter (which sees the flag) ends the stop as interrupted.  A reply that
// comes after all is stale: stale replies are flushed before each request (as ipykernel
// does), and a reply whose parent header names another request is dropped.
void KernelServer::send_stdin_impl(xeus::xmessage message) {
    xeus::xmessage stale;
    while (receive(m_stdin, std::chrono::milliseconds(0), stale)) {
    }
    const std::string id = message.header().value("msg_id", "");
    zmq::multipart_t wire =
        xeus::xzmq_serializer::serialize(std::move(message), *p_auth, m_error_handler);
    wire.send(m_stdin);
    while (!stop_ && !(interpreter_ && interpreter_->interrupted())) {
        xeus::xmessage reply;
        if (!receive(m_stdin, std::chrono::milliseconds(50), reply)) continue;
        // (jupyter_client's input() sends a reply without a parent header.)
        const nl::json &parent = reply.parent_header();
        if (parent.is_object() && !parent.value("msg_id", "").empty() &&
            parent.value("msg_id", "") != id)
            continue;
        notify_stdin_listener(std::move(reply));
        return;
    }
}

void KernelServer::publish_status(const nl::json &parent, const std::string &state,
                                  xeus::channel c) {
    xeus::xpub_message m(topic_prefix_ + "status",
                         xeus::make_header("status", user_name_, session_id_), parent,
                         nl::json::object(), nl::json{{"execution_state", state}},
                         xeus::buffer_sequence());
    publish(std::move(m), c);
}

void KernelServer::reply(const xeus::xmessage &request, xeus::channel c, nl::json content) {
    const std::string type = msg_type(request);
    const std::string reply_type = type.substr(0, type.rfind('_')) + "_reply";
    publish_status(request.header(), "busy", c);
    nl::json metadata = nl::json::object();
    if (content.value("status", "") == "aborted") metadata["status"] = "aborted";  // ipykernel's
    xeus::xmessage m(request.identities(), xeus::make_header(reply_type, user_name_, session_id_),
                     request.header(), std::move(metadata), std::move(content),
                     xeus::buffer_sequence());
    if (c == xeus::channel::SHELL) send_shell(std::move(m));
    else send_control(std::move(m));
    publish_status(request.header(), "idle", c);
}

void KernelServer::control_loop() {
    while (!stop_) {
        xeus::xmessage m;
        if (!receive(m_controller, std::chrono::milliseconds(100), m)) continue;
        if (msg_type(m) == "interrupt_request") {
            if (interpreter_) interpreter_->interrupt();
            reply(m, xeus::channel::CONTROL, {{"status", "ok"}});
            continue;
        }
        notify_control_listener(std::move(m));
    }
    // Shut down: the interrupted cell ends at its next poll (a wait for an input reply too);
    // one that does not is left, the shutdown having been answered.
    for (int i = 0; i < 200 && !shell_done_; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    if (!shell_done_) {
        stop_channels();
        std::_Exit(0);
    }
}

void KernelServer::shell_loop() {
    while (!stop_) {
        xeus::xmessage m;
        if (receive(m_shell, std::chrono::milliseconds(100), m)) dispatch_shell(std::move(m));
    }
}

void KernelServer::dispatch_shell(xeus::xmessage message) {
    if (msg_type(message) != "execute_request") {
        notify_shell_listener(std::move(message));
        return;
    }
    const nl::json &content = message.content();
    const bool silent = content.value("silent", false);
    const bool store = content.value("store_history", !silent);
    const bool stop_on_error = content.value("stop_on_error", true);
    current_id_ = message.header().value("msg_id", "");
    failed_at_.reset();
    const bool unstored = !silent && !store && interpreter_;
    if (unstored) {
        nl::json as_silent = content;
        as_silent["silent"] = true;
        message = with_content(std::move(message), std::move(as_silent));
        interpreter_->set_unstored(true);
    }
    notify_shell_listener(std::move(message));
    if (unstored) interpreter_->set_unstored(false);
    if (failed_at_ && !silent && stop_on_error && !stop_) abort_queued();
}

void KernelServer::abort_queued() {
    const Clock::time_point failed = *failed_at_;
    xeus::xmessage m;
    while (!stop_ && receive(m_shell, std::chrono::milliseconds(200), m)) {
        std::optional<Clock::time_point> sent = header_date(m.header());
        const bool before = !sent || *sent <= failed;
        if (before && msg_type(m) == "execute_request") {
            reply(m, xeus::channel::SHELL, {{"status", "aborted"}});
            continue;
        }
        dispatch_shell(std::move(m));  // (a failure there aborts what follows it instead)
        if (!before) return;
    }
}

std::unique_ptr<xeus::xserver> make_kernel_server(xeus::xcontext &context,
                                                  const xeus::xconfiguration &config,
                                                  nl::json::error_handler_t eh) {
    return std::make_unique<KernelServer>(context.get_wrapped_context<zmq::context_t>(), config,
                                          eh);
}

}  // namespace loom::jupyter
