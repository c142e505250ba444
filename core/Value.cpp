// STUB: replaced by the values work (issue #4).
#include "core/Value.h"
