-- A local a transposition away is suggested too.
-- ==
-- error: Unknown name `vaules`: did you mean `values`\?

def main (values: []i32) = i32.sum vaules
