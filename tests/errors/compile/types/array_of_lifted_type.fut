-- Lifted types cannot be put in arrays (Futhark's reference): a size-lifted one may
-- hide sizes that differ between rows, a fully lifted one may hold a function.
-- ==
-- error: Lifted types cannot be put in arrays: `opt` may hide sizes \(declared with `~`\)
type~ opt = #none | #some ([]i32)
def main (x: i32) : []opt = [#some [x], #none]
