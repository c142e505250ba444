// STUB: replaced by the parser work (issue #4).
#include "frontend/Frontend.h"
namespace loom {
Program parse_program(SourceFilePtr file) { throw CompileError({file, 1, 1}, "parser not implemented yet"); }
ExpPtr parse_expression(SourceFilePtr file) { throw CompileError({file, 1, 1}, "parser not implemented yet"); }
}
