-- An entry point may not return a tuple holding a function.
-- ==
-- error: Entry point functions may not be higher-order

entry pair (y: i32) = (y, \x -> x + y)
