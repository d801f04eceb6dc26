// The skim built for any processor: SSE2 on x86-64, byte by byte elsewhere.

#define SKIM_WIDE 0
#include "skim_lexer.h"

int oplint_skim_portable(const uint8_t *bytes, size_t count, int is_swift, struct word_sink *sink) {
    return skim(bytes, count, is_swift, sink);
}
