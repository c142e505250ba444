-- Stream compaction: the f32 values above a threshold, in their order (a filter: each
-- value's place is the count of kept values before it; about half are kept).
-- ==
-- nobench input { [0.25f32, 0.75f32, 0.5f32, 0.9f32] }
-- output { [0.75f32, 0.9f32] }
-- nobench input { empty([0]f32) }
-- output { empty([0]f32) }
-- notest random input { [10000000]f32 }

entry main (xs: []f32) : []f32 = filter (\x -> x > 0.5) xs
