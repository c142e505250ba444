/** \file
 * The ABI between generated CPU code and the host (compiler/backend/cpu/CpuEntry.cpp):
 * the error record, the call context and the value descriptor.  Both sides include this one
 * file inside their own namespace (the runtime text gets it pasted by cmake/EmbedText.cmake),
 * so the layouts cannot drift apart.  No includes: the includer provides <cstdint>.
 */
/** E_OOM: nums[0] (na 1) the bytes asked for; extra 1: more than 2^62; else unknown. */
enum ErrKind : int32_t { E_MSG = 0, E_INDEX, E_RANGE, E_SLICE, E_COERCE, E_INTERRUPT, E_INTERNAL, E_OOM };
/** A failure: nums holds na numbers then nb numbers (indices then a shape, ...). */
struct Err {
    int32_t loc = -1, kind = E_MSG;
    int32_t na = 0, nb = 0;
    int64_t extra = 0;
    const char *msg = nullptr;
    int64_t nums[128];
};
struct Ctx {
    const bool *interrupt; ///< never null (a flag that stays false when none was given)
    int32_t nthreads;
    Err err;
};
struct Val {
    void *data;
    int64_t *shape;
    void *mem;
};
