-- Higher-order modules: a parametric module's type (`(N: num) -> {...}`) as a module
-- type, a parameter of a parametric module, and a specified member of a module type.
-- ==
-- input { 5 } output { 10 3.0 8 15 4.5f32 }

module type num = { type t  val add : t -> t -> t }

module type doubler = (N: num) -> { val double : N.t -> N.t }

module D : doubler = \(N: num) -> { def double (x: N.t) = N.add x x }

module I = { type t = i32  def add (a: i32) (b: i32) = a + b }
module F = { type t = f64  def add (a: f64) (b: f64) = a + b }

-- A parameter that is a parametric module, applied in the body to two modules.
module Both (M: doubler) = { module DI = M I  module DF = M F }
module B = Both D

-- Curried: the first parameter is a parametric module, the second its argument.
module Twice = \(G: (P: num) -> { val double : P.t -> P.t }) -> \(X: num) ->
  { module GX = G X  def quad (x: X.t) = GX.double (GX.double x) }
module T = Twice D I

-- A module type whose member is a parametric module.
module type toolkit = { module Triple : (N: num) -> { val triple : N.t -> N.t } }
module K : toolkit = {
  module Triple (N: num) = { def triple (x: N.t) = N.add x (N.add x x) }
}
module KI = K.Triple I
module KF = K.Triple { type t = f32  def add (a: f32) (b: f32) = a + b }

def main (x: i32) = (B.DI.double x, B.DF.double 1.5, T.quad 2, KI.triple x, KF.triple 1.5f32)
