-- Only a tuple parameter's unique component may be returned as unique: the other is
-- the caller's array.
-- ==
-- error: Unique-typed return value of `f` is aliased to `p`, which is not consumable

def f (p: (*[]i32, []i32)) : *[]i32 = p.1
