-- An entry point may not return a function that takes a function: its parameters
-- cannot become the entry point's.
-- ==
-- error: Entry point functions may not be higher-order

entry apply_to (y: i32) : (i32 -> i32) -> i32 = \f -> f y
