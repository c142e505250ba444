-- `import` of a file that is not there names the file it looked for.
-- ==
-- error: cannot import "no_such_file": there is no file .*no_such_file.fut

import "no_such_file"
def main (x: i32) = x
