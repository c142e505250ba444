/** \file
 * The message of a failure the generated CPU code reports (an `Err` of loom_cpu_abi.h),
 * worded as the interpreter words it.  Loom's host side (compiler/backend/cpu/CpuEntry.cpp)
 * and the C libraries `loom compile --emit library` writes (loom_cpu_lib.h) include this
 * one file after the ABI, inside their own namespace.  The includer provides <string> and
 * <cstdint>.
 */
inline std::string err_shape_text(const int64_t *s, int n) {
    std::string r;
    for (int i = 0; i < n; i++)
        r += "[" + std::to_string(s[i]) + "]";
    return r;
}

/** The message of e (E_INTERRUPT and E_INTERNAL: what happened, for a caller with no
 * exception of its own for them). */
inline std::string err_message(const Err &e) {
    const int64_t *a = e.nums, *b = e.nums + e.na;
    switch (e.kind) {
    case E_MSG:
        return e.msg ? e.msg : "failure";
    case E_INDEX:
    case E_SLICE: {
        // An index: na numbers; a slice: 7 a dimension (is_range, has_start, has_end,
        // has_stride, start, end, stride).  Then the array's shape.
        std::string msg = "Index [";
        int dims = e.kind == E_INDEX ? e.na : e.na / 7;
        for (int k = 0; k < dims; k++) {
            if (k)
                msg += ", ";
            if (e.kind == E_INDEX) {
                msg += std::to_string(a[k]);
                continue;
            }
            const int64_t *s = a + 7 * k;
            if (!s[0]) {
                msg += std::to_string(s[4]);
                continue;
            }
            if (s[1])
                msg += std::to_string(s[4]);
            msg += ":";
            if (s[2])
                msg += std::to_string(s[5]);
            if (s[3])
                msg += ":" + std::to_string(s[6]);
        }
        return msg + "] out of bounds for array of shape " + err_shape_text(b, e.nb) + ".";
    }
    case E_RANGE: {
        // start, whether there is a second element, the second, end; extra: the kind of end.
        static const char *const seps[] = {"...", "..<", "..>"};
        std::string msg = "Range " + std::to_string(a[0]);
        if (a[1])
            msg += ".." + std::to_string(a[2]);
        int kind = e.extra >= 0 && e.extra < 3 ? (int)e.extra : 0;
        return msg + seps[kind] + std::to_string(a[3]) + " is invalid.";
    }
    case E_COERCE:
        return "Value of shape " + err_shape_text(a, e.na) + " cannot match shape of type `" +
               err_shape_text(b, e.nb) + "`.";
    case E_INTERRUPT:
        return "interrupted";
    case E_OOM:  // extra: more than 2^62 bytes
        if (e.extra) return "out of memory allocating more than 4611686018427387904 bytes";
        return e.na ? "out of memory allocating " + std::to_string(a[0]) + " bytes" : "out of memory";
    default:
        return std::string("internal error: ") + (e.msg ? e.msg : "failure");
    }
}
