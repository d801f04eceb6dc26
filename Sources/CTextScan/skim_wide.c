// The skim built for x86-64 processors with AVX2 (`oplint_skim_source` asks the processor
// before it calls it); not built elsewhere.

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))

#include <immintrin.h>

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2,bmi,bmi2,popcnt"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2,bmi,bmi2,popcnt")
#endif

#define SKIM_WIDE 1
#include "skim_lexer.h"

int oplint_skim_wide(const uint8_t *bytes, size_t count, int is_swift, struct word_sink *sink) {
    return skim(bytes, count, is_swift, sink);
}

#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

#endif
