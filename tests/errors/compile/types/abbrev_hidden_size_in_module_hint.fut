-- A type abbreviation hiding a size, declared in a module with a type parameter: the
-- hint writes the declaration as it can be written there (its own name, its parameter),
-- not the module's qualified name.
-- ==
-- error: `c` hides a size \(write `type~ c 'a`, or give the size a parameter: `type c \[n\] 'a = \[n\]\.\.\.`\)

module list = {
  type c 'a = []a
}

entry main (x: i32) = x
