-- A type abbreviation that hides a size (`[]`, also in a sum type's payload, or through
-- a `type~` it uses) must be declared `type~`, or name the size as a parameter.
-- ==
-- error: Non-lifted type abbreviations may not use anonymous or existential sizes: `opt`

type~ vec = []i32
type opt = #none | #some vec
def main (x: i32) = x
