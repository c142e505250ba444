// The interactive REPL and `loom --run` (see Repl.h).
#include "repl/Repl.h"

#include "core/Files.h"
#include "core/Text.h"

#include <histedit.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <clocale>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <cwchar>
#include <filesystem>
#include <iostream>
#include <optional>
#include <fcntl.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <pthread.h>
#include <unistd.h>

namespace loom {

int run_script(std::istream &in, const std::string &name, bool keep_going, std::ostream &out,
               std::ostream &err, const std::string &load) {
    const std::string text = read_stream(in);
    Session session;
    ReplStyle style;  // no colour; large arrays abbreviated as in the REPL
    int status = 0;
    if (!load.empty()) {
        EvalRecord r = session.submit(":load " + load);
        print_record(r, style, out, err);
        if (r.kind == EvalRecord::Kind::Error) {
            status = 1;
            if (!keep_going) return status;
        }
    }
    for (const InputChunk &c : session.split(text)) {
        EvalRecord r = session.submit(c.text, name, c.first_line);
        if (r.kind == EvalRecord::Kind::Incomplete) r.kind = EvalRecord::Kind::Error;
        print_record(r, style, out, err);
        if (r.kind == EvalRecord::Kind::Quit) break;
        if (r.kind == EvalRecord::Kind::Error) {
            status = 1;
            if (!keep_going) break;
        }
    }
    out.flush();
    return status;
}

// ---------------------------------------------------------------- terminal

namespace {

std::atomic<bool> g_interrupt{false};

pthread_t g_main_thread;

// Written by the SIGINT handler, polled with the terminal by read_char: a Ctrl-C that
// lands just before the prompt's read (or on another thread) still ends that read.
int g_sigpipe[2] = {-1, -1};

// The kernel delivers SIGINT to any thread (one of the cpu backend's OpenMP workers, say);
// the main thread gets it too, so that a blocking call there returns.
extern "C" void on_sigint(int) {
    int saved = errno;
    g_interrupt.store(true);
    if (g_sigpipe[1] >= 0) (void)!::write(g_sigpipe[1], "", 1);
    if (!pthread_equal(pthread_self(), g_main_thread))
        pthread_kill(g_main_thread, SIGINT);
    errno = saved;
}

void drain_sigpipe() {
    char buf[64];
    while (g_sigpipe[0] >= 0 && ::read(g_sigpipe[0], buf, sizeof buf) > 0) {
    }
}

struct Terminal {
    Session session;
    EditLine *el = nullptr;
    History *hist = nullptr;
    std::string prompt = "loom> ";
    std::string history_path;
    ReplStyle style;
};

Terminal *g_term = nullptr;

/** Saves the history file whole or not at all: libedit truncates it before writing, and
 * a closed terminal's SIGHUP may end the process in between (an empty history). */
void save_history(Terminal &term) {
    if (term.history_path.empty()) return;
    HistEvent ev;
    const std::string tmp = term.history_path + ".new";
    if (history(term.hist, &ev, H_SAVE, tmp.c_str()) >= 0) std::rename(tmp.c_str(), term.history_path.c_str());
}

/** A line read by el_gets without its newline; entered into the history (and saved)
 * unless blank. */
std::string take_line(Terminal &term, const char *line) {
    std::string l(line);
    while (!l.empty() && (l.back() == '\n' || l.back() == '\r')) l.pop_back();
    if (!blank_line(l)) {
        HistEvent ev;
        history(term.hist, &ev, H_ENTER, l.c_str());
        save_history(term);
    }
    return l;
}

char *prompt_fn(EditLine *) { return const_cast<char *>(g_term->prompt.c_str()); }

/** How a read at a prompt ended. */
enum class Read { Line, Interrupted, End, Again };

/** One line at `prompt` (into `out`, without its newline: take_line).  Interrupted: Ctrl-C
 * (the flag set); End: Ctrl-D or the end of input; Again: a signal other than Ctrl-C
 * ended the read with nothing read. */
Read read_line(Terminal &term, const std::string &prompt, std::string &out) {
    term.prompt = prompt;
    int count = 0;
    errno = 0;
    const char *line = el_gets(term.el, &count);
    if (g_interrupt.load())
        return Read::Interrupted;
    if (!line || count <= 0)
        return errno == EINTR ? Read::Again : Read::End;
    out = take_line(term, line);
    return Read::Line;
}

/** Tab: complete the word before the cursor; list the choices when ambiguous. */
unsigned char complete_fn(EditLine *el, int) {
    const LineInfo *li = el_line(el);
    const std::string before(li->buffer, li->cursor);
    Session::Completion c = g_term->session.complete(before, before.size());
    const std::string word = before.substr(c.start);
    const std::vector<std::string> &matches = c.matches;
    if (matches.empty()) return CC_ERROR;
    std::string common = matches[0];
    for (auto &m : matches) {
        size_t k = 0;
        while (k < common.size() && k < m.size() && common[k] == m[k]) ++k;
        common.resize(k);
    }
    if (matches.size() == 1 && common.back() != '/') common += ' '; // (a folder goes on)
    if (common.size() > word.size()) {
        el_insertstr(el, common.substr(word.size()).c_str());
        return CC_REDISPLAY;
    }
    // Ambiguous: show the candidates in columns.
    size_t width = 0;
    for (auto &m : matches) width = std::max(width, m.size());
    width += 2;
    size_t cols = std::max<size_t>(1, 80 / width), shown = 0;
    std::string text = "\n";
    for (auto &m : matches) {
        if (shown == 200) {
            text += "\n... (" + std::to_string(matches.size() - shown) + " more)";
            break;
        }
        text += m + std::string(width - m.size(), ' ');
        if (++shown % cols == 0) text += '\n';
    }
    if (text.back() != '\n') text += '\n';
    fputs(text.c_str(), stdout);
    fflush(stdout);
    return CC_REDISPLAY;
}

std::string history_file() {
    namespace fs = std::filesystem;
    std::string dir;
    if (const char *x = std::getenv("XDG_DATA_HOME"); x && *x) dir = std::string(x) + "/loom";
    else if (const char *h = std::getenv("HOME"); h && *h) dir = std::string(h) + "/.local/share/loom";
    else return {};
    std::error_code ec;
    fs::create_directories(dir, ec);
    return dir + "/history";
}

}  // namespace

/** libedit's character reader (EL_GETCFN).  Its own retries a read that Ctrl-C
 * interrupted, so Ctrl-C at the prompt only took effect after the next Enter, which it
 * swallowed; this one gives up (-1), and el_gets returns at once. */
int read_char(EditLine *, wchar_t *out) {
    std::mbstate_t state{};
    for (;;) {
        if (g_interrupt.load())
            return -1;
        pollfd fds[2] = {{STDIN_FILENO, POLLIN, 0}, {g_sigpipe[0], POLLIN, 0}};
        if (::poll(fds, g_sigpipe[0] >= 0 ? 2 : 1, -1) < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        if (fds[1].revents & POLLIN)
            drain_sigpipe();  // the flag, set before the byte was written, decides above
        if (!(fds[0].revents & (POLLIN | POLLHUP | POLLERR | POLLNVAL)))
            continue;
        char c;
        ssize_t r = ::read(STDIN_FILENO, &c, 1);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return -1;
        if (r == 0)
            return 0; // end of input
        wchar_t wc;
        size_t k = std::mbrtowc(&wc, &c, 1, &state);
        if (k == (size_t)-2)
            continue; // more bytes of a multibyte character
        *out = k == (size_t)-1 ? (wchar_t)(unsigned char)c : wc;
        return 1;
    }
}

/** `:plot2d`'s text as wide as the terminal is now (a margin left), and as tall as it
 * allows up to a quarter of that width (characters are about twice as tall as wide: a
 * plot about twice as wide as tall), at least 24 rows where it allows; at least 40x12. */
void set_plot_size(Session &session) {
    winsize ws{};
    if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) != 0 || ws.ws_col == 0 || ws.ws_row == 0) return;
    const int w = std::max(40, ws.ws_col - 2);
    session.set_text_size(w, std::max(12, std::min(ws.ws_row - 4, std::max(24, w / 4))));
}

