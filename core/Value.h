/** \file
 * Run-time values, shared by the interpreter, the value readers/writers and
 * (later) the compiled backends.
 *
 * Arrays of primitives are flat typed buffers (never boxed per element); an
 * array value is a view (offset + shape) into a shared buffer, so rows and
 * simple slices need no copy.  Arrays whose elements are tuples, records, sums
 * or functions are boxed: a flat row-major vector of element Values.
 *
 * A value is cheap to copy (it shares storage).  In-place updates go through
 * `make_unique_storage()`, which copies only when the storage is shared — the
 * type checker's uniqueness rules make that rare.
 */
#pragma once

#include "core/PrimType.h"

#include <atomic>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <unordered_map>
#include <vector>

namespace loom {

struct Type;
using TypePtr = std::shared_ptr<const Type>;

/** A scalar of a primitive type.  Integers are stored sign- or zero-extended to 64
 * bits; f16 and f32 are stored as the nearest double of an exactly representable
 * value of their type (so arithmetic must round back through `normalize`). */
struct PrimValue {
    PrimType type = PrimType::I32;
    union {
        bool b;
        int64_t i;
        uint64_t u;
        double f;
    };
    PrimValue() : i(0) {}

    static PrimValue boolean(bool v) { PrimValue p; p.type = PrimType::Bool; p.i = 0; p.b = v; return p; }
    /** An integer of type t from the low bits of v (wraps). */
    static PrimValue integer(PrimType t, uint64_t v);
    /** A float of type t, rounded to t's precision. */
    static PrimValue floating(PrimType t, double v);

    int64_t as_i64() const;   ///< integers (wrapping into i64) and bool; floats truncate
    double as_f64() const;    ///< any type
    bool operator==(const PrimValue &o) const;  ///< bitwise-ish equality (NaN != NaN)
};

/** A scalar in the C representation of generated code and foreign functions (f16 as
 * float, bool as one byte), written at `slot`; and back. */
void put_c_scalar(const PrimValue &p, void *slot);
PrimValue get_c_scalar(PrimType t, const void *slot);

/** Rounds a double to the nearest f16 value (and back to double). */
double round_to_f16(double v);
/** IEEE half bits <-> float. */
uint16_t f16_bits_from_double(double v);
double f16_bits_to_double(uint16_t bits);

/** Reads element `i` of a flat buffer of type `t`. */
PrimValue load_prim(PrimType t, const uint8_t *base, int64_t i);
/** Writes element `i` of a flat buffer of type `t`. */
void store_prim(PrimType t, uint8_t *base, int64_t i, const PrimValue &v);

struct FunctionValue;  ///< defined by the interpreter (closures)

/** Loom's heap could not give `bytes` bytes (0: more than 2^62): a std::bad_alloc, so
 * that code knowing only that type still catches it. */
struct OutOfMemory : std::bad_alloc {
    size_t bytes;
    explicit OutOfMemory(size_t n) : bytes(n) {}
    const char *what() const noexcept override { return "out of memory"; }
};
/** "out of memory allocating N bytes" (as the compiled backends word it), or "out of
 * memory" for a std::bad_alloc without a size. */
std::string out_of_memory_message(const std::bad_alloc &e);

/** The product of `dims` and `unit`: 0 where a dim is 0 or negative, -1 where it passes
 * 2^62 (a product that wrapped around would make a huge array look small, or empty). */
int64_t checked_size(const std::vector<int64_t> &dims, int64_t unit = 1);

/** The storage of primitive arrays: bytes on Loom's heap, or bytes lent by a compiled
 * program's runtime (its result blocks), given back through `release` when the last view
 * goes — so results need no copy into Loom.  Lent bytes may still be pending (`defer`: a
 * GPU result whose only valid copy is on the device): the first data() writes them, so a
 * result only the GPU reads again is never downloaded. */
class Bytes {
public:
    /** n bytes on Loom's heap, zero-filled. */
    explicit Bytes(size_t n) : own_(allocate(n)), p_(own_.get()), n_(n) { std::memset(p_, 0, n); }
    /** A copy of n bytes at src. */
    Bytes(const uint8_t *src, size_t n) : own_(allocate(n)), p_(own_.get()), n_(n) {
        if (n) std::memcpy(p_, src, n);
    }
    /** n foreign bytes at p; `release` runs once, when the last reference goes. */
    Bytes(uint8_t *p, size_t n, std::function<void()> release)
        : p_(p), n_(n), release_(std::move(release)) {}
    Bytes(const Bytes &) = delete;
    Bytes &operator=(const Bytes &) = delete;
    ~Bytes() {
        if (release_) release_();
    }
    /** The bytes, written first when pending (which may throw: the fill's error). */
    uint8_t *data() const {
        if (pending())
            fill();
        return p_;
    }
    size_t size() const { return n_; }
    /** Foreign bytes (a compiled program's block lent to a Value), not Loom's heap. */
    bool foreign() const { return !own_; }

