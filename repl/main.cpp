// The `loom` binary: with no arguments the REPL (`loom FILE.fut`: with FILE loaded),
// `--run SCRIPT` a REPL script,
// anything else the command-line driver (run/check/test).
#include "core/Stack.h"
#include "driver/Driver.h"
#include "repl/Repl.h"

#include <fstream>
#include <iostream>

int main(int argc, char **argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty()) return loom::run_repl();
    // `loom FILE.fut`: the REPL with the file's definitions loaded (as ghci FILE does).
    if (args.size() == 1 && args[0].size() > 4 && args[0].compare(args[0].size() - 4, 4, ".fut") == 0)
        return loom::run_repl(args[0]);
    if (args[0] == "--run") {
        std::string script;
        bool keep_going = false;
        for (size_t i = 1; i < args.size(); ++i) {
            if (args[i] == "--keep-going") keep_going = true;
            else if (script.empty()) script = args[i];
            else {
                std::cerr << "loom --run: unexpected argument `" << args[i] << "`\n";
                return 2;
            }
        }
        if (script.empty()) {
            std::cerr << "usage: loom --run SCRIPT|- [--keep-going]\n";
            return 2;
        }
        std::ios::sync_with_stdio(false);
        if (script == "-") return loom::run_script(std::cin, "<stdin>", keep_going, std::cout, std::cerr);
        std::ifstream in(script, std::ios::binary);
        if (!in) {
            std::cerr << "loom --run: cannot read `" << script << "`\n";
            return 2;
        }
        return loom::run_script(in, script, keep_going, std::cout, std::cerr);
    }
    std::ios::sync_with_stdio(false);
    // The interpreter recurses on the stack: give deep (but finite) recursion room.
    int status = 0;
    loom::run_with_big_stack([&] { status = loom::driver_main(args, std::cin, std::cout, std::cerr); });
    return status;
}