int run_repl(const std::string &load) {
    if (!isatty(STDIN_FILENO)) {
        // Not a terminal: the input is a script (after the same `:load`).
        return run_script(std::cin, "<stdin>", true, std::cout, std::cerr, load);
    }

    Terminal term;
    g_term = &term;
    const char *t = std::getenv("TERM");
    term.style.colour = isatty(STDOUT_FILENO) && !std::getenv("NO_COLOR") &&
                        !(t && std::string(t) == "dumb");
    term.session.set_interrupt_flag(&g_interrupt);
    term.style.interrupt = &g_interrupt;

    // SIGINT sets a flag, polled by evaluations; no SA_RESTART, so a read at the
    // prompt returns and the line is abandoned.
    g_main_thread = pthread_self();
    if (::pipe2(g_sigpipe, O_NONBLOCK | O_CLOEXEC) != 0) g_sigpipe[0] = g_sigpipe[1] = -1;
    struct sigaction sa {};
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, nullptr);

    term.hist = history_init();
    HistEvent ev;
    history(term.hist, &ev, H_SETSIZE, 2000);
    history(term.hist, &ev, H_SETUNIQUE, 1);
    term.history_path = history_file();
    if (!term.history_path.empty()) history(term.hist, &ev, H_LOAD, term.history_path.c_str());

    // libedit reads multibyte characters only under the user's locale (else `ï` is lost).
    std::setlocale(LC_CTYPE, "");
    term.el = el_init("loom", stdin, stdout, stderr);
    el_set(term.el, EL_EDITOR, "emacs");
    el_set(term.el, EL_GETCFN, read_char);
    el_set(term.el, EL_PROMPT, prompt_fn);
    el_set(term.el, EL_HIST, history, term.hist);
    el_set(term.el, EL_ADDFN, "loom-complete", "complete a name or command", complete_fn);
    el_set(term.el, EL_BIND, "^I", "loom-complete", nullptr);
    el_source(term.el, nullptr);  // the user's ~/.editrc, if any

    // A `#[break]` reads its prompt's lines here (on the evaluation's thread, while this
    // one waits for it).
    term.session.set_break_io(BreakIO{
        [&term](const std::string &prompt) -> std::optional<std::string> {
            std::string l;
            Read r = read_line(term, prompt, l);
            if (r == Read::Line)
                return l;
            fputs(r == Read::Interrupted ? "^C" : "\n", stdout); // the REPL ends ^C's line
            fflush(stdout);
            return std::nullopt;
        },
        [&term](const EvalRecord &r) { print_record(r, term.style, std::cout, std::cerr); }});

    std::cout << "Loom (Futhark's core language), backend " << term.session.backend()
              << ".  :help lists commands, Ctrl-D quits.\n";
    set_plot_size(term.session);
    if (!load.empty()) print_record(term.session.submit(":load " + load), term.style, std::cout, std::cerr);
    std::cout.flush();

    // Pasted text arrives faster than it is read: bytes still waiting mean a paste.
    auto pasting = [] {
        pollfd p{STDIN_FILENO, POLLIN, 0};
        return ::poll(&p, 1, 0) > 0 && (p.revents & POLLIN);
    };
    std::string chunk;
    std::optional<std::string> ahead; // a pasted line read to see whether it went on
    bool done = false;
    while (!done) {
        std::string l;
        if (ahead) {
            l = std::move(*ahead);
            ahead.reset();
        } else {
            g_interrupt.store(false);
            drain_sigpipe();  // after the reset: a Ctrl-C from now on is the prompt's
            Read r = read_line(term, chunk.empty() ? "loom> " : "  ... ", l);
            if (r == Read::Interrupted) {
                // Ctrl-C at the prompt: drop the unfinished input.
                chunk.clear();
                el_reset(term.el);
                fputs("^C\n", stdout);
                fflush(stdout);
                continue;
            }
            if (r == Read::Again)
                continue;
            if (r == Read::End) {
                fputs("\n", stdout);
                break;  // Ctrl-D
            }
        }
        if (chunk.empty() && blank_line(l)) continue;
        chunk += l;
        chunk += '\n';
        // A blank line ends an unfinished input (and shows its error), unless pasted.
        if (!term.session.is_complete(chunk) && (!blank_line(l) || pasting())) continue;
        // A typed `case` may be followed by another; a blank line ends the `match`.
        if (!pasting() && Session::may_take_more_cases(l)) continue;
        // The lines of a paste that go on with it follow it, as in `loom --run`
        // (Session::split, Note [Lines that go on]): a `case` under its `match`, indented
        // or not, a `|> map f` under its array.
        while (pasting()) {
            std::string n;
            Read r = read_line(term, "  ... ", n);
            if (r != Read::Line) {
                done = r == Read::End; // the end of input, after this one
                break;
            }
            if (blank_line(n) || !Session::continues_input(n)) {
                ahead = std::move(n);
                break;
            }
            chunk += n;
            chunk += '\n';
        }
        std::string input;
        std::swap(input, chunk);
        g_interrupt.store(false);
        set_plot_size(term.session);
        EvalRecord r = term.session.submit(input);
        if (r.kind == EvalRecord::Kind::Quit) break;
        if (r.kind == EvalRecord::Kind::Incomplete) r.kind = EvalRecord::Kind::Error;
        if (r.interrupted) fputs("\n", stdout);  // after the terminal's "^C"
        print_record(r, term.style, std::cout, std::cerr);
    }
    save_history(term);
    el_end(term.el);
    history_end(term.hist);
    g_term = nullptr;
    return 0;
}

}  // namespace loom
