-- `output @ file` reads the expected values from a file, like `input @ file`.
-- ==
-- input @ output_at_file.in output @ output_at_file.out
entry main (xs: []u64) = map (+1) xs
