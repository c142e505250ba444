-- A foreign C function of scalars (benchmarks/foreign.h: 64 steps of the logistic map)
-- in a map: the cpu backend pastes the C into the kernel, where it is inlined and
-- vectorised like Loom's own code; the C++ baseline is the same loop written in place.
-- ==
-- nobench input { [0.1f32, 0.5f32, 0.9f32] }
-- output { [0.6f32, 0.6f32, 0.6f32] }
-- notest random input { [10000000]f32 }

foreign "foreign.h" def logistic (r: f32) (x: f32): f32

entry main [n] (xs: [n]f32) : [n]f32 = map (logistic 2.5) xs