    /** Writes n bytes from offset `from` of the contents to dst. */
    using Fill = std::function<void(uint8_t *dst, size_t from, size_t n)>;
    /** The contents are elsewhere until the first data(), which runs `fill(data, 0,
     * size)` (it may run more than once if two threads ask at once: it must be
     * idempotent). */
    void defer(Fill fill);
    /** Copies n bytes from offset `from` to dst: of pending bytes of more than
     * `peek_above` bytes, for the first `peeks` calls, those alone (the bytes stay
     * pending: a few elements of a large array still on the GPU, shown or indexed), then
     * all of them (data()); smaller ones all at once (a transfer's latency dominates). */
    void peek(size_t from, size_t n, uint8_t *dst) const;
    static constexpr int peeks = 64;
    static constexpr size_t peek_above = 16384;
    bool pending() const { return pending_.load(std::memory_order_acquire); }
    /** The address of the bytes, pending or not (for code that knows where the contents
     * are: the GPU backend's arguments). */
    uint8_t *raw() const { return p_; }
    /** Pending bytes were written by the caller: no fill is needed any more. */
    void settled() const;

private:
    struct Free {
        void operator()(uint8_t *p) const;
    };
    /** n bytes (at least one) of Loom's heap; from 4 MiB on, 2 MiB-aligned and advised
     * onto transparent huge pages, as the cpu runtime's blocks and NumPy's arrays are: a
     * kernel streaming an input on 4 KiB pages missed the TLB at every page (a dot
     * product of 10^7 floats: medians 1.87 ms on small pages, 1.67 on huge ones). */
    static uint8_t *allocate(size_t n);
    std::unique_ptr<uint8_t, Free> own_;
    uint8_t *p_;
    size_t n_;
    std::function<void()> release_;
    mutable std::atomic<bool> pending_{false};
    mutable std::mutex fill_mutex_; ///< guards fill_ (not held while it runs)
    mutable Fill fill_;
    mutable std::atomic<int> peeked_{0};
    void fill() const;
};
using BytesPtr = std::shared_ptr<Bytes>;

class Value {
public:
    enum class Kind : uint8_t { Prim, Array, Tuple, Record, Sum, Function };

    Value() : kind_(Kind::Tuple) {}  ///< the empty tuple ()
    Value(PrimValue p) : kind_(Kind::Prim), prim_(p) {}  // NOLINT: implicit on purpose
    // A scalar (and `()`) has none of the other parts (p_ is not constructed): made,
    // copied, moved and destroyed without touching them (the interpreter copies scalars
    // at every variable it reads; memberwise copies and destructors were a fifth of its
    // time).
    Value(const Value &o) : kind_(o.kind_), has_parts_(o.has_parts_), prim_(o.prim_) {
        if (has_parts_) new (&p_) Parts(o.p_);
    }
    Value(Value &&o) noexcept : kind_(o.kind_), has_parts_(o.has_parts_), prim_(o.prim_) {
        if (has_parts_) new (&p_) Parts(std::move(o.p_));
    }
    // Both assignments take o's kind, scalar and parts before dropping their own, so o
    // may be a part of this value (`v = v.elems()[0]`).
    Value &operator=(const Value &o) {
        if (this != &o) {
            Kind kind = o.kind_;
            PrimValue prim = o.prim_;
            if (o.has_parts_) set_parts(Parts(o.p_));
            else drop_parts();
            kind_ = kind;
            prim_ = prim;
        }
        return *this;
    }
    Value &operator=(Value &&o) noexcept {
        if (this != &o) {
            Kind kind = o.kind_;
            PrimValue prim = o.prim_;
            if (o.has_parts_) {
                Parts taken(std::move(o.p_));
                set_parts(std::move(taken));
            } else {
                drop_parts();
            }
            kind_ = kind;
            prim_ = prim;
        }
        return *this;
    }
    ~Value() { drop_parts(); }

