-- The float modules have no `//` or `%%` (Futhark's `float` module type has neither).
-- ==
-- error: f64\.%%

def main (x: f64) = x f64.%% 2
