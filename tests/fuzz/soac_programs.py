#!/usr/bin/env python3
"""Random SOAC programs for differential testing: every backend against the interpreter.

Writes a .fut file of COUNT entry points, each a random nesting of map, map2, reduce,
scan, hist, filter, scatter, replicate, transpose, reverse, rotate, iota, loops, lets,
unzipped pairs, reductions, scans and histograms of pairs, slices (of a matrix's rows in a
map's function too), index sections, concat, flatten, indexing and in-place updates, options (a sum type) reduced, scanned, binned and filtered, and a sum
with a row payload, over i32 (or, with --type, i64, f32 or f64) arrays of up to three
dimensions (operators element by element on rows too: `map2 (map2 f)`; products of 2x2
matrices as [4] and [2][2] rows; operators choosing rows or using them whole), with a random input
(sizes from 0 up, a fifth of them tall) and, as its expected output, what the
interpreter (`loom run --backend interp`) prints, or, where the interpreter fails (an
index out of bounds, an integer division by zero), that the program must fail.
`loom test --backend cpu,cuda FILE` then checks the compiled backends against it (cuda
under LOOM_CUDA_EMULATE=1 without a GPU).  With integers every backend must agree
exactly (arithmetic wraps); with floats the inputs are halves, and results are compared
within loom test's tolerance (a reduction's order may differ).  Reduce and scan
operators are associative with their neutral elements.  A tenth of the names bound
(--shadow) shadow a size or an entry parameter.

    tests/fuzz/soac_programs.py --seed 7 --count 40 --out /tmp/fuzz.fut [--loom build/loom]
    LOOM_CUDA_EMULATE=1 build/loom test --backend cpu,cuda /tmp/fuzz.fut

tests/fuzz/soac_fuzz.sh does both; the ctest `soac-fuzz` runs it with a fixed seed.
"""
import argparse
import random
import subprocess
import sys


# Associative operators with their neutral elements (reduce, scan, hist).  Products only
# of integers: a float product of many rows is rounded, and differently in each order of
# combining, which a later conversion to an integer (a hist's bin) turns into different
# results; sums of halves stay exact.
def ops(t):
    prod = [("(*)", f"1{t}")] if t in INTS else []
    return [("(+)", f"0{t}")] + prod + [(f"{t}.max", f"{t}.lowest"), (f"{t}.min", f"{t}.highest")]
DIMS = ["n", "m", "k"]
INTS = ["i32", "i64"]
# The failures the generator means: indices out of bounds, integer division by zero.
FAILS = ["out of bounds", "division by zero"]
# The sum types the programs use: declared once at the top of the output file, and
# again in each entry's own file for the interpreter's run.
TYPES = "type opt = #some {t} | #none\ntype rowopt [d] = #row [d]{t} | #nothing\n"
# The entry's parameters: name -> shape.
PARAMS = {"x3": ["n", "m", "k"], "x2": ["n", "m"], "x1": ["n"], "y1": ["m"], "z1": ["k"], "s": []}