    static Value tuple(std::vector<Value> elems);
    /** fields must be sorted by name. */
    static Value record(std::vector<std::string> names, std::vector<Value> fields);
    static Value sum(std::string ctor, std::vector<Value> payload);
    static Value function(std::shared_ptr<FunctionValue> f);

    /** A fresh primitive array of the given shape (zero-filled). */
    static Value prim_array(PrimType t, std::vector<int64_t> shape);
    /** A primitive array over existing storage. */
    static Value prim_array(PrimType t, std::vector<int64_t> shape,
                            BytesPtr data, int64_t offset = 0);
    /** A boxed array: `elems` row-major over `shape`; `elem_type` describes an element
     * (needed to print or build empty arrays; may be null when elems is non-empty). */
    static Value boxed_array(std::vector<int64_t> shape, std::vector<Value> elems,
                             TypePtr elem_type);
    /** A boxed array whose element i is `make(i)`, made when first read (an array zipped
     * from columns a GPU may still hold: only what is read comes down).  Values are not
     * shared between threads, so this needs no lock. */
    static Value lazy_boxed_array(std::vector<int64_t> shape, TypePtr elem_type,
                                  std::function<Value(int64_t)> make);

    Kind kind() const { return kind_; }
    bool is_prim() const { return kind_ == Kind::Prim; }
    bool is_array() const { return kind_ == Kind::Array; }

    // --- scalars
    const PrimValue &prim() const { return prim_; }

    // --- tuples, records, sums
    /// tuple/record/sum payload (empty for the default-constructed `()`)
    const std::vector<Value> &elems() const { return parts().elems ? *p_.elems : no_values(); }
    const std::vector<std::string> &field_names() const { return *p_.names; }  ///< record
    const std::string &ctor() const { return (*p_.names)[0]; }  ///< sum constructor name
    const std::shared_ptr<FunctionValue> &function() const { return parts().fn; }

    // --- arrays
    const std::vector<int64_t> &shape() const { return parts().shape; }
    int rank() const { return (int)shape().size(); }
    int64_t length() const { return shape().empty() ? 0 : p_.shape[0]; }  ///< outer size
    int64_t num_elements() const;  ///< product of the shape
    bool is_prim_array() const { return kind_ == Kind::Array && !p_.boxed; }
    PrimType elem_prim() const { return prim_.type; }  ///< prim arrays
    TypePtr elem_type() const { return parts().elem_type; }   ///< boxed arrays (may be null)
    /** Prim arrays: pointer to the first element of this view (its bytes written first
     * when pending: Bytes::defer). */
    const uint8_t *data() const { return p_.buf->data() + p_.offset * prim_size(prim_.type); }
    /** Prim arrays: the address of this view's first element, its bytes pending or not. */
    const uint8_t *raw_data() const { return p_.buf->raw() + p_.offset * prim_size(prim_.type); }
    /** Prim arrays: the i-th element of the flattened view (read alone while the bytes
     * are pending, for the first few reads: Bytes::peek). */
    PrimValue flat_prim(int64_t i) const {
        return p_.buf->pending() ? peek_prim(i) : load_prim(prim_.type, raw_data(), i);
    }
    /** Boxed arrays: the i-th element of the flattened view. */
    const Value &flat_boxed(int64_t i) const { return p_.boxed->at(p_.offset + i); }
    /** Row i of an array (a scalar/element for rank 1, a view for rank > 1).  No bounds check. */
    Value row(int64_t i) const;
    /** Boxed arrays of tuples or sums: the same elements as one prim array per scalar
     * component, in compiler/ir/EntryValues' order, where they were zipped from such
     * arrays or unzipped into them once (set_columns: kept with the storage, for every
     * copy of the whole array); null for any other array, a row of it, or once its
     * storage may be written (make_unique_storage).  A compiled entry takes them as
     * they are: no unzipping again, and the device keeps its copies. */
    const std::vector<Value> *columns() const {
        return kind_ == Kind::Array && p_.boxed && !p_.boxed->columns.empty() && p_.offset == 0 &&
                       p_.shape == p_.boxed->columns_shape
                   ? &p_.boxed->columns
                   : nullptr;
    }
    void set_columns(std::vector<Value> cols) const;
    /** Makes this array's storage private and contiguous (copying if shared), so it may be
     * written in place. */
    void make_unique_storage();
    /** Writable pointer (after make_unique_storage). */
    uint8_t *mutable_data() { return p_.buf->data() + p_.offset * prim_size(prim_.type); }
    std::vector<Value> &mutable_boxed() { return p_.boxed->elems; } ///< after make_unique_storage
    int64_t offset() const { return parts().offset; }
    const BytesPtr &buffer() const { return parts().buf; }

