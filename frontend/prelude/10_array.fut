-- Array functions written in Loom over the intrinsics.

def (++) [n] [m] 't (xs: [n]t) (ys: [m]t) : *[n + m]t = concat xs ys
def length [n] 't (_: [n]t) : i64 = n
def null [n] 't (_: [n]t) : bool = n == 0
def head [n] 't (x: [n]t) : t = x[0]
def last [n] 't (x: [n]t) : t = x[n - 1]
def tail [n] 't (x: [n]t) : [n - 1]t = x[1:]
def init [n] 't (x: [n]t) : [n - 1]t = x[0:n - 1]
def take [n] 't (i: i64) (x: [n]t) : [i]t = x[0:i]
def drop [n] 't (i: i64) (x: [n]t) : [n - i]t = x[i:]
def sized [m] 't (n: i64) (xs: [m]t) : [n]t = xs :> [n]t
def indices [n] 't (_: [n]t) : *[n]i64 = iota n
def rotate [n] 't (r: i64) (a: [n]t) : [n]t = map (\i -> a[(i + r) % n]) (iota n)
def and [n] (xs: [n]bool) : bool = reduce (&&) true xs
def or [n] (xs: [n]bool) : bool = reduce (||) false xs
def all [n] 'a (f: a -> bool) (xs: [n]a) : bool = reduce (&&) true (map f xs)
def any [n] 'a (f: a -> bool) (xs: [n]a) : bool = reduce (||) false (map f xs)
def foldl [n] 'a 'b (f: a -> b -> a) (acc: a) (bs: [n]b) : a =
  loop acc for b in bs do f acc b
def foldr [n] 'a 'b (f: b -> a -> a) (acc: a) (bs: [n]b) : a =
  loop acc for b in reverse bs do f b acc
def tabulate 'a (n: i64) (f: i64 -> a) : *[n]a = map f (iota n)
def tabulate_2d 'a (n: i64) (m: i64) (f: i64 -> i64 -> a) : *[n][m]a =
  map (\i -> map (f i) (iota m)) (iota n)
def tabulate_3d 'a (n: i64) (m: i64) (o: i64) (f: i64 -> i64 -> i64 -> a) : *[n][m][o]a =
  map (\i -> map (\j -> map (f i j) (iota o)) (iota m)) (iota n)
def spread 't [n] (k: i64) (x: t) (is: [n]i64) (vs: [n]t) : *[k]t = scatter (replicate k x) is vs
def exscan [n] 'a (op: a -> a -> a) (ne: a) (xs: [n]a) : *[n]a =
  let s = scan op ne xs
  in map (\i -> if i == 0 then ne else s[i - 1]) (iota n)

def zip [n] 'a 'b (xs: [n]a) (ys: [n]b) : *[n](a, b) = map2 (\x y -> (x, y)) xs ys
def zip2 [n] 'a 'b (xs: [n]a) (ys: [n]b) : *[n](a, b) = map2 (\x y -> (x, y)) xs ys
def zip3 [n] 'a 'b 'c (xs: [n]a) (ys: [n]b) (zs: [n]c) : *[n](a, b, c) =
  map3 (\x y z -> (x, y, z)) xs ys zs
def zip4 [n] 'a 'b 'c 'd (xs: [n]a) (ys: [n]b) (zs: [n]c) (ws: [n]d) : *[n](a, b, c, d) =
  map4 (\x y z w -> (x, y, z, w)) xs ys zs ws
def zip5 [n] 'a 'b 'c 'd 'e (xs: [n]a) (ys: [n]b) (zs: [n]c) (ws: [n]d) (vs: [n]e) : *[n](a, b, c, d, e) =
  map5 (\x y z w v -> (x, y, z, w, v)) xs ys zs ws vs
def unzip [n] 'a 'b (xs: [n](a, b)) : ([n]a, [n]b) = (map (.0) xs, map (.1) xs)
def unzip2 [n] 'a 'b (xs: [n](a, b)) : ([n]a, [n]b) = (map (.0) xs, map (.1) xs)
def unzip3 [n] 'a 'b 'c (xs: [n](a, b, c)) : ([n]a, [n]b, [n]c) =
  (map (.0) xs, map (.1) xs, map (.2) xs)
def unzip4 [n] 'a 'b 'c 'd (xs: [n](a, b, c, d)) : ([n]a, [n]b, [n]c, [n]d) =
  (map (.0) xs, map (.1) xs, map (.2) xs, map (.3) xs)
def unzip5 [n] 'a 'b 'c 'd 'e (xs: [n](a, b, c, d, e)) : ([n]a, [n]b, [n]c, [n]d, [n]e) =
  (map (.0) xs, map (.1) xs, map (.2) xs, map (.3) xs, map (.4) xs)
