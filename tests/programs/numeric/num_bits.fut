-- num_bits of several types.
-- ==
-- input {} output { 8 16 32 64 8 64 16 32 64 }
def main = (i8.num_bits, i16.num_bits, i32.num_bits, i64.num_bits,
            u8.num_bits, u64.num_bits, f16.num_bits, f32.num_bits, f64.num_bits)
