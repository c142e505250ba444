-- `structure` blocks (futhark test's): how many of each construct the optimised IR has,
-- checked by `loom test` with a compiled backend (`-s`: alone).  A key counts the
-- paths it ends: `Screma/BinOp` a BinOp directly in a Screma's lambdas, `/Map` an
-- outermost map only.  Qualified blocks (`structure gpu`) are Futhark's: skipped.
-- ==
-- entry: mapmap
-- input { [1, 2, 3] } output { [4, 6, 8] }
-- structure { Screma 1 Map 0 Screma/BinOp 2 }
-- structure gpu { SegMap 1 }

-- A producer with two consumers: computed once (three BinOps, not four).
-- ==
-- entry: shared
-- input { [1, 2, 3] } output { 12 [3, 5, 7] }
-- structure { Screma 1 Map 0 Screma/BinOp 3 }

-- A map inside a loop stays there.
-- ==
-- entry: loopmap
-- input { [1, 2, 3] 2i64 } output { [5, 6, 7] }
-- structure { Loop 1 Loop/Map 1 /Map 0 Map 1 }

-- The maps making a histogram's indices and values fuse into it.
-- ==
-- entry: histo
-- input { [0i64, 1i64, 1i64, 5i64] } output { [1, 4, 0] }
-- structure { Hist 1 Map 0 Hist/Convert 1 }

entry mapmap (xs: []i32) = map (*2) (map (+1) xs)
entry shared (xs: []i32) = let ys = map (*2) xs in (i32.sum ys, map (+1) ys)
entry loopmap (xs: []i32) (n: i64) = loop xs for _i < n do map (+2) xs
entry histo (is: []i64) = hist (+) 0 3 is (map (\i -> i32.i64 i + 1) is)
