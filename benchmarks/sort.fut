-- Sorting 32-bit integers with the prelude's radix_sort_int (docs/language.md): each
-- element's bits gathered into a u32, then radix_sort_with's passes of 8 bits.
-- ==
-- nobench input { [3, -1, 2, -7, 0, 2147483647, -2147483648] }
-- output { [-2147483648, -7, -1, 0, 2, 3, 2147483647] }
-- notest random input { [10000000]i32 }

entry main (xs: []i32) : []i32 = radix_sort_int i32.num_bits i32.get_bit xs
