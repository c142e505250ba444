-- A fully lifted abbreviation may be a function: no arrays of it.
-- ==
-- error: Lifted types cannot be put in arrays: `fn` may hold a function \(declared with `\^`\)
type^ fn = i32 -> i32
def main (fs: []fn) = length fs
