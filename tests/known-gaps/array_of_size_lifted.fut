-- Futhark: "Lifted types cannot be put in arrays", a size-lifted one included.
-- Loom: accepted, each row's sizes checked at run time (docs/language.md).
-- ==
-- error: [Ll]ifted
type~ opt = #none | #some ([]i32)
def main (x: i32) : []opt = [#some [x], #none]
