/** \file
 * The core IR of the compiler path (see docs/ir.md): monomorphic, first-order, in
 * A-normal form, with tuples flattened away and SOACs carrying their lambdas.
 *
 * A Module holds Functions; a Body is a list of Stms (each binds the values of one Exp
 * to typed Vars) plus a list of result atoms.  Every operand is a SubExp: a constant or a
 * Var.  Every array type is a primitive element type plus one size SubExp per dimension
 * (an i64 Var in scope or a constant), so sizes are explicit everywhere.
 *
 * Nodes are immutable after `make` and shared through ExpPtr (shared_ptr<const Exp>).
 * One X-macro (LOOM_IR_EXP_KINDS) lists the node kinds; downcast with `as<T>()`.
 *
 * Scalar semantics (exactly the interpreter's, interpreter/PrimOps.h, which IREval calls):
 *  - integers wrap around at their width; signed `/` and `%` floor (the result of `%` has
 *    the sign of the divisor), `//` and `%%` truncate; integer division or remainder by
 *    zero is a run-time error at the node's location;
 *  - shifts take the right operand modulo nothing: a shift by >= the width gives 0 (or
 *    the sign fill for `>>` on signed values), as the interpreter does;
 *  - floats are IEEE: f32 is computed in float, f16 rounded after every operation; NaN
 *    compares unequal to everything (also itself) and `min`/`max` follow the interpreter;
 *  - `&&`/`||` on atoms evaluate both operands (lowering turns short-circuiting source
 *    operators into If); comparisons give bool;
 *  - Convert is Futhark's `T.from`: float to integer truncates (NaN/inf give 0 as the
 *    interpreter), integer to integer wraps, to bool tests != 0.
 * Evaluation order: statements run in order; the operands of an Exp are atoms and have no
 * effects.  Run-time checks (bounds, size coercions, asserts, division) fail with a
 * RuntimeError carrying the source location stored in the node.
 */
#pragma once

#include "core/Diagnostic.h"
#include "core/Foreign.h"
#include "core/Value.h"
#include "interpreter/PrimOps.h"

#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace loom {

/** A source construct the compiler does not handle yet (a known gap, not a user error
 * and not a bug): lowering throws it with the construct's location. */
class CompilerLimitation : public LocatedError {
public:
    using LocatedError::LocatedError;
    const char *kind() const override { return "compiler limitation"; }
};

