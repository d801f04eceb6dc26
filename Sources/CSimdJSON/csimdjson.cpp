#include "csimdjson.h"
#include <simdjson.h>

extern "C" size_t csj_padding(void) { return simdjson::SIMDJSON_PADDING; }
