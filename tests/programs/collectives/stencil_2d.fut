-- stencil_2d (Loom's prelude, docs/language.md) in each boundary mode: a weight per
-- offset (1, 10, 100, 1000 for up, down, left, right, 10000 for up-left, 3 for the
-- centre) tells which element each read took.  One row, one column, one element,
-- empty grids.  Expected values from NumPy's pad modes edge, reflect, wrap, constant.
-- ==
-- entry: modes
-- input { [[1i32, 2i32, 3i32, 4i32], [5i32, 6i32, 7i32, 8i32], [9i32, 10i32, 11i32, 12i32]] }
-- output { [[12154i32, 13168i32, 24282i32, 34396i32], [16606i32, 17620i32, 28734i32, 38848i32], [61022i32, 62036i32, 73150i32, 83264i32]] [[62258i32, 53172i32, 64286i32, 73400i32], [26706i32, 17620i32, 28734i32, 37848i32], [71082i32, 61996i32, 73110i32, 82224i32]] [[122462i32, 93176i32, 104290i32, 111404i32], [46906i32, 17620i32, 28734i32, 35848i32], [91242i32, 61956i32, 73070i32, 80184i32]] [[-68654i32, -66841i32, -65728i32, -76615i32], [-64594i32, 17620i32, 28734i32, 23848i32], [-60738i32, 61866i32, 72970i32, 64074i32]] }
-- input { [[4i32]] }
-- output { [[44456i32]] [[44456i32]] [[44456i32]] [[-77765i32]] }
-- input { [[1i32, -2i32, 3i32]] }
-- output { [[8114i32, 13072i32, -17158i32]] [[-22186i32, 13072i32, -22158i32]] [[28314i32, 13072i32, -19158i32]] [[-72774i32, -66983i32, -77268i32]] }
-- input { [[2i32], [5i32]] }
-- output { [[22258i32], [25567i32]] [[52261i32], [25537i32]] [[52261i32], [25537i32]] [[-77651i32], [-77753i32]] }
-- input { [[3i32, 1i32], [4i32, 1i32], [5i32, 9i32], [2i32, 6i32]] }
-- output { [[31352i32, 31314i32], [31465i32, 31494i32], [49539i32, 49588i32], [56231i32, 56287i32]] [[11153i32, 43314i32], [11165i32, 34494i32], [19939i32, 45588i32], [96661i32, 52317i32]] [[61151i32, 23319i32], [11165i32, 34494i32], [19939i32, 45588i32], [96641i32, 52237i32]] [[-69658i32, -76694i32], [-69635i32, 23494i32], [-61661i32, 33588i32], [-64759i32, 43157i32]] }
-- input { empty([0][3]i32) }
-- output { empty([0][3]i32) empty([0][3]i32) empty([0][3]i32) empty([0][3]i32) }
-- input { empty([2][0]i32) }
-- output { empty([2][0]i32) empty([2][0]i32) empty([2][0]i32) empty([2][0]i32) }

def weigh (at: (i64, i64) -> i32) : i32 =
  at (-1, 0) + 10 * at (1, 0) + 100 * at (0, -1) + 1000 * at (0, 1) + 10000 * at (-1, -1)
  + 3 * at (0, 0)

entry modes (g: [][]i32) =
  (stencil_2d #clamp weigh g, stencil_2d #mirror weigh g, stencil_2d #wrap weigh g,
   stencil_2d (#constant (-7)) weigh g)

-- Ten steps of the 5-point Jacobi average with clamped edges, as
-- benchmarks/stencil.fut writes it by hand: the same sums.
-- ==
-- entry: jacobi
-- input { 1i32 [[0f32, 0f32, 0f32], [0f32, 5f32, 0f32], [0f32, 0f32, 0f32]] }
-- output { [[0f32, 1f32, 0f32], [1f32, 1f32, 1f32], [0f32, 1f32, 0f32]] }
-- input { 10i32 [[1f32, 2f32, 3f32, 4f32], [5f32, 6f32, 7f32, 8f32]] }
-- output { [[4.0688004f32, 4.314309f32, 4.6615067f32, 4.9070153f32], [4.092987f32, 4.3384957f32, 4.6856933f32, 4.9312015f32]] }

entry jacobi [n] [m] (steps: i32) (grid: [n][m]f32) : [n][m]f32 =
  loop g = grid for _i < steps do
    stencil_2d #clamp (\at -> (at (0, 0) + at (-1, 0) + at (1, 0) + at (0, -1) + at (0, 1)) * 0.2) g
