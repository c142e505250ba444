-- Sobol quasi-random points from Joe-Kuo direction numbers via Gray-code XOR (popc/clz bit loops) and an XOR scan (ctz), used for quasi-Monte Carlo integration; u32 and f64.
-- ==
-- entry: direction_numbers
-- "first dimension (degree 0)"
-- input { 0u32 empty([0]u32) }
-- output { [2147483648u32, 1073741824u32, 536870912u32, 268435456u32, 134217728u32, 67108864u32, 33554432u32, 16777216u32, 8388608u32, 4194304u32, 2097152u32, 1048576u32, 524288u32, 262144u32, 131072u32, 65536u32, 32768u32, 16384u32, 8192u32, 4096u32, 2048u32, 1024u32, 512u32, 256u32, 128u32, 64u32, 32u32, 16u32, 8u32, 4u32, 2u32, 1u32] }
-- "second dimension, x + 1"
-- input { 0u32 [1u32] }
-- output { [2147483648u32, 3221225472u32, 2684354560u32, 4026531840u32, 2281701376u32, 3422552064u32, 2852126720u32, 4278190080u32, 2155872256u32, 3233808384u32, 2694840320u32, 4042260480u32, 2290614272u32, 3435921408u32, 2863267840u32, 4294901760u32, 2147516416u32, 3221274624u32, 2684395520u32, 4026593280u32, 2281736192u32, 3422604288u32, 2852170240u32, 4278255360u32, 2155905152u32, 3233857728u32, 2694881440u32, 4042322160u32, 2290649224u32, 3435973836u32, 2863311530u32, 4294967295u32] }
-- "third dimension"
-- input { 1u32 [1u32, 3u32] }
-- output { [2147483648u32, 3221225472u32, 1610612736u32, 2415919104u32, 3892314112u32, 1543503872u32, 2382364672u32, 3305111552u32, 1753219072u32, 2629828608u32, 3999268864u32, 1435500544u32, 2154299392u32, 3231449088u32, 1626210304u32, 2421489664u32, 3900735488u32, 1556135936u32, 2388680704u32, 3314585600u32, 1751705600u32, 2627492864u32, 4008611328u32, 1431684352u32, 2147543168u32, 3221249216u32, 1610649184u32, 2415969680u32, 3892340840u32, 1543543964u32, 2382425838u32, 3305133397u32] }
-- "seventh dimension"
-- input { 4u32 [1u32, 3u32, 5u32, 13u32] }
-- output { [2147483648u32, 3221225472u32, 2684354560u32, 3489660928u32, 1476395008u32, 2483027968u32, 1040187392u32, 3808428032u32, 3196059648u32, 599785472u32, 505413632u32, 4077912064u32, 1182269440u32, 1736704000u32, 2017853440u32, 2221342720u32, 3329785856u32, 2810494976u32, 3628507136u32, 1416089600u32, 2658719744u32, 864310272u32, 3863387648u32, 3076993792u32, 553150080u32, 272922560u32, 4167467040u32, 1148698640u32, 1719673080u32, 2009075780u32, 2149644390u32, 3222291575u32] }
-- "eighth dimension"
-- input { 2u32 [1u32, 1u32, 5u32, 5u32, 17u32] }
-- output { [2147483648u32, 1073741824u32, 2684354560u32, 1342177280u32, 2281701376u32, 603979776u32, 301989888u32, 754974720u32, 1988100096u32, 2654994432u32, 136314880u32, 1678770176u32, 2988965888u32, 2098462720u32, 4272029696u32, 3125346304u32, 438599680u32, 1226522624u32, 3300237312u32, 3816001536u32, 4135585792u32, 3728737280u32, 2820672000u32, 873465088u32, 975702144u32, 1494483520u32, 3970040096u32, 2538144464u32, 1822721896u32, 3613084132u32, 3432358018u32, 2271450689u32] }
-- entry: points
-- "8 points in 3-D"
-- input { 8i64 3i64 }
-- output { [[0.0f64, 0.0f64, 0.0f64], [0.5f64, 0.5f64, 0.5f64], [0.75f64, 0.25f64, 0.25f64], [0.25f64, 0.75f64, 0.75f64], [0.375f64, 0.375f64, 0.625f64], [0.875f64, 0.875f64, 0.125f64], [0.625f64, 0.125f64, 0.875f64], [0.125f64, 0.625f64, 0.375f64]] }
-- "5 points in 8-D"
-- input { 5i64 8i64 }
-- output { [[0.0f64, 0.0f64, 0.0f64, 0.0f64, 0.0f64, 0.0f64, 0.0f64, 0.0f64], [0.5f64, 0.5f64, 0.5f64, 0.5f64, 0.5f64, 0.5f64, 0.5f64, 0.5f64], [0.75f64, 0.25f64, 0.25f64, 0.25f64, 0.75f64, 0.75f64, 0.25f64, 0.75f64], [0.25f64, 0.75f64, 0.75f64, 0.75f64, 0.25f64, 0.25f64, 0.75f64, 0.25f64], [0.375f64, 0.375f64, 0.625f64, 0.875f64, 0.375f64, 0.125f64, 0.375f64, 0.875f64]] }
-- "one point"
-- input { 1i64 4i64 }
-- output { [[0.0f64, 0.0f64, 0.0f64, 0.0f64]] }
-- "no points"
-- input { 0i64 2i64 }
-- output { empty([0][2]f64) }
-- "zero dimensions"
-- input { 4i64 0i64 }
-- output { empty([4][0]f64) }
-- entry: raw_scan
-- "16 points in 2-D"
-- input { 16i64 2i64 }
-- output { [[0u32, 2147483648u32, 3221225472u32, 1073741824u32, 1610612736u32, 3758096384u32, 2684354560u32, 536870912u32, 805306368u32, 2952790016u32, 4026531840u32, 1879048192u32, 1342177280u32, 3489660928u32, 2415919104u32, 268435456u32], [0u32, 2147483648u32, 1073741824u32, 3221225472u32, 1610612736u32, 3758096384u32, 536870912u32, 2684354560u32, 1342177280u32, 3489660928u32, 268435456u32, 2415919104u32, 805306368u32, 2952790016u32, 1879048192u32, 4026531840u32]] }
-- "6 points in 8-D"
-- input { 6i64 8i64 }
-- output { [[0u32, 2147483648u32, 3221225472u32, 1073741824u32, 1610612736u32, 3758096384u32], [0u32, 2147483648u32, 1073741824u32, 3221225472u32, 1610612736u32, 3758096384u32], [0u32, 2147483648u32, 1073741824u32, 3221225472u32, 2684354560u32, 536870912u32], [0u32, 2147483648u32, 1073741824u32, 3221225472u32, 3758096384u32, 1610612736u32], [0u32, 2147483648u32, 3221225472u32, 1073741824u32, 1610612736u32, 3758096384u32], [0u32, 2147483648u32, 3221225472u32, 1073741824u32, 536870912u32, 2684354560u32], [0u32, 2147483648u32, 1073741824u32, 3221225472u32, 1610612736u32, 3758096384u32], [0u32, 2147483648u32, 3221225472u32, 1073741824u32, 3758096384u32, 1610612736u32]] }
-- "one point"
-- input { 1i64 1i64 }
-- output { [[0u32]] }
-- "no points"
-- input { 0i64 3i64 }
-- output { empty([3][0]u32) }
-- entry: integrate
-- "64 points in 2-D"
-- input { 64i64 2i64 }
-- output { 1.0f64 0.9852543917589185f64 0u32 }
-- "1000 points in 5-D"
-- input { 1000i64 5i64 }
-- output { 1.000616067010692f64 0.9971630772014614f64 0u32 }
-- "256 points in 8-D"
-- input { 256i64 8i64 }
-- output { 1.007394926446957f64 0.9748220961361523f64 0u32 }
-- "only the origin"
-- input { 1i64 3i64 }
-- output { 4.0f64 0.19711369912013166f64 0u32 }
-- "no points"
-- input { 0i64 4i64 }
-- output { 0.0f64 0.0f64 0u32 }

