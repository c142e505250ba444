-- Updating a non-unique parameter in place.
-- ==
-- error: Would consume .*, which is not consumable

def main (a: []i32) = let a[0] = 1 in a