    /** A new array of `rows` stacked along a new outer dimension.  All rows must have the
     * same shape and kind; `row_type` describes a row when `rows` is empty. */
    static Value stack(const std::vector<Value> &rows, const TypePtr &row_type,
                       const std::vector<int64_t> &row_shape_if_empty = {});

private:
    /** A boxed array's elements; with `make`, only those read so far, each made when
     * first read (a million-element result shown abbreviated makes a few). */
    struct Boxed {
        std::vector<Value> elems;
        std::function<Value(int64_t)> make;
        std::unordered_map<int64_t, Value> made;
        std::vector<Value> columns; ///< see columns()
        std::vector<int64_t> columns_shape;
        const Value &at(int64_t i) {
            if (!make)
                return elems[(size_t)i];
            if (auto it = made.find(i); it != made.end())
                return it->second;
            return made.emplace(i, make(i)).first->second; // nothing kept if make throws
        }
    };
    PrimValue peek_prim(int64_t i) const;
    static const std::vector<Value> &no_values();
    /** Everything but kind_ and prim_: constructed in p_ exactly when has_parts_ (never
     * for a scalar; an array always has them). */
    struct Parts {
        std::vector<int64_t> shape;
        int64_t offset = 0;
        BytesPtr buf;
        std::shared_ptr<Boxed> boxed;
        TypePtr elem_type;
        std::shared_ptr<std::vector<Value>> elems;
        std::shared_ptr<std::vector<std::string>> names;
        std::shared_ptr<FunctionValue> fn;
    };
    /** Parts of nothing, for a scalar's accessors. */
    static const Parts &no_parts();
    const Parts &parts() const { return has_parts_ ? p_ : no_parts(); }
    /** The parts, made empty first where there are none (static constructors). */
    Parts &own_parts() {
        if (!has_parts_) new (&p_) Parts();
        has_parts_ = true;
        return p_;
    }
    /** Takes `from` as the parts. */
    void set_parts(Parts &&from) noexcept {
        if (has_parts_) p_ = std::move(from);
        else new (&p_) Parts(std::move(from));
        has_parts_ = true;
    }
    void drop_parts() noexcept {
        if (has_parts_) p_.~Parts();
        has_parts_ = false;
    }
    Kind kind_;
    bool has_parts_ = false;
    PrimValue prim_;  // scalar, or element type of a prim array
    union {
        Parts p_;
    };
};

/** Structural equality: same kinds, shapes and elements (floats compared exactly,
 * NaN equal to NaN).  Used by tests; use values_close for float tolerance. */
bool values_equal(const Value &a, const Value &b);

/** The language's `==` on values: as values_equal, but floats compare as IEEE numbers
 * (NaN differs from itself, -0 equals 0). */
bool values_equal_ieee(const Value &a, const Value &b);

/** As values_equal, but floats compare with a relative/absolute tolerance
 * (|a-b| <= tol * max(1,|a|,|b|)), and NaN matches NaN. */
bool values_close(const Value &a, const Value &b, double tolerance = 1e-4);

/** Whether a result matches the value a test expects: values_close with `tolerance`, or
 * as `futhark test` compares (every float within 0.2% of the expected value's largest
 * float, at least 0.002), so that a test Futhark passes passes here too. */
bool values_match_expected(const Value &expected, const Value &actual, double tolerance);

}  // namespace loom