class Gen:
    def __init__(self, rng, t, shadow=0.0):
        self.rng = rng
        self.shadow = shadow  # how often a bound name shadows a size or a parameter
        self.t = t  # the element type: i32, i64, f32 or f64
        self.int = t in INTS
        self.ops = ops(t)
        self.fresh = 0

    def name(self):
        """A name to bind: fresh, or sometimes one that shadows a size or an entry
        parameter (`\\n -> ...` inside an entry with size n: the compiler must keep the
        two apart as the interpreter does)."""
        if self.rng.random() < self.shadow:
            return self.rng.choice(DIMS + list(PARAMS))
        self.fresh += 1
        return f"v{self.fresh}"

    def pick(self, *choices):
        """A weighted choice: (weight, function) pairs."""
        total = sum(w for w, _ in choices)
        r = self.rng.uniform(0, total)
        for w, f in choices:
            r -= w
            if r <= 0:
                return f()
        return choices[-1][1]()

    def var_of(self, env, shape):
        names = [v for v, s in env.items() if s == shape]
        return self.rng.choice(names) if names else None

    def scalar(self, env, depth):
        v = self.var_of(env, [])
        lit = lambda c: f"{c}{self.t}" if c >= 0 else f"({c}{self.t})"  # `f -3` would subtract
        leaf = lambda: v if v and self.rng.random() < 0.7 else lit(self.rng.randint(-3, 5))
        if depth <= 0:
            return leaf()
        d = depth - 1
        any_shape = lambda: [self.rng.choice(DIMS)]
        return self.pick(*([
            (3, leaf),
            (3, lambda: f"({self.scalar(env, d)} {self.rng.choice(['+', '-', '*'])} {self.scalar(env, d)})"),
            (2, lambda: f"({self.t}.{self.rng.choice(['max', 'min'])} {self.scalar(env, d)} {self.scalar(env, d)})"),
            (1, lambda: f"(if {self.scalar(env, d)} < {self.scalar(env, d)} then {self.scalar(env, d)} else {self.scalar(env, d)})"),
            (2, lambda: self.reduce_to(env, [], d)),
            (1, lambda: f"({self.t}.sum (filter (\\{(x := self.name())} -> {x} > 0{self.t}) {self.array(env, any_shape(), d)}))"),
            (1, lambda: f"({self.t}.i64 (length {self.array(env, any_shape(), d)}))"),
            (1, lambda: self.last(env, d)),
            (1, lambda: f"({self.t}.sum {self.anon(env, d)})"),
            (1, lambda: f"{self.array(env, any_shape(), d)}[{self.index(env, d)}]"),
            (1, lambda: self.pair_reduce(env, d)),
            (1, lambda: self.matrices(env, d)),
            (1, lambda: self.option_fold(env, d)),
            (1, lambda: self.row_option(env, d)),
        ] + ([(1, lambda: self.divide(env, d))] if self.int else [])))

    # 2x2 matrices as [4] rows, multiplied: an associative operator on rows that is not
    # element by element (exact on integers only; the identity its neutral element).
    MATMUL = ("(\\a b -> [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], "
              "a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3]])")

    # The same as [2][2] rows of rows.
    MATMUL22 = ("(\\a b -> [[a[0][0] * b[0][0] + a[0][1] * b[1][0], a[0][0] * b[0][1] + a[0][1] * b[1][1]], "
                "[a[1][0] * b[0][0] + a[1][1] * b[1][0], a[1][0] * b[0][1] + a[1][1] * b[1][1]]])")

    # The row of the larger first element (the first of equal ones): an operator choosing
    # rows whole (made an `if` over their elements), one branch a literal or not.
    PICKS = ["(\\a b -> if a[0] < b[0] then b else a)",
             "(\\a b -> if a[0] < b[0] then [b[0], b[1], b[2], b[3]] else a)"]
    # The elements' maxima: an operator using its rows whole (it stays one on rows).
    MAXIMA = "(\\a b -> map2 (\\x y -> if x < y then y else x) a b)"

    def matrices(self, env, depth):
        """Rows of four made from the elements of an array, reduced (or scanned and
        summed) by a product of 2x2 matrices (integers), PICKS or MAXIMA."""
        x, q = self.name(), self.name()
        t = self.t
        third = f"{x} % 3{t}" if self.int else f"{x} * 2{t}"
        mats = f"(map (\\{x} -> [{x}, {x} - 1{t}, 1{t}, {third}]) {self.array(env, [self.rng.choice(DIMS)], depth)})"
        op, ne = self.MATMUL, f"[1{t}, 0{t}, 0{t}, 1{t}]"
        if not self.int or self.rng.random() < 0.3:
            op = self.rng.choice(self.PICKS + [self.MAXIMA])
            ne = f"(replicate 4 {t}.lowest)"
        if op == self.MATMUL and self.rng.random() < 0.4:
            mats = f"(map (\\{x} -> [[{x}, {x} - 1{t}], [1{t}, {third}]]) {self.array(env, [self.rng.choice(DIMS)], depth)})"
            op, ne = self.MATMUL22, f"[[1{t}, 0{t}], [0{t}, 1{t}]]"
            if self.rng.random() < 0.5:
                return f"(let {q} = reduce {op} {ne} {mats} in {q}[0][0] - {q}[1][1])"
            return f"({t}.sum (map (\\{q} -> {q}[0][1] + {q}[1][0]) (scan {op} {ne} {mats})))"
        if self.rng.random() < 0.5:
            return f"(let {q} = reduce {op} {ne} {mats} in {q}[0] - {q}[3])"
        return f"({t}.sum (map (\\{q} -> {q}[1] + {q}[2]) (scan {op} {ne} {mats})))"

    def index(self, env, depth):
        """An i64 index: small, maybe out of bounds (the program must then fail)."""
        return self.pick((2, lambda: str(self.rng.randint(-1, 4))),
                         (1, lambda: f"i64.{self.t} {self.scalar(env, depth)}"))

    def divide(self, env, depth):
        """Integer division or remainder, by zero at times (a failure), or guarded."""
        a, b = self.scalar(env, depth), self.scalar(env, depth)
        op = self.rng.choice(["/", "%"])
        if self.rng.random() < 0.5:
            b = f"(let d = {b} in if d == 0{self.t} then 1{self.t} else d)"
        return f"({a} {op} {b})"

    def anon(self, env, depth):
        """A rank-1 array of a size no dimension names: filtered, sliced (maybe out of
        bounds), strided, concatenated, flattened or rotated."""
        dim = lambda: self.rng.choice(DIMS)
        arr = lambda: self.array(env, [dim()], depth)
        lo, hi = self.rng.randint(0, 3), self.rng.randint(0, 5)
        x = self.name()
        return self.pick(
            (2, lambda: f"(filter (\\{x} -> {x} % 2{self.t} == 0{self.t}) {arr()})" if self.int
             else f"(filter (\\{x} -> {x} < 1{self.t}) {arr()})"),
            (2, lambda: f"({arr()}[{lo}:{max(lo, hi) if self.rng.random() < 0.8 else hi}])"),
            (1, lambda: f"({arr()}[::{self.rng.choice([1, 2, 3, -1, -2])}])"),
            (2, lambda: f"(concat {arr()} {arr()})"),
            (1, lambda: f"(flatten {self.array(env, [dim(), dim()], depth)})"),
            (1, lambda: f"(rotate ({self.rng.randint(-4, 4)}) {arr()})"),
            (1, lambda: self.option_filter(env, depth)),
            (1, lambda: self.row_slices(env, depth)),
        )

    def row_slices(self, env, depth):
        """The rows of a matrix sliced alike in a map's function (bounds from outside it,
        maybe out of bounds; a stride at times), flattened."""
        x = self.name()
        lo, hi = self.rng.randint(0, 3), self.rng.randint(0, 5)
        sl = self.rng.choice([f"{lo}:", f"{lo}:{max(lo, hi)}", f":{hi}", f"{lo}::2", f"{lo}:{hi}:3"])
        m = self.array(env, [self.rng.choice(DIMS), self.rng.choice(DIMS)], depth)
        return f"(flatten (map (\\{x} -> {x}[{sl}]) {m}))"

    def pair_reduce(self, env, depth):
        """A reduction of pairs by a pair of operators, both results used."""
        (o1, n1), (o2, n2) = self.rng.choice(self.ops), self.rng.choice(self.ops)
        a, b, c, d, p, q = (self.name() for _ in range(6))
        dim = self.rng.choice(DIMS)
        return (f"(let ({p}, {q}) = reduce (\\({a}, {b}) ({c}, {d}) -> ({o1} {a} {c}, {o2} {b} {d})) "
                f"({n1}, {n2}) (zip {self.array(env, [dim], depth)} {self.array(env, [dim], depth)}) "
                f"in {p} - {q})")

    def last(self, env, depth):
        a = self.name()
        return (f"(let {a} = {self.array(env, [self.rng.choice(DIMS)], depth)} in "
                f"if length {a} > 0 then {a}[length {a} - 1] else 0{self.t})")

    def elementwise(self, op, depth):
        """`op` lifted to rows of `depth` dimensions."""
        for _ in range(depth):
            op = f"(map2 {op})"
        return op

    def neutral_of(self, ne, shape):
        for dim in reversed(shape):
            ne = f"(replicate {dim} {ne})"
        return ne

    def fold(self, soac, env, row, shape, depth):
        """`soac` (reduce or scan) of an array of `shape` with rows `row`: an operator
        element by element, or (rows) one choosing the row of the larger first element
        (the first of equal ones; an index out of bounds for rows of none)."""
        op, ne = self.rng.choice(self.ops)
        op, ne = self.elementwise(op, len(row)), self.neutral_of(ne, row)
        if row and self.rng.random() < 0.25:
            a, b, first = self.name(), self.name(), "[0]" * len(row)
            op = f"(\\{a} {b} -> if {a}{first} < {b}{first} then {b} else {a})"
            ne = self.neutral_of(f"{self.t}.lowest", row)
        return f"({soac} {op} {ne} {self.array(env, shape, depth)})"

    def reduce_to(self, env, shape, depth):
        """A reduce over some outer dimension of rows of `shape`."""
        return self.fold("reduce", env, shape, [self.rng.choice(DIMS)] + shape, depth)

    def expr(self, env, shape, depth):
        return self.scalar(env, depth) if not shape else self.array(env, shape, depth)

    def array(self, env, shape, depth):
        v = self.var_of(env, shape)
        if depth <= 0 or (v and self.rng.random() < 0.25):
            if v:
                return v
            if len(shape) == 1:
                return f"(map {self.t}.i64 (iota {shape[0]}))"
            return f"(replicate {shape[0]} {self.array(env, shape[1:], 0)})"
        d = depth - 1
        row = shape[1:]
        choices = [
            (3, lambda: self.map1(env, shape, d)),
            (2, lambda: self.map2(env, shape, d)),
            (3, lambda: self.scan(env, shape, d)),
            (2, lambda: self.reduce_to(env, shape, d)),
            (1, lambda: f"(replicate {shape[0]} {self.expr(env, row, d)})"),
        ]
        choices += [
            (2, lambda: self.let(env, shape, d)),
            (1, lambda: self.loop(env, shape, d)),
            (1, lambda: f"(reverse {self.array(env, shape, d)})"),
            (1, lambda: self.scatter(env, shape, d)),
            (1, lambda: self.indexed(env, shape, d)),
        ]
        if len(shape) >= 2:
            choices.append((1, lambda: f"(transpose {self.array(env, [shape[1], shape[0]] + shape[2:], d)})"))
        if len(shape) == 2:
            choices.append((1, lambda: self.hist_rows(env, shape, d)))
        choices.append((1, lambda: f"(rotate ({self.rng.randint(-4, 4)}) {self.array(env, shape, d)})"))
        choices.append((1, lambda: self.update(env, shape, d)))
        choices.append((1, lambda: f"{self.array(env, [self.rng.choice(DIMS)] + shape, d)}[{self.index(env, d)}]"))
        if len(shape) == 1:
            # An index section: a column of a matrix (the index maybe out of bounds).
            choices.append((1, lambda: f"(map (.[{self.index(env, d)}]) "
                                       f"{self.array(env, [shape[0], self.rng.choice(DIMS)], d)})"))
            choices.append((1, lambda: self.pairs(env, shape, d)))
            choices.append((1, lambda: self.hist(env, shape, d)))
            choices.append((1, lambda: self.hist_pairs(env, shape, d)))
            choices.append((1, lambda: self.pair_scan(env, shape, d)))
            choices.append((1, lambda: self.option_scan(env, shape, d)))
        return self.pick(*choices)

    def update(self, env, shape, depth):
        """A copy with one row replaced (the index maybe out of bounds: a failure)."""
        return (f"(copy {self.array(env, shape, depth)} with [{self.index(env, depth)}] = "
                f"{self.expr(env, shape[1:], depth)})")

    def pair_scan(self, env, shape, depth):
        """A scan of pairs by a pair of operators, both results used."""
        (o1, n1), (o2, n2) = self.rng.choice(self.ops), self.rng.choice(self.ops)
        a, b, c, d, p, q = (self.name() for _ in range(6))
        return (f"(let ({p}, {q}) = unzip (scan (\\({a}, {b}) ({c}, {d}) -> ({o1} {a} {c}, {o2} {b} {d})) "
                f"({n1}, {n2}) (zip {self.array(env, shape, depth)} {self.array(env, shape, depth)})) "
                f"in {self.array({**env, p: shape, q: shape}, shape, depth)})")

    def let(self, env, shape, depth):
        """A value bound once and likely used more than once (fusion must not repeat it)."""
        v = self.name()
        vs = [self.rng.choice(DIMS) for _ in range(self.rng.randint(0, 2))]
        return f"(let {v} = {self.expr(env, vs, depth)} in {self.expr({**env, v: vs}, shape, depth)})"

    def loop(self, env, shape, depth):
        """A loop over an array of `shape`.  Its parameter's type is written out: without
        it the checker leaves the sizes unknown (as Futhark may: the language reference's
        "An array produced by a loop does not have a known size"), and the rows of a map
        of no rows made by such a loop are then of no size for the interpreter, of the
        loop's sizes for the compiled backends (which know them)."""
        acc = self.name()
        ty = "".join(f"[{d}]" for d in shape) + self.t
        return (f"(loop ({acc}: {ty}) = {self.array(env, shape, depth)} for i < {self.rng.randint(0, 3)} do "
                f"{self.array({**env, acc: shape}, shape, depth)})")

    def scatter(self, env, shape, depth):
        """Rows written to distinct places (the indices reversed, some out of bounds)."""
        d = shape[0]
        return (f"(scatter (copy {self.array(env, shape, depth)}) "
                f"(map (\\i -> {d} - 1 - i * {self.rng.choice([1, 2])}) (iota {d})) {self.array(env, shape, depth)})")

    def indexed(self, env, shape, depth):
        """A map over rows with their index."""
        i, x, ii = self.name(), self.name(), self.name()
        xs = [self.rng.choice(DIMS) for _ in range(self.rng.randint(0, 1))]
        body = self.lam_body(env, {x: xs, ii: []}, shape[1:], depth)
        return (f"(map2 (\\{i} {x} -> let {ii} = {self.t}.i64 {i} in {body}) (iota {shape[0]}) "
                f"{self.array(env, [shape[0]] + xs, depth)})")

    def pairs(self, env, shape, depth):
        """Two results of one map (unzip), both used."""
        x, a, b = self.name(), self.name(), self.name()
        inner = {**env, x: []}
        return (f"(let ({a}, {b}) = unzip (map (\\{x} -> ({self.scalar(inner, depth)}, {self.scalar(inner, depth)})) "
                f"{self.array(env, shape, depth)}) in {self.array({**env, a: shape, b: shape}, shape, depth)})")

    def lam_body(self, env, params, out_shape, depth):
        inner = dict(env)
        inner.update(params)
        return self.expr(inner, out_shape, depth)

    def map1(self, env, shape, depth):
        ps = [self.rng.choice(DIMS) for _ in range(self.rng.randint(0, 2))]
        x = self.name()
        body = self.lam_body(env, {x: ps}, shape[1:], depth)
        return f"(map (\\{x} -> {body}) {self.array(env, [shape[0]] + ps, depth)})"

    def map2(self, env, shape, depth):
        pa = [self.rng.choice(DIMS) for _ in range(self.rng.randint(0, 1))]
        pb = [self.rng.choice(DIMS) for _ in range(self.rng.randint(0, 1))]
        a, b = self.name(), self.name()
        body = self.lam_body(env, {a: pa, b: pb}, shape[1:], depth)
        return (f"(map2 (\\{a} {b} -> {body}) {self.array(env, [shape[0]] + pa, depth)} "
                f"{self.array(env, [shape[0]] + pb, depth)})")

    def scan(self, env, shape, depth):
        return self.fold("scan", env, shape[1:], shape, depth)

    # Sums (TYPES): options made where an element passes a test, combined by the monoids
    # of the first and of the last #some (#none neutral), or the larger of two #somes
    # (commutative: a histogram's), and taken apart by `match`.
    FIRST = "(\\a b -> match a case #some _ -> a case #none -> b)"
    LAST = "(\\a b -> match b case #some _ -> b case #none -> a)"
    LARGER = ("(\\a b -> match (a, b) case (#some x, #some y) -> if x < y then b else a "
              "case (#none, _) -> b case (_, #none) -> a)")

    def options(self, env, arr_shape, depth):
        """An array of options (opt) of `arr_shape`'s rows of one element each."""
        x = self.name()
        test = self.rng.choice([f"{x} > 0{self.t}", f"{x} < 1{self.t}", f"{x} != 0{self.t}"])
        return (f"(map (\\{x} -> if {test} then (#some ({self.scalar({**env, x: []}, depth)}) : opt) "
                f"else #none) {self.array(env, arr_shape, depth)})")

    def unwrap(self, o, dflt):
        v = self.name()
        return f"(match {o} case #some {v} -> {v} case #none -> {dflt})"

    def option_fold(self, env, depth):
        """A reduction of options to one, unwrapped (a default where none is some)."""
        op = self.rng.choice([self.FIRST, self.LAST, self.LARGER])
        r = self.name()
        return (f"(let {r} = reduce {op} (#none : opt) {self.options(env, [self.rng.choice(DIMS)], depth)} "
                f"in {self.unwrap(r, self.scalar(env, depth))})")

    def option_scan(self, env, shape, depth):
        """The last #some so far (a forward fill) or the first, by a scan; or each bin's
        largest #some, by a histogram."""
        o = self.name()
        dflt = self.scalar(env, depth)
        if self.rng.random() < 0.3:
            d = self.rng.choice(DIMS)
            xs = self.options(env, [d], depth)
            bins = f"(map (\\i -> i64.{self.t} i % 5) {self.array(env, [d], depth)})"
            made = f"(hist {self.LARGER} (#none : opt) {shape[0]} {bins} {xs})"
        else:
            made = f"(scan {self.rng.choice([self.FIRST, self.LAST])} (#none : opt) {self.options(env, shape, depth)})"
        return f"(map (\\{o} -> {self.unwrap(o, dflt)}) {made})"

    def option_filter(self, env, depth):
        """The values of the #somes, in order."""
        o, v = self.name(), self.name()
        return (f"(map (\\{o} -> {self.unwrap(o, '0' + self.t)}) "
                f"(filter (\\{o} -> match {o} case #some _ -> true case #none -> false) "
                f"{self.options(env, [self.rng.choice(DIMS)], depth)}))")

    def row_option(self, env, depth):
        """A sum whose payload is a row (rowopt [d]), made in a map and matched there."""
        x, r = self.name(), self.name()
        d, e = self.rng.choice(DIMS), self.rng.choice(DIMS)
        inner = {**env, x: []}
        return (f"({self.t}.sum (map (\\{x} -> match (if {x} > 0{self.t} then (#row ({self.array(inner, [d], depth)}) "
                f": rowopt [{d}]) else #nothing) case #row {r} -> {self.t}.sum {r} case #nothing -> {x}) "
                f"{self.array(env, [e], depth)}))")

    def hist(self, env, shape, depth):
        op, ne = self.rng.choice(self.ops)
        d = self.rng.choice(DIMS)
        return (f"(hist {op} {ne} {shape[0]} (map (\\i -> i64.{self.t} i % 5) {self.array(env, [d], depth)}) "
                f"{self.array(env, [d], depth)})")


    def hist_pairs(self, env, shape, depth):
        """A histogram of pairs, both results used: by a pair of operators (split into one
        histogram each), or keeping each bin's largest value with its index (the largest
        index of equal ones: commutative; on a GPU, a lock per bin)."""
        a, b, c, e, p, q, i = (self.name() for _ in range(7))
        d = self.rng.choice(DIMS)
        t = self.t
        if self.rng.random() < 0.5:
            (o1, n1), (o2, n2) = self.rng.choice(self.ops), self.rng.choice(self.ops)
            op, ne = f"(\\({a}, {b}) ({c}, {e}) -> ({o1} {a} {c}, {o2} {b} {e}))", f"({n1}, {n2})"
            second = self.array(env, [d], depth)
        else:
            op = (f"(\\({a}, {b}) ({c}, {e}) -> if {a} > {c} || ({a} == {c} && {b} > {e}) "
                  f"then ({a}, {b}) else ({c}, {e}))")
            ne, second = f"({t}.lowest, -1{t})", f"(map {t}.i64 (iota {d}))"
        return (f"(let ({p}, {q}) = unzip (hist {op} {ne} {shape[0]} "
                f"(map (\\{i} -> i64.{t} {i} % 5) {self.array(env, [d], depth)}) "
                f"(zip {self.array(env, [d], depth)} {second})) "
                f"in {self.array({**env, p: shape, q: shape}, shape, depth)})")

    def hist_rows(self, env, shape, depth):
        """Rows into bins, each bin keeping the lexicographically largest row (its own
        first): a reduce_by_index's operator must be commutative too."""
        a, b, i, k, dd, g = (self.name() for _ in range(6))
        d = self.rng.choice(DIMS)
        larger = (f"(let ({dd}, {g}) = loop ({dd}, {g}) = (false, false) for {k} < {shape[1]} do "
                  f"if {dd} then ({dd}, {g}) else if {a}[{k}] != {b}[{k}] then (true, {a}[{k}] < {b}[{k}]) "
                  f"else (false, false) in {g})")
        return (f"(reduce_by_index (copy {self.array(env, shape, depth)}) "
                f"(\\{a} {b} -> if {larger} then {b} else {a}) "
                f"{self.neutral_of(f'{self.t}.lowest', shape[1:])} "
                f"(map (\\{i} -> i64.{self.t} {i} % 5) {self.array(env, [d], depth)}) "
                f"{self.array(env, [d] + shape[1:], depth)})")


