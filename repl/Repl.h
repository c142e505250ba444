/** \file
 * The terminal front end of the session engine (DESIGN.md §4): the interactive
 * REPL (libedit line editing, history, completion, Ctrl-C) and `loom --run`.
 * Presentation only: every evaluation goes through loom::Session.
 */
#pragma once

#include "session/Session.h"

#include <atomic>
#include <iosfwd>
#include <string>

namespace loom {

/** How records are shown. */
struct ReplStyle {
    bool colour = false;     ///< ANSI colour (only when stdout is a terminal)
    bool abbreviate = true;  ///< large arrays print abbreviated
    /** Set by Ctrl-C: a long value (`:print`) stops printing there.  None in scripts. */
    const std::atomic<bool> *interrupt = nullptr;
};

/** Prints one evaluation record as the REPL shows it: values and command output
 * on `out`, errors on `err` (after flushing `out`, so the two interleave). */
void print_record(const EvalRecord &r, const ReplStyle &style, std::ostream &out,
                  std::ostream &err);

/** Runs the interactive REPL on the terminal, first loading the definitions of `load`
 * when it is not empty; returns the exit status. */
int run_repl(const std::string &load = "");

/** Runs a script of REPL input (`name` names it in errors) with no prompts and
 * no colour, after `:load load` when `load` is not empty.  Returns 1 on the first
 * error unless `keep_going` (then 1 if any error happened), else 0. */
int run_script(std::istream &in, const std::string &name, bool keep_going, std::ostream &out,
               std::ostream &err, const std::string &load = "");

}  // namespace loom
