// STUB: replaced by the driver work (issue #4).
#include "interpreter/Interpreter.h"
