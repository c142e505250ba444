-- Maps of scans over rows (segmented scans): on the GPU, a warp per row when rows have
-- 32 elements or more (lanes scan contiguous chunks, then combine the warp's prefixes
-- in order, so operators need not be commutative), else a thread per row.  Integer
-- checksums of whole results: any misplaced or misordered element changes them.
-- ==
-- entry: sums
-- input { 0i64 40i64 } output { 0i64 }
-- input { 3i64 0i64 } output { 0i64 }
-- input { 5i64 7i64 } output { 583i64 }
-- input { 9i64 33i64 } output { 1063i64 }
-- input { 4i64 1000i64 } output { -685759i64 }

def rows (n: i64) (m: i64) : [n][m]i32 =
  tabulate_2d n m (\i j -> i32.i64 ((i * 31 + j * 7 + i * j) % 23) - 11)

def checksum [n] [m] (g: [n][m]i64) : i64 =
  reduce (+) 0 (map2 (\x k -> x * (k % 97 + 1)) (flatten g) (iota (n * m) :> [n * m]i64))

entry sums (n: i64) (m: i64) : i64 =
  checksum (map (\r -> scan (+) 0 (map i64.i32 r)) (rows n m))

-- ==
-- entry: affine
-- input { 2i64 5i64 } output { 54990946i64 }
-- input { 3i64 70i64 } output { 4961830322i64 }

-- (a, b) . (c, d) = (a * d + c, b * d) modulo 1000003: associative, not commutative
entry affine (n: i64) (m: i64) : i64 =
  let op (a: i64, b: i64) (c: i64, d: i64) = ((a * d + c) % 1000003, (b * d) % 1000003)
  in checksum (map (\r -> map (.0) (scan op (0, 1) (map (\x -> (i64.i32 x, 3)) r))) (rows n m))

-- The same rows whole (a perfect nest: the scan's results are the map's).
-- ==
-- entry: affine_rows
-- input { 2i64 40i64 } output { [[998i64, 972i64, 901i64, 695i64, 61i64, 184i64, 560i64, 663i64, 979i64, 925i64, 747i64, 220i64, 664i64, 994i64, 959i64, 861i64, 574i64, 706i64, 100i64, 307i64, 912i64, 716i64, 135i64, 394i64, 169i64, 510i64, 531i64, 578i64, 726i64, 168i64, 496i64, 478i64, 431i64, 274i64, 819i64, 443i64, 331i64, 988i64, 948i64, 835i64], [1006i64, 1005i64, 987i64, 941i64, 811i64, 406i64, 208i64, 631i64, 876i64, 610i64, 829i64, 462i64, 378i64, 134i64, 396i64, 181i64, 553i64, 645i64, 929i64, 780i64, 318i64, 958i64, 845i64, 514i64, 538i64, 595i64, 774i64, 310i64, 921i64, 744i64, 221i64, 655i64, 956i64, 858i64, 549i64, 639i64, 917i64, 727i64, 165i64, 505i64]] [[3i64, 9i64, 27i64, 81i64, 243i64, 729i64, 169i64, 507i64, 512i64, 527i64, 572i64, 707i64, 103i64, 309i64, 927i64, 763i64, 271i64, 813i64, 421i64, 254i64, 762i64, 268i64, 804i64, 394i64, 173i64, 519i64, 548i64, 635i64, 896i64, 670i64, 1001i64, 985i64, 937i64, 793i64, 361i64, 74i64, 222i64, 666i64, 989i64, 949i64], [3i64, 9i64, 27i64, 81i64, 243i64, 729i64, 169i64, 507i64, 512i64, 527i64, 572i64, 707i64, 103i64, 309i64, 927i64, 763i64, 271i64, 813i64, 421i64, 254i64, 762i64, 268i64, 804i64, 394i64, 173i64, 519i64, 548i64, 635i64, 896i64, 670i64, 1001i64, 985i64, 937i64, 793i64, 361i64, 74i64, 222i64, 666i64, 989i64, 949i64]] }

entry affine_rows (n: i64) (m: i64) : ([n][m]i64, [n][m]i64) =
  let op (a: i64, b: i64) (c: i64, d: i64) = ((a * d + c) % 1009, (b * d) % 1009)
  in unzip (map (\r -> unzip (scan op (0, 1) (map (\x -> (i64.i32 x, 3)) r))) (rows n m))
