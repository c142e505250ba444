/** \file
 * `loom literate FILE.fut`: a Markdown document of the program (Futhark's `futhark
 * literate`, shared/reference/futhark/futhark-literate.rst): its top-level comments as
 * text, its code in code blocks, and each directive (`-- > e`, `-- > :img e`, ...) run
 * by the session engine and replaced by its result, images in FILE-img/.
 */
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace loom {

/** The `loom literate` command; `args` follow the word `literate`.  Exit status 0, 1 when
 * a directive failed (the document still written, unless --stop-on-error), 2 when the
 * program does not load or for a usage error. */
int literate_main(const std::vector<std::string> &args, std::ostream &out, std::ostream &err);

}  // namespace loom
