/** \file
 * Note [Regular rows]: the rows of one array have one shape all through, the arrays
 * inside tuples, records and constructor payloads included (the language's arrays are
 * regular; compiled code stores each such inner array as one array with a row per
 * element).  A row holding another constructor says nothing about a payload's shape.
 * Used where the interpreter makes an array from rows it did not make from one shape:
 * a `map`'s results and an array literal.
 */
#pragma once

#include "core/Value.h"

#include <map>
#include <string>
#include <vector>

namespace loom::interp {

/** The shapes of the arrays inside the rows seen so far. */
class RowShapes {
public:
    /** Whether row's arrays have the earlier rows' shapes; if not, the first that
     * differs: row's (`have`) and the earlier rows' (`want`). */
    bool add(const Value &row, std::vector<int64_t> &have, std::vector<int64_t> &want);

private:
    struct Node {
        bool seen = false;
        std::vector<int64_t> shape;                       ///< an array's
        std::vector<Node> parts;                          ///< tuple or record fields; an array's element
        std::map<std::string, std::vector<Node>> ctors;   ///< each constructor's payload
    };
    static bool merge(Node &n, const Value &v, std::vector<int64_t> &have, std::vector<int64_t> &want);
    Node root_;
};

}  // namespace loom::interp
