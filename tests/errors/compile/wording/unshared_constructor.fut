-- A constructor that is not part of the declared sum type.
-- ==
-- error: Unshared constructors: #just

def main (x: bool) : (#some bool | #none) = #just x
