/** \file
 * What the `loom` subcommands share in reading their command lines: options, backends
 * and the program files that paths name.
 */
#pragma once

#include "compiler/Pipeline.h"

#include <string>
#include <vector>

namespace loom {

/** A usage or input problem reported as `loom: message`, with the exit status. */
struct UsageError {
    std::string message;
    int status;
};

/** Walks a command's arguments; `value_of` reads an option's value (`--opt V` or `--opt=V`). */
struct ArgReader {
    const std::vector<std::string> &args;
    size_t i = 0;

    bool done() const { return i >= args.size(); }
    const std::string &current() const { return args[i]; }
    /** Whether the current argument is `name` or `name=...`. */
    bool is(const std::string &name) const;
    std::string value_of(const std::string &name);
};

/** The backend a `--backend` value selects; `auto` is the compiled backend for this
 * machine (cuda with a GPU, else cpu): `loom run` also interprets with it where
 * compiling cannot pay off or the compiler has a limitation (see cmd_run). */
compiler::Backend parse_backend_arg(const std::string &b);

/** Adds the backends of a `--backend` value (a comma list) to `backends`, in order and
 * once each; naming cuda where it cannot run is a usage error. */
void add_backends(const std::string &list, std::vector<compiler::Backend> &backends);

/** The programs `paths` name: files as given, and under directories (recursively, in
 * sorted order) `.fut` files and `.loom` files with a test block.  Paths that do not
 * exist go to `missing`. */
std::vector<std::string> program_files(const std::vector<std::string> &paths, std::vector<std::string> &missing);

}  // namespace loom
