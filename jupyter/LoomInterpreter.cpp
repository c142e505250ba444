// The Loom kernel's request handlers (see LoomInterpreter.h).
#include "jupyter/LoomInterpreter.h"

#include "jupyter/Display.h"
#include "jupyter/History.h"

#include <xeus/xhelper.hpp>
#include <xeus/xinput.hpp>

#include <cctype>
#include <sstream>

namespace loom::jupyter {

namespace {

// Jupyter counts cursor positions in Unicode code points; the session works in bytes.
size_t byte_offset(const std::string &s, int code_points) {
    size_t i = 0;
    for (int n = 0; i < s.size() && n < code_points; ++n) {
        ++i;
        while (i < s.size() && ((unsigned char)s[i] & 0xc0) == 0x80) ++i;
    }
    return i;
}

int code_points(const std::string &s, size_t bytes) {
    int n = 0;
    for (size_t i = 0; i < bytes && i < s.size(); ++i)
        if (((unsigned char)s[i] & 0xc0) != 0x80) ++n;
    return n;
}

std::vector<std::string> lines_of(const std::string &text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) out.push_back(l);
    return out;
}

std::string first_line(const std::string &text) { return text.substr(0, text.find('\n')); }

/** {"status": "error", ...}.  (xeus 2.4's create_error_reply swaps ename and evalue.) */
nl::json error_reply(const std::string &ename, const std::string &evalue,
                     const std::vector<std::string> &traceback) {
    return {{"status", "error"}, {"ename", ename}, {"evalue", evalue}, {"traceback", traceback}};
}

/** Runs a request handler; an unexpected exception (a bug in the kernel: the session
 * catches evaluation errors) becomes an error reply rather than the kernel's end. */
template <typename F> nl::json guarded(F handler) {
    std::string msg;
    try {
        return handler();
    } catch (const std::exception &e) {
        msg = std::string("internal error in the Loom kernel: ") + e.what();
    } catch (...) {
        msg = "internal error in the Loom kernel";
    }
    return error_reply("InternalError", msg, {msg});
}

}  // namespace

class LoomInterpreter::Publisher {
public:
    Publisher(LoomInterpreter &k, int count, bool silent) : k_(k), count_(count), silent_(silent) {}

    /** The text/plain of the execute_result, once finish() published it (for the history). */
    std::optional<std::string> result;

    void stream(const std::string &name, const std::string &text) {
        emit([=, this] { k_.publish_stream(name, text); });
    }
    void display(nl::json data) {
        emit([this, d = std::move(data)] { k_.display_data(d, nl::json::object(), nl::json::object()); });
    }
    void value(nl::json data) {
        if (silent_) return;
        if (pending_) {
            k_.display_data(std::move(*pending_), nl::json::object(), nl::json::object());
            release_held();
        }
        pending_ = std::move(data);
    }
    /** Publishes what was held back; the last value becomes the execute_result. */
    void finish() {
        if (pending_) {
            if (auto t = pending_->find("text/plain"); t != pending_->end() && t->is_string())
                result = t->get<std::string>();
            k_.publish_execution_result(count_, std::move(*pending_), nl::json::object());
        }
        pending_.reset();
        release_held();
    }

    /** A value's bundle; a long `:print` stops at an interrupt (`interrupted`). */
    nl::json bundle(const EvalRecord &r, bool &interrupted) {
        ValueText how;
        how.full = r.full;
        how.interrupt = k_.interrupt_;
        return value_bundle(*r.value, r.type, how, &interrupted);
    }

    /** Presents one record (all but errors), in the order the REPL prints it; false when
     * an interrupt stopped it (the text of a `:print`). */
    bool record(const EvalRecord &r) {
        traces(r);
        for (const std::string &n : r.notes) stream("stderr", "-- note: " + n + "\n");
        bool interrupted = false;
        switch (r.kind) {
        case EvalRecord::Kind::Value:
            if (r.value) value(bundle(r, interrupted));
            break;
        case EvalRecord::Kind::Definitions:
            if (!r.defined.empty()) {
                std::string line = "defined";
                for (size_t i = 0; i < r.defined.size(); ++i)
                    line += (i ? ", " : " ") + r.defined[i];
                stream("stdout", line + "\n");
            }
            break;
        case EvalRecord::Kind::Output:
            if (!r.code_language.empty()) display(code_bundle(r.output, r.code_language));
            else if (!r.media.empty()) display(media_bundle(r.media, r.media_mime, r.output));
            else stream("stdout", r.output + "\n");
            break;
        default:
            break;
        }
        if (std::string s = summary_line(r); !s.empty()) display(note_bundle(s));
        if (r.show_timing) stream("stdout", timing_line(r) + "\n");
        return !interrupted;
    }

