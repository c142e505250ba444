// Note [Regular rows] (RowShapes.h): the shapes of arrays nested in an array's rows.
#include "interpreter/RowShapes.h"

namespace loom::interp {

bool RowShapes::add(const Value &row, std::vector<int64_t> &have, std::vector<int64_t> &want) {
    return merge(root_, row, have, want);
}

bool RowShapes::merge(Node &n, const Value &v, std::vector<int64_t> &have, std::vector<int64_t> &want) {
    auto all = [&](std::vector<Node> &nodes, const std::vector<Value> &vs) {
        if (nodes.size() < vs.size()) nodes.resize(vs.size());
        for (size_t i = 0; i < vs.size(); ++i)
            if (!merge(nodes[i], vs[i], have, want)) return false;
        return true;
    };
    switch (v.kind()) {
    case Value::Kind::Array: {
        if (!n.seen) {
            n.seen = true;
            n.shape = v.shape();
        } else if (n.shape != v.shape()) {
            have = v.shape();
            want = n.shape;
            return false;
        }
        if (v.is_prim_array()) return true;
        if (n.parts.empty()) n.parts.resize(1);
        const int64_t count = v.num_elements();
        for (int64_t i = 0; i < count; ++i)
            if (!merge(n.parts[0], v.flat_boxed(i), have, want)) return false;
        return true;
    }
    case Value::Kind::Tuple:
    case Value::Kind::Record: return all(n.parts, v.elems());
    case Value::Kind::Sum: return all(n.ctors[v.ctor()], v.elems());
    default: return true;
    }
}

}  // namespace loom::interp
