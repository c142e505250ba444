-- Sorting 32-bit integers with the prelude's radix_sort_int (docs/language.md): a bit a
-- pass, each a scan and a scatter.
-- ==
-- nobench input { [3, -1, 2, -7, 0, 2147483647, -2147483648] }
-- output { [-2147483648, -7, -1, 0, 2, 3, 2147483647] }
-- notest random input { [10000000]i32 }

entry main (xs: []i32) : []i32 = radix_sort_int i32.num_bits i32.get_bit xs
