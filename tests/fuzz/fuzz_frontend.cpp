// libFuzzer target: parse and type-check arbitrary bytes, and read them as values (the
// text, binary and .npy formats `loom run` reads).  Any exception other than a
// CompileError (a user error with a location) is a bug, and so is any crash or hang.
#include "core/Stack.h"
#include "core/ValueIO.h"
#include "frontend/Frontend.h"

#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    using namespace loom;
    auto file = make_source("fuzz.fut", std::string(reinterpret_cast<const char *>(data), size));
    // On the big stack, as loom and the session engine run the frontend (the parser's
    // depth limit is sized for it; sanitizer frames are several times larger).
    run_with_big_stack([&] {
        try {
            Program prog = parse_program(file);
            CheckedEnvPtr env = prelude_env(); // a fresh copy: inputs must not leak into each other
            check_program(prog, env);
        } catch (const CompileError &) {
            // Expected: a located diagnostic.
        }
        try {
            read_values(file->text, "fuzz.in");
        } catch (const CompileError &) {
        }
    });
    return 0;
}
