-- Functors over the numeric modules and over modules with abstract parametric types, whose polymorphic members build values of their type parameters, reached through open, local, nested modules, functors of functor results and polymorphic operators.
-- ==
-- entry: numeric_search
-- input { [1, 5, 3] 2 [1f32, 5f32] } output { 5 2 5f32 }
-- input { [1, 5, 3] 9 [0.5f32] } output { 0 0 -1f32 }
-- input { empty([0]i32) 2 empty([0]f32) } output { 0 0 -1f32 }
-- entry: own_type_params
-- input { [true, false] } output { [true, false] [1u8, 1u8] 0i64 1i64 1.0 }
-- input { empty([0]bool) } output { empty([0]bool) empty([0]u8) 0i64 1i64 1.0 }
-- entry: containers
-- input { [1, 2, 3] } output { 6 [1, 2, 3] 5i64 3i64 }
-- input { empty([0]i32) } output { 0 empty([0]i32) 2i64 0i64 }
-- entry: monad
-- input { [1, 2, 3] } output { 6 true 3 [1, 2, 3] }
-- input { [1, -2, 3] } output { -1 false 3 [1, 0, 3] }
-- input { empty([0]i32) } output { 0 true -100 empty([0]i32) }
-- entry: fmap
-- input { [1, -2, 3] } output { [1, 0, 6] 2i64 }
-- input { empty([0]i32) } output { empty([0]i32) 0i64 }
-- entry: operators
-- input { 2 } output { 2 9 3i64 0i64 }
-- input { -2 } output { 9 9 0i64 0i64 }
-- entry: nested_functors
-- input { 3i64 } output { 3i64 6i64 12i64 }
-- input { 0i64 } output { 0i64 0i64 0i64 }
-- entry: opened
-- input { [1u8, 2u8] 2i64 } output { [2u8, 1u8] 0i64 [0.5f32, 0.5f32] 0i64 }
-- input { empty([0]u8) 0i64 } output { empty([0]u8) 0i64 empty([0]f32) 0i64 }
-- entry: sum_results
-- input { [1, -2, 3] } output { [1, -1, 3] 1i64 -20 }
-- input { empty([0]i32) } output { empty([0]i32) 0i64 0 }

type option 'a = #none | #some a

def get 'a (d: a) (o: option a) : a = match o case #some x -> x case #none -> d

