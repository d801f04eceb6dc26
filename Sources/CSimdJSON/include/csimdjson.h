#ifndef OPLINT_CSIMDJSON_H
#define OPLINT_CSIMDJSON_H
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif
/// The number of zero bytes simdjson needs after the input.
size_t csj_padding(void);
#ifdef __cplusplus
}
#endif
#endif
