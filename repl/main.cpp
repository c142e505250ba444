// The `loom` binary: dispatches to the command-line driver (the REPL comes later).
#include "driver/Driver.h"

#include <iostream>

int main(int argc, char **argv) {
    std::ios::sync_with_stdio(false);
    std::vector<std::string> args(argv + 1, argv + argc);
    return loom::driver_main(args, std::cin, std::cout, std::cerr);
}
