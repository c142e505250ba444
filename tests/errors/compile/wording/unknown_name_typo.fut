-- An unknown name a typo away from names in scope (a local, a prelude function)
-- names them, after Futhark's own words.
-- ==
-- error: Unknown name `lenght`: did you mean `length`\?

def main (values: []i32) = lenght values
