-- Functional combinators.

-- | `x |> f`: `f x` (a pipeline reads left to right).
def (|>) '^a '^b (x: a) (f: a -> b) : b = f x
-- | `f <| x`: `f x`.
def (<|) '^a '^b (f: a -> b) (x: a) : b = f x
-- | `f >-> g`: `f`, then `g` (`g (f x)`).
def (>->) '^a '^b '^c (f: a -> b) (g: b -> c) (x: a) : c = g (f x)
-- | `g <-< f`: `g` after `f` (`g (f x)`).
def (<-<) '^a '^b '^c (g: b -> c) (f: a -> b) (x: a) : c = g (f x)
-- | `flip f b a`: `f a b`.
def flip '^a '^b '^c (f: a -> b -> c) (b: b) (a: a) : c = f a b
-- | `curry f a b`: `f (a, b)`.
def curry '^a '^b '^c (f: (a, b) -> c) (a: a) (b: b) : c = f (a, b)
-- | `uncurry f (a, b)`: `f a b`.
def uncurry '^a '^b '^c (f: a -> b -> c) (a: a, b: b) : c = f a b
-- | `const x _`: `x`, whatever the second argument.
def const '^a '^b (x: a) (_: b) : a = x
-- | `id x`: `x`.
def id '^a (x: a) : a = x
-- | `iterate n f x`: `f` applied `n` times to `x`.
def iterate 'a (n: i32) (f: a -> a) (x: a) : a = loop x for _i < n do f x
-- | `iterate_until p f x`: `f` applied to `x` until `p` holds.
def iterate_until 'a (p: a -> bool) (f: a -> a) (x: a) : a = loop x while !(p x) do f x
-- | `iterate_while p f x`: `f` applied to `x` while `p` holds.
def iterate_while 'a (p: a -> bool) (f: a -> a) (x: a) : a = loop x while p x do f x