def value(rng, shape, sizes, t):
    """An array (or scalar) of `shape` of t in Futhark's value format: small integers, and
    halves for floats (sums and products of a few stay exact)."""
    def one():
        x = rng.randint(-9, 9)
        return f"{x}{t}" if t in INTS else f"{x / 2}{t}"
    dims = [sizes[d] for d in shape]
    if not dims:
        return one()
    if 0 in dims:
        return "empty(" + "".join(f"[{n}]" for n in dims) + f"{t})"

    def rec(ds):
        if len(ds) == 1:
            return "[" + ", ".join(one() for _ in range(ds[0])) + "]"
        return "[" + ", ".join(rec(ds[1:]) for _ in range(ds[0])) + "]"
    return rec(dims)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=30)
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--type", choices=INTS + ["f32", "f64"], default="i32",
                    help="the element type (floats: results compared within loom test's tolerance)")
    ap.add_argument("--shadow", type=float, default=0.1,
                    help="how often a bound name shadows a size or an entry parameter")
    ap.add_argument("--out", required=True)
    ap.add_argument("--loom", default="build/loom")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    entries = []
    for i in range(args.count):
        gen = Gen(rng, args.type, args.shadow)
        shape = [rng.choice(DIMS) for _ in range(rng.randint(0, 2))]
        body = gen.expr(dict(PARAMS), shape, args.depth)
        sizes = {d: rng.choice([0, 1, 2, 3, 5, 8]) for d in DIMS}
        if rng.random() < 0.2:  # tall: chunks of rows on a GPU
            sizes = {"n": 1500, "m": rng.choice([1, 2, 3]), "k": rng.choice([1, 2])}
        inputs = " ".join(value(rng, PARAMS[p], sizes, args.type) for p in PARAMS)
        sig = " ".join(f"({p}: {''.join(f'[{d}]' for d in s)}{args.type})" for p, s in PARAMS.items())
        src = f"entry e{i} [n][m][k] {sig} =\n  {body}\n"
        entries.append((f"e{i}", src, inputs))
    types = TYPES.format(t=args.type)
    # The interpreter's results are the expected outputs, its failures of the kinds the
    # generator means (FAILS) expected failures (of any of those kinds: which failing
    # element a parallel backend meets first may differ); programs it rejects or fails
    # otherwise are left out (the generator's own mistakes, or sizes that do not match).
    with open(args.out, "w") as f:
        f.write(f"-- Generated by tests/fuzz/soac_programs.py --seed {args.seed} --count {args.count} "
                f"--depth {args.depth} --type {args.type}\n{types}")
        kept = failing = 0
        for name, src, inputs in entries:
            one = args.out + ".one.fut"
            with open(one, "w") as g:
                g.write(types + src)
            try:  # a program too slow to interpret (sizes multiplied by nesting) is left out
                r = subprocess.run([args.loom, "run", one, "--entry", name, "--backend", "interp"],
                                   input=inputs, capture_output=True, text=True, timeout=10)
            except subprocess.TimeoutExpired:
                continue
            if r.returncode == 0:
                out = r.stdout.strip().replace("\n", " ")
                f.write(f"\n-- ==\n-- entry: {name}\n-- input {{ {inputs} }}\n-- output {{ {out} }}\n{src}")
            elif "runtime error:" in r.stderr and any(k in r.stderr for k in FAILS):
                f.write(f"\n-- ==\n-- entry: {name}\n-- input {{ {inputs} }}\n-- error: {'|'.join(FAILS)}\n{src}")
                failing += 1
            else:
                continue
            kept += 1
    print(f"{args.out}: {kept} of {args.count} programs kept, {failing} of them failing")


if __name__ == "__main__":
    sys.exit(main())
