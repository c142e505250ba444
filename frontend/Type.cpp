// STUB: replaced by the type checker work (issue #4).
#include "frontend/Type.h"
