// The kernel's input history (see History.h).
#include "jupyter/History.h"

#include <fnmatch.h>

#include <algorithm>
#include <set>

namespace loom::jupyter {

void History::add(int line, const std::string &input, std::optional<std::string> output) {
    entries_.push_back({line, input, std::move(output)});
}

nl::json History::reply(const std::vector<const Entry *> &entries, bool output) const {
    nl::json history = nl::json::array();
    for (const Entry *e : entries) {
        nl::json item = nl::json::array({session_number, e->line});
        if (output)
            item.push_back(
                nl::json::array({e->input, e->output ? nl::json(*e->output) : nl::json()}));
        else
            item.push_back(e->input);
        history.push_back(std::move(item));
    }
    return {{"status", "ok"}, {"history", std::move(history)}};
}

nl::json History::get_tail_impl(int n, bool, bool output) const {
    std::vector<const Entry *> out;
    const size_t from = n < 0 || (size_t)n >= entries_.size() ? 0 : entries_.size() - (size_t)n;
    for (size_t i = from; i < entries_.size(); ++i) out.push_back(&entries_[i]);
    return reply(out, output);
}

nl::json History::get_range_impl(int session, int start, int stop, bool, bool output) const {
    std::vector<const Entry *> out;
    if (session != 0 && session != session_number) return reply(out, output);
    // IPython's rules, over lines 0 .. the last count (line 0 is never an input).
    const int n = entries_.empty() ? 1 : entries_.back().line + 1;
    if (start < 0) start += n;
    if (stop == 0 || stop > n) stop = n;
    else if (stop < 0) stop += n;
    for (const Entry &e : entries_)
        if (e.line >= start && e.line < stop) out.push_back(&e);
    return reply(out, output);
}

nl::json History::search_impl(const std::string &pattern, bool, bool output, int n,
                               bool unique) const {
    std::vector<const Entry *> out;
    std::set<std::string> seen;
    // The latest first, so that `unique` keeps an input's last entry and `n` the last n.
    for (auto e = entries_.rbegin(); e != entries_.rend(); ++e) {
        if (n > 0 && (int)out.size() >= n) break;
        if (fnmatch(pattern.c_str(), e->input.c_str(), 0) != 0) continue;
        if (unique && !seen.insert(e->input).second) continue;
        out.push_back(&*e);
    }
    std::reverse(out.begin(), out.end());
    return reply(out, output);
}

}  // namespace loom::jupyter