namespace ir {

using interp::BinOpKind;
using interp::MathFn;

/** The type of the tag of a sum of n constructors (Lower's Note [Sum types]). */
inline PrimType sum_tag_type(size_t n) {
    return n <= 127 ? PrimType::I8 : PrimType::I32;
}

/** A variable: printed as `base_id`; identity is the id (unique per Module). */
struct Var {
    int id = -1;
    std::string base;
    bool operator==(const Var &o) const { return id == o.id; }
    bool operator!=(const Var &o) const { return id != o.id; }
    bool operator<(const Var &o) const { return id < o.id; }
};

/** An atom: a constant scalar or a variable. */
struct SubExp {
    bool is_const = true;
    PrimValue value; ///< is_const
    Var var;         ///< !is_const
    static SubExp constant(PrimValue v) {
        SubExp s;
        s.value = v;
        return s;
    }
    static SubExp i64(int64_t v) {
        return constant(PrimValue::integer(PrimType::I64, (uint64_t)v));
    }
    static SubExp of(Var v) {
        SubExp s;
        s.is_const = false;
        s.var = std::move(v);
        return s;
    }
    bool operator==(const SubExp &o) const;
};

/** A scalar (no dims) or an array of a primitive element type with one size per dim. */
struct Type {
    PrimType elem = PrimType::I32;
    std::vector<SubExp> dims;
    int rank() const { return (int)dims.size(); }
    static Type scalar(PrimType t) { return Type{t, {}}; }
    /** The type of one row (drops the outer dim). */
    Type row() const {
        Type r = *this;
        r.dims.erase(r.dims.begin());
        return r;
    }
    /** This type with a new outer dim. */
    Type array_of(SubExp n) const {
        Type r = *this;
        r.dims.insert(r.dims.begin(), n);
        return r;
    }
    bool operator==(const Type &o) const { return elem == o.elem && dims == o.dims; }
    bool operator!=(const Type &o) const { return !(*this == o); }
};

struct Param {
    Var var;
    Type type;
};

struct Exp;
using ExpPtr = std::shared_ptr<const Exp>;

struct Stm;
/** A sequence of bindings and the atoms it produces. */
struct Body {
    std::vector<Stm> stms;
    std::vector<SubExp> result;
};

/** Binds the values of `exp`, in order, to `pat`.  Types in `pat` may mention earlier
 * vars of the same pattern (Filter's count, the sizes an If or a Loop binds). */
struct Stm {
    std::vector<Param> pat;
    ExpPtr exp;
};

/** An anonymous function inside a SOAC: scalar or array params, a body, result types. */
struct Lambda {
    std::vector<Param> params;
    Body body;
    std::vector<Type> ret;
};

// clang-format off
/** Every expression kind.  X(Name) — the node struct is Name##Exp. */
#define LOOM_IR_EXP_KINDS(X) \
    X(Atom) X(UnOp) X(BinOp) X(Math) X(Foreign) X(Convert) \
    X(If) X(Loop) X(Assert) \
    X(Iota) X(Range) X(Replicate) X(ArrayLit) X(Index) X(Slice) X(Update) X(Concat) \
    X(Coerce) X(Transpose) X(Sort) \
    X(Map) X(Reduce) X(Scan) X(Filter) X(Scatter) X(Hist) X(Screma) X(Apply)
// clang-format on

enum class ExpKind : uint8_t {
#define LOOM_IR_ENUM(N) N,
    LOOM_IR_EXP_KINDS(LOOM_IR_ENUM)
#undef LOOM_IR_ENUM
};

const char *exp_kind_name(ExpKind k);

struct Exp {
    ExpKind kind;
    SrcLoc loc; ///< where a run-time failure is reported (may be unknown)
    explicit Exp(ExpKind k) : kind(k) {}
    virtual ~Exp() = default;
    template <typename T> const T *as() const {
        return kind == T::static_kind ? static_cast<const T *>(this) : nullptr;
    }
};

template <ExpKind K> struct ExpNode : Exp {
    static constexpr ExpKind static_kind = K;
    ExpNode() : Exp(K) {}
};

/** A copy of an atom. */
struct AtomExp : ExpNode<ExpKind::Atom> {
    SubExp x;
    static ExpPtr make(SubExp x);
};

enum class UnOpKind : uint8_t { Neg, Not };
/** Neg: numeric negation (wraps on integers); Not: logical not on bool, complement on ints. */
struct UnOpExp : ExpNode<ExpKind::UnOp> {
    UnOpKind op;
    SubExp x;
    static ExpPtr make(UnOpKind op, SubExp x);
};

/** A binary operator on two scalars of the same type (result bool for comparisons). */
struct BinOpExp : ExpNode<ExpKind::BinOp> {
    BinOpKind op;
    SubExp x, y;
    static ExpPtr make(BinOpKind op, SubExp x, SubExp y, SrcLoc loc);
};

/** A numeric-module function of module `type` (`f32.sqrt`, `i32.max`, `f64.pi`). */
struct MathExp : ExpNode<ExpKind::Math> {
    MathFn fn;
    PrimType type;
    PrimType ret; ///< the result type (bool for isnan, i32 for popc, ...)
    std::vector<SubExp> args;
    static ExpPtr make(MathFn fn, PrimType type, PrimType ret, std::vector<SubExp> args,
                       SrcLoc loc);
};

/** A call of a foreign C function (core/Foreign.h) with the values of its size
 * parameters (i64) and its arguments (scalars, arrays); binds its results (fresh arrays
 * whose dims are `sizes`).  Pure, so it may be moved, shared or dropped as any operation;
 * never folded.  A scalar one (ForeignFn::scalar) is scalar code; one taking or giving
 * arrays runs on the host, outside kernels. */
struct ForeignExp : ExpNode<ExpKind::Foreign> {
    std::shared_ptr<const ForeignFn> fn;
    std::vector<SubExp> sizes;
    std::vector<SubExp> args;
    static ExpPtr make(std::shared_ptr<const ForeignFn> fn, std::vector<SubExp> sizes,
                       std::vector<SubExp> args, SrcLoc loc);
    /** The types of its results. */
    std::vector<Type> result_types() const;
};

/** `to.from(x)`: Futhark's conversion between primitive types. */
struct ConvertExp : ExpNode<ExpKind::Convert> {
    PrimType to;
    SubExp x;
    static ExpPtr make(PrimType to, SubExp x);
};

/** Evaluates one branch; both bodies produce values of `ret`.  The types in `ret` may
 * mention the vars of the statement's own pattern (existential sizes): an If whose
 * branches give arrays of different sizes binds those sizes (i64) first, each branch
 * returning its own, and the array types name them.  A branch's result types must equal
 * `ret` with those pattern vars replaced by the branch's results at the same positions. */
struct IfExp : ExpNode<ExpKind::If> {
    SubExp cond;
    Body then_body, else_body;
    std::vector<Type> ret;
    static ExpPtr make(SubExp cond, Body t, Body e, std::vector<Type> ret);
};

/** `loop params = inits (for index < bound | while cond) do body`; the body's result
 * gives the params' next values; the loop's values are the params' last values.  A `for`
 * with bound <= 0 runs zero times.  `cond` (While) is evaluated before each iteration
 * with the params in scope.  A param's type may mention earlier (i64) params: sizes that
 * change between iterations.  The inits (and body results) must have the params' types
 * with those params replaced by the inits (body results) at their positions; the
 * statement's pattern has them replaced by its own vars. */
struct LoopExp : ExpNode<ExpKind::Loop> {
    enum class Form : uint8_t { For, While };
    std::vector<Param> params;
    std::vector<SubExp> inits;
    Form form = Form::For;
    Param index;  ///< For: i64 (or the bound's type) index
    SubExp bound; ///< For
    Body cond;    ///< While: one bool result
    Body body;
    static ExpPtr make(std::vector<Param> params, std::vector<SubExp> inits, Form form, Param index,
                       SubExp bound, Body cond, Body body);
};

/** Fails with `message` at `loc` when cond is false; gives cond (true).  Each `hole`
 * character in the message stands for the value of the next of `args` (integer atoms, in
 * decimal), so checks print run-time sizes as the interpreter does. */
struct AssertExp : ExpNode<ExpKind::Assert> {
    static constexpr char hole = '\x01';
    SubExp cond;
    std::string message;
    std::vector<SubExp> args;
    static ExpPtr make(SubExp cond, std::string message, SrcLoc loc, std::vector<SubExp> args = {});
    /** The message with the holes filled by `vals` (one string per arg). */
    std::string render(const std::vector<std::string> &vals) const;
};

/** `[0, 1, ..., n-1]` of type [n]i64. */
struct IotaExp : ExpNode<ExpKind::Iota> {
    SubExp n;
    bool checked = true; ///< false: n is known >= 0 (bounds-check elimination), so no check
    static ExpPtr make(SubExp n, bool checked = true);
};

/** Futhark's `start..second...end` family on integers of one type: binds the element
 * count (i64) first, then the array of that size.  An invalid range (wrong direction,
 * zero stride) fails at loc with the interpreter's message ("Range 5..<2 is invalid."). */
struct RangeExp : ExpNode<ExpKind::Range> {
    using End = ::loom::RangeExp::End;  // the same three forms as the source
    SubExp start;
    bool has_second = false;
    SubExp second;
    SubExp end;
    End end_kind = End::Inclusive;
    static ExpPtr make(SubExp start, std::optional<SubExp> second, SubExp end, End end_kind,
                       SrcLoc loc);
};

/** n copies of x (a scalar or an array: the result has one more dim). */
struct ReplicateExp : ExpNode<ExpKind::Replicate> {
    SubExp n;
    SubExp x;
    bool checked = true; ///< as IotaExp's
    static ExpPtr make(SubExp n, SubExp x, bool checked = true);
};

/** `[e1, ..., ek]` with every element of type `row`. */
struct ArrayLitExp : ExpNode<ExpKind::ArrayLit> {
    std::vector<SubExp> elems;
    Type row;
    static ExpPtr make(std::vector<SubExp> elems, Type row);
};

/** `arr[i1, ..., ik]` (k <= rank): a scalar or a sub-array.  When `checked`, an index
 * outside [0, dim) is a run-time error at loc ("Index [..] out of bounds ..."). */
struct IndexExp : ExpNode<ExpKind::Index> {
    Var arr;
    std::vector<SubExp> idx;
    bool checked = true;
    static ExpPtr make(Var arr, std::vector<SubExp> idx, bool checked, SrcLoc loc);
};

/** One entry of a Slice: an index, or a range `start:end:stride` whose omitted parts
 * take Futhark's defaults (which depend on the stride's sign). */
struct SliceEntry {
    bool is_range = false;
    bool has_start = false, has_end = false, has_stride = false;
    SubExp start, end, stride; ///< start is the index when !is_range
};

/** `arr[slice]` with at least one range, with Futhark's slice semantics and bounds
 * message.  Binds one i64 count per range entry (in order), then the result: an array
 * whose dims are those counts followed by the dims the slice does not touch. */
struct SliceExp : ExpNode<ExpKind::Slice> {
    Var arr;
    std::vector<SliceEntry> entries;
    static ExpPtr make(Var arr, std::vector<SliceEntry> entries, SrcLoc loc);
    int num_ranges() const;
};

/** `arr with [i1..ik] = v`: a new array (in place when arr is not used again). */
struct UpdateExp : ExpNode<ExpKind::Update> {
    Var arr;
    std::vector<SubExp> idx;
    SubExp value;
    bool checked = true;
    static ExpPtr make(Var arr, std::vector<SubExp> idx, SubExp value, bool checked, SrcLoc loc);
};

/** Concatenation along the outer dim; the result's outer size is `size` (x's + y's). */
struct ConcatExp : ExpNode<ExpKind::Concat> {
    Var x, y;
    SubExp size;
    static ExpPtr make(Var x, Var y, SubExp size);
};

/** `arr :> [dims]t`: the same array, with its sizes checked equal to `dims` at run time.
 * `type_text` is the source type the failure message names (the interpreter's
 * "cannot match shape of type `[n]i32`"); empty: the dims are printed instead. */
struct CoerceExp : ExpNode<ExpKind::Coerce> {
    Var arr;
    std::vector<SubExp> dims;
    std::string type_text;
    static ExpPtr make(Var arr, std::vector<SubExp> dims, SrcLoc loc, std::string type_text = {});
};

/** `transpose arr`: swaps the two outer dims of an array of rank >= 2. */
struct TransposeExp : ExpNode<ExpKind::Transpose> {
    Var arr;
    static ExpPtr make(Var arr);
};

/** `radix_sort_perm bits keys`: the stable permutation that sorts the integer array
 * `keys` by the unsigned number of each key's low `bits` bits (none when bits <= 0, all
 * when bits >= the width): element i is the index in keys of the i-th smallest.  A
 * fresh [n]i64; it cannot fail.  With a `payload` (a 1-D array of 4- or 8-byte numbers,
 * as long as keys: `radix_sort_with`), the payload's elements in that order instead,
 * carried through the sort's passes in place of the indices.  Not a SOAC: the backends
 * call their runtime's sort. */
struct SortExp : ExpNode<ExpKind::Sort> {
    SubExp bits;
    Var keys;
    std::optional<Var> payload;
    static ExpPtr make(SubExp bits, Var keys, std::optional<Var> payload = std::nullopt);
};

/** `map f xs1 .. xsk` over the outer dim w: lambda params are the rows; one result array
 * per lambda result. */
struct MapExp : ExpNode<ExpKind::Map> {
    SubExp w;
    Lambda lam;
    std::vector<Var> inputs;
    static ExpPtr make(SubExp w, Lambda lam, std::vector<Var> inputs);
};

/** Reduction of k arrays with an associative k+k -> k lambda and k neutral elements
 * (redomap-ready: a later fusion prepends a map lambda).  Order: left to right. */
struct ReduceExp : ExpNode<ExpKind::Reduce> {
    SubExp w;
    Lambda lam;
    std::vector<SubExp> neutral;
    std::vector<Var> inputs;
    static ExpPtr make(SubExp w, Lambda lam, std::vector<SubExp> neutral, std::vector<Var> inputs);
};

/** Inclusive scan; same shape of operator as Reduce; gives k arrays. */
struct ScanExp : ExpNode<ExpKind::Scan> {
    SubExp w;
    Lambda lam;
    std::vector<SubExp> neutral;
    std::vector<Var> inputs;
    static ExpPtr make(SubExp w, Lambda lam, std::vector<SubExp> neutral, std::vector<Var> inputs);
};

/** Keeps the rows for which the predicate (k params -> bool) holds.  Binds the count (i64)
 * first, then k arrays whose outer size is that count. */
struct FilterExp : ExpNode<ExpKind::Filter> {
    SubExp w;
    Lambda lam;
    std::vector<Var> inputs;
    static ExpPtr make(SubExp w, Lambda lam, std::vector<Var> inputs);
};

/** `scatter dest is vs` (one dest): writes vs[j] at is[j] for each in-range index
 * (out-of-range indices are ignored, as in Futhark); gives the updated dest.
 * Plain form: `inputs` are the arrays is and vs (outer size w).  Fused form (made by
 * fusion, `fused()`): `map_lam` takes row j of each of `inputs` and returns (is[j],
 * vs[j]), so neither array is materialised (a scalar vs[j]: dest is one-dimensional). */
struct ScatterExp : ExpNode<ExpKind::Scatter> {
    SubExp w; ///< length of indices and values
    Var dest;
    std::vector<Var> inputs;
    Lambda map_lam; ///< fused form only
    bool fused() const { return !map_lam.params.empty(); }
    static ExpPtr make(SubExp w, Var dest, Var indices, Var values);
    static ExpPtr make_fused(SubExp w, Var dest, std::vector<Var> inputs, Lambda map_lam);
};

/** One operator of a Hist: m destinations with the same bins (m > 1 for a histogram of
 * tuples), an operator lambda of 2m params (a bin's m values first, then a row's) giving
 * m values, and m neutral elements. */
struct HistOp {
    std::vector<Var> dests;
    Lambda lam;
    std::vector<SubExp> neutral;
    size_t width() const { return dests.size(); }
};

/** `reduce_by_index` into one or more destinations in one pass over w rows.  Row j gives,
 * for each op k, an index is_k[j] and values vs_k[j] (one per destination of op k); for
 * in-range indices, in order of j, dests_k[is_k[j]] = op_k(dests_k[is_k[j]], vs_k[j]).
 * Binds the updated dests of every op, in order.
 * Plain form: `inputs` are the arrays is_0, vs_0 (m_0 arrays), is_1, vs_1, ... (outer
 * size w).  Fused form (made by fusion, `fused()`): `map_lam` takes row j of each of
 * `inputs` and returns (is_0[j], vs_0[j]..., is_1[j], ...), so no index or value array is
 * materialised.  Several ops come from horizontal fusion of sibling hists (kmeans' sums
 * and counts). */
struct HistExp : ExpNode<ExpKind::Hist> {
    SubExp w;
    std::vector<HistOp> ops;
    std::vector<Var> inputs;
    Lambda map_lam; ///< fused form only
    bool fused() const { return !map_lam.params.empty(); }
    /** How many rows (indices and values) each row j gives: the ops' widths plus one each. */
    size_t row_width() const;
    /** Every op's destinations, in order (as the pattern binds their results). */
    std::vector<Var> dests() const;
    /** The one-destination plain form `reduce_by_index dest op ne is vs`. */
    static ExpPtr make(SubExp w, Var dest, Lambda lam, SubExp neutral, Var indices, Var values);
    static ExpPtr make_plain(SubExp w, std::vector<HistOp> ops, std::vector<Var> inputs);
    static ExpPtr make_fused(SubExp w, std::vector<HistOp> ops, std::vector<Var> inputs,
                             Lambda map_lam);
};

/** One scan or reduce operator of a Screma: an associative lambda of 2k params
 * (accumulators first) over k operands, and k neutral elements. */
struct ScremaOp {
    Lambda lam;
    std::vector<SubExp> neutral;
};

/** The fused form of map, reduce and scan (Futhark's screma), made by fusion: one pass
 * over the w rows of `inputs`.  `map_lam` takes one row of each input and returns, in
 * order, one value per scan operand (of every op in `scans`), one per reduce operand (of
 * every op in `reduces`), then the plain map results.  Binds, in order: the scan results
 * (arrays of outer size w, inclusive), the reduce results (one value per operand), then
 * the map results (arrays of outer size w).  `fused` names the source SOACs that were
 * combined into this node, in program order (e.g. {"map", "map", "reduce"}), for stats. */
struct ScremaExp : ExpNode<ExpKind::Screma> {
    SubExp w;
    std::vector<Var> inputs;
    std::vector<ScremaOp> scans, reduces;
    Lambda map_lam;
    std::vector<std::string> fused;
    static ExpPtr make(SubExp w, std::vector<Var> inputs, std::vector<ScremaOp> scans,
                       std::vector<ScremaOp> reduces, Lambda map_lam,
                       std::vector<std::string> fused);
    int num_scan_results() const;
    int num_reduce_results() const;
};

/** A call of another function of the module (a recursive source function, which lowering
 * does not inline): `args` gives its size params then its params.  Binds the callee's
 * results; `ret` are the pattern's types, which name the pattern's own leading i64 vars
 * (the callee's `ret_sizes`).  Each call nests one level deeper; past a fixed depth it
 * fails at `loc` with the interpreter's "Stack overflow: recursion too deep". */
struct ApplyExp : ExpNode<ExpKind::Apply> {
    std::string fn;
    std::vector<SubExp> args;
    std::vector<Type> ret;
    static constexpr int64_t max_depth = 1000000;
    static ExpPtr make(std::string fn, std::vector<SubExp> args, std::vector<Type> ret,
                       SrcLoc loc);
};

/** A function: size parameters (i64, taken from the argument arrays' shapes), then the
 * flattened value parameters.  `source_ret` (the source type of the result) tells how the
 * flat results are grouped into tuples/records for callers outside the IR. */
struct Function {
    std::string name;
    std::vector<Param> size_params;
    std::vector<Param> params;
    std::vector<Type> ret;
    /** Existential result sizes (functions called by ApplyExp): `ret` starts with one i64
     * per entry, the other result types may name these vars, and the body's results give
     * their values first. */
    std::vector<Param> ret_sizes;
    Body body;
    TypePtr source_ret;
    std::vector<TypePtr> source_params; ///< the source type of each source parameter
    /** Entry points: each source parameter's name and the entry's location, for the
     * messages of the arguments' size check (interpreter/EntryArgs.h). */
    std::vector<std::string> source_param_names;
    SrcLoc loc;
};

struct Module {
    std::vector<Function> functions;
    /** The foreign functions its code calls, in first-use order: the generated code
     * starts with their C (core/Foreign.h, foreign_code). */
    std::vector<std::shared_ptr<const ForeignFn>> foreign;
    int next_var_id = 0; ///< fresh vars of later passes start here
    /** The `#[trace]`s (and prelude `trace` calls) and `#[break]`s the source reached:
     * compiled code leaves them out (only the interpreter prints and stops). */
    std::vector<SrcLoc> traces, breaks;
    const Function *find(const std::string &name) const;
};

/** Readable text: `let x_3: [n_1]i32 = map(n_1, \(y_4: i32) -> ..., xs_2)`. */
std::ostream &operator<<(std::ostream &os, const Var &v);
std::ostream &operator<<(std::ostream &os, const SubExp &s);
std::ostream &operator<<(std::ostream &os, const Type &t);
std::ostream &operator<<(std::ostream &os, const Exp &e);
std::ostream &operator<<(std::ostream &os, const Body &b);
std::ostream &operator<<(std::ostream &os, const Lambda &l);
std::ostream &operator<<(std::ostream &os, const Function &f);
std::ostream &operator<<(std::ostream &os, const Module &m);
std::string to_string(const Module &m);

/** `t` with every size var `binders[i]` replaced by `values[i]` (existential sizes:
 * a loop's or an If's sizes bound by the same construct). */
Type substitute_sizes(const Type &t, const std::vector<Param> &binders,
                      const std::vector<SubExp> &values);

/** Whether the operator lambda l (params x_0..x_{n-1}, y_0..y_{n-1}) is evidently
 * commutative: result j is a commutative built-in (+, *, min, max, &&, ||, &, |, ^, ==,
 * !=) of x_j and y_j, with no other statements.  Such reductions may combine rows in any
 * order. */
bool is_commutative(const Lambda &l);

/** The type of an atom given the types of the vars in scope (a scalar for constants). */
using TypeLookup = std::function<const Type *(const Var &)>;

/** Checks the module: every var defined (once) before use, operand types match each
 * node's rule, sizes are i64 atoms in scope, lambda arities and types match the SOAC's
 * inputs and neutral elements, bodies produce the declared types.  Throws InternalError
 * naming the first problem. */
void verify(const Module &m);

} // namespace ir
} // namespace loom