    /** Shows a record at once (a stop at `#[break]` and its answers): what was held back
     * first, then its traces and what it is. */
    void now(const EvalRecord &r) {
        if (pending_) {
            k_.display_data(std::move(*pending_), nl::json::object(), nl::json::object());
            pending_.reset();
            release_held();
        }
        traces(r);
        bool interrupted = false;
        if (r.kind == EvalRecord::Kind::Value && r.value) display(bundle(r, interrupted));
        else if (r.kind == EvalRecord::Kind::Output) stream("stdout", r.output + "\n");
        else if (r.kind == EvalRecord::Kind::Error) stream("stderr", r.error + "\n");
    }

    /** What the program's `#[trace]`s printed, as its output. */
    void traces(const EvalRecord &r) {
        std::string text;
        for (const std::string &t : r.traces) text += t + "\n";
        if (!text.empty()) stream("stdout", text);
    }

private:
    void emit(std::function<void()> f) {
        if (silent_) return;
        if (pending_) held_.push_back(std::move(f));
        else f();
    }
    void release_held() {
        for (auto &f : held_) f();
        held_.clear();
    }

    LoomInterpreter &k_;
    int count_;
    bool silent_;
    std::optional<nl::json> pending_;
    std::vector<std::function<void()>> held_;
};

LoomInterpreter::LoomInterpreter(std::atomic<bool> *interrupt, History &history)
    : interrupt_(interrupt), history_(history) {
    session_.set_interrupt_flag(interrupt_);
    xeus::register_interpreter(this);
}

nl::json LoomInterpreter::execute_request_impl(int execution_counter, const std::string &code,
                                               bool silent, bool store_history,
                                               nl::json user_expressions_in,
                                               bool allow_stdin) {
    // A request that stores no history came in as silent (set_unstored): shown all the
    // same, with the current count (the next counted cell's is one more).
    const bool shown = !silent || unstored_;
    const bool counted = !silent && store_history;
    if (unstored_) publish_execution_input(code, execution_counter);
    std::optional<std::string> result;
    nl::json reply = guarded([&] {
        return execute_cell(execution_counter, code, !shown, allow_stdin, result);
    });
    if (reply["status"] == "error" && reply["ename"] == "InternalError" && shown)
        publish_execution_error("InternalError", reply["evalue"], {reply["evalue"]});
    if (counted) history_.add(execution_counter, code, result);
    if (reply["status"] == "ok")
        reply["user_expressions"] = guarded([&] { return user_expressions(user_expressions_in); });
    return reply;
}

nl::json LoomInterpreter::execute_cell(int execution_counter, const std::string &code,
                                       bool silent, bool allow_stdin,
                                       std::optional<std::string> &result) {
    interrupt_->store(false);
    Publisher pub(*this, execution_counter, silent);
    // A `#[break]` asks for its prompt's lines with input requests, where the frontend
    // takes them (nbclient does not: there breaks do not stop, and a note says so).
    struct BreakPrompt {
        Session &s;
        ~BreakPrompt() { s.set_break_io({}); }
    } break_prompt{session_};
    if (allow_stdin && !silent)
        session_.set_break_io(BreakIO{
            [this](const std::string &prompt) -> std::optional<std::string> {
                std::string line = xeus::blocking_input_request(prompt, false);
                // An interrupt ended the wait for the answer (KernelServer::send_stdin_impl):
                // the stop ends as Ctrl-C at the terminal's `break>` prompt ends it.
                if (interrupted()) return std::nullopt;
                return line;
            },
            [&pub](const EvalRecord &r) { pub.now(r); }});
    for (const InputChunk &c : session_.split(code)) {
        EvalRecord r = session_.submit(c.text, Session::cell_source, c.first_line);
        if (r.kind == EvalRecord::Kind::Quit) {
            pub.stream("stderr", ":quit does nothing in a notebook: shut down or restart the kernel instead\n");
            break;
        }
        if (r.kind != EvalRecord::Kind::Error && r.kind != EvalRecord::Kind::Incomplete) {
            if (pub.record(r)) continue;
            // An interrupt stopped a long `:print`: the cell ends as an interrupted
            // evaluation does.
            r = EvalRecord{};
            r.kind = EvalRecord::Kind::Error;
            r.error = "error: interrupted";  // as the session says it
            r.interrupted = true;
        }
        // The first error ends the cell (as `loom --run` stops).
        pub.traces(r);
        for (const std::string &n : r.notes) pub.stream("stderr", "-- note: " + n + "\n");
        pub.finish();
        result = pub.result;
        std::string ename = r.interrupted ? "Interrupted" : "LoomError";
        std::vector<std::string> traceback = lines_of(r.error);
        std::string evalue = first_line(r.error);
        if (!silent) publish_execution_error(ename, evalue, traceback);
        return error_reply(ename, evalue, traceback);
    }
    pub.finish();
    result = pub.result;
    return xeus::create_successful_reply();
}

