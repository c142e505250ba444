/** \file
 * The `-- ==` test blocks of `.fut`/`.loom` programs, in the format of
 * `futhark test` (futhark-test.rst): a description, a line `==`, then cases
 * (`input {..} output {..}`, `input @ file`, `error: regex`, `entry: names`,
 * `tags {..}`, `"name"`, `compiled`, `random`/`script` inputs, `structure {..}`:
 * StructureSpec).
 */
#pragma once

#include "core/Diagnostic.h"

#include <optional>
#include <string>
#include <vector>

namespace loom {

/** One input/output case. */
struct TestCase {
    std::string name;                 ///< the quoted name, or empty
    std::vector<std::string> entries; ///< entry points to test (default {"main"})
    std::vector<std::string> tags;    ///< words before `input`: compiled, nobench, random, ...
    SrcLoc loc;                       ///< of the `input` keyword
    enum class InputKind { Values, File, Random, Script } input_kind = InputKind::Values;
    std::string input;                ///< Values: the text inside the braces; File: the path
    SrcLoc input_loc;                 ///< where the values (inside the braces) start
    enum class Expect { Success, Output, RuntimeError, AutoOutput } expect = Expect::Success;
    std::string output;               ///< Output: the text inside the braces, or the path (output_file)
    bool output_file = false;         ///< `output @ file`
    SrcLoc output_loc;
    std::string error_regex;          ///< RuntimeError
    std::vector<std::string> program_tags; ///< the file's `tags { .. }`

    bool has_tag(const std::string &t) const;
    /** has_tag, or a tag of the program (for what excludes a case: notest, no_cpu, ...). */
    bool tagged(const std::string &t) const;
};

/** `structure [backend] { Screma 1 Loop/Map 0 }`: how many of each IR construct the
 * optimised program has (compiler/passes/Structure.h), as `futhark test -s` checks. */
struct StructureSpec {
    std::string backend;  ///< empty: the optimised IR; another name: not Loom's (skipped)
    std::vector<std::pair<std::string, int>> counts;
    SrcLoc loc;
};

/** One test block. */
struct TestBlock {
    SrcLoc loc;
    std::string description;
    std::vector<std::string> tags;            ///< `tags { .. }`
    std::vector<TestCase> cases;
    /// `error: regex` not after an input: the program must be rejected at compile time.
    std::optional<std::string> compile_error;
    std::vector<std::string> properties;      ///< `property: names` (driver/Property.h)
    std::vector<StructureSpec> structures;
};

/** The test blocks of a program's source (none for a file without `-- ==`).
 * Throws CompileError (located in `file`) on a malformed block. */
std::vector<TestBlock> parse_test_blocks(const SourceFilePtr &file);

}  // namespace loom