-- Direction numbers v[0..31] of one Sobol dimension from a primitive
-- polynomial of degree s with inner coefficient bits a and odd initial
-- numbers m[0..s-1] (Joe-Kuo recurrence); s = 0 is the first dimension.
def directions [s] (a: u32) (m: [s]u32) : [32]u32 =
  let v0 = tabulate 32 (\k -> if s == 0 then 1u32 << u32.i64 (31 - k)
                              else if k < s then m[k] << u32.i64 (31 - k)
                              else 0)
  in if s == 0 then v0
     else loop v = v0 for k in s..<32 do
            let x = v[k - s] ^ (v[k - s] >> u32.i64 s)
            let x = loop x for j in 1..<s do
                      x ^ (((a >> u32.i64 (s - 1 - j)) & 1) * v[k - j])
            in v with [k] = x

-- Built-in table for dimensions 1..8 (degree, coefficients, m padded to 5).
def table : [8](i64, u32, [5]u32) =
  [(0, 0, [0, 0, 0, 0, 0]), (1, 0, [1, 0, 0, 0, 0]), (2, 1, [1, 3, 0, 0, 0]),
   (3, 1, [1, 3, 1, 0, 0]), (3, 2, [1, 1, 1, 0, 0]), (4, 1, [1, 1, 3, 3, 0]),
   (4, 4, [1, 3, 5, 13, 0]), (5, 2, [1, 1, 5, 5, 17])]