nl::json LoomInterpreter::user_expressions(const nl::json &expressions) {
    nl::json out = nl::json::object();
    if (!expressions.is_object()) return out;
    for (auto &[name, text] : expressions.items()) {
        if (!text.is_string()) {
            out[name] = error_reply("LoomError", "a user expression is a string", {});
            continue;
        }
        const std::string expression = text.get<std::string>();
        EvalRecord r = session_.evaluate(expression, Session::cell_source);
        if (r.kind == EvalRecord::Kind::Value && r.value)
            out[name] = {{"status", "ok"},
                         {"data", value_bundle(*r.value, r.type)},
                         {"metadata", nl::json::object()}};
        else if (r.kind == EvalRecord::Kind::Error || r.kind == EvalRecord::Kind::Incomplete)
            out[name] = error_reply(r.interrupted ? "Interrupted" : "LoomError",
                                    first_line(r.error), lines_of(r.error));
        else
            out[name] = error_reply("LoomError", "`" + expression + "` is no expression", {});
    }
    return out;
}

nl::json LoomInterpreter::complete_request_impl(const std::string &code, int cursor_pos) {
    return guarded([&] {
        size_t end = byte_offset(code, cursor_pos);
        Session::Completion c = session_.complete(code, end);
        nl::json matches = nl::json::array();
        for (const std::string &m : c.matches) matches.push_back(m);
        return xeus::create_complete_reply(matches, code_points(code, c.start), code_points(code, end));
    });
}

nl::json LoomInterpreter::inspect_request_impl(const std::string &code, int cursor_pos,
                                               int /*detail_level*/) {
    return guarded([&] {
        std::optional<std::string> text = session_.inspect(code, byte_offset(code, cursor_pos));
        if (!text) return xeus::create_inspect_reply(false);
        return xeus::create_inspect_reply(true, {{"text/plain", *text}});
    });
}

nl::json LoomInterpreter::is_complete_request_impl(const std::string &code) {
    return guarded([&] {
        std::vector<InputChunk> chunks = session_.split(code);
        for (size_t i = 0; i < chunks.size(); ++i) {
            if (session_.is_complete(chunks[i].text)) continue;
            // An unfinished chunk before others cannot be finished by typing on.
            if (i + 1 < chunks.size()) return xeus::create_is_complete_reply("invalid");
            return xeus::create_is_complete_reply("incomplete", "  ");
        }
        // Another `case` may follow (a console sends a blank line to end the `match`).
        if (Session::may_take_more_cases(code)) return xeus::create_is_complete_reply("incomplete", "");
        return xeus::create_is_complete_reply("complete");
    });
}

nl::json LoomInterpreter::kernel_info_request_impl() {
    nl::json help = nl::json::array(
        {{{"text", "Futhark language reference"},
          {"url", "https://futhark.readthedocs.io/en/latest/language-reference.html"}},
         {{"text", "Futhark prelude"}, {"url", "https://futhark-lang.org/docs/prelude/"}}});
    std::string banner = std::string("Loom ") + kernel_version +
                         ": Futhark's core language, interpreted and compiled.\n"
                         ":help lists the commands.";
    return xeus::create_info_reply("5.3", "loom", kernel_version, "loom", kernel_version,
                                   "text/x-futhark", ".fut", "futhark", "haskell", "", banner,
                                   false, help);
}

}  // namespace loom::jupyter
