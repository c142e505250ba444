-- to_bits and from_bits expose the IEEE representation.
-- ==
-- input { 1.0f32 1.0 } output { 1065353216u32 4607182418800017408u64 -1.0f32 2.0 }
def main (x: f32) (y: f64) =
  (f32.to_bits x, f64.to_bits y, f32.from_bits 3212836864u32, f64.from_bits 4611686018427387904u64)
