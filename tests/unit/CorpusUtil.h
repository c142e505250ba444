/** \file
 * Helpers for the corpus tests of the unit tests (lowering, simplify, fusion, cpu): list the
 * test programs, load and check one with its `-- ==` test blocks (driver/TestSpec.h), and
 * walk its value cases with the arguments read for an entry point. Each test keeps its own
 * way of running and comparing a case.
 */
#pragma once

#include "core/ValueIO.h"
#include "driver/TestSpec.h"
#include "frontend/Frontend.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace loom::corpus {

namespace fs = std::filesystem;

/** Parses and type-checks `src` (named `name` in messages); throws what the frontend throws. */
inline Program checked(const std::string &src, const std::string &name = "test.fut") {
    Program p = parse_program(make_source(name, src));
    CheckedEnvPtr env = prelude_env();
    check_program(p, env);
    return p;
}

/** The whole text of the file at `path`. */
inline std::string read_text(const fs::path &path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

/** The .fut files in the given folders of tests/ (and their subfolders when `nested`), sorted. */
inline std::vector<fs::path> files(std::initializer_list<const char *> dirs, bool nested = true) {
    fs::path tests = fs::path(__FILE__).parent_path().parent_path();
    std::vector<fs::path> out;
    auto add = [&](const fs::path &p) {
        if (p.extension() == ".fut")
            out.push_back(p);
    };
    for (const char *dir : dirs) {
        if (nested)
            for (const auto &e : fs::recursive_directory_iterator(tests / dir))
                add(e.path());
        else
            for (const auto &e : fs::directory_iterator(tests / dir))
                add(e.path());
    }
    std::sort(out.begin(), out.end());
    return out;
}

/** A test program, parsed and checked, with its test blocks. */
struct CorpusProgram {
    fs::path path;
    SourceFilePtr file;
    Program prog;
    std::vector<TestBlock> blocks;
};

/** The program at `path`, or nothing when the frontend rejects it (error tests). */
inline std::optional<CorpusProgram> load_checked(const fs::path &path) {
    CorpusProgram c;
    c.path = path;
    c.file = make_source(path.string(), read_text(path));
    try {
        c.blocks = parse_test_blocks(c.file);
        c.prog = parse_program(c.file);
        CheckedEnvPtr env = prelude_env();
        check_program(c.prog, env);
    } catch (const std::exception &) {
        return std::nullopt;
    }
    return c;
}

/** Calls `f(entry, case)` for each entry point of each case with value inputs. */
template <class F> void for_each_value_case(const std::vector<TestBlock> &blocks, F &&f) {
    for (const TestBlock &b : blocks)
        for (const TestCase &c : b.cases) {
            if (c.input_kind != TestCase::InputKind::Values)
                continue;
            for (const std::string &entry :
                 c.entries.empty() ? std::vector<std::string>{"main"} : c.entries)
                f(entry, c);
        }
}

/** The element type of a scalar or an array of scalars: what an input value is adapted to. */
inline std::optional<PrimType> elem_prim(const TypePtr &t) {
    if (!t)
        return std::nullopt;
    if (t->kind == Type::Kind::Prim)
        return t->prim;
    if (t->kind == Type::Kind::Array && t->elem && t->elem->kind == Type::Kind::Prim)
        return t->elem->prim;
    return std::nullopt;
}

/** The case's input values adapted to the entry's source parameter types, or nothing when
 * they cannot be read or their number differs. */
inline std::optional<std::vector<Value>> read_args(const TestCase &c,
                                                   const std::vector<TypePtr> &source_params) {
    std::vector<Value> args;
    try {
        std::vector<ReadValue> vals = read_values(c.input);
        if (vals.size() != source_params.size())
            return std::nullopt;
        for (size_t i = 0; i < vals.size(); i++) {
            auto p = elem_prim(source_params[i]);
            args.push_back(p ? adapt_value(vals[i], *p) : vals[i].value);
        }
    } catch (const std::exception &) {
        return std::nullopt;
    }
    return args;
}

} // namespace loom::corpus