def dim_directions (d: i64) : [d][32]u32 =
  map (\(s, a, m) -> directions a m[:s]) (take d table)

-- ctz through clz of the lowest set bit.
def ctz32 (x: u32) : i32 = 31 - u32.clz (x & (0 - x))

-- Point i directly: XOR of the direction numbers at the set bits of the Gray
-- code of i, visiting only the popc(g) set bits.
def sobol_direct (v: [32]u32) (i: i64) : u32 =
  let g = u32.i64 i ^ (u32.i64 i >> 1)
  let (x, _) = loop (x, g) = (0u32, g) for _j < u32.popc g do
                 (x ^ v[i64.i32 (ctz32 g)], g & (g - 1))
  in x

-- All points at once: point i+1 = point i XOR v[ctz(i+1)], i.e. an XOR scan.
def sobol_scan (n: i64) (v: [32]u32) : [n]u32 =
  tabulate n (\i -> if i == 0 then 0 else v[i64.i32 (u32.ctz (u32.i64 i))])
  |> scan (^) 0

def to_unit (x: u32) : f64 = f64.u32 x / 4294967296

entry direction_numbers [s] (a: u32) (m: [s]u32) : [32]u32 = directions a m

-- The first n points in d <= 8 dimensions, in [0,1).
entry points (n: i64) (d: i64) : [n][d]f64 =
  let vs = dim_directions d
  in tabulate_2d n d (\i k -> to_unit (sobol_direct vs[k] i))

-- The same points as raw integers, dimension-major, via the XOR scan.
entry raw_scan (n: i64) (d: i64) : [d][n]u32 =
  map (sobol_scan n) (dim_directions d)

-- Quasi-Monte Carlo estimates over [0,1]^d of two integrands whose exact
-- integral is 1: Sobol's g-function prod (|4x-2| + k)/(1 + k), and
-- prod e^x / (e - 1).  Also the largest disagreement between the direct and
-- the scan construction.
entry integrate (n: i64) (d: i64) : (f64, f64, u32) =
  let vs = dim_directions d
  let pts = transpose (map (sobol_scan n) vs)
  let g (x: [d]f64) = f64.product (map2 (\xk k -> (f64.abs (4 * xk - 2) + f64.i64 k) / (1 + f64.i64 k))
                                        x (indices x))
  let e (x: [d]f64) = f64.product (map (\xk -> f64.exp xk / (f64.e - 1)) x)
  let xs = map (map to_unit) pts
  let mean f = if n == 0 then 0 else f64.sum (map f xs) / f64.i64 n
  let direct = tabulate_2d n d (\i k -> sobol_direct vs[k] i)
  let diff = map2 (map2 (^)) direct pts |> flatten |> reduce (|) 0
  in (mean g, mean e, diff)
