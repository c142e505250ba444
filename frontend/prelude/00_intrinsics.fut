-- The prelude (see README.md).  Intrinsics: the bulk operations, implemented in
-- C++ by the interpreter over flat typed buffers.

intrinsic def map 'a [n] 'x (f: a -> x) (xs: [n]a) : *[n]x
intrinsic def map1 'a [n] 'x (f: a -> x) (xs: [n]a) : *[n]x
intrinsic def map2 'a 'b [n] 'x (f: a -> b -> x) (xs: [n]a) (ys: [n]b) : *[n]x
intrinsic def map3 'a 'b 'c [n] 'x (f: a -> b -> c -> x) (xs: [n]a) (ys: [n]b) (zs: [n]c) : *[n]x
intrinsic def map4 'a 'b 'c 'd [n] 'x (f: a -> b -> c -> d -> x) (xs: [n]a) (ys: [n]b) (zs: [n]c) (ws: [n]d) : *[n]x
intrinsic def map5 'a 'b 'c 'd 'e [n] 'x (f: a -> b -> c -> d -> e -> x) (xs: [n]a) (ys: [n]b) (zs: [n]c) (ws: [n]d) (vs: [n]e) : *[n]x
intrinsic def reduce [n] 'a (op: a -> a -> a) (ne: a) (xs: [n]a) : a
intrinsic def reduce_comm [n] 'a (op: a -> a -> a) (ne: a) (xs: [n]a) : a
intrinsic def scan [n] 'a (op: a -> a -> a) (ne: a) (xs: [n]a) : *[n]a
intrinsic def filter [n] 'a (p: a -> bool) (xs: [n]a) : *[]a
intrinsic def partition [n] 'a (p: a -> bool) (xs: [n]a) : ([]a, []a)
intrinsic def partition2 [n] 'a (p1: a -> bool) (p2: a -> bool) (xs: [n]a) : ([]a, []a, []a)
intrinsic def scatter 't [k] [n] (dest: *[k]t) (is: [n]i64) (vs: [n]t) : *[k]t
intrinsic def scatter_2d 't [k] [n] [l] (dest: *[k][n]t) (is: [l](i64, i64)) (vs: [l]t) : *[k][n]t
intrinsic def scatter_3d 't [k] [n] [o] [l] (dest: *[k][n][o]t) (is: [l](i64, i64, i64)) (vs: [l]t) : *[k][n][o]t
intrinsic def hist 'a [n] (op: a -> a -> a) (ne: a) (k: i64) (is: [n]i64) (xs: [n]a) : *[k]a
intrinsic def reduce_by_index 'a [k] [n] (dest: *[k]a) (f: a -> a -> a) (ne: a) (is: [n]i64) (xs: [n]a) : *[k]a
intrinsic def reduce_by_index_2d 'a [k] [n] [m] (dest: *[k][m]a) (f: a -> a -> a) (ne: a) (is: [n](i64, i64)) (xs: [n]a) : *[k][m]a
intrinsic def reduce_by_index_3d 'a [k] [n] [m] [l] (dest: *[k][m][l]a) (f: a -> a -> a) (ne: a) (is: [n](i64, i64, i64)) (xs: [n]a) : *[k][m][l]a
intrinsic def iota (n: i64) : *[n]i64
intrinsic def replicate 't (n: i64) (x: t) : *[n]t
intrinsic def concat [n] [m] 't (xs: [n]t) (ys: [m]t) : *[n + m]t
intrinsic def transpose [n] [m] 't (a: [n][m]t) : [m][n]t
intrinsic def flatten [n] [m] 't (xs: [n][m]t) : [n * m]t
intrinsic def flatten_3d [n] [m] [l] 't (xs: [n][m][l]t) : [n * m * l]t
intrinsic def flatten_4d [n] [m] [l] [k] 't (xs: [n][m][l][k]t) : [n * m * l * k]t
intrinsic def unflatten 't [n] [m] (xs: [n * m]t) : [n][m]t
intrinsic def unflatten_3d 't [n] [m] [l] (xs: [n * m * l]t) : [n][m][l]t
intrinsic def unflatten_4d 't [n] [m] [l] [k] (xs: [n * m * l * k]t) : [n][m][l][k]t
intrinsic def reverse [n] 't (x: [n]t) : [n]t
intrinsic def copy 't (a: t) : *t
intrinsic def manifest 't (a: t) : *t
intrinsic def split [n] [m] 't (xs: [n + m]t) : ([n]t, [m]t)
intrinsic def rep 't [n] (x: t) : *[n]t
