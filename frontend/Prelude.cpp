// STUB: replaced by the prelude work (issue #4).
#include "frontend/Frontend.h"
namespace loom {
SourceFilePtr make_source(std::string name, std::string text) {
    return std::make_shared<SourceFile>(SourceFile{std::move(name), std::move(text)});
}
SourceFilePtr prelude_file() { static SourceFilePtr f = make_source("prelude.fut", prelude_source()); return f; }
}
