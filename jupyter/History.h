/** \file
 * The kernel's input history (history_request), kept in memory as the protocol describes
 * it: entries `[session, line, input]` (with `output`: `[session, line, [input, output]]`,
 * the output the text/plain of the cell's execute_result, or null), the session number
 * `session_number` for this kernel's process (0 in a request means it too), the line
 * number the cell's execution count.  `tail`, `range` (lines start <= l < stop, IPython's
 * rules: negative from the end, stop 0 or past the end: to the end) and `search` (a glob
 * over the inputs, `unique`, the last `n`).
 *
 * xeus 2.4's kernel core stores an input itself (store_inputs) with session 0 and the line
 * number the request's own `execution_count` field gives (absent: 1): those calls are
 * ignored, and LoomInterpreter adds each counted cell with its count (add).
 */
#pragma once

#include <xeus/xhistory_manager.hpp>

#include <optional>
#include <string>
#include <vector>

namespace loom::jupyter {

class History : public xeus::xhistory_manager {
public:
    static constexpr int session_number = 1;

    /** A counted cell: its execution count, code and execute_result text (if any). */
    void add(int line, const std::string &input, std::optional<std::string> output);

private:
    struct Entry {
        int line;
        std::string input;
        std::optional<std::string> output;
    };

    void configure_impl() override {}
    void store_inputs_impl(int, int, const std::string &, const std::string &) override {}
    nl::json get_tail_impl(int n, bool raw, bool output) const override;
    nl::json get_range_impl(int session, int start, int stop, bool raw, bool output) const override;
    nl::json search_impl(const std::string &pattern, bool raw, bool output, int n,
                         bool unique) const override;

    nl::json reply(const std::vector<const Entry *> &entries, bool output) const;

    std::vector<Entry> entries_;
};

}  // namespace loom::jupyter
