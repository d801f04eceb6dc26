#ifndef OPLINT_LIBSIMDJSON_SHIM_H
#define OPLINT_LIBSIMDJSON_SHIM_H
// simdjson is a C++ library: CSimdJSON includes it and gives Swift a C interface.
#ifdef __cplusplus
#include <simdjson.h>
#endif
#endif