-- A functor over the prelude's `numeric` module type, applied to i32 and f32: `option N.t`
-- in a loop's state and in a `map` whose results are filtered.
module Search (N: numeric) = {
  type r = option N.t
  def find (p: N.t -> bool) (xs: []N.t) : r =
    loop acc = #none for x in xs do
      match acc
      case #none -> if p x then #some x else #none
      case #some _ -> acc
  def hits (p: N.t -> bool) (xs: []N.t) : []N.t =
    let os = map (\x -> if p x then #some x else (#none : r)) xs
    in map (get (N.i32 0)) (filter (\o -> match o case #some _ -> true case #none -> false) os)
}
module SI = Search i32
module SF = Search f32

entry numeric_search (xs: []i32) (k: i32) (ys: []f32) : (i32, i32, f32) =
  (get 0 (SI.find (> k) xs), i32.i64 (length (SI.hits (> k) xs)), get (-1) (SF.find (> 2) ys))

-- Members with type parameters of their own beside the argument's type, and a nested module.
module Tag (N: numeric) = {
  def one = N.i32 1
  def tagged 'a (x: a) : (a, N.t) = (x, one)
  def single 'a (x: a) : [](a, N.t) = [(x, one)]
  module Inner = { def nil 'a : [](a, N.t) = [] }
}
module TU8 = Tag u8
module TF64 = Tag f64

entry own_type_params (bs: []bool) : ([]bool, []u8, i64, i64, f64) =
  let ps = map TU8.tagged bs
  in (map (.0) ps, map (.1) ps, length (TU8.Inner.nil : [](f64, u8)),
      length (TF64.single 'c'), (TF64.single (1i32, bs))[0].1)

-- A module type with a size-lifted parametric type and polymorphic members, and a
-- functor building values of it in a loop.
module type container = {
  type~ c 'a
  val empty 'a : c a
  val push 'a : a -> c a -> c a
  val size 'a : c a -> i64
  val to_arr 'a : c a -> []a
}
module list : container = {
  type~ c 'a = []a
  def empty 'a : c a = []
  def push 'a (x: a) (xs: c a) : c a = xs ++ [x]
  def size 'a (xs: c a) = length xs
  def to_arr 'a (xs: c a) : []a = xs
}
module Build (C: container) = {
  def build 'a (xs: []a) : C.c a = loop c = copy C.empty for x in xs do C.push x c
}
module BL = Build list

entry containers (xs: []i32) : (i32, []i32, i64, i64) =
  let c = loop c = list.empty for x in xs do list.push x c
  let chars = list.push 'a' (list.push 'b' (loop d = list.empty for _x in xs do list.push 'z' d))
  in (reduce (+) 0 (list.to_arr c), list.to_arr (BL.build xs), list.size chars,
      list.size (BL.build (map (\x -> (x, [x])) xs)))

-- An abstract `type m 'a` (a sum inside) made and taken apart through the module only,
-- in a loop, a reduction and a map.
module type monad = {
  type m 'a
  val pure 'a : a -> m a
  val bind 'a 'b : m a -> (a -> m b) -> m b
  val fail 'a : m a
  val run 'a : a -> m a -> a
  val ok 'a : m a -> bool
}
module Maybe : monad = {
  type m 'a = #nothing | #just a
  def pure 'a (x: a) : m a = #just x
  def bind 'a 'b (x: m a) (f: a -> m b) : m b = match x case #just v -> f v case #nothing -> #nothing
  def fail 'a : m a = #nothing
  def run 'a (d: a) (x: m a) : a = match x case #just v -> v case #nothing -> d
  def ok 'a (x: m a) : bool = match x case #just _ -> true case #nothing -> false
}
module Tools (M: monad) = {
  def guard 'a (p: a -> bool) (x: a) : M.m a = if p x then M.pure x else copy M.fail
  def sum_pos (xs: []i32) : M.m i32 =
    loop acc = M.pure 0 for x in xs do M.bind acc (\s -> M.bind (guard (> 0) x) (\v -> M.pure (s + v)))
  def pick (gt: i32 -> i32 -> bool) (a: M.m i32) (b: M.m i32) : M.m i32 =
    if !(M.ok a) then b else if !(M.ok b) then a
    else if gt (M.run 0 a) (M.run 0 b) then a else b
}
module TM = Tools Maybe

entry monad (xs: []i32) : (i32, bool, i32, []i32) =
  let r = TM.sum_pos xs
  in (Maybe.run (-1) r, Maybe.ok r,
      Maybe.run (-100) (reduce (TM.pick (>)) Maybe.fail (map Maybe.pure xs)),
      map (TM.guard (> 0)) xs |> map (Maybe.run 0))

-- `with f 'a = option a` keeps the type visible; a functor composes the argument's
-- polymorphic members with `>->`.
module type functor_t = {
  type f 'a
  val fmap 'a 'b : (a -> b) -> f a -> f b
  val pure 'a : a -> f a
}
module OptF : functor_t with f 'a = option a = {
  type f 'a = option a
  def fmap 'a 'b (g: a -> b) (x: f a) : f b = match x case #some v -> #some (g v) case #none -> #none
  def pure 'a (x: a) : f a = #some x
}
module Lift (F: functor_t) = {
  def twice 'a (g: a -> a) : F.f a -> F.f a = F.fmap g >-> F.fmap g
  def pairs 'a (x: F.f a) : F.f (a, a) = F.fmap (\v -> (v, v)) x
}
module LO = Lift OptF

entry fmap (xs: []i32) : ([]i32, i64) =
  let os = map (\x -> if x > 0 then OptF.pure x else #none) xs
  in (map (LO.twice (\v -> v + v / 2)) os |> map (get 0),
      length (filter (\o -> match LO.pairs o case #some _ -> true case #none -> false) os))

-- Polymorphic operators specified in a module type, used qualified, in sections and in
-- a local open inside a functor.
module type alt = {
  type f 'a
  val (<|>) 'a : f a -> f a -> f a
  val empty 'a : f a
  val pure 'a : a -> f a
  val run 'a : a -> f a -> a
  val (<**>) 'a : a -> i64 -> []a
}
module Opt : alt with f 'a = option a = {
  type f 'a = option a
  def (<|>) 'a (x: f a) (y: f a) : f a = match x case #none -> y case _ -> x
  def empty 'a : f a = #none
  def pure 'a (x: a) : f a = #some x
  def run 'a (d: a) (x: f a) : a = get d x
  def (<**>) 'a (x: a) (n: i64) : []a = if n > 0 then replicate n x else []
}
module Choice (A: alt) = {
  def first 'a (xs: []a) : A.f a = foldl (\acc x -> acc A.<|> A.pure x) (copy A.empty) xs
  def both 'a (x: A.f a) (y: A.f a) : A.f a = A.(x <|> y <|> copy empty)
  def reps 'a (x: a) (n: i64) : []a = (A.<**> n) x ++ (x A.<**> 0)
}
module C = Choice Opt

entry operators (x: i32) : (i32, i32, i64, i64) =
  let o = if x > 0 then Opt.pure x else Opt.empty
  in (Opt.run 9 (C.both o Opt.empty), Opt.run 9 (C.first (filter (> 100) [x, 1])),
      length (C.reps 'c' (i64.i32 x + 1)), length (C.reps 1.0 0))

-- A functor applied to its own result (twice), its result type a size-lifted
-- parametric abbreviation of the argument's.
module type seq = {
  type~ s 'a
  val nil 'a : s a
  val snoc 'a : s a -> a -> s a
  val len 'a : s a -> i64
}
module Arr = {
  type~ s 'a = []a
  def nil 'a : s a = []
  def snoc 'a (xs: s a) (x: a) : s a = xs ++ [x]
  def len 'a (xs: s a) : i64 = length xs
}
module Twice (S: seq) = {
  type~ s 'a = S.s a
  def nil 'a : s a = S.nil
  def snoc 'a (xs: s a) (x: a) : s a = S.snoc (S.snoc xs x) x
  def len 'a (xs: s a) = S.len xs
}
module T1 = Twice Arr
module T2 = Twice T1

entry nested_functors (n: i64) : (i64, i64, i64) =
  (Arr.len (loop s = Arr.nil for i < n do Arr.snoc s (i, 'c')),
   T1.len (loop s = T1.nil for i < n do T1.snoc s (f32.i64 i)),
   T2.len (loop s = T2.nil for _i < n do T2.snoc s true))

-- `open` of a module and of a functor's application, `local` and a module opened in a module.
module Base = {
  def rev 't (xs: []t) : []t = xs[::-1]
  def nil 't : []t = []
}
module Ext = {
  open Base
  local def helper 't (xs: []t) : []t = rev xs ++ nil
  def rev2 't (xs: []t) : []t = helper xs
}
module type elt = { type t  val z : t }
module Fill (X: elt) = {
  def fill 'a (n: i64) (_: a) : []X.t = replicate n X.z
  def nils 'a : [](a, X.t) = []
}
open Ext
open (Fill { type t = f32  def z = 0.5f32 })

entry opened (xs: []u8) (n: i64) : ([]u8, i64, []f32, i64) =
  (rev2 xs, length (Base.nil : [](i32, bool)), fill n 'c', length (nils : [](bool, f32)))

-- A functor's sum type with a type parameter of its own and a payload of the argument's type.
module Res (X: elt) = {
  type res 'e = #ok X.t | #err e
  def ok (x: X.t) : res i32 = #ok x
  def fail 'e (e: e) : res e = #err e
  def unwrap 'e (r: res e) : X.t = match r case #ok x -> x case #err _ -> X.z
  def err_or 'e (d: e) (r: res e) : e = match r case #err e -> e case #ok _ -> d
}
module RI = Res { type t = i32  def z = -1i32 }

entry sum_results (xs: []i32) : ([]i32, i64, i32) =
  let rs = map (\x -> if x > 0 then RI.ok x else RI.fail (x * 10)) xs
  in (map RI.unwrap rs,
      length (filter (\r -> match r case #err _ -> true case #ok _ -> false) rs),
      reduce (+) 0 (map (RI.err_or 0) rs))
