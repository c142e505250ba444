-- A `local` definition of an imported file is not visible to the importer.
-- ==
-- error: Unknown name `hidden`

import "../../../programs/modules/lib/geometry"
def main (x: i32) = x + hidden
