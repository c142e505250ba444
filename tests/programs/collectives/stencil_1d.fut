-- stencil_1d (Loom's prelude, docs/language.md) in each boundary mode: weights 1, 10
-- and 100 for the left, centre and right neighbours tell which element each read took.
-- Empty, one and two elements; offsets past the whole array (far: -5, -2 and 4).
-- Expected values from NumPy's pad modes edge, reflect, wrap and constant.
-- ==
-- entry: near
-- input { [1i32, 2i32, 3i32, 4i32, 5i32] }
-- output { [211i32, 321i32, 432i32, 543i32, 554i32] [212i32, 321i32, 432i32, 543i32, 454i32] [215i32, 321i32, 432i32, 543i32, 154i32] [203i32, 321i32, 432i32, 543i32, -646i32] }
-- input { empty([0]i32) }
-- output { empty([0]i32) empty([0]i32) empty([0]i32) empty([0]i32) }
-- input { [42i32] }
-- output { [4662i32] [4662i32] [4662i32] [-287i32] }
-- input { [3i32, -4i32] }
-- output { [-367i32, -437i32] [-374i32, 263i32] [-374i32, 263i32] [-377i32, -737i32] }
-- input { [5i32, 9i32, -2i32, 7i32, 1i32, 0i32, 8i32] }
-- output { [955i32, -105i32, 689i32, 168i32, 17i32, 801i32, 880i32] [959i32, -105i32, 689i32, 168i32, 17i32, 801i32, 80i32] [958i32, -105i32, 689i32, 168i32, 17i32, 801i32, 580i32] [943i32, -105i32, 689i32, 168i32, 17i32, 801i32, -620i32] }

-- ==
-- entry: far
-- input { [1i32, 2i32, 3i32, 4i32, 5i32] }
-- output { [5011i32, 5011i32, 5011i32, 5021i32, 5031i32] [5034i32, 4025i32, 3014i32, 2023i32, 1032i32] [5041i32, 1052i32, 2013i32, 3024i32, 4035i32] [4923i32, -7077i32, -6997i32, -6987i32, -6977i32] }
-- input { empty([0]i32) }
-- output { empty([0]i32) empty([0]i32) empty([0]i32) empty([0]i32) }
-- input { [42i32] }
-- output { [42462i32] [42462i32] [42462i32] [-7077i32] }
-- input { [3i32, -4i32] }
-- output { [-3967i32, -3967i32] [3026i32, -4037i32] [3026i32, -4037i32] [-7077i32, -7077i32] }

def weigh (at: i64 -> i32) : i32 = at (-1) + 10 * at 0 + 100 * at 1

entry near (xs: []i32) =
  (stencil_1d #clamp weigh xs, stencil_1d #mirror weigh xs,
   stencil_1d #wrap weigh xs, stencil_1d (#constant (-7)) weigh xs)

entry far (xs: []i32) =
  let f (at: i64 -> i32) = at (-5) + 1000 * at 4 + 10 * at (-2)
  in (stencil_1d #clamp f xs, stencil_1d #mirror f xs, stencil_1d #wrap f xs,
      stencil_1d (#constant (-7)) f xs)

-- Elements and results of other types: pairs in, a bool out (a local maximum), and a
-- boundary constant that is a pair.
-- ==
-- entry: peaks
-- input { [1, 5, 2, 2, 8] [0f32, 1f32, 0f32, 0f32, 1f32] }
-- output { [false, true, false, false, true] [0.5f32, 0f32, 0.5f32, 0.5f32, 0f32] }
-- input { empty([0]i32) empty([0]f32) } output { empty([0]bool) empty([0]f32) }

entry peaks [n] (xs: [n]i32) (ws: [n]f32) : ([n]bool, [n]f32) =
  let ps = zip xs ws
  let peak (at: i64 -> (i32, f32)) = (at 0).0 > (at (-1)).0 && (at 0).0 > (at 1).0
  let avg (at: i64 -> (i32, f32)) = ((at (-1)).1 + (at 1).1) / 2
  in (stencil_1d (#constant (i32.lowest, 0)) peak ps, stencil_1d (#constant (0, 0)) avg ps)
